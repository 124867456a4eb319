"""Step 10: the new contract (a Rookie signs none). Finish writes steps 6-10 together, or nothing of them."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QSpinBox, QWizard

from roster_app.i18n import _
from roster_app.rules.contracts import contract_cost_for_rolls, length_range
from roster_app.rules.roster import gp
from roster_app.services.transfers import complete_transfer
from roster_app.words import count, possessive
from ui.kit.basics import counted_suffix
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.base import TransferPage, money, muted, red, text_label


class NewContractPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(
            wizard,
            _("Step 10 of 10: The new contract"),
            _("A player bought from another team signs a contract at once; Rookies do not."),
        )
        self.text = text_label(self, "contractText")
        self.seasons = QSpinBox(self)
        self.seasons.setObjectName("contractSeasons")
        self.seasons.setMaximumWidth(140)
        counted_suffix(self.seasons, "season")
        self.form = QFormLayout()
        self.form.addRow(_("Length:"), self.seasons)
        self.cost = text_label(self, "contractCost")
        self.note = text_label(self)
        self.layout_.addWidget(self.text)
        self.layout_.addLayout(self.form)
        self.layout_.addWidget(self.cost)
        self.layout_.addStretch(1)
        self.layout_.addWidget(self.note)
        self.setFinalPage(True)
        self.seasons.valueChanged.connect(lambda _v: self._show_cost())

    def initializePage(self) -> None:  # noqa: N802
        t, ruleset = self.terms, self.tw.session.db.ruleset
        low, high = length_range(ruleset)
        chosen = self.draft.seasons
        self.seasons.setRange(low, high)
        self.seasons.setValue(chosen if chosen is not None else min(high, max(low, 2)))
        rookie = t.rookie
        self.seasons.setVisible(not rookie)
        self.form.labelForField(self.seasons).setVisible(not rookie)
        if rookie:
            self.text.setText("<p style='font-size:12pt'>" + _(
                "<b>{player}</b> is a Rookie ({spp} SPP, no star player roll): Rookies transferred do not sign "
                "contracts.").format(player=h(t.player), spp=t.spp) + "</p>")  # fmt: skip
        else:
            self.text.setText("<p style='font-size:12pt'>" + _(
                "<b>{player}</b> signs with <b>{team}</b> now: {rolls}, {low} to {high} seasons, paid at once.").format(
                player=h(t.player), team=h(t.buyer.name), rolls=count(t.rolls, "star player roll"), low=low,
                high=high) + "</p>")  # fmt: skip
        self.note.setText(
            muted(
                "<p>"
                + _(
                    "Finish writes steps 6 to 10 together: the price paid and received, the player moved, his new "
                    "contract and every roll. If anything fails, none of it is written and you are told why."
                )
                + "</p>"
            )
        )
        self._show_cost()

    def contract_cost(self) -> int:
        if self.terms.rookie:
            return 0
        return contract_cost_for_rolls(self.terms.rolls, self.seasons.value(), self.tw.session.db.ruleset)

    def _show_cost(self) -> None:
        t = self.terms
        self.draft.seasons = None if t.rookie else self.seasons.value()
        left = t.buyer.treasury - self.draft.price - self.contract_cost()
        after = money(left) if left >= 0 else red(f"<b>{gp(left)}</b> " + _("(not enough gold)"))
        cost = "" if t.rookie else _("Contract: {cost}.").format(cost=money(self.contract_cost())) + " "
        self.cost.setText("<p>" + cost + _("{owner} treasury after the price and the contract: {after}").format(
            owner=h(possessive(t.buyer.name)), name=h(t.buyer.name), after=after) + "</p>")  # fmt: skip
        self.completeChanged.emit()

    def nextId(self) -> int:  # noqa: N802
        return -1

    def isComplete(self) -> bool:  # noqa: N802
        d = self.draft
        return d.price is not None and self.terms.buyer.treasury - d.price - self.contract_cost() >= 0

    def validatePage(self) -> bool:  # noqa: N802
        d = self.draft
        change = self.run(
            complete_transfer, transfer_id=d.transfer_id, reaction_roll=d.reaction, price=d.price,
            tribunal_roll=d.tribunal, contract_seasons=d.seasons, number=d.number,
        )  # fmt: skip
        if change is None:
            return False  # the refusal was shown; nothing of steps 6-10 was written
        d.completed = True
        return True
