"""The Rules window's cell editor: the model says which kind each cell needs (KindRole) and this picks it.

Whole numbers and gold get a spin box (an open-ended range bound is the spin box's lowest value, shown
"open"); choices a combo box; names with known choices an editable combo box; lists of texts a checklist
(or lines to type); yes/no cells are check boxes drawn by the view and need no editor.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QSpinBox, QStyledItemDelegate, QStyleOptionViewItem, QToolTip, QWidget

from roster_app.i18n import _
from roster_app.words import number
from ui.kit.checklist_editor import ChecklistEditor, LinesEditor
from ui.rules.models import OPEN, KindRole, OptionsRole, RangeRole

NUMBERS = ("int", "gold", "opt_int")
LISTS = ("texts", "opt_texts")


class NumberBox(QSpinBox):
    """A number cell's editor that answers a letter with a word (a spin box drops it without one, issue 35)."""

    refusal = ""  # the last word said (tests read it)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.lineEdit().installEventFilter(self)  # keys typed land in the line edit first

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.KeyPress and self._refused(event):
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self._refused(event):
            super().keyPressEvent(event)

    def _refused(self, event: QKeyEvent) -> bool:
        text = event.text()
        if text and not text.isdigit() and text.isprintable() and text not in "-+,. ":
            open_ = bool(self.specialValueText())  # the lowest value stands for "open"
            low = self.minimum() + 1 if open_ else self.minimum()
            self.refusal = _("'{text}' is not a number: type a whole number from {low} to {high}").format(
                text=text, low=number(low), high=number(self.maximum())) + (
                _(" (or the lowest for open).") if open_ else ".")  # fmt: skip
            QToolTip.showText(self.mapToGlobal(self.rect().bottomLeft()), self.refusal, self)
            return True
        return False


class RuleDelegate(QStyledItemDelegate):
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> QWidget:  # noqa: N802
        kind = index.data(KindRole)
        choices = index.data(OptionsRole) or []
        if kind in NUMBERS:
            return self._spin(parent, kind, index.data(RangeRole) or (0, 9_999))
        if kind == "choice" or (kind in ("text", "dice") and choices):
            editor = QComboBox(parent)
            editor.setEditable(kind != "choice")
            for value, label in choices:
                editor.addItem(label, value)
            return editor
        if kind in LISTS:
            return ChecklistEditor(parent, choices) if choices else self._lines(parent)
        return super().createEditor(parent, option, index)

    def _lines(self, parent: QWidget) -> LinesEditor:
        editor = LinesEditor(parent)
        editor.done.connect(lambda: (self.commitData.emit(editor), self.closeEditor.emit(editor)))
        return editor

    @staticmethod
    def _spin(parent: QWidget, kind: str, bounds: tuple[int, int]) -> QSpinBox:
        editor = NumberBox(parent)
        editor.setFrame(False)
        low, high = bounds
        if kind == "opt_int":
            low -= 1  # the lowest value stands for "open" (no bound)
            editor.setSpecialValueText(_(OPEN))
        editor.setRange(low, high)
        if kind == "gold":
            editor.setGroupSeparatorShown(True)
            editor.setSuffix(_(" gp"))
            editor.setSingleStep(1000)
        editor.setAlignment(Qt.AlignmentFlag.AlignRight)
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:  # noqa: N802
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox):
            editor.setValue(editor.minimum() if value is None else int(value))
        elif isinstance(editor, QComboBox):
            found = editor.findData(value)
            if found >= 0:
                editor.setCurrentIndex(found)
            else:
                editor.setEditText("" if value is None else str(value))
        elif isinstance(editor, ChecklistEditor | LinesEditor):
            editor.set_values(list(value or []))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex) -> None:  # noqa: N802
        model.setData(index, self.editor_value(editor, index), Qt.ItemDataRole.EditRole)

    def editor_value(self, editor: QWidget, index: QModelIndex) -> Any:
        kind = index.data(KindRole)
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            return None if kind == "opt_int" and editor.value() == editor.minimum() else editor.value()
        if isinstance(editor, QComboBox):
            text = editor.currentText()
            match = editor.findText(text)
            return editor.itemData(match) if match >= 0 else text
        if isinstance(editor, ChecklistEditor | LinesEditor):
            values = editor.values()
            return None if kind == "opt_texts" and not values else values
        return editor.text() if hasattr(editor, "text") else None

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # noqa: N802
        rect = option.rect
        if isinstance(editor, ChecklistEditor | LinesEditor):
            rect.setWidth(max(rect.width(), 280))
            rect.setHeight(260)
            parent = editor.parentWidget()
            if parent is not None:
                if rect.bottom() > parent.height():
                    rect.moveBottom(max(parent.height() - 1, rect.height()))
                if rect.right() > parent.width():
                    rect.moveRight(max(parent.width() - 1, rect.width()))
        editor.setGeometry(rect)
