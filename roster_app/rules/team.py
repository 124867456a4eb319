"""Team value and team rating (3rd edition), and the rating used on the Match Winnings Table."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from roster_app.rules.ruleset import Ruleset, default_ruleset

# Team counters a commissioner edits in the team header: (label, ruleset price key or None, limit key)
COUNTERS: dict[str, tuple[str, str | None, str | None]] = {
    "rerolls": ("re-roll", None, "max_rerolls"),
    "assistant_coaches": ("assistant coach", "assistant_coach_cost", "max_assistant_coaches"),
    "cheerleaders": ("cheerleader", "cheerleader_cost", "max_cheerleaders"),
    "apothecary": ("apothecary", "apothecary_cost", None),
    "fan_factor": ("fan factor", "fan_factor_cost", "max_fan_factor"),
}


@dataclass(frozen=True)
class RatedPlayer:
    value: int
    spp: int
    under_contract: bool = False


@dataclass(frozen=True)
class TeamSheet:
    """What the rating counts: players who play for the team, staff, re-rolls, fan factor and the treasury."""

    race: str
    players: tuple[RatedPlayer, ...]
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    treasury: int = 0
    fan_factor: int = 0  # the team's own (stored) fan factor; allies' penalties do not lower its value


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


def fan_factor_value(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """Fan factor at its price, as it was bought when the team was made."""
    return sheet.fan_factor * (ruleset or default_ruleset()).table("team_rules")["fan_factor_cost"]


def _assets(sheet: TeamSheet, ruleset: Ruleset | None) -> int:
    """Everything but the players: staff, re-rolls (at the race's base price) and fan factor."""
    return staff_value(sheet, ruleset) + rerolls_value(sheet, ruleset) + fan_factor_value(sheet, ruleset)


def reroll_price(race: str, *, played: bool, surcharge: int = 0, ruleset: Ruleset | None = None) -> int:
    """What one more team re-roll costs: the race's price (doubled, by default, once the team has played)
    plus the allies' surcharge. The team's value counts every re-roll at the race's price alone."""
    ruleset = ruleset or default_ruleset()
    price = ruleset.race(race).reroll_cost
    if played:
        price *= ruleset.table("team_rules")["reroll_cost_multiplier_after_creation"]
    return price + surcharge


def team_value(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """Gold value of players, staff, re-rolls and fan factor (the treasury is not part of it)."""
    return sum(p.value for p in sheet.players) + _assets(sheet, ruleset)


def _rating(sheet: TeamSheet, player_gold: Fraction, ruleset: Ruleset | None) -> int:
    ruleset = ruleset or default_ruleset()
    rules = ruleset.table("team_rating")
    gold = player_gold + _assets(sheet, ruleset) + sheet.treasury
    spp = sum(p.spp for p in sheet.players)
    return floor(gold / rules["value_divisor"] + Fraction(spp, rules["spp_divisor"]))


def team_rating(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """(players + staff + re-rolls + fan factor + treasury) / 10,000 + team SPP / 5, rounded down: a new
    team rates 100 whatever it bought with its 1,000,000 gp."""
    return _rating(sheet, Fraction(sum(p.value for p in sheet.players)), ruleset)


def winnings_rating(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """The rating for the Match Winnings Table: half the value of each player under contract is deducted."""
    ruleset = ruleset or default_ruleset()
    share = Fraction(ruleset.table("team_rating")["contract_value_percent_deducted"], 100)
    held = sum(p.value for p in sheet.players if p.under_contract)  # summed first: one Fraction, not one a player
    gold = sum(p.value for p in sheet.players if not p.under_contract) + Fraction(held) * (1 - share)
    return _rating(sheet, Fraction(gold), ruleset)
