"""Issue 35, item 10: the Reserve Coach is hired at his type's price "as soon as you have the money" (seed 001):
on the Reserves tab at any time, and in the post-match sequence's step 4.1 (a team without one, or whose coach
leaves now), written with the step's other affairs, the ledger row linked to the match."""

from sqlalchemy import select

from roster_app.queries.reserves import reserve_side
from roster_app.services import reserves
from roster_app.services.postmatch.plan import plan_post_match
from roster_app.services.postmatch.write import finish_post_match
from roster_app.store.models import LedgerEntry, Team
from tests.helpers import ledger_sum, refused
from tests.services.test_postmatch_affairs import orc_draft, played, with_coach  # noqa: F401 - the fixture


def side(db, team_id):
    with db.read() as session:
        return reserve_side(session, session.get(Team, team_id))


def test_each_type_costs_its_own_price_outside_the_sequence(db):
    from tests.helpers import add_orcs

    orcs = add_orcs(db, treasury=1_000_000)
    reserves.approve_reserves(db, team_id=orcs)
    reserves.hire_reserve_coach(db, team_id=orcs, coach_type="Star")
    assert ledger_sum(db, orcs) == 1_000_000 - 100_000 and side(db, orcs).coach_type == "Star"


def test_a_team_without_a_coach_hires_one_in_step_4_1(played):  # noqa: F811
    db, m, home, away = played
    reserves.approve_reserves(db, team_id=m.away_id)  # the Elves: an approved reserve team, no coach yet
    draft = orc_draft(db, m, home, away)
    draft.team(m.home_id).reserves.pay = True
    draft.team(m.home_id).reserves.no_roll = True
    draft.team(m.away_id).reserves.hire = "Veteran"
    plan = plan_post_match(db, m.id, draft)
    elves = plan.away.affairs
    assert elves.may_hire and elves.coach_hire == "Veteran" and elves.cost == 50_000
    assert not plan.home.affairs.may_hire  # his coach stays
    before = ledger_sum(db, m.away_id)
    finish_post_match(db, match_id=m.id, draft=draft)
    assert side(db, m.away_id).coach_type == "Veteran"
    with db.read() as session:
        row = session.scalars(select(LedgerEntry).where(LedgerEntry.team_id == m.away_id,
                                                        LedgerEntry.kind == "reserve")).one()  # fmt: skip
    assert (row.amount, row.match_id) == (-50_000, m.id)
    assert ledger_sum(db, m.away_id) == before + plan.away.winnings.amount - 50_000


def test_a_coach_who_leaves_is_replaced_in_the_same_step(played):  # noqa: F811
    db, m, home, away = played
    draft = orc_draft(db, m, home, away)
    draft.team(m.home_id).reserves.pay = False
    draft.team(m.home_id).reserves.hire = "Novice"
    plan = plan_post_match(db, m.id, draft)
    assert plan.home.affairs.may_hire and plan.problems == []
    finish_post_match(db, match_id=m.id, draft=draft)
    assert side(db, m.home_id).coach_type == "Novice"


def test_a_second_coach_or_one_too_dear_is_refused_in_words(played):  # noqa: F811
    db, m, home, away = played
    draft = orc_draft(db, m, home, away)
    draft.team(m.home_id).reserves.pay = True
    draft.team(m.home_id).reserves.no_roll = True
    draft.team(m.home_id).reserves.hire = "Star"
    assert any("may not hire a Reserve Coach now" in p for p in plan_post_match(db, m.id, draft).problems)
    draft.team(m.home_id).reserves.pay = False
    with db.write("test: a poor treasury") as tx:
        tx.session.get(Team, m.home_id).treasury = 0  # off the ledger: only the plan reads it here
    assert any("costs 100,000 gp, but the treasury holds" in p for p in plan_post_match(db, m.id, draft).problems)
    refused(db, lambda: reserves.hire_reserve_coach(db, team_id=m.home_id, coach_type="Star"), "already has")
