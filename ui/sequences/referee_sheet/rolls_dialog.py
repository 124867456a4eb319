"""Helpers for the ref's turn: the send-off roll (D6 4+, Loves/Hates Dirty Tricks) and the penalty roll of
his Whistle (10+) or Chainsaw (8+). Every roll is recorded; his recorded rolls are listed below."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from roster_app.queries import referees as rq
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll
from roster_app.services import referees as svc
from ui.kit.basics import text_html
from ui.kit.dice_input import DiceInput

NO_ROSTER_PLACEHOLDER = N_("Player's number and name")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def player_choice(players: list[str], parent: QWidget) -> QComboBox:
    """The player a ref deals with: one of the game's players ("#7 Grak (Orcland Raiders)"), or typed in."""
    combo = QComboBox(parent)
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    combo.addItems(players)
    combo.setCurrentIndex(-1)
    combo.lineEdit().setPlaceholderText(_("Choose or type the player") if players else _(NO_ROSTER_PLACEHOLDER))
    combo.setMinimumContentsLength(24)
    return combo


class RefereeRollsDialog(QDialog):
    def __init__(self, session: Any, referee_id: int, sheet_id: int | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.referee_id = referee_id
        self.sheet_id = sheet_id
        self.card = rq.referee_card(session.db, referee_id)
        ruleset = session.db.ruleset
        self.modifier = rr.penalty_modifier(self.card.skill_names, ruleset)
        self.setWindowTitle(_("Rolls for {referee}").format(referee=self.card.name))
        self.setMinimumWidth(560)
        mod = (" " + _("({modifier} for his Dirty Tricks skill)").format(modifier=_signed(self.modifier))
               if self.modifier else "")  # fmt: skip

        send_box = QGroupBox(
            _("Send-off roll: D6, {target}+ sends the player off").format(target=rr.send_off_target(ruleset))
            + mod,
            self,
        )
        send_form = QFormLayout(send_box)
        sheet = rq.sheet_view(session.db, sheet_id) if sheet_id is not None else None
        self.player = player_choice(rq.fixture_players(session.db, sheet.match_id if sheet else None), self)
        self.turn = QSpinBox()
        self.turn.setRange(0, rr.match_turns(ruleset))
        self.turn.setSpecialValueText("—")
        self.send_dice = DiceInput("D6", self, roll_text=_("Roll to Send Off"))
        self.send_dice.rolled.connect(self.roll_send_off)
        self.send_result = QLabel()
        self.send_result.setWordWrap(True)
        send_form.addRow(_("Player:"), self.player)
        if sheet_id is not None:
            send_form.addRow(_("Turn:"), self.turn)
        send_form.addRow(_("Dice:"), self.send_dice)
        send_form.addRow("", self.send_result)

        penalty_box = QGroupBox(
            _("Penalty roll of his equipment: 2D6 at or above the number takes effect") + mod, self
        )
        penalty_form = QFormLayout(penalty_box)
        self.item = QComboBox()
        for item in self.card.equipment:
            self.item.addItem(
                _("{item} (penalty {target}+)").format(item=_(item.name), target=item.penalty), item.name
            )
        self.penalty_dice = DiceInput("2D6", self, roll_text=_("Roll the Penalty"))
        self.penalty_dice.rolled.connect(self.roll_penalty)
        self.penalty_result = QLabel("" if self.card.equipment else _("He carries no Whistle or Chainsaw."))
        self.penalty_result.setWordWrap(True)
        penalty_form.addRow(_("Equipment:"), self.item)
        penalty_form.addRow(_("Dice:"), self.penalty_dice)
        penalty_form.addRow("", self.penalty_result)
        for widget in (self.item, self.penalty_dice):
            widget.setEnabled(bool(self.card.equipment) and not session.read_only)
        self.send_dice.setEnabled(not session.read_only)

        self.history = QListWidget(self)
        self.history.setMaximumHeight(120)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(send_box)
        layout.addWidget(penalty_box)
        layout.addWidget(QLabel(_("His recorded rolls:")))
        layout.addWidget(self.history)
        layout.addWidget(buttons)
        self._fill_history()

    def _fill_history(self) -> None:
        self.history.clear()
        self.history.addItems(
            [f"{_(r.purpose)}: {r.text}" for r in rq.referee_rolls(self.session.db, self.referee_id)]
        )

    def _show(self, label: QLabel, change: Any) -> None:
        if change is None:
            return
        outcome = change.result
        colour = "#b3261e" if outcome.success else "#2e7d32"
        label.setText(f"<span style='color:{colour}'><b>{text_html(outcome.text)}</b></span>")
        self._fill_history()

    def roll_send_off(self, roll: Roll) -> None:
        change = self.session.run(
            svc.roll_send_off, parent=self, referee_id=self.referee_id, player=self.player.currentText(),
            sheet_id=self.sheet_id, turn=self.turn.value() or None, roll=roll,
        )  # fmt: skip
        self._show(self.send_result, change)

    def roll_penalty(self, roll: Roll) -> None:
        change = self.session.run(
            svc.roll_penalty, parent=self, referee_id=self.referee_id, item=self.item.currentData(),
            sheet_id=self.sheet_id, roll=roll,
        )  # fmt: skip
        self._show(self.penalty_result, change)
