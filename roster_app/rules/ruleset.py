"""A ruleset: the league's tables (races, SPP levels, contracts, referees, reserves, transfers ...).

The bundled rulesets live in resources/rulesets/<key>/ as one JSON file per table. A league copies its
ruleset into the league file when it is created, and every rules function reads the league's copy, so
house rules travel with the file.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from roster_app.errors import NotFound, RulesetError
from roster_app.i18n import N_, _
from roster_app.paths import resources_dir
from roster_app.rules.schema import check_table

# Every table a ruleset holds, in the order the Rules window lists them, with a title for people.
TABLES: dict[str, str] = {  # titles marked N_(): shown through _()
    "spp_levels": N_("SPP levels"),
    "star_player_table": N_("Star Player Table"),
    "spp_awards": N_("SPP awards"),
    "races": N_("Team lists and positions"),
    "skills": N_("Skills and categories"),
    "advance_values": N_("Value of advances"),
    "team_rules": N_("Team building and staff"),
    "team_rating": N_("Team rating"),
    "contracts": N_("Contracts"),
    "referee_rules": N_("Referee rules"),
    "referee_skills": N_("Referee skills and restrictions"),
    "star_refs": N_("Sample Star Refs"),
    "reserve_coaches": N_("Reserve Coach types"),
    "reserve_team_table": N_("Reserve Team Table"),
    "player_table": N_("Player Table"),
    "rookie_table": N_("Rookie Table"),
    "player_reaction": N_("Player Reaction Table and modifiers"),
    "tribunal": N_("Tribunal Table"),
    "ally_penalties": N_("Ally penalties"),
    "match_winnings": N_("Match Winnings Table"),
    "fan_factor": N_("Fan Factor Table"),
    "gate": N_("Gate"),
    "league_points": N_("League points"),
    "handicap_table": N_("Handicap Table"),
    "kick_off": N_("Kick-Off Table"),
    "economy": N_("Economy"),
    "winnings_formula": N_("Winnings by dice and FAME"),
    "fame": N_("Fans and FAME"),
    "spiralling_expenses": N_("Spiralling expenses"),
    "petty_cash": N_("Petty cash and money for inducements"),
    "post_match": N_("Post-match sequence"),
    "casualty_table": N_("Casualty Table"),
    "knockout": N_("Level knock-out games"),
    "star_players": N_("Star Players"),
    "inducements": N_("Inducements and mercenaries"),
    "star_gate_share": N_("Star Players' share of the gate"),
}

STATS = ("ma", "st", "ag", "av")
# What a race entry means when it leaves an optional setting out (the Rules window shows these too).
RACE_DEFAULTS: dict[str, Any] = {"max_rerolls": 8, "apothecary": True, "reserves": True, "reserve_reroll": False}
# Position flags the rules act on (reserves, transfers and referees refuse or restrict these positions).
POSITION_FLAGS = ("big_guy", "star_player", "daemon", "squig")


@dataclass(frozen=True)
class Position:
    race: str
    name: str
    max: int
    cost: int
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[str, ...]
    normal: tuple[str, ...]
    double: tuple[str, ...]
    flags: frozenset[str] = frozenset()

    @property
    def label(self) -> str:
        return self.name

    def stat(self, key: str) -> int:
        return getattr(self, key)

    @property
    def is_big_guy(self) -> bool:
        return "big_guy" in self.flags

    @property
    def is_star_player(self) -> bool:
        return "star_player" in self.flags

    @property
    def is_daemon_or_squig(self) -> bool:
        return bool({"daemon", "squig"} & self.flags)


@dataclass(frozen=True)
class Race:
    name: str
    reroll_cost: int
    max_rerolls: int
    reserves: bool
    reserve_reroll: bool
    positions: tuple[Position, ...]
    apothecary: bool = True  # Undead, Necromantic, Nurgle and Khemri teams may not hire one (LRB 5 and 6)

    def position(self, name: str) -> Position:
        for pos in self.positions:
            if pos.name == name:
                return pos
        raise NotFound(
            _("The {name} team list has no position called '{name2}'.").format(name=self.name, name2=name)
        )

    @property
    def apothecary_refusal(self) -> str | None:
        """Why a team of this race may not hire an apothecary (LRB 5/6: Undead, Necromantic, Nurgle, Khemri)."""
        if self.apothecary:
            return None
        return (_("{name} teams may not hire an apothecary (League > Rules… > Team lists and positions: 'May hire an " "apothecary').").format(name=self.name))  # fmt: skip

    @property
    def basic_lineman(self) -> Position:
        """The race's basic Lineman: the cheapest position allowed 12 or more times (referees use it)."""
        many = [p for p in self.positions if p.max >= 12] or list(self.positions)
        return min(many, key=lambda p: (p.cost, -p.max))


@dataclass(frozen=True)
class Ruleset:
    name: str
    key: str
    version: int
    tables: Mapping[str, Any] = field(repr=False)

    def table(self, key: str) -> Any:
        try:
            return self.tables[key]
        except KeyError:
            raise RulesetError(self.name, key, _("this table is missing from the ruleset")) from None

    @cached_property
    def races(self) -> dict[str, Race]:
        out = {}
        for r in self.table("races")["races"]:
            positions = tuple(
                Position(
                    race=r["name"], name=p["name"], max=p["max"], cost=p["cost"],
                    ma=p["ma"], st=p["st"], ag=p["ag"], av=p["av"],
                    skills=tuple(p["skills"]), normal=tuple(p["normal"]), double=tuple(p["double"]),
                    flags=frozenset(p.get("flags") or ()),
                )
                for p in r["positions"]
            )  # fmt: skip
            out[r["name"]] = Race(
                name=r["name"],
                reroll_cost=r["reroll_cost"],
                max_rerolls=r.get("max_rerolls", RACE_DEFAULTS["max_rerolls"]),
                reserves=r.get("reserves", RACE_DEFAULTS["reserves"]),
                reserve_reroll=r.get("reserve_reroll", RACE_DEFAULTS["reserve_reroll"]),
                positions=positions,
                apothecary=r.get("apothecary", RACE_DEFAULTS["apothecary"]),
            )
        return out

    def race(self, name: str) -> Race:
        try:
            return self.races[name]
        except KeyError:
            raise NotFound(
                _("The ruleset '{name}' has no race called '{name2}'.").format(name=self.name, name2=name)
            ) from None

    def position(self, race: str, name: str) -> Position:
        return self.race(race).position(name)

    @cached_property
    def skill_categories(self) -> dict[str, str]:
        """Skill name -> category."""
        return {s["name"]: s["category"] for s in self.table("skills")["skills"]}

    @cached_property
    def skill_effects(self) -> dict[str, str]:
        return {s["name"]: s.get("effect", "") for s in self.table("skills")["skills"]}

    def with_table(self, key: str, data: Any) -> Ruleset:
        """A copy of this ruleset with one table replaced (validated)."""
        check_table(key, data)
        tables = dict(self.tables)
        tables[key] = data
        return Ruleset(self.name, self.key, self.version, tables)


SOURCE_WORDS = {  # marked N_(): shown through _()
    "article": N_("From the article"),
    "default": N_("League default: named by the articles but not printed, so Dugout made one up"),
    "league": N_("The league's own (no public source gives these figures; they stand in)"),
}
# The public codebases a table's numbers were read from, as a commissioner knows them (the file and commit stay in
# the table's source, for whoever checks them: `source_detail`).
CODEBASES = {  # marked N_(): shown through _()
    "nicholasmr/obblm": N_("OBBLM (the online league manager)"),
    "christerk/ffb": N_("FUMBBL's game client"),
    "TheNAF/naflm": N_("the NAF's league manager"),
    "BSData/bloodbowl": N_("BattleScribe's Blood Bowl data"),
}


def _plain_where(where: str) -> str:
    """ "nicholasmr/obblm lib/game_data.php at 78026f4" -> "as OBBLM (the online league manager) has it"; words that
    name no codebase are kept as they are (issue 35: the Rules window read like notes to a programmer)."""
    named = [_(words) for repo, words in CODEBASES.items() if repo in where]
    if not named:
        return where
    if len(named) == 1:
        return _("as {codebase} has it").format(codebase=named[0])
    both = named[0]
    for name in named[1:]:
        both = _("{items} and {last}").format(items=both, last=name)
    return _("as {codebases} have it").format(codebases=both)


def source_detail(data: Any) -> str:
    """The table's source as recorded (the file and commit it was read from), for a tooltip."""
    source = data.get("source") if isinstance(data, dict) else None
    return str(source.get("where", "")) if isinstance(source, dict) else ""


def provenance(data: Any) -> str:
    """Where a table's numbers come from, in words: "From the article (...)", "From LRB 6 (...)", "League
    default (...)"; a table stored before Dugout recorded its source says so."""
    source = data.get("source") if isinstance(data, dict) else None
    if not isinstance(source, dict) or "from" not in source:
        return _("Source not recorded (the league was made before Dugout noted where each table comes from)")
    kind = source["from"]
    words = _(SOURCE_WORDS[kind]) if kind in SOURCE_WORDS else _("From {source}").format(source=kind)
    where = source.get("where")
    return f"{words} ({_plain_where(where)})" if where else words


def source_badge(data: Any) -> str:
    """The short word for where a table comes from: "from the article", "from LRB 6", "league default"."""
    source = data.get("source") if isinstance(data, dict) else None
    kind = source.get("from") if isinstance(source, dict) else None
    if kind is None:
        return _("source not recorded")
    if kind == "league":
        return "league's own"
    return "league default" if kind == "default" else f"from {'the article' if kind == 'article' else kind}"


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RulesetError(
            str(path), f"line {exc.lineno} column {exc.colno}", _("not valid JSON ({msg})").format(msg=exc.msg)
        ) from None
    except OSError as exc:
        raise RulesetError(str(path), "", _("cannot be read ({strerror})").format(strerror=exc.strerror)) from None


def rulesets_dir() -> Path:
    return resources_dir() / "rulesets"


def available_rulesets() -> dict[str, str]:
    """Bundled ruleset key -> name."""
    out = {}
    for folder in sorted(rulesets_dir().iterdir()):
        manifest = folder / "ruleset.json"
        if manifest.is_file():
            out[folder.name] = _read_json(manifest)["name"]
    return out


def _load_tables(folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    manifest = _read_json(folder / "ruleset.json")
    tables: dict[str, Any] = {}
    if manifest.get("inherits"):
        tables.update(_load_tables(rulesets_dir() / manifest["inherits"])[1])
    for path in sorted(folder.glob("*.json")):
        if path.name == "ruleset.json":
            continue
        data = _read_json(path)
        key = path.stem
        if key not in TABLES:
            raise RulesetError(
                str(path),
                "",
                _("'{key}' is not a table Dugout knows (expected one of {items})").format(
                    key=key, items=", ".join(TABLES)
                ),
            )
        check_table(key, data, where=str(path))
        tables[key] = data
    return manifest, tables


@cache
def _bundled(key: str) -> Ruleset:
    folder = rulesets_dir() / key
    if not (folder / "ruleset.json").is_file():
        raise NotFound(_("There is no bundled ruleset called '{key}'.").format(key=key))
    manifest, tables = _load_tables(folder)
    missing = [k for k in TABLES if k not in tables]
    if missing:
        raise RulesetError(str(folder), "", _("tables missing: {items}").format(items=", ".join(missing)))
    return Ruleset(manifest["name"], key, manifest.get("version", 1), tables)


def load_bundled(key: str = "lrb4") -> Ruleset:
    """A bundled ruleset, validated; each call returns independent table data."""
    base = _bundled(key)
    return Ruleset(base.name, base.key, base.version, copy.deepcopy(dict(base.tables)))


@cache
def default_ruleset() -> Ruleset:
    """The ruleset used when a rules function is called without a league's own copy."""
    return _bundled("lrb4")


# Tables Dugout added after leagues were made: a league that does not store one yet (a file opened read-only
# before its upgrade, an older export) reads the bundled one; the upgrades (prematch, rulesdata, economy, leaguenight,
# competitions) store them; a league without its own post_match table goes through the seed's sequence, as made. Such a league's economy is the one it was made with (the 3rd edition's), never its
# edition's.
ADDED_LATER = ("kick_off", "handicap_table", "winnings_formula", "fame", "spiralling_expenses", "petty_cash",
               "casualty_table", "knockout", "post_match")  # fmt: skip
AS_MADE_ECONOMY = "economy_as_made.json"


@cache
def economy_as_made() -> dict[str, Any]:
    """The economy of a league made before each edition had its own (resources/rulesets/economy_as_made.json)."""
    data = _read_json(rulesets_dir() / AS_MADE_ECONOMY)
    check_table("economy", data, where=AS_MADE_ECONOMY)
    return data


# Tables a league made before Hire Freebooters (issue 32) reads from its own edition's bundled ruleset.
FREEBOOTER_TABLES = ("star_players", "inducements", "star_gate_share")


def _with_added_tables(tables: Mapping[str, Any], key: str = "lrb4") -> dict[str, Any]:
    out = dict(tables)
    for table_key in FREEBOOTER_TABLES:
        if table_key not in out:
            bundled = key if (rulesets_dir() / key / "ruleset.json").is_file() else "lrb4"
            out[table_key] = copy.deepcopy(_bundled(bundled).tables[table_key])
    for table_key in ADDED_LATER:
        if table_key not in out:
            out[table_key] = copy.deepcopy(_bundled("lrb4").tables[table_key])
    if "economy" not in out:
        out["economy"] = copy.deepcopy(economy_as_made())
    return out


def from_tables(name: str, key: str, version: int, tables: Mapping[str, Any]) -> Ruleset:
    """A ruleset from stored tables (a league file or an import), each table validated."""
    tables = _with_added_tables(tables, key)
    for table_key in TABLES:
        if table_key not in tables:
            raise RulesetError(name, table_key, _("this table is missing from the ruleset"))
        check_table(table_key, tables[table_key])
    return Ruleset(name, key, version, dict(tables))


_VALIDATED: set[tuple[str, str]] = set()  # (table key, its JSON text) already checked this run


def from_stored(name: str, key: str, rows: list[tuple[str, Any]]) -> Ruleset:
    """The ruleset a league stores (rows of key and JSON: SQLite gives the text, PostgreSQL gives it parsed);
    each distinct table text is validated once per run, so opening a league again (or its first screen, then
    the league) checks it once."""
    texts = {
        (table_key, data if isinstance(data, str) else json.dumps(data, sort_keys=True))
        for table_key, data in rows
    }
    tables = _with_added_tables({table_key: json.loads(text) for table_key, text in texts}, key)
    if texts <= _VALIDATED and set(TABLES) <= set(tables):
        return Ruleset(name, key, 1, tables)
    ruleset = from_tables(name, key, 1, tables)
    _VALIDATED.update(texts)
    return ruleset
