"""Contracts counted in seasons (reserve-teams article): cost, who may sign, and the tally."""

from __future__ import annotations

from roster_app.errors import RuleViolation
from roster_app.rules.ruleset import Ruleset, default_ruleset
from roster_app.rules.spp import star_player_rolls


def _terms(ruleset: Ruleset | None) -> dict:
    return (ruleset or default_ruleset()).table("contracts")


def check_length(seasons: int, ruleset: Ruleset | None = None) -> None:
    terms = _terms(ruleset)
    if not isinstance(seasons, int) or isinstance(seasons, bool):
        raise RuleViolation("A contract's length is a whole number of seasons.")
    if seasons < terms["min_seasons"]:
        raise RuleViolation(f"A contract lasts at least {terms['min_seasons']} season(s); {seasons} is too short.")
    if seasons > terms["max_seasons"]:
        raise RuleViolation(
            f"A contract lasts at most {terms['max_seasons']} seasons; {seasons} seasons is too long."
        )


def contract_cost_for_rolls(rolls: int, seasons: int, ruleset: Ruleset | None = None) -> int:
    check_length(seasons, ruleset)
    return rolls * seasons * _terms(ruleset)["cost_per_roll_per_season"]


def contract_cost(spp: int, seasons: int, ruleset: Ruleset | None = None) -> int:
    """Gold for a contract of `seasons` for a player with `spp` SPP, paid at signing.

    1,000 gp per star player roll per season: 126 SPP (5 rolls) for 2 seasons costs 10,000 gp.
    More than 5 seasons (or fewer than 1) raises RuleViolation.
    """
    return contract_cost_for_rolls(star_player_rolls(spp, ruleset), seasons, ruleset)


def seasons_left(length: int, served: int) -> int:
    return max(0, length - served)


def tally_marks(served: int, length: int) -> str:
    """Seasons served as tally marks, e.g. '||| of 5'."""
    return f"{'|' * served or '-'} of {length}"


def contract_state(length: int, served: int) -> str:
    """running / final season / expired, from the tally."""
    left = seasons_left(length, served)
    if left <= 0:
        return "expired"
    return "final season" if left == 1 else "running"
