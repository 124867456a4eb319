"""Read side of the season: fixtures with results, the league table, leaders and a team's match history.

The league table and the leaders are single SQL aggregates; views get frozen rows.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, func, literal, or_, select, union_all
from sqlalchemy.orm import aliased

from roster_app.db import LeagueDB
from roster_app.models import League, LedgerEntry, Match, MatchPlayer, Player, Referee, Team
from roster_app.rules.fixtures import byes
from roster_app.rules.postmatch import rank, result_of

PLAYED = ("played", "completed")


@dataclass(frozen=True)
class FixtureRow:
    id: int
    season: int
    round: int
    stage: str
    home_id: int
    home: str
    away_id: int
    away: str
    status: str  # scheduled / played / completed
    home_score: int
    away_score: int
    home_casualties: int
    away_casualties: int
    gate: int
    referee: str
    post_match_started: bool

    @property
    def played(self) -> bool:
        return self.status in PLAYED

    @property
    def score(self) -> str:
        return f"{self.home_score} - {self.away_score}" if self.played else "v"

    @property
    def status_text(self) -> str:
        if self.status == "scheduled":
            return "to play"
        if self.status == "played":
            return "post-match started" if self.post_match_started else "post-match due"
        return "done"


def current_season(db: LeagueDB) -> int:
    with db.read() as session:
        return session.scalars(select(League.current_season)).one()


def fixtures(db: LeagueDB, season: int | None = None) -> list[FixtureRow]:
    """Every fixture of the season (the current one by default), by round."""
    home, away = aliased(Team), aliased(Team)
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        rows = session.execute(
            select(
                Match.id, Match.season, Match.round, Match.stage, home.id, home.name, away.id, away.name,
                Match.status, Match.home_score, Match.away_score, Match.home_casualties, Match.away_casualties,
                Match.gate, func.coalesce(Referee.name, ""), Match.post_match,
            )
            .join(home, home.id == Match.home_team_id)
            .join(away, away.id == Match.away_team_id)
            .outerjoin(Referee, Referee.id == Match.referee_id)
            .where(Match.season == season)
            .order_by(Match.round, Match.id)
        ).all()  # fmt: skip
    return [
        FixtureRow(*row[:-1], bool((row[-1] or {}).get("draft") or (row[-1] or {}).get("done"))) for row in rows
    ]


def byes_by_round(db: LeagueDB, rows: list[FixtureRow]) -> dict[int, list[str]]:
    """Teams that sit out each round of the round robin."""
    with db.read() as session:
        names = list(session.scalars(select(Team.name).order_by(Team.id)))
    games: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for row in rows:
        games[row.round].append((row.home, row.away))
    return {number: byes(names, played) for number, played in sorted(games.items())}


@dataclass(frozen=True)
class StandingRow:
    id: int
    name: str
    race: str
    played: int
    won: int
    drawn: int
    lost: int
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    points: int
    position: int = 0

    @property
    def td_difference(self) -> int:
        return self.td_for - self.td_against

    @property
    def cas_difference(self) -> int:
        return self.cas_for - self.cas_against


def league_table(db: LeagueDB, season: int | None = None) -> list[StandingRow]:
    """The league table of the season's league matches, ranked with the league's points and tie-breakers."""
    ruleset = db.ruleset
    points = ruleset.table("league_points")
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        counted = (Match.season == season, Match.stage == "league", Match.status.in_(PLAYED))
        sides = union_all(
            select(Match.home_team_id.label("team_id"), Match.home_score.label("tf"), Match.away_score.label("ta"),
                   Match.home_casualties.label("cf"), Match.away_casualties.label("ca")).where(*counted),
            select(Match.away_team_id, Match.away_score, Match.home_score, Match.away_casualties,
                   Match.home_casualties).where(*counted),
        ).subquery()  # fmt: skip
        won = func.coalesce(func.sum(case((sides.c.tf > sides.c.ta, 1), else_=0)), 0)
        drawn = func.coalesce(func.sum(case((sides.c.tf == sides.c.ta, 1), else_=0)), 0)
        lost = func.coalesce(func.sum(case((sides.c.tf < sides.c.ta, 1), else_=0)), 0)
        query = (
            select(
                Team.id, Team.name, Team.race, func.count(sides.c.team_id), won, drawn, lost,
                func.coalesce(func.sum(sides.c.tf), 0), func.coalesce(func.sum(sides.c.ta), 0),
                func.coalesce(func.sum(sides.c.cf), 0), func.coalesce(func.sum(sides.c.ca), 0),
                won * literal(points["win"]) + drawn * literal(points["draw"]) + lost * literal(points["loss"]),
            )
            .outerjoin(sides, sides.c.team_id == Team.id)
            .group_by(Team.id, Team.name, Team.race)
        )  # fmt: skip
        rows = [StandingRow(*row) for row in session.execute(query)]
    return [StandingRow(**{**vars(row), "position": position}) for position, row in rank(rows, ruleset)]


@dataclass(frozen=True)
class LeaderRow:
    id: int  # the player
    name: str
    team: str
    position: str
    value: int
    rank: int = 0


LEADER_COLUMNS = {
    "touchdowns": MatchPlayer.touchdowns,
    "casualties": MatchPlayer.casualties,
    "spp": MatchPlayer.spp,
}
LEADER_TITLES = {"touchdowns": "Top scorers", "casualties": "Most casualties", "spp": "Most SPP"}
LEADER_UNITS = {"touchdowns": "TD", "casualties": "Cas", "spp": "SPP"}


def leaders(db: LeagueDB, what: str, *, season: int | None = None, limit: int = 10) -> list[LeaderRow]:
    """The season's best players by touchdowns, casualties caused or SPP earned (ties share a rank)."""
    column = LEADER_COLUMNS[what]
    total = func.sum(column).label("total")
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        rows = session.execute(
            select(Player.id, Player.name, Team.name, Player.position, total)
            .join(MatchPlayer, MatchPlayer.player_id == Player.id)
            .join(Match, Match.id == MatchPlayer.match_id)
            .join(Team, Team.id == MatchPlayer.team_id)
            .where(Match.season == season, Match.status.in_(PLAYED))
            .group_by(Player.id, Player.name, Team.name, Player.position)
            .having(total > 0)
            .order_by(total.desc(), Player.name)
            .limit(limit)
        ).all()
    out: list[LeaderRow] = []
    for index, row in enumerate(rows):
        place = out[-1].rank if out and out[-1].value == row[4] else index + 1
        out.append(LeaderRow(*row, rank=place))
    return out


@dataclass(frozen=True)
class HistoryRow:
    id: int  # the match
    season: int
    round: int
    stage: str
    opponent: str
    home: bool
    score_for: int
    score_against: int
    status: str
    winnings: int
    purchases: int  # gold spent after the match, until the next one
    treasury_after: int

    @property
    def result(self) -> str:
        return result_of(self.score_for, self.score_against)


def _naive(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=None) if moment is not None else None


def _period_of(matches: list[tuple[int, datetime | None]], match_id: int | None, created: datetime) -> int | None:
    """The match a ledger entry belongs to: its own link, else the team's last match played before it."""
    if match_id is not None and any(mid == match_id for mid, _ in matches):
        return match_id
    owner = None
    for mid, played_at in matches:
        if played_at is not None and played_at <= created:
            owner = mid
    return owner


def team_history(db: LeagueDB, team_id: int) -> list[HistoryRow]:
    """Every match the team played, with its winnings, what was bought after it and the treasury after it."""
    opponent = aliased(Team)
    mine = or_(Match.home_team_id == team_id, Match.away_team_id == team_id)
    with db.read() as session:
        matches = session.execute(
            select(Match, opponent.name)
            .join(opponent, opponent.id == case((Match.home_team_id == team_id, Match.away_team_id),
                                                else_=Match.home_team_id))
            .where(mine, Match.status.in_(PLAYED))
            .order_by(Match.played_at, Match.id)
        ).all()  # fmt: skip
        entries = session.scalars(
            select(LedgerEntry).where(LedgerEntry.team_id == team_id).order_by(LedgerEntry.id)
        ).all()
    anchors = [(m.id, _naive(m.played_at)) for m, _ in matches]
    winnings: dict[int, int] = defaultdict(int)
    spent: dict[int, int] = defaultdict(int)
    balance_after: dict[int, int] = {}
    balance = 0
    for entry in entries:
        balance += entry.amount
        owner = _period_of(anchors, entry.match_id, _naive(entry.created_at))
        if owner is None:
            continue
        if entry.kind == "winnings" and entry.match_id == owner:
            winnings[owner] += entry.amount
        elif entry.amount < 0:
            spent[owner] -= entry.amount
        balance_after[owner] = balance
    rows = []
    running = None
    for match, name in matches:
        home = match.home_team_id == team_id
        if match.id in balance_after:
            running = balance_after[match.id]
        elif running is None:
            cut = _naive(match.played_at)
            running = sum(e.amount for e in entries if cut is None or _naive(e.created_at) <= cut)
        rows.append(HistoryRow(
            match.id, match.season, match.round, match.stage, name, home,
            match.home_score if home else match.away_score, match.away_score if home else match.home_score,
            match.status, winnings[match.id], spent[match.id], running,
        ))  # fmt: skip
    return rows
