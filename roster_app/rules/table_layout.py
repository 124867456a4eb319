"""How each ruleset table is laid out for a person: settings, lists of rows, nested lists, named values.

The layout is derived from the table shapes in `schema.SHAPES`, so every table (and any table added later)
gets an editor without new code; only the words people read live here (column headers, section titles)
and where the choices of a field come from (skill categories, race names ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from roster_app.i18n import N_
from roster_app.rules.ruleset import POSITION_FLAGS, RACE_DEFAULTS, STATS
from roster_app.rules.schema import NAME, SHAPES, TIE_BREAKERS, Check, MapOf
from roster_app.rules.transfers import REACTION_CONDITIONS

# Codes stored in a table and the words a commissioner reads for them (the rest read with spaces for "_").
CODE_WORDS = {**REACTION_CONDITIONS, "big_guy": N_("big guy (never through the reserve team)"),
              "gate_table": N_("the Match Winnings Table by the gate"), "fame_dice": N_("dice and FAME"),
              "rating": N_("a team rating"), "value": N_("a team value in gold"),
              "winnings_rating": N_("the Match Winnings Table's rating"), "expenses": N_("the value paying expenses"),
              # the rest read as they are written (the "_" a space), in the commissioner's language
              "nothing": N_("nothing"), "promising": N_("promising"), "player": N_("player"),
              "refuses": N_("refuses"), "listens": N_("listens"), "keen": N_("keen"), "skill": N_("skill"),
              "winnings": N_("winnings"), "fan_factor": N_("fan factor"), "affairs": N_("affairs"),
              "purchases": N_("purchases"), "handicaps": N_("handicaps"), "inducements": N_("inducements"),
              "any": N_("any"), "no_apothecary": N_("no apothecary"), "other": N_("other")}  # fmt: skip

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
    item: str = N_("row")  # what one entry is called in messages and buttons ("position")
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
    "from": N_("From"), "to": N_("To"), "min_spp": N_("From SPP"), "rolls": N_("Star player rolls"), "spp": N_("SPP"),
    "mvp": N_("MVP"), "ma": N_("MA"), "st": N_("ST"), "ag": N_("AG"), "av": N_("AV"), "max": N_("Limit"), "cost": N_("Cost"),
    "reroll_cost": N_("Re-roll cost"), "max_rerolls": N_("Most re-rolls"), "reserves": N_("May have reserves"),
    "reserve_reroll": N_("Reserve re-roll"), "source_lines": N_("Source"), "skills": N_("Skills"),
    "normal": N_("Normal skills"), "double": N_("Skills on a double"), "flags": N_("Flags"), "text": N_("Says"),
    "effect": N_("Effect"), "dice": N_("Dice"), "per_roll": N_("Per star player roll"), "per_pip": N_("Per pip of the dice"),
    "cost_per_roll_per_season": N_("Cost per star player roll per season"), "min_seasons": N_("Shortest contract (seasons)"),
    "max_seasons": N_("Longest contract (seasons)"), "max_above_start": N_("Most characteristic gains"),
    "skill_instead_of_characteristic": N_("May take a skill instead of a characteristic"),
    "double_opens_any_category": N_("A double opens any category"), "value": N_("Value"), "change": N_("Change"),
    "stat": N_("Characteristic"), "result": N_("Result"), "bonus": N_("Bonus"), "upkeep": N_("Upkeep per post-match sequence"),
    "listen_price_extra": N_("Price added when he listens"), "unaffordable_bonus": N_("Bonus when nothing is affordable"),
    "max_below_original": N_("Most below the original"), "minimum": N_("Lowest value"), "key": N_("Modifier"),
    "except_races": N_("Not these races"), "penalty": N_("Penalty roll"),
    "race": N_("Race"), "equipment": N_("Equipment"), "description": N_("Description"), "win": N_("Win"), "draw": N_("Draw"),
    "loss": N_("Loss"), "gain_above": N_("Gains one when rolling above"), "lose_below": N_("Loses one when rolling below"),
    "fan_factor_per_ally": N_("Fan factor per ally"), "reroll_cost_per_ally": N_("Re-roll cost per ally"),
    "value_divisor": N_("Gold per rating point"), "spp_divisor": N_("SPP per rating point"),
    "contract_value_percent_deducted": N_("Contract: % of value left out of winnings rating"),
    "range": N_("Range (squares)"), "turns": N_("Turns"), "sacked_at_most": N_("Sacked at this many turns or fewer"),
    "award_at_least": N_("Award at this many turns or more"), "riot_sacked_percent": N_("Riot: sacked at % of turns"),
    "riot_award_percent": N_("Riot: award at % of turns"), "award_spp": N_("Refereeing Award SPP"),
    "casualty_spp": N_("SPP per casualty"), "send_off_target": N_("Send-off roll (D6 at least)"),
    "escapist_target": N_("Escapist roll (D6 at least)"), "per_die": N_("Spectators per die"),
    "semi_final_bonus": N_("Semi-final bonus per die"), "final_bonus": N_("Final bonus per die"),
    "double_skill": N_("Skill on a double"), "skill": N_("Skill"), "name": N_("Name"), "category": N_("Category"),
    "reroll_cost_multiplier_after_creation": N_("Re-roll price multiplier after creation"),
    "starting_treasury": N_("Starting treasury"), "max_players": N_("Most players"), "min_players_to_sell":
    N_("Fewest players a team may sell from"), "min_players_to_play": N_("Fewest players to play a match"), "assistant_coach_cost": N_("Assistant coach"), "cheerleader_cost":
    N_("Cheerleader"), "apothecary_cost": N_("Apothecary"), "fan_factor_cost": N_("Fan factor point"),
    "max_assistant_coaches": N_("Most assistant coaches"), "max_cheerleaders": N_("Most cheerleaders"),
    "max_fan_factor": N_("Highest fan factor"), "tie_breakers": N_("Tie-breakers"), "categories": N_("Categories"),
    "selectable": N_("Categories a player may take"), "prerequisites": N_("Prerequisites"), "range_skills": N_("Range skills"),
    "handicap": N_("Handicap"),
    "apothecary": N_("May hire an apothecary"), "also": N_("Or instead (the coach chooses)"),
    "referee_out": N_("Takes the Ref out"),
    "edition": N_("Edition"), "worth": N_("A team is worth"), "worth_name": N_("Named"), "worth_short": N_("Short name"),
    "treasury_counted": N_("Treasury counted in it"), "expenses": N_("Spiralling expenses"),
    "pre_match": N_("Before a match"), "contract_half_value": N_("A contracted player's half value comes off"),
    "per_point": N_("Gold per point"), "fame": N_("FAME added"), "winner_may_reroll": N_("The winner may roll again"),
    "spectators_per_point": N_("Spectators per point"), "more": N_("FAME with more fans"),
    "from_value": N_("Expenses from team value"), "band": N_("Every"),
    "per_band": N_("Expenses per band"), "most": N_("Most expenses"), "difference_to_lower": N_("The lower team gets the difference"),
    "treasury_may_add": N_("Treasury may be added as petty cash"),
    # the keys whose words are the key's own (written out so they are translated)
    "injury": N_("Injury"), "results": N_("Results"), "fan_factor": N_("Fan factor"),
    "extra_skill_cost": N_("Extra skill cost"), "extra_skills": N_("Extra skills"), "loner": N_("Loner"),
    "premium": N_("Premium"), "reduced_cost": N_("Reduced cost"), "reduced_for": N_("Reduced for"),
    "team": N_("Team"), "steps": N_("Steps"), "title": N_("Title"), "penalty_modifiers": N_("Penalty modifiers"),
    "sends_off": N_("Sends off"), "casualty": N_("Casualty"), "completion": N_("Completion"),
    "interception": N_("Interception"), "touchdown": N_("Touchdown"), "most_percent": N_("Most percent"),
    "percent_per_star": N_("Percent per star"), "max_per_team": N_("Max per team"), "races": N_("Races"),
}  # fmt: skip
TABLE_LABELS = {
    ("player_table", "value"): N_("Most the player may be worth"), ("rookie_table", "change"): N_("Change"),
    ("match_winnings", "from"): N_("Rating from"), ("match_winnings", "to"): N_("Rating to"),
    ("match_winnings", "win"): N_("Win (per 1,000 fans)"), ("match_winnings", "draw"): N_("Draw (per 1,000 fans)"),
    ("match_winnings", "loss"): N_("Loss (per 1,000 fans)"), ("reserve_coaches", "bonus"): N_("Player Table bonus"),
    ("referee_skills", "races"): N_("Only these races"),
    ("referee_rules", "range_skills"): N_("Range with the skill (squares)"),
    ("referee_rules", "dirty_tricks_on_send_offs"): N_("Dirty Tricks also on the D6 send-off rolls"),
    ("referee_rules", "go_for_it_squares"): N_("Go For It squares (Fast Runner)"),
    ("referee_rules", "go_for_it_target"): N_("Go For It roll needed (D6)"),
    ("referee_rules", "argue_the_call"): N_("The league plays an argue-the-call roll"),
    ("referee_rules", "argue_dice"): N_("Argue-the-call dice"), ("referee_rules", "argue_overturned_at"): N_("Call overturned at"),
    ("referee_rules", "argue_coach_ejected_at"): N_("Coach ejected at or below"),
    ("referee_skills", "prerequisites"): N_("Skill needs first"), ("skills", "skills"): N_("Skills"),
    ("league_points", "win"): N_("Points for a win"), ("league_points", "draw"): N_("Points for a draw"),
    ("league_points", "loss"): N_("Points for a loss"), ("spp_levels", "name"): N_("Level"),
    ("handicap_table", "rolls"): N_("Handicap rolls"),
    ("winnings_formula", "win"): N_("Points added for a win"), ("winnings_formula", "draw"): N_("Points added for a draw"),
    ("winnings_formula", "loss"): N_("Points added for a loss"), ("fame", "double"): N_("FAME with twice the fans"), ("economy", "winnings"): N_("Winnings come from"),
    ("knockout", "overtime"): N_("Sudden-death overtime when level"), ("knockout", "roll_off"): N_("Then a roll-off with"),
}  # fmt: skip
# Titles of the lists of a table.
TITLES = {"rows": N_("Table"), "levels": N_("Levels"), "races": N_("Team lists"), "positions": N_("Positions"), "refs": N_("Star Refs"),
          "coaches": N_("Coach types"), "groups": N_("Skill groups"), "modifiers": N_("Modifiers"), "equipment": N_("Equipment"),
          "skills": N_("Skills"), "range_skills": N_("Range skills"), "prerequisites": N_("Prerequisites"),
          "differences": N_("Handicap rolls by rating difference"), "stars": N_("Star Players"), "items": N_("Inducements")}  # fmt: skip
ITEMS = {"races": N_("race"), "positions": N_("position"), "levels": N_("level"), "skills": N_("skill"), "refs": N_("Star Ref"),
         "coaches": N_("coach type"), "modifiers": N_("modifier"), "groups": N_("group"), "equipment": N_("equipment"),
         "categories": N_("category"), "selectable": N_("category"), "tie_breakers": N_("tie-breaker"),
         "prerequisites": N_("prerequisite"), "range_skills": N_("range skill"), "results": N_("result"),
         "differences": N_("band of rating difference"), "stars": N_("Star Player"), "items": N_("inducement")}  # fmt: skip
# The heading of a list of single values, or of a fixed set's names: its item's word ("Tie-breaker").
HEADINGS = {"entry": N_("Entry"), "tie-breaker": N_("Tie-breaker"), "category": N_("Category"),
            "prerequisite": N_("Prerequisite"), "range skill": N_("Range skill"), "result": N_("Result"),
            "skill": N_("Skill"), "step": N_("Step"), "race": N_("Race"), "equipment": N_("Equipment")}  # fmt: skip
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


def heading(name: str) -> str:
    """The heading of the entries of the list `name` (its item's word, capitalised)."""
    item = ITEMS.get(name, "entry")
    return HEADINGS.get(item) or item.capitalize()


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
    item = ITEMS.get(key, N_("row"))
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
            item = Field((), heading(name), NAME, options_from=OPTION_SOURCES.get((table, name)))
            out.append(Section("values", (name,), label(table, name), (item,), ITEMS.get(name, N_("entry"))))
        elif isinstance(sub, MapOf):
            source = OPTION_SOURCES.get((table, name))
            fields = (Field(("name",), N_("Skill") if source == "referee_skills" else N_("Name"), NAME, options_from=source),
                      Field(("value",), label(table, name), sub.spec,
                            options_from=source if sub.spec.kind == "text" else None))  # fmt: skip
            out.append(
                Section(
                    "named", (name,), TITLES.get(name) or label(table, name), fields, ITEMS.get(name, N_("entry"))
                )
            )
        elif _is_fixed(sub):
            first = next(iter(sub.values()))
            fields = (Field(("name",), heading(name), NAME),
                      *(_field(table, (), k, v) for k, v in first.items()))  # fmt: skip
            out.append(Section("fixed", (name,), label(table, name), tuple(fields), ITEMS.get(name, N_("entry"))))
    return out


def sections(table: str) -> tuple[Section, ...]:
    """The sections of a table in display order: its settings first, then its lists."""
    spec = SHAPES[table]
    settings = _settings(table, spec)
    out = [Section("settings", (), N_("Settings"), tuple(settings), N_("setting"))] if settings else []
    return (*out, *_collections(table, spec))
