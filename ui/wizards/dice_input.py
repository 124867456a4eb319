"""A roll made by the app or typed in from real dice ("roll in front of the other coach").

Once a roll is made it is locked: the wizard may show it again, never roll it again.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from roster_app.errors import RuleViolation
from roster_app.rules.dice import DiceSpec, Roll, roll, typed_roll

FACES = "⚀⚁⚂⚃⚄⚅"


def show_roll(result: Roll) -> str:
    """The dice as pictures and the sum, e.g. '⚄ ⚃  5 + 4 +1 = 10'."""
    pictures = " ".join(FACES[f - 1] if 1 <= f <= 6 else str(f) for f in result.faces)
    faces = " + ".join(str(f) for f in result.faces)
    modifier = f" {result.modifier:+d}" if result.modifier else ""
    return f"<span style='font-size:20pt'>{pictures}</span>&nbsp;&nbsp;{faces}{modifier} = <b>{result.total}</b>"


class DiceInput(QFrame):
    rolled = Signal(object)  # the Roll

    def __init__(self, dice: str, parent: QWidget | None = None, *, modifier: int = 0):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.spec = DiceSpec.parse(dice)
        self.modifier = modifier
        self.roll: Roll | None = None
        self.roll_button = QPushButton(f"Roll {self.spec} for me", self)
        self.faces = []
        for _ in range(self.spec.count):
            face = QSpinBox(self)
            face.setRange(1, self.spec.sides)
            face.setFixedWidth(56)
            self.faces.append(face)
        self.use_button = QPushButton("Use these dice", self)
        self.shown = QLabel(f"Not rolled yet ({self.spec}).", self)
        self.shown.setObjectName("diceResult")

        row = QHBoxLayout()
        row.addWidget(self.roll_button)
        row.addSpacing(16)
        row.addWidget(QLabel("or type in the dice rolled at the table:"))
        for face in self.faces:
            row.addWidget(face)
        row.addWidget(self.use_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.shown)
        self.roll_button.clicked.connect(lambda: self._take(roll(str(self.spec), modifier=self.modifier)))
        self.use_button.clicked.connect(self._typed)

    def _typed(self) -> None:
        try:
            result = typed_roll(str(self.spec), [f.value() for f in self.faces], modifier=self.modifier)
        except RuleViolation as exc:  # the spin boxes keep faces in range; kept for safety
            self.shown.setText(str(exc))
            return
        self._take(result)

    def _take(self, result: Roll) -> None:
        if self.roll is not None:
            return
        self.roll = result
        for widget in (self.roll_button, self.use_button, *self.faces):
            widget.setEnabled(False)
        how = "typed in" if result.typed else "rolled by Dugout"
        self.shown.setText(f"{show_roll(result)}  <span style='color:#5b6470'>({how})</span>")
        self.rolled.emit(result)
