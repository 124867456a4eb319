"""Step 4.1 of the post-match wizard: each team's reserve affairs, then its contracts.

The widgets move values between the page and the draft (`TeamDraft.reserves`, `TeamDraft.contracts`); what
happens is worked out by `roster_app.services.postmatch.affairs` and shown line by line. Nothing is written until the
sequence's Finish (or until the commissioner opens the transfer wizard in 4.2, which writes steps 1 to 4.1
first). A roll made by Dugout is saved in the draft at once and cannot be made again.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _, term
from roster_app.queries import reserves as reserve_queries
from roster_app.rules.contracts import length_range
from roster_app.rules.dice import Roll
from roster_app.rules.roster import gp
from roster_app.services.postmatch.affairs import ContractLine, ReservePlan, RollShown, set_reserve_roll
from roster_app.services.postmatch.draft import ReserveDraft, ReservePlayerEntry
from roster_app.words import count
from ui.kit.basics import counted_suffix, mnemonic_safe, plain_label, rich_label, text_html
from ui.kit.dice_input import DiceInput
from ui.sequences.postmatch.base import PostMatchSequence, StepPage, note
from ui.sequences.postmatch.widgets import treasury_text


def _part(parent: QWidget) -> tuple[QWidget, QVBoxLayout]:
    widget = QWidget(parent)
    layout = QVBoxLayout(widget)
    layout.setContentsMargins(0, 4, 0, 4)
    return widget, layout


def _set_checked(button: QRadioButton | QCheckBox, on: bool) -> None:
    button.blockSignals(True)
    button.setChecked(on)
    button.blockSignals(False)


class ReserveBox(QGroupBox):
    """One team's reserve affairs: upkeep or the coach leaves, the Reserve Team Table (and a Goblin or Halfling
    re-roll), the Player Table, the free player."""

    edited = Signal()  # the draft changed
    rolled_by_app = Signal()  # Dugout rolled: the draft is saved at once

    def __init__(self, wizard: PostMatchSequence, team_id: int, parent: QWidget | None = None):
        super().__init__(_("Reserve affairs"), parent)
        self.w, self.team_id = wizard, team_id
        self.plan: ReservePlan | None = None
        layout = QVBoxLayout(self)
        self.text = rich_label(self)
        self.pay = QRadioButton(self)
        self.leave = QRadioButton(self)
        self.choice = QButtonGroup(self)
        for button in (self.pay, self.leave):
            self.choice.addButton(button)
        for widget in (self.text, self.pay, self.leave):
            layout.addWidget(widget)
        self.table_part, table = _part(self)
        self.table_dice, self.table_result = self._dice_row(table, _("Reserve Team Table:"), "table")
        self.no_roll = QCheckBox(_("Don't roll this time"), self)
        table.addWidget(self.no_roll)
        self.reroll_part, reroll = _part(self)
        self.reroll_dice, self.reroll_result = self._dice_row(
            reroll, _("Re-roll (the second result stands):"), "reroll"
        )
        self.player_part, player = _part(self)
        self.player_dice, self.player_result = self._dice_row(player, _("Player Table:"), "player")
        self.new_part = self._new_player_part()
        self.outcome = rich_label(self)
        self.outcome.setObjectName(f"reserveOutcome_{team_id}")
        for widget in (self.table_part, self.reroll_part, self.player_part, self.new_part, self.outcome):
            layout.addWidget(widget)
        self.pay.toggled.connect(lambda on: on and self._decide(True))
        self.leave.toggled.connect(lambda on: on and self._decide(False))
        self.no_roll.toggled.connect(self._no_roll)

    @property
    def entry(self) -> ReserveDraft:
        return self.w.draft.team(self.team_id).reserves

    def _dice_row(self, layout: QVBoxLayout, title: str, which: str) -> tuple[DiceInput, QLabel]:
        dice = DiceInput("D6", self, rng=self.w.rng)  # the table's own dice once the plan is shown
        dice.rolled.connect(lambda roll: self._rolled(which, roll))
        result = rich_label(self)
        grid = QGridLayout()
        grid.addWidget(QLabel(title, self), 0, 0)
        grid.addWidget(dice, 0, 1)
        grid.addWidget(result, 1, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)
        return dice, result

    def _new_player_part(self) -> QWidget:
        part, layout = _part(self)
        self.position = QComboBox(part)
        self.name = QLineEdit(part)
        self.name.setPlaceholderText(_("The new player's name"))
        self.number = QSpinBox(part)
        self.number.setRange(1, 99)
        self.retire = QComboBox(part)
        self.retire_label = QLabel(_("Retires to make room:"), part)
        self.lose = QCheckBox(_("Lose him for good instead"), part)
        form = QFormLayout()
        form.addRow(_("Position:"), self.position)
        form.addRow(_("Name:"), self.name)
        form.addRow(_("Number:"), self.number)
        form.addRow(self.retire_label, self.retire)
        layout.addWidget(QLabel(_("<b>The free player</b> (no gold changes hands)"), part))
        layout.addLayout(form)
        layout.addWidget(self.lose)
        for signal in (self.position.currentIndexChanged, self.name.textChanged, self.number.valueChanged,
                       self.retire.currentIndexChanged, self.lose.toggled):  # fmt: skip
            signal.connect(self._player_edited)
        return part

    # -- from the widgets to the draft -----------------------------------------------------------------
    def _decide(self, pay: bool) -> None:
        if self.entry.pay == pay:
            return
        self.w.draft.team(self.team_id).reserves = ReserveDraft(pay=pay)  # nothing was rolled yet (locked then)
        self.edited.emit()

    def _no_roll(self, on: bool) -> None:
        self.entry.no_roll = on
        self.edited.emit()

    def _rolled(self, which: str, roll: Roll) -> None:
        set_reserve_roll(self.entry, which, list(roll.faces), roll.typed)
        self.edited.emit()
        if not roll.typed:
            self.rolled_by_app.emit()

    def _player_edited(self, *_args: object) -> None:
        if self.lose.isChecked():
            self.entry.player, self.entry.let_go = None, True
        else:
            retire = self.retire.currentData() if self.retire.isVisibleTo(self) else None
            self.entry.player = ReservePlayerEntry(
                self.position.currentData() or "", " ".join(self.name.text().split()), self.number.value(), retire
            )
            self.entry.let_go = False
        self.edited.emit()

    # -- from the plan to the widgets --------------------------------------------------------------------
    def show_plan(self, r: ReservePlan) -> None:
        self.plan = r
        lost = (", " + _("taking the pending +{bonus} on the Player Table with him").format(bonus=r.lost_bonus)
                if r.lost_bonus else "")  # fmt: skip
        self.text.setText(_("<b>{coach} Reserve Coach.</b> First pay his upkeep, or he ups and leaves with all his "
                            "stars of the future{lost}. Treasury now: {treasury}.").format(
            coach=text_html(_(r.coach)), lost=lost, treasury=gp(r.treasury_before)))  # fmt: skip
        self.pay.setText(_("Pay the upkeep of {gold}").format(gold=gp(r.upkeep))
                         + ("" if r.can_pay else " " + _("(not enough gold)")))  # fmt: skip
        self.leave.setText(mnemonic_safe(_("Let the {coach} Reserve Coach leave").format(coach=_(r.coach))))
        _set_checked(self.pay, r.pay is True)
        _set_checked(self.leave, r.pay is False)
        if r.resumed:
            self.text.setText(_("<b>{coach} Reserve Coach.</b> These reserve affairs were begun on the Reserves "
                                "tab: the upkeep is paid and the rolls made there stand; finish them here.")
                              .format(coach=_(r.coach)))  # fmt: skip
        self.pay.setEnabled(r.can_pay and not r.table and not r.resumed)
        self.leave.setEnabled(not r.table and not r.resumed)
        self.table_part.setVisible(r.pay is True)
        for dice in (self.table_dice, self.reroll_dice):
            dice.set_spec(r.table_dice)
        self.player_dice.set_spec(r.player_dice)
        first = r.table[0] if r.table else None
        self._show_dice(self.table_dice, self.table_result, first, open_=not r.no_roll and len(r.table) < 2
                        and r.player_roll is None and r.written_table < 1)  # fmt: skip
        _set_checked(self.no_roll, r.no_roll)
        self.no_roll.setEnabled(not r.table)
        self.reroll_part.setVisible(r.pay is True and r.may_reroll_race and bool(r.table))
        second = r.table[1] if len(r.table) > 1 else None
        self._show_dice(self.reroll_dice, self.reroll_result, second,
                        open_=(r.may_reroll or second is not None) and r.written_table < 2)  # fmt: skip
        self.player_part.setVisible(r.youngster_ready)
        if r.youngster_ready:
            self.player_dice.setToolTip(f"{r.player_dice} + {r.player_modifier}")
        self._show_dice(self.player_dice, self.player_result, r.player_roll, open_=not r.written_player,
                        pending=_("A youngster is ready: roll {dice} + {modifier}.").format(
                            dice=r.player_dice, modifier=r.player_modifier))  # fmt: skip
        self._show_new_player(r)
        self.outcome.setText("<br>".join(f"• {text_html(line)}" for line in r.lines))

    def _show_dice(self, dice: DiceInput, result: QLabel, shown: RollShown | None, *, open_: bool,
                   pending: str = "") -> None:  # fmt: skip
        dice.show_faces(shown.faces if shown else [], locked=not open_ or shown is not None,
                        changeable=open_ and shown is not None and shown.typed)  # fmt: skip
        if shown is None:
            result.setText(text_html(pending))
            return
        how = _("typed in") if shown.typed else _("rolled by Dugout")
        sum_ = f"{sum(shown.faces)} + {shown.modifier} = " if shown.modifier else ""
        result.setText(f"{sum_}<b>{shown.total}</b>: {text_html(shown.text)} ({how})")

    def _show_new_player(self, r: ReservePlan) -> None:
        self.new_part.setVisible(bool(r.offered))
        if not r.offered:
            return
        widgets = (self.position, self.name, self.number, self.retire, self.lose)
        for widget in widgets:
            widget.blockSignals(True)
        offers = [(f"{term('position', o.name)} ({gp(o.cost)})", o.name) for o in r.offered]
        if [self.position.itemData(i) for i in range(self.position.count())] != [name for _t, name in offers]:
            self.position.clear()
            for text, name in offers:
                self.position.addItem(text, name)
            self._fill_retire()
        entry = self.entry.player
        if entry is not None:
            self.position.setCurrentIndex(max(0, self.position.findData(entry.position)))
            if self.name.text() != entry.name and " ".join(self.name.text().split()) != entry.name:
                self.name.setText(entry.name)
            self.number.setValue(entry.number)
        elif not self.name.text():
            self.number.setValue(self._free_number())
        self.lose.setChecked(r.let_go)
        self.retire.setVisible(r.roster_full)
        self.retire_label.setVisible(r.roster_full)
        for widget in widgets:
            widget.blockSignals(False)
        for widget in (self.position, self.name, self.number, self.retire):
            widget.setEnabled(not r.let_go)

    def _fill_retire(self) -> None:
        self.retire.clear()
        for line in reserve_queries.roster_lines(self.w.session.db, self.team_id):
            self.retire.addItem(f"#{line.number} {line.name} ({term('position', line.position)})", line.id)

    def _free_number(self) -> int:
        used = {line.number for line in reserve_queries.roster_lines(self.w.session.db, self.team_id)}
        return next(n for n in range(1, 100) if n not in used)

    def choose_player(self, position: str, name: str, number: int | None = None) -> None:
        """Fill in the free player as a commissioner would."""
        self.position.setCurrentIndex(self.position.findData(position))
        self.name.setText(name)
        if number is not None:
            self.number.setValue(number)


class ContractsBox(QGroupBox):
    """Free agents with star player rolls: sign (or renew) each for some seasons, or not now."""

    edited = Signal()

    def __init__(self, wizard: PostMatchSequence, team_id: int, parent: QWidget | None = None):
        super().__init__(_("Contracts"), parent)
        self.w, self.team_id = wizard, team_id
        self.grid = QGridLayout(self)
        self.none = QLabel(_("No free agent with a star player roll."), self)
        self.grid.addWidget(self.none, 0, 0, 1, 3)
        self.seasons: dict[int, QSpinBox] = {}
        self.costs: dict[int, QLabel] = {}
        self._ids: list[int] = []

    def show_plan(self, lines: tuple[ContractLine, ...]) -> None:
        ids = [c.player_id for c in lines]
        if ids != self._ids:
            self._rebuild(lines)
        self.none.setVisible(not lines)
        for c in lines:
            spin = self.seasons[c.player_id]
            spin.blockSignals(True)
            spin.setValue(c.seasons)
            spin.blockSignals(False)
            text = f"<b>{gp(c.cost)}</b>" if c.seasons and not c.problem else ""
            self.costs[c.player_id].setText(text or (f"<span style='color:#a32020'>{text_html(c.problem)}</span>" if c.problem
                                                     else ""))  # fmt: skip

    def _rebuild(self, lines: tuple[ContractLine, ...]) -> None:
        for widget in [*self.seasons.values(), *self.costs.values(), *self.findChildren(QLabel, "contractWho")]:
            widget.deleteLater()
        self.seasons, self.costs, self._ids = {}, {}, [c.player_id for c in lines]
        low, high = length_range(self.w.session.db.ruleset)
        for row, c in enumerate(lines, start=1):
            status = _("contract ended: renew") if c.renewal else _("free agent")
            who = plain_label(_("#{number} {name}, {position}: {spp} SPP, {rolls} ({status})").format(
                number=c.number, name=c.name, position=term("position", c.position), spp=c.spp,
                rolls=count(c.rolls, "roll"), status=status), self)  # fmt: skip
            who.setObjectName("contractWho")
            who.setWordWrap(True)
            spin = QSpinBox(self)
            spin.setObjectName(f"contract_{c.player_id}")
            spin.setRange(0, high)
            spin.setSpecialValueText(_("not now"))
            counted_suffix(spin, "season")
            spin.setMinimumWidth(110)
            spin.setToolTip(
                _("A contract lasts {low} to {high} seasons, paid at once.").format(low=low, high=high)
            )
            spin.valueChanged.connect(lambda value, pid=c.player_id: self._signed(pid, value))
            cost = rich_label(self)
            self.grid.addWidget(who, row, 0)
            self.grid.addWidget(spin, row, 1)
            self.grid.addWidget(cost, row, 2)
            self.seasons[c.player_id], self.costs[c.player_id] = spin, cost
        self.grid.setColumnStretch(0, 1)

    def _signed(self, player_id: int, seasons: int) -> None:
        contracts = self.w.draft.team(self.team_id).contracts
        if seasons:
            contracts[player_id] = seasons
        else:
            contracts.pop(player_id, None)
        self.edited.emit()


class ReservesContractsPage(StepPage):
    STEP = "affairs"

    def __init__(self, wizard: PostMatchSequence):
        super().__init__(wizard)
        self.setSubTitle(_("At the very start of the purchases, before anyone is bought or sold: reserve affairs, "
                           "then contracts (a team may renew before anyone can approach its player)."))  # fmt: skip
        self.done: dict[int, QLabel] = {}
        self.no_reserves: dict[int, QLabel] = {}
        self.reserves: dict[int, ReserveBox] = {}
        self.contracts: dict[int, ContractsBox] = {}
        self.treasury: dict[int, QLabel] = {}
        self.hire_coach: dict[int, QComboBox] = {}
        boxes, outer = self.scrolled_team_boxes()
        for team_id, box in boxes.items():
            self._team_box(team_id, box)
        outer.addWidget(note(_("Reserve Coach types, the Reserve Team Table and the Player Table are league tables "
                               "(House Rules). Contracts cost per star player roll per season, paid at once.")))  # fmt: skip
        outer.addWidget(self.problems)

    def _team_box(self, team_id: int, box: QVBoxLayout) -> None:
        self.done[team_id] = rich_label(self)
        self.no_reserves[team_id] = note(_("No reserve team with a Reserve Coach (the Reserves tab of the team "
                                           "page is where the commissioner approves one)."))  # fmt: skip
        self.reserves[team_id] = ReserveBox(self.w, team_id, self)
        self.reserves[team_id].edited.connect(self.changed)
        self.reserves[team_id].rolled_by_app.connect(self.w.save_progress)
        self.contracts[team_id] = ContractsBox(self.w, team_id, self)
        self.contracts[team_id].edited.connect(self.changed)
        self.treasury[team_id] = rich_label(self)
        self.hire_coach[team_id] = self._coach_choice(team_id)
        for widget in (self.done[team_id], self.no_reserves[team_id], self.reserves[team_id],
                       self.hire_coach[team_id], self.contracts[team_id], self.treasury[team_id]):  # fmt: skip
            box.addWidget(widget)
        box.addStretch(1)

    def _coach_choice(self, team_id: int) -> QComboBox:
        """Seed 001: "You may hire another Coach as soon as you have the money": each type at its price."""
        from roster_app.rules.reserves import coach_types

        combo = QComboBox(self)
        combo.setObjectName(f"hireCoach_{team_id}")
        combo.addItem(_("No new Reserve Coach"), None)
        for coach in coach_types(self.w.session.db.ruleset):
            bonus = (
                _("+{bonus} on the Player Table").format(bonus=coach["bonus"]) if coach["bonus"] else _("no bonus")
            )
            combo.addItem(_("Hire a {coach} Reserve Coach: {cost} ({bonus})").format(
                coach=_(coach["name"]), cost=gp(coach["cost"]), bonus=bonus), coach["name"])  # fmt: skip
        combo.setCurrentIndex(max(0, combo.findData(self.w.draft.team(team_id).reserves.hire)))
        combo.activated.connect(lambda _i, t=team_id, c=combo: self._coach_chosen(t, c.currentData()))
        return combo

    def _coach_chosen(self, team_id: int, coach_type: str | None) -> None:
        self.w.draft.team(team_id).reserves.hire = coach_type
        self.changed()

    def show_plan(self) -> None:
        super().show_plan()
        for team in self.plan.teams:
            a, tid = team.affairs, team.team_id
            self.hire_coach[tid].setVisible(bool(a and (a.may_hire or a.coach_hire)))
            self.done[tid].setVisible(a is None)
            self.done[tid].setText(_("Done: {what}").format(what=text_html(team.done.get("affairs", ""))))
            r = a.reserves if a else None
            self.no_reserves[tid].setVisible(a is not None and r is None)
            self.reserves[tid].setVisible(r is not None)
            if r is not None and r.done:
                self.reserves[tid].setVisible(False)
                self.no_reserves[tid].setText(_("Reserve affairs {done}.").format(done=r.done))
                self.no_reserves[tid].setVisible(True)
            elif r is not None:
                self.reserves[tid].show_plan(r)
            self.contracts[tid].setVisible(a is not None)
            self.treasury[tid].setVisible(a is not None)
            if a is not None:
                self.contracts[tid].show_plan(a.contracts)
                self.treasury[tid].setText(
                    _("Step 4.1: treasury {treasury}").format(
                        treasury=treasury_text(a.treasury_before, a.treasury_after)
                    )
                )
