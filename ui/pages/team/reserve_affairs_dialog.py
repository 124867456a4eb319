"""Reserve affairs, step by step: upkeep (or the coach leaves), the Reserve Team Table (a Goblin or Halfling
head coach may re-roll once), the Player Table, and the free player (added, or lost for good).

Each button is one service call (one undo step) from roster_app.services.reserves; the page shown is read
back from the league after every step, so the dialog can be closed and reopened at any point.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _, term
from roster_app.queries import reserves as reserve_queries
from roster_app.queries.reserves import ReservesInfo
from roster_app.rules.dicetables import range_text
from roster_app.rules.reserves import Step, describe_reserve_row, reserve_table_row
from roster_app.rules.roster import gp
from roster_app.services import reserves as svc
from ui.kit import ask
from ui.kit.basics import quiet_button, rich_label, right_aligned, text_html
from ui.kit.dice_input import DiceInput
from ui.roster.position_table import PositionTable

STEPS = ((N_("Upkeep"), Step.UPKEEP), (N_("Reserve Team Table"), Step.TABLE), (N_("Player Table"), Step.PLAYER_TABLE),
         (N_("New player"), Step.NEW_PLAYER))  # fmt: skip


class Page(QWidget):
    """One step; `show_info` fills it from the league, its buttons call the dialog's `run`."""

    def __init__(self, dialog: ReserveAffairsDialog):
        super().__init__(dialog)
        self.dialog = dialog
        self.layout_ = QVBoxLayout(self)

    def show_info(self, info: ReservesInfo) -> None:  # pragma: no cover - every page overrides it
        raise NotImplementedError


class UpkeepPage(Page):
    def __init__(self, dialog: ReserveAffairsDialog):
        super().__init__(dialog)
        self.text = rich_label(self)
        self.pay_button = quiet_button(_("Pay Upkeep"), self)
        self.pay_button.clicked.connect(lambda: dialog.run(svc.pay_reserve_upkeep))
        self.leave_button = quiet_button(_("Let the Coach Leave…"), self)
        self.leave_button.clicked.connect(self.let_leave)
        buttons = QHBoxLayout()
        buttons.addWidget(self.pay_button)
        buttons.addWidget(self.leave_button)
        buttons.addStretch(1)
        self.layout_.addWidget(self.text)
        self.layout_.addLayout(buttons)
        self.layout_.addStretch(1)

    def show_info(self, info: ReservesInfo) -> None:
        lost = info.promising + info.carried
        self.text.setText(
            _(
                "First pay the {coach} Reserve Coach <b>{gold}</b> for the team's upkeep "
                "(the treasury holds {treasury}).<br><br>If you cannot or will not pay, he ups and leaves "
                "with all his stars of the future"
            ).format(coach=info.coach_type, gold=gp(info.upkeep), treasury=gp(info.treasury))
            + (_(": the pending <b>+{lost}</b> on the Player Table is lost.").format(lost=lost) if lost else ".")
            + _(" You may hire another Reserve Coach as soon as you have the money.")
        )
        self.pay_button.setText(_("Pay {gold} Upkeep").format(gold=gp(info.upkeep)))
        self.pay_button.setEnabled(info.treasury >= info.upkeep)

    def let_leave(self) -> None:
        info = self.dialog.info
        lost = info.promising + info.carried
        question = _("The {coach} Reserve Coach leaves {team}").format(coach=info.coach_type, team=info.team_name) + (
            _(", taking the pending +{lost} on the Player Table with him.").format(lost=lost) if lost else ".")  # fmt: skip
        if ask.confirm(self, question, yes=_("Let Him Leave")):
            self.dialog.run(svc.reserve_coach_leaves)


class TablePage(Page):
    """The Reserve Team Table: roll once (or not); a Goblin or Halfling coach may re-roll once."""

    def __init__(self, dialog: ReserveAffairsDialog):
        super().__init__(dialog)
        self.text = rich_label(self)
        self.rows = rich_label(self)
        self.result = rich_label(self)
        self.result.setObjectName("tableResult")
        self.dice = DiceInput("D6", self)
        self.dice.rolled.connect(self._rolled)
        self.skip_button = quiet_button(_("Don't Roll This Time"), self)
        self.skip_button.clicked.connect(lambda: dialog.run(svc.skip_reserve_table))
        self.keep_button = quiet_button(_("Keep This Result"), self)
        self.keep_button.clicked.connect(dialog.keep_result)
        buttons = QHBoxLayout()
        buttons.addWidget(self.skip_button)
        buttons.addWidget(self.keep_button)
        buttons.addStretch(1)
        for widget in (self.text, self.rows, self.result, self.dice):
            self.layout_.addWidget(widget)
        self.layout_.addLayout(buttons)
        self.layout_.addStretch(1)
        self.rerolling = False

    def show_info(self, info: ReservesInfo) -> None:
        ruleset = self.dialog.session.db.ruleset
        table = ruleset.table("reserve_team_table")
        self.dice.set_spec(table["dice"])
        self.rows.setText("<br>".join(f"<b>{range_text(r)}</b>: {describe_reserve_row(r)}" for r in table["rows"]))
        self.rerolling = info.round.table_rolls == 1
        if self.rerolling:
            first = describe_reserve_row(reserve_table_row(ruleset, info.round.table_total))
            self.text.setText(_("A {race} head coach may re-roll once; if you do, the second result must be "
                                "kept, even if it is worse.").format(race=term("race", info.race)))  # fmt: skip
            self.result.setText(
                _("<b>Rolled {total} – {result}</b>").format(total=info.round.table_total, result=first)
            )
        else:
            may_reroll = ruleset.race(info.race).reserve_reroll
            self.text.setText(
                _(
                    "The upkeep is paid. You may make one roll on the Reserve Team Table ({dice}); you do "
                    "not have to, but once the dice are rolled the result stands."
                ).format(dice=table["dice"])
                + (
                    _(" A {race} head coach may re-roll once.").format(race=term("race", info.race))
                    if may_reroll
                    else ""
                )
            )
            self.result.setText("")
        self.dice.roll_button.setText(
            (_("Re-roll {dice}") if self.rerolling else _("Roll {dice}")).format(dice=table["dice"])
        )
        self.skip_button.setVisible(not self.rerolling)
        self.keep_button.setVisible(self.rerolling)

    def _rolled(self, roll: Any) -> None:
        service = svc.reroll_reserve_table if self.rerolling else svc.roll_reserve_table
        if self.rerolling:
            self.dialog.kept = True  # the second result stands
        self.dialog.run(service, roll=roll)


class PlayerTablePage(Page):
    def __init__(self, dialog: ReserveAffairsDialog):
        super().__init__(dialog)
        self.text = rich_label(self)
        self.rows = rich_label(self)
        self.dice = DiceInput("D6", self)
        self.dice.rolled.connect(lambda roll: dialog.run(svc.roll_player_table, roll=roll))
        for widget in (self.text, self.rows, self.dice):
            self.layout_.addWidget(widget)
        self.layout_.addStretch(1)

    def show_info(self, info: ReservesInfo) -> None:
        table = self.dialog.session.db.ruleset.table("player_table")
        self.dice.set_spec(table["dice"])
        parts = [_("+{bonus} {coach} Reserve Coach").format(bonus=info.coach_bonus, coach=info.coach_type)
                 ] if info.coach_bonus else []  # fmt: skip
        parts += [_("+{n} Promising youngsters").format(n=info.promising)] if info.promising else []
        parts += [_("+{n} carried from an unaffordable roll").format(n=info.carried)] if info.carried else []
        added = f" {' '.join(parts)} = <b>{table['dice']} + {info.player_table_modifier}</b>" if parts else ""
        self.text.setText(
            _(
                "A youngster is ready: roll on the Player Table. {dice}{added}. Every bonus is used up "
                "by this roll. The result is the most the free player may be worth."
            ).format(dice=table["dice"], added=added)
        )
        self.rows.setText(" · ".join(f"<b>{range_text(r)}</b>: {gp(r['value'])}" for r in table["rows"]))


class NewPlayerPage(Page):
    def __init__(self, dialog: ReserveAffairsDialog):
        super().__init__(dialog)
        self.text = rich_label(self)
        self.table = PositionTable(self, cost_header=N_("Worth"))
        self.name = QLineEdit(self)
        self.name.setPlaceholderText(_("The new player's name"))
        self.number = QSpinBox(self)
        self.number.setRange(1, 99)
        self.retire = QComboBox(self)
        self.retire_label = QLabel(_("Retire to make room:"), self)
        form = QFormLayout()
        form.addRow(_("Name:"), self.name)
        form.addRow(_("Number:"), self.number)
        form.addRow(self.retire_label, self.retire)
        self.verdict = rich_label(self)
        self.add_button = quiet_button(_("Add to the Roster"), self)
        self.add_button.clicked.connect(self.add)
        self.lose_button = quiet_button(_("Lose Him for Good…"), self)
        self.lose_button.clicked.connect(self.lose)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.lose_button)
        buttons.addStretch(1)
        self.layout_.addWidget(self.text)
        self.layout_.addWidget(self.table, 1)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.verdict)
        self.layout_.addLayout(buttons)
        self.table.itemSelectionChanged.connect(self._update)
        self.name.textChanged.connect(self._update)
        self.number.valueChanged.connect(self._update)
        self.retire.currentIndexChanged.connect(self._update)

    def show_info(self, info: ReservesInfo) -> None:
        db = self.dialog.session.db
        value = info.round.player_value
        self.text.setText(
            _(
                "Player Table {total}: a player worth up to <b>{gold}</b> joins for free. "
                "Choose a position of the team list (no Big Guys, allies, Star Players, Daemons or Squigs; position "
                "limits hold)."
            ).format(total=info.round.player_total, gold=gp(value))
        )
        self.table.set_offers(reserve_queries.reserve_offers(db, info.team_id, value))
        lines = reserve_queries.roster_lines(db, info.team_id)
        used = {line.number for line in lines}
        self.number.setValue(next(n for n in range(1, 100) if n not in used))
        self.retire.clear()
        for line in lines:
            self.retire.addItem(f"#{line.number} {line.name} ({line.position})", line.id)
        self.retire.setVisible(info.roster_full)
        self.retire_label.setVisible(info.roster_full)
        self._update()

    def selected(self) -> Any:
        return self.table.selected()

    def problem(self) -> str | None:
        if not self.name.text().strip():
            return self.table.problem() or _("Give the new player a name.")
        return self.table.problem()

    def _update(self) -> None:
        info = self.dialog.info
        problem = self.problem()
        self.add_button.setEnabled(problem is None)
        if problem:
            self.verdict.setText(f"<span style='color:#a32020'>{text_html(problem)}</span>")
        elif info is not None and info.roster_full:
            self.verdict.setText(
                _(
                    "{team} already has {n} players: <b>{player}</b> "
                    "retires to make room (or lose the new player for good)."
                ).format(
                    team=text_html(info.team_name), n=info.on_roster, player=text_html(self.retire.currentText())
                )
            )
        else:
            self.verdict.setText(
                text_html(
                    _("{position}, free: no gold changes hands.").format(
                        position=term("position", self.selected().name)
                    )
                )
            )

    def add(self) -> None:
        if self.problem() is not None:
            return
        info = self.dialog.info
        retire = self.retire.currentData() if info.roster_full else None
        self.dialog.run(svc.add_reserve_player, position=self.selected().name, name=self.name.text(),
                        number=self.number.value(), retire_player_id=retire)  # fmt: skip

    def lose(self) -> None:
        if ask.confirm(self, _("Lose the new player for good? He will not come back."), yes=_("Lose Him")):
            self.dialog.run(svc.let_reserve_player_go)


class DonePage(Page):
    def __init__(self, dialog: ReserveAffairsDialog):
        super().__init__(dialog)
        self.text = rich_label(self)
        self.text.setObjectName("affairsSummary")
        self.layout_.addWidget(self.text)
        self.layout_.addStretch(1)

    def show_info(self, info: ReservesInfo) -> None:
        rows = [r for r in reserve_queries.reserve_history(self.dialog.session.db, info.team_id)
                if r.id > self.dialog.first_event_id]  # fmt: skip
        lines = "".join(f"<li><b>{text_html(r.title)}</b>: {text_html(r.detail)}</li>" for r in rows)
        lines = lines or "<li>" + _("Nothing was done.") + "</li>"
        after = (
            _("Next Player Table roll: D6 + {modifier}.").format(modifier=info.player_table_modifier)
            if info.has_coach
            else _("The team has no Reserve Coach now; hire one from the Reserves tab when it has the money.")
        )
        self.text.setText(_("<b>Reserve affairs are done for now.</b>") + f"<ul>{lines}</ul>{after}")


class ReserveAffairsDialog(QDialog):
    def __init__(self, session: Any, team_id: int, parent: QWidget | None = None, *, match_id: int | None = None):
        super().__init__(parent)
        self.session = session
        self.team_id = team_id
        self.match_id = match_id
        self.info: ReservesInfo | None = None
        self.acted = False  # something was done in this dialog: a finished round shows its summary
        self.kept = False  # the first Reserve Team Table result was kept (no re-roll)
        history = reserve_queries.reserve_history(session.db, team_id)
        self.first_event_id = history[-1].id if history else 0
        self.resize(820, 540)

        self.steps = rich_label(self)
        self.steps.setObjectName("affairsSteps")
        self.pages = QStackedWidget(self)
        self.upkeep_page, self.table_page = UpkeepPage(self), TablePage(self)
        self.player_table_page, self.new_player_page = PlayerTablePage(self), NewPlayerPage(self)
        self.done_page = DonePage(self)
        for page in (self.upkeep_page, self.table_page, self.player_table_page, self.new_player_page,
                     self.done_page):  # fmt: skip
            self.pages.addWidget(page)
        self.close_button = quiet_button(_("Close"), self)
        self.close_button.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.steps)
        layout.addWidget(self.pages, 1)
        layout.addLayout(right_aligned(self.close_button))
        self.refresh()

    # -- where the affairs stand -----------------------------------------------------------------------
    def refresh(self) -> None:
        self.info = info = reserve_queries.reserves_info(self.session.db, self.team_id)
        self.setWindowTitle(_("Reserve affairs: {team}").format(team=info.team_name))
        page = self._page_for(info)
        self.pages.setCurrentWidget(page)
        page.show_info(info)
        current = {self.upkeep_page: 0, self.table_page: 1, self.player_table_page: 2, self.new_player_page: 3}
        at = current.get(page, len(STEPS))
        self.steps.setText(" › ".join(f"<b>{n + 1} {_(title)}</b>" if n == at else
                                      f"<span style='color:#8a929c'>{n + 1} {_(title)}</span>"
                                      for n, (title, _step) in enumerate(STEPS)))  # fmt: skip

    def _page_for(self, info: ReservesInfo) -> Page:
        step = info.round.step
        if not info.has_coach:
            return self.done_page
        if info.may_reroll and not self.kept and (self.acted or step == Step.PLAYER_TABLE):
            return self.table_page
        pages = {Step.UPKEEP: self.upkeep_page, Step.TABLE: self.table_page,
                 Step.PLAYER_TABLE: self.player_table_page, Step.NEW_PLAYER: self.new_player_page}  # fmt: skip
        if step == Step.DONE:
            return self.done_page if self.acted else self.upkeep_page
        return pages[step]

    def current_page(self) -> Page:
        return self.pages.currentWidget()

    # -- steps -------------------------------------------------------------------------------------------
    def run(self, service: Any, **kwargs: Any) -> Any:
        """One step: the service (one undo step) for this team, then the page for where the affairs stand."""
        change = self.session.run(service, parent=self, team_id=self.team_id, match_id=self.match_id, **kwargs)
        if change is not None:
            self.acted = True
        self.refresh()
        return change

    def keep_result(self) -> None:
        self.kept = True
        self.refresh()
