"""Dice tables must cover every result exactly once; problems name the rows."""

import pytest

from roster_app.errors import RulesetError, RuleViolation
from roster_app.rules.dice import Roll, accept, roll, typed_roll
from roster_app.rules.dicetables import check_ranges, lookup


def test_lookup_with_open_ends():
    rows = [
        {"from": None, "to": 1, "v": "low"},
        {"from": 2, "to": 7, "v": "mid"},
        {"from": 8, "to": None, "v": "high"},
    ]
    assert lookup(rows, -3)["v"] == "low"
    assert lookup(rows, 7)["v"] == "mid"
    assert lookup(rows, 12)["v"] == "high"


def test_overlap_is_refused_naming_the_rows():
    rows = [{"from": 1, "to": 3}, {"from": 3, "to": 6}]
    with pytest.raises(RulesetError, match=r"rows 1 and 2 \(1-3, 3-6\).*overlap at 3"):
        check_ranges("Tribunal", rows, "D6")


def test_gap_is_refused_naming_the_rows():
    rows = [{"from": 1, "to": 2}, {"from": 5, "to": 6}]
    with pytest.raises(RulesetError, match=r"rows 1 and 2.*no row covers 3-4"):
        check_ranges("Reserve Team Table", rows, "D6")


def test_a_dice_result_not_covered_is_refused():
    with pytest.raises(RulesetError, match="no row covers a roll of 12"):
        check_ranges("Star Player Table", [{"from": 2, "to": 11}], "2D6")


def test_rolls_and_typed_rolls():
    import random

    r = roll("2D6", rng=random.Random(1))
    assert len(r.faces) == 2 and 2 <= r.total <= 12 and not r.typed
    t = typed_roll("2D6", [3, 3], modifier=-1)
    assert t.total == 5 and t.is_double and t.typed
    with pytest.raises(RuleViolation, match="1 to 6"):
        typed_roll("D6", [7])
    with pytest.raises(RuleViolation, match="needs 2 dice"):
        typed_roll("2D6", [4])


def test_a_service_accepts_a_roll_made_for_its_dice_with_its_own_modifier():
    made = roll("2D6", modifier=3)  # the dice widget's roll: Dugout's dice
    taken = accept(made, "2d6", modifier=-1)
    assert (taken.dice, taken.faces, taken.modifier, taken.typed) == ("2D6", made.faces, -1, False)
    assert accept(typed_roll("D6", [4]), "D6").typed
    assert not accept(None, "D8").typed and len(accept(None, "D8").faces) == 1  # none given: Dugout rolls
    with pytest.raises(RuleViolation, match="rolled with 2D6, not D6"):
        accept(typed_roll("D6", [4]), "2D6")
    with pytest.raises(RuleViolation, match="1 to 6"):
        accept(Roll("D6", (9,), 0, typed=False), "D6")  # faces are checked whoever made them
