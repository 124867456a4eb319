"""Generating and editing the season's fixtures; refusals write nothing; undo restores exactly."""

import pytest

from roster_app.errors import RuleViolation
from roster_app.queries import season as sq
from roster_app.services.season import add_fixture, delete_fixture, generate_season, move_fixture, swap_home_away
from tests.helpers import snapshot
from tests.season_helpers import build_teams, report


def refused(db, call, words):
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call()
    assert snapshot(db) == before


@pytest.fixture
def league(db):
    build_teams(db)
    return db


def test_a_single_round_robin_of_four_teams_is_three_rounds_of_two_matches(league):
    change = generate_season(league)
    assert change.label == "fixtures of season 1: round robin, 3 rounds, 6 matches"
    rows = sq.fixtures(league)
    assert [r.round for r in rows] == [1, 1, 2, 2, 3, 3]
    assert {r.status_text for r in rows} == {"to play"}


def test_a_double_round_robin_with_three_teams_has_a_bye_every_round(db):
    build_teams(db, 3)
    generate_season(db, double=True)
    rows = sq.fixtures(db)
    assert len(rows) == 6
    byes = sq.byes_by_round(db, rows)
    assert all(len(names) == 1 for names in byes.values())
    assert sorted(n for names in byes.values() for n in names) == sorted(
        ["Orcland Raiders", "Reikland Reavers", "Karak Grudgebearers"] * 2
    )


def test_a_season_is_generated_once(league):
    generate_season(league)
    refused(league, lambda: generate_season(league), "already has its fixtures")


def test_a_season_needs_two_teams(db):
    build_teams(db, 1)
    refused(db, lambda: generate_season(db), "at least two teams")


def test_moving_a_fixture_to_a_round_where_a_team_already_plays_is_refused(league):
    generate_season(league)
    first, second = sq.fixtures(league)[:2]
    refused(league, lambda: move_fixture(league, match_id=first.id, round_number=2), "already play in round 2")
    move_fixture(league, match_id=first.id, round_number=4)
    assert [r.round for r in sq.fixtures(league) if r.id == first.id] == [4]


def test_swapping_and_deleting_unplayed_fixtures(league):
    generate_season(league)
    first = sq.fixtures(league)[0]
    swap_home_away(league, match_id=first.id)
    swapped = next(r for r in sq.fixtures(league) if r.id == first.id)
    assert (swapped.home, swapped.away) == (first.away, first.home)
    delete_fixture(league, match_id=first.id)
    assert first.id not in {r.id for r in sq.fixtures(league)}


def test_a_played_fixture_cannot_be_moved_swapped_or_deleted(league):
    generate_season(league)
    first = sq.fixtures(league)[0]
    report(league, first.id, 1, 0)
    for call in (lambda: move_fixture(league, match_id=first.id, round_number=5),
                 lambda: swap_home_away(league, match_id=first.id),
                 lambda: delete_fixture(league, match_id=first.id)):  # fmt: skip
        refused(league, call, "has been played")


def test_a_friendly_does_not_count_in_the_league_table(league):
    teams = [r.id for r in sq.league_table(league)]
    match_id = add_fixture(league, home_team_id=teams[0], away_team_id=teams[1], round_number=1).result
    report(league, match_id, 2, 0)
    assert all(r.played == 0 for r in sq.league_table(league))
    refused(league, lambda: add_fixture(league, home_team_id=teams[0], away_team_id=teams[0], round_number=2),
            "against itself")  # fmt: skip
    refused(league, lambda: add_fixture(league, home_team_id=teams[0], away_team_id=teams[2], round_number=1),
            "already play in round 1")  # fmt: skip
    refused(league, lambda: add_fixture(league, home_team_id=teams[0], away_team_id=teams[2], round_number=3,
                                        stage="cup"), "not a kind of match")  # fmt: skip


def test_undo_of_the_generated_season_removes_every_fixture(league):
    before = snapshot(league)
    change = generate_season(league)
    league.replay(change, forward=False)
    assert snapshot(league) == before
