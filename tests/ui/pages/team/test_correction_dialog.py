"""The commissioner's correction through the real widgets: Tools > Commissioner's Correction…, OK only with a
reason and a name, the correction in the ledger and the History tab, Edit > Undo, the name remembered, and the
team header's fan factor after a first match leading into the dialog."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from roster_app.rules.dice import Roll
from roster_app.services.common import store_roll
from roster_app.services.players import hire_player, update_player
from roster_app.store.models import DiceRoll, Match
from tests.conftest import file_digest
from tests.helpers import add_orcs, ledger_sum, signed, team_id, treasury
from tests.ui.keys import type_value
from ui.pages.team.correction_dialog import NAME_KEY, CorrectionDialog


def open_dialog(qtbot, window, kind="gold"):
    assert window.correction_action.isEnabled()
    dialog = window.correct(kind=kind)
    qtbot.waitExposed(dialog)
    return dialog


def fill(dialog, reason="Winnings counted twice", name="Ann Marsh"):
    dialog.reason.setText(reason)
    dialog.made_by.setText(name)


def test_a_gold_correction_needs_a_reason_shows_in_ledger_and_history_and_undoes(qtbot, open_window, league_file):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    before = treasury(db, tid)
    dialog = open_dialog(qtbot, open_window)
    assert "Commissioner's &Correction…" in [a.text() for a in open_window.tools_menu.actions()]
    assert dialog.team_id() == tid and dialog.now["gold"].text() == f"{before:,} gp"
    dialog.gold.setValue(-20_000)
    assert dialog.gold.text() == "-20,000 gp"  # issue 35: "5000 gp" without a separator
    assert f"{before - 20_000:,} gp" in dialog.gold_after.text()
    dialog.made_by.setText("Ann Marsh")
    assert not dialog.ok_button.isEnabled() and "Give a reason" in dialog.verdict.text()
    digest = file_digest(league_file)
    dialog.accept()  # Enter without a reason writes nothing
    assert file_digest(league_file) == digest and dialog.isVisible()
    dialog.reason.setText("Winnings counted twice")
    assert dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert treasury(db, tid) == before - 20_000 == ledger_sum(db, tid)

    page = open_window.league_view.team_page
    page.tabs.setCurrentWidget(page.ledger_view)  # the ledger is read when its tab is shown
    last = page.ledger_model.rows()[-1]
    assert (last.kind, last.amount) == ("correction", -20_000)
    assert last.reason == "Commissioner's correction by Ann Marsh: Winnings counted twice"
    row = page.ledger_model.row_of(last.id)
    assert page.ledger_model.index(row, 3).data() == "Correction"
    history = page.history_tab
    page.tabs.setCurrentWidget(history)  # read when its tab is shown
    assert [(r.kind_label, r.reason, r.made_by) for r in history.corrections_model.rows()] == [
        ("Gold", "Winnings counted twice", "Ann Marsh")
    ]
    assert not history.corrections_view.isHidden()

    assert open_window.undo_action.text() == "&Undo correction of Orcland Raiders' treasury: -20,000 gp"
    open_window.undo_action.trigger()
    assert treasury(db, tid) == before == ledger_sum(db, tid)
    assert history.corrections_model.rows() == [] and history.corrections_view.isHidden()
    page.tabs.setCurrentWidget(page.ledger_view)  # the undo is in the ledger too, once it is shown
    assert all(r.kind != "correction" for r in page.ledger_model.rows())


def test_the_commissioners_name_is_remembered_between_uses(qtbot, open_window, settings):
    dialog = open_dialog(qtbot, open_window)
    dialog.gold.setValue(5_000)
    fill(dialog, name="  Ann   Marsh ")
    dialog.accept()
    assert settings.value(NAME_KEY) == "Ann Marsh"
    again = open_dialog(qtbot, open_window)
    assert again.made_by.text() == "Ann Marsh" and again.reason.text() == ""
    assert not again.ok_button.isEnabled()


def test_a_refused_correction_is_told_in_words_and_the_dialog_stays(qtbot, open_window, messages, league_file):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    pid = open_window.session.run(hire_player, team_id=tid, position="Orc Blitzer", name="Grak").result
    open_window.session.run(update_player, player_id=pid, field="spp", value=20)
    dialog = open_dialog(qtbot, open_window, kind="spp")
    assert dialog.now["spp"].text() == "20 SPP, 0 star player rolls taken"
    dialog.rolls_taken.setValue(3)  # 20 SPP earn only 2
    fill(dialog, reason="Skill roll was missed")
    digest = file_digest(league_file)
    dialog.accept()
    assert messages and "20 SPP earn only 2" in messages[-1]
    assert dialog.isVisible() and file_digest(league_file) == digest


def test_a_roll_typed_in_wrongly_is_corrected_through_the_dice_boxes(qtbot, open_window):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    with db.write("test roll") as tx:
        rid = store_roll(tx.session, Roll("2D6", (3, 4), 0, typed=True), "gate", team_id=tid).id
    dialog = open_dialog(qtbot, open_window, kind="roll")
    assert dialog.roll.currentData().id == rid and dialog.dice.typed_faces() == [3, 4]
    assert "not worked out again" in dialog.note.text()
    dialog.dice.set_faces([6, 4])
    fill(dialog, reason="Typed a 3 for a 6")
    assert dialog.ok_button.isEnabled()
    dialog.accept()
    with db.read() as session:
        roll = session.get(DiceRoll, rid)
        assert (roll.faces, roll.total) == ([6, 4], 10)


def test_a_contract_is_cancelled_from_the_dialog(qtbot, open_window):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    pid = open_window.session.run(hire_player, team_id=tid, position="Orc Blitzer", name="Grak").result
    open_window.session.run(update_player, player_id=pid, field="spp", value=20)
    signed(db, pid, 3)
    open_window.session.changed.emit(None)
    dialog = open_dialog(qtbot, open_window, kind="contract")
    assert dialog.now["contract"].text() == "- of 3, running"
    dialog.cancel_contract.setChecked(True)
    assert not dialog.seasons.isEnabled()
    fill(dialog, reason="Signed for the wrong player")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert open_dialog(qtbot, open_window, kind="contract").contract.currentData() is None


def test_the_header_fan_factor_after_a_first_match_opens_the_correction(qtbot, open_window, league_file):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    other = add_orcs(db, name="Other Orcs")
    with db.write("test match") as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=tid, away_team_id=other, status="played"))
    open_window.session.reload()
    header = open_window.league_view.team_page.header
    digest = file_digest(league_file)
    type_value(qtbot, header.counters["fan_factor"], 4)
    dialog = header.correction_dialog
    assert isinstance(dialog, CorrectionDialog)
    qtbot.waitExposed(dialog)
    assert header.counters["fan_factor"].value() == 0  # nothing changed silently
    assert file_digest(league_file) == digest
    assert (dialog.kind_key(), dialog.fan_factor.value(), dialog.now["fan_factor"].text()) == (
        "fan_factor",
        4,
        "0",
    )
    fill(dialog, reason="The post-match roll was a 5, not a 2")
    dialog.accept()
    assert header.counters["fan_factor"].value() == 4
    assert treasury(db, tid) == ledger_sum(db, tid)


def test_the_team_history_tab_is_read_when_shown(qtbot, open_window):
    """The team's History tab (games, corrections) is read when it is shown, with what changed meanwhile."""
    from roster_app.services.corrections import correct_gold

    page = open_window.league_view.team_page
    history = page.history_tab
    tid = team_id(open_window.session.db, "Orcland Raiders")
    open_window.league_view.panel.select_team(tid)
    assert page.tabs.currentWidget() is not history and history.corrections_model.rows() == []
    open_window.session.run(correct_gold, team_id=tid, amount=-20_000, reason="Counted twice", made_by="Ann")
    assert history.corrections_model.rows() == []  # hidden: not read yet
    page.tabs.setCurrentWidget(history)
    assert [r.reason for r in history.corrections_model.rows()] == ["Counted twice"]


def test_esc_asks_before_a_typed_correction_is_lost(qtbot, open_window, monkeypatch):
    """Issue 35, item 4: every dialog that would lose the commissioner's work asks first."""
    from ui.kit import ask

    asked: list[str] = []
    answer = {"close": False}
    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: (asked.append(text), answer["close"])[1])
    dialog = open_dialog(qtbot, open_window)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # nothing typed: it closes
    assert not dialog.isVisible() and asked == []
    dialog = open_dialog(qtbot, open_window)
    dialog.reason.setText("Winnings counted twice")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.isVisible() and "What you typed is lost" in asked[-1]
    answer["close"] = True
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_f1_in_the_correction_dialog_opens_its_section(qtbot, open_window):
    from tests.ui.kit.test_handbook_sections import press_f1

    assert press_f1(open_dialog(qtbot, open_window)).section == "corrections"


def test_the_gold_range_comes_from_the_most_dugout_keeps_even_past_a_spin_box(qtbot, open_window, league_file):
    """Issue 36: the spin box's minimum was minus the treasury, which overflows a 32-bit spin box past
    2,147,483,647 gp (a treasury an older file or another program may hold). The range comes from
    rules/limits.py: never below 0 gp, never above the most Dugout keeps."""
    import contextlib
    import sqlite3

    from roster_app.rules.limits import MOST_GOLD

    dialog = open_dialog(qtbot, open_window)
    assert (dialog.gold.minimum(), dialog.gold.maximum()) == (-treasury(open_window.session.db, dialog.team_id()),
                                                              MOST_GOLD - treasury(open_window.session.db,
                                                                                   dialog.team_id()))  # fmt: skip
    dialog.reject()
    with contextlib.closing(sqlite3.connect(league_file)) as conn, conn:
        conn.execute("UPDATE team SET treasury = 3000000000")
    dialog = open_dialog(qtbot, open_window)
    assert dialog.now["gold"].text() == "3,000,000,000 gp"
    assert (dialog.gold.minimum(), dialog.gold.maximum()) == (-MOST_GOLD, 0)
    assert dialog.spp.maximum() == 1_000_000
    dialog.reject()


def test_the_ledger_tab_reads_a_correction_in_the_commissioners_language(qtbot, open_window, league_file):
    """Written in English, read in French: the sentence in French, the commissioner's own reason as typed."""
    from roster_app import i18n

    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    dialog = open_dialog(qtbot, open_window)
    dialog.gold.setValue(-20_000)
    fill(dialog)
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert treasury(db, tid) == ledger_sum(db, tid)
    i18n.set_language("fr")
    page = open_window.league_view.team_page
    page.tabs.setCurrentWidget(page.ledger_view)
    row = page.ledger_model.row_of(page.ledger_model.rows()[-1].id)
    shown = page.ledger_model.index(row, 2).data()
    assert shown == "Correction du commissaire par Ann Marsh : Winnings counted twice", shown
