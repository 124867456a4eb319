"""Every page, wizard step and dialog of a league night, on a 1366x768 laptop, in each language Dugout speaks:
no word cut (a label or button narrower than its text), no window taller or wider than the screen. Grabs of each
screen go to $DUGOUT_SCREENS/<language>/ (default: the test's temporary folder) to be looked at (issues 35, 39)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QLabel, QLineEdit, QTabBar, QWidget

from roster_app import i18n

SCREEN = (1366, 768)
# English always; another language once its catalogue is compiled (tools/catalogue.py compile)
LANGUAGES = ["en"] + [
    code for code in ("fr", "de") if (i18n.locale_dir() / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").is_file()
]


def cut_widgets(top: QWidget) -> list[str]:
    """The visible labels, buttons and spin boxes narrower than their text needs (a word-wrapped label wraps)."""
    cut = []
    for widget in (
        top.findChildren(QLabel) + top.findChildren(QAbstractButton) + top.findChildren(QAbstractSpinBox)
    ):
        if not widget.isVisibleTo(top) or (isinstance(widget, QLabel) and widget.wordWrap()):
            continue
        if isinstance(widget.parentWidget(), (QTabBar, QLineEdit)):  # scroll arrows, a clear button: Qt's own
            continue
        if widget.width() < widget.minimumSizeHint().width():
            where = type(widget.parentWidget()).__name__
            cut.append(f"{type(widget).__name__} {widget.text() if hasattr(widget, 'text') else ''!r} in {where}")
    return cut


class Looker:
    """Looks at each screen: grabs it to a PNG and notes what does not fit."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.problems: list[str] = []
        self.seen: list[str] = []

    def __call__(self, top: QWidget, name: str) -> None:
        from PySide6.QtWidgets import QApplication

        for _ in range(3):  # the layouts settle as the event loop would let them before anyone looks
            QApplication.processEvents()
        name = str(name)
        self.seen.append(name)
        top.grab().save(str(self.folder / f"{len(self.seen):02d}-{name}.png"))
        width, height = SCREEN
        hint = top.minimumSizeHint()
        if top.width() > width or top.height() > height or hint.width() > width or hint.height() > height:
            self.problems.append(f"{name}: {top.width()}x{top.height()} (at least {hint.width()}x{hint.height()})")
        self.problems += [f"{name}: {cut}" for cut in cut_widgets(top)]


@pytest.fixture(params=LANGUAGES)
def language(request, qapp):
    from ui.kit.language import install_qt_translator

    i18n.set_language(request.param)
    install_qt_translator(
        request.param
    )  # Qt's own buttons (a wizard's Next, a dialog's Cancel) as the app has them
    yield request.param
    install_qt_translator("en")
    i18n.set_language("en")


@pytest.fixture
def looker(language, tmp_path):
    base = Path(os.environ["DUGOUT_SCREENS"]) if os.environ.get("DUGOUT_SCREENS") else tmp_path
    return Looker(base / language)


@pytest.fixture
def demo_window(qtbot, language, window, demo_league_file):
    window.open_league_later(demo_league_file)
    with qtbot.waitSignal(window.league_shown, timeout=20_000):
        window.show()
    window.resize(SCREEN[0], SCREEN[1] - 40)  # the screen less a task bar
    return window


def test_every_page_of_the_window_fits_a_laptop(qtbot, demo_window, looker):
    view = demo_window.league_view
    for index in range(view.team_page.tabs.count()):
        view.team_page.tabs.setCurrentIndex(index)
        qtbot.wait(10)
        looker(demo_window, f"team-{index}")
    for index in range(view.count()):
        view.setCurrentIndex(index)
        qtbot.wait(10)
        looker(demo_window, f"page-{index}")
    assert looker.problems == [], "\n".join(looker.problems)
    assert len(looker.seen) >= 8


def _fixture(window, status):
    from roster_app.queries import season as sq

    page = window.league_view.season_page
    window.league_view.show_page(page)
    fixture = next(f for f in sq.fixtures(window.session.db) if f.status == status)
    page.select_fixture(fixture.id)
    return page, fixture


def test_the_league_night_wizards_and_the_pad_fit_a_laptop(qtbot, demo_window, looker, monkeypatch, messages):
    from tests.ui.hostile import walk_wizard
    from ui.kit import ask
    from ui.sequences.match_pad.registry import OPEN
    from ui.sequences.postmatch.wizard import PostMatchWizard

    _page, played = _fixture(demo_window, "played")  # the demo's game waiting for its post-match sequence
    post = PostMatchWizard(demo_window.session, played.id, demo_window, rng=random.Random(3))
    post.show()
    qtbot.waitExposed(post)
    walk_wizard(qtbot, post, look=lambda w, step: looker(w, f"postmatch-{step}"))
    from PySide6.QtWidgets import QWizard

    qtbot.wait(50)
    finish = post.button(QWizard.WizardButton.FinishButton)
    assert finish.isVisible() and finish.isEnabled(), post.currentPage().title()
    finish.click()
    page, fixture = _fixture(demo_window, "scheduled")
    wizard = page.pre_match()
    assert wizard is not None, messages
    qtbot.waitExposed(wizard)
    walk_wizard(qtbot, wizard, look=lambda w, step: looker(w, f"prematch-{step}"))
    wizard.close()
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: 0)
    page.pad_action.trigger()
    assert fixture.id in OPEN, messages
    pad = OPEN[fixture.id]
    qtbot.waitExposed(pad)
    try:
        looker(pad, "pad")
    finally:
        OPEN.pop(fixture.id, None)
        pad.close()
    assert looker.problems == [], "\n".join(looker.problems)
    assert len(looker.seen) >= 8, looker.seen


def test_the_transfer_wizard_and_the_dialogs_fit_a_laptop(qtbot, demo_window, looker, monkeypatch):
    from tests.helpers import after_match
    from tests.ui.hostile import walk_wizard
    from ui.mainwindow.new_league_dialog import NewLeagueDialog
    from ui.mainwindow.new_team_dialog import NewTeamDialog
    from ui.pages.season.fixture_dialogs import AddFixtureDialog, GenerateSeasonDialog
    from ui.pages.team.correction_dialog import CorrectionDialog
    from ui.printing.print_choice_dialog import PrintChoiceDialog
    from ui.roster.hire_dialog import HireDialog
    from ui.rules.window import RulesWindow

    session = demo_window.session
    teams = demo_window.league_view.panel.team_model.rows()
    dialogs = {
        "new-league": NewLeagueDialog(demo_window),
        "new-team": NewTeamDialog(session, demo_window),
        "generate-season": GenerateSeasonDialog(session, demo_window),
        "add-fixture": AddFixtureDialog(session, 1, demo_window),
        "hire": HireDialog(session, teams[0].id, demo_window),
        "correction": CorrectionDialog(session, demo_window, team_id=teams[0].id),
        "print": PrintChoiceDialog(teams, teams[0].id, parent=demo_window),
        "rules": RulesWindow(session, demo_window),
    }
    for name, dialog in dialogs.items():
        dialog.show()
        qtbot.waitExposed(dialog)
        looker(dialog, name)
        dialog.close()
    buyer, seller = teams[0].id, teams[1].id
    after_match(session.db, buyer, step="purchases", opponent=seller)  # the buyer may buy now
    session.reload()
    demo_window.transfer_action.trigger()
    wizard = demo_window.league_view.transfers_page.wizard
    qtbot.waitExposed(wizard)
    page = wizard.currentPage()
    page.buyer.setCurrentIndex(page.buyer.findData(buyer))
    rows = [r for r in range(page.model.rowCount()) if page.model.row(r).approachable]
    if rows:
        page.view.selectRow(rows[0])
    walk_wizard(qtbot, wizard, look=lambda w, step: looker(w, f"transfer-{step}"))
    assert looker.problems == [], "\n".join(looker.problems)
    assert len(looker.seen) >= 10, looker.seen
