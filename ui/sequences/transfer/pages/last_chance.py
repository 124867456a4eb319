"""Step 5: the last chance to pull out. The buyer's treasury before and after; without the gold he cannot
go on."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

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
            "Step 5 of 10: Last chance to pull out",
            "If the buying coach cannot or will not pay the price, the deal falls through.",
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
        lines = [f"<p style='font-size:12pt'><b>{h(t.player)}</b> costs {money(price)}.</p>",
                 f"<p>{h(possessive(t.buyer.name))} treasury: {gp(t.buyer.treasury)} → "
                 f"{money(after) if after >= 0 else red(f'<b>{gp(after)}</b>')}</p>"]  # fmt: skip
        if not t.rookie:
            low, high = length_range(ruleset)
            lines.append(muted(
                f"<p>Step 10 then pays for his new contract: {gp(contract_cost_for_rolls(t.rolls, 1, ruleset))} "
                f"per season, {low} to {high} seasons.</p>"))  # fmt: skip
        if not self.affordable():
            lines.append(red(f"<p><b>{h(t.buyer.name)} cannot pay:</b> the treasury holds only "
                             f"{gp(t.buyer.treasury)}. The deal can only fall through.</p>"))  # fmt: skip
        self.text.setText("".join(lines))
        self.choice.buttons["pay"].setText(mnemonic_safe(f"{t.buyer.name} pay {gp(price)} (go on to steps 6-10)"))
        self.choice.buttons["pull out"].setText(
            mnemonic_safe(f"{t.buyer.name} pull out (the deal falls through; the rolls are kept)")
        )
        self.choice.buttons["pay"].setEnabled(self.affordable())
        if not self.affordable():
            self.choice.choose("pull out")
        self._changed()

    def _changed(self) -> None:
        pulling = self.choice.chosen() == "pull out"
        self.setCommitPage(pulling)
        self.setButtonText(QWizard.WizardButton.CommitButton, "Record the &Pull-Out")
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
        why = "could not" if not self.affordable() else "would not"
        d.deal_off = f"{t.buyer.name} {why} pay {gp(d.price)} for {t.player}; the deal fell through."
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.DEAL_OFF if self.choice.chosen() == "pull out" else Page.MOVEMENTS
