"""The shape of every ruleset table, checked when a ruleset is loaded, imported or edited.

A broken table gets a RulesetError naming the table (or file), the entry and the problem, in words a
commissioner can act on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from roster_app.errors import RulesetError
from roster_app.i18n import N_, _
from roster_app.rules.dice import DiceSpec
from roster_app.rules.dicetables import check_ranges
from roster_app.rules.injuries import INJURIES
from roster_app.words import number


@dataclass(frozen=True)
class Check:
    """A leaf check: a name for messages, a predicate, and what a person needs to edit the value.

    `kind` names the editor (int, opt_int, gold, bool, choice, text, dice, texts, opt_texts); `low`/`high`
    bound numbers and `options` lists the values a choice may take. The Rules window builds its editors
    from these, so a table's shape is declared once.
    """

    what: str
    ok: Callable[[Any], bool]
    kind: str = "text"
    low: int | None = None
    high: int | None = None
    options: tuple[Any, ...] = ()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_dice(v: Any) -> bool:
    try:
        DiceSpec.parse(v)
    except (ValueError, AttributeError, TypeError):
        return False
    return True


# Numbers no league reaches: beyond them a value is a slip or a hostile file, and gold beyond a billion could
# overflow the league file's 64-bit sums. (The Rules window's editors stop far below: rule_models.py.)
BOUND, GOLD_BOUND = 1_000_000, 1_000_000_000


def _whole(v: Any, low: int, high: int = BOUND) -> bool:
    return _is_int(v) and low <= v <= high


# Each number's bounds are the check's own (the Rules window's spin boxes take them: a spin box stopping at 9,999
# showed 10,000 gp per rating point as 9,999 and saved that, issue 35).
# `what` is marked N_(): shown through `said()`, which fills in {low}, {high} and {options}.
INT = Check(N_("a whole number from {low} to {high}"), lambda v: _whole(v, -BOUND), kind="int", low=-BOUND,
            high=BOUND)  # fmt: skip
NAT = Check(N_("a whole number of 0 or more (at most {high})"), lambda v: _whole(v, 0), kind="int", low=0,
            high=BOUND)  # fmt: skip
POS = Check(N_("a whole number above 0 (at most {high})"), lambda v: _whole(v, 1), kind="int", low=1, high=BOUND)
GOLD = Check(N_("a whole number of gold pieces, 0 or more (at most {high})"),
             lambda v: _whole(v, 0, GOLD_BOUND), kind="gold", low=0, high=GOLD_BOUND)  # fmt: skip
PRICE = Check(N_("a whole number of gold pieces above 0 (at most {high})"),
              lambda v: _whole(v, 1, GOLD_BOUND), kind="gold", low=1, high=GOLD_BOUND)  # fmt: skip
OPT_INT = Check(N_("a whole number from {low} to {high}, or empty"), lambda v: v is None or _whole(v, -BOUND),
                kind="opt_int", low=-BOUND, high=BOUND)  # fmt: skip
TEXT = Check(N_("a text"), lambda v: isinstance(v, str))
NAME = Check(N_("a non-empty text"), lambda v: isinstance(v, str) and v.strip() != "")
OPT_TEXT = Check(N_("a text or empty"), lambda v: v is None or isinstance(v, str))
BOOL = Check(N_("true or false"), lambda v: isinstance(v, bool), kind="bool")
DICE = Check(N_("dice such as D6 or 2D6"), _is_dice, kind="dice")
STAT = Check(
    N_("a characteristic from 1 to 10"), lambda v: _is_int(v) and 1 <= v <= 10, kind="int", low=1, high=10
)
TEXTS = Check(
    N_("a list of texts"), lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), kind="texts"
)
OPT_TEXTS = Check(N_("a list of texts or empty"), lambda v: v is None or TEXTS.ok(v), kind="opt_texts")


def one_of(*options: Any) -> Check:
    """A value from a fixed list (a combo box in the Rules window)."""
    return Check(N_("one of {options}") if len(options) > 3 else "{options}", lambda v: v in options, kind="choice",
                 options=options)  # fmt: skip


def said(spec: Check) -> str:
    """What a value must be, in the commissioner's language: "a whole number from -1,000,000 to 1,000,000"."""
    words = [str(o) if o is not None else _("empty") for o in spec.options]
    options = (_("{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1]) if len(words) > 1
               else "".join(words))  # fmt: skip
    low, high = (number(n) if n is not None else "" for n in (spec.low, spec.high))
    return _(spec.what).format(low=low, high=high, options=options) if spec.what else spec.what


STAT_KEY = one_of(None, "ma", "st", "ag", "av")
ALSO_STATS = Check(
    N_("a list of characteristics (ma, st, ag, av)"),
    lambda v: isinstance(v, list) and all(x in ("ma", "st", "ag", "av") for x in v),
    kind="texts",
)
# Where a table's numbers come from (shown in the Rules window): printed in a seed article, a Living Rulebook
# with its public source, or a league default (named by an article but not printed, so Dugout made one up).
# "league": the league's own, standing in where no public source gives the figures.
SOURCE_KINDS = ("article", "LRB 4.0", "LRB 5", "LRB 6", "default", "league")
SOURCE = {"from": one_of(*SOURCE_KINDS), "where?": TEXT}
# The choices of the Economy table: a team rating or a team value; winnings from the Match Winnings Table by the
# gate or from dice and FAME; handicaps or inducements before a match; where a contracted player's half value
# comes off (the seed's house rule on an edition without a Match Winnings Table).
WORTHS = ("rating", "value")
# The post-match sequence's steps (rules/postmatch.py STEPS, the seed's order) and the seed's purchases section,
# which closes the sequence in every edition: 4.1 reserve affairs and contracts, (4.2 transfers), 4.3 new players
# and staff, then the new worth. The steps before it follow the edition's book (the league's post_match table).
POST_MATCH_STEPS = ("winnings", "spp", "fan_factor", "affairs", "purchases", "rating")
PURCHASES_SECTION = ("affairs", "purchases", "rating")
WINNINGS = ("gate_table", "fame_dice")
PRE_MATCH = ("handicaps", "inducements")
# What an inducement does where the match pad uses it (rules/freebooters.py), and which teams may buy it.
INDUCEMENT_EFFECTS = ("bribe", "wizard", "apothecary", "igor", "chef", "babes", "training", "other")
INDUCEMENT_TEAMS = ("any", "apothecary", "no_apothecary")
CONTRACT_HALF_VALUE = ("winnings_rating", "expenses", "nothing")


class MapOf:
    """A mapping from any text key to values of one shape."""

    def __init__(self, spec: Any):
        self.spec = spec


# What one entry of a list is called in messages ("row 3", "race 5 (Orc), position 2 (Blitzer)").
ITEM_WORDS = {"races": "race", "positions": "position", "levels": "level", "skills": "skill", "refs": "Star Ref",
              "coaches": "coach type", "modifiers": "modifier", "groups": "group", "equipment": "equipment"}  # fmt: skip


def _join(path: str, label: str) -> str:
    return f"{path}, {label}" if path else label


def _item_label(word: str, index: int, item: Any) -> str:
    name = item.get("name") if isinstance(item, dict) else None
    return f"{word} {index} ({name})" if isinstance(name, str) and name.strip() else f"{word} {index}"


def check_shape(value: Any, spec: Any, where: str, path: str = "", word: str = "row") -> None:
    """Check `value` against `spec` (Check, [spec], {key: spec} with 'key?' optional, MapOf).

    Problems are named the way a commissioner reads the table: "row 3, 'to'", "race 5 (Orc), position 2
    (Blitzer), 'cost'".
    """
    if isinstance(spec, Check):
        if not spec.ok(value):
            raise RulesetError(
                where, path or "value", _("must be {what}, not {value!r}").format(what=said(spec), value=value)
            )
    elif isinstance(spec, list):
        if not isinstance(value, list):
            raise RulesetError(where, path or "value", _("must be a list"))
        for index, item in enumerate(value, start=1):
            check_shape(item, spec[0], where, _join(path, _item_label(word, index, item)))
    elif isinstance(spec, MapOf):
        if not isinstance(value, dict):
            raise RulesetError(where, path or "value", _("must be a set of named values"))
        for key, item in value.items():
            check_shape(item, spec.spec, where, _join(path, f"'{key}'"))
    elif isinstance(spec, dict):
        if not isinstance(value, dict):
            raise RulesetError(where, path or "value", _("must be a set of named values"))
        for key, sub in spec.items():
            optional = key.endswith("?")
            name = key.rstrip("?")
            if name not in value:
                if optional:
                    continue
                raise RulesetError(where, path or "table", _("'{name}' is missing").format(name=name))
            if isinstance(sub, list) and isinstance(value[name], list):
                check_shape(value[name], sub, where, path, ITEM_WORDS.get(name, "row"))
            else:
                check_shape(value[name], sub, where, _join(path, f"'{name}'"))
    else:  # pragma: no cover - a programming error in SHAPES
        raise TypeError(spec)


RANGE = {"from": OPT_INT, "to": OPT_INT}
LIMIT = Check(N_("a limit from 1 to 16"), lambda v: _is_int(v) and 1 <= v <= 16, kind="int", low=1, high=16)
POSITION = {
    "name": NAME, "max": LIMIT, "cost": PRICE, "ma": STAT, "st": STAT, "ag": STAT, "av": STAT,
    "skills": TEXTS, "normal": TEXTS, "double": TEXTS, "flags?": TEXTS,
}  # fmt: skip
TIE_BREAKERS = (
    "points", "head_to_head", "touchdown_difference", "casualty_difference", "touchdowns_for", "casualties_for",
    "roll_off",
)  # fmt: skip

SHAPES: dict[str, Any] = {
    "spp_levels": {"levels": [{"name": NAME, "min_spp": NAT, "rolls": NAT}]},
    "star_player_table": {
        "dice": DICE, "rows": [{**RANGE, "result": one_of("skill", "ma", "st", "ag", "av"), "also?": ALSO_STATS,
                                "text?": TEXT}],
        "max_above_start": NAT, "skill_instead_of_characteristic": BOOL, "double_opens_any_category": BOOL,
    },
    "spp_awards": {"awards": {k: NAT for k in ("completion", "casualty", "interception", "touchdown", "mvp")}},
    "team_rules": {
        **{k: GOLD for k in ("starting_treasury", "assistant_coach_cost", "cheerleader_cost", "apothecary_cost",
                             "fan_factor_cost")},
        **{k: NAT for k in ("max_players", "min_players_to_sell", "reroll_cost_multiplier_after_creation",
                            "max_assistant_coaches", "max_cheerleaders", "max_fan_factor", "max_rerolls",
                            "min_players_to_play?")},
    },
    "contracts": {"cost_per_roll_per_season": GOLD, "min_seasons": POS, "max_seasons": POS},
    "team_rating": {"value_divisor": POS, "spp_divisor": POS, "contract_value_percent_deducted": NAT},
    "referee_rules": {
        "range": POS, "turns": POS, "sacked_at_most": NAT, "award_at_least": NAT, "riot_sacked_percent": NAT,
        "riot_award_percent": NAT, "award_spp": NAT, "casualty_spp": NAT, "send_off_target": POS,
        "escapist_target": POS, "range_skills": MapOf(POS), "penalty_modifiers?": MapOf(INT),
        "dirty_tricks_on_send_offs?": BOOL, "go_for_it_squares?": NAT, "go_for_it_target?": POS,
        "argue_the_call?": BOOL, "argue_dice?": DICE, "argue_overturned_at?": POS, "argue_coach_ejected_at?": NAT,
    },
    "ally_penalties": {"fan_factor_per_ally": INT, "reroll_cost_per_ally": GOLD},
    "races": {"races": [{
        "name": NAME, "reroll_cost": PRICE, "max_rerolls?": NAT, "apothecary?": BOOL, "reserves?": BOOL,
        "reserve_reroll?": BOOL,
        "source_lines?": TEXTS, "positions": [POSITION],
    }]},
    "skills": {"categories": TEXTS, "selectable": TEXTS, "skills": [{"name": NAME, "category": NAME, "effect?": TEXT}]},
    "referee_skills": {
        "groups": [{"name": NAME, "races": OPT_TEXTS, "except_races": TEXTS,
                    "skills": [{"name": NAME, "effect?": TEXT}]}],
        "prerequisites": MapOf(NAME),
        "equipment": [{"name": NAME, "penalty": POS, "sends_off?": BOOL, "effect?": TEXT}],
    },
    "star_refs": {"refs": [{"name": NAME, "race": NAME, "ma": STAT, "st": STAT, "ag": STAT, "av": STAT,
                            "skills": TEXTS, "equipment": TEXTS, "description?": TEXT}]},
    "reserve_coaches": {"upkeep": GOLD, "coaches": [{"name": NAME, "cost": PRICE, "bonus": NAT}]},
    "reserve_team_table": {"dice": DICE, "rows": [{**RANGE, "result": one_of("nothing", "promising", "player"),
                                                   "bonus?": NAT, "text?": TEXT}]},
    "player_table": {"dice": DICE, "unaffordable_bonus": NAT, "rows": [{**RANGE, "value": PRICE}]},
    "rookie_table": {"dice": DICE, "max_below_original": NAT, "minimum": POS,
                     "rows": [{**RANGE, "stat": STAT_KEY, "change": INT, "text?": TEXT}]},
    "player_reaction": {
        "dice": DICE, "listen_price_extra": GOLD,
        "rows": [{**RANGE, "result": one_of("refuses", "listens", "keen"), "text?": TEXT}],
        "modifiers": [{"key": NAME, "value": INT, "text?": TEXT}],
    },
    "tribunal": {"per_roll": GOLD, "dice": DICE, "per_pip": GOLD},
    "match_winnings": {"rows": [{**RANGE, "win": GOLD, "draw": GOLD, "loss": GOLD}]},
    "fan_factor": {"results": {r: {"dice": DICE, "gain_above": BOOL, "lose_below": BOOL}
                               for r in ("win", "draw", "loss")}, "minimum": NAT},
    "league_points": {"win": INT, "draw": INT, "loss": INT, "tie_breakers": TEXTS},
    "gate": {"per_die": POS, "semi_final_bonus": NAT, "final_bonus": NAT},
    "knockout": {"overtime": BOOL, "roll_off": DICE},
    "advance_values": {k: GOLD for k in ("skill", "double_skill", "ma", "st", "ag", "av")},
    "handicap_table": {"dice": DICE, "differences": [{**RANGE, "rolls": NAT}],
                       "rows": [{**RANGE, "handicap": NAME, "fan_factor?": INT, "text?": TEXT}]},
    "kick_off": {"dice": DICE, "rows": [{**RANGE, "result": NAME, "referee_out?": BOOL, "text?": TEXT}]},
    # The edition's match economy (rules/economy.py): what a team is worth, where winnings come from, expenses.
    "economy": {
        "edition": NAME, "worth": one_of(*WORTHS), "worth_name": NAME, "worth_short": NAME, "treasury_counted": BOOL,
        "winnings": one_of(*WINNINGS), "expenses": BOOL, "pre_match": one_of(*PRE_MATCH),
        "contract_half_value": one_of(*CONTRACT_HALF_VALUE),
    },
    "winnings_formula": {"dice": DICE, "per_point": GOLD, "fame": BOOL, "win": NAT, "draw": NAT, "loss": NAT,
                         "winner_may_reroll": BOOL},
    "fame": {"dice": DICE, "spectators_per_point": POS, "more": NAT, "double": NAT},
    "spiralling_expenses": {"from_value": GOLD, "band": PRICE, "per_band": GOLD, "most?": GOLD},
    "petty_cash": {"difference_to_lower": BOOL, "treasury_may_add": BOOL},
    "post_match": {"steps": [{"step": one_of(*POST_MATCH_STEPS), "title": NAME}]},
    "casualty_table": {"dice": DICE, "rows": [{**RANGE, "result": NAME, "injury": one_of(*INJURIES),
                                               "text?": TEXT}]},
    # Hire Freebooters (issue 32): Star Players and inducements for one match, a star's share of the gate
    "star_players": {"max_per_team": NAT, "stars": [{"name": NAME, "ma": STAT, "st": STAT, "ag": STAT, "av": STAT,
                                                     "cost": GOLD, "skills": TEXTS, "races": TEXTS}]},
    "inducements": {
        "items": [{"name": NAME, "cost": GOLD, "max": NAT, "effect": one_of(*INDUCEMENT_EFFECTS),
                   "team": one_of(*INDUCEMENT_TEAMS), "reduced_cost?": GOLD, "reduced_for?": TEXTS}],
        "mercenary": {"premium": GOLD, "extra_skill_cost": GOLD, "loner": BOOL, "extra_skills": NAT},
    },
    "star_gate_share": {"percent_per_star": Check(N_("a percentage from 0 to 100"), lambda v: _whole(v, 0, 100),
                                                  kind="int", low=0, high=100),
                        "most_percent": Check(N_("a percentage from 0 to 100"), lambda v: _whole(v, 0, 100),
                                              kind="int", low=0, high=100)},
}  # fmt: skip


def _unique(where: str, names: list[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RulesetError(where, f"{what} '{name}'", _("appears twice"))
        seen.add(name.casefold())


def _check_races(where: str, data: Mapping[str, Any], max_players: int = 16) -> None:
    _unique(where, [r["name"] for r in data["races"]], "race")
    for race in data["races"]:
        if not race["positions"]:
            raise RulesetError(where, f"race '{race['name']}'", _("has no positions"))
        _unique(where, [p["name"] for p in race["positions"]], f"{race['name']} position")
        for pos in race["positions"]:
            if pos["max"] > max_players:
                raise RulesetError(
                    where,
                    f"{race['name']} {pos['name']}",
                    _("a limit of {max} does not fit in {max_players}").format(
                        max=pos["max"], max_players=max_players
                    ),
                )


def _check_spp_levels(where: str, data: Mapping[str, Any]) -> None:
    levels = data["levels"]
    if not levels or levels[0]["min_spp"] != 0:
        raise RulesetError(where, "row 1", _("the first level must start at 0 SPP"))
    for index in range(1, len(levels)):
        if levels[index]["min_spp"] <= levels[index - 1]["min_spp"]:
            raise RulesetError(
                where, f"row {index + 1} ({levels[index]['name']})", _("SPP must rise level by level")
            )
        if levels[index]["rolls"] < levels[index - 1]["rolls"]:
            raise RulesetError(where, f"row {index + 1} ({levels[index]['name']})", _("rolls may not fall"))


def _check_contracts(where: str, data: Mapping[str, Any]) -> None:
    if data["min_seasons"] > data["max_seasons"]:
        raise RulesetError(where, "'min_seasons'", _("is above 'max_seasons'"))


def _check_tie_breakers(where: str, data: Mapping[str, Any]) -> None:
    for name in data["tie_breakers"]:
        if name not in TIE_BREAKERS:
            raise RulesetError(
                where, f"tie-breaker '{name}'", _("must be one of {items}").format(items=", ".join(TIE_BREAKERS))
            )


def _check_positive_costs(where: str, data: Mapping[str, Any]) -> None:
    _unique(where, [c["name"] for c in data["coaches"]], "coach type")


def _check_economy(where: str, data: Mapping[str, Any]) -> None:
    """A contracted player's half value must come off something this economy has."""
    half = data["contract_half_value"]
    if half == "expenses" and not data["expenses"]:
        raise RulesetError(
            where, "'contract_half_value'", _("names spiralling expenses, but this economy has none")
        )
    if half == "winnings_rating" and data["winnings"] != "gate_table":
        raise RulesetError(where, "'contract_half_value'",
                           _("names the Match Winnings Table's rating, but this economy pays winnings from dice"))  # fmt: skip


def _check_post_match(where: str, data: Mapping[str, Any]) -> None:
    """Every step once; the seed's purchases section and the new worth close the sequence, in their order."""
    steps = [row["step"] for row in data["steps"]]
    for step in POST_MATCH_STEPS:
        if steps.count(step) != 1:
            raise RulesetError(where, _("step '{step}'").format(step=step),
                               _("must be in the sequence once") if steps.count(step) == 0
                               else _("appears twice"))  # fmt: skip
    if len(steps) != len(POST_MATCH_STEPS):
        raise RulesetError(
            where, "'steps'", _("must hold the {n} steps, each once").format(n=len(POST_MATCH_STEPS))
        )  # i18n: keep ('steps' is the table's own key)
    if tuple(steps[-len(PURCHASES_SECTION) :]) != PURCHASES_SECTION:
        raise RulesetError(where, "'steps'", _(  # i18n: keep ('steps' is the table's own key)
            "must end with reserve affairs and contracts, new players and staff, then the new worth (seed 001: the "
            "purchases section closes the sequence)"))  # fmt: skip


def _check_star_players(where: str, data: Mapping[str, Any]) -> None:
    _unique(where, [s["name"] for s in data["stars"]], "Star Player")


def _check_inducements(where: str, data: Mapping[str, Any]) -> None:
    _unique(where, [i["name"] for i in data["items"]], "inducement")
    for item in data["items"]:
        if ("reduced_cost" in item) != ("reduced_for" in item):
            raise RulesetError(
                where, f"inducement '{item['name']}'", _("a reduced cost needs the races it is for")
            )


EXTRA_CHECKS: dict[str, Callable[[str, Mapping[str, Any]], None]] = {
    "economy": _check_economy,
    "post_match": _check_post_match,
    "star_players": _check_star_players,
    "inducements": _check_inducements,
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
    "kick_off": lambda w, d: check_ranges(w, d["rows"], d["dice"]),
    "casualty_table": lambda w, d: check_ranges(w, d["rows"], d["dice"]),
    "match_winnings": lambda w, d: check_ranges(w, d["rows"]),
    "handicap_table": lambda w, d: (check_ranges(w, d["differences"]), check_ranges(w, d["rows"], d["dice"])),
}


def check_table(key: str, data: Any, where: str | None = None) -> None:
    """Validate one table; `where` names the file or table in messages (defaults to the key)."""
    where = where or key
    if key not in SHAPES:
        raise RulesetError(where, "", _("'{key}' is not a table Dugout knows").format(key=key))
    spec = SHAPES[key]
    if isinstance(data, dict) and isinstance(spec, dict):
        spec = {**spec, "source?": SOURCE}  # every table may say where it comes from
    check_shape(data, spec, where)
    extra = EXTRA_CHECKS.get(key)
    if extra:
        extra(where, data)


def _names(rows: list[Mapping[str, Any]]) -> set[str]:
    return {row["name"] for row in rows}


def _check_known(where: str, entry: str, used: list[str] | tuple[str, ...], known: set[str], what: str) -> None:
    for name in used:
        if name not in known:
            raise RulesetError(where, entry, _("'{name}' is not {what}").format(name=name, what=what))


def _link_skills(tables: Mapping[str, Any]) -> None:
    skills = tables["skills"]
    categories = set(skills["categories"])
    _unique("skills", skills["categories"], "category")
    _unique("skills", [s["name"] for s in skills["skills"]], "skill")
    _check_known("skills", "selectable categories", skills["selectable"], categories, _("a skill category"))
    for index, skill in enumerate(skills["skills"], start=1):
        _check_known("skills", f"skill {index} ({skill['name']})", [skill["category"]], categories,
                     _("a skill category"))  # fmt: skip


def _link_races(tables: Mapping[str, Any]) -> None:
    categories = set(tables["skills"]["categories"])
    skill_names = _names(tables["skills"]["skills"])
    max_players = tables["team_rules"]["max_players"]
    for race in tables["races"]["races"]:
        for pos in race["positions"]:
            entry = f"{race['name']} {pos['name']}"
            _check_known("races", entry, pos["normal"] + pos["double"], categories, _("a skill category"))
            _check_known("races", entry, pos["skills"], skill_names, _("a skill of the Skills table"))
            if pos["max"] > max_players:
                raise RulesetError(
                    "races",
                    entry,
                    _("a limit of {max} does not fit in {max_players} players").format(
                        max=pos["max"], max_players=max_players
                    ),
                )


def _link_freebooters(tables: Mapping[str, Any]) -> None:
    """Stars' skills and races, and the races an inducement is cheaper for, are on the league's lists."""
    skill_names = _names(tables["skills"]["skills"])
    races = _names(tables["races"]["races"])
    for star in tables["star_players"]["stars"]:
        entry = f"Star Player '{star['name']}'"
        _check_known("star_players", entry, star["skills"], skill_names, _("a skill of the Skills table"))
        _check_known("star_players", entry, star["races"], races, _("a race of the team lists"))
    for item in tables["inducements"]["items"]:
        _check_known("inducements", f"inducement '{item['name']}'", item.get("reduced_for", []), races,
                     _("a race of the team lists"))  # fmt: skip


def _link_referees(tables: Mapping[str, Any]) -> None:
    groups = tables["referee_skills"]["groups"]
    ref_skills = {s["name"] for g in groups for s in g["skills"]}
    equipment = _names(tables["referee_skills"]["equipment"])
    _unique("referee_skills", [s["name"] for g in groups for s in g["skills"]], "referee skill")
    _unique("referee_skills", list(equipment), "equipment")
    for skill, needs in tables["referee_skills"]["prerequisites"].items():
        _check_known(
            "referee_skills",
            _("prerequisite of '{skill}'").format(skill=skill),
            [skill, needs],
            ref_skills,
            _("a referee skill"),
        )
    _check_known("referee_rules", "range skills", list(tables["referee_rules"]["range_skills"]), ref_skills,
                 _("a referee skill"))  # fmt: skip
    for index, ref in enumerate(tables["star_refs"]["refs"], start=1):
        entry = f"Star Ref {index} ({ref['name']})"
        _check_known("star_refs", entry, ref["skills"], ref_skills, _("a referee skill"))
        _check_known("star_refs", entry, ref["equipment"], equipment, _("referee equipment"))


def _link_other(tables: Mapping[str, Any]) -> None:
    _unique("player_reaction", [m["key"] for m in tables["player_reaction"]["modifiers"]], "modifier")
    _unique("spp_levels", [level["name"] for level in tables["spp_levels"]["levels"]], "level")
    _unique("star_refs", [ref["name"] for ref in tables["star_refs"]["refs"]], "Star Ref")


def check_links(tables: Mapping[str, Any]) -> None:
    """Checks across tables (every table already has its shape): skill categories a position may take exist,
    position limits fit in the team's maximum, referee skills named anywhere are on the list, names are unique.
    The RulesetError names the table by its key."""
    for check in (_link_skills, _link_races, _link_referees, _link_other, _link_freebooters):
        check(tables)
