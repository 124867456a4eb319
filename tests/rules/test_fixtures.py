"""Round robin: every pair meets once (twice home and away), nobody plays twice in a round, byes for odd counts."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roster_app.errors import RuleViolation
from roster_app.rules.fixtures import byes, round_robin, rounds_needed

teams = st.integers(min_value=2, max_value=16).map(lambda n: [f"T{i}" for i in range(n)])


@settings(max_examples=30, deadline=None)
@given(teams, st.booleans())
def test_every_pair_meets_once_or_twice_and_nobody_plays_twice_in_a_round(names, double):
    rounds = round_robin(names, double=double)
    assert len(rounds) == rounds_needed(len(names), double=double)
    for games in rounds:
        playing = [team for game in games for team in game]
        assert len(playing) == len(set(playing))
        assert len(byes(names, games)) == len(names) % 2
    pairs = Counter(frozenset(game) for games in rounds for game in games)
    assert set(pairs) == {frozenset(p) for p in combinations(names, 2)}
    assert set(pairs.values()) == {2 if double else 1}
    if double:
        ordered = Counter(game for games in rounds for game in games)
        assert set(ordered.values()) == {1}  # each team is at home once against every other


@settings(max_examples=30, deadline=None)
@given(teams)
def test_home_and_away_games_are_balanced(names):
    home = Counter(h for games in round_robin(names) for h, _ in games)
    away = Counter(a for games in round_robin(names) for _, a in games)
    assert all(abs(home[t] - away[t]) <= 1 for t in names)


def test_the_same_teams_always_get_the_same_season():
    assert round_robin(["A", "B", "C", "D", "E"]) == round_robin(["A", "B", "C", "D", "E"])


@pytest.mark.parametrize(("count", "single", "double"), [(2, 1, 2), (3, 3, 6), (4, 3, 6), (5, 5, 10), (8, 7, 14)])
def test_rounds_needed(count, single, double):
    assert rounds_needed(count) == single == len(round_robin(list(range(count))))
    assert rounds_needed(count, double=True) == double


@pytest.mark.parametrize("names", [[], ["A"], ["A", "A"]])
def test_too_few_or_repeated_teams_are_refused(names):
    with pytest.raises(RuleViolation):
        round_robin(names)
