"""House rules: the league's tables are edited, checked, reset, exported and imported; the file keeps them."""

import copy
import json
import os
import shutil

import pytest

from roster_app.errors import DugoutError, RuleViolation
from roster_app.queries.ruleset import rule_tables
from roster_app.rules.dicetables import check_ranges
from roster_app.rules.ruleset import TABLES, load_bundled
from roster_app.rules.transfers import tribunal_price
from roster_app.safety.opening import open_league
from roster_app.services.ruleset import export_ruleset, import_ruleset, reset_table, set_table
from tests.helpers import snapshot

RANGE_TABLES = ["star_player_table", "reserve_team_table", "player_table", "rookie_table", "player_reaction",
                "match_winnings"]  # fmt: skip


def edited(db, key, **values):
    data = copy.deepcopy(db.ruleset.table(key))
    data.update(values)
    return data


def status(db, key):
    return next(row for row in rule_tables(db) if row.key == key)


def test_an_edit_is_checked_written_marked_and_undone(db):
    change = set_table(db, key="tribunal", data=edited(db, "tribunal", per_roll=20_000), what="per roll 20,000 gp")
    assert db.ruleset.table("tribunal")["per_roll"] == 20_000
    assert not status(db, "tribunal").is_default
    assert change.label == "Tribunal Table: per roll 20,000 gp"
    db.replay(change, forward=False)
    assert db.ruleset.table("tribunal")["per_roll"] == 10_000
    assert status(db, "tribunal").is_default


def test_a_table_edited_back_to_the_default_is_the_league_default_again(db):
    set_table(db, key="contracts", data=edited(db, "contracts", max_seasons=3))
    assert not status(db, "contracts").is_default
    set_table(db, key="contracts", data=edited(db, "contracts", max_seasons=5))
    assert status(db, "contracts").is_default


def test_the_next_price_follows_the_league_tribunal_table(db):
    cost, rolls, die = 50_000, 3, 4
    assert tribunal_price(cost, rolls, die, ruleset=db.ruleset) == 50_000 + 30_000 + 40_000
    set_table(db, key="tribunal", data=edited(db, "tribunal", per_roll=15_000, per_pip=5_000))
    assert tribunal_price(cost, rolls, die, ruleset=db.ruleset) == 50_000 + 45_000 + 20_000


def _wide(row):
    """A row that still holds a result when it loses one at either end."""
    return row["from"] is None or row["to"] is None or row["to"] > row["from"]


@pytest.mark.parametrize("key", RANGE_TABLES)
@pytest.mark.parametrize(("shift", "words"), [(-1, "overlap"), (+1, "no row covers")])
def test_ranges_that_overlap_or_leave_a_gap_are_refused_naming_the_rows(db, key, shift, words):
    data = copy.deepcopy(db.ruleset.table(key))
    rows = data["rows"]
    index = 1 if shift < 0 else next(i for i in range(1, len(rows)) if _wide(rows[i - 1]) or _wide(rows[i]))
    if shift < 0:
        rows[index]["from"] -= 1
    elif _wide(rows[index - 1]):
        rows[index - 1]["to"] -= 1
    else:
        rows[index]["from"] += 1
    before = snapshot(db)
    with pytest.raises(RuleViolation) as info:
        set_table(db, key=key, data=data)
    message = str(info.value)
    assert message.startswith(TABLES[key]) and f"rows {index} and {index + 1}" in message and words in message
    assert "Nothing was changed" in message
    assert snapshot(db) == before


@pytest.mark.parametrize(
    ("key", "change", "words"),
    [
        ("races", lambda d: d["races"][0]["positions"][0].update(max=17), "limit from 1 to 16"),
        ("races", lambda d: d["races"][0]["positions"][0].update(cost=0), "gold pieces above 0"),
        ("reserve_coaches", lambda d: d["coaches"][1].update(cost=-5), "coach type 2 (Veteran), 'cost'"),
        ("races", lambda d: d["races"][8]["positions"][0].update(normal=["Sorcery"]), "'Sorcery' is not a skill category"),
        ("skills", lambda d: d["skills"].pop(0), "'Block' is not a skill of the Skills table"),
        ("spp_levels", lambda d: d["levels"][2].update(min_spp=3), "row 3 (Veteran): SPP must rise"),
        ("team_rules", lambda d: d.update(max_players=11), "does not fit in 11 players"),
        ("tribunal", lambda d: d.update(dice="D7"), "dice such as D6"),
    ],
)  # fmt: skip
def test_broken_tables_are_refused_with_the_entry_and_problem(db, key, change, words):
    data = copy.deepcopy(db.ruleset.table(key))
    change(data)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="Nothing was changed") as info:
        set_table(db, key=key, data=data)
    assert words in str(info.value)
    assert snapshot(db) == before


def test_reset_puts_the_bundled_table_back(db):
    set_table(db, key="gate", data=edited(db, "gate", per_die=2000))
    change = reset_table(db, key="gate")
    assert db.ruleset.table("gate") == load_bundled().table("gate")
    assert status(db, "gate").is_default
    db.replay(change, forward=False)
    assert db.ruleset.table("gate")["per_die"] == 2000


def test_reset_of_a_default_table_changes_nothing(db):
    assert reset_table(db, key="gate").empty


def test_export_then_import_gives_an_equal_ruleset(db, tmp_path):
    from roster_app.services.league import memory_league

    set_table(db, key="tribunal", data=edited(db, "tribunal", per_pip=12_000))
    rows = copy.deepcopy(db.ruleset.table("reserve_team_table"))
    rows["rows"][0]["text"] = "Nothing at all"
    set_table(db, key="reserve_team_table", data=rows)
    path = tmp_path / "house.json"
    export_ruleset(db, path=path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["house_rules"] == ["reserve_team_table", "tribunal"]
    assert list(document["tables"]) == list(TABLES)

    other = memory_league(name="Elsewhere")
    change = import_ruleset(other, path=path)
    assert change.result == ["reserve_team_table", "tribunal"]
    assert dict(other.ruleset.tables) == dict(db.ruleset.tables)
    assert not status(other, "tribunal").is_default and status(other, "gate").is_default
    other.close()


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["plain", "byte-order mark"])
def test_a_ruleset_file_saved_with_or_without_a_byte_order_mark_imports(db, tmp_path, bom):
    """Issue 36: Windows Notepad saves UTF-8 with a byte-order mark; League > Rules > Import refused such a file."""
    from roster_app.services.league import memory_league

    set_table(db, key="tribunal", data=edited(db, "tribunal", per_pip=12_000))
    path = tmp_path / "house.json"
    export_ruleset(db, path=path)
    path.write_bytes(bom + path.read_bytes())  # as Notepad saves it after an edit
    other = memory_league(name="Elsewhere")
    try:
        assert import_ruleset(other, path=path).result == ["tribunal"]
        assert other.ruleset.table("tribunal") == db.ruleset.table("tribunal")
    finally:
        other.close()


def test_import_into_the_same_league_restores_it_and_undoes(db, tmp_path):
    path = tmp_path / "before.json"
    export_ruleset(db, path=path)
    before = dict(db.ruleset.tables)
    set_table(db, key="tribunal", data=edited(db, "tribunal", per_pip=1_000))
    change = import_ruleset(db, path=path)
    assert dict(db.ruleset.tables) == before
    db.replay(change, forward=False)
    assert db.ruleset.table("tribunal")["per_pip"] == 1_000


def test_export_is_written_whole_and_leaves_no_temporary_file(db, tmp_path):
    path = tmp_path / "rules.json"
    path.write_text("old")
    export_ruleset(db, path=path)
    assert json.loads(path.read_text())["format"] == "dugout-ruleset"
    assert [p.name for p in tmp_path.iterdir()] == ["rules.json"]


def test_export_to_a_missing_folder_is_refused_plainly(db, tmp_path):
    with pytest.raises(DugoutError, match="does not exist. Nothing was saved"):
        export_ruleset(db, path=tmp_path / "nowhere" / "rules.json")


def test_a_single_table_file_as_dugout_ships_it_can_be_imported(db, tmp_path):
    table = load_bundled().table("tribunal")
    table["per_roll"] = 30_000
    path = tmp_path / "tribunal.json"
    path.write_text(json.dumps(table))
    assert import_ruleset(db, path=path).result == ["tribunal"]
    assert db.ruleset.table("tribunal")["per_roll"] == 30_000


def _export(db, tmp_path, change):
    path = tmp_path / "house.json"
    export_ruleset(db, path=path)
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document, indent=1))
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["tables"]["player_table"]["rows"].__delitem__(slice(3, 5)),
         "Player Table, rows 3 and 4 (3, 6): no row covers 4-5"),
        (lambda d: d["tables"]["rookie_table"]["rows"][1].update({"from": 1}),
         "Rookie Table, rows 1 and 2 (1, 1-2): the ranges overlap at 1"),
        (lambda d: d["tables"]["races"]["races"][2]["positions"][1].update({"cost": "lots"}),
         "Team lists and positions, race 3 (Dark Elf), position 2 (Thrower), 'cost'"),
        (lambda d: d["tables"].update({"weather": {}}), "tables Dugout does not know (weather)"),
        (lambda d: d.pop("tables"), "holds no tables"),
        # a number no league reaches (gold beyond a billion could overflow the file's sums)
        (lambda d: d["tables"]["team_rules"].update(starting_treasury=10**30),
         "'starting_treasury': must be a whole number of gold pieces, 0 or more (at most 1,000,000,000)"),
        (lambda d: d["tables"]["league_points"].update(win=10**7), "'win': must be a whole number from -1,000,000"),
    ],
)  # fmt: skip
def test_an_import_is_refused_whole_with_the_table_row_and_problem_named(db, tmp_path, change, words):
    path = _export(db, tmp_path, change)
    set_table(db, key="gate", data=edited(db, "gate", per_die=500))
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="Nothing was imported|was not imported") as info:
        import_ruleset(db, path=path)
    assert words in str(info.value)
    assert snapshot(db) == before


def test_a_file_that_is_not_json_is_refused_with_the_line(db, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"tables": {\n "gate": }')
    with pytest.raises(RuleViolation, match=r"'broken.json'.*line 2"):
        import_ruleset(db, path=path)


def test_a_league_file_copied_elsewhere_keeps_its_house_rules(file_db, league_file, tmp_path):
    set_table(file_db, key="tribunal", data=edited(file_db, "tribunal", per_roll=17_000))
    file_db.close()
    copy_path = tmp_path / "emailed" / "league.dugout"
    copy_path.parent.mkdir()
    shutil.copy(league_file, copy_path)
    copied = open_league(copy_path, read_only=True)
    assert copied.ruleset.table("tribunal")["per_roll"] == 17_000
    assert not status(copied, "tribunal").is_default
    copied.close()


@pytest.mark.parametrize("key", RANGE_TABLES)
def test_every_bundled_range_table_is_whole(key):
    data = load_bundled().table(key)
    check_ranges(key, data["rows"], data.get("dice"))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "[" * 100_000 + "]" * 100_000,
            "nested too deeply to be a ruleset",
        ),  # Python's RecursionError reached the window
        (
            '{"tables": {"gate": {"per_die": 1' + "0" * 5000 + "}}}",
            "holds a number far too long",
        ),  # a ValueError did
        ("\udcff", "cannot be read (it is not a text file)"),
    ],
)
def test_a_hostile_ruleset_file_is_refused_in_words(db, tmp_path, text, words):
    path = tmp_path / "hostile.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    before = snapshot(db)
    with pytest.raises(RuleViolation) as refused:
        import_ruleset(db, path=path)
    assert words in str(refused.value) and "Nothing was imported." in str(refused.value)
    assert snapshot(db) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes as on Unix")
def test_a_named_pipe_or_a_huge_file_is_never_read(db, tmp_path, monkeypatch):
    from roster_app.services import ruleset

    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)  # reading it would wait for a writer forever
    with pytest.raises(RuleViolation, match="is a named pipe, not a ruleset file. Nothing was imported."):
        import_ruleset(db, path=pipe)
    big = tmp_path / "big.json"
    big.write_text("{}")
    monkeypatch.setattr(ruleset, "RULESET_BYTES", 1)
    with pytest.raises(RuleViolation, match="2 bytes long: too large to be a ruleset"):
        import_ruleset(db, path=big)
