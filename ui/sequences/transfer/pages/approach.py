"""Step 2: tell the selling head coach. Going on records the approach; it counts even if the deal fails."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

from roster_app.i18n import _, term
from roster_app.rules.contracts import contract_state, tally_marks
from roster_app.services.transfers import record_approach
from roster_app.words import possessive
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.base import TransferPage, muted, text_label
from ui.sequences.transfer.steps import Page


def coach_of(side) -> str:  # noqa: ANN001
    return _("<b>{coach}</b>, head coach of <b>{team}</b>").format(coach=h(side.coach), team=h(side.name)) if side.coach else (
        _("the head coach of <b>{team}</b>").format(team=h(side.name)))  # fmt: skip


class TellCoachPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(wizard, _("Step 2 of 10: Tell the player's head coach"),
                         _("The buying coach tells the selling coach about the approach, with the commissioner "
                           "watching."))  # fmt: skip
        self.text = text_label(self, "approachText")
        self.layout_.addWidget(self.text)
        self.layout_.addStretch(1)
        self.setCommitPage(True)
        self.setButtonText(QWizard.WizardButton.CommitButton, _("Record the &Approach"))

    def initializePage(self) -> None:  # noqa: N802
        t = self.terms
        if t.under_contract:
            length, served = t.contract
            standing = _(
                "{player} is <b>under contract</b> with {team} ({marks}, {state}): in step 3 his head coach may "
                "refuse to sell him."
            ).format(player=h(t.player), team=h(t.seller.name), marks=tally_marks(served, length),
                     state=_(contract_state(length, served)))  # fmt: skip
        else:
            standing = _("{player} is a <b>free agent</b>: his head coach has no say in the approach, and the "
                         "Tribunal Table will set the price.").format(player=h(t.player))  # fmt: skip
        self.text.setText(
            "<p style='font-size:12pt'>"
            + _(
                "Tell {seller_coach}, that <b>{buyer}</b> {buyer_coach}are making an approach for <b>{player}</b>, "
                "{position} ({spp} SPP)."
            ).format(
                seller_coach=coach_of(t.seller),
                buyer=h(t.buyer.name),
                buyer_coach=_("(coach {coach}) ").format(coach=h(t.buyer.coach)) if t.buyer.coach else "",
                player=h(t.player),
                position=h(term("position", t.position.name)) if t.position else "",
                spp=t.spp,
            )
            + f"</p><p>{standing}</p><p>"
            + _(
                "The approach is recorded when you go on, and it counts even if the deal fails: {player} cannot be "
                "approached again until after {owner} next match."
            ).format(player=h(t.player), owner=h(possessive(t.seller.name)), name=h(t.seller.name))
            + "</p>"
            + muted("<p>" + _("Cancel now and nothing is written.") + "</p>")
        )

    def validatePage(self) -> bool:  # noqa: N802
        change = self.run(record_approach, player_id=self.terms.player_id, buyer_team_id=self.terms.buyer.id)
        if change is None:
            return False
        self.draft.transfer_id = change.result
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.CONSENT if self.terms is not None and self.terms.under_contract else Page.PRICE
