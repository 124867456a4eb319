"""Every race, position and field of the bundled team lists against the public sources they come from.

tests/rules/public_sources.json is extracted by tools/extract_rules_reference.py (FFB's LRB 4.0 rosters,
OBBLM's LRB 5 data and its LRB 6 overrides, BattleScribe's LRB 6 data; each with repo, path and commit).
Every difference between a source's spelling and ours is one entry of a NORMALISATION table below, with the
reason; anything else that differs fails the test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from roster_app.rules.ruleset import RACE_DEFAULTS, load_bundled

REFERENCE = json.loads((Path(__file__).parent / "public_sources.json").read_text(encoding="utf-8"))
FIELDS = ("max", "cost", "ma", "st", "ag", "av", "skills", "normal", "double")

# -- LRB 4.0: FFB's lrb4/rosters XML -----------------------------------------------------------------
# FFB names the skill access of LRB 4.0 "General Skill" / "General Trait" ...: ours is the category alone,
# and a category a position takes normally is not repeated on its double list.
FFB_CATEGORY_SUFFIXES = (" Skill", " Trait")
# Position spellings: ours is the name the roster's own comment (the LRB 4.0 list) gives.
FFB_POSITION_NAMES = {
    ("Chaos Dwarf", "Chaos Dwarf Hobgoblin"): "Hobgoblin",
    ("Chaos Dwarf", "Dwarf Blitzer"): "Bull Centaur",  # the XML's name; its comment says "0-2 Bull Centaurs"
    ("Human", "Human Thrower"): "Thrower",
}
# The XML and its own comment disagree; we follow the comment (the LRB 4.0 list):
FFB_LEFT_OUT = {("Human", "Ogre"): "not in the roster's comment; its 'Big Guy' skill is no LRB 4.0 skill"}
FFB_FROM_COMMENT = {("Orc", "Goblin"): "0-4 Goblins", ("Orc", "Troll"): "0-1 Troll"}  # in the comment only

# -- LRB 6: BattleScribe, where it agrees with OBBLM ----------------------------------------------------
BS_RACE_NAMES = {"Dark Elves": "Dark Elf", "Elves": "Elf", "High Elves": "High Elf", "Wood Elves": "Wood Elf"}
BS_RACE_SUFFIX = " Team"  # "Orc Team" -> "Orc"
BS_POSITION_NAMES = {("Necromantic", "Werewolf"): "Necromantic Werewolf", ("Norse", "Werewolf"): "Norse Werewolf"}
BS_SKILL_NAMES = {"Thick-skull": "Thick Skull", "Bone Head": "Bone-Head", "Throw Team-mate": "Throw Team-Mate",
                  "Nurgle's rot": "Nurgle's Rot", "Claws": "Claw/Claws"}  # fmt: skip
# Where BattleScribe does not agree with OBBLM's LRB 6 (we follow OBBLM): (race, position or None, field).
BS_DISAGREES = {
    ("Khemri", None, "apothecary"): "BattleScribe offers Khemri an apothecary; OBBLM's $racesNoApothecary bars it",
    ("Chaos Pact", "Marauder", "max"): "BattleScribe 0-16, OBBLM 0-12",
    ("Chaos Pact", "Dark Elf Renegade", "max"): "BattleScribe 0-16, OBBLM 0-1 like the other Renegades",
    ("Dark Elf", "Blitzer", "st"): "BattleScribe ST 6 (a typing slip), OBBLM ST 3",
    ("Khemri", "Thro-Ra", "max"): "BattleScribe 0-4, OBBLM 0-2",
    ("Vampire", "Vampire", "max"): "BattleScribe 0-2, OBBLM 0-6",
    ("Necromantic", "Necromantic Werewolf", "max"): "BattleScribe 0-4, OBBLM 0-2",
    ("Norse", "Yhetee", "skills"): "BattleScribe adds Horns and Mighty Blow to the Snow Troll's skills",
    ("Underworld", "Skaven Lineman", "skills"): "BattleScribe leaves out Animosity",
    ("Underworld", "Skaven Thrower", "skills"): "BattleScribe leaves out Animosity",
    ("Underworld", "Skaven Blitzer", "skills"): "BattleScribe leaves out Animosity",
}


def _ours(key: str) -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in load_bundled(key).table("races")["races"]}


def _setting(race: dict[str, Any], name: str) -> Any:
    return race.get(name, RACE_DEFAULTS[name])


def _same(field: str, ours: Any, theirs: Any) -> bool:
    if field in ("skills", "normal", "double"):  # a list's order is not a rule
        return sorted(ours) == sorted(theirs)
    return ours == theirs


def _ffb_categories(position: dict[str, Any]) -> dict[str, Any]:
    def strip(cat: str) -> str:
        for suffix in FFB_CATEGORY_SUFFIXES:
            cat = cat.removesuffix(suffix)
        return cat

    normal = [strip(c) for c in position["normal"]]
    double = [c for c in dict.fromkeys(strip(c) for c in position["double"]) if c not in normal]
    return {**position, "normal": normal, "double": double}


def _compare(key: str, source: str, name_of=lambda race, pos: pos, skip=(), normalise=lambda p: p) -> list[str]:
    """Every difference between our table and a source's, in words (empty: they agree)."""
    ours = _ours(key)
    problems = []
    theirs = {r["name"]: r for r in REFERENCE[source]["races"]}
    if set(ours) != set(theirs):
        problems.append(
            f"races: ours only {sorted(set(ours) - set(theirs))}, theirs only {sorted(set(theirs) - set(ours))}"
        )
    for race in sorted(set(ours) & set(theirs)):
        o, t = ours[race], theirs[race]
        for setting in ("reroll_cost", "apothecary", "max_rerolls"):
            mine_value = o[setting] if setting == "reroll_cost" else _setting(o, setting)
            if setting in t and mine_value != t[setting]:
                problems.append(f"{race} {setting}: ours {mine_value}, theirs {t[setting]}")
        positions = {
            name_of(race, p["name"]): normalise(p) for p in t["positions"] if (race, p["name"]) not in skip
        }
        mine = {p["name"]: p for p in o["positions"]}
        extra = set(mine) - set(positions) - {pos for (r, pos) in FFB_FROM_COMMENT if r == race and key == "lrb4"}
        if extra or set(positions) - set(mine):
            problems.append(
                f"{race} positions: ours only {sorted(extra)}, theirs only {sorted(set(positions) - set(mine))}"
            )
        for name in sorted(set(mine) & set(positions)):
            for field in FIELDS:
                if field in positions[name] and not _same(field, mine[name][field], positions[name][field]):
                    problems.append(
                        f"{race} {name} {field}: ours {mine[name][field]}, theirs {positions[name][field]}"
                    )
    return problems


def test_lrb4_matches_ffbs_rosters_field_for_field():
    assert _compare("lrb4", "lrb4", name_of=lambda race, pos: FFB_POSITION_NAMES.get((race, pos), pos),
                    skip=FFB_LEFT_OUT, normalise=_ffb_categories) == []  # fmt: skip


LINE = re.compile(r"^0-(\d+)\s+(.+?)\s+([\d,]+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(.*)$")


@pytest.mark.parametrize(("race", "position"), sorted(FFB_FROM_COMMENT))
def test_lrb4_positions_only_in_ffbs_comment_match_it(race, position):
    """The Orc Goblins and Troll are in the FFB roster's own LRB 4.0 comment, not in its XML positions."""
    lines = next(r["comment_lines"] for r in REFERENCE["lrb4"]["races"] if r["name"] == race)
    line = next(ln for ln in lines if ln.startswith(FFB_FROM_COMMENT[(race, position)]))
    limit, _name, cost, ma, st, ag, av, rest = LINE.match(line).groups()
    ours = load_bundled("lrb4").position(race, position)
    assert (ours.max, ours.cost, ours.ma, ours.st, ours.ag, ours.av) == (
        int(limit), int(cost.replace(",", "")), int(ma), int(st), int(ag), int(av))  # fmt: skip
    assert all(skill in rest for skill in ours.skills)


def test_lrb5_matches_obblms_game_data_field_for_field():
    assert _compare("lrb5", "lrb5") == []


def test_lrb6_matches_obblm_with_its_lrb6_overrides_field_for_field():
    assert _compare("lrb6", "lrb6") == []


def test_lrb6_matches_battlescribe_where_it_agrees_with_obblm():
    ours = _ours("lrb6")
    seen = set()
    problems = []
    for race_data in REFERENCE["lrb6_bsdata"]["races"]:
        race = BS_RACE_NAMES.get(race_data["name"], race_data["name"].removesuffix(BS_RACE_SUFFIX))
        assert race in ours, race_data["name"]
        o = ours[race]
        if _setting(o, "apothecary") != race_data["apothecary"]:
            seen.add((race, None, "apothecary"))
        if o["reroll_cost"] != race_data["reroll_cost"]:
            problems.append(f"{race} re-roll cost")
        mine = {p["name"]: p for p in o["positions"]}
        theirs = {BS_POSITION_NAMES.get((race, p["name"]), p["name"]): p for p in race_data["positions"]}
        assert set(mine) == set(theirs), race
        for name, pos in theirs.items():
            pos = {**pos, "skills": [BS_SKILL_NAMES.get(s, s) for s in pos["skills"]]}
            for field in ("max", "cost", "ma", "st", "ag", "av", "skills"):
                if not _same(field, mine[name][field], pos[field]):
                    seen.add((race, name, field))
    assert problems == []
    assert seen == set(BS_DISAGREES)  # each disagreement is listed, and each listed one is still there
    assert len(REFERENCE["lrb6_bsdata"]["races"]) == 24


def test_the_skill_lists_are_the_sources_lists():
    for key in ("lrb5", "lrb6"):
        ours = load_bundled(key).skill_categories
        assert ours == REFERENCE[key]["skills"], key


def test_spp_levels_and_advance_values_match_obblm():
    for key in ("lrb4", "lrb5", "lrb6"):
        levels = load_bundled(key).table("spp_levels")["levels"]
        assert [{k: lv[k] for k in ("name", "min_spp", "rolls")} for lv in levels] == REFERENCE["lrb5"][
            "spp_levels"
        ]
    for key in ("lrb5", "lrb6"):
        values = {
            k: v
            for k, v in load_bundled(key).table("advance_values").items()
            if k not in ("table", "note", "source")
        }
        assert values == REFERENCE[key]["advance_values"]


@pytest.mark.parametrize("key", ["lrb4", "lrb5", "lrb6"])
def test_the_kick_off_table_is_ffbs_and_get_the_ref_takes_the_ref_out(key):
    table = load_bundled(key).table("kick_off")
    assert table["dice"] == "2D6"
    assert [(r["from"], r["to"], r["result"]) for r in table["rows"]] == [
        (k["roll"], k["roll"], k["result"]) for k in REFERENCE["lrb4"]["kickoff"]
    ]
    assert [r["result"] for r in table["rows"] if r.get("referee_out")] == ["Get the Ref"]


def test_every_source_names_its_repo_path_and_commit():
    for key in ("lrb4", "lrb5", "lrb6", "lrb6_bsdata"):
        source = REFERENCE[key]["source"]
        assert source["repo"] and source["path"] and re.fullmatch(r"[0-9a-f]{40}", source["commit"])


# -- the match economy: LRB 6 from FFB's bb2016 steps, LRB 5 (and LRB 6) team value and expenses from OBBLM --------
ECONOMY = REFERENCE["economy"]
COMPARISON = {">=": ("win", "draw"), ">": ("win",), "<=": ("draw", "loss"), "<": ("loss",)}


def test_lrb6_winnings_are_ffbs():
    facts, table = ECONOMY["lrb6"], load_bundled("lrb6").table("winnings_formula")
    assert (table["dice"], table["per_point"], table["fame"], table["winner_may_reroll"]) == (
        facts["winnings_dice"], facts["winnings_per_point"], facts["winnings_fame"], facts["winner_may_reroll"])  # fmt: skip
    assert [r for r in ("win", "draw", "loss") if table[r] == 1] == list(COMPARISON[facts["winnings_bonus_when"]])
    assert "StepWinnings.java" in table["source"]["where"] and "christerk/ffb" in table["source"]["where"]


def test_lrb6_fan_factor_rolls_are_ffbs():
    facts, results = ECONOMY["lrb6"], load_bundled("lrb6").table("fan_factor")["results"]
    assert results["win"]["dice"] == facts["fan_factor_dice_winner"]
    assert results["draw"]["dice"] == results["loss"]["dice"] == facts["fan_factor_dice_other"]
    assert [r for r in results if results[r]["gain_above"]] == list(COMPARISON[facts["fan_factor_gain_when"]])
    assert [r for r in results if results[r]["lose_below"]] == list(COMPARISON[facts["fan_factor_lose_when"]])


def test_lrb6_fans_and_fame_are_ffbs():
    facts, table = ECONOMY["lrb6"], load_bundled("lrb6").table("fame")
    assert (table["dice"], table["spectators_per_point"], table["more"], table["double"]) == (
        facts["spectators_dice"], facts["spectators_per_point"], facts["fame_more"], facts["fame_double"])  # fmt: skip


@pytest.mark.parametrize("key", ["lrb5", "lrb6"])
def test_spiralling_expenses_and_team_value_are_obblms(key):
    facts, ruleset = ECONOMY["lrb5"], load_bundled(key)
    table = ruleset.table("spiralling_expenses")
    assert (table["from_value"], table["band"], table["per_band"]) == (
        facts["spiralling_from"], facts["spiralling_band"], facts["spiralling_per_band"])  # fmt: skip
    eco = ruleset.table("economy")
    # OBBLM counts the treasury only above a bank threshold, a house rule off (0) by default
    assert facts["tv_treasury_only_with_bank_threshold"] and facts["bank_threshold_default"] == 0
    assert (eco["worth"], eco["treasury_counted"]) == ("value", False)
    assert set(facts["tv_counts"]) == {"rerolls", "ff", "cheerleaders", "apothecary", "ass_coaches"}
    assert ruleset.table("team_rules")["starting_treasury"] == facts["initial_treasury"]


# -- Hire Freebooters: Star Players and inducements (issue 32) ---------------------------------------------------
FREEBOOTERS = REFERENCE["freebooters"]
STAR_FIELDS = ("ma", "st", "ag", "av", "cost", "skills", "races")
INDUCEMENT_WORDS = {"apothecary": "Wandering Apothecaries", "no_apothecary": "Igor"}
# BattleScribe spells some stars otherwise (ours follows OBBLM): its name -> ours
BS_STAR_NAMES = {"Brick Far'th & Grotty": "Brick Far'th (+ Grotty)",
                 "Count Luthor von Drakenborg": "Count Luthor Von Drakenborg"}  # fmt: skip
BS_STAR_SKILL_NAMES = {"Bone-head": "Bone-Head", "Kick-off Return": "Kick-Off Return", "Dump Off": "Dump-Off",
                       "Claw": "Claw/Claws"}  # fmt: skip
# OBBLM lists Grotty as a star of his own (cost 0, hired with Brick Far'th); BattleScribe folds him into Brick's entry
BS_STARS_LEFT_OUT = {"Grotty (included in Brick Far'th)"}
# Where BattleScribe's LRB 6 stars disagree with OBBLM's (we follow OBBLM): each difference, and why
BS_STAR_DISAGREES = {
    "Bertha Bigfist ag: ours 3, theirs 2": "BattleScribe AG 2, OBBLM AG 3",
    "Zzharg Madeye skills: ours ['Loner', 'Hail Mary Pass', 'Pass', 'Secret Weapon', 'Strong Arm', 'Sure Hands', "
    "'Tackle', 'Thick Skull'], theirs ['Loner', 'Hail Mary Pass', 'Secret Weapon', 'Strong Arm', 'Sure Hands', "
    "'Tackle', 'Thick Skull']": "BattleScribe leaves out Pass",
}


def _stars(key: str) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in load_bundled(key).table("star_players")["stars"]}


def _star_problems(
    ours: dict[str, dict[str, Any]], theirs: dict[str, dict[str, Any]], fields=STAR_FIELDS
) -> list[str]:
    problems = []
    if set(ours) != set(theirs):
        problems.append(
            f"stars: ours only {sorted(set(ours) - set(theirs))}, theirs only {sorted(set(theirs) - set(ours))}"
        )
    for name in sorted(set(ours) & set(theirs)):
        for field in fields:
            if not _same("skills" if field == "races" else field, ours[name][field], theirs[name][field]):
                problems.append(f"{name} {field}: ours {ours[name][field]}, theirs {theirs[name][field]}")
    return problems


@pytest.mark.parametrize("key", ["lrb5", "lrb6"])
def test_every_star_player_is_obblms_field_for_field(key):
    assert _star_problems(_stars(key), {s["name"]: s for s in FREEBOOTERS[key]["stars"]}) == []
    assert load_bundled(key).table("star_players")["max_per_team"] == FREEBOOTERS[key]["max_stars"]


@pytest.mark.parametrize("key", ["lrb5", "lrb6"])
def test_every_inducement_and_the_mercenary_rule_are_obblms(key):
    table, facts = load_bundled(key).table("inducements"), FREEBOOTERS[key]
    ours = {i["name"]: i for i in table["items"]}
    assert set(ours) == {i["name"] for i in facts["inducements"]}
    for theirs in facts["inducements"]:
        mine = ours[theirs["name"]]
        assert (mine["cost"], mine["max"]) == (theirs["cost"], theirs["max"]), theirs["name"]
        # a reduced cost for the races the source names (none: the source's reduced cost is the full cost)
        assert mine.get("reduced_for", []) == theirs["reduced_for"], theirs["name"]
        assert mine.get("reduced_cost", mine["cost"]) == theirs["reduced_cost"], theirs["name"]
    # Igor only for a team that may not hire an apothecary, Wandering Apothecaries only for one that may
    assert facts["igor_only_without_apothecary"]
    assert {i["team"]: name for name, i in ours.items() if i["team"] != "any"} == INDUCEMENT_WORDS
    races = load_bundled(key).races
    assert sorted(r for r, race in races.items() if not race.apothecary) == facts["races_without_apothecary"]
    merc = table["mercenary"]
    assert (merc["premium"], merc["extra_skill_cost"], merc["loner"], merc["extra_skills"]) == (
        facts["mercenary_premium"], facts["mercenary_skill_cost"], facts["mercenary_loner"], 1)  # fmt: skip


def test_only_lrb6_makes_bribes_cheaper_for_goblins_and_both_the_chef_for_halflings():
    lrb5 = {i["name"]: i for i in FREEBOOTERS["lrb5"]["inducements"]}
    lrb6 = {i["name"]: i for i in FREEBOOTERS["lrb6"]["inducements"]}
    assert lrb5["Bribes"]["reduced_for"] == [] and lrb6["Bribes"]["reduced_for"] == ["Goblin"]
    assert (
        lrb5["Halfling Master Chef"]["reduced_for"] == lrb6["Halfling Master Chef"]["reduced_for"] == ["Halfling"]
    )


def test_lrb6_stars_match_battlescribe_where_it_agrees_with_obblm():
    """Each star in the catalogues of the teams that may hire him; every disagreement is listed below."""
    ours = _stars("lrb6")
    theirs = {}
    for star in FREEBOOTERS["lrb6_bsdata"]["stars"]:
        name = BS_STAR_NAMES.get(star["name"], star["name"])
        teams = [BS_RACE_NAMES.get(t, t.removesuffix(BS_RACE_SUFFIX)) for t in star["teams"]]
        theirs[name] = {**star, "name": name, "races": teams,
                        "skills": [BS_STAR_SKILL_NAMES.get(s, BS_SKILL_NAMES.get(s, s)) for s in star["skills"]]}  # fmt: skip
    ours = {name: star for name, star in ours.items() if name not in BS_STARS_LEFT_OUT}
    problems = _star_problems(ours, theirs)
    assert problems == list(BS_STAR_DISAGREES), "\n".join(problems)


def test_lrb4_stars_are_the_leagues_own_with_ffbs_lrb4_lists():
    table = load_bundled("lrb4").table("star_players")
    assert table["source"]["from"] == "league"
    stars = _stars("lrb4")
    for race, names in FREEBOOTERS["lrb4"]["stars"].items():
        assert sorted(n for n, s in stars.items() if race in s["races"]) == sorted(names), race
    lrb5 = {s["name"]: s for s in FREEBOOTERS["lrb5"]["stars"]}
    for name, star in stars.items():  # the LRB 5 profile and cost stand in
        assert {f: star[f] for f in ("ma", "st", "ag", "av", "cost")} == {
            f: lrb5[name][f] for f in ("ma", "st", "ag", "av", "cost")
        }
    assert load_bundled("lrb4").table("inducements")["source"]["from"] == "league"
    assert load_bundled("lrb4").table("star_gate_share")["source"]["from"] == "league"
