"""A new league file: its name, its ruleset, and where it is saved."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from roster_app.i18n import _
from roster_app.paths import LEAGUE_SUFFIX, data_dir
from roster_app.rules.ruleset import available_rulesets
from ui.kit import ask


class NewLeagueDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("New league"))
        self.resize(520, 160)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText(_("e.g. Old World Classic"))
        self.ruleset = QComboBox(self)
        for key, name in available_rulesets().items():
            self.ruleset.addItem(name, key)
        self.path = QLineEdit(self)
        browse = QPushButton(_("Browse…"), self)
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path)
        row.addWidget(browse)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        form = QFormLayout(self)
        form.addRow(_("League name:"), self.name)
        form.addRow(_("Ruleset:"), self.ruleset)
        form.addRow(_("League file:"), row)
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._suggest_path)
        self.path.textChanged.connect(self._update)
        self._path_edited = False
        self._update()

    def _suggest_path(self, name: str) -> None:
        if not self._path_edited:
            safe = "".join(c for c in name if c.isalnum() or c in " -_").strip() or "league"
            self.path.blockSignals(True)
            self.path.setText(str(data_dir() / f"{safe}{LEAGUE_SUFFIX}"))
            self.path.blockSignals(False)
        self._update()

    def _browse(self) -> None:
        path = ask.save_path(self, title=_("Save the new league as"), folder=self.path.text())
        if path:
            if not path.endswith(LEAGUE_SUFFIX):
                path += LEAGUE_SUFFIX
            self._path_edited = True
            self.path.setText(path)

    def _update(self) -> None:
        ok = bool(self.name.text().strip()) and bool(self.path.text().strip())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def values(self) -> tuple[str, str, Path]:
        return self.name.text().strip(), self.ruleset.currentData(), Path(self.path.text().strip())
