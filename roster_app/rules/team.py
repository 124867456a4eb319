"""Team value and team rating (3rd edition), and the rating used on the Match Winnings Table."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from roster_app.rules.ruleset import Ruleset, default_ruleset


@dataclass(frozen=True)
class RatedPlayer:
    value: int
    spp: int
    under_contract: bool = False


@dataclass(frozen=True)
class TeamSheet:
    """What the rating counts: players who play for the team, staff, re-rolls and the treasury."""

    race: str
    players: tuple[RatedPlayer, ...]
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    treasury: int = 0


def staff_value(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    rules = (ruleset or default_ruleset()).table("team_rules")
    return (
        sheet.assistant_coaches * rules["assistant_coach_cost"]
        + sheet.cheerleaders * rules["cheerleader_cost"]
        + (rules["apothecary_cost"] if sheet.apothecary else 0)
    )


def rerolls_value(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    ruleset = ruleset or default_ruleset()
    return sheet.rerolls * ruleset.race(sheet.race).reroll_cost


def team_value(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """Gold value of players, staff and re-rolls (the treasury is not part of it)."""
    return sum(p.value for p in sheet.players) + staff_value(sheet, ruleset) + rerolls_value(sheet, ruleset)


def _rating(sheet: TeamSheet, player_gold: Fraction, ruleset: Ruleset | None) -> int:
    ruleset = ruleset or default_ruleset()
    rules = ruleset.table("team_rating")
    gold = player_gold + staff_value(sheet, ruleset) + rerolls_value(sheet, ruleset) + sheet.treasury
    spp = sum(p.spp for p in sheet.players)
    return floor(gold / rules["value_divisor"] + Fraction(spp, rules["spp_divisor"]))


def team_rating(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """(players + staff + re-rolls + treasury) / 10,000 + team SPP / 5, rounded down."""
    return _rating(sheet, Fraction(sum(p.value for p in sheet.players)), ruleset)


def winnings_rating(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """The rating for the Match Winnings Table: half the value of each player under contract is deducted."""
    ruleset = ruleset or default_ruleset()
    share = Fraction(ruleset.table("team_rating")["contract_value_percent_deducted"], 100)
    gold = sum(Fraction(p.value) * (1 - share if p.under_contract else 1) for p in sheet.players)
    return _rating(sheet, Fraction(gold), ruleset)
