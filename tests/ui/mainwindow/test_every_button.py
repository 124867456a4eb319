"""Issue 35: the habit that let the dead Add Team… button through. With a league of two seasons open, every
enabled button of every page, of the dialogs those buttons open, and every menu action is clicked as a
commissioner clicks it; each must do something: open a window or dialog, change the league, say something
through ui.kit.ask (patched to record, answering no), or change what is shown. A button that does nothing fails.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QDialog,
    QPushButton,
    QRadioButton,
    QTabBar,
    QToolButton,
)

from ui.kit import ask

ASKED = ("error", "info", "confirm", "choose", "text", "open_path", "open_paths", "save_path", "folder", "print_setup",
         "number", "pick")  # fmt: skip
# Menu actions that leave the open league (they do something, but the walk needs the league open after them).
LEAVING = {"Quit", "Close League", "Open Demo League", "Open", "Restore from Backup", "Import League from JSON"}


@pytest.fixture
def asked(monkeypatch):
    """Every question and message the app puts, recorded; every question answered no (nothing destructive)."""
    seen: list[tuple[str, str]] = []
    for name in ASKED:
        monkeypatch.setattr(ask, name, lambda *a, _n=name, **k: seen.append((_n, str(a[1:2]))) or None)
    return seen


class Watch:
    """What a click may change, looked at before and after it."""

    def __init__(self, window, asked):
        self.window, self.asked, self.changes = window, asked, 0
        window.session.changed.connect(self._changed)

    def _changed(self, _tables) -> None:
        self.changes += 1

    def state(self):
        view = self.window.league_view
        shown = frozenset(id(w) for w in QApplication.topLevelWidgets() if w.isVisible())
        checked = tuple(b.isChecked() for b in self.window.findChildren(QAbstractButton) if b.isCheckable())
        team_tabs = view.team_page.tabs.currentIndex() if view is not None else None
        return (shown, len(self.asked), self.changes, view.currentIndex() if view else None, team_tabs,
                self.window.stack.currentIndex(), self.window.statusBar().currentMessage(), checked)  # fmt: skip


def alive_widget(widget) -> bool:
    try:
        return widget.isVisible()
    except RuntimeError:  # deleted when it closed
        return False


def new_windows(before: frozenset) -> list:
    return [w for w in QApplication.topLevelWidgets() if alive_widget(w) and id(w) not in before]


def close_all(widgets) -> None:
    for widget in widgets:
        if alive_widget(widget):
            if isinstance(widget, QDialog):
                widget.reject()
            if alive_widget(widget):
                widget.close()
    QApplication.processEvents()


def exclusive(button: QAbstractButton) -> bool:
    """One of a switch's choices (clicking the one chosen changes nothing, rightly)."""
    action = button.defaultAction() if isinstance(button, QToolButton) else None
    group = action.actionGroup() if action is not None else None
    return button.autoExclusive() or (group is not None and group.isExclusive())


def clickable(widget) -> list[QAbstractButton]:
    buttons = [b for b in widget.findChildren(QAbstractButton)
               if b.isVisible() and b.isEnabled() and not isinstance(b, QCheckBox | QRadioButton)
               and not (b.isCheckable() and b.isChecked() and exclusive(b))
               and not isinstance(b.parent(), QTabBar) and b.window() is widget.window()]  # fmt: skip
    return [b for b in buttons if not (isinstance(b, QPushButton) and b.text() == "")]


def label(button: QAbstractButton) -> str:
    return button.text().replace("&", "") or button.toolTip() or button.objectName() or type(button).__name__


PRESSING = {"now": False}  # a dialog run with exec() inside a click blocks it: the guard closes it (it counts)


def press(button) -> None:
    PRESSING["now"] = True
    try:
        if isinstance(button, QAbstractButton):
            button.click()
        else:
            button.trigger()
    finally:
        PRESSING["now"] = False
    QApplication.processEvents()


def click(watch: Watch, button) -> tuple[bool, list]:
    """Click; whether anything changed, and the windows the click opened (left open)."""
    before = watch.state()
    press(button)
    return watch.state() != before, new_windows(before[0])


def walk_dialog(watch: Watch, reopen, where: str, dead: list[str]) -> int:
    """Each button of the dialog `reopen` opens, clicked in a fresh copy of it."""
    opened = reopen()
    if not opened:
        return 0
    names = [label(b) for b in clickable(opened[0])]
    close_all(opened)
    clicked = 0
    for name in names:
        opened = reopen()
        if not opened:
            break
        dialog = opened[0]
        target = next((b for b in clickable(dialog) if label(b) == name), None)
        if target is not None:
            before = watch.state()
            press(target)
            clicked += 1
            if watch.state() == before and alive_widget(dialog):
                dead.append(f"{where} > {name}")
        close_all(opened + new_windows(frozenset())[:0])
        close_all([w for w in QApplication.topLevelWidgets() if alive_widget(w) and w is not watch.window])
    return clicked


def test_every_button_and_menu_action_does_something(qtbot, history_window, asked):
    window = history_window
    watch = Watch(window, asked)
    guard = QTimer()  # a modal dialog not opened through ask would block the walk: it is closed (and counts)
    guard.timeout.connect(lambda: PRESSING["now"] and [w.reject() for w in QApplication.topLevelWidgets()
                                                       if isinstance(w, QDialog) and w.isModal() and w.isVisible()])  # fmt: skip
    guard.start(300)
    dead: list[str] = []
    clicked = 0
    view = window.league_view
    for index in range(view.count()):
        view.setCurrentIndex(index)
        QApplication.processEvents()
        names = [label(b) for b in clickable(view.widget(index))]
        for name in names:
            view.setCurrentIndex(index)
            QApplication.processEvents()
            button = next((b for b in clickable(view.widget(index)) if label(b) == name), None)
            if button is None:
                continue
            where = f"{view.tabText(index)}: {name}"
            alive, opened = click(watch, button)
            clicked += 1
            if not alive:
                dead.append(where)
            if opened and isinstance(opened[0], QDialog):
                close_all(opened)

                def reopen(index=index, name=name):
                    view.setCurrentIndex(index)
                    QApplication.processEvents()
                    again = next((b for b in clickable(view.widget(index)) if label(b) == name), None)
                    return click(watch, again)[1] if again is not None else []

                clicked += walk_dialog(watch, reopen, where, dead)
            close_all([w for w in QApplication.topLevelWidgets() if alive_widget(w) and w is not window])
    for menu in window.menuBar().actions():
        for action in menu.menu().actions():
            words = action.text().replace("&", "").rstrip("…")
            if action.isSeparator() or action.menu() is not None or not action.isEnabled() or words in LEAVING:
                continue
            alive, opened = click(watch, action)
            clicked += 1
            if not alive:
                dead.append(f"{menu.text().replace('&', '')} > {words}")
            close_all([w for w in QApplication.topLevelWidgets() if alive_widget(w) and w is not window])
    guard.stop()
    assert clicked > 40
    assert dead == [], "\n".join(dead)
