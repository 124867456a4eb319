"""A comma-separated list in a line edit (injuries), completing the model's common values."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QCompleter, QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from roster_app.i18n import _
from ui.roster.roster_model import SuggestionsRole


class ListTextDelegate(QStyledItemDelegate):
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> QWidget:  # noqa: N802
        editor = QLineEdit(parent)
        editor.setPlaceholderText(_("e.g. Miss next game, -1 MA"))
        suggestions = index.data(SuggestionsRole) or []
        if suggestions:
            completer = QCompleter(suggestions, editor)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            editor.setCompleter(completer)
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:  # noqa: N802
        editor.setText(", ".join(index.data(Qt.ItemDataRole.EditRole) or []))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex) -> None:  # noqa: N802
        values = [part.strip() for part in editor.text().split(",") if part.strip()]
        model.setData(index, values, Qt.ItemDataRole.EditRole)
