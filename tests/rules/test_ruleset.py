"""The bundled rulesets load, their team lists match their sources, and broken files are named plainly."""

import json
import re

import pytest

from roster_app.errors import RulesetError
from roster_app.rules.ruleset import TABLES, _load_tables, available_rulesets, load_bundled
from roster_app.rules.schema import check_table


def test_both_rulesets_load_with_every_table():
    assert set(available_rulesets()) == {"lrb4", "lrb6"}
    lrb4, lrb6 = load_bundled("lrb4"), load_bundled("lrb6")
    assert set(TABLES) <= set(lrb4.tables)
    assert len(lrb4.races) == 12
    assert len(lrb6.races) == 21


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


def test_big_guys_are_flagged():
    ruleset = load_bundled("lrb4")
    assert ruleset.position("Chaos Dwarf", "Bull Centaur").is_big_guy
    assert ruleset.position("Orc", "Troll").is_big_guy
    assert not ruleset.position("Orc", "Orc Blitzer").is_big_guy


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
