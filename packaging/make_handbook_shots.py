"""The handbook's pictures, made from the demo league so they stay current:

    QT_QPA_PLATFORM=offscreen python packaging/make_handbook_shots.py            # resources/handbook/images
    QT_QPA_PLATFORM=offscreen python packaging/make_handbook_shots.py --all DIR  # every page, step, dialog

The window is 1366x768 (the smallest common laptop screen). Handbook pictures are scaled to 900 pixels wide
and kept to 256 colours, so each is well under 250 KB; `--all` writes full-size PNGs for a look at every
page, wizard step and dialog (and at 1920x1080 with `--size 1920x1080`).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

IMAGES = ROOT / "resources" / "handbook" / "images"
HANDBOOK_WIDTH = 900


def settle(app: QApplication, seconds: float = 0.05) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()


class Shots:
    def __init__(self, app: QApplication, folder: Path, *, small: bool):
        self.app, self.folder, self.small = app, folder, small
        folder.mkdir(parents=True, exist_ok=True)
        self.made: list[Path] = []

    def save(self, widget: QWidget, name: str) -> None:
        settle(self.app)
        image = widget.grab().toImage()
        if self.small:
            if image.width() > HANDBOOK_WIDTH:
                image = image.scaledToWidth(HANDBOOK_WIDTH, Qt.TransformationMode.SmoothTransformation)
            flags = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither  # crisp text
            image = image.convertToFormat(QImage.Format.Format_Indexed8, flags)
        path = self.folder / f"{name}.png"
        image.save(str(path), "PNG")
        self.made.append(path)


def open_demo(app: QApplication, size: tuple[int, int]) -> object:
    from roster_app.demo.league import build_demo
    from ui.main_window import MainWindow

    work = Path(tempfile.mkdtemp(prefix="dugout-shots-"))
    league = work / "Old World Classic.dugout"
    build_demo(league).close()
    window = MainWindow(QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(*size)
    window.open_league_later(str(league))
    window.show()
    deadline = time.monotonic() + 60
    while window.league_view is None and time.monotonic() < deadline:
        settle(app)
    settle(app, 0.3)
    return window


def due_fixture(window: object) -> object:
    from roster_app.queries import season as sq

    return next(f for f in sq.fixtures(window.session.db) if f.status == "played")


def handbook_shots(app: QApplication, shots: Shots, window: object) -> None:
    from ui.dialogs.hire_dialog import HireDialog
    from ui.wizards.postmatch_wizard import PageId, PostMatchWizard

    view = window.league_view
    shots.save(window, "teams")
    hire = HireDialog(window.session, view.current_team_id(), window)
    hire.show()
    shots.save(hire, "hire")
    hire.close()
    for page, name in ((view.season_page, "season"), (view.transfers_page, "transfers"),
                       (view.referees_page, "referees")):  # fmt: skip
        view.show_page(page)
        shots.save(window, name)
    wizard = PostMatchWizard(window.session, due_fixture(window).id, window)
    wizard.show()
    while wizard.currentId() < PageId.FAN_FACTOR:
        wizard.next()
    shots.save(wizard, "postmatch")
    wizard.reject()
    window.show_rules()
    window.rules_window.show_table("referee_rules")
    shots.save(window.rules_window, "rules")
    window.rules_window.close()


def every_screen(app: QApplication, shots: Shots, window: object) -> None:
    """Every page, each step of the post-match wizard, and the dialogs a league night opens."""
    from ui.dialogs.about_dialog import AboutDialog
    from ui.dialogs.hire_dialog import HireDialog
    from ui.wizards.postmatch_wizard import PostMatchWizard

    view = window.league_view
    for index in range(view.count()):
        view.setCurrentIndex(index)
        shots.save(window, f"page-{index}-{view.tabText(index).lower()}")
    view.setCurrentIndex(0)
    tabs = view.team_page.tabs
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        shots.save(window, f"team-tab-{index}-{tabs.tabText(index).lower()}")
    tabs.setCurrentIndex(0)
    for name, make in (("hire", lambda: HireDialog(window.session, view.current_team_id(), window)),
                       ("about", lambda: AboutDialog(window.session.db, window.settings, window))):  # fmt: skip
        dialog = make()
        dialog.show()
        shots.save(dialog, f"dialog-{name}")
        dialog.close()
    view.show_page(view.season_page)
    view.season_page.report_match()
    for dialog in window.findChildren(QWidget):
        if dialog.isWindow() and dialog.isVisible() and dialog is not window:
            shots.save(dialog, f"dialog-{type(dialog).__name__}")
            dialog.close()
    wizard = PostMatchWizard(window.session, due_fixture(window).id, window)
    wizard.show()
    for step in range(7):
        shots.save(wizard, f"postmatch-{step}-{wizard.currentId()}")
        wizard.next()
    wizard.reject()
    window.show_rules()
    rules = window.rules_window
    for row in range(rules.list_view.model().rowCount() if hasattr(rules, "list_view") else 0):
        rules.show_table_at(row)
        shots.save(rules, f"rules-{row}")
    rules.show_table("referee_rules")
    shots.save(rules, "rules-referee_rules")
    rules.close()
    handbook = window.show_handbook()
    shots.save(handbook, "handbook")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", metavar="DIR", help="every page, wizard step and dialog, full size, into DIR")
    parser.add_argument("--size", default="1366x768", help="the window's size (default 1366x768)")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.lower().split("x"))
    app = QApplication.instance() or QApplication([])
    from ui.fonts import register_bundled_fonts

    register_bundled_fonts()
    window = open_demo(app, size)
    if args.all:
        shots = Shots(app, Path(args.all), small=False)
        every_screen(app, shots, window)
    else:
        shots = Shots(app, IMAGES, small=True)
        handbook_shots(app, shots, window)
    for path in shots.made:
        print(f"{path}  {path.stat().st_size // 1024} KB")
    window.close_league()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
