"""The History page by competition (issue 33) and the Star Players' careers (issue 32), over the demo league: its
league fixtures and its Spike! Magazine Cup, part-played, and a game played with a Star Player."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from roster_app.queries import history
from roster_app.queries import season as sq
from tests.helpers import show_league

CUP = "Spike! Magazine Cup"


@pytest.fixture
def demo_history(qtbot, window, demo_league_file):
    view = show_league(qtbot, window, demo_league_file)
    view.show_page(view.history_page)
    # the records are read once the page is painted (issue 40): the commissioner sees them appear
    qtbot.waitUntil(lambda: view.history_page.records_model.rowCount() > 0)
    return view.history_page


def _choose(qtbot, combo, text):
    """Choose an item of a combo box by the keyboard, as a commissioner does."""
    combo.setFocus()
    index = combo.findText(text)
    assert index >= 0, [combo.itemText(i) for i in range(combo.count())]
    while combo.currentIndex() != index:
        qtbot.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up)


def test_the_history_page_shows_one_competitions_season_and_records(qtbot, demo_history):
    page = demo_history
    db = page.session.db
    combo = page.competition_choice
    assert [combo.itemText(i) for i in range(combo.count())] == ["Every game", "League fixtures", CUP]
    every_game = {r.key: r.value for r in page.records_model.rows()}
    _choose(qtbot, combo, CUP)
    cup_rows = list(page.table_model.rows())
    assert len(cup_rows) == 4 and [r.position for r in cup_rows][:2] == [1, 1]  # the semi-finals' winners
    assert sum(r.played for r in cup_rows) == 4  # two semi-finals played, the final not yet
    season = page.season_choice.currentData()
    assert season == sq.current_season(db)
    assert page.summary.text() == f"{CUP}, season {season}: 2 matches played."
    rounds = [page.round_choice.itemText(i) for i in range(page.round_choice.count())]
    assert rounds == ["The whole season", "After round 4"]  # the cup's semi-finals were round 4
    cup_records = {r.key: r for r in page.records_model.rows()}
    assert "transfer" not in cup_records and "contract" not in cup_records
    assert cup_records["touchdowns_game"].value <= every_game["touchdowns_game"]
    semis = [f for f in sq.fixtures(db) if f.competition == CUP and f.played]
    from sqlalchemy import func, select

    from roster_app.store.models import MatchPlayer

    with db.read() as session:  # the best line of the cup's games, read directly
        best = session.scalar(select(func.max(MatchPlayer.touchdowns))
                              .where(MatchPlayer.match_id.in_([f.id for f in semis])))  # fmt: skip
    assert cup_records["touchdowns_game"].value == best and cup_records["touchdowns_game"].detail.endswith(
        "round 4"
    )
    _choose(qtbot, combo, "League fixtures")
    assert [r.id for r in page.table_model.rows()] == [r.id for r in sq.league_table(db)]
    assert page.story.matches == sum(f.played for f in sq.fixtures(db) if f.stage == "league")
    assert rounds != [page.round_choice.itemText(i) for i in range(page.round_choice.count())]
    page.select_round(2)
    assert page.competition().key == "league" and page.story.upto_round == 2
    assert page.summary.text().startswith(f"League fixtures, season {season}, as it stood after round 2: ")
    _choose(qtbot, combo, "Every game")
    assert page.competition() is None and page.summary.text().startswith(
        f"Season {season} as it stood after round 2"
    )
    page.resize(1366, 768)
    _choose(qtbot, combo, CUP)
    assert page.grab().save("/tmp/history_cup.png")


def test_the_star_players_careers_are_in_the_leagues_history(qtbot, demo_history):
    page = demo_history
    db = page.session.db
    from roster_app.queries.freebooters import star_careers

    [career] = star_careers(db).values()
    tab = page.tabs.indexOf(page.stars_view)
    assert page.tabs.tabText(tab) == "Star Players"
    bar = page.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tab).center())
    assert page.tabs.currentWidget() is page.stars_view
    [row] = page.stars_model.rows()
    model = page.stars_model
    cells = [model.index(0, c).data() for c in range(model.columnCount())]
    assert cells[:6] == [career.name, career.teams[0], 1, career.touchdowns, career.casualties, career.mvps]
    game = career.games[0]
    assert cells[6] == f"Season {game.season}, round {game.round}: {game.team} v {game.opponent}"
    tip = model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert f"{game.team} v {game.opponent}: {game.touchdowns} TD, {game.casualties} Cas" in tip
    in_league = any(f.id == game.match_id and f.stage == "league" for f in sq.fixtures(db))
    _choose(qtbot, page.competition_choice, CUP if in_league else "League fixtures")
    assert page.stars_model.rowCount() == 0  # the star played no game of that competition
    _choose(qtbot, page.competition_choice, "League fixtures" if in_league else CUP)
    assert page.stars_model.rowCount() == 1
    page.resize(1366, 768)
    assert page.grab().save("/tmp/history_stars.png")
    assert history.competition_choices(db)[0] == history.LEAGUE_CHOICE
