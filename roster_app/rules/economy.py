"""Each edition's match economy, as pure functions over the league's ruleset.

The league's Economy table says how its edition works: a team rating (3rd edition, LRB 4.0) or a team value
(LRB 5, LRB 6), with the treasury counted or not; winnings from the Match Winnings Table by the gate or from
dice and FAME; spiralling expenses or none; handicaps or inducements before a match. The figures live in
their own tables (team_rating, match_winnings, winnings_formula, fame, fan_factor, spiralling_expenses,
petty_cash); nothing here is a constant of an edition.

The seed's rule on contracts (half a contracted player's value comes off the rating used on the Match
Winnings Table) is placed by `contract_half_value`: on the winnings rating, on the value that pays spiralling
expenses, or nowhere. It is a house rule the commissioner may change in the Rules window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from roster_app.i18n import N_, _, term
from roster_app.rules import postmatch as pm
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Ruleset, default_ruleset
from roster_app.rules.team import RatedPlayer, TeamSheet, team_rating, team_value, winnings_rating
from roster_app.words import number


@dataclass(frozen=True)
class Economy:
    """The league's Economy table, read."""

    edition: str
    worth: str  # "rating" or "value"
    worth_name: str  # "Team rating", "Team value"
    worth_short: str  # "TR", "TV"
    treasury_counted: bool
    winnings: str  # "gate_table" or "fame_dice"
    expenses: bool
    pre_match: str  # "handicaps" or "inducements"
    contract_half_value: str  # "winnings_rating", "expenses" or "nothing"

    @property
    def is_value(self) -> bool:
        return self.worth == "value"


ECONOMY_KEYS = ("edition", "worth", "worth_name", "worth_short", "treasury_counted", "winnings", "expenses",
                "pre_match", "contract_half_value")  # fmt: skip
# The tables an edition's economy is made of: switching a league's economy replaces these.
ECONOMY_TABLES = ("economy", "fan_factor", "winnings_formula", "fame", "spiralling_expenses", "petty_cash",
                  "post_match")  # fmt: skip


def _rules(ruleset: Ruleset | None) -> Ruleset:
    return ruleset or default_ruleset()


def economy(ruleset: Ruleset | None = None) -> Economy:
    table = _rules(ruleset).table("economy")
    return Economy(**{key: table[key] for key in ECONOMY_KEYS})


# -- what a team is worth ---------------------------------------------------------------------------------
def team_worth(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """What the team is worth as its edition names it: a team rating (points) or a team value (gold); the
    treasury is counted when the Economy table says so."""
    ruleset = _rules(ruleset)
    eco = economy(ruleset)
    counted = sheet if eco.treasury_counted else replace(sheet, treasury=0)
    if eco.is_value:
        return team_value(counted, ruleset) + counted.treasury
    return team_rating(counted, ruleset)


def worth_text(worth: int, ruleset: Ruleset | None = None, *, short: bool = False) -> str:
    """ "Team value 1,050,000 gp", "TR 112"."""
    eco = economy(ruleset)
    label = term("table", eco.worth_short if short else eco.worth_name)
    return f"{label} {gp(worth) if eco.is_value else worth}"


def starting_worth(ruleset: Ruleset | None = None) -> int:
    """What a new team is worth if it spends its whole starting treasury: 1,000,000 gp of team value, or a
    team rating of 100 (the starting treasury / 10,000; the treasury counts in the rating)."""
    ruleset = _rules(ruleset)
    start = ruleset.table("team_rules")["starting_treasury"]
    return team_worth(TeamSheet(race=next(iter(ruleset.races)), players=(RatedPlayer(start, 0),)), ruleset)


def _contract_share(ruleset: Ruleset) -> int:
    return ruleset.table("team_rating")["contract_value_percent_deducted"]


def wage_value(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """The team value that pays spiralling expenses: with the seed's house rule, half of each contracted
    player's value comes off it (the Economy table's `contract_half_value` is "expenses")."""
    ruleset = _rules(ruleset)
    value = team_worth(sheet, ruleset) if economy(ruleset).is_value else team_value(sheet, ruleset)
    if economy(ruleset).contract_half_value != "expenses":
        return value
    off = sum(p.value * _contract_share(ruleset) // 100 for p in sheet.players if p.under_contract)
    return value - off


def rating_for_winnings(sheet: TeamSheet, ruleset: Ruleset | None = None) -> int:
    """The rating the Match Winnings Table reads: contracted players count half (seed 001) unless the house
    rule puts the half value elsewhere."""
    ruleset = _rules(ruleset)
    if economy(ruleset).contract_half_value == "winnings_rating":
        return winnings_rating(sheet, ruleset)
    return team_rating(sheet, ruleset)


# -- spiralling expenses ----------------------------------------------------------------------------------
def spiralling_expenses(value: int, ruleset: Ruleset | None = None) -> int:
    """What a team of this value pays after a match: per_band for the band starting at from_value and one more
    per_band for every band above (0 below from_value, or when the economy has no expenses)."""
    ruleset = _rules(ruleset)
    if not economy(ruleset).expenses:
        return 0
    table = ruleset.table("spiralling_expenses")
    if value < table["from_value"]:
        return 0
    amount = ((value - table["from_value"]) // table["band"] + 1) * table["per_band"]
    most = table.get("most")
    return amount if most is None else min(amount, most)


# -- fans, FAME and winnings ------------------------------------------------------------------------------
def spectators(faces: Sequence[int], fan_factor: int, ruleset: Ruleset | None = None) -> int:
    """One team's fans before the match: (the fans' dice + fan factor) x spectators per point."""
    table = _rules(ruleset).table("fame")
    return (sum(faces) + fan_factor) * table["spectators_per_point"]


def fame(own: int, other: int, ruleset: Ruleset | None = None) -> int:
    """FAME from both teams' fans: `double` at least twice the other's, `more` for more, else 0."""
    table = _rules(ruleset).table("fame")
    if own >= 2 * other and own > 0:
        return table["double"]
    return table["more"] if own > other else 0


def fame_from_fans(fans: dict[str, Any], team_id: int, ruleset: Ruleset | None = None) -> int | None:
    """A team's FAME from both teams' fans counted before the match (match.pre_match["fans"]: team id ->
    {"spectators"}); None until both are counted."""
    other = [key for key in fans if key != str(team_id)]
    if str(team_id) not in fans or len(other) != 1:
        return None
    return fame(fans[str(team_id)]["spectators"], fans[other[0]]["spectators"], ruleset)


def counted_gate(fans: dict[str, Any], team_ids: Sequence[int]) -> int | None:
    """The gate where the edition counts each team's fans before the match (LRB 5/6): both teams' fans added
    up (match.pre_match["fans"]); None until both are counted."""
    counted = [fans.get(str(t), {}).get("spectators") for t in team_ids]
    return None if None in counted else sum(counted)


def highest_fame(ruleset: Ruleset | None = None) -> int:
    table = _rules(ruleset).table("fame")
    return max(table["more"], table["double"])


def formula_winnings(total: int, team_fame: int, result: str, ruleset: Ruleset | None = None) -> int:
    """(the winnings die + FAME + the result's bonus) x gold per point."""
    table = _rules(ruleset).table("winnings_formula")
    points = total + (team_fame if table["fame"] else 0) + table[result]
    return max(0, points) * table["per_point"]


def winnings_dice(ruleset: Ruleset | None = None) -> str:
    return _rules(ruleset).table("winnings_formula")["dice"]


def may_reroll_winnings(result: str, ruleset: Ruleset | None = None) -> bool:
    return result == "win" and _rules(ruleset).table("winnings_formula")["winner_may_reroll"]


def describe_formula(total: int, team_fame: int, result: str, ruleset: Ruleset | None = None) -> str:
    """'(D6 4 + FAME 1 + 1 for a win) x 10,000 gp = 60,000 gp'."""
    table = _rules(ruleset).table("winnings_formula")
    parts = [f"{table['dice']} {total}"]
    if table["fame"]:
        parts.append(f"FAME {team_fame}")
    if table[result]:
        parts.append(f"{table[result]} for a {result}")
    amount = formula_winnings(total, team_fame, result, ruleset)
    return f"({' + '.join(parts)}) x {gp(table['per_point'])} = {gp(amount)}"


@dataclass(frozen=True)
class MatchMoney:
    """What one team's match brings in and costs, as its edition says."""

    winnings: int
    expenses: int
    how: str  # the winnings worked out, in words

    @property
    def net(self) -> int:
        return self.winnings - self.expenses


def match_money(
    sheet: TeamSheet,
    result: str,
    *,
    gate: int = 0,
    winnings_total: int | None = None,
    team_fame: int = 0,
    ruleset: Ruleset | None = None,
) -> MatchMoney:
    """A team's winnings and spiralling expenses for a won, drawn or lost match: by the Match Winnings Table
    (`gate`) or by the winnings die (`winnings_total`) and FAME, as the Economy table says."""
    ruleset = _rules(ruleset)
    expenses = spiralling_expenses(wage_value(sheet, ruleset), ruleset)
    if economy(ruleset).winnings == "gate_table":
        rating = rating_for_winnings(sheet, ruleset)
        amount = pm.match_winnings(rating, result, gate, ruleset)
        return MatchMoney(amount, expenses, pm.describe_winnings(rating, result, gate, ruleset))
    if winnings_total is None:
        raise ValueError("winnings from dice need the winnings roll")
    amount = formula_winnings(winnings_total, team_fame, result, ruleset)
    return MatchMoney(amount, expenses, describe_formula(winnings_total, team_fame, result, ruleset))


def fan_factor_change(fan_factor: int, result: str, total: int, ruleset: Ruleset | None = None) -> int:
    """+1, 0 or -1: what the fan factor roll does, as the edition's Fan Factor table says for the result."""
    return pm.fan_factor_after(fan_factor, result, total, ruleset) - fan_factor


# -- before the match ---------------------------------------------------------------------------------------
def inducement_money(own: int, other: int, ruleset: Ruleset | None = None) -> int:
    """The money for inducements the team of lower value gets before the match (LRB 5/6): the difference of
    the two team values; 0 for the other team, in an economy with handicaps, or when the league turns it off."""
    ruleset = _rules(ruleset)
    if economy(ruleset).pre_match != "inducements" or not ruleset.table("petty_cash")["difference_to_lower"]:
        return 0
    return max(0, other - own)


# -- the league night, as the edition has it ----------------------------------------------------------------
@dataclass(frozen=True)
class LeagueNight:
    pre_match: tuple[str, ...]
    post_match: tuple[tuple[str, str], ...]  # (Dugout's step key, the step's title as the edition words it)


def league_night(ruleset: Ruleset | None = None) -> LeagueNight:
    """The pre-match and post-match sequences in the edition's words. The post-match steps come in the edition's
    order with its titles (the league's post_match table, each edition's book cited there); the seed's purchases
    section (4.1 reserve affairs and contracts, 4.2 transfers, 4.3 new players and staff) and the new worth close
    it in every edition; an edition's spiralling expenses are paid with its winnings."""
    ruleset = _rules(ruleset)
    eco = economy(ruleset)
    worth = term("table", eco.worth_name).lower()
    titles = pm.step_titles(ruleset)
    post = tuple((step, _(titles[step])) for step in pm.sequence(ruleset))  # shown: in the commissioner's words
    if eco.pre_match == "inducements":
        pre = (_("Fans and FAME (2D6 + fan factor each)"), _("The weather"),
               _("Money for inducements: the {worth} difference to the lower team, and petty cash").format(worth=worth),
               _("Hire inducements and Star Players"), _("Niggling injuries"))  # fmt: skip
    else:
        pre = (_("Hire freebooters"), _("The weather"), _("The gate (one D6 per fan factor)"),
               _("Handicaps from the {worth} difference").format(worth=worth), _("Niggling injuries"))  # fmt: skip
    return LeagueNight(pre, post)


def step_title(step: str, ruleset: Ruleset | None = None) -> str:
    return dict(league_night(ruleset).post_match)[step]


def describe(ruleset: Ruleset | None = None) -> list[tuple[str, str]]:
    """(what, how) lines of the league's economy, for the Rules window, the handbook and the switch preview."""
    ruleset = _rules(ruleset)
    eco = economy(ruleset)
    lines = [(_("Edition"), eco.edition)]
    if eco.is_value:
        worth = _("{worth_name} ({worth_short}) in gold: players, re-rolls, fan factor and staff").format(
            worth_name=term("table", eco.worth_name), worth_short=term("table", eco.worth_short)
        )
    else:
        rating = ruleset.table("team_rating")
        worth = (_("{worth_name} ({worth_short}): gold / {value_divisor} + SPP / {spp_divisor}").format(worth_name=term("table", eco.worth_name), worth_short=term("table", eco.worth_short), value_divisor=number(rating['value_divisor']), spp_divisor=rating['spp_divisor']))  # fmt: skip
    worth += _(", treasury counted") if eco.treasury_counted else _(", treasury not counted")
    lines.append((_("A team is worth"), worth))
    lines.append((_("A new team"), worth_text(starting_worth(ruleset), ruleset)))
    if eco.winnings == "fame_dice":
        table = ruleset.table("winnings_formula")
        each = {"win": _("{n} for a win"), "draw": _("{n} for a draw"), "loss": _("{n} for a loss")}
        bonus = ", ".join(each[r].format(n=table[r]) for r in pm.RESULTS if table[r])
        if table["winner_may_reroll"]:
            winnings = _("({dice} + FAME + {value}) x {gold}; the winner may roll again")
        else:
            winnings = _("({dice} + FAME + {value}) x {gold}")
        lines.append(
            (_("Winnings"), winnings.format(dice=table["dice"], value=bonus or "0", gold=gp(table["per_point"])))
        )
    else:
        lines.append(
            (_("Winnings"), _("the Match Winnings Table: gold per 1,000 spectators by the rating and result"))
        )
    fan = ruleset.table("fan_factor")["results"]
    lines.append((_("Fan factor"), "; ".join(_fan_words(r, fan[r]) for r in pm.RESULTS)))
    if eco.expenses:
        table = ruleset.table("spiralling_expenses")
        lines.append((_("Spiralling expenses"), _("{gold} from {gold2}, {gold} more every {gold3}").format(gold=gp(table['per_band']), gold2=gp(table['from_value']), gold3=gp(table['band']))))  # fmt: skip
    else:
        lines.append((_("Spiralling expenses"), _("none")))
    lines.append((_("Before a match"), _("handicaps from the rating difference") if eco.pre_match == "handicaps"
                  else _("inducements: the lower team gets the {worth_short} difference").format(worth_short=term("table", eco.worth_short))))  # fmt: skip
    lines.append((_("A contracted player's half value comes off"), _(CONTRACT_WORDS[eco.contract_half_value])))
    return lines


CONTRACT_WORDS = {  # marked N_(): shown through _()
    "winnings_rating": N_("the rating used on the Match Winnings Table (seed 001)"),
    "expenses": N_("the team value that pays spiralling expenses (house rule)"),
    "nothing": N_("nothing (house rule)"),
}


def _fan_words(result: str, row: dict[str, Any]) -> str:
    moves = [w for w, on in ((_("above it +1"), row["gain_above"]), (_("below it -1"), row["lose_below"])) if on]
    said = {"win": _("win"), "draw": _("draw"), "loss": _("loss")}.get(result, result)
    return f"{said} {row['dice']} {' / '.join(moves) or _('no change')}"
