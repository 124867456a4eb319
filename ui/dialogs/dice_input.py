"""Dice rolled by Dugout or typed in from the table: one small widget for every roll the commissioner makes."""

from __future__ import annotations

from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QRadioButton, QSpinBox, QWidget

from roster_app.rules.dice import DiceSpec


class DiceInput(QWidget):
    """`faces()` is None when Dugout rolls, else the faces typed in."""

    def __init__(self, dice: str = "D6", parent: QWidget | None = None):
        super().__init__(parent)
        spec = DiceSpec.parse(dice)
        self.dice = str(spec)
        self.app_roll = QRadioButton(f"Dugout rolls {self.dice}")
        self.typed = QRadioButton("Typed in:")
        self.app_roll.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.app_roll)
        group.addButton(self.typed)
        self.spins = []
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.app_roll)
        layout.addWidget(self.typed)
        for _ in range(spec.count):
            spin = QSpinBox(self)
            spin.setRange(1, spec.sides)
            spin.setEnabled(False)
            spin.setAccessibleName(f"die {len(self.spins) + 1}")
            self.spins.append(spin)
            layout.addWidget(spin)
        layout.addStretch(1)
        self.typed.toggled.connect(lambda on: [s.setEnabled(on) for s in self.spins])

    def faces(self) -> list[int] | None:
        return [s.value() for s in self.spins] if self.typed.isChecked() else None

    def set_typed(self, faces: list[int]) -> None:
        """Type dice in (keyboard users and tests)."""
        self.typed.setChecked(True)
        for spin, face in zip(self.spins, faces, strict=True):
            spin.setValue(face)
