"""The pad's Casualty, Injury and Ref Hurts a Player: who caused it and who was hurt, each chosen (nothing is
chosen for the commissioner: issue 35 recorded "Otto hurt by Snik3" the wrong way round), and the result on the
league's Casualty Table, rolled by Dugout, typed from real dice, or read off the printed table."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from roster_app.i18n import N_, _, pgettext, term
from roster_app.rules import postmatch as pm
from roster_app.rules.dicetables import range_text
from ui.kit.dice_input import DiceInput

NOBODY = -1  # the causer's "nobody": a crowd push, a fall, a failed dodge
TITLES = {"casualty": N_("Casualty"), "injury": N_("Injury"), "ref casualty": N_("The Ref Hurts a Player")}


class CasualtyDialog(QDialog):
    """Fills in one hurt-player event for the pad; `event()` is what the pad records once it is accepted."""

    def __init__(self, game: Any, ruleset: Any, kind: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.game, self.ruleset, self.kind = game, ruleset, kind
        self.setWindowTitle(_("{what}: {game}").format(what=_(TITLES[kind]), game=game.title))
        self.table = ruleset.table("casualty_table")
        self.causer = QComboBox(self)
        self.causer.setObjectName("causer")
        self.victim = QComboBox(self)
        self.victim.setObjectName("victim")
        self._fill_players()
        self.dice = DiceInput(
            self.table["dice"], self, keep=True, roll_text=_("Roll {dice}").format(dice=self.table["dice"])
        )
        self.dice.setToolTip(
            _("The league's Casualty Table ({dice}): Dugout rolls, or type the dice").format(
                dice=self.table["dice"]
            )
        )
        self.result = QComboBox(self)
        self.result.setObjectName("casualtyResult")
        self.result.addItem(_("Or choose the result from the printed table…"), None)
        for row in self.table["rows"]:
            self.result.addItem(f"{range_text(row)}  {term('injury', row['result'])}: {term('injury', row['injury'])}",
                                row["result"])  # fmt: skip
        self.verdict = QLabel(self)
        self.verdict.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton(pgettext("button", "Record"), QDialogButtonBox.ButtonRole.AcceptRole)
        form = QFormLayout()
        if kind == "casualty":
            form.addRow(_("Caused by:"), self.causer)
        else:
            self.causer.hide()
        form.addRow(_("Hurt:"), self.victim)
        form.addRow(_("Casualty Table:"), self.dice)
        form.addRow("", self.result)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.verdict)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        for combo in (self.causer, self.victim, self.result):
            combo.currentIndexChanged.connect(self._update)
        self.dice.rolled.connect(lambda _roll: self._dice_chosen())
        self._update()

    def _fill_players(self) -> None:
        state = self.game.state
        self.causer.addItem(_("Choose who caused it…"), None)
        self.causer.addItem(_("Nobody (a crowd push, a fall…)"), NOBODY)
        self.victim.addItem(_("Choose who was hurt…"), None)
        for team_id in (state.home_id, state.away_id):
            team = self.game.team_name(team_id)
            for p in self.game.team_players(team_id):
                if state.playing(p.id):
                    self.causer.addItem(f"#{p.number} {p.name} ({team})", p.id)
                    self.victim.addItem(f"#{p.number} {p.name} ({team})", p.id)

    def _dice_chosen(self) -> None:
        self.result.setCurrentIndex(0)  # the dice decide; a result chosen before gives way
        self._update()

    def problem(self) -> str | None:
        victim, causer = self.victim.currentData(), self.causer.currentData()
        if self.kind == "casualty" and causer is None:
            return _("Choose who caused the casualty (or Nobody).")
        if victim is None:
            return _("Choose the player who was hurt.")
        if causer not in (None, NOBODY) and causer == victim:
            return _("A player does not cause his own casualty: choose Nobody.")
        if self.dice.kept is None and self.result.currentData() is None:
            return _("Roll the Casualty Table ({dice}), type the dice, or choose the result.").format(
                dice=self.table["dice"]
            )
        return None

    def outcome(self) -> str:
        if self.dice.kept is not None:
            row = pm.casualty_result(self.dice.kept.total, self.ruleset)
            return f"{self.dice.kept.total}: {term('injury', row['result'])} ({term('injury', row['injury'])})"
        row = pm.casualty_named(self.result.currentData(), self.ruleset)
        return f"{term('injury', row['result'])} ({term('injury', row['injury'])})"

    def _update(self) -> None:
        if self.result.currentData() is not None and self.dice.kept is not None:
            self.dice.kept = None  # a result read off the table replaces the dice
            self.dice.show_faces([], locked=False)
            self.dice.shown.setText("")
        problem = self.problem()
        self.ok.setEnabled(problem is None)
        self.verdict.setText(problem or _("Result: {result}").format(result=self.outcome()))

    def accept(self) -> None:
        if self.problem() is None:
            super().accept()

    def event_kwargs(self) -> dict[str, Any]:
        """The pad's record() arguments for this event."""
        causer = self.causer.currentData()
        kwargs: dict[str, Any] = {"victim_id": self.victim.currentData()}
        if self.kind == "casualty":
            kwargs["player_id"] = None if causer in (None, NOBODY) else causer
        if self.dice.kept is not None:
            kwargs["roll"] = self.dice.kept
        else:
            kwargs["data"] = {"casualty": self.result.currentData()}
        return kwargs
