"""Step 2: tell the selling head coach. Going on records the approach; it counts even if the deal fails."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

from roster_app.rules.contracts import contract_state, tally_marks
from roster_app.services.transfers import record_approach
from roster_app.words import possessive
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.base import TransferPage, muted, text_label
from ui.sequences.transfer.steps import Page


def coach_of(side) -> str:  # noqa: ANN001
    return f"<b>{h(side.coach)}</b>, head coach of <b>{h(side.name)}</b>" if side.coach else (
        f"the head coach of <b>{h(side.name)}</b>")  # fmt: skip


class TellCoachPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(wizard, "Step 2 of 10: Tell the player's head coach",
                         "The buying coach tells the selling coach about the approach, with the commissioner "
                         "watching.")  # fmt: skip
        self.text = text_label(self, "approachText")
        self.layout_.addWidget(self.text)
        self.layout_.addStretch(1)
        self.setCommitPage(True)
        self.setButtonText(QWizard.WizardButton.CommitButton, "Record the &Approach")

    def initializePage(self) -> None:  # noqa: N802
        t = self.terms
        if t.under_contract:
            length, served = t.contract
            standing = (
                f"{h(t.player)} is <b>under contract</b> with {h(t.seller.name)} ({tally_marks(served, length)}, "
                f"{contract_state(length, served)}): in step 3 his head coach may refuse to sell him."
            )
        else:
            standing = (f"{h(t.player)} is a <b>free agent</b>: his head coach has no say in the approach, and the "
                        "Tribunal Table will set the price.")  # fmt: skip
        self.text.setText(
            f"<p style='font-size:12pt'>Tell {coach_of(t.seller)}, that <b>{h(t.buyer.name)}</b> "
            f"{f'(coach {h(t.buyer.coach)}) ' if t.buyer.coach else ''}are making an approach for "
            f"<b>{h(t.player)}</b>, {h(t.position.name) if t.position else ''} ({t.spp} SPP).</p>"
            f"<p>{standing}</p>"
            f"<p>The approach is recorded when you go on, and it counts even if the deal fails: {h(t.player)} "
            f"cannot be approached again until after {h(possessive(t.seller.name))} next match.</p>"
            + muted("<p>Cancel now and nothing is written.</p>")
        )

    def validatePage(self) -> bool:  # noqa: N802
        change = self.run(record_approach, player_id=self.terms.player_id, buyer_team_id=self.terms.buyer.id)
        if change is None:
            return False
        self.draft.transfer_id = change.result
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.CONSENT if self.terms is not None and self.terms.under_contract else Page.PRICE
