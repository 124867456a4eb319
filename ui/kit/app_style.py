"""Tab labels kept whole: Fusion, with an unselected tab's label at the height of the selected one's.

Fusion draws an unselected tab 2 px lower and clips its label to the tab's shorter rectangle: the accent of a
capital ("Équipes", "Édition" in French) was cut off the page tabs. The style is set on the tab bars only
(`whole_tab_labels`): a Python style for the whole application answered every style call of every widget through
Python (~25 ms of CPU before the first roster).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget


class DugoutStyle(QProxyStyle):
    def __init__(self) -> None:
        super().__init__("Fusion")

    def pixelMetric(  # noqa: N802 - Qt's name
        self, metric: QStyle.PixelMetric, option: QStyleOption | None = None, widget: QWidget | None = None
    ) -> int:
        if metric == QStyle.PixelMetric.PM_TabBarTabShiftVertical:
            return 0
        return super().pixelMetric(metric, option, widget)


_shared: DugoutStyle | None = None


def whole_tab_labels(tabs: Any) -> None:
    """Draw `tabs`' tab bar (a QTabWidget's, or a QTabBar) with every label whole."""
    global _shared
    if _shared is None:
        _shared = DugoutStyle()
        _shared.setParent(QApplication.instance())  # lives as long as the application
    bar = tabs.tabBar() if hasattr(tabs, "tabBar") else tabs
    bar.setStyle(_shared)
