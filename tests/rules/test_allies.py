"""Ally penalties: the fan factor the team plays with and the re-roll surcharge, from the league's table."""

import pytest

from roster_app.rules import default_ruleset
from roster_app.rules.allies import (
    AllyPenalties,
    ally_penalties_of,
    count_allies,
    fan_factor_in_play,
    fan_factor_text,
    surcharge_text,
)
from roster_app.rules.team import reroll_price

RULES = default_ruleset()


@pytest.mark.parametrize(
    ("races", "allies", "fan_factor", "surcharge"),
    [
        (["Orc"] * 11, 0, 0, 0),
        (["Orc"] * 11 + ["Dwarf"], 1, -1, 10_000),
        (["Orc"] * 10 + ["Dwarf", "Wood Elf"], 2, -2, 20_000),
    ],
)
def test_each_ally_brings_the_league_defaults(races, allies, fan_factor, surcharge):
    assert count_allies("Orc", races) == allies
    assert ally_penalties_of("Orc", races, RULES) == AllyPenalties(allies, fan_factor, surcharge)


@pytest.mark.parametrize(
    ("own", "allies", "in_play"),
    [(5, 0, 5), (5, 1, 4), (5, 2, 3), (1, 1, 0), (1, 3, 0), (0, 2, 0)],
)
def test_the_fan_factor_in_play_never_falls_below_the_tables_minimum(own, allies, in_play):
    penalties = ally_penalties_of("Orc", ["Orc"] * 11 + ["Dwarf"] * allies, RULES)
    assert fan_factor_in_play(own, penalties, RULES) == in_play


def test_a_raised_minimum_in_the_fan_factor_table_holds_too():
    table = dict(RULES.table("fan_factor"), minimum=2)
    rules = RULES.with_table("fan_factor", table)
    penalties = ally_penalties_of("Orc", ["Dwarf"] * 3, rules)
    assert fan_factor_in_play(4, penalties, rules) == 2


def test_an_edited_ally_table_changes_the_numbers():
    rules = RULES.with_table("ally_penalties", {"fan_factor_per_ally": -2, "reroll_cost_per_ally": 25_000})
    penalties = ally_penalties_of("Orc", ["Orc", "Dwarf", "Human"], rules)
    assert penalties == AllyPenalties(2, -4, 50_000)
    assert fan_factor_in_play(6, penalties, rules) == 2
    assert reroll_price("Orc", played=True, surcharge=penalties.reroll_surcharge, ruleset=rules) == 170_000


def test_a_league_without_ally_penalties_changes_nothing():
    rules = RULES.with_table("ally_penalties", {"fan_factor_per_ally": 0, "reroll_cost_per_ally": 0})
    penalties = ally_penalties_of("Orc", ["Dwarf", "Dwarf"], rules)
    assert (penalties.allies, penalties.any) == (2, False)
    assert fan_factor_in_play(5, penalties, rules) == 5
    assert surcharge_text(penalties) == ""


@pytest.mark.parametrize(("played", "allies", "price"), [(False, 0, 60_000), (True, 0, 120_000), (True, 1, 130_000),
                                                         (True, 2, 140_000)])  # fmt: skip
def test_the_reroll_price_doubles_after_the_first_match_and_adds_the_surcharge(played, allies, price):
    surcharge = ally_penalties_of("Orc", ["Dwarf"] * allies, RULES).reroll_surcharge
    assert reroll_price("Orc", played=played, surcharge=surcharge, ruleset=RULES) == price


def test_the_words_the_header_and_the_roster_show():
    one, two = ally_penalties_of("Orc", ["Dwarf"], RULES), ally_penalties_of("Orc", ["Dwarf", "Elf"], RULES)
    assert fan_factor_text(5, 4, one.allies) == "5 (4 with 1 ally)"
    assert fan_factor_text(5, 5, 0) == "5"
    assert surcharge_text(one) == "+10,000 gp for 1 ally"
    assert surcharge_text(two) == "+20,000 gp for 2 allies"
