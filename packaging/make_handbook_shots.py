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
from PySide6.QtWidgets import QApplication, QWidget, QWizard  # noqa: E402

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
    from ui.mainwindow.window import MainWindow

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
    from ui.roster.hire_dialog import HireDialog
    from ui.sequences.postmatch.wizard import PageId, PostMatchWizard

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
    from ui.mainwindow.about_dialog import AboutDialog
    from ui.roster.hire_dialog import HireDialog
    from ui.sequences.postmatch.wizard import PageId, PostMatchWizard

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
        shots.save(wizard, f"postmatch-{step}-{PageId(wizard.currentId()).name.lower()}")
        wizard.next()
    wizard.reject()
    window.show_rules()
    rules = window.rules_window
    for row in range(rules.table_model.rowCount()):
        rules.table_view.selectRow(row)
        shots.save(rules, f"rules-{row:02}-{rules.current_key()}")
    rules.close()
    handbook = window.show_handbook()
    shots.save(handbook, "handbook")
    handbook.close()
    every_other_screen(app, shots, window)


class Silent:
    """The messages a walk through every screen meets, printed instead of shown (nothing waits for a click)."""

    def __enter__(self) -> None:
        from ui.kit import ask

        self.saved = {name: getattr(ask, name) for name in ("error", "info", "confirm", "pick", "choose", "text")}
        ask.error = ask.info = lambda parent, text, **kw: print(f"  message: {text}")
        ask.confirm = lambda parent, text, **kw: (print(f"  question: {text}"), False)[1]
        ask.pick = lambda parent, label, options, **kw: (print(f"  picked {options[0]}: {label}"), 0)[1]
        ask.choose = lambda parent, text, options, **kw: None
        ask.text = lambda parent, label, **kw: None

    def __exit__(self, *_exc: object) -> None:
        from ui.kit import ask

        for name, function in self.saved.items():
            setattr(ask, name, function)


def shoot(shots: Shots, name: str, make: object) -> object:
    """Show what `make()` gives (a dialog or wizard), save it as `name`, close it; a screen that cannot open
    here is named and skipped."""
    try:
        widget = make()
        if widget is None:
            print(f"  {name}: did not open", file=sys.stderr)
            return None
        widget.show()
        shots.save(widget, name)
        return widget
    except Exception as exc:  # noqa: BLE001 - a review walk names what it could not show and goes on
        print(f"  {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return None


def close(widget: object) -> None:
    if widget is not None:
        widget.close()


def roll_everything(page: QWidget) -> None:
    from ui.kit.dice_input import DiceInput

    for dice in page.findChildren(DiceInput):
        if dice.isVisible() and dice.roll_button.isVisible() and dice.roll_button.isEnabled():
            dice.roll_button.click()


def wizard_steps(shots: Shots, name: str, wizard: object, steps: int = 12) -> None:
    """Every step of `wizard` as far as next() goes (Dugout's own draft data: nothing is written)."""
    if wizard is None:
        return
    seen = set()
    for _ in range(steps):
        seen.add(wizard.currentId())
        shots.save(wizard, f"{name}-{len(seen)}-{type(wizard.currentPage()).__name__}")
        if not wizard.button(QWizard.WizardButton.NextButton).isEnabled():
            roll_everything(wizard.currentPage())  # the dice a step waits for, rolled by Dugout
            settle(QApplication.instance())
            shots.save(wizard, f"{name}-{len(seen)}-{type(wizard.currentPage()).__name__}-rolled")
        if not wizard.button(QWizard.WizardButton.NextButton).isEnabled():
            break  # a step waiting for the commissioner (next() would skip its checks)
        wizard.next()
        if wizard.currentId() in seen or wizard.currentId() < 0:
            break
    wizard.reject()


def every_other_screen(app: QApplication, shots: Shots, window: object) -> None:
    """The dialogs and wizards of the menus and pages beyond a league night's (`--all`)."""
    from roster_app.queries import referees as rq
    from roster_app.queries import rosters as rosters
    from roster_app.queries import season as sq
    from ui.careers import windows as career_dialogs
    from ui.mainwindow.check_dialog import CheckDialog
    from ui.mainwindow.connect_dialog import ConnectDialog
    from ui.mainwindow.new_league_dialog import NewLeagueDialog
    from ui.mainwindow.new_team_dialog import NewTeamDialog
    from ui.pages.referees.referee_dialog import RefereeDialog
    from ui.pages.season import fixture_dialogs
    from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog
    from ui.printing.print_choice_dialog import PrintChoiceDialog
    from ui.roster.contract_dialog import ContractDialog
    from ui.sequences.prematch.draft_dialog import DraftDialog
    from ui.sequences.prematch.wizard import PreMatchWizard
    from ui.sequences.referee_sheet.rolls_dialog import RefereeRollsDialog
    from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog
    from ui.sequences.transfer.wizard import TransferWizard

    session, db, view = window.session, window.session.db, window.league_view
    team = view.current_team_id()
    player = rosters.roster(db, team)[0].id
    referee = rq.referee_cards(db)[0].id
    fixtures = sq.fixtures(db)
    scheduled = next(f for f in fixtures if f.status == "scheduled")
    played = next(f for f in fixtures if f.status in ("played", "completed"))
    sheet = next((s for s in (rq.sheet_of_match(db, f.id) for f in fixtures) if s is not None), None)
    with Silent():
        for name, make in (
            ("dialog-new-league", lambda: NewLeagueDialog(window)),
            ("dialog-new-team", lambda: NewTeamDialog(session, window)),
            ("dialog-contract", lambda: ContractDialog(session, player, window)),
            ("dialog-correction", lambda: window.correct()),
            ("dialog-check-league", lambda: CheckDialog(session, window)),
            ("dialog-connect-shared", lambda: ConnectDialog("", window)),
            ("dialog-print-choice", lambda: PrintChoiceDialog(rosters.teams(db), team, parent=window)),
            ("dialog-generate-season", lambda: fixture_dialogs.GenerateSeasonDialog(session, window)),
            ("dialog-add-fixture", lambda: fixture_dialogs.AddFixtureDialog(session, 1, window)),
            ("dialog-draft-reserves", lambda: DraftDialog(session, team, window)),
            ("dialog-reserve-affairs", lambda: ReserveAffairsDialog(session, team, window)),
            ("dialog-referee-new", lambda: RefereeDialog(session, None, window)),
            ("dialog-referee-edit", lambda: RefereeDialog(session, referee, window)),
            ("dialog-referee-rolls", lambda: RefereeRollsDialog(session, referee, None, window)),
            ("dialog-referee-sheet", lambda: RefereeSheetDialog(session, sheet.id, window) if sheet else None),
            ("dialog-career-player", lambda: career_dialogs.PlayerCareerDialog(db, player, window)),
            ("dialog-career-team", lambda: career_dialogs.TeamTimelineDialog(db, team, window)),
            ("dialog-career-referee", lambda: career_dialogs.RefereeCareerDialog(db, referee, window)),
        ):
            close(shoot(shots, name, make))
        wizard_steps(
            shots, "prematch", shoot(shots, "prematch-0", lambda: PreMatchWizard(session, scheduled.id, window))
        )
        wizard_steps(shots, "transfer", shoot(shots, "transfer-0", lambda: TransferWizard(session, window)))
        view.show_page(view.season_page)
        view.season_page.select_fixture(played.id)
        close(
            shoot(
                shots,
                "dialog-match-report-played",
                lambda: (
                    view.season_page.report_match()
                    or next(
                        (
                            w
                            for w in QApplication.topLevelWidgets()
                            if w.isVisible() and w is not window and w.isWindow()
                        ),
                        None,
                    )
                ),
            )
        )
        view.season_page.select_fixture(scheduled.id)
        pad = shoot(shots, "match-pad", view.season_page.match_pad)
        if pad is not None:
            pad.resize(1366, 768)
            shots.save(pad, "match-pad-1366x768")
            pad.close()
    window.close_league()
    settle(app, 0.2)
    shots.save(window, "welcome")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", metavar="DIR", help="every page, wizard step and dialog, full size, into DIR")
    parser.add_argument("--size", default="1366x768", help="the window's size (default 1366x768)")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.lower().split("x"))
    app = QApplication.instance() or QApplication([])
    from ui.kit.fonts import register_bundled_fonts

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
