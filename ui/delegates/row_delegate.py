"""The default delegate of the app's tables: draws a RowTableModel cell in one Python call (issue 12).

Qt's QStyledItemDelegate asks the model ~7 roles per cell and lays each text out with QTextLayout; on a
large table that is most of a repaint. This delegate reads the cell's text, alignment, colours and font
straight from the model (no call through Qt) and draws the text with QPainter: the same look (the style
draws the selection and the background, text elided on the right), half the time. Editing, size hints and
any other model go through QStyledItemDelegate unchanged.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, Qt
from PySide6.QtGui import QPainter, QPalette, QStaticText
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from ui.models.columns import RowTableModel

SELECTED = QStyle.StateFlag.State_Selected.value
ENABLED = QStyle.StateFlag.State_Enabled.value
ACTIVE = QStyle.StateFlag.State_Active.value
HAS_FOCUS = QStyle.StateFlag.State_HasFocus.value
ELIDE = Qt.TextElideMode.ElideRight
MAX_LAID_OUT = 5_000  # texts kept laid out (the cells of a few screens)
RIGHT = Qt.AlignmentFlag.AlignRight.value
HCENTER = Qt.AlignmentFlag.AlignHCenter.value


class RowDelegate(QStyledItemDelegate):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._margin: int | None = None
        # (text, width, font key or None) -> the text laid out as drawn, its width and height
        self._texts: dict[tuple[Any, int, str | None], tuple[QStaticText, float, float]] = {}

    def _laid_out(self, painter: QPainter, text: Any, width: int, font: Any) -> tuple[QStaticText, float, float]:
        """The text as it fits the width (elided on the right), laid out once per text, width and font."""
        key = (text, width, None if font is None else font.key())
        laid = self._texts.get(key)
        if laid is None:
            if len(self._texts) > MAX_LAID_OUT:
                self._texts.clear()
            shown = "" if text is None else str(text)
            metrics = painter.fontMetrics()
            if metrics.horizontalAdvance(shown) > width:
                shown = metrics.elidedText(shown, ELIDE, width)
            static = QStaticText(shown)
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(font=painter.font())
            size = static.size()
            laid = self._texts[key] = (static, size.width(), size.height())
        return laid

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        model = index.model()
        if not isinstance(model, RowTableModel) or model._data_overridden:
            super().paint(painter, option, index)
            return
        text, align, foreground, background, font = model.cell_look(index.row(), index.column())
        widget = option.widget
        style = widget.style() if widget is not None else None
        state = option.state.value
        if background is not None:
            option.backgroundBrush = background
        if style is not None:  # the selection and the background, as the style draws them
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, widget)
        elif background is not None:
            painter.fillRect(option.rect, background)
        group = (
            QPalette.ColorGroup.Disabled
            if not state & ENABLED
            else QPalette.ColorGroup.Active if state & ACTIVE else QPalette.ColorGroup.Inactive
        )  # fmt: skip
        if state & SELECTED:
            painter.setPen(option.palette.color(group, QPalette.ColorRole.HighlightedText))
        elif foreground is not None:
            painter.setPen(foreground.color())
        else:
            painter.setPen(option.palette.color(group, QPalette.ColorRole.Text))
        painter.setFont(font if font is not None else option.font)
        if self._margin is None:
            self._margin = (
                (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1) if style else 3
            )
        rect = option.rect.adjusted(self._margin, 0, -self._margin, 0)
        static, w, h = self._laid_out(painter, text, rect.width(), font)
        if align & RIGHT:
            x = rect.right() + 1 - w
        elif align & HCENTER:
            x = rect.left() + (rect.width() - w) / 2
        else:
            x = rect.left()
        painter.drawStaticText(QPointF(x, rect.top() + (rect.height() - h) / 2), static)
        if state & HAS_FOCUS and style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, option, painter, widget)
