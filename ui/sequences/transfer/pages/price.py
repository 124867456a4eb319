"""Step 4: the Player Reaction roll (with its modifiers listed) and the price: the Tribunal Table for a free
agent, the selling coach's price (not below the player's original price) for a player under contract."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QSpinBox, QVBoxLayout, QWidget, QWizard

from roster_app.rules.roster import gp
from roster_app.rules.transfers import listen_extra, reaction
from roster_app.services.transfers import refuse_by_player
from roster_app.words import noun, possessive
from ui.kit.basics import text_html as h
from ui.kit.dice_input import DiceInput
from ui.sequences.transfer.pages.base import TransferPage, money, muted, red, text_label
from ui.sequences.transfer.steps import Page


def _rows_text(ruleset) -> str:  # noqa: ANN001
    def span(row) -> str:  # noqa: ANN001
        low, high = row.get("from"), row.get("to")
        return f"{high} or less" if low is None else (f"{low}+" if high is None else f"{low}-{high}")

    return " · ".join(
        f"{span(r)}: {r.get('text') or r['result']}" for r in ruleset.table("player_reaction")["rows"]
    )


class PricePage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(
            wizard,
            "Step 4 of 10: The player's reaction and the price",
            "Roll in front of the other coach, or type in the dice you rolled at the table.",
        )
        self.intro = text_label(self, "reactionIntro")
        self.reaction_box = QVBoxLayout()
        self.outcome = text_label(self, "reactionOutcome")
        self.price_panel = QWidget(self)
        self.price_text = text_label(self.price_panel, "priceText")
        self.tribunal_box = QVBoxLayout()
        self.asked = QSpinBox(self.price_panel)
        self.asked.setObjectName("askedPrice")
        self.asked.setRange(0, 10_000_000)
        self.asked.setSingleStep(5_000)
        self.asked.setGroupSeparatorShown(True)
        self.asked.setSuffix(" gp")
        self.asked.setMaximumWidth(180)
        self.price = text_label(self.price_panel, "priceTotal")
        panel = QVBoxLayout(self.price_panel)
        panel.setContentsMargins(0, 0, 0, 0)
        panel.addWidget(self.price_text)
        panel.addLayout(self.tribunal_box)
        self.asked_form = QFormLayout()
        self.asked_form.addRow("The selling coach asks:", self.asked)
        panel.addLayout(self.asked_form)
        panel.addWidget(self.price)
        self.layout_.addWidget(self.intro)
        self.layout_.addLayout(self.reaction_box)
        self.layout_.addWidget(self.outcome)
        self.layout_.addWidget(self.price_panel)
        self.layout_.addStretch(1)
        self.reaction_dice: DiceInput | None = None
        self.tribunal_dice: DiceInput | None = None
        self._built_for: int | None = None
        self.asked.valueChanged.connect(lambda _v: self._show_price())

    # -- building the page for this deal ---------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802
        if self._built_for == self.draft.transfer_id:
            return
        self._built_for = self.draft.transfer_id
        t, ruleset = self.terms, self.tw.session.db.ruleset
        mods = "".join(f"<li>{h(m.text)}: <b>{m.value:+d}</b></li>" for m in t.modifiers) or "<li>none apply</li>"
        self.intro.setText(
            f"<p style='font-size:12pt'>The Player Reaction roll for <b>{h(t.player)}</b>: {t.reaction_dice} "
            f"{f'{t.modifier:+d}' if t.modifier else 'with no modifier'}</p><p>Modifiers that apply ({h(t.buyer.name)}: rating {t.buyer.rating}, fan factor "
            f"{t.buyer.fan_factor}; {h(t.seller.name)}: rating {t.seller.rating}, fan factor {t.seller.fan_factor}):"
            f"</p><ul>{mods}</ul>" + muted(_rows_text(ruleset))
        )
        self.reaction_dice = self._replace(self.reaction_box, t.reaction_dice, t.modifier)
        self.reaction_dice.setObjectName("reactionDice")
        self.reaction_dice.rolled.connect(self._reacted)
        self.tribunal_dice = None
        if not t.under_contract:
            self.tribunal_dice = self._replace(self.tribunal_box, t.tribunal_dice, 0)
            self.tribunal_dice.setObjectName("tribunalDice")
            self.tribunal_dice.rolled.connect(lambda r: self._tribunal_rolled(r))
        self._set_asked_visible(t.under_contract)
        self.outcome.setText("")
        self.price_panel.setVisible(False)

    def _replace(self, box: QVBoxLayout, dice: str, modifier: int) -> DiceInput:
        while box.count():
            item = box.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        widget = DiceInput(dice, self, modifier=modifier, keep=True)  # a roll made stands
        box.addWidget(widget)
        return widget

    def _set_asked_visible(self, on: bool) -> None:
        self.asked.setVisible(on)
        self.asked_form.labelForField(self.asked).setVisible(on)

    # -- the rolls ----------------------------------------------------------------------------------------
    def _reacted(self, roll) -> None:  # noqa: ANN001
        ruleset, t = self.tw.session.db.ruleset, self.terms
        row = reaction(roll.total, ruleset)
        self.draft.reaction, self.draft.result = roll, row["result"]
        text = row.get("text") or row["result"]
        if row["result"] == "refuses":
            self.outcome.setText(
                red(f"<p style='font-size:12pt'><b>{roll.total}: {h(t.player)} refuses.</b></p>")
                + f"<p>{h(text)}. Going on records the refusal and the roll; the deal ends.</p>"
            )
            self.setCommitPage(True)
            self.setButtonText(QWizard.WizardButton.CommitButton, "&Record the Refusal")
        else:
            self.outcome.setText(f"<p style='font-size:12pt'><b>{roll.total}: {h(text)}.</b></p>")
            self._show_price_panel()
        self.completeChanged.emit()

    def _show_price_panel(self) -> None:
        t, ruleset = self.terms, self.tw.session.db.ruleset
        extra = listen_extra(self.draft.result, ruleset)
        position = t.position.name if t.position else "his position"
        fixed = (f"{position} {gp(t.position.cost if t.position else t.original_cost)} + {t.rolls} star player "
                 f"{noun(t.rolls, 'roll')} × {gp(ruleset.table('tribunal')['per_roll'])}")  # fmt: skip
        listens = f" He only listens, so <b>{gp(extra)}</b> is added." if extra else ""
        if t.under_contract:
            floor = t.floor(self.draft.result, ruleset)
            self.price_text.setText(
                f"<p>{h(t.player)} is under contract: <b>{h(t.seller.coach or t.seller.name)}</b> names any price he "
                f"likes, but not below {h(t.player)}'s original price, {money(t.original_cost)}.{listens}</p>"
                f"<p>As a guide, the Tribunal Table's fixed part is {money(t.fixed)} ({fixed}).</p>"
            )
            self.asked.setMinimum(floor)
            self.asked.setValue(max(floor, t.fixed + extra))
        else:
            per_pip = gp(ruleset.table("tribunal")["per_pip"])
            self.price_text.setText(
                f"<p>{h(t.player)} is a free agent: the Tribunal Table sets the price. Fixed part: {money(t.fixed)} "
                f"({fixed}); rolled part: {t.tribunal_dice} × {per_pip}.{listens}</p>"
            )
        self.price_panel.setVisible(True)
        self._show_price()

    def _tribunal_rolled(self, roll) -> None:  # noqa: ANN001
        self.draft.tribunal = roll
        self._show_price()
        self.completeChanged.emit()

    def current_price(self) -> int | None:
        t, ruleset = self.terms, self.tw.session.db.ruleset
        if self.draft.result in (None, "refuses"):
            return None
        if t.under_contract:
            return self.asked.value()
        if self.draft.tribunal is None:
            return None
        return t.free_agent_price(self.draft.tribunal, self.draft.result, ruleset)

    def _show_price(self) -> None:
        price = self.current_price()
        self.draft.price = price
        self.price.setText("" if price is None else f"<p style='font-size:13pt'>Price: {money(price)}</p>")
        self.completeChanged.emit()

    # -- leaving the page ----------------------------------------------------------------------------------
    def isComplete(self) -> bool:  # noqa: N802
        return self.draft.result == "refuses" or self.current_price() is not None

    def validatePage(self) -> bool:  # noqa: N802
        if self.draft.result != "refuses":
            self.draft.price = self.current_price()
            return True
        if (
            self.run(refuse_by_player, transfer_id=self.draft.transfer_id, reaction_roll=self.draft.reaction)
            is None
        ):
            return False
        t = self.terms
        self.draft.deal_off = (f"{t.player} refused {t.buyer.name}'s approach (Player Reaction "
                               f"{self.draft.reaction.total}). He cannot be approached again until after "
                               f"{possessive(t.seller.name)} next match.")  # fmt: skip
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.DEAL_OFF if self.draft.result == "refuses" else Page.LAST_CHANCE
