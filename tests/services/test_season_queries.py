"""The league table, leaders and team history, read from the file."""

import random

import pytest

from roster_app.queries import season as sq
from roster_app.services.players import hire_player
from roster_app.services.postmatch.write import auto_draft, finish_post_match, write_before_transfers
from roster_app.services.season import generate_season
from tests.helpers import treasury
from tests.season_helpers import build_teams, report, roster_ids


def finish(db, match_id, seed=1):
    finish_post_match(db, match_id=match_id, draft=auto_draft(db, match_id=match_id, rng=random.Random(seed)))


@pytest.fixture
def round_one(db):
    """Round 1: Orcland 2-1 Athelorn, Reikland 1-1 Karak (Reikland caused 2 casualties)."""
    build_teams(db)
    generate_season(db)
    first, second = sq.fixtures(db)[:2]
    assert (second.home, second.away) == ("Reikland Reavers", "Karak Grudgebearers")
    report(db, first.id, 2, 1)
    h = roster_ids(db, second.home_id)
    a = roster_ids(db, second.away_id)
    report(db, second.id, 1, 1, lines=[{"player_id": h[0], "touchdowns": 1, "casualties": 2},
                                       {"player_id": a[0], "touchdowns": 1}])  # fmt: skip
    return db, first, second


def test_the_league_table_counts_results_points_and_tie_breakers(round_one):
    db, first, second = round_one
    table = [(r.position, r.name, r.played, r.won, r.drawn, r.lost, r.td_for, r.td_against, r.cas_for,
              r.cas_against, r.points) for r in sq.league_table(db)]  # fmt: skip
    assert table == [
        (1, "Orcland Raiders", 1, 1, 0, 0, 2, 1, 0, 0, 3),
        (2, "Reikland Reavers", 1, 0, 1, 0, 1, 1, 2, 0, 1),  # casualty difference breaks the tie
        (3, "Karak Grudgebearers", 1, 0, 1, 0, 1, 1, 0, 2, 1),
        (4, "Athelorn Avengers", 1, 0, 0, 1, 1, 2, 0, 0, 0),
    ]


def test_the_points_follow_the_league_setting(round_one):
    db, _first, _second = round_one
    from roster_app.store.models import RulesetTable

    with db.write() as tx:
        row = tx.session.get(RulesetTable, "league_points")
        row.data = {**row.data, "win": 2}
    assert [r.points for r in sq.league_table(db)][:1] == [2]


def test_leaders_in_touchdowns_casualties_and_spp(round_one):
    db, _first, _second = round_one
    scorers = sq.leaders(db, "touchdowns")
    assert [(r.rank, r.name, r.value) for r in scorers] == [
        (1, "Orcland 1", 2), (2, "Athelorn 1", 1), (2, "Karak 1", 1), (2, "Reikland 1", 1)]  # fmt: skip
    assert [(r.name, r.value) for r in sq.leaders(db, "casualties")] == [("Reikland 1", 2)]
    spp = [(r.name, r.value) for r in sq.leaders(db, "spp")[:2]]
    assert spp == [("Reikland 1", 3 + 2 * 2 + 5), ("Orcland 1", 2 * 3 + 5)]


def test_team_history_shows_winnings_purchases_and_treasury_after(round_one):
    db, first, _second = round_one
    start = treasury(db, first.home_id)
    draft = auto_draft(db, match_id=first.id, rng=random.Random(1))
    write_before_transfers(db, match_id=first.id, draft=draft)
    hire_player(db, team_id=first.home_id, position="Goblin", name="Snik")  # bought in step 4.3
    finish_post_match(db, match_id=first.id, draft=draft)
    [row] = sq.team_history(db, first.home_id)
    assert (row.opponent, row.home, row.score_for, row.score_against, row.result) == (
        "Athelorn Avengers", True, 2, 1, "win")  # fmt: skip
    assert row.winnings == treasury(db, first.home_id) + 40_000 - start > 0
    assert row.purchases == 40_000
    assert row.treasury_after == treasury(db, first.home_id)
