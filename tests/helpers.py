"""Test helpers: a snapshot of every row of a league, and quick team setup."""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel import SQLModel

from roster_app.store.db import LeagueDB


def snapshot(db: LeagueDB, *, versions: bool = False) -> dict[str, list[tuple]]:
    """Every row of every table, in primary-key order: equal snapshots mean an identical league.

    Row versions (team, player) are bookkeeping, not league content: an undo gives a row its old values and
    a new version. They are left out unless `versions` is True.
    """
    from roster_app.store.changes import version_columns

    out = {}
    with db.read() as session:
        for table in SQLModel.metadata.sorted_tables:
            skip = None if versions else version_columns().get(table.name)
            columns = [c for c in table.columns if c.name != skip]
            rows = session.execute(select(*columns).order_by(*table.primary_key.columns)).all()
            out[table.name] = [tuple(r) for r in rows]
    return out


def team_id(db: LeagueDB, name: str) -> int:
    from roster_app.store.models import Team

    with db.read() as session:
        return session.scalars(select(Team.id).where(Team.name == name)).one()


def add_orcs(db: LeagueDB, name: str = "Orcland Raiders", treasury: int | None = None) -> int:
    from roster_app.services.teams import add_team

    return add_team(db, name=name, race="Orc", coach="Grim", treasury=treasury).result


def ledger_sum(db: LeagueDB, team: int) -> int:
    from sqlalchemy import func

    from roster_app.store.models import LedgerEntry

    with db.read() as session:
        return session.scalar(
            select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(LedgerEntry.team_id == team)
        )


def treasury(db: LeagueDB, team: int) -> int:
    from roster_app.store.models import Team

    with db.read() as session:
        return session.get(Team, team).treasury


def new_fixture(db: LeagueDB) -> int:
    """A fresh fixture for a referee's match sheet: a friendly of the first two teams (two Orc teams are added
    when the league has fewer), in a round of its own."""
    from sqlalchemy import func

    from roster_app.services.season import add_fixture
    from roster_app.store.models import Match, Team

    with db.read() as session:
        teams = list(session.scalars(select(Team.id).order_by(Team.id)))
        last_round = session.scalar(select(func.max(Match.round))) or 0
    while len(teams) < 2:
        teams.append(add_orcs(db, f"Orc Team {len(teams) + 1}"))
    return add_fixture(db, home_team_id=teams[0], away_team_id=teams[1], round_number=last_round + 1).result
