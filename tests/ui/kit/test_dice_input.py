"""The one dice widget: Dugout rolls, or the faces of real dice are typed in; a kept roll is shown and stands."""

import random

import pytest
from PySide6.QtCore import Qt

from ui.kit.dice_input import DiceInput

LEFT = Qt.MouseButton.LeftButton


def test_the_dice_widget_rolls_or_takes_typed_faces(qtbot):
    dice = DiceInput("2D6", rng=random.Random(4))
    qtbot.addWidget(dice)
    assert len(dice.faces) == 2 and dice.roll_button.text() == "Roll 2D6"
    with qtbot.waitSignal(dice.rolled) as rolled:
        qtbot.mouseClick(dice.roll_button, LEFT)
    roll = rolled.args[0]
    assert roll.dice == "2D6" and not roll.typed and all(1 <= f <= 6 for f in roll.faces)
    assert not dice.use_button.isEnabled()
    dice.faces[0].setValue(3)
    assert not dice.use_button.isEnabled()  # one die still blank
    dice.faces[1].setValue(6)
    with qtbot.waitSignal(dice.rolled) as rolled:
        qtbot.mouseClick(dice.use_button, LEFT)
    assert (rolled.args[0].faces, rolled.args[0].typed, rolled.args[0].total) == ((3, 6), True, 9)
    assert dice.typed_faces() is None  # cleared for the next roll
    dice.set_spec("D8")
    assert len(dice.faces) == 1 and dice.faces[0].maximum() == 8 and dice.roll_button.text() == "Roll D8"


def test_enter_in_the_last_face_uses_the_typed_dice(qtbot):
    dice = DiceInput("D6")
    qtbot.addWidget(dice)
    dice.show()
    dice.faces[0].lineEdit().selectAll()
    qtbot.keyClicks(dice.faces[0].lineEdit(), "5")
    assert dice.typed_faces() == [5]
    with qtbot.waitSignal(dice.rolled) as rolled:
        qtbot.keyClick(dice.faces[0].lineEdit(), Qt.Key.Key_Return)
    assert rolled.args[0].faces == (5,)


@pytest.mark.parametrize("typed", [False, True])
def test_a_kept_roll_is_made_once_and_says_how(qtbot, typed):
    dice = DiceInput("2D6", modifier=-1, keep=True)
    qtbot.addWidget(dice)
    if typed:
        dice.set_faces([6, 2])
    with qtbot.waitSignal(dice.rolled) as signal:
        qtbot.mouseClick(dice.use_button if typed else dice.roll_button, LEFT)
    roll = signal.args[0]
    assert roll is dice.kept and roll.typed is typed and roll.modifier == -1 and len(roll.faces) == 2
    if typed:
        assert roll.faces == (6, 2) and roll.total == 7
    assert ("typed in" if typed else "rolled by Dugout") in dice.shown.text()
    assert dice.typed_faces() == list(roll.faces)  # the dice stay in their boxes
    assert not dice.roll_button.isEnabled() and not dice.use_button.isEnabled()
    assert not any(box.isEnabled() for box in dice.faces)
    assert dice.roll() is None and dice.kept is roll  # no second roll


def test_a_roll_kept_elsewhere_is_shown_without_a_signal(qtbot):
    dice = DiceInput("2D6")
    qtbot.addWidget(dice)
    with qtbot.assertNotEmitted(dice.rolled):
        dice.show_faces([4, 1], locked=True)  # Dugout's roll: it stands
    assert dice.typed_faces() == [4, 1]
    assert not dice.roll_button.isEnabled() and not dice.use_button.isEnabled() and not dice.faces[0].isEnabled()
    dice.show_faces([3, 3])  # typed in: it may be corrected
    assert dice.roll_button.isEnabled() and dice.faces[0].isEnabled() and dice.use_button.isEnabled()
    dice.show_faces([])  # not rolled yet
    assert dice.typed_faces() is None and not dice.use_button.isEnabled()
    dice.set_spec("2D6")  # the same dice: nothing is cleared or rebuilt
    boxes = list(dice.faces)
    dice.set_faces([2, 5])
    dice.set_spec("2D6")
    assert dice.faces == boxes and dice.typed_faces() == [2, 5]


def test_enter_in_a_dialog_never_rolls_the_dice(qtbot):
    from PySide6.QtWidgets import QDialog, QLineEdit, QVBoxLayout

    dialog = QDialog()
    qtbot.addWidget(dialog)
    name = QLineEdit(dialog)
    dice = DiceInput("D6", dialog)
    layout = QVBoxLayout(dialog)
    layout.addWidget(name)
    layout.addWidget(dice)
    dialog.show()
    qtbot.waitExposed(dialog)
    name.setFocus()
    with qtbot.assertNotEmitted(dice.rolled):
        qtbot.keyClick(name, Qt.Key.Key_Return)
