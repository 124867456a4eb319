"""Generating the season's fixtures and adding a fixture outside the round robin."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.queries import rosters as queries
from roster_app.rules.fixtures import rounds_needed
from roster_app.services.season import add_fixture, generate_season
from ui.kit.basics import text_html


class GenerateSeasonDialog(QDialog):
    """Single or double round robin for every team of the league; shows how many rounds that makes."""

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.teams = queries.teams(session.db)
        self.season = queries.league_info(session.db).season
        self.setWindowTitle(f"Generate the fixtures of season {self.season}")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.single = QRadioButton("Single round robin: every team meets every other once")
        self.double = QRadioButton("Double round robin: home and away")
        self.single.setChecked(True)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.generate_button = self.buttons.addButton("Generate", QDialogButtonBox.ButtonRole.AcceptRole)
        layout = QVBoxLayout(self)
        names = text_html(", ".join(t.name for t in self.teams) or "no teams yet")
        layout.addWidget(QLabel(f"<b>{len(self.teams)} teams</b>: {names}"))
        layout.addWidget(self.single)
        layout.addWidget(self.double)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        self.single.toggled.connect(self._update)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._update()

    def _update(self) -> None:
        count = len(self.teams)
        rounds = rounds_needed(count, double=self.double.isChecked())
        games = count * (count - 1) // 2 * (2 if self.double.isChecked() else 1)
        bye = " Each round one team has a bye (an odd number of teams)." if count % 2 else ""
        self.generate_button.setEnabled(count >= 2 and not self.session.read_only)
        if count < 2:
            self.summary.setText("A season needs at least two teams.")
        else:
            self.summary.setText(f"{rounds} rounds, {games} matches.{bye} Fixtures can be moved, swapped "
                                 "or deleted afterwards while they are unplayed.")  # fmt: skip

    def accept(self) -> None:
        if self.session.run(generate_season, parent=self, double=self.double.isChecked()) is not None:
            super().accept()


class AddFixtureDialog(QDialog):
    """A friendly, semi-final or final between two teams in a round."""

    STAGES = ("friendly", "semi-final", "final")

    def __init__(self, session: Any, round_number: int = 1, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Add a fixture")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.home, self.away, self.stage = QComboBox(), QComboBox(), QComboBox()
        for team in queries.teams(session.db):
            self.home.addItem(team.name, team.id)
            self.away.addItem(team.name, team.id)
        self.away.setCurrentIndex(min(1, self.away.count() - 1))
        self.stage.addItems(self.STAGES)
        self.round = QSpinBox()
        self.round.setRange(1, 99)
        self.round.setValue(round_number)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        form = QFormLayout(self)
        form.addRow("Home:", self.home)
        form.addRow("Away:", self.away)
        form.addRow("Kind:", self.stage)
        form.addRow("Round:", self.round)
        form.addRow(QLabel("Friendlies do not count in the league table; the post-match sequence still applies."))
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def accept(self) -> None:
        change = self.session.run(
            add_fixture, parent=self, home_team_id=self.home.currentData(), away_team_id=self.away.currentData(),
            round_number=self.round.value(), stage=self.stage.currentText(),
        )  # fmt: skip
        if change is not None:
            super().accept()
