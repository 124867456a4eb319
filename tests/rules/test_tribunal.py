"""The Tribunal Table's price for a player: fixed part (cost + per roll) and the dice part (per pip)."""

import copy

import pytest

from roster_app.rules.ruleset import load_bundled
from roster_app.rules.transfers import tribunal_fixed, tribunal_price


@pytest.mark.parametrize(
    ("cost", "rolls", "fixed"),
    [(50_000, 0, 50_000), (50_000, 1, 60_000), (90_000, 5, 140_000), (40_000, 6, 100_000)],
)
def test_the_fixed_part_is_the_cost_plus_ten_thousand_per_roll(cost, rolls, fixed):
    assert tribunal_fixed(cost, rolls, load_bundled()) == fixed


@pytest.mark.parametrize("die", [1, 6])
def test_the_price_adds_ten_thousand_per_pip(die):
    assert tribunal_price(50_000, 2, die, ruleset=load_bundled()) == 70_000 + die * 10_000


def test_the_price_follows_the_league_table():
    ruleset = load_bundled()
    table = copy.deepcopy(ruleset.table("tribunal"))
    table.update(per_roll=25_000, per_pip=5_000)
    house = ruleset.with_table("tribunal", table)
    assert tribunal_price(50_000, 2, 3, ruleset=house) == 50_000 + 50_000 + 15_000
