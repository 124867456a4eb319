"""The skills editor: a checklist of the skills the position may take (doubles marked), with a filter."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from roster_app.i18n import _, term
from ui.kit.checklist_editor import ChecklistEditor
from ui.roster.roster_model import SkillChoicesRole


class SkillsEditor(ChecklistEditor):
    """The skills a position may take, doubles marked; `skills()` gives the checked names in list order."""

    def __init__(self, parent: QWidget, choices: list[tuple[str, str, bool]]):
        labels = [
            (
                name,
                (_("{skill}   ({category}, on a double)") if double else _("{skill}   ({category})")).format(
                    skill=term("skill", name), category=category
                ),
            )
            for name, category, double in choices
        ]
        super().__init__(parent, labels)
        self.filter.setPlaceholderText(_("Filter skills…"))
        for name, _category, double in choices:
            if double:
                self.item_for(name).setForeground(Qt.GlobalColor.darkMagenta)

    def set_skills(self, skills: list[str]) -> None:
        self.set_values(skills)

    def skills(self) -> list[str]:
        return self.values()


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
