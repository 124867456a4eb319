"""Starting the GUI: the application object, the main window, and the --screenshot mode."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

log = logging.getLogger(__name__)

STYLE = """
#teamTitle { font-size: 17pt; font-weight: 600; }
#figureTitle { color: #5b6470; font-size: 8pt; text-transform: uppercase; }
#figureValue { font-size: 13pt; font-weight: 600; }
#teamHeader { background: #f6f7f9; border: 1px solid #d8dce2; border-radius: 6px; }
#loadingLabel { font-size: 14pt; color: #5b6470; qproperty-alignment: AlignCenter; }
"""


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def make_app(argv: list[str] | None = None):  # noqa: ANN201 - keeps PySide6 out of this module's import
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    app.setOrganizationName("Dugout")
    app.setApplicationName("Dugout")
    app.setStyle("Fusion")
    app.setStyleSheet(STYLE)
    return app


def run_gui(
    *, league: str | None, demo: bool, screenshot: str | None, read_only: bool = False, page: str | None = None
) -> int:
    if screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not has_display():
        print(
            "dugout: no screen to open a window on (DISPLAY is not set). Run it on a desktop, or use "
            "`dugout --screenshot OUT.png --demo` to draw the window offscreen.",
            file=sys.stderr,
        )
        return 2
    app = make_app()
    from PySide6.QtCore import QTimer

    from ui.main_window import MainWindow

    window = MainWindow()
    window.show()
    if screenshot:
        window.resize(1400, 860)  # the offscreen screen is small; draw at a laptop's size
    if demo:
        window.open_demo_later()
    elif league:
        window.open_league_later(Path(league), read_only=read_only)
    if page:
        window.league_shown.connect(lambda: window.league_view.show_page_titled(page))
    if screenshot:
        result = {"code": 1}

        def shoot() -> None:
            window.grab().save(screenshot)
            result["code"] = 0 if Path(screenshot).exists() else 1
            app.quit()

        window.league_shown.connect(lambda: QTimer.singleShot(50, shoot))
        window.league_failed.connect(lambda message: (print(f"dugout: {message}", file=sys.stderr), app.quit()))
        QTimer.singleShot(60_000, app.quit)
        app.exec()
        return result["code"]
    return app.exec()
