"""Read side of the gold: every team's treasury beside what its ledger adds up to (one SQL aggregate)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from roster_app.store.db import LeagueDB
from roster_app.store.models import LedgerEntry, Team


@dataclass(frozen=True)
class Balance:
    id: int  # the team
    name: str
    treasury: int  # as stored on the team
    ledger: int  # the sum of its ledger
    entries: int

    @property
    def agrees(self) -> bool:
        return self.treasury == self.ledger


def balances_query():  # noqa: ANN201 - a SQLAlchemy Select
    """Each team with its treasury, the sum of its ledger and how many rows it has, by team id."""
    ledger = (
        select(LedgerEntry.team_id, func.sum(LedgerEntry.amount).label("total"), func.count().label("n"))
        .group_by(LedgerEntry.team_id)
        .subquery()
    )
    return (
        select(Team.id, Team.name, Team.treasury, func.coalesce(ledger.c.total, 0), func.coalesce(ledger.c.n, 0))
        .outerjoin(ledger, ledger.c.team_id == Team.id)
        .order_by(Team.id)
    )


def balances(db: LeagueDB) -> list[Balance]:
    with db.engine.connect() as conn:
        return [Balance(*row) for row in conn.execute(balances_query()).all()]
