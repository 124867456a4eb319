"""The league's records and a season's history for one competition (issue 33): the league fixtures, a cup, a
Swiss open, each on its own; a Star Player's career in one competition (issue 32)."""

from __future__ import annotations

import pytest

from roster_app.queries import competitions as cq
from roster_app.queries import history
from roster_app.queries import season as sq
from roster_app.services import competitions as sc
from roster_app.services.season import generate_season
from tests.competition_helpers import league_of, names, open_games, play

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def season(db):
    """Four teams: the league fixtures all won 1-0 by the home side, then the Spike Cup (seeded by hand, Team 1 v
    Team 4 and Team 2 v Team 3): the semi-finals 2-0 and 0-1, the final 4-0 (the league's best game)."""
    ids = league_of(db, 4)
    generate_season(db)
    for fixture in sq.fixtures(db):
        play(db, fixture.id, 1, 0)
    cup = sc.create_competition(db, name="Spike Cup", format="knockout", team_ids=ids).result
    sc.draw_competition(db, competition_id=cup, seeding="hand", order=ids)
    semis = open_games(db, cup)
    play(db, semis[0].match_id, 2, 0)
    play(db, semis[1].match_id, 0, 1)
    [final] = open_games(db, cup)
    play(db, final.match_id, 4, 0)
    return db, ids, cup


def _choice(db, name):
    return next(c for c in history.competition_choices(db) if c.name == name)


def test_the_choices_are_the_league_fixtures_then_each_tournament(season):
    db, _ids, _cup = season
    assert [(c.name, c.format) for c in history.competition_choices(db)] == [("League fixtures", "league"),
                                                                          ("Spike Cup", "knockout")]  # fmt: skip
    assert history.competition_choices(db, season=2) == [history.LEAGUE_CHOICE]


def test_records_of_one_competition_count_its_games_only(season):
    db, _ids, _cup = season
    everything = {r.key: r for r in history.records(db)}
    cup = {r.key: r for r in history.records(db, competition=_choice(db, "Spike Cup"))}
    league = {r.key: r for r in history.records(db, competition=history.LEAGUE_CHOICE)}
    assert everything["touchdowns_game"].value == 4 and cup["touchdowns_game"].value == 4
    assert cup["touchdowns_game"].detail.endswith(f"round {sq.fixtures(db)[-1].round}")
    assert league["touchdowns_game"].value == 1  # the league's games were all 1-0
    final_scorer = cup["touchdowns_game"].holder
    assert cup["touchdowns_career"].holder == final_scorer and cup["touchdowns_career"].value == 6  # 2 + 4
    assert "transfer" not in cup and "contract" not in cup  # not records of a competition
    league_scorers = {r.holder for r in history.records(db, competition=history.LEAGUE_CHOICE)}
    assert league["touchdowns_career"].value == sum(
        1 for f in sq.fixtures(db) if f.stage == "league" and f.home == league["touchdowns_career"].team
    )
    assert league_scorers


def test_a_cups_season_its_teams_by_the_round_they_reached_its_winner_and_leaders(season):
    db, ids, _cup = season
    team = names(db)
    story = history.season_history(db, 1, competition=_choice(db, "Spike Cup"))
    assert [(r.name, r.position, r.played, r.won, r.lost) for r in story.table] == [
        (team[ids[0]], 1, 2, 2, 0), (team[ids[2]], 2, 2, 1, 1), (team[ids[1]], 3, 1, 0, 1),
        (team[ids[3]], 3, 1, 0, 1)]  # fmt: skip
    assert story.champion == team[ids[0]] and story.matches == 3
    assert [r.value for r in story.leaders["touchdowns"]] == [6, 1]  # the final's scorer, then the semi-final's
    whole = history.season_history(db, 1)
    assert whole.matches == 3 + 6 and whole.champion == ""  # the season is not over
    league = history.season_history(db, 1, competition=history.LEAGUE_CHOICE)
    assert league.matches == 6 and [r.id for r in league.table] == [r.id for r in sq.league_table(db)]
    after_semis = history.season_history(db, 1, competition=_choice(db, "Spike Cup"),
                                         upto_round=sq.fixtures(db)[-1].round - 1)  # fmt: skip
    assert after_semis.matches == 2 and after_semis.champion == ""
    assert [(r.name, r.position) for r in after_semis.table][:2] == [(team[ids[0]], 1), (team[ids[2]], 1)]
    rounds = history.played_rounds(db, 1, _choice(db, "Spike Cup"))
    assert len(rounds) == 2 and rounds[0] > max(history.played_rounds(db, 1, history.LEAGUE_CHOICE))


def test_a_swiss_opens_season_by_its_standing(db):
    ids = league_of(db, 4)
    swiss = sc.create_competition(db, name="One-Day Open", format="swiss", team_ids=ids, rounds=2).result
    sc.draw_competition(db, competition_id=swiss, seeding="hand", order=ids)
    for _round in range(2):
        for tie in open_games(db, swiss):
            play(db, tie.match_id, 1, 1 if tie.home_id == ids[1] or tie.away_id == ids[1] else 0)
    choice = next(c for c in history.competition_choices(db) if c.format == "swiss")
    story = history.season_history(db, 1, competition=choice)
    standing = cq.bracket(db, swiss).standing
    assert [(r.id, r.points, r.position) for r in story.table] == [(r.team_id, r.points, r.position)
                                                                    for r in standing]  # fmt: skip
    assert story.champion == standing[0].name and story.matches == 4


def test_a_players_titles_are_the_roll_of_honours_for_his_team_in_his_competitions(season):
    """player_titles works out only the competitions the player played in: the same titles as the whole roll of
    honour filtered (and none, without a league table worked out, for a player of no competition game)."""
    from sqlalchemy import select

    from roster_app.queries import competitions as cq
    from roster_app.store.models import Match, MatchPlayer, Player

    db, _ids, _cup = season
    honours = cq.roll_of_honour(db)
    with db.read() as session:
        players = list(session.scalars(select(Player.id)))
        played = {pid: set(session.execute(
            select(Match.competition_id, MatchPlayer.team_id).join(Match, Match.id == MatchPlayer.match_id)
            .where(MatchPlayer.player_id == pid, Match.competition_id.is_not(None))).all()) for pid in players}  # fmt: skip
    assert any(cq.player_titles(db, pid) for pid in players)
    for pid in players:
        assert cq.player_titles(db, pid) == [h for h in honours if (h.competition_id, h.winner_id) in played[pid]]
