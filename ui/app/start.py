"""Starting the GUI: the application object, the main window, and the --screenshot mode.

Start-up order (issue 12: the window paints before SQLModel is imported):
1. a start with a running Dugout hands its file to that window and exits (ui/app/single_instance.py);
2. the window is shown; the league (given, --demo, or the one open last time) loads after the first paint;
3. then logging, the crash log, the excepthook and the single-instance server start (`after_first_paint`).
4. the league is shown reading with plain sqlite3 (`league_shown`); the ORM is imported after it in idle time,
   a module per turn of the event loop, and the league's engine made (`orm_ready`; MainWindow._load_orm_later).
Python's cyclic garbage collector is off until the ORM is loaded (`resume_gc`): importing PySide6 and the ORM
leaves ~86,000 tracked objects that live as long as the process, and collecting over them cost ~50 ms of CPU.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
from pathlib import Path
from typing import Any

from ui.kit.style import style_app

log = logging.getLogger(__name__)


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def skip_pyside_source_scan() -> None:
    """PySide6 reads the source of every module imported after it, looking for `from __feature__ import`
    (snake_case / true_property, which Dugout does not use); the sources stay in linecache. Loading the ORM
    after the first paint would cost ~23 MB and ~0.1 s for nothing: every module is told to ignore features."""
    try:
        from PySide6.support import feature
    except ImportError:  # pragma: no cover - a PySide6 without the feature switch
        return
    if hasattr(feature, "_mod_uses_pyside"):
        feature._mod_uses_pyside = lambda _module: False


def make_app(argv: list[str] | None = None, *, style_sheet: bool = True):  # noqa: ANN201 - no PySide6 at import
    """The QApplication; `style_sheet=False`: its style sheet is set later (`style_app`, after the first roster)."""
    from PySide6.QtWidgets import QApplication

    skip_pyside_source_scan()

    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    app.setOrganizationName("Dugout")
    app.setApplicationName("Dugout")
    app.setStyle("Fusion")
    if style_sheet:
        style_app(app)
    from ui.kit.icons import APP_ID, app_icon

    app.setDesktopFileName(APP_ID)  # Wayland/X11 match the window to org.dugout.Dugout.desktop
    app.setWindowIcon(app_icon())
    if getattr(sys, "frozen", False):
        from ui.kit.fonts import register_bundled_fonts

        register_bundled_fonts()  # the bundle may run where no font is installed
    return app


def after_first_paint(window: Any, *, single_instance: bool, tell_about_crashes: bool) -> None:
    """Start-up work that waits until the first look's roster is on screen (or the window, without one); the
    app's style sheet first (ui/kit/style.py)."""
    from PySide6.QtWidgets import QApplication

    style_app(QApplication.instance())
    from ui.app import crash

    crash.enable_crash_log()
    crash.install_excepthook(lambda: window)
    crash.setup_logging()
    if single_instance:
        from ui.app.single_instance import InstanceServer, handle_message

        window.instance_server = InstanceServer(lambda message: handle_message(window, message))
    if tell_about_crashes:
        reports = crash.previous_crashes()
        if reports:
            from PySide6.QtCore import QTimer

            from roster_app.i18n import _
            from ui.kit import ask

            text = crash.crash_report_text(reports, crash.log_file())
            QTimer.singleShot(0, lambda: ask.info(window, text, title=_("Dugout closed unexpectedly")))


def resume_gc() -> None:
    """The collector back on, the objects made while starting (modules, classes, the ORM's mappers) set aside
    from it for good (`gc.freeze`): they live as long as the process, so scanning them again would find nothing."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def report_timing(app: Any, window: Any, *, loading: bool) -> None:
    """DUGOUT_TIMING=1 (bench/startup.py): print when the window, the first roster and the open league are
    on screen and when the ORM has loaded after it (time.time(), so the bench can measure from the moment it
    started this process, and the CPU time used so far), then quit."""
    import time

    from PySide6.QtCore import QTimer

    def stamp(what: str) -> None:  # the wall clock, and the CPU time this process has used since it started
        print(f"timing {what} {time.time():.6f} {time.process_time():.6f}", flush=True)

    window.first_painted.connect(lambda: stamp("first-paint"))
    window.first_roster_painted.connect(lambda: stamp("first-roster"))
    window.league_failed.connect(lambda _message: app.quit())
    if loading:
        window.league_shown.connect(lambda: stamp("league-open"))
        window.orm_ready.connect(lambda: (stamp("orm-ready"), QTimer.singleShot(0, window.close)))
    else:
        window.first_painted.connect(lambda: QTimer.singleShot(0, window.close))


def run_gui(
    *, league: str | None, demo: bool, screenshot: str | None, read_only: bool = False, page: str | None = None
) -> int:
    import faulthandler

    faulthandler.enable()  # to stderr until after_first_paint opens the crash log
    if screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not has_display():
        from roster_app.i18n import _

        print(
            _(
                "dugout: no screen to open a window on (DISPLAY is not set). Run it on a desktop, or use "
                "`dugout --screenshot OUT.png --demo` to draw the window offscreen."
            ),
            file=sys.stderr,
        )
        return 2
    if not screenshot:
        from ui.app.single_instance import message_for, send_to_running

        if send_to_running(message_for(league, demo=demo, read_only=read_only)):
            from roster_app.i18n import _

            print(_("dugout: handed over to the Dugout window that is already open."), file=sys.stderr)
            return 0
    gc.disable()  # until the league is shown (resume_gc)
    try:
        return _run_window(league=league, demo=demo, screenshot=screenshot, read_only=read_only, page=page)
    finally:
        resume_gc()


def _run_window(
    *, league: str | None, demo: bool, screenshot: str | None, read_only: bool, page: str | None
) -> int:
    app = make_app(style_sheet=False)  # set by after_first_paint
    from PySide6.QtCore import QSettings, QTimer

    from ui.kit.language import choose_language

    choose_language(QSettings())  # Preferences' language, else the system's: before the window's first word
    from ui.app.language import follow_language
    from ui.mainwindow.window import MainWindow

    window = MainWindow()
    follow_language(window)  # Preferences: the window built again in a language just chosen
    for done in (window.orm_ready, window.league_failed):  # orm_ready: after league_shown and the idle imports
        done.connect(lambda *_: resume_gc())
    QTimer.singleShot(10_000, resume_gc)  # an open cancelled at the lock prompt shows neither
    if sys.platform == "darwin":
        from ui.app.file_open import FileOpenFilter

        window.file_open_filter = FileOpenFilter(window)
        app.installEventFilter(window.file_open_filter)
    rest = lambda: after_first_paint(window, single_instance=not screenshot, tell_about_crashes=not screenshot)  # noqa: E731
    # after the first look's roster is on screen (when there is one): ~15 ms of CPU the roster does not wait for
    window.first_painted.connect(lambda: QTimer.singleShot(0, lambda: window.after_first_look(rest)))
    loading = True  # what to open is known before the window shows, so it never builds the first-run page
    if demo:
        window.open_demo_later()
    elif league:
        window.open_league_later(league, read_only=read_only)  # a file, or a shared league's URL
    elif (last := window.last_league()) is not None:
        window.open_league_later(last)
    else:
        loading = False  # the first-run screen
        window.first_painted.connect(resume_gc)
    window.show()
    if screenshot:
        window.resize(1400, 860)  # the offscreen screen is small; draw at a laptop's size
    if page:
        window.league_shown.connect(lambda: window.league_view.show_page_titled(page))
    if os.environ.get("DUGOUT_TIMING") and not screenshot:
        report_timing(app, window, loading=loading)
    if screenshot:
        result = {"code": 1}
        app.setQuitOnLastWindowClosed(False)  # it quits once the picture is taken, never when the window goes

        def shoot() -> None:
            window.grab().save(screenshot)
            result["code"] = 0 if Path(screenshot).exists() else 1
            app.quit()

        if loading:  # the league as it stands ready for edits: shown, and the ORM loaded after it (orm_ready)
            window.orm_ready.connect(lambda: QTimer.singleShot(50, shoot))
        else:
            window.first_painted.connect(lambda: QTimer.singleShot(50, shoot))
        window.league_failed.connect(lambda message: (print(f"dugout: {message}", file=sys.stderr), app.quit()))
        give_up = QTimer(window, singleShot=True, interval=60_000)
        give_up.timeout.connect(app.quit)
        give_up.start()
        app.exec()
        # in a process that goes on (the tests), nothing of this window may quit a later event loop: Qt's quit on
        # the last window closed left every later QEventLoop returning at once
        give_up.stop()
        window.close_league()
        window.hide()
        window.deleteLater()
        app.setQuitOnLastWindowClosed(True)
        return result["code"]
    return app.exec()
