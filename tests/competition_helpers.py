"""A league of n teams for competition tests, and playing a tournament's games through the services."""

from __future__ import annotations

from sqlalchemy import select

from roster_app.queries import competitions as cq
from roster_app.services.common import post
from roster_app.services.teams import add_team
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, Player, Team
from tests.helpers import close_sequences
from tests.season_helpers import report

RACES = ("Orc", "Human", "Dwarf", "Wood Elf")


def league_of(db: LeagueDB, n: int) -> list[int]:
    """n teams of eleven Linemen each (fan factor 2), named Team 1 ... Team n."""
    ids = [
        add_team(db, name=f"Team {i}", race=RACES[i % len(RACES)], coach="Coach").result for i in range(1, n + 1)
    ]
    with db.write("test teams") as tx:
        for team_id in ids:
            team = tx.session.get(Team, team_id)
            pos = db.ruleset.race(team.race).basic_lineman
            for number in range(1, 12):
                tx.session.add(Player(team_id=team.id, number=number, name=f"{team.name} player {number}",
                                      race=team.race, position=pos.name, ma=pos.ma, st=pos.st, ag=pos.ag, av=pos.av,
                                      value=pos.cost, cost=pos.cost))  # fmt: skip
            post(tx.session, team, -11 * pos.cost, kind="hire", reason="Hired eleven")
            team.fan_factor = 2
    return ids


def names(db: LeagueDB) -> dict[int, str]:
    with db.read() as session:
        return dict(session.execute(select(Team.id, Team.name)).all())


def play(db: LeagueDB, match_id: int, home: int, away: int, **kwargs):
    """Report the game (the teams' earlier sequences closed first, as after their post-match sequence)."""
    with db.read() as session:
        match = session.get(Match, match_id)
        teams = (match.home_team_id, match.away_team_id)
    close_sequences(db, *teams)
    return report(db, match_id, home, away, **kwargs)


def open_games(db: LeagueDB, competition_id: int) -> list[cq.TieRow]:
    """The tournament's games with both teams known and not played yet."""
    b = cq.bracket(db, competition_id)
    return [t for r in b.rounds for t in r if t.match_id is not None and not t.played]


def play_round(db: LeagueDB, competition_id: int, home_wins: bool = True) -> int:
    """Play every open game of the tournament once (home wins 1-0, or away); returns how many were played."""
    games = open_games(db, competition_id)
    for tie in games:
        play(db, tie.match_id, 1 if home_wins else 0, 0 if home_wins else 1)
    return len(games)
