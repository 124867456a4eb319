"""Recording a match report: lines, SPP, MVPs, injuries, the gate and every roll; refusals write nothing."""

import random

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import rosters as queries
from roster_app.queries import season as sq
from roster_app.queries.referees import choosable_referees
from roster_app.services.matches import record_match
from roster_app.services.postmatch.write import auto_draft, finish_post_match
from roster_app.services.season import generate_season
from roster_app.store.models import DiceRoll, Match, MatchPlayer, Referee
from tests.helpers import snapshot
from tests.season_helpers import build_teams, report, roster_ids


@pytest.fixture
def league(db):
    build_teams(db)
    generate_season(db)
    return db


def first_match(db):
    return sq.fixtures(db)[0]


def refused(db, words, **kwargs):
    before = snapshot(db)
    match = first_match(db)
    with pytest.raises(RuleViolation, match=words):
        report(db, match.id, kwargs.pop("home", 1), kwargs.pop("away", 0), **kwargs)
    assert snapshot(db) == before


def lines_of(db, match_id):
    with db.read() as session:
        return {
            mp.player_id: mp for mp in session.scalars(select(MatchPlayer).where(MatchPlayer.match_id == match_id))
        }


def test_a_report_writes_a_line_per_player_with_spp_and_the_result(league):
    m = first_match(league)
    home, away = roster_ids(league, m.home_id), roster_ids(league, m.away_id)
    lines = [{"player_id": home[0], "touchdowns": 2, "completions": 1}, {"player_id": home[1], "casualties": 1},
             {"player_id": away[2], "touchdowns": 1, "interceptions": 1}]  # fmt: skip
    change = report(league, m.id, 2, 1, lines=lines, home_mvp=home[1], away_mvp=away[2])
    assert change.label.startswith(f"report of {m.home} 2-1 {m.away}")
    written = lines_of(league, m.id)
    assert len(written) == 22  # everyone who played has a line
    assert written[home[0]].spp == 2 * 3 + 1
    assert written[home[1]].spp == 2 + 5 and written[home[1]].mvp
    assert written[away[2]].spp == 3 + 2 + 5
    row = sq.fixtures(league)[0]
    assert (row.home_score, row.away_score, row.home_casualties, row.away_casualties) == (2, 1, 1, 0)
    assert row.status_text == "post-match due"


def test_a_rolled_mvp_and_gate_are_stored_as_dice_rolls(league):
    m = first_match(league)
    home, away = roster_ids(league, m.home_id), roster_ids(league, m.away_id)
    lines = [{"player_id": home[0], "touchdowns": 1}]
    record_match(league, match_id=m.id, home_score=1, away_score=0, lines=lines, rng=random.Random(3))
    with league.read() as session:
        rolls = session.scalars(select(DiceRoll).order_by(DiceRoll.id)).all()
        gate = session.get(Match, m.id).gate
    purposes = [r.purpose for r in rolls]
    assert purposes == ["Gate", f"MVP of {m.home}", f"MVP of {m.away}"]
    assert rolls[0].dice == "9D6" and len(rolls[0].faces) == 9  # fan factors 6 + 3
    assert gate == sum(rolls[0].faces) * 1000
    mvps = {mp.player_id for mp in lines_of(league, m.id).values() if mp.mvp}
    assert mvps == {rolls[1].player_id, rolls[2].player_id}
    assert rolls[1].player_id in home and rolls[2].player_id in away


def test_injuries_change_the_roster_and_the_injured_miss_only_the_next_game(league):
    m = first_match(league)
    home = roster_ids(league, m.home_id)
    lines = [{"player_id": home[0], "touchdowns": 1, "injury": "-1 AV"}, {"player_id": home[1], "injury": "Dead"},
             {"player_id": home[2], "injury": "Niggling injury"}]  # fmt: skip
    report(league, m.id, 1, 0, lines=lines)
    rows = {r.id: r for r in queries.roster(league, m.home_id, include_former=True)}
    assert (rows[home[0]].av, rows[home[0]].injuries, rows[home[0]].status) == (8, ("-1 AV",), "miss next game")
    assert rows[home[1]].status == "dead"
    assert rows[home[2]].injuries == ("Niggling injury",)
    finish_post_match(league, match_id=m.id, draft=auto_draft(league, match_id=m.id, rng=random.Random(1)))
    # The next match: the injured do not play, and they are back afterwards.
    nxt = next(r for r in sq.fixtures(league) if r.round == 2 and m.home_id in (r.home_id, r.away_id))
    with pytest.raises(RuleViolation, match="did not play"):
        record_match(league, match_id=nxt.id, home_score=0, away_score=0, lines=[{"player_id": home[2]}])
    report(league, nxt.id, 0, 0, lines=[], home_mvp=None, away_mvp=None, rng=random.Random(2))
    rows = {r.id: r for r in queries.roster(league, m.home_id, include_former=True)}
    assert rows[home[0]].status == rows[home[2]].status == "active"
    assert rows[home[2]].injuries == ("Niggling injury",)
    assert rows[home[1]].status == "dead"
    assert home[0] not in lines_of(league, nxt.id)


def test_the_referee_is_linked_to_the_match(league):
    m = first_match(league)
    ref = choosable_referees(league)[0]
    report(league, m.id, 1, 0, referee_id=ref.id)
    assert sq.fixtures(league)[0].referee == ref.name


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"home": 2}, "scored 2, but their players' touchdowns add up to 1"),
     ({"home_casualties": 0, "lines": "cas"}, "caused 1 casualties, more than the team's 0"),
     ({"gate": 5_000}, "from 9,000 to 54,000"),
     ({"gate": 20_500}, "in steps of 1,000"),
     ({"home": -1, "lines": []}, "whole number of 0 or more"),
     ({"lines": "stranger"}, "did not play"),
     ({"lines": "injury"}, "not an injury"),
     ({"lines": "twice"}, "two lines"),
     ({"home_mvp": "away"}, "MVP must be one of the players who played")],
)  # fmt: skip
def test_bad_reports_are_refused_and_write_nothing(league, kwargs, words):
    m = first_match(league)
    home, away = roster_ids(league, m.home_id), roster_ids(league, m.away_id)
    special = {
        "cas": [{"player_id": home[0], "touchdowns": 1, "casualties": 1}],
        "stranger": [{"player_id": home[0], "touchdowns": 1}, {"player_id": roster_ids(league, 3)[0]}],
        "injury": [{"player_id": home[0], "touchdowns": 1, "injury": "Sprained ego"}],
        "twice": [{"player_id": home[0], "touchdowns": 1}, {"player_id": home[0]}],
    }
    if isinstance(kwargs.get("lines"), str):
        kwargs["lines"] = special[kwargs["lines"]]
    if kwargs.get("home_mvp") == "away":
        kwargs["home_mvp"] = away[0]
    kwargs.setdefault("lines", [{"player_id": home[0], "touchdowns": 1}])
    refused(league, words, **kwargs)


def test_an_unavailable_referee_is_refused(league):
    with league.write() as tx:
        ref = tx.session.scalars(select(Referee)).first()
        ref.status = "sacked"
        ref_id = ref.id
    refused(league, "was sacked and may never referee", referee_id=ref_id)


def test_a_match_is_reported_once_and_only_after_the_teams_last_post_match_sequence(league):
    m = first_match(league)
    report(league, m.id, 1, 0)
    before = snapshot(league)
    with pytest.raises(RuleViolation, match="already been reported"):
        report(league, m.id, 1, 0)
    nxt = next(r for r in sq.fixtures(league) if r.round == 2 and m.home_id in (r.home_id, r.away_id))
    with pytest.raises(RuleViolation, match="have not finished the post-match sequence"):
        report(league, nxt.id, 0, 0, lines=[])
    assert snapshot(league) == before


def test_undo_of_a_report_puts_the_rosters_back(league):
    m = first_match(league)
    home = roster_ids(league, m.home_id)
    before = snapshot(league)
    change = report(league, m.id, 1, 0, lines=[{"player_id": home[0], "touchdowns": 1, "injury": "Dead"}])
    league.replay(change, forward=False)
    assert snapshot(league) == before


def test_a_draft_left_by_an_undone_report_is_not_kept_by_the_next_report(league):
    from roster_app.services.postmatch.plan import PostMatchDraft, load_draft
    from roster_app.services.postmatch.write import save_post_match_progress

    m = first_match(league)
    change = report(league, m.id, 1, 0)
    save_post_match_progress(league, match_id=m.id, draft=PostMatchDraft(page=3))
    league.replay(change, forward=False)
    report(league, m.id, 0, 0, lines=[])
    assert load_draft(league, m.id) == PostMatchDraft()
