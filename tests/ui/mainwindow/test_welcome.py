"""The first-run screen and what `dugout` opens when it is given no file."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from ui.mainwindow.welcome import WelcomePage


@pytest.fixture
def page(qtbot):
    widget = WelcomePage()
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    widget.show()
    return widget


@pytest.mark.parametrize(
    ("button", "signal"),
    [("demo_button", "open_demo"), ("new_button", "new_league"), ("open_button", "open_league")],
)
def test_each_choice_of_the_first_run_screen_asks_for_its_action(qtbot, page, button, signal):
    with qtbot.waitSignal(getattr(page, signal), timeout=2000):
        qtbot.mouseClick(getattr(page, button), Qt.MouseButton.LeftButton)


def test_no_recent_leagues_on_the_first_run(page):
    assert page.recent_list.isHidden() and page.recent_title.isHidden()


def test_recent_leagues_open_and_missing_ones_are_marked(qtbot, page, league_file, tmp_path):
    missing = str(tmp_path / "moved.dugout")
    page.set_recent([str(league_file), missing])
    assert not page.recent_list.isHidden()
    first, second = page.recent_list.item(0), page.recent_list.item(1)
    assert "test" in first.text() and str(league_file) in first.text()
    assert "(not found)" in second.text()
    assert not second.flags() & Qt.ItemFlag.ItemIsEnabled
    with qtbot.waitSignal(page.open_path, timeout=2000) as opened:
        page.recent_list.itemActivated.emit(first)
    assert opened.args == [str(league_file)]


def test_the_window_opens_a_recent_league_from_the_first_run_screen(qtbot, window, league_file):
    window._add_recent(str(league_file))
    window.show()
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.welcome.recent_list.itemActivated.emit(window.welcome.recent_list.item(0))
    assert window.session.db.path == league_file


def test_the_last_league_is_the_most_recent_that_still_exists(window, league_file, tmp_path):
    assert window.last_league() is None
    window._add_recent(str(league_file))
    assert window.last_league() == league_file
    window._add_recent(str(tmp_path / "gone.dugout"))
    assert window.last_league() is None  # the last one was moved: show the first-run screen, not an older one


@pytest.fixture
def no_after_start(monkeypatch):
    """run_gui in this process without logging, crash files, excepthook and the socket server."""
    import faulthandler

    import ui.app.start

    monkeypatch.setattr(ui.app.start, "after_first_paint", lambda *a, **k: None)
    monkeypatch.setattr(faulthandler, "enable", lambda *a, **k: None)  # keep pytest's own


def run_in_process(monkeypatch, tmp_path, **kwargs) -> tuple[int, list]:
    """ui.app.start.run_gui(--screenshot) in this process; returns its exit code and what it asked to open."""
    import ui.mainwindow.window
    from ui.app.start import run_gui

    opened: list = []
    original = ui.mainwindow.window.MainWindow.open_league_later

    def record(self, path, **kw):  # noqa: ANN001
        opened.append(path)
        original(self, path, **kw)

    monkeypatch.setattr(ui.mainwindow.window.MainWindow, "open_league_later", record)
    code = run_gui(screenshot=str(tmp_path / "shot.png"), **kwargs)
    return code, opened


def test_with_no_file_dugout_opens_the_league_open_last_time(
    qtbot, monkeypatch, tmp_path, league_file, no_after_start, messages
):
    settings = QSettings("Dugout", "Dugout")  # what make_app names the default settings
    settings.setValue("files/recent", [str(league_file)])
    settings.sync()
    code, opened = run_in_process(monkeypatch, tmp_path, league=None, demo=False)
    assert code == 0
    assert opened == [league_file]


def test_with_no_file_and_no_last_league_dugout_shows_the_first_run_screen(
    qtbot, monkeypatch, tmp_path, no_after_start, messages
):
    QSettings("Dugout", "Dugout").remove("files/recent")
    code, opened = run_in_process(monkeypatch, tmp_path, league=None, demo=False)
    assert code == 0
    assert opened == []
    assert Path(tmp_path / "shot.png").is_file()
    assert not QApplication.windowIcon().isNull()  # every window shows the Dugout icon


def test_the_garbage_collector_is_off_while_starting_and_on_once_the_orm_is_loaded_after_the_league_is_shown(
    qtbot, monkeypatch, tmp_path, league_file, no_after_start, messages
):
    import gc

    import ui.mainwindow.window

    seen: dict[str, bool] = {}
    original = ui.mainwindow.window.MainWindow._show_league

    def show(self, db):  # noqa: ANN001
        seen["opening"] = gc.isenabled()
        self.orm_ready.connect(lambda: seen.setdefault("orm ready", gc.isenabled()))  # after run_gui's resume_gc
        original(self, db)
        seen["shown"] = gc.isenabled()

    monkeypatch.setattr(ui.mainwindow.window.MainWindow, "_show_league", show)
    code, _opened = run_in_process(monkeypatch, tmp_path, league=str(league_file), demo=False)
    assert code == 0
    # still off when league_shown is emitted (the ORM's idle import comes next), back on once it is done
    assert seen == {"opening": False, "shown": False, "orm ready": True}
    assert gc.isenabled()


def test_a_screenshot_run_in_this_process(qtbot, monkeypatch, tmp_path, no_after_start, messages):
    """The first of a pair (the next test checks what this one leaves behind): run_gui in a process that goes on."""
    QSettings("Dugout", "Dugout").remove("files/recent")
    assert run_in_process(monkeypatch, tmp_path, league=None, demo=False)[0] == 0


def test_the_next_test_after_a_screenshot_run_has_working_event_loops(qtbot):
    """Qt's quit when the last window went (the screenshot run's, once the test was over) left every later QEventLoop
    returning at once: the waits of whichever test came next timed out at once (tests/ui/kit/test_columns.py after this
    module). Runs after the test above, as pytest keeps a module's order."""
    import time

    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(200, loop.quit)
    start = time.monotonic()
    loop.exec()
    assert time.monotonic() - start >= 0.15
