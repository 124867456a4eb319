"""A roll is made by the app or typed in, once; the result says which."""

import pytest
from PySide6.QtCore import Qt

from ui.wizards.dice_input import DiceInput


@pytest.mark.parametrize("typed", [False, True])
def test_a_roll_is_made_once_and_says_how(qtbot, typed):
    dice = DiceInput("2D6", modifier=-1)
    qtbot.addWidget(dice)
    if typed:
        dice.faces[0].setValue(6)
        dice.faces[1].setValue(2)
    with qtbot.waitSignal(dice.rolled) as signal:
        qtbot.mouseClick(dice.use_button if typed else dice.roll_button, Qt.MouseButton.LeftButton)
    roll = signal.args[0]
    assert roll is dice.roll and roll.typed is typed and roll.modifier == -1 and len(roll.faces) == 2
    if typed:
        assert roll.faces == (6, 2) and roll.total == 7
    assert ("typed in" if typed else "rolled by Dugout") in dice.shown.text()
    assert not dice.roll_button.isEnabled() and not dice.use_button.isEnabled()
    dice.roll_button.click()  # locked: no second roll
    assert dice.roll is roll
