"""Generating the season's fixtures and adding a fixture outside the round robin."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
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

from roster_app.i18n import _
from roster_app.queries import rosters as queries
from roster_app.rules.fixtures import rounds_needed
from roster_app.services.season import add_fixture, generate_season
from ui.kit.basics import text_html
from ui.kit.columns import stage_shown


class GenerateSeasonDialog(QDialog):
    """Single or double round robin for every team of the league; shows how many rounds that makes."""

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.teams = queries.teams(session.db)
        self.season = queries.league_info(session.db).season
        self.setWindowTitle(_("Generate the fixtures of season {season}").format(season=self.season))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.single = QRadioButton(_("Single round robin: every team meets every other once"))
        self.double = QRadioButton(_("Double round robin: home and away"))
        self.single.setChecked(True)
        self.shuffle = QCheckBox(_("&Shuffle the fixtures (else in the order the teams joined)"))  # issue 33
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.generate_button = self.buttons.addButton(_("Generate"), QDialogButtonBox.ButtonRole.AcceptRole)
        layout = QVBoxLayout(self)
        names = text_html(", ".join(t.name for t in self.teams) or _("no teams yet"))
        layout.addWidget(QLabel(_("<b>{n} teams</b>: {names}").format(n=len(self.teams), names=names)))
        layout.addWidget(self.single)
        layout.addWidget(self.double)
        layout.addWidget(self.shuffle)
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
        bye = _(" Each round one team has a bye (an odd number of teams).") if count % 2 else ""
        self.generate_button.setEnabled(count >= 2 and not self.session.read_only)
        if count < 2:
            self.summary.setText(_("A season needs at least two teams."))
        else:
            self.summary.setText(
                _("{rounds} rounds, {games} matches.").format(rounds=rounds, games=games)
                + bye
                + _(" Fixtures can be moved, swapped or deleted afterwards while they are unplayed.")
            )  # fmt: skip

    def accept(self) -> None:
        if self.session.run(generate_season, parent=self, double=self.double.isChecked(),
                            shuffle=self.shuffle.isChecked()) is not None:  # fmt: skip
            super().accept()


class AddFixtureDialog(QDialog):
    """A friendly, semi-final or final between two teams in a round."""

    STAGES = ("friendly", "semi-final", "final")  # stored keys, shown in the commissioner's words

    def __init__(self, session: Any, round_number: int = 1, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(_("Add a fixture"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.home, self.away, self.stage = QComboBox(), QComboBox(), QComboBox()
        for team in queries.teams(session.db):
            self.home.addItem(team.name, team.id)
            self.away.addItem(team.name, team.id)
        self.away.setCurrentIndex(min(1, self.away.count() - 1))
        for stage in self.STAGES:
            self.stage.addItem(stage_shown(stage), stage)
        self.round = QSpinBox()
        self.round.setRange(1, 99)
        self.round.setValue(round_number)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        form = QFormLayout(self)
        form.addRow(_("Home:"), self.home)
        form.addRow(_("Away:"), self.away)
        form.addRow(_("Kind:"), self.stage)
        form.addRow(_("Round:"), self.round)
        form.addRow(
            QLabel(_("Friendlies do not count in the league table; the post-match sequence still applies."))
        )
        form.addRow(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def accept(self) -> None:
        change = self.session.run(
            add_fixture, parent=self, home_team_id=self.home.currentData(), away_team_id=self.away.currentData(),
            round_number=self.round.value(), stage=self.stage.currentData(),
        )  # fmt: skip
        if change is not None:
            super().accept()
