"""A league night with no mouse (issue 22): hire two squads, report their match, run the whole post-match
sequence, by keys only. Every key goes to the widget that has the focus, as a keyboard sends it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard
from sqlalchemy import select

from roster_app.queries import rosters as rq
from roster_app.queries import season as sq
from roster_app.store.models import MatchPlayer

CTRL, ALT, SHIFT = (Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier,
                    Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
TEAMS = (("Orcland Raiders", "Orc"), ("Reikland Reavers", "Human"))


@pytest.fixture
def two_teams_file(tmp_path):
    """Two teams with empty rosters and their friendly still to play."""
    from roster_app.services.league import create_league
    from roster_app.services.season import add_fixture
    from roster_app.services.teams import add_team

    path = tmp_path / "night.dugout"
    db = create_league(path, name="Keyboard League")
    home, away = (add_team(db, name=name, race=race, coach="Grim").result for name, race in TEAMS)
    add_fixture(db, home_team_id=home, away_team_id=away, round_number=1)
    db.close()
    return path


def focused():
    widget = QApplication.focusWidget()
    assert widget is not None, "no widget has the keyboard focus"
    return widget


def press(qtbot, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    qtbot.keyClick(focused(), key, modifier)
    QApplication.processEvents()  # what the event loop does between two keys


def type_text(qtbot, text: str) -> None:
    qtbot.keyClicks(focused(), text)
    QApplication.processEvents()


def active(qtbot, kind):  # noqa: ANN001
    """The window of `kind` in front (a dialog or wizard the last key opened)."""
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), kind), timeout=5_000)
    return QApplication.activeWindow()


def hire_squad(qtbot, window, prefix: str) -> None:
    from ui.roster.hire_dialog import HireDialog

    press(qtbot, Qt.Key.Key_H, CTRL)
    dialog = active(qtbot, HireDialog)
    for n in range(1, 12):
        type_text(qtbot, f"{prefix} {n}")
        press(qtbot, Qt.Key.Key_Return)
    assert "11 players on the roster" in dialog.squad.text()
    press(qtbot, Qt.Key.Key_Escape)
    back_to(qtbot, window)


def back_to(qtbot, window) -> None:  # noqa: ANN001
    """The main window in front again once a dialog closed (the window manager's job; offscreen has none)."""
    qtbot.waitUntil(lambda: not QApplication.activeModalWidget() and QApplication.activePopupWidget() is None)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def test_a_league_night_without_the_mouse(qtbot, window, two_teams_file, messages):
    window.open_league_later(two_teams_file)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    db = window.session.db
    home, away = (next(t.id for t in rq.teams(db) if t.name == name) for name, _race in TEAMS)

    hire_squad(qtbot, window, "Orc")
    press(qtbot, Qt.Key.Key_M, ALT)  # the Teams list
    press(qtbot, Qt.Key.Key_Down)
    assert window.league_view.current_team_id() == away
    hire_squad(qtbot, window, "Man")
    assert [len(rq.roster(db, t)) for t in (home, away)] == [11, 11]

    match_id = report_the_match(qtbot, window, home)
    [fixture] = sq.fixtures(db)
    assert fixture.id == match_id and (fixture.status, fixture.home_score, fixture.away_score) == ("played", 1, 0)
    with db.read() as session:
        lines = session.scalars(select(MatchPlayer).where(MatchPlayer.touchdowns > 0)).all()
        assert [(line.team_id, line.touchdowns, line.completions) for line in lines] == [(home, 1, 2)]

    titles = run_the_post_match_sequence(qtbot, window)
    assert len(titles) == 7 and titles[0] == "1. Winnings"
    [fixture] = sq.fixtures(db)
    assert fixture.status == "completed"
    assert messages == []


def report_the_match(qtbot, window, home: int) -> int:
    """Ctrl+R: the friendly 1-0, the home side's first player scoring, the gate rolled; Enter records it."""
    from ui.pages.season.match_report_dialog import MatchReportDialog

    press(qtbot, Qt.Key.Key_R, CTRL)
    dialog = active(qtbot, MatchReportDialog)
    press(qtbot, Qt.Key.Key_S, ALT)
    type_text(qtbot, "1")
    press(qtbot, Qt.Key.Key_L, ALT)
    view = focused()
    assert view is dialog.view
    touchdowns = dialog.lines.column_index("touchdowns")
    while view.currentIndex().column() < touchdowns:
        press(qtbot, Qt.Key.Key_Right)
    assert dialog.lines.row(view.currentIndex().row()).team_id == home
    type_text(qtbot, "1")
    press(qtbot, Qt.Key.Key_Return)
    press(qtbot, Qt.Key.Key_O, ALT)  # Roll Gate
    qtbot.waitUntil(lambda: dialog.gate_faces is not None)
    assert dialog.record_button.isEnabled(), dialog.verdict.text()
    press(qtbot, Qt.Key.Key_L, ALT)
    press(qtbot, Qt.Key.Key_Right)  # his completions
    type_text(qtbot, "2")
    press(qtbot, Qt.Key.Key_Return)  # Enter in a cell keeps the number: the report is not recorded yet
    assert dialog.isVisible() and dialog.recorded_match_id is None
    press(qtbot, Qt.Key.Key_Return)
    back_to(qtbot, window)
    return dialog.recorded_match_id


def tab_to(qtbot, widget) -> None:  # noqa: ANN001
    """Tab along the focus chain until `widget` has the focus, as a commissioner does."""
    for _ in range(80):
        if focused() is widget:
            return
        press(qtbot, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reaches {widget!r} (it stops at {focused()!r})")


def take_the_rolls(qtbot, page) -> None:  # noqa: ANN001
    """Every roll of a step by its button (Tab, Space), then what each star player roll gives (the arrows)."""
    from PySide6.QtWidgets import QTableWidget

    from ui.kit.dice_input import DiceInput
    from ui.sequences.postmatch.widgets import StarRollRow

    for table in page.findChildren(QTableWidget):  # a table to read never keeps Tab to itself, cell after cell
        assert not table.tabKeyNavigation(), table.objectName()
    for dice in page.findChildren(DiceInput):
        if dice.isVisible() and dice.roll_button.isVisible() and dice.roll_button.isEnabled():
            tab_to(qtbot, dice.roll_button)
            press(qtbot, Qt.Key.Key_Space)
    for row in page.findChildren(StarRollRow):
        if row.isVisible() and row.choice.currentData() is None:
            tab_to(qtbot, row.choice)
            press(qtbot, Qt.Key.Key_Down)


def run_the_post_match_sequence(qtbot, window) -> list[str]:
    """Ctrl+M, then every step: its rolls, Alt+N; Alt+F on the last. Returns the steps' titles."""
    from ui.sequences.postmatch.wizard import PostMatchWizard

    press(qtbot, Qt.Key.Key_M, CTRL)
    wizard = active(qtbot, PostMatchWizard)
    titles = []
    while True:
        page = wizard.currentPage()
        titles.append(page.title())
        take_the_rolls(qtbot, page)
        last = wizard.currentId() == wizard.pageIds()[-1]
        button = wizard.button(QWizard.WizardButton.FinishButton if last else QWizard.WizardButton.NextButton)
        assert button.isEnabled(), f"{page.title()}: {getattr(page, 'problems', page).text()}"
        if last:
            press(qtbot, Qt.Key.Key_F, ALT)
            qtbot.waitUntil(
                lambda: not isinstance(QApplication.activeModalWidget(), PostMatchWizard), timeout=5_000
            )
            break
        press(qtbot, Qt.Key.Key_N, ALT)  # a mnemonic clicks its button a moment later (animateClick)
        qtbot.waitUntil(lambda left=page: wizard.currentPage() is not left, timeout=5_000)
    back_to(qtbot, window)
    return titles
