"""Logs, crash reports and the message shown when something unexpected goes wrong.

- `setup_logging()`: a rotating `dugout.log` in the platform's log folder (1 MB, 3 old files kept).
- `enable_crash_log()`: faulthandler writes a hard crash (segfault, abort) to `crash-<pid>.log`;
  `previous_crashes()` finds those of earlier runs at the next start, copies them into the log and
  deletes them, so the commissioner is told once.
- `install_excepthook()`: an unhandled Python exception is logged with its traceback and the
  commissioner is told in plain words what was saved (every change is written at once, and a change
  is written whole or not at all) and where the details are.
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import logging
import os
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from roster_app.i18n import N_, _

log = logging.getLogger("dugout")

LOG_NAME = "dugout.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
_crash_file: Any = None
_showing = False


def default_log_dir() -> Path:
    from roster_app.paths import log_dir

    return log_dir()


def log_file(folder: Path | None = None) -> Path:
    return (folder or default_log_dir()) / LOG_NAME


def setup_logging(folder: Path | None = None, *, level: int = logging.INFO) -> Path:
    """Log to the rotating file in `folder` (the platform's log folder by default). Idempotent."""
    from logging.handlers import RotatingFileHandler

    path = log_file(folder)
    root = logging.getLogger()
    for handler in root.handlers:
        if getattr(handler, "dugout_log", None) == path:
            return path
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
    handler.dugout_log = path  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    logging.captureWarnings(True)
    from roster_app import __version__

    log.info("Dugout %s started (pid %s, Python %s, %s)", __version__, os.getpid(), sys.version.split()[0],
             "bundle" if getattr(sys, "frozen", False) else "from source")  # fmt: skip
    return path


def enable_crash_log(folder: Path | None = None) -> Path:
    """faulthandler writes hard crashes of this process to `crash-<pid>.log` (kept open until exit)."""
    global _crash_file
    folder = folder or default_log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"crash-{os.getpid()}.log"
    if _crash_file is not None and not _crash_file.closed:
        if Path(_crash_file.name) == path:
            return path
        _crash_file.close()
    _crash_file = open(path, "w", encoding="utf-8")  # noqa: SIM115 - open for the process's lifetime
    faulthandler.enable(file=_crash_file, all_threads=True)
    atexit.register(_close_crash_log)
    return path


def _close_crash_log() -> None:
    """At a clean exit: stop writing crashes to the file and remove it if nothing was written."""
    global _crash_file
    if _crash_file is None or _crash_file.closed:
        return
    faulthandler.enable()  # back to stderr for whatever runs after this
    path = Path(_crash_file.name)
    _crash_file.close()
    _crash_file = None
    with contextlib.suppress(OSError):
        if path.stat().st_size == 0:
            path.unlink()


@dataclass(frozen=True)
class CrashReport:
    when: datetime
    text: str


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return False  # an open file cannot be deleted on Windows: the unlink below tells
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def previous_crashes(folder: Path | None = None) -> list[CrashReport]:
    """Crash files of earlier runs: copied into the log and deleted. Empty files (clean exits) go too."""
    folder = folder or default_log_dir()
    reports = []
    for path in sorted(folder.glob("crash-*.log")):
        try:
            pid = int(path.stem.split("-", 1)[1])
        except ValueError:
            continue
        if _alive(pid):
            continue
        try:
            text = path.read_text(encoding="utf-8", errors="replace").strip()
            when = datetime.fromtimestamp(path.stat().st_mtime)
            path.unlink()
        except OSError:
            continue  # still open by a running Dugout (Windows), or gone already
        if text:
            log.error("Dugout (pid %s) crashed at %s:\n%s", pid, when.strftime("%Y-%m-%d %H:%M"), text)
            reports.append(CrashReport(when, text))
    return reports


SAVED = N_(
    "Every change you made before this is safe: Dugout writes each change to the league file the moment "
    "you make it, and a change is written completely or not at all."
)


def unexpected_error_text(exc: BaseException, log_path: Path) -> str:
    return (
        _("Something went wrong inside Dugout ({error}).").format(error=f"{type(exc).__name__}: {exc}")
        + "\n\n"
        + _(SAVED)
        + _(" If you were changing something just now, check that it is there and do it again if not.")
        + "\n\n"
        + _("Dugout is still running; if it behaves oddly, close it and open the league again.")
        + "\n\n"
        + _("The details are in {log} (send that file with a bug report).").format(log=log_path)
    )


def crash_report_text(reports: list[CrashReport], log_path: Path) -> str:
    when = reports[-1].when.strftime("%Y-%m-%d at %H:%M")
    return (
        _("Dugout closed unexpectedly the last time it ran ({when}).").format(when=when)
        + "\n\n"
        + _(SAVED)
        + _(" Only a change that was being written at that very moment may be missing.")
        + "\n\n"
        + _("The details are in {log} (send that file with a bug report).").format(log=log_path)
    )


def handle_exception(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    window: Callable[[], Any] = lambda: None,
    folder: Path | None = None,
) -> None:
    """Log an unhandled exception with its traceback and tell the commissioner in plain words."""
    global _showing
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    path = setup_logging(folder)
    log.critical("Unhandled exception\n%s", "".join(traceback.format_exception(exc_type, exc, tb)).rstrip())
    traceback.print_exception(exc_type, exc, tb, file=sys.stderr)
    if _showing or threading.current_thread() is not threading.main_thread():
        return
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        return
    from ui.kit import ask

    _showing = True
    try:
        ask.error(window(), unexpected_error_text(exc, path), title=_("Dugout hit a problem"))
    finally:
        _showing = False


def install_excepthook(window: Callable[[], Any], folder: Path | None = None) -> None:
    """Route unhandled exceptions (in slots, event handlers and threads) to `handle_exception`."""

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        handle_exception(exc_type, exc, tb, window=window, folder=folder)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            handle_exception(args.exc_type, args.exc_value, args.exc_traceback, window=window, folder=folder)

    sys.excepthook = hook
    threading.excepthook = thread_hook
