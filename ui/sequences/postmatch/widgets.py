"""Widgets of the post-match wizard: dice typed in or rolled, a star player roll, team figures side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QWidget

from roster_app.i18n import _
from roster_app.rules.roster import gp, hire_problem
from roster_app.services.postmatch.plan import HireEntry, RollPlan
from ui.kit.basics import plain_label, text_html
from ui.kit.dice_input import DiceInput
from ui.roster.hire_dialog import HireDialog


class StarRollRow(QWidget):
    """One star player roll: the dice, what the Star Player Table says, and the coach's choice."""

    rolled = Signal(object, object)  # the row, the Roll
    chosen = Signal(object, object)  # the row, Advance.key or None

    def __init__(
        self, key: tuple[int, int, int], title: str, dice: str, parent: QWidget | None = None, *, rng: Any = None
    ):
        super().__init__(parent)
        self.key = key  # (team id, player id, roll number)
        self.title = plain_label(title, self)
        self.dice = DiceInput(dice, self, rng=rng)
        self.result = QLabel(self)
        self.result.setWordWrap(True)
        self.choice = QComboBox(self)
        self.choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.choice.setMinimumContentsLength(18)
        self.problem = plain_label("", self)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color:#a32020")
        self._keys: list[str | None] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 2, 0, 2)
        # the player above his dice: beside them, a team's half of the page cut the name and "Use these dice"
        grid.addWidget(self.title, 0, 0, 1, 2)
        grid.addWidget(self.dice, 1, 1)
        grid.addWidget(self.result, 2, 1)
        grid.addWidget(self.choice, 3, 1)
        grid.addWidget(self.problem, 4, 1)
        grid.setColumnMinimumWidth(0, 12)
        grid.setColumnStretch(1, 1)
        self.dice.rolled.connect(lambda roll: self.rolled.emit(self, roll))
        self.choice.currentIndexChanged.connect(self._chosen)

    def show_roll(self, plan: RollPlan) -> None:
        self.dice.show_faces(plan.faces, locked=plan.rolled, changeable=plan.typed)
        if plan.total is None:
            self.result.setText(_("roll 2D6"))
        else:
            double = " " + _("(a double: the position's double categories are open)") if plan.is_double else ""
            self.result.setText(f"<b>{plan.total}</b>: {plan.result}{double}")
        keys = [None] + [o.key for o in plan.options]
        if keys != self._keys:
            self.choice.blockSignals(True)
            self.choice.clear()
            self.choice.addItem(_("Choose what the roll gives…") if plan.options else _("(roll first)"), None)
            for option in plan.options:
                self.choice.addItem(option.label, option.key)
            self._keys = keys
            self.choice.blockSignals(False)
        wanted = plan.chosen.key if plan.chosen else None
        if self.choice.currentData() != wanted and wanted in keys:
            self.choice.blockSignals(True)
            self.choice.setCurrentIndex(keys.index(wanted))
            self.choice.blockSignals(False)
        self.choice.setEnabled(bool(plan.options))
        self.problem.setText(plan.problem or "")
        self.problem.setVisible(bool(plan.problem) and plan.rolled)

    def choose(self, key: str) -> None:
        self.choice.setCurrentIndex(self._keys.index(key))

    def _chosen(self) -> None:
        self.chosen.emit(self, self.choice.currentData())


class FiguresGrid(QGridLayout):
    """What changes, one line per figure, the two teams side by side."""

    def __init__(self, names: Sequence[str]):
        super().__init__()
        self.setHorizontalSpacing(24)
        for column, name in enumerate(names, start=1):
            self.addWidget(QLabel(f"<b>{text_html(name)}</b>"), 0, column)
        self.setColumnStretch(1, 1)
        self.setColumnStretch(2, 1)
        self.cells: dict[tuple[int, int], QLabel] = {}

    def set_lines(self, lines: Sequence[tuple[str, str, str]]) -> None:
        for row, values in enumerate(lines, start=1):
            for column, text in enumerate(values):
                cell = self.cells.get((row, column))
                if cell is None:
                    cell = self.cells[(row, column)] = QLabel()
                    cell.setTextFormat(Qt.TextFormat.RichText)  # the lines escape their names
                    cell.setWordWrap(column > 0)
                    self.addWidget(cell, row, column)
                cell.setText(text)

    def text(self, row: int, column: int) -> str:
        return self.cells[(row, column)].text()


class PlannedHireDialog(HireDialog):
    """The hire dialog for step 4.3: it plans a hire into the draft, counting this match's winnings and
    the hires already planned, instead of hiring at once (Add to Purchases, Add & Next: `added` for each)."""

    added = Signal(object)  # a HireEntry planned

    def __init__(
        self, session: Any, team_id: int, *, treasury: int, planned: Sequence[HireEntry], parent: Any = None
    ):
        self.planned_treasury = treasury
        self.planned = list(planned)
        self.entry: HireEntry | None = None
        super().__init__(session, team_id, parent)
        self.setWindowTitle(_("Plan a new player for {team}").format(team=self.header.name))
        self.header = replace(self.header, treasury=treasury)
        taken = {r.number for r in self.roster} | {h.number for h in self.planned}
        self.number.setValue(next(n for n in range(1, 100) if n not in taken))
        self.hire_button.setText(_("Add to Purchases"))
        self.next_button.setText(_("Add && &Next"))  # plans this one, the dialog stays open: nothing is hired yet
        self.next_button.setToolTip(
            _("Add this player to the purchases and plan the next one (Enter); Finish hires")
        )
        for label in self.findChildren(QLabel):
            if "team list. Treasury" in label.text():
                label.setText(_("<b>{race}</b> team list. Treasury after this match's winnings and the purchases "
                                "planned so far: <b>{gold}</b>.").format(race=self.header.race, gold=gp(treasury)))  # fmt: skip
        self._update()

    def _problem(self, position: Any) -> str | None:
        taken = Counter(r.position for r in self.roster if r.race == self.race.name)
        taken.update(h.position for h in self.planned)
        return hire_problem(
            position, on_roster=len(self.roster) + len(self.planned), already=taken[position.name],
            treasury=self.planned_treasury, ruleset=self.session.db.ruleset,
        )  # fmt: skip

    def problem(self) -> str | None:
        if self.number.value() in {h.number for h in self.planned}:
            return _("Number {number} is already planned for another new player.").format(
                number=self.number.value()
            )
        return super().problem()

    def _hire(self) -> bool:
        """Plan the hire (the wizard's Finish hires him): never the hire service."""
        if self.problem() is not None:
            return False
        self.entry = HireEntry(
            self.selected_position().name, " ".join(self.name.text().split()), self.number.value()
        )
        self.planned_treasury -= self.selected_position().cost
        self.header = replace(self.header, treasury=self.planned_treasury)
        self.planned.append(self.entry)
        self.added.emit(self.entry)
        return True

    def _next_number(self) -> None:
        taken = {r.number for r in self.roster} | {h.number for h in getattr(self, "planned", ())}
        self.number.setValue(next((n for n in range(1, 100) if n not in taken), 99))

    def accept(self) -> None:
        if self._hire():
            super(HireDialog, self).accept()  # planned, not hired: the wizard's Finish hires him


def treasury_text(before: int, after: int) -> str:
    return f"{gp(before)} → <b>{gp(after)}</b>" if before != after else gp(before)
