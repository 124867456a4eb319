"""How each ruleset table is laid out for a person: settings, lists of rows, nested lists, named values.

The layout is derived from the table shapes in `schema.SHAPES`, so every table (and any table added later)
gets an editor without new code; only the words people read live here (column headers, section titles)
and where the choices of a field come from (skill categories, race names ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from roster_app.rules.ruleset import POSITION_FLAGS, RACE_DEFAULTS, STATS
from roster_app.rules.schema import NAME, SHAPES, TIE_BREAKERS, Check, MapOf
from roster_app.rules.transfers import REACTION_CONDITIONS

# Codes stored in a table and the words a commissioner reads for them (the rest read with spaces for "_").
CODE_WORDS = {**REACTION_CONDITIONS, "big_guy": "big guy (never through the reserve team)",
              "gate_table": "the Match Winnings Table by the gate", "fame_dice": "dice and FAME",
              "rating": "a team rating", "value": "a team value in gold",
              "winnings_rating": "the Match Winnings Table's rating", "expenses": "the value paying expenses"}  # fmt: skip

DICE_CHOICES = ("D3", "D6", "2D6", "3D6", "D8", "D12", "D68")


@dataclass(frozen=True)
class Field:
    """One value a person edits: a column of a list, or a line of the settings."""

    path: tuple[str, ...]  # inside the row (or inside the table, for settings); () = the entry itself
    label: str
    check: Check
    optional: bool = False  # the key may be left out of the data
    default: Any = None  # what a left-out key means
    options_from: str | None = None  # where the choices come from (see `options`)

    @property
    def key(self) -> str:
        return self.path[-1] if self.path else ""

    @property
    def kind(self) -> str:
        """The editor: int, opt_int, gold, bool, choice, text, dice, texts, opt_texts."""
        if self.check.kind in ("int", "gold") and self.optional and self.default is None:
            return "opt_int"
        return self.check.kind

    @property
    def is_bound(self) -> bool:
        return self.path in (("from",), ("to",))


@dataclass(frozen=True)
class Section:
    """A part of a table shown as one grid.

    kind: "settings" (one line per value), "rows" (a list of entries, one column per field), "values" (a
    list of single texts), "named" (name -> value pairs), "fixed" (a set of named entries of one shape).
    """

    kind: str
    path: tuple[str, ...]  # where the collection sits: in the table, or in the master row for a detail
    title: str
    fields: tuple[Field, ...]
    item: str = "row"  # what one entry is called in messages and buttons ("position")
    detail: Section | None = None  # the nested list of the selected row (a race's positions)

    @property
    def ranges(self) -> bool:
        """Rows looked up by a result: they must cover every result once (edited so they stay whole)."""
        return self.kind == "rows" and {f.key for f in self.fields} >= {"from", "to"}

    @property
    def can_add(self) -> bool:
        return self.kind in ("rows", "values", "named")


# -- the words people read -------------------------------------------------------------------------------
LABELS = {
    "from": "From", "to": "To", "min_spp": "From SPP", "rolls": "Star player rolls", "spp": "SPP",
    "mvp": "MVP", "ma": "MA", "st": "ST", "ag": "AG", "av": "AV", "max": "Limit", "cost": "Cost",
    "reroll_cost": "Re-roll cost", "max_rerolls": "Most re-rolls", "reserves": "May have reserves",
    "reserve_reroll": "Reserve re-roll", "source_lines": "Source", "skills": "Skills",
    "normal": "Normal skills", "double": "Skills on a double", "flags": "Flags", "text": "Says",
    "effect": "Effect", "dice": "Dice", "per_roll": "Per star player roll", "per_pip": "Per pip of the dice",
    "cost_per_roll_per_season": "Cost per star player roll per season", "min_seasons": "Shortest contract (seasons)",
    "max_seasons": "Longest contract (seasons)", "max_above_start": "Most characteristic gains",
    "skill_instead_of_characteristic": "May take a skill instead of a characteristic",
    "double_opens_any_category": "A double opens any category", "value": "Value", "change": "Change",
    "stat": "Characteristic", "result": "Result", "bonus": "Bonus", "upkeep": "Upkeep per post-match sequence",
    "listen_price_extra": "Price added when he listens", "unaffordable_bonus": "Bonus when nothing is affordable",
    "max_below_original": "Most below the original", "minimum": "Lowest value", "key": "Modifier",
    "except_races": "Not these races", "penalty": "Penalty roll",
    "race": "Race", "equipment": "Equipment", "description": "Description", "win": "Win", "draw": "Draw",
    "loss": "Loss", "gain_above": "Gains one when rolling above", "lose_below": "Loses one when rolling below",
    "fan_factor_per_ally": "Fan factor per ally", "reroll_cost_per_ally": "Re-roll cost per ally",
    "value_divisor": "Gold per rating point", "spp_divisor": "SPP per rating point",
    "contract_value_percent_deducted": "Contract: % of value left out of winnings rating",
    "range": "Range (squares)", "turns": "Turns", "sacked_at_most": "Sacked at this many turns or fewer",
    "award_at_least": "Award at this many turns or more", "riot_sacked_percent": "Riot: sacked at % of turns",
    "riot_award_percent": "Riot: award at % of turns", "award_spp": "Refereeing Award SPP",
    "casualty_spp": "SPP per casualty", "send_off_target": "Send-off roll (D6 at least)",
    "escapist_target": "Escapist roll (D6 at least)", "per_die": "Spectators per die",
    "semi_final_bonus": "Semi-final bonus per die", "final_bonus": "Final bonus per die",
    "double_skill": "Skill on a double", "skill": "Skill", "name": "Name", "category": "Category",
    "reroll_cost_multiplier_after_creation": "Re-roll price multiplier after creation",
    "starting_treasury": "Starting treasury", "max_players": "Most players", "min_players_to_sell":
    "Fewest players a team may sell from", "min_players_to_play": "Fewest players to play a match", "assistant_coach_cost": "Assistant coach", "cheerleader_cost":
    "Cheerleader", "apothecary_cost": "Apothecary", "fan_factor_cost": "Fan factor point",
    "max_assistant_coaches": "Most assistant coaches", "max_cheerleaders": "Most cheerleaders",
    "max_fan_factor": "Highest fan factor", "tie_breakers": "Tie-breakers", "categories": "Categories",
    "selectable": "Categories a player may take", "prerequisites": "Prerequisites", "range_skills": "Range skills",
    "handicap": "Handicap",
    "apothecary": "May hire an apothecary", "also": "Or instead (the coach chooses)",
    "referee_out": "Takes the Ref out",
    "edition": "Edition", "worth": "A team is worth", "worth_name": "Named", "worth_short": "Short name",
    "treasury_counted": "Treasury counted in it", "expenses": "Spiralling expenses",
    "pre_match": "Before a match", "contract_half_value": "A contracted player's half value comes off",
    "per_point": "Gold per point", "fame": "FAME added", "winner_may_reroll": "The winner may roll again",
    "spectators_per_point": "Spectators per point", "more": "FAME with more fans",
    "from_value": "Expenses from team value", "band": "Every",
    "per_band": "Expenses per band", "most": "Most expenses", "difference_to_lower": "The lower team gets the difference",
    "treasury_may_add": "Treasury may be added as petty cash",
}  # fmt: skip
TABLE_LABELS = {
    ("player_table", "value"): "Most the player may be worth", ("rookie_table", "change"): "Change",
    ("match_winnings", "from"): "Rating from", ("match_winnings", "to"): "Rating to",
    ("match_winnings", "win"): "Win (per 1,000 fans)", ("match_winnings", "draw"): "Draw (per 1,000 fans)",
    ("match_winnings", "loss"): "Loss (per 1,000 fans)", ("reserve_coaches", "bonus"): "Player Table bonus",
    ("referee_skills", "races"): "Only these races",
    ("referee_rules", "range_skills"): "Range with the skill (squares)",
    ("referee_rules", "dirty_tricks_on_send_offs"): "Dirty Tricks also on the D6 send-off rolls",
    ("referee_rules", "go_for_it_squares"): "Go For It squares (Fast Runner)",
    ("referee_rules", "go_for_it_target"): "Go For It roll needed (D6)",
    ("referee_rules", "argue_the_call"): "The league plays an argue-the-call roll",
    ("referee_rules", "argue_dice"): "Argue-the-call dice", ("referee_rules", "argue_overturned_at"): "Call overturned at",
    ("referee_rules", "argue_coach_ejected_at"): "Coach ejected at or below",
    ("referee_skills", "prerequisites"): "Skill needs first", ("skills", "skills"): "Skills",
    ("league_points", "win"): "Points for a win", ("league_points", "draw"): "Points for a draw",
    ("league_points", "loss"): "Points for a loss", ("spp_levels", "name"): "Level",
    ("handicap_table", "rolls"): "Handicap rolls",
    ("winnings_formula", "win"): "Points added for a win", ("winnings_formula", "draw"): "Points added for a draw",
    ("winnings_formula", "loss"): "Points added for a loss", ("fame", "double"): "FAME with twice the fans", ("economy", "winnings"): "Winnings come from",
    ("knockout", "overtime"): "Sudden-death overtime when level", ("knockout", "roll_off"): "Then a roll-off with",
}  # fmt: skip
# Titles of the lists of a table.
TITLES = {"rows": "Table", "levels": "Levels", "races": "Team lists", "positions": "Positions", "refs": "Star Refs",
          "coaches": "Coach types", "groups": "Skill groups", "modifiers": "Modifiers", "equipment": "Equipment",
          "skills": "Skills", "range_skills": "Range skills", "prerequisites": "Prerequisites",
          "differences": "Handicap rolls by rating difference", "stars": "Star Players", "items": "Inducements"}  # fmt: skip
ITEMS = {"races": "race", "positions": "position", "levels": "level", "skills": "skill", "refs": "Star Ref",
         "coaches": "coach type", "modifiers": "modifier", "groups": "group", "equipment": "equipment",
         "categories": "category", "selectable": "category", "tie_breakers": "tie-breaker",
         "prerequisites": "prerequisite", "range_skills": "range skill", "results": "result",
         "differences": "band of rating difference", "stars": "Star Player", "items": "inducement"}  # fmt: skip
# Where the choices of a field come from: (table, field key) -> source name (see `options`).
OPTION_SOURCES = {
    ("skills", "selectable"): "categories", ("skills", "category"): "categories",
    ("races", "skills"): "skills", ("races", "normal"): "categories", ("races", "double"): "categories",
    ("races", "flags"): "flags", ("referee_skills", "races"): "races", ("referee_skills", "except_races"): "races",
    ("referee_skills", "prerequisites"): "referee_skills", ("referee_rules", "range_skills"): "referee_skills",
    ("star_refs", "race"): "races", ("star_refs", "skills"): "referee_skills",
    ("star_refs", "equipment"): "equipment", ("league_points", "tie_breakers"): "tie_breakers",
    ("star_player_table", "also"): "stats", ("star_players", "skills"): "skills", ("star_players", "races"): "races",
    ("inducements", "reduced_for"): "races", ("player_reaction", "key"): "reaction_conditions",
}  # fmt: skip
DEFAULTS = {("races", key): value for key, value in RACE_DEFAULTS.items()}


def label(table: str, key: str) -> str:
    """The words for a key of a table ("per_roll" -> "Per star player roll")."""
    if (table, key) in TABLE_LABELS:
        return TABLE_LABELS[(table, key)]
    return LABELS.get(key) or key.replace("_", " ").capitalize()


def options(source: str | None, tables: Mapping[str, Any]) -> list[str]:
    """The choices offered for a field, read from the league's current tables."""
    if source == "categories":
        return list(tables["skills"]["categories"])
    if source == "skills":
        return [s["name"] for s in tables["skills"]["skills"]]
    if source == "races":
        return [r["name"] for r in tables["races"]["races"]]
    if source == "referee_skills":
        return [s["name"] for g in tables["referee_skills"]["groups"] for s in g["skills"]]
    if source == "equipment":
        return [e["name"] for e in tables["referee_skills"]["equipment"]]
    if source == "flags":
        return list(POSITION_FLAGS)
    if source == "tie_breakers":
        return list(TIE_BREAKERS)
    if source == "stats":
        return list(STATS)
    if source == "reaction_conditions":
        return list(REACTION_CONDITIONS)
    return []


# -- deriving the sections from the shapes -----------------------------------------------------------------
def _field(table: str, path: tuple[str, ...], key: str, check: Check) -> Field:
    name = key.rstrip("?")
    return Field(
        path=(*path, name),
        label=label(table, name),
        check=check,
        optional=key.endswith("?"),
        default=DEFAULTS.get((table, name)),
        options_from=OPTION_SOURCES.get((table, name)),
    )


def _is_fixed(spec: Any) -> bool:
    """A set of named entries that all have the same shape (the Fan Factor Table's win/draw/loss)."""
    return isinstance(spec, dict) and len(spec) > 1 and all(isinstance(v, dict) for v in spec.values())


def _rows_section(table: str, path: tuple[str, ...], key: str, spec: dict[str, Any]) -> Section:
    fields, detail = [], None
    for sub_key, sub in spec.items():
        name = sub_key.rstrip("?")
        if isinstance(sub, list):
            detail = _rows_section(table, (), name, sub[0])
        else:
            fields.append(_field(table, (), sub_key, sub))
    item = ITEMS.get(key, "row")
    title = TITLES.get(key) or label(table, key)
    return Section("rows", (*path, key), title, tuple(fields), item, detail)


def _settings(table: str, spec: dict[str, Any], path: tuple[str, ...] = ()) -> list[Field]:
    fields = []
    for key, sub in spec.items():
        if isinstance(sub, Check) and sub.kind not in ("texts", "opt_texts"):
            fields.append(_field(table, path, key, sub))
        elif isinstance(sub, dict) and not _is_fixed(sub):
            fields.extend(_settings(table, sub, (*path, key)))
    return fields


def _collections(table: str, spec: dict[str, Any]) -> list[Section]:
    out = []
    for key, sub in spec.items():
        name = key.rstrip("?")
        if isinstance(sub, list):
            out.append(_rows_section(table, (), name, sub[0]))
        elif isinstance(sub, Check) and sub.kind in ("texts", "opt_texts"):
            item = Field(
                (), ITEMS.get(name, "entry").capitalize(), NAME, options_from=OPTION_SOURCES.get((table, name))
            )
            out.append(Section("values", (name,), label(table, name), (item,), ITEMS.get(name, "entry")))
        elif isinstance(sub, MapOf):
            source = OPTION_SOURCES.get((table, name))
            fields = (Field(("name",), "Skill" if source == "referee_skills" else "Name", NAME, options_from=source),
                      Field(("value",), label(table, name), sub.spec,
                            options_from=source if sub.spec.kind == "text" else None))  # fmt: skip
            out.append(
                Section("named", (name,), TITLES.get(name) or label(table, name), fields, ITEMS.get(name, "entry"))
            )
        elif _is_fixed(sub):
            first = next(iter(sub.values()))
            fields = (Field(("name",), ITEMS.get(name, "entry").capitalize(), NAME),
                      *(_field(table, (), k, v) for k, v in first.items()))  # fmt: skip
            out.append(Section("fixed", (name,), label(table, name), tuple(fields), ITEMS.get(name, "entry")))
    return out


def sections(table: str) -> tuple[Section, ...]:
    """The sections of a table in display order: its settings first, then its lists."""
    spec = SHAPES[table]
    settings = _settings(table, spec)
    out = [Section("settings", (), "Settings", tuple(settings), "setting")] if settings else []
    return (*out, *_collections(table, spec))
