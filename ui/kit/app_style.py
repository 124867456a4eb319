"""The app's widget style: Fusion, with an unselected tab's label kept at the height of the selected one's.

Fusion draws an unselected tab 2 px lower and clips its label to the tab's shorter rectangle: the accent of a
capital ("Équipes", "Édition" in French) was cut off the page tabs. Shifting no tab keeps every label whole.
"""

from __future__ import annotations

from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QWidget


class DugoutStyle(QProxyStyle):
    def __init__(self) -> None:
        super().__init__("Fusion")

    def pixelMetric(  # noqa: N802 - Qt's name
        self, metric: QStyle.PixelMetric, option: QStyleOption | None = None, widget: QWidget | None = None
    ) -> int:
        if metric == QStyle.PixelMetric.PM_TabBarTabShiftVertical:
            return 0
        return super().pixelMetric(metric, option, widget)
