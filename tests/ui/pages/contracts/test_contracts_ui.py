"""Contracts through the real widgets: the sign dialog from the roster, the Contracts page, End Season."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from roster_app.queries import contracts as contract_queries
from roster_app.safety.opening import open_league
from tests.conftest import file_digest
from tests.helpers import add_player, after_match, team_id, treasury
from ui.roster.contract_dialog import ContractDialog


def hire_with_spp(window, spp, name="Grak", position="Orc Blitzer", team="Orcland Raiders"):
    """A player with `spp` on the team, and the team at step 4.1 of a post-match sequence (contracts)."""
    db = window.session.db
    tid = team_id(db, team)
    pid = add_player(db, tid, position, name, pay=True, spp=spp)
    after_match(db, tid)
    window.session.changed.emit(None)  # written beside the session: every view reads the league again
    return tid, pid


def open_contract_dialog(qtbot, window, pid):
    page = window.league_view.team_page
    page.select_player(pid)
    assert page.contract_action.isEnabled()
    page.contract_action.trigger()
    dialog = page.findChild(ContractDialog)
    qtbot.waitExposed(dialog)
    return dialog


def test_the_seed_example_through_the_dialog(qtbot, open_window, league_file):
    tid, pid = hire_with_spp(open_window, 126)
    before = treasury(open_window.session.db, tid)
    dialog = open_contract_dialog(qtbot, open_window, pid)
    dialog.seasons.setValue(2)
    assert "10,000 gp" in dialog.cost.text() and "5 rolls × 2 seasons" in dialog.cost.text()
    assert f"{before - 10_000:,} gp" in dialog.treasury.text()
    assert dialog.sign_button.isEnabled()
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(dialog.sign_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    db = open_league(league_file, read_only=True)
    rows = contract_queries.contracts(db)
    assert [(r.player, r.seasons, r.cost, r.rolls) for r in rows] == [("Grak", 2, 10_000, 5)]
    assert treasury(db, tid) == before - 10_000
    db.close()
    assert open_window.undo_action.text() == "&Undo signing of Grak for 2 seasons"
    open_window.undo_action.trigger()
    assert treasury(open_window.session.db, tid) == before
    assert contract_queries.contracts(open_window.session.db) == []


def test_a_rookie_is_told_why_he_cannot_sign_and_nothing_is_written(qtbot, open_window, league_file):
    _tid, pid = hire_with_spp(open_window, 3, name="Snotling")
    digest = file_digest(league_file)
    dialog = open_contract_dialog(qtbot, open_window, pid)
    assert not dialog.sign_button.isEnabled()
    assert "Rookie" in dialog.verdict.text() and "at least one star player roll" in dialog.verdict.text()
    dialog.accept()  # even forced, a refused signing writes nothing
    assert dialog.isVisible()
    dialog.reject()
    assert file_digest(league_file) == digest


def test_not_enough_gold_shows_the_treasury_going_negative_in_words(qtbot, open_window):
    from roster_app.queries.fetch import get_team
    from roster_app.services.common import post

    tid, pid = hire_with_spp(open_window, 200)  # Legend: 6 rolls
    with open_window.session.db.write() as tx:
        post(tx.session, get_team(tx.session, tid), -(treasury(open_window.session.db, tid) - 20_000),
             kind="correction", reason="test")  # fmt: skip
    dialog = open_contract_dialog(qtbot, open_window, pid)
    dialog.seasons.setValue(3)  # 18,000 gp: affordable
    assert dialog.sign_button.isEnabled()
    dialog.seasons.setValue(4)  # 24,000 gp
    assert not dialog.sign_button.isEnabled()
    assert "holds only 20,000 gp" in dialog.verdict.text()
    assert "-4,000 gp" in dialog.treasury.text()


def test_the_contracts_page_lists_filters_and_sorts(qtbot, open_window, qtmodeltester):
    from roster_app.services.contracts import sign_contract
    from roster_app.services.teams import add_team

    session = open_window.session
    _tid, grak = hire_with_spp(open_window, 126, name="Grak")
    _tid, ugluk = hire_with_spp(open_window, 20, name="Ugluk")
    session.run(add_team, name="Reavers", race="Human")
    _other, otto = hire_with_spp(open_window, 40, name="Otto", position="Blitzer", team="Reavers")
    for pid, seasons in ((grak, 2), (ugluk, 1), (otto, 5)):
        session.run(sign_contract, player_id=pid, seasons=seasons)
    page = open_window.league_view.contracts_page
    assert open_window.league_view.show_page_titled("Contracts")
    qtmodeltester.check(page.model)
    assert {r.player for r in page.model.rows()} == {"Grak", "Ugluk", "Otto"}

    page.team_filter.setCurrentIndex(page.team_filter.findText("Reavers"))
    assert [r.player for r in page.model.rows()] == ["Otto"]
    assert page.model.data(page.model.index(0, page.model.COLUMNS.index(page._column("tally")))) == "- of 5"

    page.team_filter.setCurrentIndex(0)
    cost = page.model.COLUMNS.index(page._column("cost"))
    page.view.sortByColumn(cost, Qt.SortOrder.DescendingOrder)
    assert [r.cost for r in page.model.rows()] == [15_000, 10_000, 2_000]


def test_end_season_from_the_league_menu_ticks_the_tally(qtbot, open_window, league_file, messages):
    from roster_app.services.contracts import sign_contract

    _tid, grak = hire_with_spp(open_window, 126, name="Grak")
    open_window.session.run(sign_contract, player_id=grak, seasons=1)
    assert open_window.end_season_action.isEnabled()
    open_window.end_season_action.trigger()
    question = next(m for m in messages if m.startswith("End season 1"))
    assert "Grak" in question and "free agents" in question
    assert any("Now free agents: Grak" in m for m in messages)
    db = open_league(league_file, read_only=True)
    assert [r.status for r in contract_queries.contracts(db)] == ["free agent"]
    db.close()
    page = open_window.league_view.contracts_page
    assert "Season 2" in page.summary.text()
    assert open_window.undo_action.text() == "&Undo end of season 1"


def test_the_demo_league_shows_tallies_final_seasons_free_agents_and_a_renewal(qtbot, window, demo_league_file):
    window.open_league_later(demo_league_file)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    page = window.league_view.contracts_page
    statuses = {r.status for r in page.model.rows()}
    assert {"running", "final season", "free agent", "expired"} <= statuses
    assert any(r.renewal for r in page.model.rows())
    assert any(r.tally.startswith("||") for r in page.model.rows())


def test_the_screenshot_can_show_the_contracts_page(tmp_path):
    from PySide6.QtGui import QImage

    from tests.ui.app.test_startup import run_dugout

    out = tmp_path / "contracts.png"
    result = run_dugout("--screenshot", str(out), "--demo", "--page", "Contracts", tmp_home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert QImage(str(out)).width() >= 1200


def test_outside_step_4_1_the_dialog_says_when_and_writes_nothing(qtbot, open_window, league_file):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    pid = add_player(db, tid, "Orc Blitzer", "Grak", spp=20)
    after_match(db, tid, step="purchases")  # past 4.1: transfers and purchases now
    open_window.session.changed.emit(None)
    digest = file_digest(league_file)
    dialog = open_contract_dialog(qtbot, open_window, pid)
    assert not dialog.sign_button.isEnabled()
    assert "Contracts are signed at the start of purchases" in dialog.verdict.text()
    dialog.accept()  # even forced, nothing is signed
    assert dialog.isVisible()
    dialog.reject()
    assert file_digest(league_file) == digest
    page = open_window.league_view.contracts_page
    page.show_team(tid)
    assert "past it" in page.sequence.label.text() and not page.sequence.button.isHidden()


def test_the_transfers_page_offers_a_transfer_only_when_a_team_is_at_step_4_2(qtbot, open_window):
    page = open_window.league_view.transfers_page
    assert not page.new_button.isEnabled() and "no team is there now" in page.sequence.label.text()
    db = open_window.session.db
    after_match(db, team_id(db, "Orcland Raiders"), step="purchases")
    open_window.session.changed.emit(None)
    assert page.new_button.isEnabled() and "Orcland Raiders" in page.sequence.label.text()


def test_end_season_names_a_match_whose_post_match_sequence_is_due(qtbot, season_window, monkeypatch):
    from roster_app.queries import season as sq
    from roster_app.services.season import generate_season
    from tests.season_helpers import report, roster_ids

    db = season_window.session.db
    generate_season(db)
    m = sq.fixtures(db)[0]
    home, away = roster_ids(db, m.home_id), roster_ids(db, m.away_id)
    lines = [{"player_id": home[0], "touchdowns": 2}, {"player_id": away[0], "touchdowns": 1}]
    report(db, m.id, 2, 1, lines=lines)
    season_window.session.changed.emit(None)
    seen = []
    from ui.kit import ask

    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: (seen.append(text), False)[1])  # Cancel
    season_window.end_season_action.trigger()
    [question] = seen
    assert f"post-match sequence is still due for: round {m.round}: {m.home} 2-1 {m.away}" in question
