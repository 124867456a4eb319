"""Combo box editor for a value from a list (position, status); choices come from the model's ChoicesRole.

Choices the rules do not allow now (a full position) are shown but disabled, with the reason in the label.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from ui.roster.roster_model import ChoicesRole


class ChoiceDelegate(QStyledItemDelegate):
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> QWidget:  # noqa: N802
        editor = QComboBox(parent)
        for value, label, enabled in index.data(ChoicesRole) or []:
            editor.addItem(label, value)
            if not enabled:
                item = editor.model().item(editor.count() - 1)  # type: ignore[union-attr]
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:  # noqa: N802
        position = editor.findData(index.data(Qt.ItemDataRole.EditRole))
        editor.setCurrentIndex(max(0, position))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex) -> None:  # noqa: N802
        choices = editor.model()
        row = editor.currentIndex()
        if isinstance(choices, QStandardItemModel) and not choices.item(row).isEnabled():
            return
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # noqa: N802
        editor.setGeometry(option.rect)
