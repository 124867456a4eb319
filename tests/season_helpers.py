"""A small league for season tests: four teams of eleven, fan factors set, fixtures generated on demand."""

from __future__ import annotations

from sqlalchemy import select

from roster_app.queries import rosters as queries
from roster_app.services.common import post
from roster_app.services.teams import add_team
from roster_app.store.db import LeagueDB
from roster_app.store.models import Player, Team

# name, race, fan factor; every player is his race's basic Lineman, as the league's ruleset names him
TEAMS = [("Orcland Raiders", "Orc", 6), ("Reikland Reavers", "Human", 5), ("Karak Grudgebearers", "Dwarf", 4),
         ("Athelorn Avengers", "Wood Elf", 3)]  # fmt: skip


def build_teams(db: LeagueDB, count: int = 4) -> list[int]:
    """Teams of eleven players each (hired with ledger rows, in one transaction to keep tests quick)."""
    ids = [add_team(db, name=name, race=race, coach="Coach").result for name, race, _f in TEAMS[:count]]
    with db.write("test teams") as tx:
        for team_id, (name, _race, fan_factor) in zip(ids, TEAMS, strict=False):
            team = tx.session.get(Team, team_id)
            pos = db.ruleset.race(team.race).basic_lineman
            position = pos.name
            for number in range(1, 12):
                tx.session.add(Player(team_id=team.id, number=number, name=f"{name.split()[0]} {number}",
                                      race=team.race, position=position, ma=pos.ma, st=pos.st, ag=pos.ag, av=pos.av,
                                      value=pos.cost, cost=pos.cost))  # fmt: skip
            post(tx.session, team, -11 * pos.cost, kind="hire", reason=f"Hired eleven {position}s")
            team.fan_factor = fan_factor
    return ids


def roster_ids(db: LeagueDB, team_id: int) -> list[int]:
    return [p.id for p in queries.roster(db, team_id)]


def team_row(db: LeagueDB, team_id: int) -> Team:
    with db.read() as session:
        return session.scalars(select(Team).where(Team.id == team_id)).one()


def report(db: LeagueDB, match_id: int, home: int, away: int, **kwargs):
    """Report a match: the first players of each side score the touchdowns; MVPs are the first players."""
    from roster_app.services.matches import record_match
    from roster_app.store.models import Match

    with db.read() as session:
        match = session.get(Match, match_id)
        home_id, away_id = match.home_team_id, match.away_team_id
        counted = (match.pre_match or {}).get("fans")
    home_players, away_players = roster_ids(db, home_id), roster_ids(db, away_id)
    lines = kwargs.pop("lines", None)
    if lines is None:
        lines = [
            {"player_id": home_players[0], "touchdowns": home},
            {"player_id": away_players[0], "touchdowns": away},
        ]
    if not counted:  # LRB 5/6: the fans counted before the match are the gate
        kwargs.setdefault("gate", 3_000 * (_fan(db, home_id) + _fan(db, away_id)))  # every die a 3
    kwargs.setdefault("home_mvp", home_players[0])
    kwargs.setdefault("away_mvp", away_players[0])
    return record_match(db, match_id=match_id, home_score=home, away_score=away, lines=lines, **kwargs)


def _fan(db: LeagueDB, team_id: int) -> int:
    return team_row(db, team_id).fan_factor
