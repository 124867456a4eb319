"""Read side: plain row objects for views and printing, fetched with a few SQL queries.

Views never hold session-bound ORM rows (they expire and re-query on paint); they hold these frozen
dataclasses, rebuilt after a change touches their tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.db import LeagueDB
from roster_app.models import Contract, League, LedgerEntry, Player, PlayerStatus, Referee, Team
from roster_app.rules.contracts import contract_state, tally_marks
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.spp import level_name, rolls_due
from roster_app.rules.team import RatedPlayer, TeamSheet, team_rating, team_value, winnings_rating


@dataclass(frozen=True)
class LeagueInfo:
    name: str
    ruleset_name: str
    season: int
    path: str
    read_only: bool


@dataclass(frozen=True)
class TeamItem:
    id: int
    name: str
    race: str
    coach: str
    players: int


@dataclass(frozen=True)
class PlayerRow:
    id: int
    team_id: int
    number: int
    name: str
    race: str
    position: str
    ma: int
    st: int
    ag: int
    av: int
    starting_skills: tuple[str, ...]
    skills: tuple[str, ...]
    injuries: tuple[str, ...]
    spp: int
    rolls_taken: int
    rolls_due: int
    level: str
    value: int
    status: str
    ally: bool
    contract_seasons: int | None  # length of the running contract, None for a free agent
    contract_served: int
    version: int = 1  # the row version shown: an edit made from it is refused if someone changed him since

    @property
    def on_roster(self) -> bool:
        return self.status in PlayerStatus.ON_ROSTER

    @property
    def contract_text(self) -> str:
        if self.contract_seasons is None:
            return "free agent"
        return f"{tally_marks(self.contract_served, self.contract_seasons)} ({contract_state(self.contract_seasons, self.contract_served)})"


@dataclass(frozen=True)
class TeamHeader:
    id: int
    name: str
    race: str
    coach: str
    treasury: int
    fan_factor: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    players: int
    value: int
    rating: int
    winnings_rating: int
    reroll_cost: int
    version: int = 1  # the team row's version shown (edits from an older one are refused)


@dataclass(frozen=True)
class LedgerRow:
    id: int
    created_at: object
    season: int
    amount: int
    kind: str
    reason: str
    balance: int


def league_info(db: LeagueDB) -> LeagueInfo:
    with db.read() as session:
        league = session.scalars(select(League)).one()
        return LeagueInfo(league.name, league.ruleset_name, league.current_season, db.location, db.read_only)


def teams(db: LeagueDB) -> list[TeamItem]:
    counts = (
        select(Player.team_id, func.count().label("n"))
        .where(Player.status.in_(PlayerStatus.ON_ROSTER))
        .group_by(Player.team_id)
        .subquery()
    )
    query = (
        select(Team.id, Team.name, Team.race, Team.coach, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.team_id == Team.id)
        .order_by(func.lower(Team.name))
    )
    with db.read() as session:
        return [TeamItem(*row) for row in session.execute(query)]


def _running_contracts(session: Session, player_ids: list[int] | None = None) -> dict[int, tuple[int, int]]:
    query = select(Contract.player_id, Contract.seasons, Contract.served).where(Contract.status == "running")
    if player_ids is not None:
        query = query.where(Contract.player_id.in_(player_ids))
    return {pid: (length, served) for pid, length, served in session.execute(query)}


def _player_row(p: Player, team_race: str, ruleset: Ruleset, contract: tuple[int, int] | None) -> PlayerRow:
    try:
        starting = ruleset.position(p.race, p.position).skills
    except Exception:  # a house-rules edit removed the position: show the line anyway
        starting = ()
    return PlayerRow(
        id=p.id, team_id=p.team_id, number=p.number, name=p.name, race=p.race, position=p.position,
        ma=p.ma, st=p.st, ag=p.ag, av=p.av, starting_skills=tuple(starting), skills=tuple(p.skills),
        injuries=tuple(p.injuries), spp=p.spp, rolls_taken=p.rolls_taken,
        rolls_due=rolls_due(p.spp, p.rolls_taken, ruleset), level=level_name(p.spp, ruleset), value=p.value,
        status=p.status, ally=p.race != team_race,
        contract_seasons=contract[0] if contract else None, contract_served=contract[1] if contract else 0,
        version=p.version,
    )  # fmt: skip


def roster(db: LeagueDB, team_id: int, *, include_former: bool = False) -> list[PlayerRow]:
    """A team's players in number order (former players last when asked for)."""
    ruleset = db.ruleset
    with db.read() as session:
        team = session.get(Team, team_id)
        if team is None:
            return []
        query = select(Player).where(Player.team_id == team_id)
        if not include_former:
            query = query.where(Player.status.in_(PlayerStatus.ON_ROSTER))
        players = session.scalars(query.order_by(Player.number, Player.id)).all()
        contracts = _running_contracts(session, [p.id for p in players])
        rows = [_player_row(p, team.race, ruleset, contracts.get(p.id)) for p in players]
    return sorted(rows, key=lambda r: (not r.on_roster, r.number))


def team_sheet(session: Session, team: Team) -> TeamSheet:
    players = session.execute(
        select(Player.id, Player.value, Player.spp).where(
            Player.team_id == team.id, Player.status.in_(PlayerStatus.ON_ROSTER)
        )
    ).all()
    contracts = _running_contracts(session, [p.id for p in players])
    return TeamSheet(
        race=team.race,
        players=tuple(RatedPlayer(value, spp, pid in contracts) for pid, value, spp in players),
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        treasury=team.treasury,
    )


def team_header(db: LeagueDB, team_id: int) -> TeamHeader | None:
    ruleset = db.ruleset
    with db.read() as session:
        team = session.get(Team, team_id)
        if team is None:
            return None
        sheet = team_sheet(session, team)
        return TeamHeader(
            id=team.id, name=team.name, race=team.race, coach=team.coach, treasury=team.treasury,
            fan_factor=team.fan_factor, rerolls=team.rerolls, assistant_coaches=team.assistant_coaches,
            cheerleaders=team.cheerleaders, apothecary=team.apothecary, players=len(sheet.players),
            value=team_value(sheet, ruleset), rating=team_rating(sheet, ruleset),
            winnings_rating=winnings_rating(sheet, ruleset), reroll_cost=ruleset.race(team.race).reroll_cost,
            version=team.version,
        )  # fmt: skip


def ledger(db: LeagueDB, team_id: int) -> list[LedgerRow]:
    """A team's ledger, oldest first, with the running balance."""
    with db.read() as session:
        entries = session.scalars(
            select(LedgerEntry).where(LedgerEntry.team_id == team_id).order_by(LedgerEntry.id)
        ).all()
    balance, rows = 0, []
    for e in entries:
        balance += e.amount
        rows.append(LedgerRow(e.id, e.created_at, e.season, e.amount, e.kind, e.reason, balance))
    return rows


@dataclass(frozen=True)
class RefereeItem:
    id: int
    name: str
    race: str
    is_star: bool
    status: str
    spp: int


def referees(db: LeagueDB) -> list[RefereeItem]:
    with db.read() as session:
        rows = session.execute(
            select(Referee.id, Referee.name, Referee.race, Referee.is_star, Referee.status, Referee.spp).order_by(
                Referee.is_star, func.lower(Referee.name)
            )
        ).all()
    return [RefereeItem(*r) for r in rows]
