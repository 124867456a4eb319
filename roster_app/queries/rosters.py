"""Read side: plain row objects for views and printing, fetched with a few SQL queries.

Views never hold session-bound ORM rows (they expire and re-query on paint); they hold these frozen
dataclasses, rebuilt after a change touches their tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.phrases import said
from roster_app.queries.first_screen import LeagueInfo, PlayerRow, TeamItem
from roster_app.queries.open_reads import (  # the open league's reads, without the ORM: one copy, there
    RefereeItem,
    TeamHeader,
    league_info,
    referees,
    roster,
    rosters,
    team_header,
    team_headers,
    teams,
)
from roster_app.rules.allies import AllyPenalties, ally_penalties_of, fan_factor_in_play
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.team import RatedPlayer, TeamSheet
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, LedgerEntry, Player, PlayerStatus, Team

__all__ = [
    "LeagueInfo", "LedgerRow", "PlayerRow", "RefereeItem", "TeamHeader", "TeamItem", "ally_penalties", "league_info",
    "ledger", "referees", "roster", "rosters", "running_contracts", "team_fan_factor_in_play", "team_header",
    "team_headers", "team_sheet", "teams",
]  # fmt: skip


@dataclass(frozen=True)
class LedgerRow:
    id: int
    created_at: object
    season: int
    amount: int
    kind: str
    reason: str  # in the reader's language (roster_app/phrases)
    balance: int


def running_contracts(session: Session, player_ids: list[int] | None = None) -> dict[int, tuple[int, int]]:
    """(length, served) of each running contract, by player."""
    query = select(Contract.player_id, Contract.seasons, Contract.served).where(Contract.status == "running")
    if player_ids is not None:
        query = query.where(Contract.player_id.in_(player_ids))
    return {pid: (length, served) for pid, length, served in session.execute(query)}


def ally_penalties(session: Session, ruleset: Ruleset, team: Team) -> AllyPenalties:
    """What the allies on the team's roster cost it now (lifted as soon as they leave)."""
    races = session.scalars(
        select(Player.race).where(Player.team_id == team.id, Player.status.in_(PlayerStatus.ON_ROSTER))
    )
    return ally_penalties_of(team.race, races, ruleset)


def team_fan_factor_in_play(session: Session, ruleset: Ruleset, team: Team) -> int:
    """The fan factor the team plays with (gate, Player Reaction): its own, less the allies' penalty."""
    return fan_factor_in_play(team.fan_factor, ally_penalties(session, ruleset, team), ruleset)


def team_sheet(session: Session, team: Team) -> TeamSheet:
    players = session.execute(
        select(Player.id, Player.value, Player.spp).where(
            Player.team_id == team.id, Player.status.in_(PlayerStatus.ON_ROSTER)
        )
    ).all()
    contracts = running_contracts(session, [p.id for p in players])
    return TeamSheet(
        race=team.race,
        players=tuple(RatedPlayer(value, spp, pid in contracts) for pid, value, spp in players),
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        treasury=team.treasury,
        fan_factor=team.fan_factor,
    )


def ledger(db: LeagueDB, team_id: int) -> list[LedgerRow]:
    """A team's ledger, oldest first, with the running balance (summed by the database)."""
    balance = func.sum(LedgerEntry.amount).over(order_by=LedgerEntry.id)
    query = (
        select(LedgerEntry.id, LedgerEntry.created_at, LedgerEntry.season, LedgerEntry.amount, LedgerEntry.kind,
               LedgerEntry.reason, balance, LedgerEntry.words)
        .where(LedgerEntry.team_id == team_id)
        .order_by(LedgerEntry.id)
    )  # fmt: skip
    with db.engine.connect() as conn:
        return [
            LedgerRow(id_, at, season, amount, kind, said(words, reason), total)
            for id_, at, season, amount, kind, reason, total, words in conn.execute(query).all()
        ]
