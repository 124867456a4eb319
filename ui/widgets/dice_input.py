"""Dice entry: let Dugout roll, or type the faces of real dice. Emits a `Roll` either way.

    dice = DiceInput("2D6", parent)
    dice.rolled.connect(lambda roll: ...)   # roll.faces, roll.typed; the caller adds any modifier

Any dice the rules use ("D6", "2D6", "D8", ...). A face box shows "–" until a face is typed; "Use these
dice" (or Enter in the last box) is enabled once every die has a face.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from roster_app.rules.dice import DiceSpec, Roll, roll, typed_roll


class DiceInput(QWidget):
    rolled = Signal(object)  # a roster_app.rules.dice.Roll (modifier 0)

    def __init__(
        self,
        spec: str = "D6",
        parent: QWidget | None = None,
        *,
        roll_text: str | None = None,
        typed_text: str = "Use these dice",
        rng: random.Random | None = None,
    ):
        super().__init__(parent)
        self.rng = rng
        self._roll_text = roll_text
        self.roll_button = QPushButton(self)
        self.roll_button.setObjectName("rollButton")
        self.roll_button.clicked.connect(self.roll)
        self.or_label = QLabel("or type the dice:", self)
        self.use_button = QPushButton(typed_text, self)
        self.use_button.setObjectName("useTypedButton")
        self.use_button.clicked.connect(self.use_typed)
        self.faces: list[QSpinBox] = []
        self._faces_layout = QHBoxLayout()
        self._faces_layout.setSpacing(4)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.roll_button)
        layout.addSpacing(10)
        layout.addWidget(self.or_label)
        layout.addLayout(self._faces_layout)
        layout.addWidget(self.use_button)
        layout.addStretch(1)
        self.set_spec(spec)

    # -- the dice ---------------------------------------------------------------------------------
    def set_spec(self, spec: str) -> None:
        """Change the dice (one face box per die)."""
        new = DiceSpec.parse(spec)
        if self.faces and new == self.spec:
            self.clear()
            return
        self.spec = new
        for box in self.faces:
            self._faces_layout.removeWidget(box)
            box.hide()
            box.deleteLater()
        self.faces = []
        for index in range(self.spec.count):
            box = QSpinBox(self)
            box.setRange(0, self.spec.sides)
            box.setSpecialValueText("–")  # 0 = not typed yet
            box.setAlignment(Qt.AlignmentFlag.AlignCenter)
            box.setMinimumWidth(52)
            box.setObjectName(f"face{index}")
            box.setAccessibleName(f"Die {index + 1} of {self.spec}")
            box.valueChanged.connect(self._update)
            self._faces_layout.addWidget(box)
            self.faces.append(box)
        self.roll_button.setText(self._roll_text or f"Roll {self.spec}")
        self._update()

    def typed_faces(self) -> list[int] | None:
        values = [box.value() for box in self.faces]
        return values if all(values) else None

    def set_faces(self, faces: list[int]) -> None:
        """Type faces into the boxes (keyboard users and tests)."""
        for box, face in zip(self.faces, faces, strict=True):
            box.setValue(face)

    def clear(self) -> None:
        for box in self.faces:
            box.setValue(0)

    # -- emitting -------------------------------------------------------------------------------
    def roll(self) -> Roll:
        """Dugout rolls the dice."""
        result = roll(str(self.spec), rng=self.rng)
        self.clear()
        self.rolled.emit(result)
        return result

    def use_typed(self) -> Roll | None:
        faces = self.typed_faces()
        if faces is None:
            return None
        result = typed_roll(str(self.spec), faces)
        self.clear()
        self.rolled.emit(result)
        return result

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Enter in a face box (which passes the key on) uses the typed dice once every die has a face."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.typed_faces() is not None:
            event.accept()
            self.use_typed()
            return
        super().keyPressEvent(event)

    def _update(self) -> None:
        self.use_button.setEnabled(self.typed_faces() is not None)
