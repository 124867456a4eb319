"""The GUI over a shared league: File > Connect to Shared League…, an empty database, Save a Copy, and a
roster edit refused because someone else changed the player meanwhile (that one runs on a file too)."""

import pytest
from PySide6.QtWidgets import QSpinBox

from roster_app.errors import CHANGED_MEANWHILE
from roster_app.queries import rosters as queries
from roster_app.services.players import update_player
from roster_app.store.db import LeagueDB
from tests.ui.roster.test_roster_editing import hire_in_file, press_enter


def test_a_roster_edit_made_after_someone_else_changed_the_player_is_refused_and_the_roster_reloads(
    qtbot, open_window, messages
):
    tid, pid = hire_in_file(open_window)
    page = open_window.league_view.team_page
    other = LeagueDB(open_window.session.db.engine)  # another commissioner: this window is not told
    update_player(other, player_id=pid, field="name", value="Gorbag")
    assert page.roster_model._rows[0].name == "Bob"  # still the old line on screen
    page.edit_cell(pid, "ma")
    editor = page.roster_view.findChild(QSpinBox)
    editor.setValue(6)
    press_enter(qtbot, page.roster_view, editor)
    assert any(CHANGED_MEANWHILE in m for m in messages)
    assert [(r.name, r.ma) for r in queries.roster(open_window.session.db, tid)] == [("Gorbag", 5)]
    assert page.roster_model._rows[0].name == "Gorbag"  # reloaded: the edit can be made again from here


def test_a_wrong_address_is_explained_and_nothing_opens(qtbot, window, messages):
    dialog = window.shared.ask_address()
    assert not dialog.connect_button.isEnabled()
    qtbot.keyClicks(dialog.address, "postgresql://coach@server:port/league")
    assert dialog.connect_button.isEnabled()
    dialog.connect_button.click()
    assert window.session is None
    assert any("not a database address" in m for m in messages)


@pytest.mark.postgres
def test_connect_to_a_shared_league(qtbot, window, pg_league_url, messages, tmp_path, monkeypatch):
    from roster_app.store.server import display_url
    from ui.kit import ask

    window.show()
    dialog = window.shared.ask_address()
    qtbot.keyClicks(dialog.address, pg_league_url)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        dialog.connect_button.click()
    db = window.session.db
    assert db.on_server and "Test League" in window.windowTitle()
    assert window.statusBar().currentMessage() == display_url(pg_league_url)
    assert window.recent_files()[0] == display_url(pg_league_url)
    assert window.settings.value("shared/last_url") == display_url(pg_league_url)
    assert not window.safety.restore_action.isEnabled() and not window.safety.timer.isActive()
    copy = tmp_path / "copy.dugout"
    monkeypatch.setattr(ask, "save_path", lambda *a, **k: str(copy))
    window.save_copy()
    from roster_app.safety.opening import open_league
    from tests.helpers import snapshot

    saved = open_league(copy, read_only=True)
    assert snapshot(saved, versions=True) == snapshot(db, versions=True)
    saved.close()
    assert window.shared.ask_address().url() == display_url(pg_league_url)  # remembered, without a password


@pytest.mark.postgres
def test_an_empty_database_gets_a_new_league(qtbot, window, pg_url, messages, monkeypatch):
    from ui.kit import ask
    from ui.mainwindow.shared_league import CREATE

    asked = []
    monkeypatch.setattr(ask, "choose", lambda parent, text, options, **kw: (asked.append(options), CREATE)[1])
    monkeypatch.setattr(ask, "text", lambda *a, **k: "Shared Cup")
    window.show()
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        assert window.open_league(pg_url)  # a URL given like a file (recent list, command line)
    assert asked == [[CREATE]]  # no league open: nothing to copy there
    assert window.windowTitle().startswith("Shared Cup")


def test_the_command_line_takes_one_league(capsys):
    from ui.app.cli import main

    assert main(["--database", "postgresql://coach@server/league", "--demo"]) == 2
    assert "give one league" in capsys.readouterr().err
