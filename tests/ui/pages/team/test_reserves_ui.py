"""The Reserves tab, the reserve affairs dialog and the draft dialog, driven through their widgets.

Each test checks what reached the league file: treasury, ledger, roster, bonuses.
"""

import pytest
from PySide6.QtCore import Qt

from roster_app.queries import reserves as rq
from roster_app.queries import rosters as queries
from roster_app.rules.dice import Roll
from roster_app.safety.opening import open_league
from roster_app.services import reserves as svc
from roster_app.services.league import create_league
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team
from roster_app.store.models import RulesetTable
from tests.helpers import after_match, in_pre_match, ledger_sum, team_id, treasury

LEFT = Qt.MouseButton.LeftButton


def reopen(path):
    return open_league(path, read_only=True)


def reserves_tab(window):
    page = window.league_view.team_page
    page.tabs.setCurrentWidget(page.reserves_tab)
    return page.reserves_tab


def type_dice(qtbot, dice_input, *faces):
    for box, face in zip(dice_input.faces, faces, strict=True):
        box.lineEdit().selectAll()
        qtbot.keyClicks(box.lineEdit(), str(face))
    assert dice_input.use_button.isEnabled()
    qtbot.mouseClick(dice_input.use_button, LEFT)


def open_dialog(qtbot, window, button, kind):
    qtbot.mouseClick(button, LEFT)
    dialog = window.league_view.team_page.reserves_tab.dialog
    assert isinstance(dialog, kind)
    qtbot.waitExposed(dialog)
    return dialog


def open_draft(qtbot, window, button):
    """The Draft button leads into the pre-match wizard of the team's next fixture (Hire Freebooters); its
    draft button for the home team opens the draft dialog."""
    from ui.sequences.prematch.draft_dialog import DraftDialog
    from ui.sequences.prematch.wizard import PageId, PreMatchWizard

    wizard = open_dialog(qtbot, window, button, PreMatchWizard)
    assert wizard.currentId() == PageId.FREEBOOTERS
    page = wizard.currentPage()
    assert page.draft_buttons[0].isEnabled()
    qtbot.mouseClick(page.draft_buttons[0], LEFT)
    assert isinstance(page.dialog, DraftDialog)
    qtbot.waitExposed(page.dialog)
    return page.dialog


def a_fixture(session, tid):
    """Opponents and a fixture for the team: its pre-match sequence is where it drafts."""
    from roster_app.services.season import add_fixture

    rivals = session.run(add_team, name="Reikland Reavers", race="Human").result
    return session.run(add_fixture, home_team_id=tid, away_team_id=rivals, round_number=1).result


def show_league(qtbot, window, path):
    window.open_league_later(path)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    return window


def begin_round(window, tid):
    """The team at step 4.1 of a post-match sequence, its upkeep paid outside the wizard (by the services): a
    round the Reserves tab continues in its dialog."""
    after_match(window.session.db, tid)
    window.session.run(svc.pay_reserve_upkeep, team_id=tid)


def approve_and_hire(qtbot, tab, coach="Veteran"):
    qtbot.mouseClick(tab.approve_button, LEFT)
    assert tab.hire_button.isEnabled()
    tab.coach_types.setCurrentIndex(tab.coach_types.findData(coach))
    qtbot.mouseClick(tab.hire_button, LEFT)


def test_a_full_round_of_reserve_affairs_through_the_dialog(qtbot, open_window, league_file, messages):
    from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog

    tab = reserves_tab(open_window)
    assert not tab.affairs_button.isVisible()
    assert tab.approve_button.isVisible() and "no reserve team yet" in tab.status.text()
    approve_and_hire(qtbot, tab)
    assert "Veteran Reserve Coach" in tab.coach_label.text()
    assert tab.bonus_labels["total"].text() == "<b>D6 + 1</b>"
    assert open_window.league_view.team_page.header.figures["treasury"].text() == "950,000 gp"

    begin_round(open_window, team_id(open_window.session.db, "Orcland Raiders"))
    assert tab.affairs_button.isVisible() and "Begun outside the post-match wizard" in tab.affairs_label.text()
    dialog = open_dialog(qtbot, open_window, tab.affairs_button, ReserveAffairsDialog)
    assert dialog.current_page() is dialog.table_page
    type_dice(qtbot, dialog.table_page.dice, 6)
    assert dialog.current_page() is dialog.player_table_page
    assert "D6 + 1" in dialog.player_table_page.text.text()
    type_dice(qtbot, dialog.player_table_page.dice, 4)  # 4 + 1 = 5: up to 70,000 gp
    page = dialog.new_player_page
    assert dialog.current_page() is page
    assert "70,000 gp" in page.text.text()
    page.table.select("Orc Blitzer")
    assert "more than the 70,000 gp rolled" in page.verdict.text()
    assert not page.add_button.isEnabled()
    page.table.select("Orc Thrower")
    qtbot.keyClicks(page.name, "Grak <i>Orc</i>")  # a name that looks like markup is shown as typed
    assert page.add_button.isEnabled()
    qtbot.mouseClick(page.add_button, LEFT)
    assert dialog.current_page() is dialog.done_page
    summary = dialog.done_page.text.text()
    assert "Grak &lt;i&gt;Orc&lt;/i&gt;, Orc Thrower, joined from the reserves (free)" in summary
    assert "Rolled 4 + 1 = 5" in summary
    qtbot.mouseClick(dialog.close_button, LEFT)
    assert messages == ["Record that the League Commissioner approves a reserve team for Orcland Raiders?"]

    db = reopen(league_file)
    tid = team_id(db, "Orcland Raiders")
    assert treasury(db, tid) == 1_000_000 - 50_000 - 10_000 == ledger_sum(db, tid)
    assert [(e.kind, e.amount) for e in queries.ledger(db, tid)][-2:] == [
        ("reserve", -50_000),
        ("upkeep", -10_000),
    ]
    [grak] = queries.roster(db, tid)
    assert (grak.name, grak.position, grak.value) == ("Grak <i>Orc</i>", "Orc Thrower", 70_000)
    info = rq.reserves_info(db, tid)
    assert (info.coach_type, info.promising, info.carried, info.round.step) == ("Veteran", 0, 0, "done")
    assert [r.roll for r in rq.reserve_history(db, tid) if r.roll] == [
        "D6: 6 (typed in)", "D6: 4 + 1 = 5 (typed in)"]  # fmt: skip
    db.close()
    assert tab.history_model.rowCount() == 6
    assert not tab.affairs_button.isVisible()  # done: no second round after this match
    assert "past it" not in tab.sequence.label.text()


def test_a_promising_round_then_the_coach_leaves_with_the_bonus(qtbot, open_window, league_file, messages):
    from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog

    tab = reserves_tab(open_window)
    approve_and_hire(qtbot, tab, "Novice")
    tid = team_id(open_window.session.db, "Orcland Raiders")
    begin_round(open_window, tid)
    dialog = open_dialog(qtbot, open_window, tab.affairs_button, ReserveAffairsDialog)
    type_dice(qtbot, dialog.table_page.dice, 3)
    assert dialog.current_page() is dialog.done_page
    dialog.accept()
    assert tab.bonus_labels["promising"].text() == "+1"
    assert not tab.affairs_button.isVisible()  # one round per post-match sequence

    after_match(open_window.session.db, tid)  # the next match: the upkeep is not paid, the coach leaves
    open_window.session.run(svc.reserve_coach_leaves, team_id=tid)
    assert tab.hire_button.isVisible() and tab.hire_button.isEnabled()
    assert "need a Reserve Coach" in tab.sequence.label.text()

    db = reopen(league_file)
    tid = team_id(db, "Orcland Raiders")
    info = rq.reserves_info(db, tid)
    assert (info.coach_type, info.promising, info.carried) == (None, 0, 0)
    assert treasury(db, tid) == 1_000_000 - 20_000 - 10_000 == ledger_sum(db, tid)
    db.close()


def test_skipping_the_reserve_team_table(qtbot, open_window):
    from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog

    tab = reserves_tab(open_window)
    approve_and_hire(qtbot, tab)
    begin_round(open_window, team_id(open_window.session.db, "Orcland Raiders"))
    dialog = open_dialog(qtbot, open_window, tab.affairs_button, ReserveAffairsDialog)
    qtbot.mouseClick(dialog.table_page.skip_button, LEFT)
    assert dialog.current_page() is dialog.done_page
    assert "Chose not to roll" in dialog.done_page.text.text()
    dialog.accept()


def test_a_team_of_16_retires_someone_for_the_free_player(qtbot, open_window, league_file):
    from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog

    session = open_window.session
    tid = team_id(session.db, "Orcland Raiders")
    for i in range(16):
        session.run(hire_player, team_id=tid, position="Orc Lineman", name=f"Lineman {i + 1}")
    for service in (svc.approve_reserves, svc.pay_reserve_upkeep):
        if service is svc.pay_reserve_upkeep:
            session.run(svc.hire_reserve_coach, team_id=tid, coach_type="Star")
            after_match(session.db, tid)
        session.run(service, team_id=tid)
    session.run(svc.roll_reserve_table, team_id=tid, roll=Roll("D6", (5,), typed=True))
    session.run(svc.roll_player_table, team_id=tid, roll=Roll("D6", (1,), typed=True))  # 1 + 2 = 3: 50,000
    tab = reserves_tab(open_window)
    dialog = open_dialog(qtbot, open_window, tab.affairs_button, ReserveAffairsDialog)
    page = dialog.new_player_page
    assert dialog.current_page() is page and page.retire.isVisible()
    page.table.select("Goblin")
    qtbot.keyClicks(page.name, "Snik")
    page.retire.setCurrentIndex(page.retire.findData(queries.roster(session.db, tid)[0].id))
    assert "#1 Lineman 1 (Orc Lineman)</b> retires to make room" in page.verdict.text()
    qtbot.mouseClick(page.add_button, LEFT)
    db = reopen(league_file)
    names = [r.name for r in queries.roster(db, tid)]
    assert len(names) == 16 and "Snik" in names and "Lineman 1" not in names
    db.close()


@pytest.fixture
def goblin_window(qtbot, window, tmp_path):
    path = tmp_path / "gobbos.dugout"
    db = create_league(path, name="LRB6 League", ruleset_key="lrb5")
    team = add_team(db, name="Da Gobbos", race="Goblin").result
    svc.approve_reserves(db, team_id=team)
    svc.hire_reserve_coach(db, team_id=team, coach_type="Novice")
    after_match(db, team)  # step 4.1, the upkeep paid outside the wizard: the tab continues the round
    svc.pay_reserve_upkeep(db, team_id=team)
    db.close()
    return show_league(qtbot, window, path), path, team


def test_a_goblin_coach_rerolls_once_and_keeps_the_second_result(qtbot, goblin_window):
    from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog

    window, path, team = goblin_window
    tab = reserves_tab(window)
    dialog = open_dialog(qtbot, window, tab.affairs_button, ReserveAffairsDialog)
    assert "A Goblin head coach may re-roll once" in dialog.table_page.text.text()
    type_dice(qtbot, dialog.table_page.dice, 4)  # Promising ...
    page = dialog.table_page
    assert dialog.current_page() is page and page.keep_button.isVisible() and not page.skip_button.isVisible()
    assert "Rolled 4 – Promising youngster" in page.result.text()
    assert page.dice.roll_button.text() == "Re-roll D6"
    type_dice(qtbot, page.dice, 2)  # ... re-rolled to nothing, which stands
    assert dialog.current_page() is dialog.done_page
    dialog.accept()
    db = reopen(path)
    info = rq.reserves_info(db, team)
    assert info.promising == 0 and not info.may_reroll
    assert [r.title for r in rq.reserve_history(db, team)][-2:] == [
        "Reserve Team Table",
        "Reserve Team Table re-roll",
    ]
    db.close()


def test_a_goblin_coach_may_keep_the_first_result(qtbot, goblin_window):
    from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog

    window, path, team = goblin_window
    dialog = open_dialog(qtbot, window, reserves_tab(window).affairs_button, ReserveAffairsDialog)
    type_dice(qtbot, dialog.table_page.dice, 5)
    qtbot.mouseClick(dialog.table_page.keep_button, LEFT)
    assert dialog.current_page() is dialog.player_table_page
    dialog.accept()


def test_drafting_through_the_dialog_states_the_rookie_result(qtbot, open_window, league_file):
    from ui.sequences.prematch.draft_dialog import DraftDialog

    tab = reserves_tab(open_window)
    assert not tab.draft_button.isEnabled()
    assert "reserve side" in tab.draft_label.text()
    approve_and_hire(qtbot, tab, "Novice")
    assert not tab.draft_button.isEnabled()
    assert "pre-match sequence of a fixture: Orcland Raiders have no fixture to play" in tab.draft_label.text()
    a_fixture(open_window.session, team_id(open_window.session.db, "Orcland Raiders"))
    assert tab.draft_button.isEnabled()
    dialog = open_draft(qtbot, open_window, tab.draft_button)
    assert isinstance(dialog, DraftDialog)
    assert "would start the next match with <b>0</b> players" in dialog.eligibility.text()
    dialog.table.select("Orc Blitzer")
    assert not dialog.dice.isEnabled() and "name" in dialog.verdict.text()
    qtbot.keyClicks(dialog.name, "Grak")
    assert dialog.dice.isEnabled()
    assert "costs <b>40,000 gp</b> (half of 80,000 gp)" in dialog.verdict.text()
    type_dice(qtbot, dialog.dice, 3)
    text = dialog.outcome_label.text()
    assert "Grak, Orc Blitzer, drafted for 40,000 gp" in text
    assert "Rookie Table 3: -1 AG: Grak's AG goes from 3 to 2 for good." in text
    assert dialog.close_button.text() == "Close" and not dialog.dice.isEnabled()
    qtbot.mouseClick(dialog.close_button, LEFT)
    assert dialog.result() == dialog.DialogCode.Accepted

    db = reopen(league_file)
    tid = team_id(db, "Orcland Raiders")
    assert treasury(db, tid) == 1_000_000 - 20_000 - 40_000 == ledger_sum(db, tid)
    assert queries.ledger(db, tid)[-1].reason == "Drafted Grak, Orc Blitzer, from the reserves (half of 80,000 gp)"
    [grak] = queries.roster(db, tid)
    assert (grak.ag, grak.value) == (2, 80_000)
    assert queries.team_header(db, tid).value == 80_000
    db.close()


def test_the_draft_dialog_says_when_the_rookie_result_is_ignored(qtbot, window, league_file):
    from ui.sequences.prematch.draft_dialog import DraftDialog

    db = open_league(league_file)
    with db.write() as tx:  # a house rule harsh enough to break the floor: -3 MA on a 1
        row = tx.session.get(RulesetTable, "rookie_table")
        rows = [dict(r) for r in row.data["rows"]]
        rows[0] = {**rows[0], "change": -3, "text": "-3 MA"}
        row.data = {**row.data, "rows": rows}
        tx.session.add(row)
    tid = team_id(db, "Orcland Raiders")
    svc.approve_reserves(db, team_id=tid)
    svc.hire_reserve_coach(db, team_id=tid, coach_type="Novice")
    in_pre_match(db, tid)
    db.close()
    show_league(qtbot, window, league_file)
    dialog = open_draft(qtbot, window, reserves_tab(window).draft_button)
    assert isinstance(dialog, DraftDialog)
    qtbot.keyClicks(dialog.name, "Bob")
    type_dice(qtbot, dialog.dice, 1)
    assert (
        "-3 MA: ignored, because MA may never fall more than 2 below its original value of 5."
        in dialog.outcome_label.text()
    )
    db = reopen(league_file)
    assert [r.ma for r in queries.roster(db, tid)] == [5]
    db.close()


def test_a_team_that_may_not_draft_is_told_why(qtbot, open_window):
    from ui.sequences.prematch.draft_dialog import DraftDialog

    session = open_window.session
    tid = team_id(session.db, "Orcland Raiders")
    for i in range(11):
        session.run(hire_player, team_id=tid, position="Orc Lineman", name=f"L{i}")
    session.run(svc.approve_reserves, team_id=tid)
    session.run(svc.hire_reserve_coach, team_id=tid, coach_type="Novice")
    tab = reserves_tab(open_window)
    assert not tab.draft_button.isEnabled()
    assert "start the next match with 11 players" in tab.draft_label.text()
    dialog = DraftDialog(session, tid, tab)  # opened anyway (e.g. by the pre-match wizard): it refuses
    qtbot.addWidget(dialog)
    assert "No draft now." in dialog.eligibility.text() and not dialog.dice.isEnabled()


def test_undead_see_why_they_have_no_reserve_team(qtbot, open_window):
    session = open_window.session
    session.run(add_team, name="Necropolis", race="Undead")
    panel = open_window.league_view.panel
    panel.team_view.selectRow(panel.team_model.row_of(team_id(session.db, "Necropolis")))
    tab = reserves_tab(open_window)
    assert "Undead teams cannot have a reserve team" in tab.status.text()
    assert not tab.approve_button.isVisible() and not tab.body.isVisible()


def test_the_history_model(qtmodeltester, qtbot, open_window):
    tab = reserves_tab(open_window)
    approve_and_hire(qtbot, tab)
    qtmodeltester.check(tab.history_model)
    assert tab.history_model.rowCount() == 2


def test_the_tab_leads_into_the_post_match_sequence_and_never_offers_a_round(qtbot, open_window):
    from ui.sequences.postmatch.wizard import PostMatchWizard

    tab = reserves_tab(open_window)
    approve_and_hire(qtbot, tab)
    tid = team_id(open_window.session.db, "Orcland Raiders")
    text = tab.sequence.label.text()
    assert "step 4.1" in text and "after Orcland Raiders' next match" in text
    assert not tab.sequence.button.isVisible() and not tab.affairs_button.isVisible()

    match_id = after_match(open_window.session.db, tid)
    open_window.session.changed.emit(None)
    assert "Orcland Raiders are at step 4.1 (reserve affairs and contracts)" in tab.sequence.label.text()
    assert tab.sequence.button.isVisible() and not tab.affairs_button.isVisible()
    wizard = tab.sequence.open_sequence()
    assert isinstance(wizard, PostMatchWizard) and wizard.match_id == match_id
    wizard.reject()


def test_the_tab_is_read_when_shown_not_while_hidden(qtbot, open_window, monkeypatch):
    """Opening a league (or a change while another tab is up) does not read the reserves (~60 ms)."""
    from roster_app.queries import reserves as reserve_queries  # the tab imports it when it first reads

    reads = []
    real = reserve_queries.reserves_info
    monkeypatch.setattr(reserve_queries, "reserves_info", lambda *a: reads.append(a) or real(*a))
    page = open_window.league_view.team_page
    page.show_team(page.team_id)
    open_window.session.changed.emit(None)
    assert reads == []
    tab = reserves_tab(open_window)
    qtbot.waitUntil(tab.isVisible)
    assert len(reads) == 1 and tab.info is not None and tab.info.team_id == page.team_id
    open_window.session.changed.emit(None)  # shown: read at once
    assert len(reads) == 2
