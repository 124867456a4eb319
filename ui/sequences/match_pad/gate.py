"""The gate at full time: one D6 per point of both fan factors. Up to ten dice they are typed or rolled in the
one dice widget; with more (DiceInput takes ten) the spectators counted at the table are typed, or Dugout rolls
every die."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSpinBox, QWidget

from roster_app.i18n import _
from roster_app.rules import postmatch as pm
from ui.kit.dice_input import DiceInput

MOST_DICE = 10  # the most dice DiceInput shows


class GateInput(QWidget):
    def __init__(self, fan_factors: tuple[int, ...], stage: str, ruleset: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.fan_factors, self.stage, self.ruleset = fan_factors, stage, ruleset
        self.count = sum(fan_factors)
        self.faces: list[int] | None = None
        self.dice: DiceInput | None = None
        self.spectators: QSpinBox | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        if self.count <= MOST_DICE:
            self.dice = DiceInput(f"{max(1, self.count)}D6", self, roll_text=_("Roll the Gate"))
            self.dice.setObjectName("gateDice")
            self.dice.rolled.connect(lambda roll: setattr(self, "faces", list(roll.faces)))
            layout.addWidget(self.dice)
            return
        self.spectators = QSpinBox(self)
        self.spectators.setObjectName("gateSpectators")
        self.spectators.setRange(0, 500_000)
        self.spectators.setSingleStep(ruleset.table("gate")["per_die"])
        self.spectators.setGroupSeparatorShown(True)
        self.spectators.setSuffix(" " + _("spectators ({dice} D6)").format(dice=self.count))
        self.spectators.setSpecialValueText(_("spectators counted at the table"))
        self.spectators.valueChanged.connect(lambda _v: setattr(self, "faces", None))
        self.roll_button = QPushButton(_("Roll the Gate ({dice} D6)").format(dice=self.count), self)
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.spectators, 1)
        layout.addWidget(self.roll_button)

    def roll(self, _checked: bool = False, *, rng: Any = None) -> None:
        """Dugout rolls every gate die (kept with the report)."""
        faces = list(pm.roll_gate(self.fan_factors, rng))
        self.spectators.blockSignals(True)
        self.spectators.setValue(pm.gate_from_faces(faces, self.stage, self.ruleset))
        self.spectators.blockSignals(False)
        self.faces = faces

    def focus(self) -> None:
        (self.dice.faces[0] if self.dice is not None else self.spectators).setFocus()

    def ready(self) -> bool:
        return self.count == 0 or self.faces is not None or bool(self.spectators and self.spectators.value())

    def report(self) -> dict[str, Any]:
        """The gate as services.matchpad.full_time takes it."""
        if self.count == 0:
            return {"gate": 0}
        if self.faces is not None:
            return {"gate_faces": self.faces}
        return {"gate": self.spectators.value() if self.spectators else None}
