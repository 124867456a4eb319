"""The shape of every ruleset table, checked when a ruleset is loaded, imported or edited.

A broken table gets a RulesetError naming the table (or file), the entry and the problem, in words a
commissioner can act on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from roster_app.errors import RulesetError
from roster_app.rules.dice import DiceSpec
from roster_app.rules.dicetables import check_ranges


@dataclass(frozen=True)
class Check:
    """A leaf check: a name for messages and a predicate."""

    what: str
    ok: Callable[[Any], bool]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_dice(v: Any) -> bool:
    try:
        DiceSpec.parse(v)
    except (ValueError, AttributeError, TypeError):
        return False
    return True


INT = Check("a whole number", _is_int)
NAT = Check("a whole number of 0 or more", lambda v: _is_int(v) and v >= 0)
POS = Check("a whole number above 0", lambda v: _is_int(v) and v > 0)
OPT_INT = Check("a whole number or empty", lambda v: v is None or _is_int(v))
TEXT = Check("a text", lambda v: isinstance(v, str))
NAME = Check("a non-empty text", lambda v: isinstance(v, str) and v.strip() != "")
OPT_TEXT = Check("a text or empty", lambda v: v is None or isinstance(v, str))
BOOL = Check("true or false", lambda v: isinstance(v, bool))
DICE = Check("dice such as D6 or 2D6", _is_dice)
STAT = Check("a characteristic from 1 to 10", lambda v: _is_int(v) and 1 <= v <= 10)
TEXTS = Check("a list of texts", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v))
OPT_TEXTS = Check("a list of texts or empty", lambda v: v is None or TEXTS.ok(v))
STAT_KEY = Check("one of ma, st, ag, av or empty", lambda v: v in (None, "ma", "st", "ag", "av"))


class MapOf:
    """A mapping from any text key to values of one shape."""

    def __init__(self, spec: Any):
        self.spec = spec


def check_shape(value: Any, spec: Any, where: str, path: str = "") -> None:
    """Check `value` against `spec` (Check, [spec], {key: spec} with 'key?' optional, MapOf)."""
    if isinstance(spec, Check):
        if not spec.ok(value):
            raise RulesetError(where, path or "value", f"must be {spec.what}, not {value!r}")
    elif isinstance(spec, list):
        if not isinstance(value, list):
            raise RulesetError(where, path or "value", "must be a list")
        for index, item in enumerate(value, start=1):
            check_shape(item, spec[0], where, f"{path}[{index}]" if path else f"row {index}")
    elif isinstance(spec, MapOf):
        if not isinstance(value, dict):
            raise RulesetError(where, path or "value", "must be a set of named values")
        for key, item in value.items():
            check_shape(item, spec.spec, where, f"{path}.{key}" if path else key)
    elif isinstance(spec, dict):
        if not isinstance(value, dict):
            raise RulesetError(where, path or "value", "must be a set of named values")
        for key, sub in spec.items():
            optional = key.endswith("?")
            name = key.rstrip("?")
            label = f"{path} '{name}'" if path else f"'{name}'"
            if name not in value:
                if optional:
                    continue
                raise RulesetError(where, path or "table", f"'{name}' is missing")
            check_shape(value[name], sub, where, label.strip())
    else:  # pragma: no cover - a programming error in SHAPES
        raise TypeError(spec)


RANGE = {"from": OPT_INT, "to": OPT_INT}
POSITION = {
    "name": NAME, "max": Check("a limit from 1 to 16", lambda v: _is_int(v) and 1 <= v <= 16),
    "cost": POS, "ma": STAT, "st": STAT, "ag": STAT, "av": STAT,
    "skills": TEXTS, "normal": TEXTS, "double": TEXTS, "flags?": TEXTS,
}  # fmt: skip

SHAPES: dict[str, Any] = {
    "spp_levels": {"levels": [{"name": NAME, "min_spp": NAT, "rolls": NAT}]},
    "star_player_table": {
        "dice": DICE, "rows": [{**RANGE, "result": Check("skill, ma, st, ag or av", lambda v: v in (
            "skill", "ma", "st", "ag", "av")), "text?": TEXT}],
        "max_above_start": NAT, "skill_instead_of_characteristic": BOOL, "double_opens_any_category": BOOL,
    },
    "spp_awards": {"awards": {k: NAT for k in ("completion", "casualty", "interception", "touchdown", "mvp")}},
    "team_rules": {k: NAT for k in (
        "starting_treasury", "max_players", "min_players_to_sell", "assistant_coach_cost", "cheerleader_cost",
        "apothecary_cost", "fan_factor_cost", "reroll_cost_multiplier_after_creation", "max_assistant_coaches",
        "max_cheerleaders", "max_fan_factor", "max_rerolls")},
    "contracts": {"cost_per_roll_per_season": NAT, "min_seasons": POS, "max_seasons": POS},
    "team_rating": {"value_divisor": POS, "spp_divisor": POS, "contract_value_percent_deducted": NAT},
    "referee_rules": {
        "range": POS, "turns": POS, "sacked_at_most": NAT, "award_at_least": NAT, "riot_sacked_percent": NAT,
        "riot_award_percent": NAT, "award_spp": NAT, "casualty_spp": NAT, "send_off_target": POS,
        "escapist_target": POS, "range_skills": MapOf(POS), "penalty_modifiers?": MapOf(INT),
    },
    "ally_penalties": {"fan_factor_per_ally": INT, "reroll_cost_per_ally": NAT},
    "races": {"races": [{
        "name": NAME, "reroll_cost": POS, "max_rerolls?": NAT, "reserves?": BOOL, "reserve_reroll?": BOOL,
        "source_lines?": TEXTS, "positions": [POSITION],
    }]},
    "skills": {"categories": TEXTS, "selectable": TEXTS, "skills": [{"name": NAME, "category": NAME, "effect?": TEXT}]},
    "referee_skills": {
        "groups": [{"name": NAME, "races": OPT_TEXTS, "except_races": TEXTS,
                    "skills": [{"name": NAME, "effect?": TEXT}]}],
        "prerequisites": MapOf(NAME),
        "equipment": [{"name": NAME, "penalty": POS, "effect?": TEXT}],
    },
    "star_refs": {"refs": [{"name": NAME, "race": NAME, "ma": STAT, "st": STAT, "ag": STAT, "av": STAT,
                            "skills": TEXTS, "equipment": TEXTS, "description?": TEXT}]},
    "reserve_coaches": {"upkeep": NAT, "coaches": [{"name": NAME, "cost": POS, "bonus": NAT}]},
    "reserve_team_table": {"dice": DICE, "rows": [{**RANGE, "result": Check(
        "nothing, promising or player", lambda v: v in ("nothing", "promising", "player")), "bonus?": NAT,
        "text?": TEXT}]},
    "player_table": {"dice": DICE, "unaffordable_bonus": NAT, "rows": [{**RANGE, "value": POS}]},
    "rookie_table": {"dice": DICE, "max_below_original": NAT, "minimum": POS,
                     "rows": [{**RANGE, "stat": STAT_KEY, "change": INT, "text?": TEXT}]},
    "player_reaction": {
        "dice": DICE, "listen_price_extra": NAT,
        "rows": [{**RANGE, "result": Check("refuses, listens or keen", lambda v: v in (
            "refuses", "listens", "keen")), "text?": TEXT}],
        "modifiers": [{"key": NAME, "value": INT, "text?": TEXT}],
    },
    "tribunal": {"per_roll": NAT, "dice": DICE, "per_pip": NAT},
    "match_winnings": {"rows": [{**RANGE, "win": NAT, "draw": NAT, "loss": NAT}]},
    "fan_factor": {"results": {r: {"dice": DICE, "gain_above": BOOL, "lose_below": BOOL}
                               for r in ("win", "draw", "loss")}, "minimum": NAT},
    "league_points": {"win": INT, "draw": INT, "loss": INT, "tie_breakers": TEXTS},
    "gate": {"per_die": POS, "semi_final_bonus": NAT, "final_bonus": NAT},
    "advance_values": {k: NAT for k in ("skill", "double_skill", "ma", "st", "ag", "av")},
}  # fmt: skip

TIE_BREAKERS = ("points", "touchdown_difference", "casualty_difference", "touchdowns_for", "casualties_for")


def _unique(where: str, names: list[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RulesetError(where, f"{what} '{name}'", "appears twice")
        seen.add(name.casefold())


def _check_races(where: str, data: Mapping[str, Any], max_players: int = 16) -> None:
    _unique(where, [r["name"] for r in data["races"]], "race")
    for race in data["races"]:
        if not race["positions"]:
            raise RulesetError(where, f"race '{race['name']}'", "has no positions")
        _unique(where, [p["name"] for p in race["positions"]], f"{race['name']} position")
        for pos in race["positions"]:
            if pos["max"] > max_players:
                raise RulesetError(
                    where,
                    f"{race['name']} {pos['name']}",
                    f"a limit of {pos['max']} does not fit in {max_players}",
                )


def _check_spp_levels(where: str, data: Mapping[str, Any]) -> None:
    levels = data["levels"]
    if not levels or levels[0]["min_spp"] != 0:
        raise RulesetError(where, "row 1", "the first level must start at 0 SPP")
    for index in range(1, len(levels)):
        if levels[index]["min_spp"] <= levels[index - 1]["min_spp"]:
            raise RulesetError(where, f"row {index + 1} ({levels[index]['name']})", "SPP must rise level by level")
        if levels[index]["rolls"] < levels[index - 1]["rolls"]:
            raise RulesetError(where, f"row {index + 1} ({levels[index]['name']})", "rolls may not fall")


def _check_contracts(where: str, data: Mapping[str, Any]) -> None:
    if data["min_seasons"] > data["max_seasons"]:
        raise RulesetError(where, "'min_seasons'", "is above 'max_seasons'")


def _check_tie_breakers(where: str, data: Mapping[str, Any]) -> None:
    for name in data["tie_breakers"]:
        if name not in TIE_BREAKERS:
            raise RulesetError(where, f"tie-breaker '{name}'", f"must be one of {', '.join(TIE_BREAKERS)}")


def _check_positive_costs(where: str, data: Mapping[str, Any]) -> None:
    _unique(where, [c["name"] for c in data["coaches"]], "coach type")


EXTRA_CHECKS: dict[str, Callable[[str, Mapping[str, Any]], None]] = {
    "races": _check_races,
    "spp_levels": _check_spp_levels,
    "contracts": _check_contracts,
    "league_points": _check_tie_breakers,
    "reserve_coaches": _check_positive_costs,
    "star_player_table": lambda w, d: check_ranges(w, d["rows"], d["dice"]),
    "reserve_team_table": lambda w, d: check_ranges(w, d["rows"], d["dice"]),
    "player_table": lambda w, d: check_ranges(w, d["rows"], d["dice"]),
    "rookie_table": lambda w, d: check_ranges(w, d["rows"], d["dice"]),
    "player_reaction": lambda w, d: check_ranges(w, d["rows"], d["dice"]),
    "match_winnings": lambda w, d: check_ranges(w, d["rows"]),
}


def check_table(key: str, data: Any, where: str | None = None) -> None:
    """Validate one table; `where` names the file or table in messages (defaults to the key)."""
    where = where or key
    if key not in SHAPES:
        raise RulesetError(where, "", f"'{key}' is not a table Dugout knows")
    check_shape(data, SHAPES[key], where)
    extra = EXTRA_CHECKS.get(key)
    if extra:
        extra(where, data)
