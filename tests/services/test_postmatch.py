"""The post-match sequence through the services: typed-in dice give exact results; refusals write nothing."""

import random

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import rosters as queries
from roster_app.queries import season as sq
from roster_app.rules.team import team_rating, winnings_rating
from roster_app.services.postmatch.plan import (
    DiceEntry,
    HireEntry,
    PostMatchDraft,
    StarRollEntry,
    load_draft,
    plan_post_match,
)
from roster_app.services.postmatch.write import (
    auto_draft,
    award_spp,
    finish_post_match,
    pay_winnings,
    record_new_ratings,
    roll_fan_factor,
    run_post_match_steps,
    save_post_match_progress,
    settle_affairs,
)
from roster_app.services.season import generate_season
from roster_app.store.models import Contract, DiceRoll, LedgerEntry, Match
from tests.helpers import ledger_sum, snapshot
from tests.season_helpers import build_teams, report, roster_ids, team_row


@pytest.fixture
def played(db):
    """Orcland Raiders 2-0 Athelorn Avengers, gate 27,000; the Orc scorer is MVP (11 SPP: one roll due)."""
    build_teams(db)
    generate_season(db)
    m = sq.fixtures(db)[0]
    assert (m.home, m.away) == ("Orcland Raiders", "Athelorn Avengers")
    home, away = roster_ids(db, m.home_id), roster_ids(db, m.away_id)
    lines = [{"player_id": home[0], "touchdowns": 2}, {"player_id": away[1], "interceptions": 3}]
    report(db, m.id, 2, 0, lines=lines, home_mvp=home[0], away_mvp=away[1], gate=27_000)
    return db, m, home, away


def typed_draft(m, home, away, blitzer="Orc Blitzer"):
    """`blitzer`: the Orc Blitzer's name in the league's ruleset ("Blitzer" in LRB 5/6)."""
    draft = PostMatchDraft()
    draft.team(m.home_id).rolls[home[0]] = [StarRollEntry([4, 4], typed=True, choice="skill:Dodge")]  # a double
    draft.team(m.away_id).rolls[away[1]] = [StarRollEntry([6, 4], typed=True, choice="ma")]  # 10: +1 MA
    draft.team(m.home_id).fan_roll = DiceEntry([6, 6, 6], typed=True)  # win: 3D6 above 6 gains one
    draft.team(m.away_id).fan_roll = DiceEntry([1, 1], typed=True)  # loss: 2D6 below 3 loses one
    for team in (m.home_id, m.away_id):  # read only where winnings come from dice (LRB 5/6)
        draft.team(team).winnings_roll = DiceEntry([4], typed=True)
    draft.team(m.home_id).hires = [HireEntry(blitzer, "Gorbag", 12)]
    draft.team(m.home_id).buy = {"rerolls": 1}
    return draft


def test_the_whole_sequence_with_typed_dice(played):
    db, m, home, away = played
    change = finish_post_match(db, match_id=m.id, draft=typed_draft(m, home, away))
    assert change.label.startswith("post-match sequence of Orcland Raiders 2-0 Athelorn Avengers")
    orcs, elves = team_row(db, m.home_id), team_row(db, m.away_id)
    # 1 winnings: ratings for winnings 106 and 103 (fan factors 6 and 3 at their price) -> 1,500 (win) and
    # 500 (loss) per 1,000 spectators x 27
    # 4.3 purchases: an Orc Blitzer 80,000 and a re-roll at double price 120,000
    assert orcs.treasury == 450_000 + 40_500 - 80_000 - 120_000 == ledger_sum(db, m.home_id)
    assert elves.treasury == 230_000 + 13_500
    # 3 fan factor
    assert (orcs.fan_factor, elves.fan_factor, orcs.rerolls) == (7, 2, 1)
    # 2 SPP and star player rolls
    rows = {r.id: r for r in queries.roster(db, m.home_id)}
    assert (rows[home[0]].spp, rows[home[0]].skills, rows[home[0]].rolls_taken) == (11, ("Dodge",), 1)
    scorer = {r.id: r for r in queries.roster(db, m.away_id)}[away[1]]
    assert (scorer.spp, scorer.ma, scorer.rolls_taken) == (11, 8, 1)
    assert "Gorbag" in {r.name for r in rows.values()}
    # the ledger rows are linked to the match
    with db.read() as session:
        linked = session.execute(
            select(LedgerEntry.team_id, LedgerEntry.kind, LedgerEntry.amount).where(LedgerEntry.match_id == m.id)
        ).all()
        rolls = session.scalars(
            select(DiceRoll).where(DiceRoll.match_id == m.id, DiceRoll.purpose != "Gate")
        ).all()
        match = session.get(Match, m.id)
    assert sorted(linked) == sorted([(m.home_id, "winnings", 40_500), (m.away_id, "winnings", 13_500),
                                     (m.home_id, "hire", -80_000), (m.home_id, "reroll", -120_000)])  # fmt: skip
    assert sorted((r.purpose, tuple(r.faces), r.typed) for r in rolls) == sorted([
        ("Star player roll of Orcland 1", (4, 4), True), ("Star player roll of Athelorn 2", (6, 4), True),
        ("Fan factor", (6, 6, 6), True), ("Fan factor", (1, 1), True)])  # fmt: skip
    # 5 the new team rating: (630,000 + 60,000 + fan factor 70,000 + 290,500) / 10,000 + 11 / 5 = 107
    header = queries.team_header(db, m.home_id)
    assert header.rating == 107
    assert match.status == "completed" and "draft" not in match.post_match
    assert match.post_match["results"][str(m.home_id)]["rating_after"] == 107
    assert sq.fixtures(db)[0].status_text == "done"


def test_the_plan_shows_what_finish_will_write(played):
    db, m, home, away = played
    plan = plan_post_match(db, m.id, typed_draft(m, home, away))
    orcs = plan.home
    assert (orcs.winnings.rating, orcs.winnings.rate, orcs.winnings.amount) == (106, 1500, 40_500)
    assert orcs.fan_factor.after == 7 and orcs.purchases.cost == 200_000
    assert (orcs.rating_before, orcs.rating_after) == (106, 107)
    assert plan.problems == []


def test_the_steps_one_by_one_in_order(played):
    db, m, home, away = played
    draft = typed_draft(m, home, away)
    refused(db, lambda: award_spp(db, match_id=m.id, draft=draft), "1. Winnings comes first")
    pay_winnings(db, match_id=m.id)
    assert team_row(db, m.home_id).treasury == 490_500
    refused(db, lambda: pay_winnings(db, match_id=m.id), "already done")
    award_spp(db, match_id=m.id, draft=draft)
    roll_fan_factor(db, match_id=m.id, draft=draft)
    assert load_draft(db, m.id).team(m.home_id).fan_roll.faces == [6, 6, 6]  # kept for the steps still to do
    assert sq.fixtures(db)[0].status_text == "post-match started"
    settle_affairs(db, match_id=m.id, draft=PostMatchDraft())
    run_post_match_steps(db, match_id=m.id, steps=["purchases"], draft=PostMatchDraft())
    record_new_ratings(db, match_id=m.id)
    assert team_row(db, m.home_id).treasury == 490_500
    assert sq.fixtures(db)[0].status_text == "done"
    refused(db, lambda: finish_post_match(db, match_id=m.id, draft=draft), "already finished")


def refused(db, call, words):
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call()
    assert snapshot(db) == before


@pytest.mark.parametrize(
    ("spoil", "words"),
    [(lambda d, m, h, a: d.team(m.home_id).rolls.clear(), "star player roll 1 is still to be made"),
     (lambda d, m, h, a: setattr(d.team(m.home_id).rolls[h[0]][0], "faces", [5, 3]), "cannot take Dodge"),
     (lambda d, m, h, a: setattr(d.team(m.home_id).rolls[h[0]][0], "choice", None), "Choose what Orcland 1"),
     (lambda d, m, h, a: setattr(d.team(m.away_id).rolls[a[1]][0], "faces", [7, 4]), "D6 shows 1 to 6"),
     (lambda d, m, h, a: setattr(d.team(m.away_id), "fan_roll", None), "fan factor roll is still to be made"),
     (lambda d, m, h, a: setattr(d.team(m.home_id), "fan_roll", DiceEntry([6, 6])), "3D6 needs 3 dice"),
     (lambda d, m, h, a: d.team(m.home_id).buy.update(rerolls=4), "treasury holds"),
     (lambda d, m, h, a: d.team(m.home_id).buy.update(apothecary=2), "at most 1 apothecary"),
     (lambda d, m, h, a: d.team(m.home_id).hires.append(HireEntry("Troll", "Big", 1)), "number 1 is already"),
     (lambda d, m, h, a: d.team(m.home_id).hires.append(HireEntry("Orc Blitzer", " ", 13)), "needs a name")],
)  # fmt: skip
def test_an_incomplete_or_wrong_draft_is_refused_and_writes_nothing(played, spoil, words):
    db, m, home, away = played
    draft = typed_draft(m, home, away)
    spoil(draft, m, home, away)
    refused(db, lambda: finish_post_match(db, match_id=m.id, draft=draft), words)


def test_an_unreported_match_has_no_post_match_sequence(played):
    db, m, home, away = played
    later = sq.fixtures(db)[-1]
    refused(db, lambda: finish_post_match(db, match_id=later.id, draft=PostMatchDraft()), "not been reported")


def test_progress_is_saved_and_resumed(played):
    db, m, home, away = played
    draft = typed_draft(m, home, away)
    draft.page = 3
    save_post_match_progress(db, match_id=m.id, draft=draft)
    again = load_draft(db, m.id)
    assert again == draft
    assert sq.fixtures(db)[0].status_text == "post-match started"


def test_winnings_use_the_rating_with_contracted_players_at_half_value(played):
    db, m, home, away = played
    with db.write() as tx:
        for pid in home[:4]:  # 4 x 25,000 deducted: rating for winnings 106 -> 96
            tx.session.add(Contract(player_id=pid, team_id=m.home_id, signed_season=1, seasons=2,
                                    rolls_at_signing=1, cost=2000))  # fmt: skip
    plan = plan_post_match(db, m.id, PostMatchDraft())
    with db.read() as session:
        sheet = queries.team_sheet(session, team_row(db, m.home_id))
    assert plan.home.winnings.rating == winnings_rating(sheet, db.ruleset) == 96
    assert team_rating(sheet, db.ruleset) == 106  # 100 + fan factor 6 (set by the test, not bought)


def test_auto_draft_completes_every_roll_and_undo_restores_the_league(played):
    db, m, home, away = played
    draft = auto_draft(db, match_id=m.id, rng=random.Random(7))
    assert plan_post_match(db, m.id, draft).problems == []
    before = snapshot(db)
    change = finish_post_match(db, match_id=m.id, draft=draft)
    db.replay(change, forward=False)
    assert snapshot(db) == before
