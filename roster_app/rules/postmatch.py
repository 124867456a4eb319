"""The post-match sequence and the league table, as pure functions over the league's ruleset.

Gate (one D6 per point of fan factor), match winnings (by the rating for winnings and the result), the
fan factor roll, the Star Player Table with its caps, injuries from the match report, league points and
tie-breakers. Every number comes from a ruleset table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _, term
from roster_app.rules.dice import Roll
from roster_app.rules.dicetables import lookup
from roster_app.rules.injuries import BADLY_HURT, INJURIES
from roster_app.rules.roster import STAT_NAMES, STAT_SPREAD, gp, skill_choices
from roster_app.rules.ruleset import Position, Ruleset, default_ruleset
from roster_app.rules.schema import POST_MATCH_STEPS
from roster_app.words import number, possessive

RESULTS = ("win", "draw", "loss")
STAGES = ("league", "semi-final", "final", "friendly")
SPECTATORS_PER_UNIT = 1000  # the Match Winnings Table pays gold per 1,000 spectators

# The steps of the post-match sequence in the seed's order (seed 001); 4.2 (transfers) is not a step of its own:
# each transfer is its own transaction, made between 4.1 and 4.3. A league goes through them in its edition's
# order (`sequence`: the league's post_match table); the purchases section closes it in every edition.
STEPS = POST_MATCH_STEPS
STEP_TITLES = {
    "winnings": N_("1. Winnings"),
    "spp": N_("2. Star Player Points and star player rolls"),
    "fan_factor": N_("3. Fan factor"),
    "affairs": N_("4.1 Reserve affairs and contracts"),
    "purchases": N_("4.3 New players and staff"),
    "rating": N_("5. New team rating"),
}
BEFORE_TRANSFERS = STEPS[: STEPS.index("purchases")]  # written before step 4.2's transfers may be made


def _rules(ruleset: Ruleset | None) -> Ruleset:
    return ruleset or default_ruleset()


def sequence(ruleset: Ruleset | None = None) -> tuple[str, ...]:
    """The league's post-match steps in its edition's order (its post_match table)."""
    return sequence_of(_rules(ruleset).table("post_match"))


def sequence_of(table: dict[str, Any] | None) -> tuple[str, ...]:
    """The steps of a post_match table in their order; the seed's order when there is no table."""
    return tuple(row["step"] for row in table["steps"]) if table else STEPS


def step_titles(ruleset: Ruleset | None = None) -> dict[str, str]:
    """Each step's title as the league's edition words it ("2. Winnings (D6 + FAME) less spiralling expenses"), in
    the commissioner's language (a title the commissioner typed stays as typed)."""
    return {row["step"]: term("table", row["title"]) for row in _rules(ruleset).table("post_match")["steps"]}


def result_of(score_for: int, score_against: int) -> str:
    """win / draw / loss for the team that scored `score_for`."""
    if score_for > score_against:
        return "win"
    return "draw" if score_for == score_against else "loss"


# -- the gate ---------------------------------------------------------------------------------------
def gate_bonus(stage: str, ruleset: Ruleset | None = None) -> int:
    """What each gate die adds at this stage (semi-final +1, final +2 by default)."""
    table = _rules(ruleset).table("gate")
    return {"semi-final": table["semi_final_bonus"], "final": table["final_bonus"]}.get(stage, 0)


def gate_from_faces(faces: Sequence[int], stage: str, ruleset: Ruleset | None = None) -> int:
    """Spectators for the gate dice as rolled."""
    table = _rules(ruleset).table("gate")
    return (sum(faces) + gate_bonus(stage, ruleset) * len(faces)) * table["per_die"]


def gate_bounds(dice: int, stage: str, ruleset: Ruleset | None = None) -> tuple[int, int]:
    """The smallest and largest gate `dice` gate dice can give."""
    return gate_from_faces([1] * dice, stage, ruleset), gate_from_faces([6] * dice, stage, ruleset)


def check_gate(gate: int, fan_factors: Sequence[int], stage: str, ruleset: Ruleset | None = None) -> None:
    """Refuse a typed-in gate the dice could not have given."""
    per_die = _rules(ruleset).table("gate")["per_die"]
    dice = sum(fan_factors)
    low, high = gate_bounds(dice, stage, ruleset)
    if not isinstance(gate, int) or isinstance(gate, bool) or gate % per_die or not low <= gate <= high:
        raise RuleViolation(
            _(
                "With fan factors of {items} the gate is {dice} D6 x {per_die}: from {low} to {high} "
                "spectators, in steps of {per_die}; {gate} cannot be right."
            ).format(
                items=" and ".join(str(f) for f in fan_factors),
                dice=dice,
                per_die=number(per_die),
                low=number(low),
                high=number(high),
                gate=number(gate),
            )
        )


def roll_gate(fan_factors: Sequence[int], rng: random.Random | None = None) -> tuple[int, ...]:
    """One D6 per point of each team's fan factor."""
    rng = rng or random.SystemRandom()
    return tuple(rng.randint(1, 6) for _unused in range(sum(fan_factors)))


# -- match winnings ---------------------------------------------------------------------------------
def winnings_row(rating: int, ruleset: Ruleset | None = None) -> dict[str, Any]:
    return dict(lookup(_rules(ruleset).table("match_winnings")["rows"], rating))


def winnings_rate(rating: int, result: str, ruleset: Ruleset | None = None) -> int:
    """Gold per 1,000 spectators for a team of this rating for winnings and this result."""
    return winnings_row(rating, ruleset)[result]


def match_winnings(rating: int, result: str, gate: int, ruleset: Ruleset | None = None) -> int:
    """A team's winnings: the table's gold per 1,000 spectators times the gate (in thousands)."""
    return winnings_rate(rating, result, ruleset) * (gate // SPECTATORS_PER_UNIT)


# -- fan factor -------------------------------------------------------------------------------------
def fan_factor_dice(result: str, ruleset: Ruleset | None = None) -> str:
    return _rules(ruleset).table("fan_factor")["results"][result]["dice"]


def fan_factor_after(fan_factor: int, result: str, total: int, ruleset: Ruleset | None = None) -> int:
    """The fan factor after the roll: above it gains one, below it loses one, as the table says for the result."""
    ruleset = _rules(ruleset)
    table = ruleset.table("fan_factor")
    row = table["results"][result]
    new = fan_factor
    if row["gain_above"] and total > fan_factor:
        new += 1
    elif row["lose_below"] and total < fan_factor:
        new -= 1
    highest = ruleset.table("team_rules")["max_fan_factor"]
    return max(table["minimum"], min(highest, new))


# -- the Star Player Table --------------------------------------------------------------------------
@dataclass(frozen=True)
class Advance:
    """One thing a star player roll may give: a skill or +1 to a characteristic."""

    kind: str  # "skill", or the characteristic: "ma", "st", "ag", "av"
    skill: str | None = None
    category: str = ""
    double: bool = False  # a skill from a category the player may take only on a double
    value_added: int = 0

    @property
    def key(self) -> str:
        return f"skill:{self.skill}" if self.kind == "skill" else self.kind

    @property
    def label(self) -> str:
        if self.kind != "skill":
            return _("+1 {stat}").format(stat=_(STAT_NAMES[self.kind]))
        words = _("{skill} ({category}, on a double)") if self.double else _("{skill} ({category})")
        return words.format(skill=term("skill", self.skill), category=self.category)


def star_player_row(total: int, ruleset: Ruleset | None = None) -> dict[str, Any]:
    return dict(lookup(_rules(ruleset).table("star_player_table")["rows"], total))


def stat_cap(position: Position, stat: str, ruleset: Ruleset | None = None) -> int:
    """The highest a characteristic may rise: the position's value + the table's limit, and never above 10."""
    above = _rules(ruleset).table("star_player_table")["max_above_start"]
    return min(10, position.stat(stat) + above)


def advance_options(
    position: Position, *, skills: Iterable[str], stats: dict[str, int], roll: Roll, ruleset: Ruleset | None = None
) -> list[Advance]:
    """What this star player roll allows, in the order a coach reads them (the characteristic first)."""
    ruleset = _rules(ruleset)
    table = ruleset.table("star_player_table")
    values = ruleset.table("advance_values")
    row = star_player_row(roll.total, ruleset)
    result = row["result"]
    options: list[Advance] = []
    skills_allowed = result == "skill"
    if result != "skill":
        # the row's characteristic, or any it also offers (LRB 5/6: 10 is +1 MA or +1 AV, the coach chooses)
        for stat in dict.fromkeys([result, *row.get("also", ())]):
            if stats[stat] < stat_cap(position, stat, ruleset):
                options.append(Advance(stat, value_added=values[stat]))
        # at its cap every characteristic the row gives becomes a skill instead
        skills_allowed = table["skill_instead_of_characteristic"] or not options
    if skills_allowed:
        double = roll.is_double and table["double_opens_any_category"]
        for name, category, needs_double in skill_choices(position, skills, ruleset, double=double):
            value = values["double_skill" if needs_double else "skill"]
            options.append(Advance("skill", name, category, needs_double, value))
    return options


def choose_advance(options: Sequence[Advance], key: str | None, who: str) -> Advance:
    """The option `key` names, or a plain refusal."""
    for option in options:
        if option.key == key:
            return option
    if not key:
        raise RuleViolation(
            _("Choose what {owner} star player roll gives.").format(owner=possessive(who), name=who)
        )
    allowed = ", ".join(o.label for o in options[:6]) + (" ..." if len(options) > 6 else "")
    what = key.removeprefix("skill:") if key.startswith("skill:") else f"+1 {STAT_NAMES.get(key, key)}"
    raise RuleViolation(
        _("{who} cannot take {what} with this roll; allowed: {value}.").format(
            who=who, what=what, value=allowed or "nothing"
        )
    )


# -- injuries from the match report -----------------------------------------------------------------
@dataclass(frozen=True)
class InjuryEffect:
    dead: bool
    stat: str | None  # the characteristic lost, if any
    lasting: str | None  # what is written in the player's injuries (None: nothing lasting)
    misses_next: bool = True  # he misses the next game (all but Badly Hurt and death)


def injury_effect(kind: str) -> InjuryEffect:
    """What an injury does: every injury but Badly Hurt and death means missing the next game."""
    if kind not in INJURIES:
        raise RuleViolation(
            _("'{kind}' is not an injury Dugout knows ({items}).").format(kind=kind, items=", ".join(INJURIES))
        )
    if kind == "Dead":
        return InjuryEffect(True, None, None, misses_next=False)
    if kind == BADLY_HURT:
        return InjuryEffect(False, None, None, misses_next=False)
    if kind.startswith("-1 "):
        return InjuryEffect(False, kind[3:].lower(), kind)
    return InjuryEffect(False, None, kind if kind != "Miss next game" else None)


def casualty_result(total: int, ruleset: Ruleset | None = None) -> dict[str, Any]:
    """The league's Casualty Table row for a roll's total: its result ("Broken Ribs") and injury ("Miss next game")."""
    return dict(lookup(_rules(ruleset).table("casualty_table")["rows"], total))


def casualty_named(result: str, ruleset: Ruleset | None = None) -> dict[str, Any]:
    """The Casualty Table row a commissioner names by its result (read off the printed table)."""
    rows = _rules(ruleset).table("casualty_table")["rows"]
    for row in rows:
        if row["result"].casefold() == result.strip().casefold():
            return dict(row)
    names = ", ".join(dict.fromkeys(r["result"] for r in rows))
    raise RuleViolation(
        _("'{result}' is not a result of the league's Casualty Table ({names}).").format(
            result=result, names=names
        )
    )


def lowered_stat(position: Position, current: int, stat: str) -> int:
    """A characteristic after losing one point: never more than 2 below the position's value, never below 1."""
    floor = max(1, position.stat(stat) - STAT_SPREAD)
    return max(floor, current - 1)


# -- the MVP ----------------------------------------------------------------------------------------
def random_mvp(candidates: int, rng: random.Random | None = None) -> int:
    """The index of the player picked at random as MVP (a die with one face per candidate)."""
    if candidates < 1:
        raise RuleViolation(_("A team needs at least one player who played to name an MVP."))
    return (rng or random.SystemRandom()).randrange(candidates)


# -- league table -----------------------------------------------------------------------------------
def league_points(result: str, ruleset: Ruleset | None = None) -> int:
    return _rules(ruleset).table("league_points")[result]


TIE_BREAKER_LABELS = {
    "points": N_("points"),
    "touchdown_difference": N_("touchdown difference"),
    "casualty_difference": N_("casualty difference"),
    "touchdowns_for": N_("touchdowns scored"),
    "casualties_for": N_("casualties caused"),
    "head_to_head": N_("head-to-head"),
    "roll_off": N_("a roll-off"),
}


def tie_breaker_value(row: Any, name: str) -> int:
    """One tie-breaker of a league table row (anything with points, td_for/against, cas_for/against); the
    head-to-head and the roll-off need the other tied teams and are worked out by `rank`."""
    if name == "points":
        return row.points
    if name == "touchdown_difference":
        return row.td_for - row.td_against
    if name == "casualty_difference":
        return row.cas_for - row.cas_against
    if name == "touchdowns_for":
        return row.td_for
    if name == "casualties_for":
        return row.cas_for
    if name in ("head_to_head", "roll_off"):
        return 0
    raise RuleViolation(_("'{name}' is not a tie-breaker Dugout knows.").format(name=name))


def standing_key(row: Any, ruleset: Ruleset | None = None) -> tuple[int, ...]:
    """Higher is better on every tie-breaker in the league's order (points first unless the league says not)."""
    return tuple(tie_breaker_value(row, name) for name in _rules(ruleset).table("league_points")["tie_breakers"])


Game = tuple[int, int, int, int]  # home team id, away team id, home score, away score


def head_to_head(team_id: int, tied: set[int], games: Sequence[Game], ruleset: Ruleset | None = None) -> int:
    """The league points `team_id` took in its games against the other teams in `tied`."""
    total = 0
    for home, away, home_score, away_score in games:
        if home == team_id and away in tied:
            total += league_points(result_of(home_score, away_score), ruleset)
        elif away == team_id and home in tied:
            total += league_points(result_of(away_score, home_score), ruleset)
    return total


def rank(
    rows: Sequence[Any], ruleset: Ruleset | None = None, *, games: Sequence[Game] = (),
    roll_offs: dict[int, int] | None = None,
) -> list[tuple[int, Any]]:  # fmt: skip
    """(position, row) best first, by the league's tie-breakers in order; rows equal on every tie-breaker share a
    position (then by name). Head-to-head counts the points of `games` among the teams still tied at that step;
    a roll-off, the totals each tied team rolled (`roll_offs`, by team id; none rolled: still tied)."""
    names = list(_rules(ruleset).table("league_points")["tie_breakers"])
    groups = _ordered(list(rows), names, ruleset, games, roll_offs or {})
    out: list[tuple[int, Any]] = []
    for group in groups:
        position = len(out) + 1
        out.extend((position, row) for row in sorted(group, key=lambda r: r.name.lower()))
    return out


def _ordered(group: list[Any], names: list[str], ruleset: Ruleset | None, games: Sequence[Game],
             roll_offs: dict[int, int]) -> list[list[Any]]:  # fmt: skip
    if len(group) < 2 or not names:
        return [group]
    name, rest = names[0], names[1:]
    tied = {row.id for row in group} if name == "head_to_head" else set()

    def value(row: Any) -> int:
        if name == "head_to_head":
            return head_to_head(row.id, tied, games, ruleset)
        if name == "roll_off":
            return roll_offs.get(row.id, 0)
        return tie_breaker_value(row, name)

    values: dict[int, list[Any]] = {}
    for row in group:
        values.setdefault(value(row), []).append(row)
    return [
        part for v in sorted(values, reverse=True) for part in _ordered(values[v], rest, ruleset, games, roll_offs)
    ]


def describe_winnings(rating: int, result: str, gate: int, ruleset: Ruleset | None = None) -> str:
    """'1,500 gp per 1,000 spectators x 21 = 31,500 gp'."""
    rate = winnings_rate(rating, result, ruleset)
    units = gate // SPECTATORS_PER_UNIT
    return _("{gold} per 1,000 spectators x {units} = {gold2}").format(
        gold=gp(rate), units=units, gold2=gp(match_winnings(rating, result, gate, ruleset))
    )
