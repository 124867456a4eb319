"""Read side of contracts and seasons: the league's contracts, a player's offer, what ending a season does."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import aliased
from sqlmodel import Session

from roster_app.queries.clock import Act, moment
from roster_app.rules.contracts import (
    contract_cost_for_rolls,
    contract_state,
    length_problem,
    seasons_left,
    sign_problem,
    tally_marks,
)
from roster_app.rules.ruleset import Position, Ruleset
from roster_app.rules.spp import level_name, star_player_rolls
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, League, Match, Player, PlayerStatus, Team
from roster_app.store.statuses import ContractStatus


# -- a player's contracts (read inside a transaction; the contracts services ask the same) ---------
def running_contract(session: Session, player_id: int) -> Contract | None:
    return session.scalars(
        select(Contract).where(Contract.player_id == player_id, Contract.status == ContractStatus.RUNNING)
    ).first()


def last_contract(session: Session, player_id: int) -> Contract | None:
    return session.scalars(
        select(Contract).where(Contract.player_id == player_id).order_by(Contract.id.desc())
    ).first()


def player_position(ruleset: Ruleset, player: Player) -> Position | None:
    """The player's position in the league's ruleset (None if a house-rules edit removed it)."""
    try:
        return ruleset.position(player.race, player.position)
    except Exception:
        return None


def renewable(session: Session, player: Player) -> bool:
    """His latest contract was with his team now and has ended (or still runs: `sign` says why not)."""
    last = last_contract(session, player.id)
    return (
        last is not None
        and last.team_id == player.team_id
        and last.status in (ContractStatus.EXPIRED, ContractStatus.RUNNING)
    )


def unplayed_fixtures(session: Session, season: int) -> int:
    """Fixtures of `season` not played yet (friendlies do not count)."""
    return session.scalar(
        select(func.count()).where(Match.season == season, Match.status == "scheduled", Match.stage != "friendly")
    )


FREE_AGENT = "free agent"


@dataclass(frozen=True)
class ContractRow:
    id: int
    player_id: int
    player: str
    team_id: int
    team: str
    position: str
    rolls: int
    seasons: int
    served: int
    cost: int
    signed_season: int
    status: str  # running / final season / expired / free agent / ended by transfer / reversed
    renewal: bool
    via_transfer: bool

    @property
    def tally(self) -> str:
        return tally_marks(min(self.served, self.seasons), self.seasons)

    @property
    def left(self) -> int:
        return seasons_left(self.seasons, self.served) if self.status in ("running", "final season") else 0


def _status(contract: Contract, player: Player, latest: bool, has_running: bool) -> str:
    if contract.status == ContractStatus.RUNNING:
        return contract_state(contract.seasons, contract.served)
    if contract.status == ContractStatus.TRANSFERRED:
        return "ended by transfer"  # i18n: key
    if contract.status == ContractStatus.REVERSED:
        return "reversed"
    if contract.status == ContractStatus.DIED:
        return "ended: he died"  # i18n: key (ui's STATUS_WORDS)
    if contract.status == ContractStatus.ENDED:
        return f"ended ({player.status})"
    if latest and not has_running and player.status in PlayerStatus.ON_ROSTER:
        return FREE_AGENT
    return "cancelled" if contract.status == ContractStatus.CANCELLED else "expired"


def contracts(db: LeagueDB, *, team_id: int | None = None) -> list[ContractRow]:
    """Every contract in the league (or signed with one team), newest first."""
    query = (
        select(Contract, Player, Team.name)
        .join(Player, Player.id == Contract.player_id)
        .join(Team, Team.id == Contract.team_id)
        .order_by(Contract.id.desc())
    )
    if team_id is not None:
        query = query.where(Contract.team_id == team_id)
    with db.read() as session:
        latest = dict(
            session.execute(select(Contract.player_id, func.max(Contract.id)).group_by(Contract.player_id)).all()
        )
        running = set(session.scalars(select(Contract.player_id).where(Contract.status == ContractStatus.RUNNING)))
        rows = []
        for c, p, team in session.execute(query):
            rows.append(ContractRow(
                id=c.id, player_id=p.id, player=p.name, team_id=c.team_id, team=team, position=p.position,
                rolls=c.rolls_at_signing, seasons=c.seasons, served=c.served, cost=c.cost,
                signed_season=c.signed_season, status=_status(c, p, latest.get(p.id) == c.id, p.id in running),
                renewal=c.renewal, via_transfer=c.transfer_id is not None,
            ))  # fmt: skip
    return rows


@dataclass(frozen=True)
class ContractOffer:
    """What the sign/renew dialog needs to know about one player."""

    player_id: int
    name: str
    team_id: int
    team: str
    treasury: int
    spp: int
    rolls: int
    level: str
    position: Position | None
    on_roster: bool
    running: tuple[int, int] | None  # (length, served) of a running contract
    renewable: bool  # his last contract with this team has ended
    when: str | None = None  # why his team may not sign contracts now (the league's clock), or None

    def cost(self, seasons: int, ruleset: Ruleset) -> int | None:
        if length_problem(seasons, ruleset):
            return None
        return contract_cost_for_rolls(self.rolls, seasons, ruleset)

    def problem(self, seasons: int, ruleset: Ruleset) -> str | None:
        if self.when:
            return self.when
        return sign_problem(
            name=self.name, spp=self.spp, position=self.position, on_roster=self.on_roster,
            running=self.running, treasury=self.treasury, seasons=seasons, ruleset=ruleset,
        )  # fmt: skip


def contract_offer(db: LeagueDB, player_id: int) -> ContractOffer | None:
    ruleset = db.ruleset
    with db.read() as session:
        player = session.get(Player, player_id)
        if player is None:
            return None
        team = session.get(Team, player.team_id)
        mine = session.scalars(
            select(Contract).where(Contract.player_id == player_id).order_by(Contract.id.desc())
        ).all()
        running = next((c for c in mine if c.status == ContractStatus.RUNNING), None)
        last = mine[0] if mine else None
        return ContractOffer(
            player_id=player.id, name=player.name, team_id=team.id, team=team.name, treasury=team.treasury,
            spp=player.spp, rolls=star_player_rolls(player.spp, ruleset), level=level_name(player.spp, ruleset),
            position=player_position(ruleset, player), on_roster=player.status in PlayerStatus.ON_ROSTER,
            running=(running.seasons, running.served) if running else None,
            renewable=last is not None and last.team_id == team.id and last.status == ContractStatus.EXPIRED,
            when=moment(session, team).refusal(Act.CONTRACTS),
        )  # fmt: skip


@dataclass(frozen=True)
class SeasonPreview:
    """What "End Season" would do now."""

    season: int
    unplayed: int
    running: int
    expiring: tuple[str, ...]
    sequences_due: tuple[
        str, ...
    ] = ()  # "Round 3: Orcland Raiders 2-0 Athelorn Avengers": played, sequence not done
    still_to_play: tuple[str, ...] = ()  # "League: 3 league fixtures", "Spike Cup: the semi-final, the final"


def season_preview(db: LeagueDB) -> SeasonPreview:
    from roster_app.queries.competitions import still_to_play_words

    with db.read() as session:
        season = session.scalars(select(League.current_season)).one()
        rows = session.execute(
            select(Contract.seasons, Contract.served, Player.name)
            .join(Player, Player.id == Contract.player_id)
            .where(Contract.status == ContractStatus.RUNNING)
            .order_by(Player.name)
        ).all()
        return SeasonPreview(
            season=season,
            unplayed=unplayed_fixtures(session, season),
            still_to_play=tuple(still_to_play_words(session, season)),
            running=len(rows),
            expiring=tuple(name for length, served, name in rows if served + 1 >= length),
            sequences_due=sequences_due(session, season),
        )


def sequences_due(session: Session, season: int) -> tuple[str, ...]:
    """Matches of `season` played whose post-match sequence is not finished, in words."""
    home, away = aliased(Team), aliased(Team)
    rows = session.execute(
        select(Match.round, home.name, Match.home_score, Match.away_score, away.name)
        .join(home, home.id == Match.home_team_id)
        .join(away, away.id == Match.away_team_id)
        .where(Match.season == season, Match.status == "played")
        .order_by(Match.round, Match.id)
    ).all()
    return tuple(f"round {r}: {h} {hs}-{a_s} {a}" for r, h, hs, a_s, a in rows)
