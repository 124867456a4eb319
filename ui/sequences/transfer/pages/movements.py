"""Steps 6-9: the money and the rosters, shown as the four movements Finish will make."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QSpinBox, QWizard

from roster_app.rules.roster import gp
from roster_app.rules.transfers import ally_penalties
from roster_app.words import possessive
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.base import TransferPage, article, money, muted, red, text_label


class MovementsPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(
            wizard,
            "Steps 6 to 9: The money and the rosters",
            "What changes hands. Nothing is written until Finish, after the new contract.",
        )
        self.text = text_label(self, "movementsText")
        self.number = QSpinBox(self)
        self.number.setObjectName("newNumber")
        self.number.setRange(1, 99)
        self.number.setMaximumWidth(90)
        self.number_note = text_label(self)
        self.ally = text_label(self, "allyText")
        form = QFormLayout()
        form.addRow("His number on the new roster:", self.number)
        self.layout_.addWidget(self.text)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.number_note)
        self.layout_.addWidget(self.ally)
        self.layout_.addStretch(1)
        self.number.valueChanged.connect(lambda _v: self._number_changed())

    def initializePage(self) -> None:  # noqa: N802
        t, price = self.terms, self.draft.price
        contract = " His contract with them ends." if t.under_contract else ""
        steps = [
            f"Deduct {money(price)} from <b>{h(t.buyer.name)}</b>' treasury: {gp(t.buyer.treasury)} → "
            f"{money(t.buyer.treasury - price)}",
            f"Add {money(price)} to <b>{h(t.seller.name)}</b>' treasury: {gp(t.seller.treasury)} → "
            f"{money(t.seller.treasury + price)}",
            f"Write <b>{h(t.player)}</b> on {h(possessive(t.buyer.name))} roster ({t.buyer.players} → {t.buyer.players + 1} players)",
            f"Remove {h(t.player)} from {h(possessive(t.seller.name))} roster ({t.seller.players} → {t.seller.players - 1} players)."
            f"{contract}",
        ]
        items = "".join(
            f"<li value='{n}' style='margin-bottom:6px'>{s}</li>" for n, s in enumerate(steps, start=6)
        )
        self.text.setText(f"<ol start='6' style='font-size:11pt'>{items}</ol>")
        self.number.setValue(self.draft.number or t.new_number())
        if t.ally:
            ruleset = self.tw.session.db.ruleset
            self.ally.setText(
                f"<p><b>{h(t.player)} is an ally:</b> {article(t.race)} {t.race} on {article(t.buyer.race)} {t.buyer.race} team. Treat him as any other "
                f"allied-race player: {ally_penalties(ruleset)}.</p>"
            )
        else:
            self.ally.setText(
                muted(
                    f"<p>{h(t.player)} is {article(t.race)} {t.race}, like {h(t.buyer.name)}: no ally penalties.</p>"
                )
            )
        self._number_changed()

    def _number_changed(self) -> None:
        taken = self.number.value() in self.terms.buyer_numbers
        self.draft.number = self.number.value()
        self.number_note.setText(red(f"Number {self.number.value()} is already taken on {h(possessive(self.terms.buyer.name))} "
                                     "roster.") if taken else "")  # fmt: skip
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802
        return self.terms is not None and self.number.value() not in self.terms.buyer_numbers
