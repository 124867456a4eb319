"""The post-match rules at their boundaries: gate, winnings, fan factor, Star Player Table, injuries, standings."""

from dataclasses import dataclass

import pytest

from roster_app.errors import RuleViolation
from roster_app.rules import postmatch as pm
from roster_app.rules.dice import Roll
from roster_app.rules.ruleset import default_ruleset, load_bundled


def test_the_gate_is_one_d6_per_fan_factor_point_times_1000_with_playoff_bonuses():
    assert pm.gate_from_faces([6, 1, 3], "league") == 10_000
    assert pm.gate_from_faces([6, 1, 3], "semi-final") == 13_000
    assert pm.gate_from_faces([6, 1, 3], "final") == 16_000
    assert pm.gate_bounds(12, "league") == (12_000, 72_000)


@pytest.mark.parametrize(("gate", "ok"), [(11_000, False), (12_000, True), (72_000, True), (73_000, False),
                                          (20_500, False)])  # fmt: skip
def test_a_typed_gate_must_be_one_the_dice_can_give(gate, ok):
    if ok:
        pm.check_gate(gate, (7, 5), "league")
    else:
        with pytest.raises(RuleViolation, match="12 D6"):
            pm.check_gate(gate, (7, 5), "league")


@pytest.mark.parametrize(
    ("rating", "result", "rate"),
    [(100, "win", 2000), (101, "win", 1500), (150, "draw", 1000), (151, "draw", 750), (200, "loss", 500),
     (201, "loss", 250), (0, "loss", 1000)],
)  # fmt: skip
def test_winnings_rate_by_rating_for_winnings_and_result(rating, result, rate):
    assert pm.winnings_rate(rating, result) == rate
    assert pm.match_winnings(rating, result, 23_000) == rate * 23


def test_winnings_follow_the_league_table_when_the_commissioner_edits_it():
    rules = load_bundled("lrb4")
    table = rules.table("match_winnings")
    table["rows"][0]["win"] = 3000
    edited = rules.with_table("match_winnings", table)
    assert pm.match_winnings(90, "win", 10_000, edited) == 30_000


@pytest.mark.parametrize(
    ("ff", "result", "total", "after"),
    [(7, "win", 7, 7), (7, "win", 8, 8), (7, "win", 3, 7), (7, "draw", 8, 8), (7, "loss", 7, 7),
     (7, "loss", 6, 6), (7, "loss", 12, 7), (0, "loss", 2, 0), (18, "win", 18, 18)],
)  # fmt: skip
def test_fan_factor_gains_above_loses_below_within_its_limits(ff, result, total, after):
    assert pm.fan_factor_after(ff, result, total) == after


def test_fan_factor_dice_depend_on_the_result():
    assert [pm.fan_factor_dice(r) for r in pm.RESULTS] == ["3D6", "2D6", "2D6"]


def _options(position_name, total, faces=None, **stats):
    rules = default_ruleset()
    position = rules.position("Human", position_name)
    current = {s: stats.get(s, position.stat(s)) for s in ("ma", "st", "ag", "av")}
    faces = faces or ((total - 1, 1) if total > 2 else (1, 1))
    return pm.advance_options(position, skills=[], stats=current, roll=Roll("2D6", faces), ruleset=rules)


@pytest.mark.parametrize(("total", "first"), [(2, "skill"), (9, "skill"), (10, "ma"), (11, "ag"), (12, "st")])
def test_star_player_table_rows(total, first):
    faces = (6, 6) if total == 12 else ((total - 1, 1) if total > 2 else (1, 1))
    options = _options("Lineman", total, faces)
    assert options[0].kind == first


def test_a_characteristic_result_also_allows_a_skill_instead():
    options = _options("Lineman", 10, (6, 4))
    assert options[0].key == "ma"
    assert {o.kind for o in options[1:]} == {"skill"}


@pytest.mark.parametrize(("ma", "offered"), [(7, True), (8, False)])  # Human Lineman MA 6: at most 8
def test_a_characteristic_never_rises_more_than_two_above_the_position(ma, offered):
    options = _options("Lineman", 10, (6, 4), ma=ma)
    assert ("ma" in {o.key for o in options}) is offered
    assert any(o.kind == "skill" for o in options)  # at the cap the roll still gives a skill


def test_a_double_opens_the_categories_the_position_takes_only_on_a_double():
    plain = {o.category for o in _options("Lineman", 8, (5, 3))}
    double = {o.category for o in _options("Lineman", 8, (4, 4))}
    assert plain == {"General"}
    assert double == {"General", "Agility", "Strength", "Passing"}  # never Physical, not open to the position


def test_choosing_an_advance_that_is_not_offered_is_refused():
    options = _options("Lineman", 8, (5, 3))
    assert pm.choose_advance(options, "skill:Block", "Hans").skill == "Block"
    with pytest.raises(RuleViolation, match="cannot take Dodge"):
        pm.choose_advance(options, "skill:Dodge", "Hans")
    with pytest.raises(RuleViolation, match="Choose what Hans"):
        pm.choose_advance(options, None, "Hans")


@pytest.mark.parametrize(("kind", "dead", "stat", "lasting", "misses"), [
    ("Miss next game", False, None, None, True), ("Niggling injury", False, None, "Niggling injury", True),
    ("-1 AV", False, "av", "-1 AV", True), ("Dead", True, None, None, False),
    ("Badly hurt", False, None, None, False)])  # fmt: skip
def test_injury_effects(kind, dead, stat, lasting, misses):
    assert pm.injury_effect(kind) == pm.InjuryEffect(dead, stat, lasting, misses)


def test_an_unknown_injury_is_refused():
    with pytest.raises(RuleViolation):
        pm.injury_effect("Broken nail")


@pytest.mark.parametrize(("current", "after"), [(6, 5), (5, 4), (4, 4)])  # Human Lineman MA 6: floor 4
def test_a_lost_characteristic_never_falls_more_than_two_below_the_position(current, after):
    position = default_ruleset().position("Human", "Lineman")
    assert pm.lowered_stat(position, current, "ma") == after


@dataclass
class Row:
    name: str
    points: int
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0


def test_tie_breakers_in_the_leagues_order():
    rows = [Row("A", 6, 4, 4), Row("B", 6, 5, 3), Row("C", 6, 5, 3, 2, 0), Row("D", 7), Row("E", 6, 5, 3, 2, 0)]
    ranked = [(pos, r.name) for pos, r in pm.rank(rows)]
    assert ranked == [(1, "D"), (2, "C"), (2, "E"), (4, "B"), (5, "A")]


@pytest.mark.parametrize(
    ("a", "b", "first"),
    [
        (Row("A", 3), Row("B", 4), "B"),  # points first
        (Row("A", 3, 1, 0), Row("B", 3, 2, 0), "B"),  # then touchdown difference
        (Row("A", 3, 1, 0, 5, 0), Row("B", 3, 1, 0, 4, 0), "A"),  # then casualty difference
        (Row("A", 3, 2, 1, 4, 0), Row("B", 3, 3, 2, 4, 0), "B"),  # then touchdowns scored
    ],
)
def test_each_tie_breaker_in_turn(a, b, first):
    ranked = pm.rank([a, b])
    assert ranked[0][1].name == first
    assert [position for position, _row in ranked] == [1, 2]


def test_league_points_are_a_league_setting():
    rules = load_bundled("lrb4")
    assert [pm.league_points(r, rules) for r in pm.RESULTS] == [3, 1, 0]
    table = {**rules.table("league_points"), "win": 2}
    assert pm.league_points("win", rules.with_table("league_points", table)) == 2


def test_random_mvp_needs_a_player():
    with pytest.raises(RuleViolation):
        pm.random_mvp(0)
