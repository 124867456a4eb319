"""Reserve teams through the services: approval, the Reserve Coach, reserve affairs step by step, drafting.

Every refusal writes nothing (snapshot), every roll is stored with its effect.

The tests that read the team list or the tables (approval, the Reserve Team and Player Tables, the positions
offered, limits, drafting, the Rookie Table: marked `each_ruleset`) run on LRB 4.0, LRB 5 and LRB 6; the
bookkeeping of rounds, upkeep, the coach leaving and undo, which reads no ruleset data, on LRB 4.0 only (the
module tripled was the slowest of the service suite). The Goblin re-roll runs on LRB 5 and 6 (LRB 4.0 has no
Goblin team).
"""

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import reserves as rq
from roster_app.queries import rosters as queries
from roster_app.rules.dice import typed_roll
from roster_app.services import reserves as svc
from roster_app.services.league import memory_league
from roster_app.services.players import hire_player, update_player
from roster_app.services.teams import add_team
from roster_app.store.models import DiceRoll, Player, PlayerStatus, ReserveEvent, ReserveSide, RulesetTable
from tests.helpers import add_orcs, after_match, in_pre_match, ledger_sum, snapshot, treasury
from tests.rulesets import position as position_for

each_ruleset = pytest.mark.each_ruleset


def d6(face):
    return typed_roll("D6", [face])


def refused(db, call, words):
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call()
    assert snapshot(db) == before


def side(db, team):
    with db.read() as session:
        row = session.scalars(select(ReserveSide).where(ReserveSide.team_id == team)).one()
        return row.coach_type, row.coach_bonus, row.promising, row.carried


def events(db, team):
    return [(e.kind, e.detail) for e in rq.reserve_history(db, team)]


def rolls(db):
    with db.read() as session:
        return [
            (r.purpose, r.dice, r.faces, r.modifier, r.total, r.typed) for r in session.scalars(select(DiceRoll))
        ]


def with_reserves(db, team, coach="Veteran"):
    svc.approve_reserves(db, team_id=team)
    svc.hire_reserve_coach(db, team_id=team, coach_type=coach)


def orc(db, role):
    """The Orc position for `role` in the league's ruleset ("Orc Blitzer" in LRB 4.0, "Blitzer" in LRB 5/6)."""
    return position_for(db, "Orc", role)


def hire(db, team, count, position=None):
    position = position or orc(db, "Lineman")
    return [hire_player(db, team_id=team, position=position, name=f"{position} {i}").result for i in range(count)]


def house_rule(db, key, change):
    with db.write() as tx:
        row = tx.session.get(RulesetTable, key)
        data = dict(row.data)
        change(data)
        row.data = data
        tx.session.add(row)


@pytest.fixture
def orcs(db):
    return add_orcs(db)


# -- approval and the Reserve Coach --------------------------------------------------------------------
@each_ruleset
def test_undead_are_refused_with_the_reason_and_nothing_is_written(db):
    undead = add_team(db, name="Necropolis", race="Undead").result
    refused(db, lambda: svc.approve_reserves(db, team_id=undead), "Undead teams cannot have a reserve team")
    assert "Undead, Vampire and Big Guy" in rq.reserves_info(db, undead).refusal


@pytest.mark.parametrize("key", ["lrb5", "lrb6"])
@pytest.mark.parametrize("race", ["Vampire", "Khemri", "Necromantic", "Ogre"])
def test_lrb5_and_lrb6_teams_without_reserves_are_refused(race, key):
    db = memory_league(ruleset_key=key)
    team = add_team(db, name="Them", race=race).result
    refused(db, lambda: svc.approve_reserves(db, team_id=team), f"{race} teams cannot have a reserve team")
    db.close()


@each_ruleset
def test_approval_then_a_coach_paid_from_the_treasury(db, orcs):
    refused(db, lambda: svc.hire_reserve_coach(db, team_id=orcs, coach_type="Novice"), "approval")
    change = svc.approve_reserves(db, team_id=orcs)
    assert change.label == "approval of the reserve team of Orcland Raiders"
    assert rq.reserves_info(db, orcs).approved
    change = svc.hire_reserve_coach(db, team_id=orcs, coach_type="Veteran")
    assert change.label == "hire of a Veteran Reserve Coach for Orcland Raiders"
    assert treasury(db, orcs) == 950_000 == ledger_sum(db, orcs)
    assert queries.ledger(db, orcs)[-1].reason == "Hired a Veteran Reserve Coach"
    assert side(db, orcs) == ("Veteran", 1, 0, 0)


def test_only_one_reserve_coach_at_a_time(db, orcs):
    with_reserves(db, orcs)
    refused(db, lambda: svc.hire_reserve_coach(db, team_id=orcs, coach_type="Star"), "one Reserve Coach at a time")


@pytest.mark.parametrize(("gold", "ok"), [(100_000, True), (99_999, False)])
def test_a_star_coach_needs_100000_in_the_treasury(db, gold, ok):
    team = add_orcs(db, treasury=gold)
    svc.approve_reserves(db, team_id=team)
    if ok:
        svc.hire_reserve_coach(db, team_id=team, coach_type="Star")
        assert treasury(db, team) == 0 and side(db, team)[:2] == ("Star", 2)
    else:
        refused(db, lambda: svc.hire_reserve_coach(db, team_id=team, coach_type="Star"), "99,999 gp")


def test_an_unknown_coach_type_is_refused(db, orcs):
    svc.approve_reserves(db, team_id=orcs)
    refused(db, lambda: svc.hire_reserve_coach(db, team_id=orcs, coach_type="Legend"), "Novice, Veteran, Star")


def test_withdrawing_the_approval_waits_until_the_coach_has_left(db, orcs):
    with_reserves(db, orcs)
    refused(db, lambda: svc.approve_reserves(db, team_id=orcs, approved=False), "let him leave")
    after_match(db, orcs)
    svc.reserve_coach_leaves(db, team_id=orcs)
    svc.approve_reserves(db, team_id=orcs, approved=False)
    assert not rq.reserves_info(db, orcs).approved


# -- upkeep and the coach leaving ------------------------------------------------------------------------
@pytest.mark.parametrize(("gold", "ok"), [(10_000, True), (9_999, False)])
def test_the_upkeep_is_10000_from_the_treasury(db, gold, ok):
    team = add_orcs(db, treasury=20_000 + gold)
    with_reserves(db, team, "Novice")
    if ok:
        after_match(db, team)
        assert svc.pay_reserve_upkeep(db, team_id=team).label == "reserve upkeep of Orcland Raiders (10,000 gp)"
        assert treasury(db, team) == 0 == ledger_sum(db, team)
        last = queries.ledger(db, team)[-1]
        assert (last.kind, last.amount, last.reason) == ("upkeep", -10_000, "Upkeep of the Novice Reserve Coach")
    else:
        after_match(db, team)
        refused(db, lambda: svc.pay_reserve_upkeep(db, team_id=team), "can only be let go")


def test_the_coach_leaving_takes_every_pending_bonus_with_him(db, orcs):
    with_reserves(db, orcs)
    after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    svc.roll_reserve_table(db, team_id=orcs, roll=d6(3))  # promising +1
    with db.write() as tx:  # and a +2 carried from an earlier unaffordable roll
        row = tx.session.scalars(select(ReserveSide)).one()
        row.carried = 2
        tx.session.add(row)
    assert side(db, orcs) == ("Veteran", 1, 1, 2)
    before_gold = treasury(db, orcs)
    after_match(db, orcs)
    svc.reserve_coach_leaves(db, team_id=orcs)
    assert side(db, orcs) == (None, 0, 0, 0)
    assert treasury(db, orcs) == before_gold
    assert events(db, orcs)[-1] == (
        "coach_left",
        "The Veteran Reserve Coach left, taking +1 from Promising youngsters and +2 carried from an unaffordable "
        "roll with him.",
    )
    after_match(db, orcs)
    refused(db, lambda: svc.pay_reserve_upkeep(db, team_id=orcs), "no Reserve Coach")
    svc.hire_reserve_coach(db, team_id=orcs, coach_type="Novice")  # as soon as he has the money
    assert side(db, orcs) == ("Novice", 0, 0, 0)


# -- the Reserve Team Table ------------------------------------------------------------------------------
@each_ruleset
def test_the_reserve_team_table_needs_the_upkeep_first_and_is_rolled_once(db, orcs):
    with_reserves(db, orcs)
    after_match(db, orcs)
    refused(db, lambda: svc.roll_reserve_table(db, team_id=orcs, roll=d6(3)), "upkeep")
    svc.pay_reserve_upkeep(db, team_id=orcs)
    change = svc.roll_reserve_table(db, team_id=orcs, roll=d6(4))
    assert (
        change.label
        == "Reserve Team Table roll for Orcland Raiders: 4 – Promising youngster: +1 to the next Player Table roll"
    )
    refused(db, lambda: svc.roll_reserve_table(db, team_id=orcs, roll=d6(5)), "already rolled")
    assert side(db, orcs)[2] == 1
    assert rolls(db) == [("reserve team table", "D6", [4], 0, 4, True)]
    kind, detail = events(db, orcs)[-1]
    assert kind == "reserve_roll" and detail.startswith("Rolled 4 – Promising youngster")


def test_promising_bonuses_add_up_over_rounds(db, orcs):
    with_reserves(db, orcs)
    for face in (3, 4, 1):
        after_match(db, orcs)
        svc.pay_reserve_upkeep(db, team_id=orcs)
        svc.roll_reserve_table(db, team_id=orcs, roll=d6(face))
    assert side(db, orcs)[2] == 2
    assert treasury(db, orcs) == 1_000_000 - 50_000 - 30_000 == ledger_sum(db, orcs)


def test_not_rolling_is_allowed_and_ends_the_round(db, orcs):
    with_reserves(db, orcs)
    after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    svc.skip_reserve_table(db, team_id=orcs)
    assert rq.reserves_info(db, orcs).round.step == "done"
    refused(db, lambda: svc.roll_reserve_table(db, team_id=orcs, roll=d6(5)), "already rolled")


def test_the_app_rolls_when_no_dice_are_typed(db, orcs):
    with_reserves(db, orcs)
    after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    svc.roll_reserve_table(db, team_id=orcs)
    [(purpose, dice, faces, modifier, total, typed)] = rolls(db)
    assert (purpose, dice, modifier, typed) == ("reserve team table", "D6", 0, False)
    assert 1 <= faces[0] <= 6 and total == faces[0]


def test_typed_dice_are_checked(db, orcs):
    with_reserves(db, orcs)
    after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    refused(db, lambda: svc.roll_reserve_table(db, team_id=orcs, roll=typed_roll("2D6", [3, 4])), "rolled with D6")


@pytest.fixture(params=["lrb5", "lrb6"])
def goblins(request):
    db = memory_league(ruleset_key=request.param)
    team = add_team(db, name="Da Gobbos", race="Goblin").result
    with_reserves(db, team)
    after_match(db, team)
    svc.pay_reserve_upkeep(db, team_id=team)
    yield db, team
    db.close()


def test_a_goblin_coach_may_reroll_once_and_must_keep_the_second_result(goblins):
    db, team = goblins
    svc.roll_reserve_table(db, team_id=team, roll=d6(3))  # promising +1 ...
    assert side(db, team)[2] == 1
    assert rq.reserves_info(db, team).may_reroll
    svc.reroll_reserve_table(db, team_id=team, roll=d6(1))  # ... replaced by nothing, and it stands
    assert side(db, team)[2] == 0
    assert not rq.reserves_info(db, team).may_reroll
    refused(db, lambda: svc.reroll_reserve_table(db, team_id=team, roll=d6(5)), "once")
    assert [r[0] for r in rolls(db)] == ["reserve team table", "reserve team table re-roll"]
    assert [k for k, _ in events(db, team)][-2:] == ["reserve_roll", "reserve_reroll"]


def test_a_goblin_reroll_to_a_new_player_leads_to_the_player_table(goblins):
    db, team = goblins
    svc.roll_reserve_table(db, team_id=team, roll=d6(1))
    svc.reroll_reserve_table(db, team_id=team, roll=d6(6))
    assert rq.reserves_info(db, team).round.step == "player_table"


def test_no_reroll_after_the_player_table(goblins):
    db, team = goblins
    svc.roll_reserve_table(db, team_id=team, roll=d6(5))
    svc.roll_player_table(db, team_id=team, roll=d6(3))
    refused(db, lambda: svc.reroll_reserve_table(db, team_id=team, roll=d6(1)), "once")


@each_ruleset
def test_an_orc_coach_may_not_reroll(db, orcs):
    with_reserves(db, orcs)
    after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    svc.roll_reserve_table(db, team_id=orcs, roll=d6(1))
    refused(db, lambda: svc.reroll_reserve_table(db, team_id=orcs, roll=d6(5)), "Only Goblin and Halfling")


# -- the Player Table and the free player --------------------------------------------------------------------
def ready(db, team, *, promising=0):
    """Pay upkeep and roll a 'youngster is ready', after `promising` Promising rounds."""
    for _ in range(promising):
        after_match(db, team)
        svc.pay_reserve_upkeep(db, team_id=team)
        svc.roll_reserve_table(db, team_id=team, roll=d6(3))
    after_match(db, team)
    svc.pay_reserve_upkeep(db, team_id=team)
    svc.roll_reserve_table(db, team_id=team, roll=d6(5))


@each_ruleset
def test_the_player_table_adds_the_coach_and_every_promising_bonus_then_uses_them_up(db, orcs):
    with_reserves(db, orcs, "Veteran")
    ready(db, orcs, promising=2)
    refused(db, lambda: svc.add_reserve_player(db, team_id=orcs, position="Goblin", name="Snik"), "no free player")
    change = svc.roll_player_table(db, team_id=orcs, roll=d6(3))
    value, offered = change.result
    assert value == 80_000
    assert set(offered) == {orc(db, r) for r in ("Lineman", "Goblin", "Blitzer", "Black Orc Blocker", "Thrower")}
    assert list(offered) == [p.name for p in db.ruleset.race("Orc").positions if p.name in offered]
    assert change.label == "Player Table roll for Orcland Raiders: 6, up to 80,000 gp"
    assert rolls(db)[-1] == ("player table", "D6", [3], 3, 6, True)
    assert side(db, orcs) == ("Veteran", 1, 0, 0)
    assert events(db, orcs)[-1] == ("player_roll", "Rolled 3 + 3 = 6: a player worth up to 80,000 gp.")
    refused(db, lambda: svc.roll_player_table(db, team_id=orcs, roll=d6(2)), "only when")


@each_ruleset
def test_the_free_player_joins_without_gold(db, orcs):
    with_reserves(db, orcs)
    ready(db, orcs)
    svc.roll_player_table(db, team_id=orcs, roll=d6(4))  # 4 + 1 = 5: up to 70,000
    gold = treasury(db, orcs)
    refused(
        db,
        lambda: svc.add_reserve_player(db, team_id=orcs, position=orc(db, "Blitzer"), name="Grak"),
        "more than the 70,000 gp",
    )
    refused(db, lambda: svc.add_reserve_player(db, team_id=orcs, position="Troll", name="Big"), "Big Guys")
    change = svc.add_reserve_player(db, team_id=orcs, position=orc(db, "Thrower"), name="Grak", number=7)
    assert change.label == "free reserve player Grak, Orc Thrower"  # the race named on every ruleset
    assert treasury(db, orcs) == gold == ledger_sum(db, orcs)
    with db.read() as session:
        player = session.get(Player, change.result)
        assert (player.origin, player.value, player.cost, player.number) == ("reserve", 70_000, 70_000, 7)
    assert rq.reserves_info(db, orcs).round.step == "done"
    refused(
        db, lambda: svc.add_reserve_player(db, team_id=orcs, position="Goblin", name="Again"), "no free player"
    )


@each_ruleset
def test_nothing_affordable_gives_no_player_and_plus_2_on_the_next_roll(db, orcs):
    with_reserves(db, orcs, "Novice")
    hire(db, orcs, 4, "Goblin")  # the only 40,000 position is full: the cheapest one left costs 50,000
    ready(db, orcs)
    change = svc.roll_player_table(db, team_id=orcs, roll=d6(2))  # 40,000
    assert change.result == (40_000, ())
    assert side(db, orcs) == ("Novice", 0, 0, 2)
    assert events(db, orcs)[-1][0] == "nothing_affordable"
    assert rq.reserves_info(db, orcs).round.step == "done"
    ready(db, orcs)
    svc.roll_player_table(db, team_id=orcs, roll=d6(1))  # 1 + 2 = 3: 50,000, a Lineman
    assert rolls(db)[-1][3:5] == (2, 3)
    assert side(db, orcs) == ("Novice", 0, 0, 0)  # used up, not carried twice


def test_an_unaffordable_roll_at_1_gives_plus_2_only_once(db, orcs):
    with_reserves(db, orcs, "Novice")
    ready(db, orcs)
    assert svc.roll_player_table(db, team_id=orcs, roll=d6(1)).result == (30_000, ())
    after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    svc.roll_reserve_table(db, team_id=orcs, roll=d6(6))
    assert svc.roll_player_table(db, team_id=orcs, roll=d6(1)).result[0] == 50_000
    assert side(db, orcs)[3] == 0


@each_ruleset
def test_position_limits_hold_for_the_free_player(db, orcs):
    with_reserves(db, orcs)
    hire(db, orcs, 2, orc(db, "Thrower"))
    ready(db, orcs)
    svc.roll_player_table(db, team_id=orcs, roll=d6(5))
    refused(
        db, lambda: svc.add_reserve_player(db, team_id=orcs, position=orc(db, "Thrower"), name="Third"), "limit"
    )


@pytest.mark.parametrize(("players", "needs_room"), [(15, False), (16, True)])
def test_a_team_of_16_must_retire_someone_or_lose_him(db, players, needs_room):
    team = add_orcs(db, treasury=2_000_000)
    ids = hire(db, team, players)
    with_reserves(db, team)
    ready(db, team)
    svc.roll_player_table(db, team_id=team, roll=d6(3))
    if not needs_room:
        svc.add_reserve_player(db, team_id=team, position="Goblin", name="Snik")
        assert len(queries.roster(db, team)) == 16
        return
    refused(db, lambda: svc.add_reserve_player(db, team_id=team, position="Goblin", name="Snik"), "retire one")
    svc.add_reserve_player(db, team_id=team, position="Goblin", name="Snik", retire_player_id=ids[0])
    roster = queries.roster(db, team)
    assert len(roster) == 16 and "Snik" in {r.name for r in roster} and ids[0] not in {r.id for r in roster}
    assert [k for k, _ in events(db, team)][-2:] == ["retired", "new_player"]


def test_the_free_player_can_be_lost_for_good(db, orcs):
    with_reserves(db, orcs)
    ready(db, orcs)
    svc.roll_player_table(db, team_id=orcs, roll=d6(3))
    svc.let_reserve_player_go(db, team_id=orcs)
    assert queries.roster(db, orcs) == []
    assert events(db, orcs)[-1] == ("player_lost", "The free player worth up to 60,000 gp was lost for good.")
    assert rq.reserves_info(db, orcs).round.step == "done"


def test_a_new_round_waits_for_the_pending_player(db, orcs):
    with_reserves(db, orcs)
    ready(db, orcs)
    after_match(db, orcs)
    refused(db, lambda: svc.pay_reserve_upkeep(db, team_id=orcs), "not finished")
    after_match(db, orcs)
    refused(db, lambda: svc.reserve_coach_leaves(db, team_id=orcs), "middle")


def test_one_upkeep_per_match(db, orcs):
    """The reserve exploit: one round of reserve affairs (upkeep, one Reserve Team Table roll) per post-match
    sequence, however the services are called."""
    with_reserves(db, orcs)
    match_id = after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    svc.roll_reserve_table(db, team_id=orcs, roll=d6(1))  # nothing this time: the round is over
    for call in (
        lambda: svc.pay_reserve_upkeep(db, team_id=orcs),
        lambda: svc.pay_reserve_upkeep(db, team_id=orcs, match_id=match_id),
        lambda: svc.reserve_coach_leaves(db, team_id=orcs),
    ):
        refused(db, call, "already dealt with its reserve affairs after this match")
    refused(db, lambda: svc.roll_reserve_table(db, team_id=orcs, roll=d6(5)), "already rolled")
    assert [e.kind for e in queries.ledger(db, orcs)].count("upkeep") == 1
    ups = [row for row in rolls(db) if row[0] == "reserve team table"]
    assert len(ups) == 1


def test_reserve_affairs_only_at_step_4_1_of_a_match_the_team_played(db, orcs):
    with_reserves(db, orcs)
    refused(db, lambda: svc.pay_reserve_upkeep(db, team_id=orcs),
            r"start of purchases in the post-match sequence \(step 4.1\): after Orcland Raiders' next match")  # fmt: skip
    after_match(db, orcs, step="winnings")
    refused(
        db, lambda: svc.pay_reserve_upkeep(db, team_id=orcs), r"at step 1 \(winnings\).*steps 1 to 3 come first"
    )
    after_match(db, orcs, step="purchases")
    refused(db, lambda: svc.pay_reserve_upkeep(db, team_id=orcs), "past it")
    other = after_match(db, orcs)
    refused(db, lambda: svc.pay_reserve_upkeep(db, team_id=orcs, match_id=other - 1), "not of the match named")
    svc.pay_reserve_upkeep(db, team_id=orcs)
    with db.read() as session:
        from roster_app.store.models import LedgerEntry

        assert session.scalars(select(LedgerEntry.match_id).order_by(LedgerEntry.id.desc())).first() == other


def test_undo_of_a_roll_removes_it_and_its_effect(db, orcs):
    with_reserves(db, orcs)
    after_match(db, orcs)
    svc.pay_reserve_upkeep(db, team_id=orcs)
    before = snapshot(db)
    change = svc.roll_reserve_table(db, team_id=orcs, roll=d6(4))
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert side(db, orcs)[2] == 1


# -- drafting ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("active", "missing", "ok"), [(10, 0, True), (11, 0, False), (10, 1, True), (10, 5, True)]
)
def test_drafting_needs_10_or_fewer_available_players(db, active, missing, ok):
    team = add_orcs(db, treasury=2_000_000)
    for pid in hire(db, team, active + missing)[active:]:
        update_player(db, player_id=pid, field="status", value=PlayerStatus.MISS_NEXT_GAME)
    with_reserves(db, team)
    fixture = in_pre_match(db, team)

    def call():
        return svc.draft_player(
            db, team_id=team, match_id=fixture, position=orc(db, "Blitzer"), name="Grak", roll=d6(6)
        )

    if ok:
        call()
    else:
        refused(db, call, "10 or fewer")


def test_a_full_squad_of_16_cannot_draft_even_with_players_missing(db):
    team = add_orcs(db, treasury=2_000_000)
    for pid in hire(db, team, 16)[:8]:
        update_player(db, player_id=pid, field="status", value=PlayerStatus.MISS_NEXT_GAME)
    with_reserves(db, team)
    fixture = in_pre_match(db, team)
    refused(
        db,
        lambda: svc.draft_player(db, team_id=team, match_id=fixture, position="Goblin", name="Snik", roll=d6(6)),
        "full squad of 16",
    )


def test_drafting_needs_a_reserve_side(db, orcs):
    svc.approve_reserves(db, team_id=orcs)
    fixture = in_pre_match(db, orcs)
    refused(
        db,
        lambda: svc.draft_player(db, team_id=orcs, match_id=fixture, position="Goblin", name="Snik", roll=d6(6)),
        "reserve side",
    )


@each_ruleset
def test_a_draft_costs_half_and_the_rating_counts_the_full_cost(db, orcs):
    with_reserves(db, orcs)
    fixture = in_pre_match(db, orcs)
    rating_before = queries.team_header(db, orcs)
    gold = treasury(db, orcs)
    blitzer = orc(db, "Blitzer")
    change = svc.draft_player(db, team_id=orcs, match_id=fixture, position=blitzer, name="Grak", roll=d6(5))
    player_id, outcome = change.result
    assert change.label == "draft of Grak, Orc Blitzer, from the reserves"  # "Blitzer" says its race
    assert treasury(db, orcs) == gold - 40_000 == ledger_sum(db, orcs)
    last = queries.ledger(db, orcs)[-1]
    assert (last.kind, last.amount) == ("reserve", -40_000)
    assert last.reason == "Drafted Grak, Orc Blitzer, from the reserves (half of 80,000 gp)"
    header = queries.team_header(db, orcs)
    assert header.value == rating_before.value + 80_000
    # 80,000 value in, 40,000 gold out: the rating rises by (80,000 - 40,000) / 10,000
    assert header.rating == rating_before.rating + 4
    with db.read() as session:
        player = session.get(Player, player_id)
        assert (player.origin, player.value, player.cost, player.ma) == ("drafted", 80_000, 80_000, 6)
    assert not outcome.applied and rolls(db)[-1] == ("rookie table", "D6", [5], 0, 5, True)
    assert events(db, orcs)[-1][1].endswith("Rookie Table 5: No lasting effect: Grak plays as normal.")


@each_ruleset
@pytest.mark.parametrize(("face", "stat", "after"), [(1, "ma", 4), (2, "st", 2), (3, "ag", 2), (4, "av", 8)])
def test_the_rookie_table_is_permanent(db, orcs, face, stat, after):
    with_reserves(db, orcs)
    fixture = in_pre_match(db, orcs)
    player_id, outcome = svc.draft_player(
        db, team_id=orcs, match_id=fixture, position=orc(db, "Lineman"), name="Bob", roll=d6(face)
    ).result
    assert outcome.applied
    [row] = queries.roster(db, orcs)
    assert getattr(row, stat) == after and row.value == 50_000


@each_ruleset
@pytest.mark.parametrize(
    ("position", "stat", "change", "after", "ignored"),
    [
        ("Lineman", "st", -2, 1, False),  # exactly 2 below and exactly 1: allowed
        ("Lineman", "ma", -3, 5, True),  # 3 below the original 5: ignored
        ("Goblin", "st", -1, 1, False),  # 2 -> 1: allowed
        ("Goblin", "st", -2, 2, True),  # 2 -> 0: below 1, ignored
    ],
)
def test_rookie_floors_through_the_service(db, orcs, position, stat, change, after, ignored):
    def harsher(data):
        data["rows"] = [dict(r) for r in data["rows"]]
        data["rows"][0] = {**data["rows"][0], "stat": stat, "change": change, "text": f"{change} {stat.upper()}"}

    house_rule(db, "rookie_table", harsher)
    with_reserves(db, orcs)
    fixture = in_pre_match(db, orcs)
    _pid, outcome = svc.draft_player(
        db, team_id=orcs, match_id=fixture, position=orc(db, position), name="Rookie", roll=d6(1)
    ).result
    assert outcome.ignored is ignored
    [row] = queries.roster(db, orcs)
    assert getattr(row, stat) == after
    if ignored:
        assert "ignored, because" in events(db, orcs)[-1][1]


@each_ruleset
def test_a_draft_the_team_cannot_afford_is_refused(db):
    team = add_orcs(db, treasury=50_000)
    with_reserves(db, team, "Novice")  # 30,000 left
    fixture = in_pre_match(db, team)
    refused(
        db,
        lambda: svc.draft_player(
            db, team_id=team, match_id=fixture, position="Black Orc Blocker", name="Big", roll=d6(5)
        ),
        "half of 80,000",
    )
    refused(
        db,
        lambda: svc.draft_player(db, team_id=team, match_id=fixture, position="Troll", name="Big", roll=d6(5)),
        "cannot be drafted",
    )
    svc.draft_player(db, team_id=team, match_id=fixture, position="Goblin", name="Snik", roll=d6(5))
    assert treasury(db, team) == 10_000


def test_the_reserve_file_keeps_treasury_ledger_roster_and_bonuses(file_db, league_file):
    from roster_app.safety.opening import open_league
    from tests.helpers import team_id

    team = team_id(file_db, "Orcland Raiders")
    with_reserves(file_db, team, "Star")
    ready(file_db, team, promising=1)
    svc.roll_player_table(file_db, team_id=team, roll=typed_roll("D6", [6]))  # 6 + 2 + 1 = 9
    svc.add_reserve_player(file_db, team_id=team, position="Orc Blitzer", name="Grak")
    after_match(file_db, team)
    svc.pay_reserve_upkeep(file_db, team_id=team)
    svc.roll_reserve_table(file_db, team_id=team, roll=d6(4))
    file_db.close()
    db = open_league(league_file, read_only=True)
    info = rq.reserves_info(db, team)
    assert (info.coach_type, info.coach_bonus, info.promising, info.carried) == ("Star", 2, 1, 0)
    assert treasury(db, team) == 1_000_000 - 100_000 - 3 * 10_000 == ledger_sum(db, team)
    assert [(r.name, r.position) for r in queries.roster(db, team)] == [("Grak", "Orc Blitzer")]
    assert [e.title for e in rq.reserve_history(db, team)] == [
        "Approved", "Reserve Coach hired", "Upkeep paid", "Reserve Team Table", "Upkeep paid",
        "Reserve Team Table", "Player Table", "New player", "Upkeep paid", "Reserve Team Table",
    ]  # fmt: skip
    assert rq.reserve_history(db, team)[6].roll == "D6: 6 + 3 = 9 (typed in)"
    with db.read() as session:
        assert session.scalar(select(ReserveEvent).where(ReserveEvent.kind == "new_player")).player_id is not None
    db.close()
