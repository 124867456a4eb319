"""Allies: players on a roster whose race is not the team's. Each brings the penalties of the league's
`ally_penalties` table while he plays for the team (seed 001: a transferred player is treated "exactly as
you would any other allied-race player, suffering the fan factor and team reroll penalties as normal").

Pure functions of the team's race, its players' races and the ruleset; nothing is stored, so a penalty is
lifted as soon as the ally leaves the roster.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from roster_app.i18n import _
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Ruleset, default_ruleset
from roster_app.rules.transfers import is_ally
from roster_app.words import count


@dataclass(frozen=True)
class AllyPenalties:
    """What a team's allies cost it now."""

    allies: int
    fan_factor: int  # added to the fan factor the team plays with (negative in the league default)
    reroll_surcharge: int  # gold added to the price of each team re-roll

    @property
    def any(self) -> bool:
        return bool(self.allies and (self.fan_factor or self.reroll_surcharge))


def count_allies(team_race: str, player_races: Iterable[str]) -> int:
    """How many of the players on the roster (their races) are allies of a `team_race` team."""
    return sum(is_ally(race, team_race) for race in player_races)


def ally_penalties_of(
    team_race: str, player_races: Iterable[str], ruleset: Ruleset | None = None
) -> AllyPenalties:
    """The fan factor penalty and re-roll surcharge of a `team_race` team with players of `player_races`."""
    table = (ruleset or default_ruleset()).table("ally_penalties")
    allies = count_allies(team_race, player_races)
    return AllyPenalties(allies, allies * table["fan_factor_per_ally"], allies * table["reroll_cost_per_ally"])


def fan_factor_in_play(fan_factor: int, penalties: AllyPenalties, ruleset: Ruleset | None = None) -> int:
    """The fan factor the team plays with: its own plus the allies' penalty, kept within the league's limits
    (never below the fan factor table's minimum)."""
    if not penalties.fan_factor:
        return fan_factor
    ruleset = ruleset or default_ruleset()
    lowest = ruleset.table("fan_factor")["minimum"]
    highest = max(fan_factor, ruleset.table("team_rules")["max_fan_factor"])
    return max(lowest, min(highest, fan_factor + penalties.fan_factor))


def allies_word(allies: int) -> str:
    return count(allies, "ally")


def fan_factor_text(fan_factor: int, in_play: int, allies: int) -> str:
    """'5', or '5 (4 with 1 ally)' when allies change the fan factor the team plays with."""
    if in_play == fan_factor:
        return str(fan_factor)
    return f"{fan_factor} ({in_play} with {allies_word(allies)})"


def surcharge_text(penalties: AllyPenalties) -> str:
    """'+10,000 gp for 1 ally', or '' without a surcharge."""
    if not penalties.reroll_surcharge:
        return ""
    said = _("+{gold} for {allies}") if penalties.reroll_surcharge > 0 else _("{gold} for {allies}")
    return said.format(gold=gp(penalties.reroll_surcharge), allies=allies_word(penalties.allies))
