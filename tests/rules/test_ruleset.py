"""The bundled rulesets load, their team lists match their sources, and broken files are named plainly."""

import json
import re

import pytest

from roster_app.errors import RulesetError
from roster_app.rules.ruleset import TABLES, _load_tables, available_rulesets, load_bundled, provenance
from roster_app.rules.schema import check_table


def test_every_ruleset_loads_with_every_table_under_its_true_name():
    assert available_rulesets() == {"lrb4": "LRB 4.0 (Dugout)", "lrb5": "LRB 5 (Dugout)", "lrb6": "LRB 6 (Dugout)"}
    lrb4, lrb5, lrb6 = load_bundled("lrb4"), load_bundled("lrb5"), load_bundled("lrb6")
    for ruleset in (lrb4, lrb5, lrb6):
        assert set(TABLES) <= set(ruleset.tables)
    assert (len(lrb4.races), len(lrb5.races), len(lrb6.races)) == (12, 21, 24)


@pytest.mark.parametrize("key", ["lrb4", "lrb5", "lrb6"])
def test_every_table_says_where_it_comes_from(key):
    ruleset = load_bundled(key)
    for table in TABLES:
        words = provenance(ruleset.table(table))
        assert words.startswith(
            ("From the article", "From LRB 4.0", "From LRB 5", "From LRB 6", "League default", "The league's own")
        )
    assert provenance(ruleset.table("contracts")) == (
        "From the article (seed 001, the reserve teams, contracts and transfers article)"
    )
    assert provenance(ruleset.table("tribunal")).startswith(
        "League default: named by the articles but not printed"
    )
    assert provenance(ruleset.table("races")).startswith(f"From {ruleset.tables['races']['source']['from']} (")
    assert provenance({"rows": []}).startswith("Source not recorded")
    for table in TABLES:  # issue 35: "nicholasmr/obblm lib/game_data.php at 78026f4" read like a programmer's note
        words = provenance(ruleset.table(table))
        assert not any(repo in words for repo in ("nicholasmr/", "christerk/", "BSData/", ".php", ".java")), words


def test_what_the_public_lrb6_sources_agree_on():
    """The list of issue 20: what OBBLM's LRB 6 and BattleScribe agree on, and the old "LRB 6" did not."""
    lrb6 = load_bundled("lrb6")
    pos = lrb6.position
    assert lrb6.race("Dwarf").reroll_cost == 50_000 and "Loner" in pos("Dwarf", "Deathroller").skills
    assert set(pos("Goblin", "Bombardier").skills) == {"Bombardier", "Dodge", "Secret Weapon", "Stunty"}
    pogoer = pos("Goblin", "Pogoer")
    assert pogoer.cost == 70_000 and set(pogoer.skills) == {"Dodge", "Leap", "Stunty", "Very Long Legs"}
    assert set(pos("Goblin", "Looney").skills) == {"Chainsaw", "Secret Weapon", "Stunty"}
    assert "Loner" not in pos("Halfling", "Treeman").skills
    skeleton = pos("Khemri", "Skeleton")
    assert skeleton.cost == 40_000 and {"Regeneration", "Thick Skull"} <= set(skeleton.skills)
    guardian = pos("Khemri", "Tomb Guardian")
    assert (guardian.cost, guardian.ma) == (100_000, 4) and {"Decay", "Regeneration"} <= set(guardian.skills)
    assert "Mummy" not in [p.name for p in lrb6.race("Khemri").positions]
    assert pos("Undead", "Skeleton").cost == 40_000 and "Thick Skull" in pos("Undead", "Skeleton").skills
    assert pos("Undead", "Mummy").cost == 120_000 and pos("Skaven", "Rat Ogre").cost == 150_000
    assert pos("Wood Elf", "Catcher").ma == 8 and "Sprint" in pos("Wood Elf", "Catcher").skills
    assert {"Catcher", "Blitzer", "Norse Werewolf", "Yhetee"} <= {p.name for p in lrb6.race("Norse").positions}
    assert {"Chaos Pact", "Slann", "Underworld"} <= set(lrb6.races) and len(lrb6.races) == 24
    assert sorted(r.name for r in lrb6.races.values() if not r.apothecary) == [
        "Khemri", "Necromantic", "Nurgle", "Undead"]  # fmt: skip
    assert {"Animosity", "Fan Favourite", "Stakes"} <= set(lrb6.skill_categories)


@pytest.mark.parametrize("key", ["lrb5", "lrb6"])
def test_lrb5_and_6_star_player_table_and_advance_values(key):
    ruleset = load_bundled(key)
    ten = next(r for r in ruleset.table("star_player_table")["rows"] if r["from"] == 10)
    assert (ten["result"], ten["also"]) == ("ma", ["av"])
    assert ruleset.table("star_player_table")["skill_instead_of_characteristic"]
    values = ruleset.table("advance_values")
    assert {k: values[k] for k in ("skill", "double_skill", "ma", "av", "ag", "st")} == {
        "skill": 20_000, "double_skill": 30_000, "ma": 30_000, "av": 30_000, "ag": 40_000, "st": 50_000}  # fmt: skip


LINE = re.compile(r"^0-(\d+)\s+(.+?)\s+([\d,]+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s")


@pytest.mark.parametrize("race", sorted(load_bundled("lrb4").races))
def test_lrb4_positions_match_their_source_lines(race):
    """Every 0-N line of the source has a position with that limit, cost and profile, and vice versa."""
    data = {r["name"]: r for r in load_bundled("lrb4").table("races")["races"]}[race]
    sourced = []
    for line in data["source_lines"]:
        m = LINE.match(line.strip())
        if m and "Re-roll" not in line:
            limit, _name, cost, ma, st, ag, av = m.groups()
            sourced.append((int(limit), int(cost.replace(",", "")), int(ma), int(st), int(ag), int(av)))
    ours = sorted((p["max"], p["cost"], p["ma"], p["st"], p["ag"], p["av"]) for p in data["positions"])
    assert ours == sorted(sourced)


@pytest.mark.parametrize("key", ["lrb4", "lrb5", "lrb6"])
def test_the_big_guy_flag_follows_the_seeds_own_words(key):
    """Seed 001: "Bull Centaurs, Rat Ogres and Trolls may not come through the reserve team" (the flag bars
    them); no other position is flagged by a general notion of a big guy (a league may add its own)."""
    named = [(race.name, p.name) for race in load_bundled(key).races.values() for p in race.positions
             if p.name in ("Bull Centaur", "Rat Ogre") or p.name.endswith("Troll")]  # fmt: skip
    flagged = [(race.name, p.name) for race in load_bundled(key).races.values() for p in race.positions
               if p.is_big_guy]  # fmt: skip
    assert flagged == named and named
    assert not load_bundled(key).position("Dwarf", "Troll Slayer").is_big_guy
    assert not any(p.flags - {"big_guy"} for race in load_bundled(key).races.values() for p in race.positions)


def test_basic_lineman_is_the_cheapest_twelve_or_more_position():
    ruleset = load_bundled("lrb4")
    assert ruleset.race("Chaos Dwarf").basic_lineman.name == "Hobgoblin"
    assert ruleset.race("Human").basic_lineman.name == "Lineman"
    assert ruleset.race("Undead").basic_lineman.name == "Skeleton"


def test_a_broken_file_is_named_with_the_entry_and_the_problem(tmp_path):
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "ruleset.json").write_text(json.dumps({"name": "House", "key": "house"}))
    (folder / "contracts.json").write_text(json.dumps({"cost_per_roll_per_season": "lots", "min_seasons": 1,
                                                       "max_seasons": 5}))  # fmt: skip
    with pytest.raises(RulesetError) as info:
        _load_tables(folder)
    message = str(info.value)
    assert "contracts.json" in message and "cost_per_roll_per_season" in message and "whole number" in message


def test_invalid_json_names_the_line(tmp_path):
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "ruleset.json").write_text(json.dumps({"name": "House"}))
    (folder / "gate.json").write_text('{"per_die": 1000,\n "semi_final_bonus": }')
    with pytest.raises(RulesetError, match=r"gate.json: line 2 .*not valid JSON"):
        _load_tables(folder)


def test_a_position_limit_must_fit_in_sixteen():
    races = load_bundled().table("races")
    races["races"][0]["positions"][0]["max"] = 17
    with pytest.raises(RulesetError, match="limit from 1 to 16"):
        check_table("races", races)


def test_missing_key_is_named():
    with pytest.raises(RulesetError, match="'max_seasons' is missing"):
        check_table("contracts", {"cost_per_roll_per_season": 1000, "min_seasons": 1})
