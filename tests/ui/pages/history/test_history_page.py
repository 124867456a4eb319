"""The History page and the career windows, over two seasons played (tests/history_helpers.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.helpers import show_league
from ui.careers.windows import PlayerCareerDialog, RefereeCareerDialog, TeamTimelineDialog


def _double_click(qtbot, view, row, column=0):
    index = view.model().index(row, column)
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def _row(view, test):
    model = view.model()
    return next(i for i in range(model.rowCount()) if test(model.row(i)))


def _opened(kind):
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]


def test_the_history_page_shows_the_last_finished_season_and_browses(qtbot, history_window):
    page = history_window.league_view.history_page
    assert page.season_choice.currentData() == 2
    assert page.summary.textFormat() == Qt.TextFormat.PlainText
    assert "Champions: Orcland Raiders" in page.summary.text()
    assert page.table_model.row(0).name == "Karak Grudgebearers"  # top of the table; Orcland won the final
    page.select_season(1)
    assert [page.table_model.row(i).points for i in range(4)] == [7, 5, 4, 0]
    awards = {
        (page.awards_model.row(i).title, page.awards_model.row(i).name)
        for i in range(page.awards_model.rowCount())
    }
    assert {("Top scorer", "Orcland 1"), ("Most casualties", "Orcland 2")} <= awards
    assert page.refs_model.rowCount() == 3
    assert "Most touchdowns in a game" in {r.title for r in page.records_model.rows()}


def test_the_history_page_browses_by_round(qtbot, history_window):
    page = history_window.league_view.history_page
    page.select_season(1)
    rounds = page.round_choice
    assert [rounds.itemText(i) for i in range(rounds.count())] == [
        "The whole season", "After round 1", "After round 2", "After round 3"]  # fmt: skip
    page.select_round(2)
    # round 1: Orcland 3-1 Athelorn, Reikland 1-1 Karak; round 2: Karak 1-1 Orcland, Athelorn 0-2 Reikland
    points = {page.table_model.row(i).name: page.table_model.row(i).points for i in range(4)}
    assert points == {"Orcland Raiders": 3 + 1, "Reikland Reavers": 1 + 3, "Karak Grudgebearers": 1 + 1,
                      "Athelorn Avengers": 0}  # fmt: skip
    assert page.summary.text() == "Season 1 as it stood after round 2: 4 matches played."
    scorers = page.leader_models["touchdowns"]
    assert [(scorers.row(i).name, scorers.row(i).value) for i in range(2)] == [("Orcland 1", 3), ("Reikland 1", 3)]
    records = {r.key: r.value for r in page.records_model.rows()}
    assert records["touchdowns_game"] == 2 and records["spp_career"] == 3 * 3 + 2 * 5  # Orcland 1's, after round 2
    page.select_season(2)  # round 2 kept: season 2 has one
    assert page.round_choice.currentData() == 2 and page.story.matches == 4
    assert {r.key: r.value for r in page.records_model.rows()}["touchdowns_game"] == 4  # season 2, round 1
    page.select_round(None)
    assert page.story.champion == "Orcland Raiders" and page.story.matches == 7


def test_careers_open_from_the_history_tables(qtbot, history_window):
    page = history_window.league_view.history_page
    page.select_season(1)
    _double_click(qtbot, page.table_view, _row(page.table_view, lambda r: r.name == "Orcland Raiders"))
    [timeline] = _opened(TeamTimelineDialog)
    assert timeline.timeline.name == "Orcland Raiders" and timeline.points_model.rowCount() == 3  # season 1 only
    assert timeline.ledger_model.rowCount() >= 1 and "treasury" in timeline.ledger_title.text()
    assert timeline.ledger_title.text().endswith(" gp") and " gp." in timeline.facts.text()  # gold in words
    _double_click(qtbot, page.records_view, _row(page.records_view, lambda r: r.key == "touchdowns_game"))
    [player] = _opened(PlayerCareerDialog)
    assert player.career.name == "Orcland 1" and player.games_model.rowCount() == 7
    assert player.heading.textFormat() == Qt.TextFormat.PlainText
    page.tabs.setCurrentWidget(page.refs_view)
    _double_click(qtbot, page.refs_view, _row(page.refs_view, lambda r: r.name == "Jorg Blackwhistle"))
    [ref] = _opened(RefereeCareerDialog)
    assert ref.career.name == "Jorg Blackwhistle" and ref.games_model.rowCount() == 3
    c = ref.career
    facts = ref.facts.text()  # counted in words: "1 award", never "1 awards"
    assert f"{len(c.games)} games: " in facts and (" 1 awards" not in facts and " 1 deaths" not in facts)
    assert ("1 award," if c.count("award") == 1 else f"{c.count('award')} awards,") in facts
    assert player.facts.text().startswith(f"{player.career.position} (") and "7 games: " in player.facts.text()
    for dialog in (timeline, player, ref):
        dialog.close()


def test_the_season_pages_table_and_leaders_open_careers(qtbot, history_window):
    view = history_window.league_view
    view.show_page(view.season_page)
    page = view.season_page
    # season 3 has no games yet: the table lists the teams
    _double_click(qtbot, page.standings_view, _row(page.standings_view, lambda r: r.name == "Orcland Raiders"))
    [timeline] = _opened(TeamTimelineDialog)
    assert timeline.points_model.rowCount() == 7  # every game of his career
    timeline.close()
    leaders = page.leaders.widget(0)
    assert leaders.model().rowCount() == 0  # season 3: no leaders yet; the history page has the old ones


def test_a_league_brought_in_from_paper_opens_on_its_season_with_games(qtbot, window, demo_league_file):
    """The demo league starts in season 3 (seasons 1 and 2 were played on paper: no game in Dugout): the page
    opens on the season that has games, not on an empty one."""
    view = show_league(qtbot, window, demo_league_file)
    view.show_page(view.history_page)
    page = view.history_page
    assert page.season_choice.currentData() == 3
    assert page.table_model.rowCount() == 4 and sum(page.table_model.row(i).played for i in range(4)) > 0


def test_every_history_table_names_each_column(history_window):
    """A column without a heading leaves the commissioner guessing what its figures count (the awards' totals)."""
    from PySide6.QtWidgets import QTableView

    page = history_window.league_view.history_page
    views = page.findChildren(QTableView)
    assert page.awards_view in views
    for view in views:
        model = view.model()
        for column in range(model.columnCount()):
            heading = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
            assert heading, f"{type(model).__name__} column {column} has no heading"


def test_the_roll_of_honour_names_each_seasons_winners_and_careers_count_titles(qtbot, history_window):
    """Issue 33: a cup won in the current season and the league won in the finished one, on the History page's
    Roll of Honour, and in the team's timeline."""
    from roster_app.queries import competitions as cq
    from roster_app.queries.careers import team_timeline
    from roster_app.services import competitions as sc
    from tests.competition_helpers import play

    page = history_window.league_view.history_page
    session = history_window.session
    league = [h for h in cq.roll_of_honour(session.db) if h.competition == "League"]
    assert league and league[0].winner  # the finished season's league, won by the top of its table
    teams = [t.id for t in __import__("roster_app.queries.rosters", fromlist=["teams"]).teams(session.db)][:2]
    cup = session.run(sc.create_competition, name="Spike <b>Cup</b>", format="knockout", team_ids=teams).result
    session.run(sc.draw_competition, competition_id=cup, seeding="hand", order=teams)
    play(session.db, cq.bracket(session.db, cup).rounds[0][0].match_id, 1, 0)
    session.changed.emit(None)
    rows = [page.honours_model.row(i) for i in range(page.honours_model.rowCount())]
    assert [(r.season, r.competition) for r in rows] == [(1, "League"), (2, "League"), (3, "Spike <b>Cup</b>")]
    assert rows[2].winner == cq.competitions(session.db)[-1].winner and rows[2].runner_up
    assert "Spike <b>Cup</b>" in "; ".join(team_timeline(session.db, teams[0]).titles)


def _records_reads(db):  # noqa: ANN001, ANN202
    """The statements of the records' grouped pass run on `db` from now on (a list that grows)."""
    from sqlalchemy import event

    reads = []

    def seen(_conn, _cursor, statement, *_rest) -> None:  # noqa: ANN001
        if statement.lstrip().startswith("WITH player_season"):
            reads.append(statement)

    event.listen(db.engine, "before_cursor_execute", seen)
    return reads


def test_the_history_page_paints_its_season_first_then_reads_the_records_once(
    qtbot, window, history_file, tmp_path
):
    """Issue 40: the page opens on the season's tables and shows it is reading the records, which follow the first
    paint; another season shows the same records again without reading them; a change to the league reads them
    again."""
    import shutil

    view = show_league(qtbot, window, shutil.copy(history_file, tmp_path / history_file.name))
    reads = _records_reads(view.session.db)
    view.show_page(view.history_page)
    page = view.history_page
    assert page.table_model.rowCount() == 4 and page.season_choice.currentData() == 2  # the season at once
    assert page.records_model.rowCount() == 0 and "reading" in page.records_title.text()
    qtbot.waitUntil(lambda: page.records_model.rowCount() > 0)
    assert page.records_title.text() == "The league's records" and len(reads) == 1
    shown = list(page.records_model.rows())
    page.select_season(1)  # the records of today: the same, not read again
    assert page.table_model.row(0).points == 7 and list(page.records_model.rows()) == shown and len(reads) == 1
    page.select_round(2)  # as they stood after season 1's round 2: read
    assert len(reads) == 2 and {r.key: r.value for r in page.records_model.rows()}["touchdowns_game"] == 2
    page.select_round(None)
    assert list(page.records_model.rows()) == shown and len(reads) == 2
    view.session.changed.emit({"match_player"})  # a change to the league: every record read again when shown
    assert list(page.records_model.rows()) == shown and len(reads) == 3
    view.session.changed.emit({"ledger_entry"})  # not what the history shows: nothing read
    assert len(reads) == 3
