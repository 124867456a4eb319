"""The default delegate of the app's tables: draws a RowTableModel cell in one Python call (issue 12).

Qt's QStyledItemDelegate asks the model ~7 roles per cell and lays each text out with QTextLayout; on a
large table that is most of a repaint. This delegate reads the cell's text, alignment, colours and font
straight from the model (no call through Qt) and draws the text with QPainter: the same look (the style
draws the selection and the background, text elided on the right), half the time. Editing, size hints and
any other model go through QStyledItemDelegate unchanged.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QPointF, Qt
from PySide6.QtGui import QFont, QPainter, QPalette, QStaticText
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QToolTip, QWidget

from ui.kit.columns import RowTableModel

SELECTED = QStyle.StateFlag.State_Selected.value
ENABLED = QStyle.StateFlag.State_Enabled.value
ACTIVE = QStyle.StateFlag.State_Active.value
HAS_FOCUS = QStyle.StateFlag.State_HasFocus.value
HOVER = QStyle.StateFlag.State_MouseOver.value
ELIDE = Qt.TextElideMode.ElideRight
MAX_LAID_OUT = 5_000  # texts kept laid out (the cells of a few screens)
RIGHT = Qt.AlignmentFlag.AlignRight.value
HCENTER = Qt.AlignmentFlag.AlignHCenter.value
PANEL = QStyle.PrimitiveElement.PE_PanelItemViewItem
FOCUS = QStyle.PrimitiveElement.PE_FrameFocusRect
GROUPS = {  # (enabled, active) -> colour group
    (False, False): QPalette.ColorGroup.Disabled, (False, True): QPalette.ColorGroup.Disabled,
    (True, True): QPalette.ColorGroup.Active, (True, False): QPalette.ColorGroup.Inactive,
}  # fmt: skip
TEXT, HIGHLIGHTED_TEXT = QPalette.ColorRole.Text, QPalette.ColorRole.HighlightedText


class RowDelegate(QStyledItemDelegate):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._margin: int | None = None
        # (text, width, font key or None) -> the text laid out as drawn, its width and height
        self._texts: dict[tuple[Any, int, str | None], tuple[QStaticText, float, float]] = {}
        self._font_keys: dict[int, tuple[QFont, str]] = {}  # id(font) -> (the font, kept alive; its key)
        self._model: Any = None  # the model last drawn, and whether this delegate draws its cells itself
        self._fast = False
        self._widget: Any = None  # the view last drawn and its style
        self._style: Any = None
        # option.state -> (selected, colour group, has focus, the style draws the panel)
        self._states: dict[Any, tuple[bool, QPalette.ColorGroup, bool, bool]] = {}

    def _laid_out(self, painter: QPainter, text: Any, width: int, font: Any) -> tuple[QStaticText, float, float]:
        """The text as it fits the width (elided on the right), laid out once per text, width and font."""
        key = (text, width, None if font is None else self._font_key(font))
        laid = self._texts.get(key)
        if laid is None:
            if len(self._texts) > MAX_LAID_OUT:
                self._texts.clear()
                self._font_keys.clear()
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

    def _font_key(self, font: QFont) -> str:
        known = self._font_keys.get(id(font))
        if known is None:
            known = self._font_keys[id(font)] = (font, font.key())
        return known[1]

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        model = index.model()
        if model is not self._model:
            self._model = model
            self._fast = isinstance(model, RowTableModel) and not model._data_overridden
        if not self._fast:
            super().paint(painter, option, index)
            return
        text, align, foreground, background, font = model.cell_look(index.row(), index.column())
        state = option.state
        look = self._states.get(state)
        if look is None:
            v = state.value
            look = self._states[state] = (bool(v & SELECTED), GROUPS[bool(v & ENABLED), bool(v & ACTIVE)],
                                          bool(v & HAS_FOCUS), bool(v & (SELECTED | HOVER)))  # fmt: skip
        selected, group, focus, panel = look
        widget = option.widget
        if widget is not self._widget:
            self._widget = widget
            self._style = widget.style() if widget is not None else None
            self._margin = None
        style = self._style
        if background is not None:
            option.backgroundBrush = background
            panel = True
        # The selection and the background as the style draws them (Fusion draws nothing for a cell that is
        # neither selected, hovered nor coloured: the view has drawn the row's base and alternate colour).
        if panel:
            if style is not None:
                style.drawPrimitive(PANEL, option, painter, widget)
            elif background is not None:
                painter.fillRect(option.rect, background)
        if selected:
            painter.setPen(option.palette.color(group, HIGHLIGHTED_TEXT))
        elif foreground is not None:
            painter.setPen(foreground.color())
        else:
            painter.setPen(option.palette.color(group, TEXT))
        if font is not None:
            painter.setFont(font)
        if self._margin is None:
            self._margin = (
                (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1) if style else 3
            )
        rect = option.rect
        margin = self._margin
        width = rect.width() - 2 * margin
        static, w, h = self._laid_out(painter, text, width, font)
        left = rect.x() + margin
        x = left + width - w if align & RIGHT else left + (width - w) / 2 if align & HCENTER else left
        painter.drawStaticText(QPointF(x, rect.y() + (rect.height() - h) / 2), static)
        if font is not None:
            painter.setFont(option.font)
        if focus and style is not None:
            style.drawPrimitive(FOCUS, option, painter, widget)

    def helpEvent(self, event: Any, view: Any, option: QStyleOptionViewItem, index: Any) -> bool:  # noqa: N802
        """A cell's own tooltip, or else its whole text when the column cuts it ("Block, Do…")."""
        if (event is not None and event.type() == QEvent.Type.ToolTip and index.isValid()
                and index.data(Qt.ItemDataRole.ToolTipRole) is None):  # fmt: skip
            text = index.data(Qt.ItemDataRole.DisplayRole)
            shown = "" if text is None else str(text)
            room = option.rect.width() - 2 * (self._margin if self._margin is not None else 3)
            if shown and option.fontMetrics.horizontalAdvance(shown) > room:
                QToolTip.showText(event.globalPos(), shown, view)
                return True
            QToolTip.hideText()
            return False
        return super().helpEvent(event, view, option, index)
