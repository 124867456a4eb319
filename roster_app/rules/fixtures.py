"""Round-robin fixtures (the circle method): every team meets every other once, or twice home and away.

With an odd number of teams one team sits out each round (a bye). The result depends only on the order
of the teams given, so the same league always gets the same season.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from roster_app.errors import RuleViolation
from roster_app.i18n import _

T = TypeVar("T", bound=Hashable)


def _check_teams(teams: Sequence[T]) -> None:
    if len(teams) < 2:
        raise RuleViolation(_("A season needs at least two teams."))
    if len(set(teams)) != len(teams):
        raise RuleViolation(_("A team cannot be in the season twice."))


def _single(teams: Sequence[T]) -> list[list[tuple[T, T]]]:
    # With an odd number of teams the bye is the fixed slot, so everyone's home and away games stay equal.
    slots: list[T | None] = [None, *teams] if len(teams) % 2 else list(teams)
    size = len(slots)
    fixed, rotating = slots[0], slots[1:]
    rounds = []
    for number in range(size - 1):
        order = [fixed, *rotating]
        games = []
        for i in range(size // 2):
            a, b = order[i], order[size - 1 - i]
            if a is None or b is None:
                continue  # the bye
            # Alternate who is at home so a team's home and away games stay balanced.
            home_first = (number % 2 == 0) if i == 0 else (i % 2 == 1)
            games.append((a, b) if home_first else (b, a))
        rounds.append(games)
        rotating = [rotating[-1], *rotating[:-1]]
    return rounds


def round_robin(teams: Sequence[T], *, double: bool = False) -> list[list[tuple[T, T]]]:
    """The rounds of a season as lists of (home, away); `double` adds the return games, home and away swapped.

    n teams play n - 1 rounds (n rounds when n is odd); a double round robin plays twice as many.
    """
    _check_teams(teams)
    rounds = _single(teams)
    if double:
        rounds += [[(away, home) for home, away in games] for games in rounds]
    return rounds


def byes(teams: Sequence[T], games: Sequence[tuple[T, T]]) -> list[T]:
    """The teams that do not play in a round."""
    playing = {team for game in games for team in game}
    return [team for team in teams if team not in playing]


def rounds_needed(team_count: int, *, double: bool = False) -> int:
    """How many rounds a round robin of `team_count` teams takes."""
    if team_count < 2:
        return 0
    single = team_count - 1 if team_count % 2 == 0 else team_count
    return single * (2 if double else 1)
