"""Step 3: a player under contract: his head coach allows the approach or refuses to sell (the deal ends)."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

from roster_app.i18n import _
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
        super().__init__(wizard, _("Step 3 of 10: May the player be approached?"),
                         _("The player is under contract, so his head coach decides."))  # fmt: skip
        self.text = text_label(self, "consentText")
        self.choice = Choice({"allow": "", "refuse": ""}, self)
        self.layout_.addWidget(self.text)
        self.layout_.addWidget(self.choice)
        self.layout_.addStretch(1)
        self.setCommitPage(True)  # once he has answered, the answer stands
        self.choice.group.buttonToggled.connect(lambda *_a: self._changed())

    def initializePage(self) -> None:  # noqa: N802
        t = self.terms
        coach = t.seller.coach or _("{owner} head coach").format(
            owner=h(possessive(t.seller.name)), name=h(t.seller.name)
        )
        length, served = t.contract
        self.text.setText(
            "<p style='font-size:12pt'>"
            + _("Ask {seller_coach}: may {buyer} approach <b>{player}</b>?").format(
                seller_coach=coach_of(t.seller), buyer=h(t.buyer.name), player=h(t.player)
            )
            + "</p><p>"
            + _(
                "{player} is under contract with {team} ({marks}, {state}), so his head coach may refuse to sell "
                "him. His answer stands once you go on."
            ).format(
                player=h(t.player),
                team=h(t.seller.name),
                marks=tally_marks(served, length),
                state=_(contract_state(length, served)),
            )
            + "</p>"
        )
        self.choice.buttons["allow"].setText(
            mnemonic_safe(_("{coach} allows the approach (go on to the Player Reaction roll)").format(coach=coach))
        )
        self.choice.buttons["refuse"].setText(
            mnemonic_safe(
                _("{coach} refuses to sell {player} (the deal ends here)").format(coach=coach, player=t.player)
            )
        )
        self._changed()

    def _changed(self) -> None:
        refuse = self.choice.chosen() == "refuse"
        self.setButtonText(QWizard.WizardButton.CommitButton, _("&Record the Refusal") if refuse else _("&Go On"))
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802
        return self.choice.chosen() is not None

    def validatePage(self) -> bool:  # noqa: N802
        if self.choice.chosen() != "refuse":
            return True
        if self.run(refuse_by_coach, transfer_id=self.draft.transfer_id) is None:
            return False
        t = self.terms
        self.draft.deal_off = _("{seller} refused to sell {player} to {buyer}.").format(
            seller=t.seller.coach or t.seller.name, player=t.player, buyer=t.buyer.name
        )
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.DEAL_OFF if self.choice.chosen() == "refuse" else Page.PRICE
