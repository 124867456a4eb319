"""Reserve teams as pure rules, at the boundaries the reserve-teams article sets: each test that takes a
ruleset runs on every bundled one (LRB 4.0, LRB 5, LRB 6)."""

import pytest

from roster_app.rules import load_bundled
from roster_app.rules.reserves import (
    AffairsRound,
    Kind,
    Step,
    a,
    affairs_round,
    draft_cost,
    draft_positions,
    draft_refusal,
    offered_positions,
    player_table_modifier,
    player_table_value,
    reserves_refusal,
    rookie_outcome,
    why_not_offered,
)
from roster_app.rules.ruleset import Position, Race
from tests.rulesets import position

LRB4, LRB5, LRB6 = load_bundled("lrb4"), load_bundled("lrb5"), load_bundled("lrb6")
ORC = LRB4.race("Orc")
each_ruleset = pytest.mark.parametrize("ruleset", [LRB4, LRB5, LRB6], ids=["lrb4", "lrb5", "lrb6"])
STATS = {"ma": 5, "st": 3, "ag": 3, "av": 9}


@pytest.mark.parametrize(
    ("ruleset", "race"),
    [
        (LRB4, "Undead"),
        (LRB5, "Undead"),
        (LRB5, "Vampire"),
        (LRB5, "Khemri"),
        (LRB5, "Necromantic"),
        (LRB5, "Ogre"),
        (LRB6, "Undead"),
        (LRB6, "Vampire"),
        (LRB6, "Khemri"),
        (LRB6, "Necromantic"),
        (LRB6, "Ogre"),
    ],
)
def test_undead_vampire_and_big_guy_teams_are_refused_in_words(ruleset, race):
    why = reserves_refusal(ruleset.race(race))
    assert why.startswith(f"{race} teams cannot have a reserve team")
    assert "Undead, Vampire and Big Guy teams" in why


@pytest.mark.parametrize("race", ["Orc", "Human", "Chaos Dwarf", "Skaven"])
def test_other_teams_may_have_reserves(race):
    assert reserves_refusal(LRB4.race(race)) is None


def big(name, flags=("big_guy",)):
    return Position("Giants", name, 2, 140_000, 5, 5, 2, 9, (), ("S",), ("G",), frozenset(flags))


def test_a_team_whose_positions_are_all_big_guys_cannot_have_reserves():
    giants = Race("Giants", 70_000, 8, True, False, (big("Ogre"), big("Troll")))
    assert "every position on their list is a Big Guy" in reserves_refusal(giants)
    with_linemen = Race("Giants", 70_000, 8, True, False, (big("Ogre"), big("Snotling", ())))
    assert reserves_refusal(with_linemen) is None


@pytest.mark.parametrize(
    ("value", "offered"),
    [
        (30_000, []),
        (39_999, []),
        (40_000, ["Goblin"]),
        (50_000, ["Lineman", "Goblin"]),
        (110_000, ["Lineman", "Goblin", "Blitzer", "Black Orc Blocker", "Thrower"]),
    ],
)
@each_ruleset
def test_positions_offered_up_to_the_rolled_value_never_a_big_guy(ruleset, value, offered):
    orc, names = ruleset.race("Orc"), {position(ruleset, "Orc", role) for role in offered}
    assert [p.name for p in offered_positions(orc, value, {})] == [
        p.name for p in orc.positions if p.name in names
    ]


@each_ruleset
def test_position_limits_hold_so_a_full_position_is_not_offered(ruleset):
    orc = ruleset.race("Orc")
    assert offered_positions(orc, 40_000, {"Goblin": 3}) != []
    assert offered_positions(orc, 40_000, {"Goblin": 4}) == []  # nothing affordable: +2 next time
    assert "already has 4 Goblins" in why_not_offered(orc.position("Goblin"), 40_000, {"Goblin": 4})


@pytest.mark.parametrize("flag", ["big_guy", "star_player", "daemon", "squig"])
def test_flagged_positions_never_come_through_the_reserve_team(flag):
    race = Race("Chaos", 60_000, 8, True, False, (big("Beastman", ()), big("Odd", (flag,))))
    assert [p.name for p in offered_positions(race, 500_000, {})] == ["Beastman"]
    assert why_not_offered(race.position("Odd"), 500_000, {}) is not None


@each_ruleset
def test_the_troll_is_refused_because_he_is_a_big_guy_even_when_the_roll_is_high(ruleset):
    troll = ruleset.position("Orc", "Troll")
    assert why_not_offered(troll, 110_000, {}) == "Big Guys never come through the reserve team."


@pytest.mark.parametrize(
    ("total", "value"), [(0, 30_000), (1, 30_000), (2, 40_000), (7, 90_000), (8, 110_000), (13, 110_000)]
)
@each_ruleset
def test_player_table_values(ruleset, total, value):
    assert player_table_value(ruleset, total) == value


def test_the_player_table_modifier_adds_coach_promising_and_carried():
    assert player_table_modifier(1, 2, 2) == 5
    assert player_table_modifier(0, 0, 0) == 0


@pytest.mark.parametrize(
    ("side", "available", "on_roster", "allowed"),
    [
        (True, 10, 10, True),
        (True, 11, 11, False),
        (True, 10, 15, True),
        (True, 10, 16, False),
        (False, 3, 3, False),
    ],
)
@each_ruleset
def test_drafting_needs_a_reserve_side_10_or_fewer_available_and_fewer_than_16(
    ruleset, side, available, on_roster, allowed
):
    refusal = draft_refusal(has_reserve_side=side, available=available, on_roster=on_roster, ruleset=ruleset)
    assert (refusal is None) is allowed


def test_draft_refusals_say_why():
    assert "10 or fewer" in draft_refusal(has_reserve_side=True, available=11, on_roster=11, ruleset=LRB4)
    assert "full squad of 16" in draft_refusal(has_reserve_side=True, available=5, on_roster=16, ruleset=LRB4)
    assert "reserve side" in draft_refusal(has_reserve_side=False, available=5, on_roster=5, ruleset=LRB4)


@each_ruleset
def test_drafting_costs_half_and_offers_the_team_list_but_no_big_guy(ruleset):
    orc = ruleset.race("Orc")
    assert draft_cost(orc.position(position(ruleset, "Orc", "Blitzer"))) == 40_000
    # "Bull Centaurs, Rat Ogres and Trolls may not come through the reserve team" (seed 001)
    assert [p.name for p in draft_positions(orc)] == [p.name for p in orc.positions if p.name != "Troll"]


@pytest.mark.parametrize(
    ("total", "stat", "after"),
    [(1, "ma", 4), (2, "st", 2), (3, "ag", 2), (4, "av", 8), (5, None, None), (6, None, None)],
)
@each_ruleset
def test_rookie_table_results(ruleset, total, stat, after):
    outcome = rookie_outcome(ruleset, total, current=STATS, original=STATS)
    assert (outcome.stat, outcome.after, outcome.ignored) == (stat, after, False)
    assert outcome.applied is (stat is not None)


@pytest.mark.parametrize(("current", "original", "ignored"), [(4, 4, False), (3, 4, False), (2, 4, True)])
def test_a_characteristic_never_falls_more_than_2_below_its_original_value(current, original, ignored):
    outcome = rookie_outcome(LRB4, 2, current={**STATS, "st": current}, original={**STATS, "st": original})
    assert outcome.ignored is ignored
    assert outcome.after == (current if ignored else current - 1)
    if ignored:
        assert "more than 2 below its original value of 4" in outcome.describe("Grak")


@pytest.mark.parametrize(("current", "ignored"), [(2, False), (1, True)])
def test_a_characteristic_never_falls_below_1(current, ignored):
    outcome = rookie_outcome(LRB4, 3, current={**STATS, "ag": current}, original={**STATS, "ag": current})
    assert outcome.ignored is ignored
    assert ("never fall below 1" in outcome.describe("Snik")) is ignored


def test_rookie_descriptions():
    applied = rookie_outcome(LRB4, 1, current=STATS, original=STATS)
    assert applied.describe("Grak") == "-1 MA: Grak's MA goes from 5 to 4 for good."
    assert rookie_outcome(LRB4, 6, current=STATS, original=STATS).describe("Grak").endswith("plays as normal.")


def round_of(*events):
    return affairs_round(list(events), LRB4)


@each_ruleset
def test_the_affairs_round_follows_the_events(ruleset):
    def round_of(*events):
        return affairs_round(list(events), ruleset)

    assert round_of().step == Step.UPKEEP
    assert round_of((Kind.COACH_HIRED, None)).step == Step.UPKEEP
    assert round_of((Kind.UPKEEP, None)).step == Step.TABLE
    assert round_of((Kind.UPKEEP, None), (Kind.NO_ROLL, None)).step == Step.DONE
    assert round_of((Kind.UPKEEP, None), (Kind.TABLE, 2)).step == Step.DONE
    assert round_of((Kind.UPKEEP, None), (Kind.TABLE, 3)).step == Step.DONE
    ready = round_of((Kind.UPKEEP, None), (Kind.TABLE, 6))
    assert ready.step == Step.PLAYER_TABLE and ready.in_progress
    waiting = round_of((Kind.UPKEEP, None), (Kind.TABLE, 5), (Kind.PLAYER_TABLE, 4))
    assert (waiting.step, waiting.player_value) == (Step.NEW_PLAYER, 60_000)
    for end in (Kind.NEW_PLAYER, Kind.LET_GO, Kind.NOTHING_AFFORDABLE):
        assert (
            round_of((Kind.UPKEEP, None), (Kind.TABLE, 5), (Kind.PLAYER_TABLE, 4), (end, None)).step == Step.DONE
        )


def test_only_goblin_and_halfling_coaches_may_reroll_once_before_the_player_table():
    goblin, orc = LRB6.race("Goblin"), LRB6.race("Orc")
    once = round_of((Kind.UPKEEP, None), (Kind.TABLE, 2))
    assert once.may_reroll(goblin) and not once.may_reroll(orc)
    assert LRB6.race("Halfling").reserve_reroll
    twice = round_of((Kind.UPKEEP, None), (Kind.TABLE, 2), (Kind.REROLL, 1))
    assert not twice.may_reroll(goblin)
    assert not AffairsRound().may_reroll(goblin)
    rolled_on = round_of((Kind.UPKEEP, None), (Kind.TABLE, 5), (Kind.PLAYER_TABLE, 4))
    assert not rolled_on.may_reroll(goblin)


def test_articles():
    assert a("Orc Blitzer") == "an Orc Blitzer"
    assert a("Veteran", capital=True) == "A Veteran"
