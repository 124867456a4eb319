"""The GUI's part in keeping a league safe: "in use" question, banner, Check League, restore, backup timer."""

import sqlite3

from roster_app.safety import backups
from roster_app.safety.opening import open_league
from roster_app.services.teams import add_team
from ui.mainwindow.check_dialog import CheckDialog
from ui.mainwindow.restore_dialog import RestoreDialog


def _choose(monkeypatch, answer, seen):
    from ui.kit import ask

    monkeypatch.setattr(
        ask, "choose", lambda parent, text, options, **kw: (seen.append((text, options)), answer)[1]
    )


def test_a_league_in_use_can_be_opened_read_only(qtbot, window, league_file, monkeypatch):
    holder = open_league(league_file)
    asked = []
    _choose(monkeypatch, "Open read-only", asked)
    window.show()
    assert window.open_league(league_file)
    text, options = asked[0]
    assert "in use by Dugout on" in text and options == ["Open read-only"]
    assert window.session.read_only and not window.add_team_action.isEnabled()
    assert window.safety.banner.isVisible() and "read-only" in window.safety.banner.label.text()
    window.close_league()
    holder.close()


def test_cancel_leaves_the_league_to_its_holder(qtbot, window, league_file, monkeypatch):
    holder = open_league(league_file)
    _choose(monkeypatch, None, [])
    window.show()
    assert not window.open_league(league_file)
    assert window.session is None and window.stack.currentWidget() is window.welcome
    holder.close()


def test_a_file_from_a_newer_dugout_shows_a_banner_and_cannot_be_changed(qtbot, window, league_file):
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'f00d_from_the_future'")
    window.show()
    assert window.open_league(league_file)
    assert window.session.read_only
    assert "newer version of Dugout" in window.safety.banner.label.text() and window.safety.banner.isVisible()
    assert not window.add_team_action.isEnabled() and not window.rename_league_action.isEnabled()
    assert window.safety.timer.isActive() is False


def test_check_league_finds_and_repairs_in_one_undo_step(qtbot, window, league_file, qtmodeltester):
    with sqlite3.connect(league_file) as conn:
        conn.execute("DELETE FROM season")
    window.show()
    assert window.open_league(league_file)
    window.safety.check_action.trigger()
    dialog = window.findChild(CheckDialog)
    assert "1 problem(s) found" in dialog.summary.text() and "Season 1" in dialog.details.toPlainText()
    assert dialog.repair_button.isEnabled()
    dialog.repair_button.click()
    assert "No problems found" in dialog.summary.text() and "Repaired:" in dialog.details.toPlainText()
    assert not dialog.repair_button.isEnabled()
    assert window.undo_action.text() == "&Undo Check League repairs (1)"
    assert backups.list_backups(league_file)[0].reason == "before repair"


def test_restore_from_backup_puts_the_league_back(qtbot, open_window, league_file, messages, qtmodeltester):
    window = open_window
    add_team(window.session.db, name="Reikland Reavers", race="Human")
    window.safety.backup_now()  # the timer's work: the league changed since it was opened
    made = backups.list_backups(league_file)
    assert made[0].reason == "autosave"
    add_team(window.session.db, name="Athelorn Avengers", race="Wood Elf")
    window.safety.restore_action.trigger()
    dialog = window.findChild(RestoreDialog)
    qtmodeltester.check(dialog.model)
    assert dialog.model.rowCount() == len(made) and dialog.chosen().path == made[0].path
    assert dialog.model.data(dialog.model.index(0, 1)) == "while you worked"
    with qtbot.waitSignal(window.league_shown):
        dialog.restore_button.click()
    assert any("Put back the league" in m for m in messages)
    from roster_app.queries.rosters import teams

    assert [t.name for t in teams(window.session.db)] == ["Orcland Raiders", "Reikland Reavers"]
    assert "before restore" in [b.reason for b in backups.list_backups(league_file)[:2]]


def test_the_backup_timer_backs_up_only_after_changes(qtbot, open_window, league_file):
    window = open_window
    assert window.safety.timer.isActive() and window.safety.timer.interval() == 10 * 60_000
    count = len(backups.list_backups(league_file))
    window.safety.backup_now()
    assert len(backups.list_backups(league_file)) == count  # nothing changed since the open-time backup
    add_team(window.session.db, name="Reikland Reavers", race="Human")
    window.safety.backup_now()
    assert len(backups.list_backups(league_file)) == count + 1
    window.close_league()
    assert not window.safety.timer.isActive()


def test_a_lock_from_another_computer_can_be_taken_over_after_a_warning(
    qtbot, window, league_file, monkeypatch, messages
):
    import json

    from roster_app.safety.locking import lock_path

    lock_path(league_file).write_text(
        json.dumps({"app": "Dugout", "host": "clubhouse-pc", "pid": 7, "since": "2026-05-01T18:30:00+00:00"})
    )
    asked = []
    _choose(monkeypatch, "Take over", asked)
    window.show()
    assert window.open_league(league_file)
    assert asked[0][1] == ["Open read-only", "Take over"]
    assert any("not running on clubhouse-pc" in m for m in messages)
    assert not window.session.read_only


def test_opening_the_open_league_again_keeps_it_open(qtbot, open_window, league_file, monkeypatch):
    session = open_window.session
    _choose(monkeypatch, None, asked := [])
    assert open_window.open_league(league_file)
    assert open_window.session is session and not asked
