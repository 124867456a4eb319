"""The match report and the referee: his match sheet goes with the match, the Riot is the same on both, and his
matches are counted once (when his sheet is finished)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import referees as rq
from roster_app.queries import season as sq
from roster_app.queries.referees import choosable_referees, fixtures_without_sheet, referee_card, sheet_of_match
from roster_app.services import referees as svc
from roster_app.services.season import generate_season
from roster_app.store.models import Match, Referee, RefereeMatch
from tests.helpers import snapshot
from tests.season_helpers import build_teams, report


@pytest.fixture
def league(db):
    build_teams(db)
    generate_season(db)
    return db


def ref_named(db, name):
    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def refused(db, call, words):
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call()
    assert snapshot(db) == before


def test_the_report_opens_the_refs_sheet_for_the_match_and_he_is_counted_once(league):
    m = sq.fixtures(league)[0]
    ref = choosable_referees(league)[0]
    report(league, m.id, 1, 0, referee_id=ref.id)
    sheet = sheet_of_match(league, m.id)
    assert (sheet.referee_id, sheet.finished, sheet.riot) == (ref.id, False, False)
    assert referee_card(league, ref.id).matches == ref.matches  # the report does not count him
    for turn in range(1, 13):
        svc.record_sheet(league, sheet_id=sheet.id, turn=turn, in_range=True)
    svc.finish_match(league, sheet_id=sheet.id)
    card = referee_card(league, ref.id)
    assert (card.matches, card.awards) == (ref.matches + 1, ref.awards + 1)  # 12 of 16 turns: the award


def test_a_sheet_opened_for_the_fixture_is_the_one_the_report_takes(league):
    m = sq.fixtures(league)[0]
    rid = ref_named(league, "Jorg Blackwhistle")
    sheet_id = svc.start_match_sheet(league, referee_id=rid, match_id=m.id).result  # kept during the match
    svc.record_sheet(league, sheet_id=sheet_id, turn=1, in_range=True)
    report(league, m.id, 1, 0, referee_id=rid)
    sheet = sheet_of_match(league, m.id)
    assert (sheet.id, sheet.ticked) == (sheet_id, 1)


def test_after_the_report_no_second_sheet_and_the_game_counts_once(league):
    m = sq.fixtures(league)[0]
    jorg, ref = ref_named(league, "Jorg Blackwhistle"), ref_named(league, "Thrudd the Impartial")
    report(league, m.id, 1, 0, referee_id=jorg)
    title = "Orcland Raiders 1-0 Athelorn Avengers (round 1, season 1)"
    for other in (jorg, ref):  # the Referees page, whichever ref
        refused(league, lambda other=other: svc.start_match_sheet(league, referee_id=other, match_id=m.id),
                f"already a match sheet for {re.escape(title)}: Jorg Blackwhistle's")  # fmt: skip
    sheet = sheet_of_match(league, m.id)
    for turn in range(1, 13):
        svc.record_sheet(league, sheet_id=sheet.id, turn=turn, in_range=True)
    svc.finish_match(league, sheet_id=sheet.id)
    refused(league, lambda: svc.start_match_sheet(league, referee_id=ref, match_id=m.id), "Jorg Blackwhistle's")
    card = referee_card(league, jorg)
    assert (card.matches, card.awards) == (1, 1)
    assert m.id not in {f.id for f in fixtures_without_sheet(league)}


def test_a_report_is_refused_that_disagrees_with_the_games_sheet(league):
    m = sq.fixtures(league)[0]
    jorg, thrudd = ref_named(league, "Jorg Blackwhistle"), ref_named(league, "Thrudd the Impartial")
    sheet_id = svc.start_match_sheet(league, referee_id=jorg, match_id=m.id).result
    refused(league, lambda: report(league, m.id, 1, 0), "Jorg Blackwhistle's match sheet goes with this match")
    refused(league, lambda: report(league, m.id, 1, 0, referee_id=thrudd), "kept for this match; discard it")
    svc.finish_match(league, sheet_id=sheet_id)
    refused(league, lambda: report(league, m.id, 1, 0, referee_id=thrudd), "finished match sheet goes with this")


def test_a_sheet_opened_after_the_report_takes_the_reports_riot(league):
    m = sq.fixtures(league)[0]
    report(league, m.id, 1, 0, riot=True)  # reported without a ref; his sheet is typed in afterwards
    rid = ref_named(league, "Jorg Blackwhistle")
    sheet_id = svc.start_match_sheet(league, referee_id=rid, match_id=m.id).result
    assert rq.sheet_view(league, sheet_id).riot
    assert sq.fixtures(league)[0].referee == "Jorg Blackwhistle"


def test_a_ref_whose_sheet_of_another_match_is_open_is_refused(league):
    first, second = sq.fixtures(league)[:2]
    rid = ref_named(league, "Jorg Blackwhistle")
    report(league, first.id, 1, 0, referee_id=rid)
    refused(league, lambda: report(league, second.id, 1, 0, referee_id=rid),
            "match sheet of Orcland Raiders 1-0 Athelorn Avengers .round 1, season 1. is still open")  # fmt: skip


@pytest.mark.parametrize(
    ("status", "star", "words"),
    [("sacked", False, "was sacked and may never referee"), ("dead", True, "Star Ref who dies cannot be chosen"),
     ("injured", False, "is injured")],
)  # fmt: skip
def test_sacked_dead_star_and_injured_refs_are_never_offered_nor_accepted(league, status, star, words):
    rid = ref_named(league, "Jorg Blackwhistle")
    with league.write() as tx:
        ref = tx.session.get(Referee, rid)
        ref.status, ref.is_star = status, star
    assert rid not in {c.id for c in choosable_referees(league)}
    m = sq.fixtures(league)[0]
    refused(league, lambda: report(league, m.id, 1, 0, referee_id=rid), words)


def test_a_riot_in_the_report_is_a_riot_on_his_sheet_and_back(league):
    m = sq.fixtures(league)[0]
    rid = ref_named(league, "Jorg Blackwhistle")
    report(league, m.id, 1, 0, referee_id=rid, riot=True)
    sheet = sheet_of_match(league, m.id)
    assert sheet.riot
    svc.record_sheet(league, sheet_id=sheet.id, riot=False)  # the commissioner corrects the sheet ...
    with league.read() as session:
        assert session.get(Match, m.id).riot is False  # ... and the match says the same


def test_a_finished_sheet_and_the_report_must_agree_on_the_riot(league):
    m = sq.fixtures(league)[0]
    rid = ref_named(league, "Jorg Blackwhistle")
    sheet_id = svc.start_match_sheet(league, referee_id=rid, match_id=m.id).result
    svc.record_sheet(league, sheet_id=sheet_id, riot=True, turns_played=10)
    svc.finish_match(league, sheet_id=sheet_id)
    refused(league, lambda: report(league, m.id, 1, 0, referee_id=rid), "finished match sheet says a Riot ended")
    report(league, m.id, 1, 0, referee_id=rid, riot=True)
    with league.read() as session:
        assert session.get(Match, m.id).riot is True
        assert len(session.scalars(select(RefereeMatch)).all()) == 1  # his one sheet, not a second
