"""Read side: plain row objects for views and printing, fetched with a few SQL queries.

Views never hold session-bound ORM rows (they expire and re-query on paint); they hold these frozen
dataclasses, rebuilt after a change touches their tables.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, text
from sqlmodel import Session

from roster_app.queries import first_screen
from roster_app.queries.first_screen import Fetch, LeagueInfo, PlayerRow, TeamItem
from roster_app.rules.allies import AllyPenalties, ally_penalties_of, fan_factor_in_play, is_ally
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.team import RatedPlayer, TeamSheet, reroll_price, team_rating, team_value, winnings_rating
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, LedgerEntry, Match, Player, PlayerStatus, Referee, Team


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
    reroll_cost: int  # the race's price of a re-roll (what the team value counts each at)
    version: int = 1  # the team row's version shown (edits from an older one are refused)
    reroll_price: int = 0  # one more re-roll now: doubled after the first match, + the allies' surcharge
    allies: tuple[str, ...] = ()  # "#12 Gotrek (Dwarf Troll Slayer)" for each ally on the roster
    penalties: AllyPenalties = AllyPenalties(0, 0, 0)
    fan_factor_in_play: int = 0  # the fan factor with the allies' penalty: the gate and the Player Reaction use it


@dataclass(frozen=True)
class LedgerRow:
    id: int
    created_at: object
    season: int
    amount: int
    kind: str
    reason: str
    balance: int


def _fetch(conn: Any) -> Fetch:
    """A roster_app.queries.first_screen query runner over a SQLAlchemy connection (the same SQL as the first look)."""
    return lambda sql, params: conn.execute(text(sql), params).all()


def league_info(db: LeagueDB) -> LeagueInfo:
    with db.engine.connect() as conn:
        name, ruleset_name, season = _fetch(conn)(first_screen.LEAGUE_SQL, {})[0]
    return LeagueInfo(name, ruleset_name, season, db.location, db.read_only)


def teams(db: LeagueDB) -> list[TeamItem]:
    with db.engine.connect() as conn:
        return first_screen.read_teams(_fetch(conn))


def running_contracts(session: Session, player_ids: list[int] | None = None) -> dict[int, tuple[int, int]]:
    """(length, served) of each running contract, by player."""
    query = select(Contract.player_id, Contract.seasons, Contract.served).where(Contract.status == "running")
    if player_ids is not None:
        query = query.where(Contract.player_id.in_(player_ids))
    return {pid: (length, served) for pid, length, served in session.execute(query)}


def roster(db: LeagueDB, team_id: int, *, include_former: bool = False) -> list[PlayerRow]:
    """A team's players in number order (former players last when asked for)."""
    ruleset = db.ruleset
    with db.engine.connect() as conn:
        return first_screen.read_roster(_fetch(conn), team_id, ruleset, include_former=include_former)


def rosters(db: LeagueDB, team_ids: list[int]) -> dict[int, list[PlayerRow]]:
    """The players on the roster of each team (printing every roster)."""
    ruleset = db.ruleset
    with db.engine.connect() as conn:
        return first_screen.read_rosters(_fetch(conn), team_ids, ruleset)


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


def team_header(db: LeagueDB, team_id: int) -> TeamHeader | None:
    return team_headers(db, [team_id]).get(team_id)


def team_headers(db: LeagueDB, team_ids: list[int] | None = None) -> dict[int, TeamHeader]:
    """The header figures of the teams (all by default), in four queries however many teams."""
    ruleset = db.ruleset
    teams = select(Team.id, Team.name, Team.race, Team.coach, Team.treasury, Team.fan_factor, Team.rerolls,
                   Team.assistant_coaches, Team.cheerleaders, Team.apothecary, Team.version)  # fmt: skip
    players = select(Player.team_id, Player.id, Player.value, Player.spp, Player.race, Player.number, Player.name,
                     Player.position).where(Player.status.in_(PlayerStatus.ON_ROSTER)).order_by(Player.number)  # fmt: skip
    running = select(Contract.player_id).where(Contract.status == "running")
    played = select(Match.home_team_id, Match.away_team_id).where(Match.status != "scheduled")
    if team_ids is not None:
        teams = teams.where(Team.id.in_(team_ids))
        players = players.where(Player.team_id.in_(team_ids))
        running = running.where(Contract.player_id.in_(select(Player.id).where(Player.team_id.in_(team_ids))))
        played = played.where(Match.home_team_id.in_(team_ids) | Match.away_team_id.in_(team_ids))
    with db.engine.connect() as conn:
        team_rows = conn.execute(teams).all()
        player_rows = conn.execute(players).all()
        contracted = set(conn.execute(running).scalars())
        have_played = {tid for pair in conn.execute(played).all() for tid in pair}
    team_races = {row.id: row.race for row in team_rows}
    rated: dict[int, list[RatedPlayer]] = defaultdict(list)
    races: dict[int, list[str]] = defaultdict(list)
    allies: dict[int, list[str]] = defaultdict(list)
    for team_id, pid, value, spp, race, number, player, position in player_rows:
        rated[team_id].append(RatedPlayer(value, spp, pid in contracted))
        races[team_id].append(race)
        if is_ally(race, team_races.get(team_id, race)):
            allies[team_id].append(f"#{number} {player} ({race} {position})")
    out = {}
    for (
        tid,
        name,
        race,
        coach,
        treasury,
        fans,
        rerolls,
        assistants,
        cheerleaders,
        apothecary,
        version,
    ) in team_rows:
        sheet = TeamSheet(race=race, players=tuple(rated[tid]), rerolls=rerolls, assistant_coaches=assistants,
                          cheerleaders=cheerleaders, apothecary=apothecary, treasury=treasury, fan_factor=fans)  # fmt: skip
        penalties = ally_penalties_of(race, races[tid], ruleset)
        out[tid] = TeamHeader(
            id=tid, name=name, race=race, coach=coach, treasury=treasury, fan_factor=fans, rerolls=rerolls,
            assistant_coaches=assistants, cheerleaders=cheerleaders, apothecary=apothecary,
            players=len(sheet.players), value=team_value(sheet, ruleset), rating=team_rating(sheet, ruleset),
            winnings_rating=winnings_rating(sheet, ruleset), reroll_cost=ruleset.race(race).reroll_cost,
            version=version, allies=tuple(allies[tid]), penalties=penalties,
            reroll_price=reroll_price(race, played=tid in have_played, surcharge=penalties.reroll_surcharge,
                                      ruleset=ruleset),
            fan_factor_in_play=fan_factor_in_play(fans, penalties, ruleset),
        )  # fmt: skip
    return out


def ledger(db: LeagueDB, team_id: int) -> list[LedgerRow]:
    """A team's ledger, oldest first, with the running balance (summed by the database)."""
    balance = func.sum(LedgerEntry.amount).over(order_by=LedgerEntry.id)
    query = (
        select(LedgerEntry.id, LedgerEntry.created_at, LedgerEntry.season, LedgerEntry.amount, LedgerEntry.kind,
               LedgerEntry.reason, balance)
        .where(LedgerEntry.team_id == team_id)
        .order_by(LedgerEntry.id)
    )  # fmt: skip
    with db.engine.connect() as conn:
        return [LedgerRow(*row) for row in conn.execute(query).all()]


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
