"""Hire a player: pick a position of the team's list, name him, see the treasury before and after.

"Hire && Next" keeps the dialog open for the next player, so a squad is hired from the keyboard: type the
name, Enter hires and clears it, the arrow keys choose the position (the table takes no Tab stops)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _, term
from roster_app.queries import rosters as queries
from roster_app.rules.roster import gp, hire_problem, players_to_play
from roster_app.services.players import hire_player
from roster_app.words import count
from ui.kit.basics import plain_tip, text_html
from ui.kit.handbook import help_key


class HireDialog(QDialog):
    HEADERS = (N_("Position"), N_("Cost"), N_("MA"), N_("ST"), N_("AG"), N_("AV"), N_("Skills"), N_("On roster"))

    def __init__(self, session: Any, team_id: int, parent: QWidget | None = None):
        super().__init__(parent)
        help_key(self, "teams")  # F1: the handbook's section (issue 35)
        self.session = session
        self.team_id = team_id
        self.hired: list[int] = []
        self._read_team()
        self.race = session.db.ruleset.race(self.header.race)
        self.setWindowTitle(_("Hire a player for {team}").format(team=self.header.name))
        self.resize(760, 460)

        self.table = QTableWidget(len(self.race.positions), len(self.HEADERS), self)
        self.table.setHorizontalHeaderLabels([_(h) for h in self.HEADERS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setTabKeyNavigation(False)  # Tab leaves the table for the Name
        self.table.horizontalHeader().setSectionResizeMode(6, QHeaderView.ResizeMode.Stretch)
        self._fill_positions()

        self.name = QLineEdit(self)
        self.name.setPlaceholderText(_("The player's name"))
        self.number = QSpinBox(self)
        self.number.setRange(1, 99)
        self._next_number()
        self.verdict = QLabel(self)
        self.verdict.setWordWrap(True)
        self.squad = QLabel(self)
        self.squad.setObjectName("squadCount")

        form = QFormLayout()
        form.addRow(_("Name:"), self.name)
        form.addRow(_("Number:"), self.number)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.hire_button = self.buttons.addButton(_("Hire"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.next_button = self.buttons.addButton(_("Hire && &Next"), QDialogButtonBox.ButtonRole.ActionRole)
        self.next_button.setToolTip(_("Hire this player and keep the dialog open for the next one (Enter)"))
        self.next_button.setDefault(True)
        self.next_button.clicked.connect(self.hire_next)

        layout = QVBoxLayout(self)
        self.intro = QLabel(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.table)
        layout.addLayout(form)
        layout.addWidget(self.verdict)
        layout.addWidget(self.squad)
        layout.addWidget(self.buttons)

        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.table.itemSelectionChanged.connect(self._update)
        self.name.textChanged.connect(self._update)
        self.number.valueChanged.connect(self._update)
        first_ok = next((i for i, p in enumerate(self.race.positions) if not self._problem(p)), 0)
        self.table.selectRow(first_ok)
        self.setTabOrder(self.table, self.name)
        self.setTabOrder(self.name, self.number)
        self.setTabOrder(self.number, self.next_button)
        self.name.setFocus()
        self._update()

    def _read_team(self) -> None:
        self.header = queries.team_header(self.session.db, self.team_id)
        self.roster = queries.roster(self.session.db, self.team_id)

    def _next_number(self) -> None:
        used = {r.number for r in self.roster}
        self.number.setValue(next((n for n in range(1, 100) if n not in used), 99))

    def _problem(self, position: Any) -> str | None:
        taken = Counter(r.position for r in self.roster if r.race == self.race.name)
        return hire_problem(
            position, on_roster=len(self.roster), already=taken[position.name], treasury=self.header.treasury,
            ruleset=self.session.db.ruleset,
        )  # fmt: skip

    def _fill_positions(self) -> None:
        taken = Counter(r.position for r in self.roster if r.race == self.race.name)
        for row, pos in enumerate(self.race.positions):
            cells = (term("position", pos.name), gp(pos.cost), pos.ma, pos.st, pos.ag, pos.av,
                     ", ".join(term("skill", s) for s in pos.skills),
                     _("{n} of {most}").format(n=taken[pos.name], most=pos.max))  # fmt: skip
            problem = self._problem(pos)
            for column, value in enumerate(cells):
                item = QTableWidgetItem(str(value))
                if column in (1, 7):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                elif 2 <= column <= 5:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if problem:
                    item.setForeground(Qt.GlobalColor.gray)
                    item.setToolTip(plain_tip(problem))
                if column == 6 and not problem:
                    item.setToolTip(plain_tip(str(value)))  # a long list of skills is cut: whole on hover
                self.table.setItem(row, column, item)
        for column in range(len(self.HEADERS)):  # Skills stretches into what is left: "On roster" stays in view
            if column != 6:
                self.table.resizeColumnToContents(column)

    def selected_position(self) -> Any:
        rows = self.table.selectionModel().selectedRows()
        return self.race.positions[rows[0].row()] if rows else None

    def problem(self) -> str | None:
        pos = self.selected_position()
        if pos is None:
            return _("Choose a position.")
        problem = self._problem(pos)
        if problem:
            return problem
        if not self.name.text().strip():
            return _("Give the player a name.")
        if self.number.value() in {r.number for r in self.roster}:
            return _("Number {number} is already taken on this roster.").format(number=self.number.value())
        return None

    def _update(self) -> None:
        problem = self.problem()
        self.hire_button.setEnabled(problem is None)
        self.next_button.setEnabled(problem is None)
        self.intro.setText(
            _("<b>{race}</b> team list. Treasury: <b>{gold}</b>.").format(
                race=text_html(term("race", self.header.race)), gold=gp(self.header.treasury)
            )
        )
        self.squad.setText(squad_text(len(self.roster), self.session.db.ruleset))
        pos = self.selected_position()
        if problem:
            self.verdict.setText(f"<span style='color:#a32020'>{text_html(problem)}</span>")
        else:
            after = self.header.treasury - pos.cost
            self.verdict.setText(
                _("Hiring costs {cost}: the treasury goes from {before} to <b>{after}</b>.").format(
                    cost=gp(pos.cost), before=gp(self.header.treasury), after=gp(after)
                )
            )

    def _hire(self) -> bool:
        if self.problem() is not None:
            return False
        change = self.session.run(
            hire_player, parent=self, team_id=self.team_id, position=self.selected_position().name,
            name=self.name.text(), number=self.number.value(),
        )  # fmt: skip
        if change is None:
            return False
        self.hired_player_id = change.result
        self.hired.append(change.result)
        return True

    def accept(self) -> None:
        if self._hire():
            super().accept()

    def hire_next(self) -> None:
        """Hire, then clear the Name for the next player (same position while one may still be hired)."""
        row = self.table.currentRow()
        if not self._hire():
            return
        self._read_team()
        self._fill_positions()
        self._next_number()
        self.name.clear()
        if self._problem(self.race.positions[row]):
            row = next((i for i, p in enumerate(self.race.positions) if not self._problem(p)), row)
        self.table.selectRow(row)
        self.name.setFocus()
        self._update()


def squad_text(players: int, ruleset: Any) -> str:
    """How far the roster is from a team that may play (at least 11) and from a full one."""
    fewest, most = players_to_play(ruleset), ruleset.table("team_rules")["max_players"]
    if players < fewest:
        return ("<span style='color:#a32020'>"
                + _("{players} on the roster: {more} more before the team may play a match ({fewest}).").format(
                    players=players_word(players), more=fewest - players, fewest=fewest)
                + "</span>")  # fmt: skip
    return _("{players} on the roster (at most {most}).").format(players=players_word(players), most=most)


def players_word(n: int) -> str:
    return count(n, "player")
