"""Careers reached from every table where a player, team or referee appears (ui/careers/links.py): each table's
right-click action opens the career window of its row, and a double-click does where it edits nothing."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.helpers import player_id, show_league
from ui.careers.windows import PlayerCareerDialog, RefereeCareerDialog, TeamTimelineDialog


@pytest.fixture(scope="module")
def story_file(history_file, tmp_path_factory):
    """The two seasons of tests/history_helpers.py, and season 3's first game played (the Season page's tables)."""
    from roster_app.queries import season as sq
    from roster_app.safety.opening import open_league
    from roster_app.services.season import generate_season
    from tests.history_helpers import play

    path = shutil.copy(history_file, tmp_path_factory.mktemp("links") / "Story.dugout")
    db = open_league(path)
    try:
        generate_season(db)
        first = sq.fixtures(db)[0]
        assert (first.home, first.away) == ("Orcland Raiders", "Athelorn Avengers")
        play(db, first, ({0: (2, 0)}, {0: (1, 0)}, "Gorbag Chainsaw", 12, None), 7)  # 2-1
    finally:
        db.close()
    return path


@pytest.fixture(scope="module")
def market_file(tmp_path_factory):
    """Three teams, a contract (Grak) and a completed transfer (Gotrek, Karak to Orcland for 150,000)."""
    from roster_app.services.league import create_league
    from tests.transfer_helpers import market_with_deals

    path = tmp_path_factory.mktemp("market") / "Market.dugout"
    db = create_league(path, name="Market")
    try:
        market_with_deals(db)
    finally:
        db.close()
    return path


def _open(qtbot, window, path, tmp_path):  # noqa: ANN001, ANN202
    return show_league(qtbot, window, shutil.copy(path, tmp_path / path.name))


def _careers():  # noqa: ANN202
    kinds = (PlayerCareerDialog, TeamTimelineDialog, RefereeCareerDialog)
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, kinds) and w.isVisible()]


def _name(dialog) -> str:  # noqa: ANN001
    return dialog.timeline.name if isinstance(dialog, TeamTimelineDialog) else dialog.career.name


def _row(view, test) -> int:  # noqa: ANN001
    model = view.model()
    return next(i for i in range(model.rowCount()) if test(model.row(i)))


def right_click(view, row: int, text: str):  # noqa: ANN001, ANN201
    """The row made current (as a right-click does), then the view's context-menu action `text` triggered;
    returns the one career window it opened (and closes it)."""
    assert view.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    view.setCurrentIndex(view.model().index(row, 0))
    [action] = [a for a in view.actions() if a.text() == text]
    before = set(map(id, _careers()))
    action.trigger()
    [dialog] = [w for w in _careers() if id(w) not in before]
    name = _name(dialog)
    dialog.close()
    return type(dialog), name


def double_click(qtbot, view, row: int):  # noqa: ANN001, ANN201
    index = view.model().index(row, 0)
    view.scrollTo(index)
    center = view.visualRect(index).center()
    before = set(map(id, _careers()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
    opened = [w for w in _careers() if id(w) not in before]
    for dialog in opened:
        dialog.close()
    return [(type(d), _name(d)) for d in opened]


def test_careers_from_the_season_page_and_the_team_history(qtbot, window, story_file, tmp_path, messages):
    view = _open(qtbot, window, story_file, tmp_path)
    view.show_page(view.season_page)
    page = view.season_page
    table = page.standings_view
    orcland = _row(table, lambda r: r.name == "Orcland Raiders")
    assert right_click(table, orcland, "Timeline…") == (TeamTimelineDialog, "Orcland Raiders")
    assert double_click(qtbot, table, orcland) == [(TeamTimelineDialog, "Orcland Raiders")]
    scorers = page.leaders.widget(0)
    assert right_click(scorers, 0, "Career…") == (PlayerCareerDialog, "Orcland 1")  # 2 TD in season 3's game
    assert double_click(qtbot, scorers, 0) == [(PlayerCareerDialog, "Orcland 1")]
    fixtures = page.fixtures_view
    game = _row(fixtures, lambda r: r.played)
    assert right_click(fixtures, game, "Home Team's Timeline…") == (TeamTimelineDialog, "Orcland Raiders")
    assert right_click(fixtures, game, "Away Team's Timeline…") == (TeamTimelineDialog, "Athelorn Avengers")
    assert right_click(fixtures, game, "Referee's Career…") == (RefereeCareerDialog, "Gorbag Chainsaw")
    fixtures.setCurrentIndex(fixtures.model().index(_row(fixtures, lambda r: not r.played), 0))
    [action] = [a for a in fixtures.actions() if a.text() == "Referee's Career…"]
    action.trigger()  # a fixture still to play has no ref: said, not nothing
    assert messages == ["No referee has been chosen for this fixture yet."] and not _careers()
    # the team's History tab: its games, the opponent and the ref of each
    view.show_page(view.teams_page)
    view.panel.select_team(next(t.id for t in page.standings_model.rows() if t.name == "Athelorn Avengers"))
    view.team_page.tabs.setCurrentWidget(view.team_page.history_tab)
    history = view.team_page.history_tab.view
    latest = _row(history, lambda r: r.season == 3)
    assert right_click(history, latest, "Timeline…") == (TeamTimelineDialog, "Athelorn Avengers")
    assert right_click(history, latest, "Opponent's Timeline…") == (TeamTimelineDialog, "Orcland Raiders")
    assert right_click(history, latest, "Referee's Career…") == (RefereeCareerDialog, "Gorbag Chainsaw")
    assert double_click(qtbot, history, latest) == [(TeamTimelineDialog, "Athelorn Avengers")]


def test_careers_from_the_history_page(qtbot, window, story_file, tmp_path):
    view = _open(qtbot, window, story_file, tmp_path)
    view.show_page(view.history_page)
    page = view.history_page
    page.select_season(1)
    table = page.table_view
    assert right_click(table, _row(table, lambda r: r.name == "Karak Grudgebearers"), "Timeline…") == (
        TeamTimelineDialog, "Karak Grudgebearers")  # fmt: skip
    awards = page.awards_view
    assert right_click(awards, _row(awards, lambda r: r.title == "Most casualties"), "Career…") == (
        PlayerCareerDialog, "Orcland 2")  # fmt: skip
    assert right_click(page.leader_views["touchdowns"], 0, "Career…") == (PlayerCareerDialog, "Orcland 1")
    records = page.records_view
    assert right_click(records, _row(records, lambda r: r.key == "casualties_season"), "Career…") == (
        PlayerCareerDialog, "Orcland 2")  # fmt: skip
    refs = page.refs_view
    assert right_click(refs, _row(refs, lambda r: r.name == "Jorg Blackwhistle"), "Career…") == (
        RefereeCareerDialog, "Jorg Blackwhistle")  # fmt: skip


def test_careers_from_the_roster_transfers_contracts_referees_and_the_panel(qtbot, window, market_file, tmp_path):
    view = _open(qtbot, window, market_file, tmp_path)
    panel = view.panel
    teams = panel.team_view
    orcs = _row(teams, lambda r: r.name == "Orcland Raiders")
    assert right_click(teams, orcs, "Timeline…") == (TeamTimelineDialog, "Orcland Raiders")
    panel.select_team(teams.model().row(orcs).id)
    roster = view.team_page.roster_view
    gotrek = _row(roster, lambda r: r.name == "Gotrek")
    assert right_click(roster, gotrek, "Career…") == (PlayerCareerDialog, "Gotrek")
    assert "Contract…" in [a.text() for a in roster.actions()]  # the roster's own actions stay first

    view.show_page(view.transfers_page)
    deals = view.transfers_page.view
    deal = _row(deals, lambda r: r.player == "Gotrek")
    assert right_click(deals, deal, "Player's Career…") == (PlayerCareerDialog, "Gotrek")
    assert right_click(deals, deal, "Seller's Timeline…") == (TeamTimelineDialog, "Karak Grudgebearers")
    assert right_click(deals, deal, "Buyer's Timeline…") == (TeamTimelineDialog, "Orcland Raiders")
    assert double_click(qtbot, deals, deal) == [(PlayerCareerDialog, "Gotrek")]

    view.show_page(view.contracts_page)
    contracts = view.contracts_page.view
    grak = _row(contracts, lambda r: r.player == "Grak")
    assert right_click(contracts, grak, "Player's Career…") == (PlayerCareerDialog, "Grak")
    assert right_click(contracts, grak, "Team's Timeline…") == (TeamTimelineDialog, "Orc Rivals")

    view.show_page(view.referees_page)
    refs_page = view.referees_page
    for index in (0, 1):  # the cards, then the table
        refs_page.show_view(index)
        cards = refs_page.current_view()
        name = cards.model().row(0).name
        assert right_click(cards, 0, "Career…") == (RefereeCareerDialog, name)
    refs = panel.referee_view
    assert right_click(refs, 0, "Career…") == (RefereeCareerDialog, refs.model().row(0).name)


def test_careers_from_the_transfer_wizards_market(qtbot, window, market_file, tmp_path):
    from tests.helpers import after_match

    view = _open(qtbot, window, market_file, tmp_path)
    db = window.session.db
    buyer, seller = (t.id for t in view.panel.team_model.rows()[:2])
    after_match(db, buyer, step="purchases", opponent=seller)  # the buyer may buy now
    window.session.reload()
    window.transfer_action.trigger()
    wizard = view.transfers_page.wizard
    qtbot.waitExposed(wizard)
    market = wizard.currentPage().view
    row = _row(market, lambda r: r.name == "Grak")
    assert right_click(market, row, "Player's Career…") == (PlayerCareerDialog, "Grak")
    assert right_click(market, row, "Team's Timeline…") == (TeamTimelineDialog, "Orc Rivals")
    wizard.reject()


def test_careers_from_the_career_windows_own_tables(qtbot, window, story_file, tmp_path):
    """A career window's games lead on: a player's game to his opponent and its ref, a team's game to its
    opponent, a ref's game to both teams."""
    from ui.careers.windows import show_career

    view = _open(qtbot, window, story_file, tmp_path)
    db = window.session.db
    player = show_career("player", db, player_id(db, "Orcland 1"), view)
    games = player.games_view
    first = _row(games, lambda g: g.season == 1 and g.round == 1)
    opponent = games.model().row(first).opponent
    assert right_click(games, first, "Opponent's Timeline…") == (TeamTimelineDialog, opponent)
    kind, ref = right_click(games, first, "Referee's Career…")
    assert kind is RefereeCareerDialog and ref
    player.close()
    team = show_career("team", db, view.panel.team_model.rows()[0].id, view)
    points = team.points_view
    rival = points.model().row(0).opponent
    assert right_click(points, 0, "Opponent's Timeline…") == (TeamTimelineDialog, rival)
    team.close()
    referee = show_career("referee", db, view.panel.referee_model.rows()[0].id, view)
    played = referee.games_view
    row = _row(played, lambda g: g.match_id is not None)
    home, away = played.model().row(row).fixture.split(" v ")
    assert right_click(played, row, "Home Team's Timeline…") == (TeamTimelineDialog, home)
    assert right_click(played, row, "Away Team's Timeline…") == (TeamTimelineDialog, away)
    referee.close()
