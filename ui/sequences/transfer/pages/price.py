"""Step 4: the Player Reaction roll (with its modifiers listed) and the price: the Tribunal Table for a free
agent, the selling coach's price (not below the player's original price) for a player under contract."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QSpinBox, QVBoxLayout, QWidget, QWizard

from roster_app.i18n import _, ngettext, term
from roster_app.rules.roster import gp
from roster_app.rules.transfers import listen_extra, reaction
from roster_app.services.transfers import refuse_by_player
from roster_app.words import gp_suffix, possessive
from ui.kit.basics import text_html as h
from ui.kit.dice_input import DiceInput
from ui.sequences.transfer.pages.base import TransferPage, money, muted, red, text_label
from ui.sequences.transfer.steps import Page


def _rows_text(ruleset) -> str:  # noqa: ANN001
    def span(row) -> str:  # noqa: ANN001
        low, high = row.get("from"), row.get("to")
        return (
            _("{high} or less").format(high=high)
            if low is None
            else (f"{low}+" if high is None else f"{low}-{high}")
        )

    return " · ".join(
        f"{span(r)}: {term('table', r['text']) if r.get('text') else _(r['result'])}"
        for r in ruleset.table("player_reaction")["rows"]
    )


class PricePage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(
            wizard,
            _("Step 4 of 10: The player's reaction and the price"),
            _("Roll in front of the other coach, or type in the dice you rolled at the table."),
        )
        self.intro = text_label(self, "reactionIntro")
        self.reaction_box = QVBoxLayout()
        self.outcome = text_label(self, "reactionOutcome")
        self.price_panel = QWidget(self)
        self.price_text = text_label(self.price_panel, "priceText")
        self.tribunal_box = QVBoxLayout()
        self.asked = QSpinBox(self.price_panel)
        self.asked.setObjectName("askedPrice")
        self.asked.setRange(0, 10_000_000)
        self.asked.setSingleStep(5_000)
        self.asked.setGroupSeparatorShown(True)
        self.asked.setSuffix(gp_suffix())
        self.asked.setMaximumWidth(180)
        self.price = text_label(self.price_panel, "priceTotal")
        panel = QVBoxLayout(self.price_panel)
        panel.setContentsMargins(0, 0, 0, 0)
        panel.addWidget(self.price_text)
        panel.addLayout(self.tribunal_box)
        self.asked_form = QFormLayout()
        self.asked_form.addRow(_("The selling coach asks:"), self.asked)
        panel.addLayout(self.asked_form)
        panel.addWidget(self.price)
        self.layout_.addWidget(self.intro)
        self.layout_.addLayout(self.reaction_box)
        self.layout_.addWidget(self.outcome)
        self.layout_.addWidget(self.price_panel)
        self.layout_.addStretch(1)
        self.reaction_dice: DiceInput | None = None
        self.tribunal_dice: DiceInput | None = None
        self._built_for: int | None = None
        self.asked.valueChanged.connect(lambda _v: self._show_price())

    # -- building the page for this deal ---------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802
        if self._built_for == self.draft.transfer_id:
            return
        self._built_for = self.draft.transfer_id
        t, ruleset = self.terms, self.tw.session.db.ruleset
        mods = "".join(f"<li>{h(m.text)}: <b>{m.value:+d}</b></li>" for m in t.modifiers) or (
            "<li>" + _("none apply") + "</li>")  # fmt: skip
        self.intro.setText(
            "<p style='font-size:12pt'>"
            + _("The Player Reaction roll for <b>{player}</b>: {dice} {modifier}").format(
                player=h(t.player), dice=t.reaction_dice,
                modifier=f"{t.modifier:+d}" if t.modifier else _("with no modifier"))
            + "</p><p>"
            + _("Modifiers that apply ({buyer}: rating {buyer_rating}, fan factor {buyer_ff}; {seller}: rating "
                "{seller_rating}, fan factor {seller_ff}):").format(
                buyer=h(t.buyer.name), buyer_rating=t.buyer.rating, buyer_ff=t.buyer.fan_factor,
                seller=h(t.seller.name), seller_rating=t.seller.rating, seller_ff=t.seller.fan_factor)
            + f"</p><ul>{mods}</ul>" + muted(_rows_text(ruleset))
        )  # fmt: skip
        self.reaction_dice = self._replace(self.reaction_box, t.reaction_dice, t.modifier)
        self.reaction_dice.setObjectName("reactionDice")
        self.reaction_dice.rolled.connect(self._reacted)
        self.tribunal_dice = None
        if not t.under_contract:
            self.tribunal_dice = self._replace(self.tribunal_box, t.tribunal_dice, 0)
            self.tribunal_dice.setObjectName("tribunalDice")
            self.tribunal_dice.rolled.connect(lambda r: self._tribunal_rolled(r))
        self._set_asked_visible(t.under_contract)
        self.outcome.setText("")
        self.price_panel.setVisible(False)

    def _replace(self, box: QVBoxLayout, dice: str, modifier: int) -> DiceInput:
        while box.count():
            item = box.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        widget = DiceInput(dice, self, modifier=modifier, keep=True)  # a roll made stands
        box.addWidget(widget)
        return widget

    def _set_asked_visible(self, on: bool) -> None:
        self.asked.setVisible(on)
        self.asked_form.labelForField(self.asked).setVisible(on)

    # -- the rolls ----------------------------------------------------------------------------------------
    def _reacted(self, roll) -> None:  # noqa: ANN001
        ruleset, t = self.tw.session.db.ruleset, self.terms
        row = reaction(roll.total, ruleset)
        self.draft.reaction, self.draft.result = roll, row["result"]
        text = row.get("text") or row["result"]
        if row["result"] == "refuses":
            self.outcome.setText(
                red("<p style='font-size:12pt'><b>" + _("{total}: {player} refuses.").format(
                    total=roll.total, player=h(t.player)) + "</b></p>")
                + "<p>" + _("{text}. Going on records the refusal and the roll; the deal ends.").format(text=h(term("table", text)))
                + "</p>"
            )  # fmt: skip
            self.setCommitPage(True)
            self.setButtonText(QWizard.WizardButton.CommitButton, _("&Record the Refusal"))
        else:
            self.outcome.setText(f"<p style='font-size:12pt'><b>{roll.total}: {h(term('table', text))}.</b></p>")
            self._show_price_panel()
        self.completeChanged.emit()

    def _show_price_panel(self) -> None:
        t, ruleset = self.terms, self.tw.session.db.ruleset
        extra = listen_extra(self.draft.result, ruleset)
        position = term("position", t.position.name) if t.position else _("his position")
        fixed = ngettext("{position} {cost} + {n} star player roll × {per_roll}",
                         "{position} {cost} + {n} star player rolls × {per_roll}", t.rolls).format(
            position=position, cost=gp(t.position.cost if t.position else t.original_cost), n=t.rolls,
            per_roll=gp(ruleset.table("tribunal")["per_roll"]))  # fmt: skip
        listens = " " + _("He only listens, so <b>{extra}</b> is added.").format(extra=gp(extra)) if extra else ""
        if t.under_contract:
            floor = t.floor(self.draft.result, ruleset)
            self.price_text.setText(
                "<p>" + _("{player} is under contract: <b>{seller}</b> names any price he likes, but not below {owner} "
                          "original price, {price}.").format(
                    player=h(t.player), seller=h(t.seller.coach or t.seller.name), owner=possessive(h(t.player)),
                    name=h(t.player), price=money(t.original_cost))
                + f"{listens}</p><p>"
                + _("As a guide, the Tribunal Table's fixed part is {fixed} ({how}).").format(fixed=money(t.fixed), how=fixed)
                + "</p>"
            )  # fmt: skip
            self.asked.setMinimum(floor)
            self.asked.setValue(max(floor, t.fixed + extra))
        else:
            per_pip = gp(ruleset.table("tribunal")["per_pip"])
            self.price_text.setText(
                "<p>" + _("{player} is a free agent: the Tribunal Table sets the price. Fixed part: {fixed} ({how}); "
                          "rolled part: {dice} × {per_pip}.").format(
                    player=h(t.player), fixed=money(t.fixed), how=fixed, dice=t.tribunal_dice, per_pip=per_pip)
                + f"{listens}</p>"
            )  # fmt: skip
        self.price_panel.setVisible(True)
        self._show_price()

    def _tribunal_rolled(self, roll) -> None:  # noqa: ANN001
        self.draft.tribunal = roll
        self._show_price()
        self.completeChanged.emit()

    def current_price(self) -> int | None:
        t, ruleset = self.terms, self.tw.session.db.ruleset
        if self.draft.result in (None, "refuses"):
            return None
        if t.under_contract:
            return self.asked.value()
        if self.draft.tribunal is None:
            return None
        return t.free_agent_price(self.draft.tribunal, self.draft.result, ruleset)

    def _show_price(self) -> None:
        price = self.current_price()
        self.draft.price = price
        self.price.setText(
            ""
            if price is None
            else "<p style='font-size:13pt'>" + _("Price: {price}").format(price=money(price)) + "</p>"
        )
        self.completeChanged.emit()

    # -- leaving the page ----------------------------------------------------------------------------------
    def isComplete(self) -> bool:  # noqa: N802
        return self.draft.result == "refuses" or self.current_price() is not None

    def validatePage(self) -> bool:  # noqa: N802
        if self.draft.result != "refuses":
            self.draft.price = self.current_price()
            return True
        if (
            self.run(refuse_by_player, transfer_id=self.draft.transfer_id, reaction_roll=self.draft.reaction)
            is None
        ):
            return False
        t = self.terms
        self.draft.deal_off = _("{player} refused {buyer_owner} approach (Player Reaction {total}). He cannot be "
                                "approached again until after {seller_owner} next match.").format(
            player=t.player, buyer_owner=possessive(t.buyer.name), buyer=t.buyer.name, total=self.draft.reaction.total,
            seller_owner=possessive(t.seller.name), seller=t.seller.name)  # fmt: skip
        return True

    def nextId(self) -> int:  # noqa: N802
        return Page.DEAL_OFF if self.draft.result == "refuses" else Page.LAST_CHANCE
