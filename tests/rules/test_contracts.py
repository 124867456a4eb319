"""Contract cost: 1,000 gp per star player roll per season, 1 to 5 seasons; on every bundled ruleset."""

import re

import pytest

from roster_app.errors import RuleViolation
from roster_app.rules import contract_cost, tally_marks
from roster_app.rules.contracts import contract_state
from roster_app.rules.ruleset import load_bundled
from tests.rulesets import position


@pytest.fixture(scope="module", params=["lrb4", "lrb5", "lrb6"])
def ruleset(request):
    return load_bundled(request.param)


def test_the_seed_example_two_seasons_for_126_spp_costs_10000(ruleset):
    assert contract_cost(126, 2, ruleset) == 10_000


@pytest.mark.parametrize(("spp", "seasons", "cost"), [(6, 1, 1000), (16, 5, 10_000), (176, 5, 30_000), (0, 3, 0)])
def test_costs(ruleset, spp, seasons, cost):
    assert contract_cost(spp, seasons, ruleset) == cost


@pytest.mark.parametrize("seasons", [0, 6, -1, 10])
def test_lengths_outside_1_to_5_are_refused_with_words(ruleset, seasons):
    with pytest.raises(RuleViolation, match="season"):
        contract_cost(126, seasons, ruleset)


def test_tally_marks_and_state():
    assert tally_marks(3, 5) == "||| of 5"
    assert contract_state(5, 3) == "running"
    assert contract_state(5, 4) == "final season"
    assert contract_state(2, 2) == "expired"


def _problem(ruleset, **kw):
    from roster_app.rules.contracts import sign_problem

    blitzer = ruleset.position("Orc", position(ruleset, "Orc", "Blitzer"))
    args = dict(name="Grak", spp=126, position=blitzer, on_roster=True, running=None, treasury=100_000, seasons=2,
                ruleset=ruleset)  # fmt: skip
    args.update(kw)
    return sign_problem(**args)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({}, None),
        ({"spp": 5}, "Rookie"),
        ({"spp": 6, "seasons": 1, "treasury": 1000}, None),  # Experienced: one roll, 1,000 gp for a season
        ({"spp": 6, "seasons": 1, "treasury": 999}, "costs 1,000 gp"),
        ({"treasury": 10_000}, None),
        ({"treasury": 9_999}, "holds only 9,999 gp"),
        ({"seasons": 5, "treasury": 25_000}, None),
        ({"seasons": 6}, "at most 5 seasons"),
        ({"seasons": 0}, "at least 1 season"),
        ({"running": (3, 1)}, r"already under contract \(\| of 3, running\)"),
        ({"on_roster": False}, "not on a team's roster"),
    ],
)
def test_who_may_sign_at_the_boundaries(ruleset, change, reason):
    problem = _problem(ruleset, **change)
    if reason is None:
        assert problem is None
    else:
        assert problem is not None and re.search(reason, problem), problem


def test_a_star_player_is_refused_before_anything_else(ruleset):
    from dataclasses import replace

    star = replace(ruleset.position("Orc", position(ruleset, "Orc", "Blitzer")), flags=frozenset({"star_player"}))
    assert "Star Players never sign" in _problem(ruleset, position=star, spp=0)
