"""Star Player Points: levels, star player rolls, and SPP earned in a match."""

from __future__ import annotations

from roster_app.i18n import term
from roster_app.rules.ruleset import Ruleset, default_ruleset


def _levels(ruleset: Ruleset | None) -> list[dict]:
    return (ruleset or default_ruleset()).table("spp_levels")["levels"]


def spp_level(spp: int, ruleset: Ruleset | None = None) -> dict:
    """The SPP level row (name, min_spp, rolls) a player with `spp` points has reached."""
    if spp < 0:
        raise ValueError("SPP cannot be negative")
    reached = _levels(ruleset)[0]
    for level in _levels(ruleset):
        if spp >= level["min_spp"]:
            reached = level
    return reached


def star_player_rolls(spp: int, ruleset: Ruleset | None = None) -> int:
    """How many star player rolls `spp` points have earned (126 SPP gives 5 in the default table)."""
    return spp_level(spp, ruleset)["rolls"]


def level_name(spp: int, ruleset: Ruleset | None = None) -> str:
    """The level's name as the commissioner reads it ("Rookie", fr "Débutant"; a house rule's own name as typed):
    shown only, never stored or compared."""
    return term("level", spp_level(spp, ruleset)["name"])


def rolls_due(spp: int, rolls_taken: int, ruleset: Ruleset | None = None) -> int:
    """Star player rolls earned but not yet taken."""
    return max(0, star_player_rolls(spp, ruleset) - rolls_taken)


def match_spp(
    *,
    touchdowns: int = 0,
    completions: int = 0,
    interceptions: int = 0,
    casualties: int = 0,
    mvp: bool = False,
    ruleset: Ruleset | None = None,
) -> int:
    """SPP a player earns in a match from the SPP awards table."""
    awards = (ruleset or default_ruleset()).table("spp_awards")["awards"]
    return (
        touchdowns * awards["touchdown"]
        + completions * awards["completion"]
        + interceptions * awards["interception"]
        + casualties * awards["casualty"]
        + (awards["mvp"] if mvp else 0)
    )
