"""Contract cost: 1,000 gp per star player roll per season, 1 to 5 seasons."""

import re

import pytest

from roster_app.errors import RuleViolation
from roster_app.rules import contract_cost, tally_marks
from roster_app.rules.contracts import contract_state


def test_the_seed_example_two_seasons_for_126_spp_costs_10000():
    assert contract_cost(126, 2) == 10_000


@pytest.mark.parametrize(("spp", "seasons", "cost"), [(6, 1, 1000), (16, 5, 10_000), (176, 5, 30_000), (0, 3, 0)])
def test_costs(spp, seasons, cost):
    assert contract_cost(spp, seasons) == cost


@pytest.mark.parametrize("seasons", [0, 6, -1, 10])
def test_lengths_outside_1_to_5_are_refused_with_words(seasons):
    with pytest.raises(RuleViolation, match="season"):
        contract_cost(126, seasons)


def test_tally_marks_and_state():
    assert tally_marks(3, 5) == "||| of 5"
    assert contract_state(5, 3) == "running"
    assert contract_state(5, 4) == "final season"
    assert contract_state(2, 2) == "expired"


def _problem(**kw):
    from roster_app.rules import default_ruleset
    from roster_app.rules.contracts import sign_problem

    args = dict(name="Grak", spp=126, position=default_ruleset().position("Orc", "Orc Blitzer"), on_roster=True,
                running=None, treasury=100_000, seasons=2)  # fmt: skip
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
def test_who_may_sign_at_the_boundaries(change, reason):
    problem = _problem(**change)
    if reason is None:
        assert problem is None
    else:
        assert problem is not None and re.search(reason, problem), problem


def test_a_star_player_is_refused_before_anything_else():
    from dataclasses import replace

    from roster_app.rules import default_ruleset

    star = replace(default_ruleset().position("Orc", "Orc Blitzer"), flags=frozenset({"star_player"}))
    assert "Star Players never sign" in _problem(position=star, spp=0)
