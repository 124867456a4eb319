"""Issue 35, item 8: the handbook covers every menu entry and every wizard, and F1 works in every window. Each menu
action of the main window has a handbook section and the section is in resources/handbook/handbook.html."""

import re

import pytest
from PySide6.QtGui import QKeySequence, QShortcut

from ui.kit.handbook import MENU_SECTIONS, handbook_path, menu_words

ANCHORS = set(re.findall(r'name="([^"]+)"', handbook_path().read_text(encoding="utf-8")))


def menu_entries(window):
    def walk(menu, path):
        for action in menu.actions():
            if action.isSeparator():
                continue
            if action.menu() is not None:
                if not action.menu().actions():
                    yield [*path, menu_words(action.text())]
                yield from walk(action.menu(), [*path, menu_words(action.text())])
            else:
                yield [*path, menu_words(action.text())]

    for top in window.menuBar().actions():
        yield from walk(top.menu(), [menu_words(top.text())])


def test_every_menu_entry_has_a_handbook_section_that_exists(window):
    entries = list(menu_entries(window))
    assert len(entries) > 30
    missing = [" > ".join(e) for e in entries if e[-1] not in MENU_SECTIONS]
    assert missing == []
    assert {MENU_SECTIONS[e[-1]] for e in entries} <= ANCHORS


@pytest.mark.parametrize(("words", "anchor"), [("File > New League", "newleague"), ("pre-match", "prematch"),
                                                ("handicap", "handicaps"), ("match pad", "matchpad")])  # fmt: skip
def test_the_handbook_speaks_of_what_a_new_commissioner_searches_for(words, anchor):
    text = handbook_path().read_text(encoding="utf-8").replace("&gt;", ">")
    assert words.lower() in text.lower() and anchor in ANCHORS


def press_f1(widget):
    """F1, as the window's shortcut takes it."""
    keys = [
        k for k in widget.findChildren(QShortcut) if k.key() == QKeySequence(QKeySequence.StandardKey.HelpContents)
    ]
    assert keys, f"{type(widget).__name__} has no F1"
    keys[0].activated.emit()
    return widget.window().handbook_window
