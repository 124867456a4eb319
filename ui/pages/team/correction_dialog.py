"""Tools > Commissioner's Correction…: the one path for putting a mistake right outside the league's timeline.

What to correct (gold, SPP, fan factor, a contract, a roll typed in wrongly), the team and the row chosen from
lists, the value now beside the new one, a reason (OK stays disabled without one) and the commissioner's name
(remembered). OK makes one service call (roster_app/services/corrections.py) through LeagueSession.run: one
undo step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from roster_app.queries import corrections as cq
from roster_app.queries.rosters import team_header, teams
from roster_app.rules.contracts import length_range, tally_marks
from roster_app.rules.limits import MOST_GOLD, MOST_SPP, gold_correction_range
from roster_app.rules.roster import gp
from roster_app.services import corrections as svc
from roster_app.words import count
from ui.kit import ask
from ui.kit.basics import counted_suffix
from ui.kit.columns import shown
from ui.kit.dice_input import DiceInput
from ui.kit.handbook import help_key

NAME_KEY = "corrections/commissioner"
KINDS = (("gold", N_("Gold in the treasury")), ("spp", N_("A player's SPP")), ("fan_factor", N_("Fan factor")),
         ("contract", N_("A contract")), ("roll", N_("A roll typed in wrongly")))  # fmt: skip
NOTES = {
    "gold": N_(
        "The gold moves through the ledger as a correction row with your reason; the treasury never goes "
        "below 0 gp."
    ),
    "spp": N_("Star player rolls taken may not exceed what the SPP earn."),
    "fan_factor": N_("No gold moves: the fan factor is set to what it should be."),
    "contract": N_(
        "No gold moves: the price paid at signing stays in the ledger (correct the gold too if it should "
        "change). A contract runs while seasons are left; cancelling makes the player a free agent."
    ),
    "roll": N_(
        "Only the record of the roll changes. What the roll decided (gold, SPP, a fan factor) is not worked "
        "out again: correct it with the other kinds of correction."
    ),
}
BAD = "#a32020"


def _settings(parent: QWidget | None) -> QSettings:
    window = parent.window() if parent is not None else None
    return getattr(window, "settings", None) or QSettings()


def _spin(low: int, high: int, *, step: int = 1, suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setSuffix(suffix)
    box.setGroupSeparatorShown(abs(high) >= 10_000)  # "5,000 gp", as words.gp writes gold
    box.setKeyboardTracking(True)
    return box


class CorrectionDialog(QDialog):
    """Opened from the Tools menu (or the team header); `kind` and `team_id` choose where it starts."""

    def __init__(
        self,
        session: Any,
        parent: QWidget | None = None,
        *,
        team_id: int | None = None,
        kind: str = "gold",
        settings: QSettings | None = None,
    ):
        super().__init__(parent)
        help_key(self, "corrections")  # F1: the handbook's section (issue 35)
        self.session = session
        self.db = session.db
        self.settings = settings or _settings(parent)
        self.setWindowTitle(_("Commissioner's Correction"))
        self.setMinimumWidth(560)
        self.header: Any = None

        intro = QLabel(
            _(
                "Puts a mistake right outside the league's timeline. It is written with your reason and name, shows "
                "in the team's History tab and its printed ledger, and Edit > Undo takes it back."
            )
        )
        intro.setWordWrap(True)
        self.kind = QComboBox(self)
        self.kind.setObjectName("correctionKind")
        for key, label in KINDS:
            self.kind.addItem(_(label), key)
        self.team = QComboBox(self)
        self.team.setObjectName("correctionTeam")
        for item in teams(self.db):
            self.team.addItem(item.name, item.id)
        self.pages = QStackedWidget(self)
        self._build_pages()
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #5b6470")
        self.verdict = QLabel(self)
        self.verdict.setObjectName("correctionVerdict")
        self.verdict.setWordWrap(True)
        self.reason = QLineEdit(self)
        self.reason.setObjectName("correctionReason")
        self.reason.setPlaceholderText(_("What went wrong (required)"))
        self.made_by = QLineEdit(str(self.settings.value(NAME_KEY, "") or ""), self)
        self.made_by.setObjectName("correctionBy")
        self.made_by.setPlaceholderText(_("Your name (required)"))

        form = QFormLayout()
        form.addRow(_("Correct:"), self.kind)
        form.addRow(_("Team:"), self.team)
        reasons = QFormLayout()
        reasons.addRow(_("Reason:"), self.reason)
        reasons.addRow(_("Commissioner:"), self.made_by)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok_button = self.buttons.addButton(_("Correct"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok_button.setObjectName("correctButton")
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.pages)
        layout.addWidget(self.note)
        layout.addLayout(reasons)
        layout.addWidget(self.verdict)
        layout.addWidget(self.buttons)

        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.team.currentIndexChanged.connect(self._team_changed)
        for line in (self.reason, self.made_by):
            line.textChanged.connect(self._update)
        if team_id is not None and self.team.findData(team_id) >= 0:
            self.team.setCurrentIndex(self.team.findData(team_id))
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
        self._team_changed()
        self._kind_changed()

    # -- the pages, one per kind --------------------------------------------------------------------
    def _build_pages(self) -> None:
        self.now: dict[str, QLabel] = {key: QLabel() for key, _label in KINDS}
        for label in self.now.values():
            label.setObjectName("correctionNow")
            label.setTextFormat(Qt.TextFormat.PlainText)  # a roll's label names its player
        self.gold = _spin(-MOST_GOLD, MOST_GOLD, step=10_000, suffix=_(" gp"))  # rules/limits.py
        self.gold.setObjectName("goldAmount")
        self.gold_after = QLabel()
        self.player = QComboBox()
        self.player.setObjectName("correctionPlayer")
        self.spp = _spin(0, MOST_SPP, suffix=_(" SPP"))
        self.rolls_taken = _spin(0, 20)
        low, high = svc.fan_factor_range(self.db)
        self.fan_factor = _spin(low, high)
        self.fan_factor.setObjectName("fanFactor")
        self.contract = QComboBox()
        self.contract.setObjectName("correctionContract")
        shortest, longest = length_range(self.db.ruleset)
        self.seasons = _spin(shortest, longest)
        counted_suffix(self.seasons, "season")
        self.served = _spin(0, longest)
        self.cancel_contract = QCheckBox(_("Cancel the contract (the player becomes a free agent)"))
        self.roll = QComboBox()
        self.roll.setObjectName("correctionRoll")
        self.dice = DiceInput("D6", self)
        for part in (self.dice.roll_button, self.dice.or_label, self.dice.use_button):
            part.hide()  # a correction types the faces the dice showed; Dugout does not roll again

        rows = {
            "gold": [(_("Treasury now:"), self.now["gold"]), (_("Add (or take with −):"), self.gold),
                     (_("Treasury after:"), self.gold_after)],
            "spp": [(_("Player:"), self.player), (_("Now:"), self.now["spp"]), (_("SPP should be:"), self.spp),
                    (_("Star player rolls taken:"), self.rolls_taken)],
            "fan_factor": [(_("Fan factor now:"), self.now["fan_factor"]), (_("Should be:"), self.fan_factor)],
            "contract": [(_("Contract:"), self.contract), (_("Now:"), self.now["contract"]), (_("Length:"), self.seasons),
                         (_("Seasons served:"), self.served), ("", self.cancel_contract)],
            "roll": [(_("Roll:"), self.roll), (_("Stored:"), self.now["roll"]), (_("The dice showed:"), self.dice)],
        }  # fmt: skip
        for key, _label in KINDS:
            page = QWidget()
            form = QFormLayout(page)
            form.setContentsMargins(0, 0, 0, 0)
            for title, widget in rows[key]:
                form.addRow(title, widget)
            self.pages.addWidget(page)
        for spin in (self.gold, self.spp, self.rolls_taken, self.fan_factor, self.seasons, self.served):
            spin.valueChanged.connect(self._update)
        self._watch_faces()
        self.cancel_contract.toggled.connect(self._update)
        self.player.currentIndexChanged.connect(self._player_changed)
        self.contract.currentIndexChanged.connect(self._contract_changed)
        self.roll.currentIndexChanged.connect(self._roll_changed)

    def _watch_faces(self) -> None:
        for box in self.dice.faces:
            box.valueChanged.connect(self._update)

    # -- what is chosen ---------------------------------------------------------------------------
    def kind_key(self) -> str:
        return self.kind.currentData()

    def team_id(self) -> int | None:
        return self.team.currentData()

    def _kind_changed(self) -> None:
        self.pages.setCurrentIndex(self.kind.currentIndex())
        self.note.setText(_(NOTES[self.kind_key()]))
        self._update()
        self.adjustSize()  # the pages differ in height

    def _team_changed(self) -> None:
        team = self.team_id()
        self.header = team_header(self.db, team) if team is not None else None
        self._fill(
            self.player, cq.players(self.db, team) if team is not None else [], _("No player on the roster")
        )
        self._fill(
            self.contract, cq.contracts(self.db, team) if team is not None else [], _("No contract to correct")
        )
        self._fill(
            self.roll, cq.rolls(self.db, team) if team is not None else [], _("No roll stored for the team")
        )
        if self.header is not None:
            self.now["gold"].setText(gp(self.header.treasury))
            self.gold.setRange(*gold_correction_range(self.header.treasury))  # a 32-bit spin box: bounded
            self.now["fan_factor"].setText(str(self.header.fan_factor))
            self.fan_factor.setValue(self.header.fan_factor)
        self._player_changed()
        self._contract_changed()
        self._roll_changed()

    def _fill(self, combo: QComboBox, choices: list[Any], empty: str) -> None:
        combo.blockSignals(True)
        combo.clear()
        for choice in choices:
            combo.addItem(choice.label, choice)
        if not choices:
            combo.addItem(empty, None)
        combo.blockSignals(False)

    def _player_changed(self) -> None:
        p = self.player.currentData()
        self.now["spp"].setText(
            _("{spp} SPP, {rolls} taken").format(spp=p.spp, rolls=count(p.rolls_taken, "star player roll"))
            if p
            else ""
        )
        if p is not None:
            self.spp.setValue(p.spp)
            self.rolls_taken.setValue(p.rolls_taken)
        self._update()

    def _contract_changed(self) -> None:
        c = self.contract.currentData()
        self.now["contract"].setText(f"{tally_marks(c.served, c.seasons)}, {shown(c.status)}" if c else "")
        self.cancel_contract.setChecked(False)
        self.cancel_contract.setEnabled(c is not None and c.status == "running")
        if c is not None:
            self.seasons.setValue(c.seasons)
            self.served.setValue(c.served)
        self._update()

    def _roll_changed(self) -> None:
        r = self.roll.currentData()
        self.now["roll"].setText(r.label if r else "")
        if r is not None:
            boxes = self.dice.faces
            self.dice.set_spec(r.dice)
            if self.dice.faces is not boxes:  # other dice: new face boxes
                self._watch_faces()
            self.dice.set_faces(r.faces)
        self._update()

    # -- the call ---------------------------------------------------------------------------------
    def arguments(self) -> tuple[Any, dict[str, Any]] | None:
        """The service and its arguments for what is filled in, or None when nothing would change."""
        kind, who = self.kind_key(), {"reason": self.reason.text(), "made_by": self.made_by.text()}
        if kind == "gold" and self.header is not None and self.gold.value():
            return svc.correct_gold, {"team_id": self.header.id, "amount": self.gold.value(), **who}
        if kind == "fan_factor" and self.header is not None and self.fan_factor.value() != self.header.fan_factor:
            return svc.correct_fan_factor, {"team_id": self.header.id, "fan_factor": self.fan_factor.value(),
                                            "expected_version": self.header.version, **who}  # fmt: skip
        p = self.player.currentData()
        if (
            kind == "spp"
            and p is not None
            and (self.spp.value(), self.rolls_taken.value()) != (p.spp, p.rolls_taken)
        ):
            return svc.correct_spp, {"player_id": p.id, "spp": self.spp.value(),
                                     "rolls_taken": self.rolls_taken.value(), "expected_version": p.version, **who}  # fmt: skip
        c = self.contract.currentData()
        if kind == "contract" and c is not None:
            if self.cancel_contract.isChecked():
                return svc.correct_contract, {"contract_id": c.id, "cancel": True, **who}
            if (self.seasons.value(), self.served.value()) != (c.seasons, c.served):
                return svc.correct_contract, {"contract_id": c.id, "seasons": self.seasons.value(),
                                              "served": self.served.value(), **who}  # fmt: skip
        r, faces = self.roll.currentData(), self.dice.typed_faces()
        if kind == "roll" and r is not None and faces is not None and tuple(faces) != r.faces:
            return svc.correct_roll, {"dice_roll_id": r.id, "faces": faces, **who}
        return None

    def missing(self) -> str | None:
        """Why OK is disabled, in words, or None."""
        if self.session.read_only:
            return _("The league is open read-only.")
        if self.arguments() is None:
            return _("Nothing would change yet: set the new value.")
        if not self.reason.text().strip():
            return _("Give a reason: the league reads it in the ledger and the team's history.")
        if not self.made_by.text().strip():
            return _("Give your name as the commissioner making the correction.")
        return None

    def _update(self) -> None:
        if self.header is not None:
            after = self.header.treasury + self.gold.value()
            colour = f" style='color:{BAD}'" if after < 0 else ""
            self.gold_after.setText(f"<b{colour}>{gp(after)}</b>")
        self.seasons.setEnabled(not self.cancel_contract.isChecked())
        self.served.setEnabled(not self.cancel_contract.isChecked())
        self.served.setMaximum(self.seasons.value())
        missing = self.missing()
        self.ok_button.setEnabled(missing is None)
        self.verdict.setText(f"<span style='color:#5b6470'>{missing}</span>" if missing else "")

    def typed_work(self) -> bool:
        """Something a commissioner typed that closing would lose: a reason, a sum of gold."""
        return bool(self.reason.text().strip()) or self.gold.value() != 0

    def reject(self) -> None:
        """Cancel, Esc or the window's close asks first when a reason or a sum was typed (issue 35)."""
        if self.typed_work() and not ask.confirm(self, _("Close the correction without making it? What you typed "
                                                 "is lost."), yes=_("Close")):  # fmt: skip
            return
        super().reject()

    def accept(self) -> None:
        call = self.arguments()
        if call is None or self.missing() is not None:
            return
        service, kwargs = call
        if self.session.run(service, parent=self, **kwargs) is not None:
            self.settings.setValue(NAME_KEY, " ".join(self.made_by.text().split()))
            super().accept()
