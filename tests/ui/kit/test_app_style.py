"""The app's style keeps an unselected tab's label whole: an accented capital ("Équipes") keeps its accent."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTabBar

from ui.kit.app_style import whole_tab_labels


def _top_ink(bar: QTabBar, index: int) -> int:
    """The highest row of dark pixels (the label's ink) inside tab `index`."""
    image = bar.grab().toImage()
    rect = bar.tabRect(index)
    for y in range(rect.top(), rect.bottom()):
        for x in range(rect.left() + 4, rect.right() - 4):
            if QColor(image.pixel(x, y)).lightness() < 160:
                return y
    raise AssertionError("no label drawn")


def _bar(qtbot, labels: list[str]) -> QTabBar:
    bar = QTabBar()
    whole_tab_labels(bar)
    for label in labels:
        bar.addTab(label)
    bar.setCurrentIndex(1)  # the first tab unselected
    qtbot.addWidget(bar)
    bar.show()
    qtbot.waitExposed(bar)
    return bar


def test_an_unselected_tab_keeps_the_accent_of_its_capital(qtbot):
    plain = _top_ink(_bar(qtbot, ["Equipes", "Arbitres"]), 0)
    accented = _top_ink(_bar(qtbot, ["Équipes", "Arbitres"]), 0)
    assert accented <= plain - 2  # the accent is drawn above the capital, not clipped with the tab's top


def test_the_windows_page_tabs_keep_an_accented_capital(qtbot, open_window):
    """The league view's own tab bar (the pages: "Équipes" in French) draws an unselected label whole."""
    bar = open_window.league_view.tabBar()
    open_window.league_view.setCurrentIndex(1)
    original = bar.tabText(0)
    try:
        bar.setTabText(0, "Equipes")
        plain = _top_ink(bar, 0)
        bar.setTabText(0, "Équipes")
        accented = _top_ink(bar, 0)
    finally:
        bar.setTabText(0, original)
    assert accented <= plain - 2
