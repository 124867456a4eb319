"""A league night at the keyboard (issue 22): shortcuts that fire, hiring a squad without the mouse, header
edits that wait for Enter."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtWidgets import QApplication, QWidget

from roster_app.queries import rosters as queries
from tests.helpers import team_id, treasury
from ui.roster.hire_dialog import HireDialog


def every_page(window) -> None:
    view = window.league_view
    for name in list(view._lazy):
        getattr(view, name)


def shortcut_owners(window) -> dict[str, list[str]]:
    """Every key of the main window and its pages, with who answers it (actions and QShortcuts alike); a
    key of another window (the Rules window, a wizard, the handbook) is that window's own."""

    def in_main_window(thing) -> bool:
        parent = thing.parent()
        return not isinstance(parent, QWidget) or parent.window() is window

    owners: dict[str, list[str]] = defaultdict(list)
    for action in filter(in_main_window, window.findChildren(QAction)):
        for key in {k.toString() for k in action.shortcuts()}:  # Redo's standard keys may repeat Ctrl+Y
            owners[key].append(action.text() or action.objectName())
    for shortcut in filter(in_main_window, window.findChildren(QShortcut)):
        for key in shortcut.keys():  # noqa: SIM118 (a QShortcut, not a dict)
            owners[key.toString()].append(f"QShortcut of {type(shortcut.parent()).__name__}")
    return owners


def test_no_two_commands_share_a_shortcut(qtbot, open_window):
    every_page(open_window)
    owners = shortcut_owners(open_window)
    assert "Ctrl+H" in owners and "Ctrl+R" in owners
    clashes = {key: who for key, who in owners.items() if len(who) > 1}
    assert clashes == {}


def test_the_nights_jobs_have_keys(qtbot, open_window):
    owners = shortcut_owners(open_window)
    for key, job in (("Ctrl+H", "&Hire Player…"), ("Ctrl+R", "&Report Match…"),
                     ("Ctrl+M", "&Post-Match Sequence…"), ("F1", "Dugout &Handbook")):  # fmt: skip
        assert owners[key] == [job]


def open_hire_by_keyboard(qtbot, window) -> HireDialog:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # waitActive is a context manager: called bare it waits for nothing
    qtbot.keyClick(window.league_view.team_page.roster_view, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    dialog = window.league_view.team_page.findChild(HireDialog)
    assert dialog is not None, "Ctrl+H opened nothing"
    qtbot.waitExposed(dialog)
    return dialog


def test_a_squad_is_hired_from_the_keyboard(qtbot, open_window):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    dialog = open_hire_by_keyboard(qtbot, open_window)
    assert dialog.focusWidget() is dialog.name
    assert "0 players on the roster: 11 more before the team may play" in dialog.squad.text()
    for name in ("Grak", "Ugluk", "Snaga"):
        qtbot.keyClicks(dialog.focusWidget(), name)
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)
    assert dialog.isVisible()
    roster = queries.roster(db, tid)
    assert [(r.name, r.number) for r in roster] == [("Grak", 1), ("Ugluk", 2), ("Snaga", 3)]
    assert dialog.name.text() == "" and dialog.number.value() == 4
    assert "3 players on the roster: 8 more" in dialog.squad.text()
    header = open_window.league_view.team_page.header
    assert header.figures["players"].text() == "3 of 16 · 8 short of 11"


def test_tab_leaves_the_positions_for_the_name(qtbot, open_window):
    dialog = open_hire_by_keyboard(qtbot, open_window)
    dialog.table.setFocus()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.name


def test_an_arrow_in_the_header_spends_nothing_until_enter(qtbot, open_window):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    spin = open_window.league_view.team_page.header.counters["rerolls"]
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert spin.value() == 2 and treasury(db, tid) == 1_000_000
    qtbot.keyClick(spin, Qt.Key.Key_Escape)
    assert spin.value() == 0
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert treasury(db, tid) == 1_000_000 - 60_000


def test_typing_after_a_missed_click_does_not_reach_the_coach(qtbot, open_window):
    header = open_window.league_view.team_page.header
    open_window.activateWindow()
    qtbot.waitUntil(open_window.isActiveWindow)
    header.coach.setFocus()
    empty = QPoint(header.width() - 4, header.height() - 4)  # the frame's margin: no child there
    assert header.childAt(empty) is None
    qtbot.mouseClick(header, Qt.MouseButton.LeftButton, pos=empty)
    qtbot.keyClicks(QApplication.focusWidget(), "Human")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert header.coach.text() == "Grim"
    assert queries.team_header(open_window.session.db, header.header.id).coach == "Grim"


def test_f1_opens_the_handbook_at_the_pages_section(qtbot, open_window):
    view = open_window.league_view
    handbook = open_window.show_handbook()
    qtbot.waitExposed(handbook)
    assert "Dugout Handbook" in handbook.browser.document().toPlainText()
    assert open_window.handbook_section() == "teams"
    view.show_page(view.transfers_page)
    assert open_window.handbook_section() == "transfers"
    view.show_page(view.history_page)
    assert open_window.handbook_section() == "story"  # the league's History page, not a team's History tab
    view.show_page(view.season_page)
    open_window.handbook_action.trigger()
    first = handbook.browser.verticalScrollBar().value()
    view.show_page(view.referees_page)
    open_window.handbook_action.trigger()
    assert handbook.browser.verticalScrollBar().value() != first  # another section in sight
    for section in (
        "night",
        "teams",
        "season",
        "postmatch",
        "clock",
        "reserves",
        "contracts",
        "transfers",
        "purchases",
        "referees",
        "corrections",
        "rules",
        "printing",
        "safety",
        "shared",
        "keys",
    ):
        assert f'name="{section}"' in handbook_path_text()


def handbook_path_text() -> str:
    from ui.kit.handbook import handbook_path

    return handbook_path().read_text(encoding="utf-8")


def test_the_handbook_finds_a_word_and_says_when_it_is_nowhere(qtbot, open_window):
    handbook = open_window.show_handbook()
    handbook.search.setText("Refereeing Award")
    assert handbook.browser.textCursor().selectedText() == "Refereeing Award"
    handbook.search.setText("zzzz not in it")
    assert handbook.found.text() == "Not found"


def test_every_picture_of_the_handbook_is_there_and_small():
    import re

    from ui.kit.handbook import handbook_path

    folder = handbook_path().parent
    pictures = re.findall(r'src="([^"]+)"', handbook_path_text())
    assert pictures
    for name in pictures:
        path = folder / name
        assert path.is_file(), name
        assert path.stat().st_size < 250_000, name
