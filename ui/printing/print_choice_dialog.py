"""What to print: the current team, chosen teams or the whole league; which documents; the paper size."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _
from roster_app.printing.document import PrintRequest
from ui.kit.basics import mnemonic_safe
from ui.printing.layout import PAGE_SIZES, locale_page_size

CURRENT, CHOSEN, LEAGUE = range(3)


class PrintChoiceDialog(QDialog):
    """Builds a PrintRequest; OK is enabled only when there is something to print."""

    def __init__(self, teams: list[Any], current_team_id: int | None, *, action: str = "",
                 parent: QWidget | None = None):  # fmt: skip
        super().__init__(parent)
        action = action or _("Print")
        self.setWindowTitle(_("{action} \u2014 what to print").format(action=action))
        self.teams = teams
        self.current_team_id = current_team_id if any(t.id == current_team_id for t in teams) else None
        current = next((t.name for t in teams if t.id == self.current_team_id), None)

        self.scope = QButtonGroup(self)
        self.current_radio = QRadioButton(
            mnemonic_safe(_("The current team: {team}").format(team=current)) if current else _("The current team")
        )
        self.chosen_radio = QRadioButton(_("Chosen teams:"))
        self.league_radio = QRadioButton(_("The whole league: every roster and every league document"))
        for button, scope in (
            (self.current_radio, CURRENT),
            (self.chosen_radio, CHOSEN),
            (self.league_radio, LEAGUE),
        ):
            self.scope.addButton(button, scope)
        self.current_radio.setEnabled(current is not None)
        self.team_list = QListWidget(self)
        self.team_list.setObjectName("printTeamList")
        for team in teams:
            item = QListWidgetItem(team.name, self.team_list)
            item.setData(Qt.ItemDataRole.UserRole, team.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if team.id == self.current_team_id else Qt.CheckState.Unchecked
            )
        self.team_list.setMaximumHeight(150)

        self.rosters = QCheckBox(_("Roster sheet"))
        self.rosters.setChecked(True)
        self.ledgers = QCheckBox(_("Ledger"))
        self.table = QCheckBox(_("League table"))
        self.contracts = QCheckBox(_("Contract sheet"))
        self.referees = QCheckBox(_("Referee cards"))
        self.match_sheet = QCheckBox(_("A blank referee's match sheet"))
        self.match_sheets = QCheckBox(_("Pre-filled match sheets (one a fixture) of round:"))
        self.sheets_round = QSpinBox(self)
        self.sheets_round.setObjectName("sheetsRound")
        self.sheets_round.setRange(0, 99)
        self.sheets_round.setSpecialValueText(_("the next to play"))  # 0: the first round with a fixture to play
        self.sheets_round.setEnabled(False)
        self.match_sheets.toggled.connect(self.sheets_round.setEnabled)
        self.played_sheets = QCheckBox(_("Referee's sheets of the games played (his calls) in round:"))
        self.played_sheets.setObjectName("playedSheets")
        self.played_round = QSpinBox(self)
        self.played_round.setObjectName("playedRound")
        self.played_round.setRange(0, 99)
        self.played_round.setSpecialValueText(_("the latest played"))  # 0: the latest round with a game played
        self.played_round.setEnabled(False)
        self.played_sheets.toggled.connect(self.played_round.setEnabled)
        self.page_size = QComboBox(self)
        self.page_size.addItems(list(PAGE_SIZES))
        self.page_size.setCurrentText(locale_page_size())
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(action)
        self._lay_out()
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._before_league: list[bool] | None = None
        self.scope.idToggled.connect(self._scope_changed)
        self.team_list.itemChanged.connect(lambda _item: self._update())
        for box in self._boxes():
            box.toggled.connect(lambda _on: self._update())
        (self.current_radio if current else self.league_radio).setChecked(True)
        self._update()

    def _boxes(self) -> tuple[QCheckBox, ...]:
        return (self.rosters, self.ledgers, self.table, self.contracts, self.referees, self.match_sheet,
                self.match_sheets, self.played_sheets)  # fmt: skip

    def _lay_out(self) -> None:
        who = QGroupBox(_("Print for"), self)
        who_layout = QVBoxLayout(who)
        for widget in (self.current_radio, self.chosen_radio, self.team_list, self.league_radio):
            who_layout.addWidget(widget)
        team_box = QGroupBox(_("For each team"), self)
        team_layout = QHBoxLayout(team_box)
        team_layout.addWidget(self.rosters)
        team_layout.addWidget(self.ledgers)
        team_layout.addStretch(1)
        league_box = QGroupBox(_("League documents"), self)
        league_layout = QVBoxLayout(league_box)
        for box in (self.table, self.contracts, self.referees, self.match_sheet):
            league_layout.addWidget(box)
        sheets = QHBoxLayout()
        sheets.addWidget(self.match_sheets)
        sheets.addWidget(self.sheets_round)
        sheets.addStretch(1)
        league_layout.addLayout(sheets)
        played = QHBoxLayout()
        played.addWidget(self.played_sheets)
        played.addWidget(self.played_round)
        played.addStretch(1)
        league_layout.addLayout(played)
        paper = QFormLayout()
        paper.addRow(_("Paper size:"), self.page_size)
        layout = QVBoxLayout(self)
        for part in (who, team_box, league_box):
            layout.addWidget(part)
        layout.addLayout(paper)
        layout.addWidget(self.buttons)

    def _league_boxes(self) -> tuple[QCheckBox, ...]:
        return (self.rosters, self.table, self.contracts, self.referees)

    def _scope_changed(self, scope: int, on: bool) -> None:
        """The whole league ticks every league document; leaving it again restores the ticks as they were."""
        if scope == LEAGUE and on:
            self._before_league = [box.isChecked() for box in self._league_boxes()]
            for box in self._league_boxes():
                box.setChecked(True)
        elif scope == LEAGUE and self._before_league is not None:
            for box, checked in zip(self._league_boxes(), self._before_league, strict=True):
                box.setChecked(checked)
            self._before_league = None
        if on:
            self.team_list.setEnabled(scope == CHOSEN)
            self._update()

    def team_ids(self) -> tuple[int, ...]:
        scope = self.scope.checkedId()
        if scope == CURRENT:
            return (self.current_team_id,) if self.current_team_id is not None else ()
        if scope == LEAGUE:
            return tuple(t.id for t in self.teams)
        items = (self.team_list.item(row) for row in range(self.team_list.count()))
        return tuple(i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked)

    def request(self) -> PrintRequest:
        return PrintRequest(
            self.team_ids(), rosters=self.rosters.isChecked(), ledgers=self.ledgers.isChecked(),
            table=self.table.isChecked(), contracts=self.contracts.isChecked(), referees=self.referees.isChecked(),
            match_sheet=self.match_sheet.isChecked(), match_sheets=self.match_sheets.isChecked(),
            sheets_round=self.sheets_round.value() or None, played_sheets=self.played_sheets.isChecked(),
            played_round=self.played_round.value() or None,
        )  # fmt: skip

    def chosen_page_size(self) -> str:
        return self.page_size.currentText()

    def _update(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not self.request().empty)
