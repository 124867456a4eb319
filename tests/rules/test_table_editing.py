"""Editing ruleset tables cell by cell and row by row: ranges stay whole, every value has its place."""

import copy

import pytest

from roster_app.errors import RulesetError, RuleViolation
from roster_app.rules import table_edit
from roster_app.rules.dicetables import check_ranges, remove_range_row, set_bound, split_range_row
from roster_app.rules.ruleset import TABLES, load_bundled
from roster_app.rules.schema import check_links, check_table
from roster_app.rules.table_layout import sections

RANGE_TABLES = [key for key in TABLES if any(s.ranges for s in sections(key))]
REACTION = [{"from": None, "to": 5}, {"from": 6, "to": 8}, {"from": 9, "to": None}]


def test_the_range_tables_are_found_from_their_shapes():
    assert RANGE_TABLES == ["star_player_table", "reserve_team_table", "player_table", "rookie_table",
                            "player_reaction", "match_winnings", "handicap_table", "kick_off", "casualty_table"]  # fmt: skip


@pytest.mark.parametrize(
    ("index", "key", "value", "expected"),
    [
        (0, "to", 6, [(None, 6), (7, 8), (9, None)]),  # the next row starts where this one ends
        (1, "from", 5, [(None, 4), (5, 8), (9, None)]),  # the row before ends where this one starts
        (1, "to", 10, [(None, 5), (6, 10), (11, None)]),  # an open-ended neighbour follows too
        (1, "to", 5, [(None, 5), (6, 5), (6, None)]),  # an empty row is left for check_ranges to name
    ],
)
def test_moving_a_bound_moves_the_neighbour(index, key, value, expected):
    rows = set_bound(REACTION, index, key, value)
    assert [(r["from"], r["to"]) for r in rows] == expected
    assert REACTION[1] == {"from": 6, "to": 8}  # the input is not changed


def test_swallowing_the_next_row_is_an_overlap_naming_both_rows():
    rows = set_bound([{"from": 2, "to": 9}, {"from": 10, "to": 10}, {"from": 11, "to": 11}, {"from": 12, "to": 12}],
                     1, "to", 11)  # fmt: skip
    assert [(r["from"], r["to"]) for r in rows][1:3] == [(10, 11), (11, 11)]
    with pytest.raises(RulesetError, match=r"rows 2 and 3 \(10-11, 11\).*overlap at 11"):
        check_ranges("Star Player Table", rows, "2D6")


@pytest.mark.parametrize("key", RANGE_TABLES)
def test_removing_or_splitting_any_row_keeps_a_bundled_table_whole(key):
    data = load_bundled().table(key)
    rows, dice = data["rows"], data.get("dice")
    for index in range(len(rows)):
        if len(rows) > 1:
            check_ranges(key, remove_range_row(rows, index), dice)
        try:
            split = split_range_row(rows, index)
        except RuleViolation as exc:
            assert f"Row {index + 1}" in str(exc) and "single result" in str(exc)
            continue

        def payload(row):
            return {k: v for k, v in row.items() if k not in ("from", "to")}

        assert len(split) == len(rows) + 1 and payload(split[index + 1]) == payload(rows[index])
        check_ranges(key, split, dice)


def test_a_new_row_copies_the_row_it_splits():
    rows = split_range_row(
        [{"from": 1, "to": 2, "result": "nothing"}, {"from": 3, "to": 6, "result": "player"}], 1
    )
    assert rows[1:] == [{"from": 3, "to": 4, "result": "player"}, {"from": 5, "to": 6, "result": "player"}]


def _covered(table):
    """Key paths the layout shows ('*' = any list index or name)."""
    out = []
    for section in sections(table):
        base = section.path
        if section.kind == "settings":
            out += [f.path for f in section.fields]
        elif section.kind in ("values", "named"):
            out.append((*base, "*"))
        else:
            out += [
                (*base, "*", *f.path) for f in section.fields if not (section.kind == "fixed" and f.key == "name")
            ]
            if section.detail is not None:
                out += [(*base, "*", *section.detail.path, "*", *f.path) for f in section.detail.fields]
    return out


def _leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path


def _matches(pattern, path):
    return len(path) >= len(pattern) and all(p in ("*", q) for p, q in zip(pattern, path, strict=False))


@pytest.mark.parametrize("ruleset", ["lrb4", "lrb5", "lrb6"])
@pytest.mark.parametrize("table", list(TABLES))
def test_every_value_of_every_table_has_a_place_in_the_window(ruleset, table):
    data = {k: v for k, v in load_bundled(ruleset).table(table).items() if k not in ("table", "note", "source")}
    covered = _covered(table)
    missing = [p for p in _leaves(data) if not any(_matches(c, p) for c in covered)]
    assert missing == []


def _section(table, path):
    return next(s for s in sections(table) if s.path == path)


def test_an_emptied_optional_text_leaves_the_table():
    data = load_bundled().table("reserve_team_table")
    section = _section("reserve_team_table", ("rows",))
    text = next(f for f in section.fields if f.key == "text")
    out = table_edit.with_cell(data, section, ("rows",), 0, text, "")
    assert "text" not in out["rows"][0] and "text" in data["rows"][0]
    check_table("reserve_team_table", out)


def test_an_optional_setting_shows_its_default():
    data = load_bundled().table("races")
    section = _section("races", ("races",))
    reserves = next(f for f in section.fields if f.key == "reserves")
    race = {k: v for k, v in data["races"][0].items() if k != "reserves"}
    assert table_edit.cell(section, 0, race, reserves) is True


def test_renaming_a_named_value_keeps_its_place():
    data = load_bundled().table("referee_skills")
    section = _section("referee_skills", ("prerequisites",))
    out = table_edit.with_cell(data, section, ("prerequisites",), 1, section.fields[0], "Frenzy")
    assert list(out["prerequisites"].items()) == [("Sprint", "Fast Runner"), ("Frenzy", "Fast Runner"),
                                                  ("Horns", "Blitz")]  # fmt: skip


def test_a_new_entry_copies_the_selected_one_under_a_new_name():
    data = load_bundled().table("races")
    path = ("races", 8, "positions")  # Orc
    section = _section("races", ("races",)).detail
    out, row = table_edit.with_row_added(data, section, path, 1)
    positions = out["races"][8]["positions"]
    assert row == 2 and positions[2]["name"] == f"{positions[1]['name']} (2)"
    assert positions[2]["cost"] == positions[1]["cost"]
    check_table("races", out)


def test_a_new_named_value_takes_the_first_free_choice():
    data = load_bundled().table("referee_skills")
    section = _section("referee_skills", ("prerequisites",))
    out, row = table_edit.with_row_added(data, section, ("prerequisites",), None, ["Sprint", "Blitz", "Block"])
    assert row == 3 and list(out["prerequisites"])[3] == "Blitz"


def test_rows_move_and_are_removed():
    data = load_bundled().table("reserve_coaches")
    section = _section("reserve_coaches", ("coaches",))
    moved = table_edit.with_row_moved(data, ("coaches",), 0, 1)
    assert [c["name"] for c in moved["coaches"]] == ["Veteran", "Novice", "Star"]
    gone = table_edit.with_row_removed(data, section, ("coaches",), 2)
    assert [c["name"] for c in gone["coaches"]] == ["Novice", "Veteran"]
    assert table_edit.entry_label(section, 1, data["coaches"][1]) == "coach type 2 (Veteran)"


@pytest.mark.parametrize("ruleset", ["lrb4", "lrb5", "lrb6"])
def test_the_bundled_rulesets_hold_together(ruleset):
    check_links(load_bundled(ruleset).tables)


def test_a_position_may_not_take_more_players_than_a_team_has():
    tables = copy.deepcopy(dict(load_bundled().tables))
    tables["team_rules"]["max_players"] = 11
    with pytest.raises(RulesetError, match="a limit of 12 does not fit in 11 players"):
        check_links(tables)
