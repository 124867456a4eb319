"""Careers, read side: a player's match-by-match line, a team's timeline, a referee's career from his sheets.

The team timeline gives each game a point (rating, treasury, fan factor after the game) with the ledger rows
behind it: a ledger row belongs to the match it names, else to the team's last match played before it was
written (as `queries.season.team_history` counts them), so the treasury of a point is the sum of the ledger up
to its last row.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, or_, select
from sqlalchemy.orm import aliased

from roster_app.errors import NotFound
from roster_app.queries.season import PLAYED
from roster_app.queries.transfers import naive_utc
from roster_app.rules.postmatch import result_of
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Contract,
    LedgerEntry,
    Match,
    MatchPlayer,
    Player,
    Referee,
    RefereeMatch,
    Team,
    Transfer,
)


@dataclass(frozen=True)
class CareerGame:
    match_id: int
    season: int
    round: int
    stage: str
    team: str
    opponent: str
    score: str  # the player's side first: "2 - 1"
    touchdowns: int
    completions: int
    interceptions: int
    casualties: int
    mvp: bool
    spp: int
    spp_total: int  # the SPP earned in games so far
    injury: str
    advances: tuple[str, ...]  # taken after this game


@dataclass(frozen=True)
class CareerContract:
    id: int
    team: str
    signed_season: int
    seasons: int
    served: int
    cost: int
    status: str
    renewal: bool


@dataclass(frozen=True)
class CareerTransfer:
    id: int
    season: int
    seller: str
    buyer: str
    price: int | None
    status: str


@dataclass(frozen=True)
class PlayerCareer:
    id: int
    name: str
    race: str
    position: str
    status: str
    team_id: int
    team: str  # today
    number: int
    spp: int  # as he stands (with SPP from before his games or corrected)
    skills: tuple[str, ...]
    injuries: tuple[str, ...]
    teams: tuple[str, ...]  # every team he played for, in order
    games: tuple[CareerGame, ...]
    contracts: tuple[CareerContract, ...]
    transfers: tuple[CareerTransfer, ...]

    def total(self, what: str) -> int:
        return sum(int(getattr(game, what)) for game in self.games)


def _advances_by_match(matches: list[Match], player_id: int) -> dict[int, tuple[str, ...]]:
    out = {}
    for match in matches:
        for team_results in (match.post_match or {}).get("results", {}).values():
            gained = (team_results.get("advances") or {}).get(str(player_id))
            if gained:
                out[match.id] = tuple(gained)
    return out


def _player_games(session, player_id: int) -> list[CareerGame]:  # noqa: ANN001
    side, opponent = aliased(Team), aliased(Team)
    other = case((Match.home_team_id == MatchPlayer.team_id, Match.away_team_id), else_=Match.home_team_id)
    rows = session.execute(
        select(MatchPlayer, Match, side.name, opponent.name)
        .join(Match, Match.id == MatchPlayer.match_id)
        .join(side, side.id == MatchPlayer.team_id)
        .join(opponent, opponent.id == other)
        .where(MatchPlayer.player_id == player_id, Match.status.in_(PLAYED))
        .order_by(Match.season, Match.round, Match.played_at, Match.id)
    ).all()
    advances = _advances_by_match([match for _line, match, _s, _o in rows], player_id)
    out, total = [], 0
    for line, match, team, against in rows:
        total += line.spp
        home = match.home_team_id == line.team_id
        mine, theirs = (match.home_score, match.away_score) if home else (match.away_score, match.home_score)
        out.append(CareerGame(
            match.id, match.season, match.round, match.stage, team, against, f"{mine} - {theirs}", line.touchdowns,
            line.completions, line.interceptions, line.casualties, line.mvp, line.spp, total, line.injury,
            advances.get(match.id, ()),
        ))  # fmt: skip
    return out


def player_career(db: LeagueDB, player_id: int) -> PlayerCareer:
    """A player's career: every game he played, his contracts and transfers, and the teams he played for."""
    seller, buyer = aliased(Team), aliased(Team)
    with db.read() as session:
        player = session.get(Player, player_id)
        if player is None:
            raise NotFound("That player no longer exists in this league.")
        team = session.get(Team, player.team_id)
        games = _player_games(session, player_id)
        contracts = [CareerContract(c.id, name, c.signed_season, c.seasons, c.served, c.cost, c.status, c.renewal)
                     for c, name in session.execute(
                         select(Contract, Team.name).join(Team, Team.id == Contract.team_id)
                         .where(Contract.player_id == player_id).order_by(Contract.id))]  # fmt: skip
        transfers = [CareerTransfer(*row) for row in session.execute(
            select(Transfer.id, Transfer.season, seller.name, buyer.name, Transfer.price, Transfer.status)
            .join(seller, seller.id == Transfer.seller_team_id).join(buyer, buyer.id == Transfer.buyer_team_id)
            .where(Transfer.player_id == player_id, Transfer.status.in_(("completed", "reversed")))
            .order_by(Transfer.id))]  # fmt: skip
        teams = list(dict.fromkeys([*(g.team for g in games), team.name]))
        return PlayerCareer(
            player.id, player.name, player.race, player.position, player.status, team.id, team.name, player.number,
            player.spp, tuple(player.skills), tuple(player.injuries), tuple(teams), tuple(games), tuple(contracts),
            tuple(transfers),
        )  # fmt: skip


@dataclass(frozen=True)
class LedgerLine:
    id: int
    kind: str
    reason: str
    amount: int
    balance: int


@dataclass(frozen=True)
class TimelinePoint:
    match_id: int
    season: int
    round: int
    stage: str
    opponent: str
    score: str  # the team's score first
    result: str  # W / D / L
    rating: int | None  # after the game's post-match sequence; None until its last step
    treasury: int  # after the game and what it paid and bought, until the next game
    fan_factor: int | None  # after the game's fan factor roll; None until it is rolled
    ledger: tuple[LedgerLine, ...]  # the gold behind the treasury


@dataclass(frozen=True)
class TeamTimeline:
    id: int
    name: str
    race: str
    coach: str
    opening: int  # the treasury before the first game
    points: tuple[TimelinePoint, ...]


def _owners(matches: list[Match], entries: list[LedgerEntry]) -> list[int | None]:
    """The match each ledger row belongs to: the one it names, else the last one played before it."""
    ids = {m.id for m in matches}
    played = sorted((naive_utc(m.played_at), m.id) for m in matches if m.played_at is not None)
    out = []
    for entry in entries:
        if entry.match_id in ids:
            out.append(entry.match_id)
            continue
        written = naive_utc(entry.created_at)
        earlier = [mid for when, mid in played if when <= written]
        out.append(earlier[-1] if earlier else None)
    return out


def team_timeline(db: LeagueDB, team_id: int, *, season: int | None = None) -> TeamTimeline:
    """The team after every game it played (of one season, or all): rating, treasury and fan factor."""
    with db.read() as session:
        team = session.get(Team, team_id)
        if team is None:
            raise NotFound("That team no longer exists in this league.")
        matches = list(session.scalars(
            select(Match).where(or_(Match.home_team_id == team_id, Match.away_team_id == team_id),
                                Match.status.in_(PLAYED))
            .order_by(Match.played_at, Match.id)))  # fmt: skip
        entries = list(session.scalars(select(LedgerEntry).where(LedgerEntry.team_id == team_id)
                                       .order_by(LedgerEntry.id)))  # fmt: skip
        names = dict(session.execute(select(Team.id, Team.name)).all())
        behind: dict[int | None, list[LedgerLine]] = {}
        balance = 0
        for entry, owner in zip(entries, _owners(matches, entries), strict=True):
            balance += entry.amount
            behind.setdefault(owner, []).append(
                LedgerLine(entry.id, entry.kind, entry.reason, entry.amount, balance)
            )
        opening = behind[None][-1].balance if behind.get(None) else 0
        points, treasury = [], opening
        for match in matches:
            home = match.home_team_id == team_id
            mine, theirs = (match.home_score, match.away_score) if home else (match.away_score, match.home_score)
            results = (match.post_match or {}).get("results", {}).get(str(team_id), {})
            lines = tuple(behind.get(match.id, ()))
            treasury = lines[-1].balance if lines else treasury
            if season is not None and match.season != season:
                continue
            points.append(TimelinePoint(
                match.id, match.season, match.round, match.stage,
                names[match.away_team_id if home else match.home_team_id], f"{mine} - {theirs}",
                result_of(mine, theirs), results.get("rating_after"), treasury, results.get("fan_factor_after"), lines,
            ))  # fmt: skip
        return TeamTimeline(team.id, team.name, team.race, team.coach, opening, tuple(points))


@dataclass(frozen=True)
class RefereeGame:
    sheet_id: int
    match_id: int | None
    season: int | None
    round: int | None
    fixture: str  # "Home v Away", or "" for a sheet without a fixture
    in_range: int  # turns ticked within range
    turns_played: int
    riot: bool
    casualties: int
    state: str  # how he ended the game
    result: str  # sacked / award / kept
    spp: int


@dataclass(frozen=True)
class RefereeCareer:
    id: int
    name: str
    race: str
    is_star: bool
    status: str
    spp: int
    games: tuple[RefereeGame, ...]

    def count(self, result: str) -> int:
        return sum(1 for game in self.games if game.result == result)

    @property
    def deaths(self) -> int:
        return sum(1 for game in self.games if game.state == "dead")


def referee_career(db: LeagueDB, referee_id: int) -> RefereeCareer:
    """Every finished match sheet of the ref, oldest first."""
    home, away = aliased(Team), aliased(Team)
    with db.read() as session:
        ref = session.get(Referee, referee_id)
        if ref is None:
            raise NotFound("That referee is no longer in this league.")
        rows = session.execute(
            select(RefereeMatch, Match.season, Match.round, home.name, away.name)
            .outerjoin(Match, Match.id == RefereeMatch.match_id)
            .outerjoin(home, home.id == Match.home_team_id)
            .outerjoin(away, away.id == Match.away_team_id)
            .where(RefereeMatch.referee_id == referee_id, RefereeMatch.finished.is_(True))
            .order_by(RefereeMatch.id)
        ).all()
        games = tuple(
            RefereeGame(sheet.id, sheet.match_id, season, rnd, f"{h} v {a}" if h else "",
                        sum(1 for tick in sheet.in_range if tick is True), sheet.turns_played, sheet.riot,
                        sheet.casualties, sheet.state, sheet.result, sheet.spp_gained)
            for sheet, season, rnd, h, a in rows
        )  # fmt: skip
        return RefereeCareer(ref.id, ref.name, ref.race, ref.is_star, ref.status, ref.spp, games)


def turns_in_range(db: LeagueDB) -> dict[str, list[tuple[str, int]]]:
    """Each ref's turns in range per game ((label, turns)), for a chart; refs with no finished game left out."""
    with db.read() as session:
        ids = list(session.scalars(select(Referee.id).order_by(Referee.name)))
    out = {}
    for ref_id in ids:
        career = referee_career(db, ref_id)
        if career.games:
            out[career.name] = [(f"S{g.season} R{g.round}" if g.season else "", g.in_range) for g in career.games]
    return out


def match_people(db: LeagueDB, match_id: int) -> tuple[int, int, int | None]:
    """(home team, away team, the ref of its sheet or None) of a match: the careers a fixture's row links to."""
    with db.read() as session:
        match = session.get(Match, match_id)
        if match is None:
            raise NotFound("That match is no longer in the league.")
        ref = session.scalar(
            select(RefereeMatch.referee_id)
            .where(RefereeMatch.match_id == match_id)
            .order_by(RefereeMatch.id.desc())
        )
        return match.home_team_id, match.away_team_id, ref
