"""The skills editor: a checklist of the skills the position may take (doubles marked), with a filter."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QFrame,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ui.models.roster_model import SkillChoicesRole


class SkillsEditor(QFrame):
    """Checkable list of skills; `skills()` gives the checked names in list order."""

    def __init__(self, parent: QWidget, choices: list[tuple[str, str, bool]]):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter skills…")
        self.filter.setClearButtonEnabled(True)
        self.list = QListWidget(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        for name, category, needs_double in choices:
            label = f"{name}   ({category}{', on a double' if needs_double else ''})"
            item = QListWidgetItem(label, self.list)
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            if needs_double:
                item.setForeground(Qt.GlobalColor.darkMagenta)
        self.filter.textChanged.connect(self._apply_filter)
        self.setFocusProxy(self.list)

    def _apply_filter(self, text: str) -> None:
        needle = text.casefold()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(needle not in item.text().casefold())

    def item_for(self, name: str) -> QListWidgetItem | None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == name:
                return self.list.item(i)
        return None

    def set_skills(self, skills: list[str]) -> None:
        for name in skills:
            item = self.item_for(name)
            if item is None:  # a skill no longer offered (house rules changed): keep it visible and checked
                item = QListWidgetItem(f"{name}   (not open to the position)", self.list)
                item.setData(Qt.ItemDataRole.UserRole, name)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)

    def skills(self) -> list[str]:
        return [
            self.list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]


class SkillsDelegate(QStyledItemDelegate):
    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> QWidget:  # noqa: N802
        return SkillsEditor(parent, index.data(SkillChoicesRole) or [])

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:  # noqa: N802
        editor.set_skills(list(index.data(Qt.ItemDataRole.EditRole) or []))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex) -> None:  # noqa: N802
        model.setData(index, editor.skills(), Qt.ItemDataRole.EditRole)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # noqa: N802
        rect = option.rect
        rect.setWidth(max(rect.width(), 300))
        rect.setHeight(280)
        parent = editor.parentWidget()
        if parent is not None and rect.bottom() > parent.height():
            rect.moveBottom(max(parent.height() - 1, rect.height()))
        editor.setGeometry(rect)
