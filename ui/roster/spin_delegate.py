"""Spin box editor for numbers (stats, SPP, number, gold); the range comes from the model's RangeRole."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QSpinBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from roster_app.words import gp_suffix
from ui.roster.roster_model import RangeRole


class SpinDelegate(QStyledItemDelegate):
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> QWidget:  # noqa: N802
        editor = QSpinBox(parent)
        editor.setFrame(False)
        low, high, step = index.data(RangeRole) or (0, 999_999_999, 1)
        editor.setRange(low, high)
        editor.setSingleStep(step)
        if step >= 1000:
            editor.setGroupSeparatorShown(True)
            editor.setSuffix(gp_suffix())
        editor.setAlignment(Qt.AlignmentFlag.AlignRight)
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:  # noqa: N802
        value = index.data(Qt.ItemDataRole.EditRole)
        editor.setValue(int(value) if value is not None else 0)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex) -> None:  # noqa: N802
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # noqa: N802
        editor.setGeometry(option.rect)
