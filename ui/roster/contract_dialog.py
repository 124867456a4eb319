"""Sign or renew a player's contract: his rolls, the cost by the league's formula, the treasury before and
after, and, when he cannot sign, the reason in words."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from roster_app.i18n import _, term
from roster_app.queries.contracts import ContractOffer, contract_offer
from roster_app.rules.contracts import contract_state, length_range, tally_marks
from roster_app.rules.roster import gp
from roster_app.services.contracts import renew_contract, sign_contract
from roster_app.words import count
from ui.kit.basics import counted_suffix, text_html

BAD = "#a32020"


def _plural(n: int, word: str) -> str:
    return count(n, word)


def _standing(offer: ContractOffer) -> str:
    if offer.running is not None:
        length, served = offer.running
        return _("under contract: {tally} ({state})").format(
            tally=tally_marks(served, length), state=contract_state(length, served)
        )
    return _("free agent (his last contract has ended)") if offer.renewable else _("free agent")


class ContractDialog(QDialog):
    """Opened for one player; Sign (or Renew) makes one service call."""

    def __init__(self, session: Any, player_id: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.ruleset = session.db.ruleset
        self.offer = contract_offer(session.db, player_id)
        self.contract_id: int | None = None
        renew = self.offer.renewable
        self.setWindowTitle(
            (_("Renew the contract of {player}") if renew else _("Contract for {player}")).format(
                player=self.offer.name
            )
        )
        self.setMinimumWidth(460)

        low, high = length_range(self.ruleset)
        self.seasons = QSpinBox(self)
        self.seasons.setRange(low, high)
        self.seasons.setValue(min(high, max(low, 2)))
        counted_suffix(self.seasons, "season")
        self.cost = QLabel(self)
        self.treasury = QLabel(self)
        self.verdict = QLabel(self)
        self.verdict.setWordWrap(True)
        self.verdict.setObjectName("contractVerdict")

        offer = self.offer
        form = QFormLayout()
        who = QLabel(_("<b>{player}</b>, {position} of {team}").format(
            player=text_html(offer.name), position=text_html(term("position", offer.position.name)) if offer.position else "",
            team=text_html(offer.team)))  # fmt: skip
        who.setWordWrap(True)  # a long position and team name in a longer language stay whole
        form.addRow(_("Player:"), who)
        form.addRow(_("Star Player Points:"), QLabel(f"{offer.spp} ({offer.level})"))
        form.addRow(_("Star player rolls:"), QLabel(str(offer.rolls)))
        form.addRow(_("Now:"), QLabel(_standing(offer)))
        form.addRow(_("Length:"), self.seasons)
        form.addRow(_("Cost:"), self.cost)
        form.addRow(_("Treasury:"), self.treasury)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.sign_button = self.buttons.addButton(
            _("Renew") if renew else _("Sign"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        note = QLabel(
            _(
                "A contract costs {cost} per star player roll per season, paid at once. It lasts {low} to {high} "
                "seasons; a tally mark is made as each season ends, and the player is a free agent when the last one "
                "is over."
            ).format(cost=gp(self.ruleset.table("contracts")["cost_per_roll_per_season"]), low=low, high=high)
        )
        note.setWordWrap(True)
        note.setStyleSheet("color: #5b6470")

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.verdict)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.seasons.valueChanged.connect(self._update)
        self._update()

    def problem(self) -> str | None:
        return self.offer.problem(self.seasons.value(), self.ruleset)

    def _update(self) -> None:
        seasons = self.seasons.value()
        cost = self.offer.cost(seasons, self.ruleset) or 0
        per = self.ruleset.table("contracts")["cost_per_roll_per_season"]
        self.cost.setText(
            f"<b>{gp(cost)}</b>  ({_plural(self.offer.rolls, 'roll')} × {_plural(seasons, 'season')} × {gp(per)})"
        )
        after = self.offer.treasury - cost
        colour = f" style='color:{BAD}'" if after < 0 else ""
        self.treasury.setText(f"{gp(self.offer.treasury)} → <b{colour}>{gp(after)}</b>")
        problem = self.problem()
        self.sign_button.setEnabled(problem is None and not self.session.read_only)
        if problem:
            self.verdict.setText(
                f"<span style='color:{BAD}'>" + _("Cannot sign: {problem}").format(problem=problem) + "</span>"
            )
        else:
            self.verdict.setText(
                _("{player} signs for {seasons}; {team} pay {gold} now.").format(
                    player=self.offer.name, seasons=_plural(seasons, "season"), team=self.offer.team, gold=gp(cost)
                )
            )

    def accept(self) -> None:
        if self.problem() is not None:
            return
        service = renew_contract if self.offer.renewable else sign_contract
        change = self.session.run(
            service, parent=self, player_id=self.offer.player_id, seasons=self.seasons.value()
        )
        if change is not None:
            self.contract_id = change.result
            super().accept()
