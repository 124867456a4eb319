"""Step 5: the last chance to pull out. The buyer's treasury before and after; without the gold he cannot
go on."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

from roster_app.i18n import _
from roster_app.rules.contracts import contract_cost_for_rolls, length_range
from roster_app.rules.roster import gp
from roster_app.services.transfers import pull_out
from roster_app.words import possessive
from ui.kit.basics import mnemonic_safe
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.base import Choice, TransferPage, money, muted, red, text_label
from ui.sequences.transfer.steps import Page


class LastChancePage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(
            wizard,
            _("Step 5 of 10: Last chance to pull out"),
            _("If the buying coach cannot or will not pay the price, the deal falls through."),
        )
        self.text = text_label(self, "lastChanceText")
        self.choice = Choice({"pay": "", "pull out": ""}, self)
        self.layout_.addWidget(self.text)
        self.layout_.addWidget(self.choice)
        self.layout_.addStretch(1)
        self.choice.group.buttonToggled.connect(lambda *_a: self._changed())

    def affordable(self) -> bool:
        return self.draft.price is not None and self.draft.price <= self.terms.buyer.treasury

    def initializePage(self) -> None:  # noqa: N802
        t, price = self.terms, self.draft.price
        ruleset = self.tw.session.db.ruleset
        after = t.buyer.treasury - price
        lines = ["<p style='font-size:12pt'>" + _("<b>{player}</b> costs {price}.").format(player=h(t.player),
                                                                                          price=money(price)) + "</p>",
                 "<p>" + _("{owner} treasury: {before} → {after}").format(
                     owner=h(possessive(t.buyer.name)), name=h(t.buyer.name), before=gp(t.buyer.treasury),
                     after=money(after) if after >= 0 else red(f"<b>{gp(after)}</b>")) + "</p>"]  # fmt: skip
        if not t.rookie:
            low, high = length_range(ruleset)
            lines.append(muted("<p>" + _("Step 10 then pays for his new contract: {cost} per season, {low} to {high} "
                                         "seasons.").format(cost=gp(contract_cost_for_rolls(t.rolls, 1, ruleset)),
                                                            low=low, high=high) + "</p>"))  # fmt: skip
        if not self.affordable():
            lines.append(red("<p>" + _("<b>{team} cannot pay:</b> the treasury holds only {gold}. The deal can only "
                                       "fall through.").format(team=h(t.buyer.name), gold=gp(t.buyer.treasury))
                             + "</p>"))  # fmt: skip
        self.text.setText("".join(lines))
        self.choice.buttons["pay"].setText(
            mnemonic_safe(_("{team} pay {price} (go on to steps 6-10)").format(team=t.buyer.name, price=gp(price)))
        )
        self.choice.buttons["pull out"].setText(
            mnemonic_safe(
                _("{team} pull out (the deal falls through; the rolls are kept)").format(team=t.buyer.name)
            )
        )
        self.choice.buttons["pay"].setEnabled(self.affordable())
        if not self.affordable():
            self.choice.choose("pull out")
        self._changed()

    def _changed(self) -> None:
        pulling = self.choice.chosen() == "pull out"
        self.setCommitPage(pulling)
        self.setButtonText(QWizard.WizardButton.CommitButton, _("Record the &Pull-Out"))
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802
        chosen = self.choice.chosen()
        return chosen == "pull out" or (chosen == "pay" and self.affordable())

    def validatePage(self) -> bool:  # noqa: N802
        if self.choice.chosen() != "pull out":
            return True
        d = self.draft
        change = self.run(pull_out, transfer_id=d.transfer_id, reaction_roll=d.reaction, tribunal_roll=d.tribunal,
                          price=d.price)  # fmt: skip
        if change is None:
            return False
        t = self.terms
        why = (_("{team} could not pay {price} for {player}; the deal fell through.") if not self.affordable()
               else _("{team} would not pay {price} for {player}; the deal fell through."))  # fmt: skip
        d.deal_off = why.format(team=t.buyer.name, price=gp(d.price), player=t.player)
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.DEAL_OFF if self.choice.chosen() == "pull out" else Page.MOVEMENTS
