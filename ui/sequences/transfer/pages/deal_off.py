"""The end of a deal that fell through: what was recorded, and what it means for the next approach."""

from __future__ import annotations

from PySide6.QtWidgets import QWizard

from roster_app.i18n import _
from roster_app.words import possessive
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.base import TransferPage, muted, text_label


class DealOffPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(wizard, _("The deal is off"), _("Nothing changes hands."))
        self.text = text_label(self, "dealOffText")
        self.layout_.addWidget(self.text)
        self.layout_.addStretch(1)
        self.setFinalPage(True)

    def initializePage(self) -> None:  # noqa: N802
        self.tw.button(QWizard.WizardButton.CancelButton).setVisible(False)  # what was recorded stays recorded
        t = self.terms
        self.text.setText(
            f"<p style='font-size:12pt'>{h(self.draft.deal_off)}</p>"
            + "<p>"
            + _("Recorded in the transfer history: the approach, how it ended, and any rolls made.")
            + "</p>"
            + muted(
                "<p>"
                + _("{player} may be approached again after {owner} next match.").format(
                    player=h(t.player), owner=h(possessive(t.seller.name)), name=h(t.seller.name)
                )
                + "</p>"
            )
        )

    def nextId(self) -> int:  # noqa: N802
        return -1
