"""Advancement of a league referee: the Star Player roll (rolled by Dugout or typed in), then a skill from the
referee list (race restrictions, prerequisites, any group on a double) or the characteristic the roll gives."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _
from roster_app.queries import referees as rq
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll
from roster_app.services import referees as svc
from roster_app.words import count
from ui.kit.basics import text_html
from ui.kit.dice_input import DiceInput


class RefereeAdvanceDialog(QDialog):
    def __init__(self, session: Any, referee_id: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.referee_id = referee_id
        self.setMinimumWidth(560)
        dice = session.db.ruleset.table("star_player_table")["dice"]

        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        roll_box = QGroupBox(_("Star Player roll ({dice})").format(dice=dice), self)
        roll_row = QHBoxLayout(roll_box)
        self.dice = DiceInput(dice, self)
        self.dice.rolled.connect(self.roll)
        roll_row.addWidget(self.dice, 1)

        choice_box = QGroupBox(_("His advance"), self)
        choice_layout = QVBoxLayout(choice_box)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.options = QListWidget()
        self.options.setMinimumHeight(220)
        self.take_button = QPushButton(_("Take this Advance"))
        self.take_button.clicked.connect(self.take)
        self.options.itemSelectionChanged.connect(self._update_buttons)
        self.options.itemDoubleClicked.connect(lambda _item: self.take())
        choice_layout.addWidget(self.result)
        choice_layout.addWidget(self.options)
        choice_layout.addWidget(self.take_button, 0, Qt.AlignmentFlag.AlignRight)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(roll_box)
        layout.addWidget(choice_box)
        layout.addWidget(buttons)
        self._load()

    def _load(self) -> None:
        card = rq.referee_card(self.session.db, self.referee_id)
        self.card = card
        self.setWindowTitle(_("Advance {referee}").format(referee=card.name))
        due = (
            _("no Star Player roll due")
            if not card.rolls_due
            else _("{rolls} due").format(rolls=count(card.rolls_due, "Star Player roll"))
        )
        self.heading.setText(
            f"<b style='font-size:13pt'>{text_html(card.name)}</b> &nbsp; "
            + _("{spp} SPP, {level}: {due}.").format(spp=card.spp, level=card.level, due=due)
        )
        self.waiting = rq.waiting_advance(self.session.db, self.referee_id)
        writable = not self.session.read_only
        self.dice.setEnabled(writable and self.waiting is None and card.rolls_due > 0 and not card.is_star)
        self.options.clear()
        if self.waiting is None:
            self.result.setText(
                _("Make the Star Player roll first.") if card.rolls_due else _("Nothing to take now.")
            )
        else:
            self.result.setText(_("<b>Roll {roll}.</b> Choose his advance:").format(roll=self.waiting.describe()))
            self._fill_options(self.waiting, card)
        self._update_buttons()

    def _fill_options(self, options: rr.AdvanceOptions, card: rq.RefereeCard) -> None:
        for stat in options.stats or ((options.stat,) if options.stat else ()):
            label = rr.STAT_LABELS[stat]
            now = getattr(card, stat)
            item = QListWidgetItem(f"+1 {label} ({now} → {now + 1})")
            item.setData(Qt.ItemDataRole.UserRole, ("stat", stat))
            self.options.addItem(item)
        for choice in options.skills:
            double = _(", on the double") if choice.needs_double else ""
            item = QListWidgetItem(f"{choice.name}  ({choice.group}{double}): {choice.effect}")
            item.setToolTip(choice.effect)
            item.setData(Qt.ItemDataRole.UserRole, ("skill", choice.name))
            self.options.addItem(item)
        if self.options.count():
            self.options.setCurrentRow(0)

    def _update_buttons(self) -> None:
        self.take_button.setEnabled(self.waiting is not None and self.options.currentItem() is not None
                                    and not self.session.read_only)  # fmt: skip

    def select_option(self, kind: str, value: str) -> None:
        """Select an option by what it gives (keyboard users and tests)."""
        for i in range(self.options.count()):
            if self.options.item(i).data(Qt.ItemDataRole.UserRole) == (kind, value):
                self.options.setCurrentRow(i)
                return
        raise LookupError(f"{kind} {value} is not offered")

    def roll(self, roll: Roll) -> None:
        self.session.run(svc.roll_advance, parent=self, referee_id=self.referee_id, roll=roll)
        self._load()

    def take(self) -> None:
        item = self.options.currentItem()
        if item is None or self.waiting is None:
            return
        kind, value = item.data(Qt.ItemDataRole.UserRole)
        self.session.run(svc.take_advance, parent=self, referee_id=self.referee_id, **{kind: value})
        self._load()
