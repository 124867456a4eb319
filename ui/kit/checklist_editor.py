"""Editors for a list of texts: a checklist of known choices (skill access, flags, races), or lines to type."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _


class ChecklistEditor(QFrame):
    """Checkable choices with a filter. `values()` keeps the order the list had; newly checked ones follow."""

    def __init__(self, parent: QWidget, choices: list[tuple[str, str]]):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self._before: list[str] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText(_("Filter…"))
        self.filter.setClearButtonEnabled(True)
        self.list = QListWidget(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        for value, label in choices:
            self._add(value, label)
        self.filter.textChanged.connect(self._apply_filter)
        self.setFocusProxy(self.list)

    def _add(self, value: str, label: str) -> QListWidgetItem:
        item = QListWidgetItem(label, self.list)
        item.setData(Qt.ItemDataRole.UserRole, value)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Unchecked)
        return item

    def _apply_filter(self, text: str) -> None:
        needle = text.casefold()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(needle not in item.text().casefold())

    def item_for(self, value: str) -> QListWidgetItem | None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == value:
                return self.list.item(i)
        return None

    def set_values(self, values: list[str]) -> None:
        self._before = list(values)
        for value in values:
            item = self.item_for(value) or self._add(value, _("{value}   (not in the list)").format(value=value))
            item.setCheckState(Qt.CheckState.Checked)

    def values(self) -> list[str]:
        checked = [
            self.list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]
        kept = [v for v in self._before if v in checked]
        return kept + [v for v in checked if v not in kept]


class LinesEditor(QFrame):
    """One text per line (source lines may hold commas, so they are not comma-separated); Ctrl+Enter is done."""

    done = Signal()

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        hint = QLabel(_("One per line; Ctrl+Enter when done"), self)
        hint.setStyleSheet("color: #5b6470;")
        self.text = QPlainTextEdit(self)
        self.text.setTabChangesFocus(True)
        self.text.installEventFilter(self)
        layout.addWidget(hint)
        layout.addWidget(self.text)
        self.setFocusProxy(self.text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self.done.emit()
            return True
        return super().eventFilter(watched, event)

    def set_values(self, values: list[str]) -> None:
        self.text.setPlainText("\n".join(values))

    def values(self) -> list[str]:
        return [line.strip() for line in self.text.toPlainText().splitlines() if line.strip()]
