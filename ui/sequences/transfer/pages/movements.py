"""Steps 6-9: the money and the rosters, shown as the four movements Finish will make."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QSpinBox, QWizard

from roster_app.i18n import _, term
from roster_app.rules.roster import gp
from roster_app.rules.transfers import ally_penalties
from roster_app.words import possessive
from ui.kit.basics import text_html as h
from ui.sequences.transfer.pages.base import TransferPage, article, money, muted, red, text_label


class MovementsPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(
            wizard,
            _("Steps 6 to 9: The money and the rosters"),
            _("What changes hands. Nothing is written until Finish, after the new contract."),
        )
        self.text = text_label(self, "movementsText")
        self.number = QSpinBox(self)
        self.number.setObjectName("newNumber")
        self.number.setRange(1, 99)
        self.number.setMaximumWidth(90)
        self.number_note = text_label(self)
        self.ally = text_label(self, "allyText")
        form = QFormLayout()
        form.addRow(_("His number on the new roster:"), self.number)
        self.layout_.addWidget(self.text)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.number_note)
        self.layout_.addWidget(self.ally)
        self.layout_.addStretch(1)
        self.number.valueChanged.connect(lambda _v: self._number_changed())

    def initializePage(self) -> None:  # noqa: N802
        t, price = self.terms, self.draft.price
        contract = " " + _("His contract with them ends.") if t.under_contract else ""
        steps = [
            _("Deduct {price} from <b>{team}</b>' treasury: {before} → {after}").format(
                price=money(price), team=h(t.buyer.name), before=gp(t.buyer.treasury),
                after=money(t.buyer.treasury - price)),
            _("Add {price} to <b>{team}</b>' treasury: {before} → {after}").format(
                price=money(price), team=h(t.seller.name), before=gp(t.seller.treasury),
                after=money(t.seller.treasury + price)),
            _("Write <b>{player}</b> on {owner} roster ({before} → {after} players)").format(
                player=h(t.player), owner=h(possessive(t.buyer.name)), name=h(t.buyer.name), before=t.buyer.players,
                after=t.buyer.players + 1),
            _("Remove {player} from {owner} roster ({before} → {after} players).").format(
                player=h(t.player), owner=h(possessive(t.seller.name)), name=h(t.seller.name),
                before=t.seller.players, after=t.seller.players - 1) + contract,
        ]  # fmt: skip
        items = "".join(
            f"<li value='{n}' style='margin-bottom:6px'>{s}</li>" for n, s in enumerate(steps, start=6)
        )
        self.text.setText(f"<ol start='6' style='font-size:11pt'>{items}</ol>")
        self.number.setValue(self.draft.number or t.new_number())
        if t.ally:
            ruleset = self.tw.session.db.ruleset
            race, team_race = term("race", t.race), term("race", t.buyer.race)
            self.ally.setText("<p>" + _(
                "<b>{player} is an ally:</b> {a_race} on {a_team_race} team. Treat him as any other allied-race "
                "player: {penalties}.").format(
                player=h(t.player), a_race=f"{article(race)} {race}", race=race,
                a_team_race=f"{article(team_race)} {team_race}", team_race=team_race,
                penalties=ally_penalties(ruleset)) + "</p>")  # fmt: skip
        else:
            race = term("race", t.race)
            self.ally.setText(muted("<p>" + _("{player} is {a_race}, like {team}: no ally penalties.").format(
                player=h(t.player), a_race=f"{article(race)} {race}", race=race, team=h(t.buyer.name)) + "</p>"))  # fmt: skip
        self._number_changed()

    def _number_changed(self) -> None:
        taken = self.number.value() in self.terms.buyer_numbers
        self.draft.number = self.number.value()
        self.number_note.setText(red(_("Number {number} is already taken on {owner} roster.").format(
            number=self.number.value(), owner=h(possessive(self.terms.buyer.name)), name=h(self.terms.buyer.name)))
            if taken else "")  # fmt: skip
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802
        return self.terms is not None and self.number.value() not in self.terms.buyer_numbers
