"""Step 4.1 (reserve affairs, then contracts) inside the post-match sequence's one transaction, and step 4.2:
transfers wait for steps 1 to 4.1; Finish afterwards neither undoes nor counts a transfer twice.

Every test plays a match of a four-team league first, so only a representative subset runs on LRB 4.0, LRB 5
and LRB 6 (marked `each_ruleset`): the plan of 4.1, Finish writing it, a renewal before an approach, and
4.1 then a transfer then Finish. The rest run on LRB 4.0; the Goblin re-roll on LRB 5 and 6.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import rosters as queries
from roster_app.queries import season as sq
from roster_app.queries import transfers as transfer_queries
from roster_app.queries.postmatch import done_steps
from roster_app.rules.dice import typed_roll
from roster_app.services import reserves
from roster_app.services.contracts import advance_season
from roster_app.services.league import memory_league
from roster_app.services.players import hire_player
from roster_app.services.postmatch.affairs import set_reserve_roll
from roster_app.services.postmatch.draft import ReserveDraft
from roster_app.services.postmatch.plan import DiceEntry, PostMatchDraft, ReservePlayerEntry, plan_post_match
from roster_app.services.postmatch.write import finish_post_match, run_post_match_steps, write_before_transfers
from roster_app.services.season import generate_season
from roster_app.services.teams import add_team
from roster_app.services.transfers import complete_transfer, record_approach
from roster_app.store.models import Contract, DiceRoll, LedgerEntry, Match, Player, ReserveEvent, ReserveSide, Team
from tests.helpers import add_player, ledger_sum, signed, snapshot, treasury
from tests.rulesets import play_economy_as_made, position
from tests.season_helpers import build_teams, report, roster_ids
from tests.services.test_postmatch import typed_draft

each_ruleset = pytest.mark.each_ruleset


def with_coach(db, team_id, coach="Veteran"):
    reserves.approve_reserves(db, team_id=team_id)
    reserves.hire_reserve_coach(db, team_id=team_id, coach_type=coach)


@pytest.fixture
def played(db):
    """Orcland Raiders (a Veteran Reserve Coach, 400,000 gp) 2-0 Athelorn Avengers, gate 27,000: winnings
    40,500 (rating for winnings 106: fan factor 6 counts at its price); the Orc scorer reaches 11 SPP (one star player roll: he may sign a contract in 4.1)."""
    build_teams(db)
    play_economy_as_made(db)  # the gold below is the Match Winnings Table's on every ruleset
    generate_season(db)
    m = sq.fixtures(db)[0]
    with_coach(db, m.home_id)
    home, away = roster_ids(db, m.home_id), roster_ids(db, m.away_id)
    lines = [{"player_id": home[0], "touchdowns": 2}, {"player_id": away[1], "interceptions": 3}]
    report(db, m.id, 2, 0, lines=lines, home_mvp=home[0], away_mvp=away[1], gate=27_000)
    return db, m, home, away


def orc_draft(db, m, home, away):
    """typed_draft with the Orc Blitzer (Gorbag, hired in 4.3) named as the league's ruleset names him."""
    return typed_draft(m, home, away, blitzer=position(db, "Orc", "Blitzer"))


def affairs_draft(db, m, home, away):
    """orc_draft (rolls, fan factor, Gorbag and a re-roll in 4.3) plus 4.1: upkeep paid, a youngster ready
    (6), Player Table 5 + 1 = 6 (up to 80,000), Grunt the Black Orc Blocker joins free, the scorer signs."""
    draft = orc_draft(db, m, home, away)
    orcs = draft.team(m.home_id)
    orcs.reserves.pay = True
    orcs.reserves.table = [DiceEntry([6], typed=True)]
    orcs.reserves.player_roll = DiceEntry([5], typed=True)
    orcs.reserves.player = ReservePlayerEntry("Black Orc Blocker", "Grunt", 13)
    orcs.contracts = {home[0]: 2}
    return draft


def refused(db, call, words):
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call()
    assert snapshot(db) == before


def match_ledger(db, match_id, team_id):
    with db.read() as session:
        return sorted(session.execute(
            select(LedgerEntry.kind, LedgerEntry.amount).where(LedgerEntry.match_id == match_id,
                                                               LedgerEntry.team_id == team_id)
        ).all())  # fmt: skip


@each_ruleset
def test_the_plan_shows_step_4_1_before_it_is_written(played):
    db, m, home, away = played
    plan = plan_post_match(db, m.id, affairs_draft(db, m, home, away))
    assert plan.problems == []
    orcs = plan.home.affairs
    assert (orcs.treasury_before, orcs.treasury_after) == (440_500, 428_500)
    r = orcs.reserves
    assert (r.coach, r.pay, r.player_modifier, r.player_value) == ("Veteran", True, 1, 80_000)
    assert "Black Orc Blocker" in {o.name for o in r.offered} and "Troll" not in {o.name for o in r.offered}
    assert r.lines[0] == "Upkeep of the Veteran Reserve Coach (10,000 gp)"
    assert r.lines[-1] == "Grunt, Black Orc Blocker, joins from the reserves (free)"
    [signing] = orcs.signed
    assert (signing.player_id, signing.rolls, signing.seasons, signing.cost, signing.renewal) == (home[0], 1, 2, 2000,
                                                                                                  False)  # fmt: skip
    assert plan.away.affairs.reserves is None  # no reserve team
    assert plan.home.purchases.treasury_before == 428_500  # 4.3 spends what 4.1 leaves
    lost = affairs_draft(db, m, home, away)
    lost.team(m.home_id).reserves.player, lost.team(m.home_id).reserves.let_go = None, True
    assert plan.home.rating_after - plan_post_match(db, m.id, lost).home.rating_after == 8  # Grunt's 80,000


@each_ruleset
def test_finish_writes_4_1_with_the_reserves_and_contracts_services_in_one_transaction(played):
    db, m, home, away = played
    change = finish_post_match(db, match_id=m.id, draft=affairs_draft(db, m, home, away))
    assert change.label.startswith("post-match sequence of")
    assert match_ledger(db, m.id, m.home_id) == sorted([
        ("winnings", 40_500), ("upkeep", -10_000), ("contract", -2_000), ("hire", -80_000), ("reroll", -120_000)])  # fmt: skip
    assert treasury(db, m.home_id) == ledger_sum(db, m.home_id) == 440_500 - 12_000 - 200_000
    with db.read() as session:
        events = session.execute(
            select(ReserveEvent.kind, ReserveEvent.match_id).where(ReserveEvent.team_id == m.home_id)
            .order_by(ReserveEvent.id)
        ).all()  # fmt: skip
        rolls = session.execute(
            select(DiceRoll.purpose, DiceRoll.faces, DiceRoll.modifier, DiceRoll.total, DiceRoll.typed)
            .where(DiceRoll.purpose.in_(["reserve team table", "player table"])).order_by(DiceRoll.id)
        ).all()  # fmt: skip
        grunt = session.scalars(select(Player).where(Player.name == "Grunt")).one()
        contract = session.scalars(select(Contract)).one()
        side = session.scalars(select(ReserveSide)).one()
    assert [e for e in events if e[1] == m.id] == [("upkeep", m.id), ("reserve_roll", m.id), ("player_roll", m.id),
                                                  ("new_player", m.id)]  # fmt: skip
    assert rolls == [("reserve team table", [6], 0, 6, True), ("player table", [5], 1, 6, True)]
    assert (grunt.team_id, grunt.number, grunt.origin, grunt.position) == (
        m.home_id,
        13,
        "reserve",
        "Black Orc Blocker",
    )
    assert (contract.player_id, contract.seasons, contract.cost, contract.renewal) == (home[0], 2, 2000, False)
    assert (side.promising, side.carried, side.coach_type) == (0, 0, "Veteran")
    orcs = queries.team_header(db, m.home_id)
    assert orcs.rerolls == 1


def test_undo_of_the_whole_sequence_restores_the_exact_league(played):
    db, m, home, away = played
    before = snapshot(db)
    change = finish_post_match(db, match_id=m.id, draft=affairs_draft(db, m, home, away))
    after = snapshot(db)
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert snapshot(db) == after


def spoil_table(d, m, h):
    d.team(m.home_id).reserves.table = []


@pytest.mark.parametrize(
    ("spoil", "words"),
    [(lambda d, m, h: setattr(d.team(m.home_id).reserves, "pay", None), "pay the Reserve Coach's upkeep, or let him"),
     (spoil_table, "roll on the Reserve Team Table, or choose not to"),
     (lambda d, m, h: setattr(d.team(m.home_id).reserves, "player_roll", None), "a youngster is ready"),
     (lambda d, m, h: setattr(d.team(m.home_id).reserves, "player", None), "choose the free player"),
     (lambda d, m, h: setattr(d.team(m.home_id).reserves.player, "position", "Troll"), "Big Guys never come"),
     (lambda d, m, h: setattr(d.team(m.home_id).reserves, "player_roll", DiceEntry([1])),
      "costs 80,000 gp, more than the 40,000 gp"),
     (lambda d, m, h: setattr(d.team(m.home_id).reserves.player, "number", 1), "number 1 is already taken"),
     (lambda d, m, h: setattr(d.team(m.home_id).reserves.player, "name", "  "), "needs a name"),
     (lambda d, m, h: setattr(d.team(m.home_id).reserves, "table", [DiceEntry([7])]), "D6 shows 1 to 6"),
     (lambda d, m, h: d.team(m.home_id).contracts.update({h[0]: 6}), "at most 5 seasons"),
     (lambda d, m, h: d.team(m.home_id).contracts.update({h[1]: 2}), "can no longer sign one"),
     (lambda d, m, h: d.team(m.home_id).contracts.update({h[0]: 0, 999: 1}), "can no longer sign one")],
)  # fmt: skip
def test_an_incomplete_or_wrong_step_4_1_is_refused_and_writes_nothing(played, spoil, words):
    db, m, home, away = played
    draft = affairs_draft(db, m, home, away)
    spoil(draft, m, home)
    refused(db, lambda: finish_post_match(db, match_id=m.id, draft=draft), words)


def test_an_upkeep_the_treasury_cannot_pay_leaves_only_letting_the_coach_go(played):
    db, m, home, away = played
    with db.write() as tx:  # a broke team and a tiny crowd: 2,000 gp of winnings
        from roster_app.services.common import post

        post(tx.session, tx.session.get(Team, m.home_id), -400_000, kind="correction", reason="test: broke")
        tx.session.get(Match, m.id).gate = 1_000
    draft = orc_draft(db, m, home, away)
    draft.team(m.home_id).hires, draft.team(m.home_id).buy = [], {}
    draft.team(m.home_id).reserves.pay = True
    assert not plan_post_match(db, m.id, draft).home.affairs.reserves.can_pay
    refused(db, lambda: finish_post_match(db, match_id=m.id, draft=draft), "the Reserve Coach can only be let go")
    draft.team(m.home_id).reserves.pay = False
    finish_post_match(db, match_id=m.id, draft=draft)
    with db.read() as session:
        side = session.scalars(select(ReserveSide)).one()
        left = session.scalars(select(ReserveEvent.kind).where(ReserveEvent.match_id == m.id)).all()
    assert side.coach_type is None and left == ["coach_left"]
    assert treasury(db, m.home_id) == 2_000


def test_the_coach_who_is_not_paid_leaves_with_the_pending_bonuses(played):
    db, m, home, away = played
    with db.write() as tx:
        side = tx.session.scalars(select(ReserveSide)).one()
        side.promising = 2
    draft = orc_draft(db, m, home, away)
    draft.team(m.home_id).reserves.pay = False
    plan = plan_post_match(db, m.id, draft)
    assert plan.home.affairs.reserves.lines == ("The Veteran Reserve Coach leaves, taking +2 on the Player Table with "
                                                "him",)  # fmt: skip
    finish_post_match(db, match_id=m.id, draft=draft)
    with db.read() as session:
        side = session.scalars(select(ReserveSide)).one()
    assert (side.coach_type, side.promising) == (None, 0)


def steps_1_to_3(db, m, home, away):
    """The sequence stands at step 4.1 for both teams: reserve affairs and contracts may be dealt with."""
    run_post_match_steps(
        db, match_id=m.id, steps=["winnings", "spp", "fan_factor"], draft=orc_draft(db, m, home, away)
    )


def test_affairs_already_dealt_with_on_the_reserves_tab_are_not_done_twice(played):
    db, m, home, away = played
    refused(
        db, lambda: reserves.pay_reserve_upkeep(db, team_id=m.home_id, match_id=m.id), "steps 1 to 3 come first"
    )
    steps_1_to_3(db, m, home, away)
    reserves.pay_reserve_upkeep(db, team_id=m.home_id, match_id=m.id)
    reserves.skip_reserve_table(db, team_id=m.home_id)
    plan = plan_post_match(db, m.id, orc_draft(db, m, home, away))
    assert plan.home.affairs.reserves.done and plan.problems == []
    finish_post_match(db, match_id=m.id, draft=orc_draft(db, m, home, away))
    assert [k for k, _a in match_ledger(db, m.id, m.home_id)].count("upkeep") == 1


@each_ruleset
def test_an_ended_contract_is_renewed_before_anyone_may_approach_him(played):
    db, m, home, away = played
    scorer = home[0]
    with db.write() as tx:
        player = tx.session.get(Player, scorer)
        player.spp, player.rolls_taken = 6, 1  # one roll taken; two after this match
    signed(db, scorer, 1)
    with db.write() as tx:
        advance_season(tx.session)  # his contract has ended: a free agent his team may renew
    draft = orc_draft(db, m, home, away)
    draft.team(m.home_id).reserves.pay = True
    draft.team(m.home_id).reserves.no_roll = True
    draft.team(m.home_id).contracts = {scorer: 3}
    [line] = [c for c in plan_post_match(db, m.id, draft).home.affairs.contracts if c.player_id == scorer]
    assert (line.renewal, line.rolls, line.cost) == (True, 2, 6_000)  # 16 SPP after the match: two rolls
    finish_post_match(db, match_id=m.id, draft=draft)
    with db.read() as session:
        latest = session.scalars(select(Contract).order_by(Contract.id.desc())).first()
    assert (latest.renewal, latest.seasons, latest.status) == (True, 3, "running")
    assert ("contract", -6_000) in match_ledger(db, m.id, m.home_id)


def test_an_old_sequence_written_before_step_4_1_existed_counts_it_as_done(played):
    db, m, _home, _away = played
    with db.write() as tx:
        match = tx.session.get(Match, m.id)
        match.post_match = {"done": {str(m.home_id): ["winnings", "spp", "fan_factor", "purchases"]}}
        assert done_steps(match, m.home_id) == ["winnings", "spp", "fan_factor", "affairs", "purchases"]


# -- a goblin head coach re-rolls the Reserve Team Table -------------------------------------------------
@pytest.fixture(params=["lrb5", "lrb6"])  # no Goblin team in LRB 4.0
def goblin_match(request):
    db = memory_league(ruleset_key=request.param)
    teams = []
    for name, race, role in (("Da Gobbos", "Goblin", "Goblin"), ("Altdorf Arms", "Human", "Lineman")):
        team = add_team(db, name=name, race=race).result
        for number in range(1, 12):
            hire_player(
                db, team_id=team, position=position(db, race, role), name=f"{name} {number}", number=number
            )
        teams.append(team)
    with_coach(db, teams[0])
    generate_season(db)
    [m] = sq.fixtures(db)
    report(db, m.id, 0, 0, lines=[])
    yield db, m, teams[0]
    db.close()


def test_a_goblin_reroll_replaces_the_first_result_and_leads_to_the_player_table(goblin_match):
    db, m, gobbos = goblin_match
    draft = PostMatchDraft()
    for team in (m.home_id, m.away_id):
        draft.team(team).fan_roll = DiceEntry([3, 3], typed=True)
        draft.team(team).winnings_roll = DiceEntry([3], typed=True)
    draft.team(gobbos).reserves.pay = True
    draft.team(gobbos).reserves.table = [
        DiceEntry([3], typed=True),
        DiceEntry([6], typed=True),
    ]  # promising, then ready
    draft.team(gobbos).reserves.player_roll = DiceEntry([1], typed=True)
    r = plan_post_match(db, m.id, draft).team(gobbos).affairs.reserves
    assert r.player_modifier == 1  # the Veteran's +1; the first roll's Promising was replaced
    cheap = [
        n for n in ("Goblin", "Bombardier", "Pogoer", "Looney") if db.ruleset.position("Goblin", n).cost <= 40_000
    ]
    assert (r.player_value, [o.name for o in r.offered]) == (40_000, cheap)  # the Pogoer is 70,000 in LRB 6
    draft.team(gobbos).reserves.player = ReservePlayerEntry("Looney", "Zogga", 12)
    finish_post_match(db, match_id=m.id, draft=draft)
    with db.read() as session:
        kinds = session.scalars(
            select(ReserveEvent.kind).where(ReserveEvent.match_id == m.id).order_by(ReserveEvent.id)
        ).all()
    assert kinds == ["upkeep", "reserve_roll", "reserve_reroll", "player_roll", "new_player"]


def test_only_a_goblin_or_halfling_coach_has_a_second_roll(played):
    db, m, home, away = played
    draft = affairs_draft(db, m, home, away)
    draft.team(m.home_id).reserves.table = [DiceEntry([1], typed=True), DiceEntry([6], typed=True)]
    r = plan_post_match(db, m.id, draft).home.affairs.reserves
    assert len(r.table) == 1 and not r.youngster_ready  # an Orc coach's first roll stands


# -- 4.2: transfers come after 4.1 and before 4.3 ----------------------------------------------------------
def an_elf_for_sale(db, m):
    """A twelfth Elf (a team of 11 may not sell), a free agent Rookie."""
    return add_player(db, m.away_id, position(db, "Wood Elf", "Lineman"), "Ithil", pay=True, number=12)


def test_no_transfer_before_steps_1_to_4_1_of_both_teams(played):
    db, m, home, away = played
    elf = an_elf_for_sale(db, m)
    refused(db, lambda: record_approach(db, player_id=elf, buyer_team_id=m.home_id),
            r"Orcland Raiders are at step 1 \(winnings\) of the post-match sequence")  # fmt: skip
    other = sq.fixtures(db)[1].home_id  # a team with no match waiting may not buy at all
    refused(
        db, lambda: record_approach(db, player_id=elf, buyer_team_id=other), r"after Reikland Reavers' next match"
    )
    row = next(r for r in transfer_queries.transfer_market(db, m.home_id) if r.id == elf)
    assert "steps 1 to 4.1 come first" in row.problem


@each_ruleset
def test_steps_1_to_4_1_then_a_transfer_then_finish(played):
    db, m, home, away = played
    elf = an_elf_for_sale(db, m)
    draft = affairs_draft(db, m, home, away)
    draft.team(m.home_id).hires, draft.team(m.home_id).buy = [], {}
    first = write_before_transfers(db, match_id=m.id, draft=draft)
    assert first.label.startswith("post-match steps 1 to 4.1 (before transfers) of Orcland Raiders 2-0")
    assert treasury(db, m.home_id) == 428_500  # winnings in, upkeep and contract out
    assert done_steps(db_match(db, m.id), m.home_id) == ["winnings", "spp", "fan_factor", "affairs"]
    refused(db, lambda: write_before_transfers(db, match_id=m.id, draft=draft), "already written")
    approach = record_approach(db, player_id=elf, buyer_team_id=m.home_id).result
    deal = complete_transfer(db, transfer_id=approach, reaction_roll=typed_roll("2D6", [5, 5], modifier=2),
                             price=70_000 + 30_000, tribunal_roll=typed_roll("D6", [3]), number=14)  # fmt: skip
    assert treasury(db, m.home_id) == 328_500
    draft.team(m.home_id).buy = {"rerolls": 1}
    plan = plan_post_match(db, m.id, draft)
    assert plan.home.purchases.treasury_before == 328_500  # 4.3 spends what the transfer left
    # the Wood Elf is an ally: each re-roll costs 10,000 gp more (double price 120,000 + 10,000)
    assert plan.home.purchases.prices["rerolls"] == 130_000
    assert plan.home.purchases.lines == (("1 re-roll at 130,000 gp (with +10,000 gp for 1 ally)", 130_000),)
    finish = finish_post_match(db, match_id=m.id, draft=draft)
    assert treasury(db, m.home_id) == ledger_sum(db, m.home_id) == 328_500 - 130_000
    assert treasury(db, m.away_id) == ledger_sum(db, m.away_id)
    kinds = [k for k, _a in match_ledger(db, m.id, m.home_id)]
    assert sorted(kinds) == ["contract", "reroll", "upkeep", "winnings"]  # nothing twice; the transfer has its own
    assert db_match(db, m.id).status == "completed"
    with db.read() as session:
        assert session.get(Player, elf).team_id == m.home_id
    # each is its own undo step, undone newest first back to the league as reported
    for change in (finish, deal):
        db.replay(change, forward=False)
    assert treasury(db, m.home_id) == 428_500
    db.replay(first, forward=False)
    assert treasury(db, m.home_id) == 400_000 and done_steps(db_match(db, m.id), m.home_id) == []


def db_match(db, match_id):
    with db.read() as session:
        return session.get(Match, match_id)


def round_events(db, team_id):
    with db.read() as session:
        return [k for (k,) in session.execute(
            select(ReserveEvent.kind).where(ReserveEvent.team_id == team_id).order_by(ReserveEvent.id))]  # fmt: skip


def test_affairs_left_half_done_on_the_reserves_tab_are_continued_by_the_sequence(played):
    db, m, home, away = played
    steps_1_to_3(db, m, home, away)
    reserves.pay_reserve_upkeep(db, team_id=m.home_id)  # this match's round, begun outside the wizard
    reserves.roll_reserve_table(db, team_id=m.home_id, roll=typed_roll("D6", [6]))  # a youngster is ready
    paid = treasury(db, m.home_id)
    draft = affairs_draft(db, m, home, away)
    draft.team(m.home_id).reserves = ReserveDraft()  # the wizard's draft: nothing chosen yet
    plan = plan_post_match(db, m.id, draft)
    r = plan.home.affairs.reserves
    assert (r.resumed, r.pay, r.written_table, r.written_player) == (True, True, 1, False)
    assert [s.faces for s in r.table] == [(6,)] and r.player_modifier == 1  # the Veteran's +1, no second +1
    assert plan.home.affairs.treasury_before == paid  # the upkeep is not charged again
    assert "roll on the Player Table" in " ".join(plan.problems)
    set_reserve_roll(draft.team(m.home_id).reserves, "player", [5], True)
    draft.team(m.home_id).reserves.player = ReservePlayerEntry("Black Orc Blocker", "Grunt", 13)
    plan = plan_post_match(db, m.id, draft)
    assert plan.problems == [] and plan.home.affairs.reserves.player_value == 80_000
    finish_post_match(db, match_id=m.id, draft=draft)
    assert round_events(db, m.home_id)[-4:] == ["upkeep", "reserve_roll", "player_roll", "new_player"]
    assert treasury(db, m.home_id) == ledger_sum(db, m.home_id) == paid - 2_000 - 80_000 - 120_000
    with db.read() as session:
        assert session.scalars(select(Player).where(Player.name == "Grunt")).one().team_id == m.home_id


def test_a_player_table_roll_made_on_the_reserves_tab_keeps_its_modifier(played):
    db, m, home, away = played
    steps_1_to_3(db, m, home, away)
    reserves.pay_reserve_upkeep(db, team_id=m.home_id)
    reserves.roll_reserve_table(db, team_id=m.home_id, roll=typed_roll("D6", [6]))
    reserves.roll_player_table(db, team_id=m.home_id, roll=typed_roll("D6", [5]))  # 5 + 1: up to 80,000
    draft = affairs_draft(db, m, home, away)
    draft.team(m.home_id).reserves.player_roll = None
    plan = plan_post_match(db, m.id, draft)
    r = plan.home.affairs.reserves
    assert (r.written_table, r.written_player, r.player_modifier, r.player_value) == (1, True, 1, 80_000)
    assert plan.problems == []
    finish_post_match(db, match_id=m.id, draft=draft)
    assert round_events(db, m.home_id)[-4:] == ["upkeep", "reserve_roll", "player_roll", "new_player"]
    with db.read() as session:
        assert session.scalars(select(Player).where(Player.name == "Grunt")).one().team_id == m.home_id
