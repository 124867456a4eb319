"""Add a team to the league: name, race (from the league's ruleset) and head coach."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from roster_app.i18n import _
from roster_app.rules.roster import gp
from roster_app.services.teams import add_team


class NewTeamDialog(QDialog):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.team_id: int | None = None
        self.setWindowTitle(_("Add a team"))
        ruleset = session.db.ruleset
        self.name = QLineEdit(self)
        self.race = QComboBox(self)
        self.race.addItems(sorted(ruleset.races))
        self.coach = QLineEdit(self)
        start = ruleset.table("team_rules")["starting_treasury"]
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        form = QFormLayout(self)
        form.addRow(_("Team name:"), self.name)
        form.addRow(_("Race:"), self.race)
        form.addRow(_("Head coach:"), self.coach)
        form.addRow(QLabel(_("The team starts with {gold} in its treasury.").format(gold=gp(start))))
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.name.text().strip()))

    def accept(self) -> None:
        change = self.session.run(
            add_team, parent=self, name=self.name.text(), race=self.race.currentText(), coach=self.coach.text()
        )
        if change is not None:
            self.team_id = change.result
            super().accept()
