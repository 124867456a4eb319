"""Step 3: a player under contract: his head coach allows the approach or refuses to sell (the deal ends)."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

from roster_app.rules.contracts import contract_state, tally_marks
from roster_app.services.transfers import refuse_by_coach
from roster_app.words import possessive
from ui.kit.basics import mnemonic_safe
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.approach import coach_of
from ui.sequences.transfer.pages.base import Choice, TransferPage, text_label
from ui.sequences.transfer.steps import Page


class SellerConsentPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(wizard, "Step 3 of 10: May the player be approached?",
                         "The player is under contract, so his head coach decides.")  # fmt: skip
        self.text = text_label(self, "consentText")
        self.choice = Choice({"allow": "", "refuse": ""}, self)
        self.layout_.addWidget(self.text)
        self.layout_.addWidget(self.choice)
        self.layout_.addStretch(1)
        self.setCommitPage(True)  # once he has answered, the answer stands
        self.choice.group.buttonToggled.connect(lambda *_a: self._changed())

    def initializePage(self) -> None:  # noqa: N802
        t = self.terms
        coach = t.seller.coach or f"{h(possessive(t.seller.name))} head coach"
        length, served = t.contract
        self.text.setText(
            f"<p style='font-size:12pt'>Ask {coach_of(t.seller)}: may {h(t.buyer.name)} approach "
            f"<b>{h(t.player)}</b>?</p><p>{h(t.player)} is under contract with {h(t.seller.name)} "
            f"({tally_marks(served, length)}, {contract_state(length, served)}), so his head coach may refuse to "
            "sell him. His answer stands once you go on.</p>"
        )
        self.choice.buttons["allow"].setText(
            mnemonic_safe(f"{coach} allows the approach (go on to the Player Reaction roll)")
        )
        self.choice.buttons["refuse"].setText(
            mnemonic_safe(f"{coach} refuses to sell {t.player} (the deal ends here)")
        )
        self._changed()

    def _changed(self) -> None:
        refuse = self.choice.chosen() == "refuse"
        self.setButtonText(QWizard.WizardButton.CommitButton, "&Record the Refusal" if refuse else "&Go On")
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802
        return self.choice.chosen() is not None

    def validatePage(self) -> bool:  # noqa: N802
        if self.choice.chosen() != "refuse":
            return True
        if self.run(refuse_by_coach, transfer_id=self.draft.transfer_id) is None:
            return False
        t = self.terms
        self.draft.deal_off = f"{t.seller.coach or t.seller.name} refused to sell {t.player} to {t.buyer.name}."
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.DEAL_OFF if self.choice.chosen() == "refuse" else Page.PRICE
