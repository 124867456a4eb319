"""Transfer rules at their boundaries: who may be approached, the reaction roll, the price, allies; each test
that takes a ruleset runs on every bundled one."""

from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from roster_app.rules import default_ruleset
from roster_app.rules.dice import typed_roll
from roster_app.rules.ruleset import load_bundled
from roster_app.rules.transfers import (
    Candidate,
    ally_penalties,
    approach_problem,
    approached_since_last_match,
    is_ally,
    price_floor,
    price_problem,
    reaction,
    reaction_modifiers,
    tribunal_fixed,
    tribunal_price,
)

SLAYER = default_ruleset().position("Dwarf", "Troll Slayer")
NOON = datetime(2026, 5, 1, 12, 0)


@pytest.fixture(scope="module", params=["lrb4", "lrb5", "lrb6"])
def ruleset(request):
    return load_bundled(request.param)


def gotrek(ruleset=None, **kw):
    slayer = ruleset.position("Dwarf", "Troll Slayer") if ruleset else SLAYER
    base = dict(name="Gotrek", team="Karak", position=slayer, on_roster=True, seller_players=12, buyer="Orcs",
                buyer_players=11, buyer_position_count=0)  # fmt: skip
    base.update(kw)
    return Candidate(**base)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({}, None),
        ({"seller_players": 11}, "only 11 players: no one may buy from a team of 11 or fewer"),
        ({"seller_players": 12}, None),
        ({"buyer_players": 15}, None),
        ({"buyer_players": 16}, "already has 16 players"),
        ({"same_team": True}, "already plays for Orcs"),
        ({"on_roster": False}, "not on Karak's roster"),
        ({"position": replace(SLAYER, flags=frozenset({"star_player"}))}, "Star Players can never be transferred"),
        ({"position": replace(SLAYER, flags=frozenset({"daemon"}))}, "is a Daemon"),
        ({"position": replace(SLAYER, flags=frozenset({"squig"}))}, "is a Squig"),
        ({"buyer_position_count": 2}, "already has 2 Dwarf Troll Slayers"),
        ({"last_approach": NOON}, "already approached since Karak's last match"),
        ({"last_approach": NOON, "last_match": NOON + timedelta(hours=1)}, None),
        ({"last_approach": NOON + timedelta(hours=2), "last_match": NOON}, "already approached"),
    ],
)
def test_who_may_be_approached(ruleset, change, reason):
    problem = approach_problem(gotrek(ruleset, **change), ruleset)
    if reason is None:
        assert problem is None
    else:
        assert problem is not None and reason in problem, problem


def test_one_approach_after_each_match():
    assert not approached_since_last_match(None, None)
    assert approached_since_last_match(NOON, None)  # his team has not played since
    assert not approached_since_last_match(NOON, NOON + timedelta(minutes=1))


@pytest.mark.parametrize(
    ("rating", "ff", "contract", "keys"),
    [
        ((120, 100), (5, 5), False, ["buyer_rating_higher"]),
        ((100, 100), (6, 5), True, ["buyer_fan_factor_higher", "under_contract"]),
        ((90, 100), (4, 5), False, []),
        ((101, 100), (6, 5), True, ["buyer_rating_higher", "buyer_fan_factor_higher", "under_contract"]),
    ],
)
def test_reaction_modifiers_come_from_the_table(ruleset, rating, ff, contract, keys):
    mods = reaction_modifiers(buyer_rating=rating[0], seller_rating=rating[1], buyer_fan_factor=ff[0],
                              seller_fan_factor=ff[1], under_contract=contract, ruleset=ruleset)  # fmt: skip
    assert [m.key for m in mods] == keys
    assert all(m.text for m in mods)


@pytest.mark.parametrize(("total", "result"), [(1, "refuses"), (5, "refuses"), (6, "listens"), (8, "listens"),
                                               (9, "keen"), (13, "keen")])  # fmt: skip
def test_reaction_table_boundaries(ruleset, total, result):
    assert reaction(total, ruleset)["result"] == result


def test_tribunal_price_fixed_part_plus_d6_and_the_listen_extra(ruleset):
    assert tribunal_fixed(90_000, 3, ruleset) == 120_000
    four = typed_roll("D6", [4])
    assert tribunal_price(90_000, 3, four, ruleset=ruleset) == 160_000
    assert tribunal_price(90_000, 3, four, result="listens", ruleset=ruleset) == 170_000


def test_a_player_under_contract_is_never_sold_below_his_original_price(ruleset):
    assert price_floor(50_000, ruleset=ruleset) == 50_000
    assert price_floor(50_000, result="listens", ruleset=ruleset) == 60_000
    assert price_problem(49_999, 50_000) is not None and "50,000 gp" in price_problem(49_999, 50_000)
    assert price_problem(50_000, 50_000) is None


def test_allies_and_their_penalties(ruleset):
    assert is_ally("Dwarf", "Orc") and not is_ally("Orc", "Orc")
    assert (
        ally_penalties(ruleset)
        == "-1 Fan Factor while he plays for the team and +10,000 gp on the cost of each team re-roll"
    )
