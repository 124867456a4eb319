"""Logs and crashes: a rotating log file, hard crashes written by faulthandler and reported at the next
start, and an unhandled exception logged with its traceback and explained in plain words."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap

import pytest

from ui.app import crash


@pytest.fixture
def log_folder(tmp_path):
    """A log folder for this test; the handler it adds to the root logger is removed afterwards."""
    folder = tmp_path / "logs"
    yield folder
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, "dugout_log", None)]:
        root.removeHandler(handler)
        handler.close()


def run_python(code: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=120, env=env)  # fmt: skip


def test_the_log_is_a_rotating_file_in_the_log_folder(log_folder):
    path = crash.setup_logging(log_folder)
    assert crash.setup_logging(log_folder) == path  # once per process
    logging.getLogger("ui.test").warning("a line for the log")
    handlers = [h for h in logging.getLogger().handlers if getattr(h, "dugout_log", None) == path]
    assert len(handlers) == 1
    assert handlers[0].maxBytes == crash.LOG_BYTES and handlers[0].backupCount == crash.LOG_BACKUPS
    handlers[0].flush()
    text = path.read_text()
    assert "Dugout 0.1.0 started" in text and "a line for the log" in text


def test_the_default_log_folder_is_the_platform_one(isolated_user_dirs):
    from roster_app.paths import log_dir

    assert crash.log_file() == log_dir() / "dugout.log"
    assert log_dir().is_relative_to(isolated_user_dirs)


def test_an_unhandled_exception_is_logged_and_explained(qtbot, log_folder, messages):
    try:
        raise ValueError("the dice table has no row for 13")
    except ValueError as exc:
        crash.handle_exception(type(exc), exc, exc.__traceback__, folder=log_folder)
    text = crash.log_file(log_folder).read_text()
    assert "Unhandled exception" in text and "Traceback" in text
    assert "ValueError: the dice table has no row for 13" in text
    [message] = messages
    assert "the dice table has no row for 13" in message
    assert "Every change you made before this is safe" in message
    assert "written completely or not at all" in message
    assert str(crash.log_file(log_folder)) in message


def test_an_exception_in_a_slot_reaches_the_hook_in_a_real_app(tmp_path):
    """PySide6 hands an exception raised in a slot to sys.excepthook: it is logged, the user is told."""
    result = run_python(
        f"""
        import sys
        from pathlib import Path
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from ui.app import crash
        from ui.kit import ask
        app = QApplication(sys.argv[:1])
        ask.error = lambda parent, text, **kw: print("TOLD:", text.splitlines()[0])
        crash.install_excepthook(lambda: None, folder=Path({str(tmp_path)!r}))
        def slot():
            raise KeyError("no such team")
        QTimer.singleShot(0, slot)
        QTimer.singleShot(200, app.quit)
        app.exec()
        """,
        {"QT_QPA_PLATFORM": "offscreen"},
    )
    assert "TOLD: Something went wrong inside Dugout (KeyError: 'no such team')" in result.stdout, result.stderr
    log = (tmp_path / "dugout.log").read_text()
    assert "KeyError: 'no such team'" in log and "in slot" in log


def test_a_hard_crash_is_written_to_a_crash_file_and_reported_once(tmp_path, log_folder):
    result = run_python(
        f"""
        import faulthandler
        from pathlib import Path
        from ui.app.crash import enable_crash_log
        enable_crash_log(Path({str(log_folder)!r}))
        faulthandler._sigsegv()
        """
    )
    assert result.returncode != 0
    crash_files = list(log_folder.glob("crash-*.log"))
    assert len(crash_files) == 1
    assert "Fatal Python error" in crash_files[0].read_text()

    reports = crash.previous_crashes(log_folder)
    assert len(reports) == 1 and "Fatal Python error" in reports[0].text
    assert list(log_folder.glob("crash-*.log")) == []  # told once
    assert crash.previous_crashes(log_folder) == []
    text = crash.crash_report_text(reports, crash.log_file(log_folder))
    assert "closed unexpectedly" in text and "Every change you made before this is safe" in text


def test_a_clean_exit_leaves_no_crash_file(log_folder):
    result = run_python(
        f"""
        from pathlib import Path
        from ui.app.crash import enable_crash_log
        print(enable_crash_log(Path({str(log_folder)!r})).exists())
        """
    )
    assert result.stdout.strip() == "True", result.stderr
    assert list(log_folder.glob("crash-*.log")) == []


def test_the_crash_file_of_a_running_dugout_is_left_alone(log_folder):
    log_folder.mkdir(parents=True)
    mine = log_folder / f"crash-{os.getpid()}.log"
    mine.write_text("")
    assert crash.previous_crashes(log_folder) == []
    assert mine.exists()


def test_the_next_start_tells_the_commissioner_about_the_crash(qtbot, window, log_folder, monkeypatch, messages):
    import ui.app.start

    log_folder.mkdir(parents=True)
    (log_folder / "crash-999999999.log").write_text("Fatal Python error: Segmentation fault\n")
    monkeypatch.setattr(crash, "default_log_dir", lambda: log_folder)
    monkeypatch.setattr(crash, "enable_crash_log", lambda folder=None: None)  # keep pytest's own faulthandler
    monkeypatch.setattr(crash, "install_excepthook", lambda window, folder=None: None)
    ui.app.start.after_first_paint(window, single_instance=False, tell_about_crashes=True)
    qtbot.waitUntil(lambda: bool(messages), timeout=5000)
    assert "Dugout closed unexpectedly" in messages[0]
    assert "Segmentation fault" in crash.log_file(log_folder).read_text()
