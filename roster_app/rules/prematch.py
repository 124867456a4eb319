"""The pre-match sequence's rules: who gets handicaps, how many, and what a handicap roll gives.

Pure functions of the two ratings and the league's Handicap Table (a league default: the articles name the
table but do not print it). The team with the lower rating makes the rolls; equal ratings give none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from roster_app.i18n import _
from roster_app.rules.dicetables import lookup, range_text
from roster_app.rules.economy import economy
from roster_app.rules.ruleset import Ruleset, default_ruleset


@dataclass(frozen=True)
class HandicapsDue:
    """What the rating difference gives: `underdog` is 0 (home), 1 (away) or None (equal ratings)."""

    difference: int
    underdog: int | None
    rolls: int


def _table(ruleset: Ruleset | None) -> Mapping[str, Any]:
    return (ruleset or default_ruleset()).table("handicap_table")


def handicaps_due(home_rating: int, away_rating: int, ruleset: Ruleset | None = None) -> HandicapsDue:
    """The underdog and his number of handicap rolls, from the two teams' ratings."""
    difference = abs(home_rating - away_rating)
    rolls = lookup(_table(ruleset)["differences"], difference)["rolls"]
    if difference == 0 or rolls == 0:
        return HandicapsDue(difference, None, 0)
    return HandicapsDue(difference, 0 if home_rating < away_rating else 1, rolls)


def due_for(home_worth: int, away_worth: int, ruleset: Ruleset | None = None) -> HandicapsDue:
    """The handicaps the league's edition gives: by the Handicap Table where the pre-match has handicaps; none
    where it has inducements instead (LRB 5/6: the lower team value gets the difference as money)."""
    if economy(ruleset).pre_match != "handicaps":
        return HandicapsDue(abs(home_worth - away_worth), None, 0)
    return handicaps_due(home_worth, away_worth, ruleset)


def no_handicaps_words(ruleset: Ruleset | None = None) -> str | None:
    """Why the league's edition makes no handicap rolls at all (None: it makes them)."""
    eco = economy(ruleset)
    if eco.pre_match == "handicaps":
        return None
    worth = {"Team rating": _("team rating"), "Team value": _("team value")}.get(
        eco.worth_name, eco.worth_name.lower()
    )
    return _("{edition} has no handicaps: the team of lower {worth} gets the difference as money for inducements "
             "before the match.").format(edition=eco.edition, worth=worth)  # fmt: skip


def handicap_dice(ruleset: Ruleset | None = None) -> str:
    return _table(ruleset)["dice"]


def handicap_result(total: int, ruleset: Ruleset | None = None) -> Mapping[str, Any]:
    """The Handicap Table row a roll gives ("handicap" and its "text")."""
    return lookup(_table(ruleset)["rows"], total)


def difference_bands(ruleset: Ruleset | None = None) -> list[tuple[str, int]]:
    """("10-24", 1) for every band of rating difference, to show the table beside the ratings."""
    return [(range_text(row), row["rolls"]) for row in _table(ruleset)["differences"]]
