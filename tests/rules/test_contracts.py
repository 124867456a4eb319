"""Contract cost: 1,000 gp per star player roll per season, 1 to 5 seasons."""

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
