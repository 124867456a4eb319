"""Dice entry, the one widget for every roll in Dugout: let Dugout roll, or type the faces of real dice rolled at
the table. Emits a `Roll` either way; the caller hands it to a service, which stores it.

    dice = DiceInput("2D6", parent)
    dice.rolled.connect(lambda roll: ...)   # roll.faces, roll.typed, roll.modifier

    [Roll 2D6]   or type the dice: [–] [–] [Use these dice]

A face box shows "–" until a face is typed; "Use these dice" (or Enter in a face box) is enabled once every die
has a face. After a roll the boxes are cleared for the next one, unless the widget `keep`s its roll: then the
roll is shown under the dice ("⚄ ⚃  5 + 4 = 9 (typed in)") and no other roll is taken. A page that shows rolls
kept elsewhere (a wizard's draft) puts them back with `show_faces(faces, locked=...)`. A used roll locks
whether it was rolled or typed in; a typed-in one (`changeable`) offers "Change" to fix a typing slip.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from roster_app.i18n import N_, _
from roster_app.rules.dice import DiceSpec, Roll, roll, typed_roll

FACES = "⚀⚁⚂⚃⚄⚅"


def show_roll(result: Roll) -> str:
    """The dice as pictures and the sum, e.g. '⚄ ⚃  5 + 4 +1 = 10' (rich text)."""
    pictures = " ".join(FACES[f - 1] if 1 <= f <= 6 else str(f) for f in result.faces)
    tens = result.dice.upper() == "D68"  # a D6 for the tens and a D8 for the units: 5 and 5 read 55
    faces = (
        _("tens {tens}, units {units}").format(tens=result.faces[0], units=result.faces[1])
        if tens
        else " + ".join(str(f) for f in result.faces)
    )
    modifier = f" {result.modifier:+d}" if result.modifier else ""
    return f"<span style='font-size:20pt'>{pictures}</span>&nbsp;&nbsp;{faces}{modifier} = <b>{result.total}</b>"


class FaceBox(QSpinBox):
    """One die's face, typed: a digit replaces what the box shows (its "–" too: a click left the cursor in it and
    the digit was refused, issue 35); a second digit right after makes a two-digit face where the die has one."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._fresh = True
        self.lineEdit().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind in (QEvent.Type.FocusIn, QEvent.Type.MouseButtonPress):
            self._fresh = True
        elif kind == QEvent.Type.KeyPress and event.text().isdigit() and self.isEnabled():
            self._type_digit(int(event.text()))
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.text().isdigit() and self.isEnabled():
            self._type_digit(int(event.text()))
            return
        super().keyPressEvent(event)

    def _type_digit(self, digit: int) -> None:
        current = self.value()
        joined = current * 10 + digit
        if not self._fresh and current > 0 and joined <= self.maximum():
            self.setValue(joined)
        elif 1 <= digit <= self.maximum():
            self.setValue(digit)
        self._fresh = False
        self.lineEdit().selectAll()


class DiceInput(QFrame):
    rolled = Signal(object)  # a roster_app.rules.dice.Roll

    def __init__(
        self,
        spec: str = "D6",
        parent: QWidget | None = None,
        *,
        modifier: int = 0,
        roll_text: str | None = None,
        typed_text: str = N_("Use these dice"),
        rng: random.Random | None = None,
        keep: bool = False,
    ):
        super().__init__(parent)
        self.rng = rng
        self.modifier = modifier
        self.keep = keep
        self.kept: Roll | None = None  # the roll a `keep` widget took
        self._locked = False  # a roll that stands is shown: no typing over it, no other roll
        self._roll_text = roll_text
        self.roll_button = QPushButton(self)
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setToolTip(_("Dugout rolls the dice."))
        self.roll_button.clicked.connect(self.roll)
        self.or_label = QLabel(_("or type the dice:"), self)
        self.use_button = QPushButton(_(typed_text), self)  # a caller passes its own words translated
        self.use_button.setObjectName("useTypedButton")
        self.use_button.setToolTip(_("Use the dice rolled at the table, as typed in."))
        self.use_button.clicked.connect(self.use_typed)
        for button in (self.roll_button, self.use_button):
            button.setAutoDefault(False)  # Enter in a dialog's other fields never rolls the dice
        self.change_button = QPushButton(_("Change"), self)
        self.change_button.setObjectName("changeTypedButton")
        self.change_button.setToolTip(_("Type the dice again (a slip in typing them in); a Dugout roll stands."))
        self.change_button.setAutoDefault(False)
        self.change_button.hide()
        self.change_button.clicked.connect(self.unlock_typed)
        self.shown = QLabel(self)
        self.shown.setObjectName("diceResult")
        self.shown.setVisible(keep)
        self.faces: list[QSpinBox] = []
        self._faces_layout = QHBoxLayout()
        self._faces_layout.setSpacing(4)
        row = QHBoxLayout()
        row.addWidget(self.roll_button)
        row.addSpacing(10)
        row.addWidget(self.or_label)
        row.addLayout(self._faces_layout)
        row.addWidget(self.use_button)
        row.addWidget(self.change_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.shown)
        self.spec: DiceSpec | None = None
        self.set_spec(spec)

    # -- the dice ---------------------------------------------------------------------------------
    def set_spec(self, spec: str) -> None:
        """Change the dice (one face box per die); the same dice again changes nothing."""
        new = DiceSpec.parse(spec)
        if new == self.spec:
            return
        self.spec = new
        for box in self.faces:
            self._faces_layout.removeWidget(box)
            box.hide()
            box.deleteLater()
        self.faces = []
        for index, sides in enumerate(new.die_sides):
            box = FaceBox(self)
            box.setRange(0, sides)
            box.setSpecialValueText("–")  # 0 = not typed yet
            box.setAlignment(Qt.AlignmentFlag.AlignCenter)
            box.setMinimumWidth(52)
            box.setObjectName(f"face{index}")
            box.setAccessibleName(_("Die {n} of {dice}").format(n=index + 1, dice=new))
            box.valueChanged.connect(self._update)
            self._faces_layout.addWidget(box)
            self.faces.append(box)
        self.roll_button.setText(self._roll_text or _("Roll {dice}").format(dice=new))
        self._update()

    def typed_faces(self) -> list[int] | None:
        """The faces in the boxes, or None while a die has none."""
        values = [box.value() for box in self.faces]
        return values if all(values) else None

    def set_faces(self, faces: Sequence[int]) -> None:
        """Type faces into the boxes without using them yet (keyboard users and tests)."""
        for box, face in zip(self.faces, faces, strict=True):
            box.setValue(face)

    def type_in(self, faces: Sequence[int]) -> Roll | None:
        """Type the dice rolled at the table and use them, as a commissioner would."""
        self.set_faces(faces)
        return self.use_typed()

    def clear(self) -> None:
        for box in self.faces:
            box.setValue(0)

    def show_faces(self, faces: Sequence[int], *, locked: bool = False, changeable: bool = False) -> None:
        """Show a roll kept elsewhere (no signal). `locked`: it may not be typed over or rolled again (a roll
        that was used stands); `changeable`: a locked typed-in roll may be typed again after "Change"."""
        values = list(faces) + [0] * (len(self.faces) - len(faces))
        for box, face in zip(self.faces, values, strict=False):
            box.blockSignals(True)
            box.setValue(face)
            box.blockSignals(False)
            box.setEnabled(not locked)
        self.roll_button.setEnabled(not locked)
        self._locked = locked
        self.change_button.setVisible(locked and changeable)
        self._update()

    def unlock_typed(self) -> None:
        """Open the face boxes of a typed-in roll again; Dugout's own roll stays out of reach."""
        for box in self.faces:
            box.setEnabled(True)
        self._locked = False
        self.change_button.hide()
        self.faces[0].setFocus()
        self.faces[0].selectAll()
        self._update()

    # -- emitting -------------------------------------------------------------------------------
    def roll(self) -> Roll | None:
        """Dugout rolls the dice."""
        if self._locked:
            return None
        return self._take(roll(str(self.spec), rng=self.rng, modifier=self.modifier))

    def use_typed(self) -> Roll | None:
        """The faces typed in, as a roll (None while a die has no face)."""
        faces = self.typed_faces()
        if faces is None or self._locked:
            return None
        return self._take(typed_roll(str(self.spec), faces, modifier=self.modifier))

    def _take(self, result: Roll) -> Roll:
        if self.keep:
            self.kept = result
            self.show_faces(result.faces, locked=True)
            how = _("typed in") if result.typed else _("rolled by Dugout")
            self.shown.setText(
                f"{show_roll(result)}  <span style='color:#5b6470'>({how})</span>"
            )  # i18n: keep (markup around a value)
        else:
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
        self.use_button.setEnabled(not self._locked and self.typed_faces() is not None)


def unused_dice(widget: QWidget) -> int:
    """How many dice widgets inside `widget` hold faces typed in but not used yet (closing would lose them)."""
    return sum(1 for dice in widget.findChildren(DiceInput) if not dice._locked and dice.typed_faces() is not None)
