"""File menu paths: bad files, recent files, new league, save a copy."""

from roster_app.safety.opening import open_league
from tests.conftest import file_digest


def test_opening_garbage_says_so_and_changes_nothing(qtbot, window, tmp_path, messages, monkeypatch):
    from ui.kit import ask

    bad = tmp_path / "holiday photos.dugout"
    bad.write_bytes(b"\x89PNG\r\n" + b"\x00" * 300)
    before = file_digest(bad)
    monkeypatch.setattr(ask, "open_path", lambda *a, **k: str(bad))
    window.show()
    window.open_dialog()
    assert messages and "not a Dugout league" in messages[0]
    assert window.session is None
    assert window.stack.currentWidget() is window.welcome
    assert file_digest(bad) == before


def test_recent_files_remember_opened_leagues(qtbot, open_window, league_file):
    assert open_window.recent_files() == [str(league_file.resolve())]


def test_new_league_then_save_a_copy(qtbot, window, tmp_path, monkeypatch):
    from ui.kit import ask
    from ui.mainwindow.new_league_dialog import NewLeagueDialog

    window.show()
    window.new_league()
    dialog = window.findChild(NewLeagueDialog)
    qtbot.keyClicks(dialog.name, "Autumn Cup")
    dialog.path.setText(str(tmp_path / "autumn.dugout"))
    with qtbot.waitSignal(window.league_shown):
        dialog.accept()
    assert "Autumn Cup" in window.windowTitle()
    copy = tmp_path / "copy.dugout"
    monkeypatch.setattr(ask, "save_path", lambda *a, **k: str(copy))
    window.save_copy()
    db = open_league(copy, read_only=True)
    from roster_app.queries.rosters import league_info

    assert league_info(db).name == "Autumn Cup"
    db.close()


def test_window_geometry_is_remembered(qtbot, settings):
    from ui.mainwindow.window import MainWindow

    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    first.resize(640, 480)  # the offscreen screen is small; restoreGeometry clamps to it
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    assert (second.width(), second.height()) == (640, 480)
