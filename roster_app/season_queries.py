"""Read side of the season: fixtures with results, the league table, leaders and a team's match history.

The league table and the leaders are single SQL aggregates; views get frozen rows.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from sqlalchemy import Integer, bindparam, case, func, or_, select, text, union_all
from sqlalchemy.orm import aliased

from roster_app.db import LeagueDB
from roster_app.models import League, Match, MatchPlayer, Player, Referee, Team
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


@cache
def _league_table_query():  # noqa: ANN202 - built once: the season and the points are bound at each call
    season = func.coalesce(
        bindparam("season", type_=Integer), select(League.current_season).limit(1).scalar_subquery()
    )
    played = or_(*(Match.status == status for status in PLAYED))  # not IN (...): that is expanded at every call
    counted = (Match.season == season, Match.stage == "league", played)
    sides = union_all(
        select(Match.home_team_id.label("team_id"), Match.home_score.label("tf"), Match.away_score.label("ta"),
               Match.home_casualties.label("cf"), Match.away_casualties.label("ca")).where(*counted),
        select(Match.away_team_id, Match.away_score, Match.home_score, Match.away_casualties,
               Match.home_casualties).where(*counted),
    ).subquery()  # fmt: skip
    won = func.coalesce(func.sum(case((sides.c.tf > sides.c.ta, 1), else_=0)), 0)
    drawn = func.coalesce(func.sum(case((sides.c.tf == sides.c.ta, 1), else_=0)), 0)
    lost = func.coalesce(func.sum(case((sides.c.tf < sides.c.ta, 1), else_=0)), 0)
    points = won * bindparam("win", type_=Integer) + drawn * bindparam("draw", type_=Integer)
    return (
        select(
            Team.id, Team.name, Team.race, func.count(sides.c.team_id), won, drawn, lost,
            func.coalesce(func.sum(sides.c.tf), 0), func.coalesce(func.sum(sides.c.ta), 0),
            func.coalesce(func.sum(sides.c.cf), 0), func.coalesce(func.sum(sides.c.ca), 0),
            points + lost * bindparam("loss", type_=Integer),
        )
        .outerjoin(sides, sides.c.team_id == Team.id)
        .group_by(Team.id, Team.name, Team.race)
    )  # fmt: skip


def league_table(db: LeagueDB, season: int | None = None) -> list[StandingRow]:
    """The league table of the season's league matches, ranked with the league's points and tie-breakers."""
    ruleset = db.ruleset
    points = ruleset.table("league_points")
    params = {"season": season, "win": points["win"], "draw": points["draw"], "loss": points["loss"]}
    with db.engine.connect() as conn:
        values = {StandingRow(*row): row for row in conn.execute(_league_table_query(), params).all()}
    return [StandingRow(*values[row], position) for position, row in rank(list(values), ruleset)]


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


# A team's played matches with what each brought in and cost (one SQL aggregate over the ledger): a ledger
# row belongs to the match it names, else to the team's last match played before it was written. Per match:
# the winnings it paid, the gold spent after it (until the next match) and the treasury after it.
HISTORY_SQL = """
WITH m AS (
    SELECT id, season, round, stage, home_team_id, away_team_id, home_score, away_score, status, played_at
    FROM match WHERE (home_team_id = :team OR away_team_id = :team) AND status IN ('played', 'completed')
),
e AS (
    SELECT l.id, l.amount, l.kind, l.match_id, sum(l.amount) OVER (ORDER BY l.id) AS balance,
           CASE WHEN l.match_id IN (SELECT id FROM m) THEN l.match_id
                ELSE (SELECT m.id FROM m WHERE m.played_at <= l.created_at ORDER BY m.played_at DESC, m.id DESC LIMIT 1)
           END AS owner
    FROM ledger_entry l WHERE l.team_id = :team
),
g AS (
    SELECT owner, sum(CASE WHEN kind = 'winnings' AND match_id = owner THEN amount ELSE 0 END) AS winnings,
           sum(CASE WHEN amount < 0 AND NOT (kind = 'winnings' AND match_id = owner) THEN -amount ELSE 0 END) AS spent,
           max(id) AS last
    FROM e WHERE owner IS NOT NULL GROUP BY owner
)
SELECT m.id, m.season, m.round, m.stage, o.name, m.home_team_id = :team, m.home_score, m.away_score, m.status,
       coalesce(g.winnings, 0), coalesce(g.spent, 0), e.balance, m.played_at
FROM m JOIN team o ON o.id = CASE WHEN m.home_team_id = :team THEN m.away_team_id ELSE m.home_team_id END
LEFT JOIN g ON g.owner = m.id LEFT JOIN e ON e.id = g.last
ORDER BY m.played_at, m.id
"""


def team_history(db: LeagueDB, team_id: int) -> list[HistoryRow]:
    """Every match the team played, with its winnings, what was bought after it and the treasury after it."""
    with db.engine.connect() as conn:
        rows = conn.execute(text(HISTORY_SQL), {"team": team_id}).all()
        out, running = [], None
        for mid, season, rnd, stage, opponent, home, hs, as_, status, winnings, spent, balance, played_at in rows:
            if balance is not None:
                running = balance
            elif running is None:  # no ledger row since the first matches: the treasury as it stood then
                cut = "" if played_at is None else " AND created_at <= :cut"
                running = conn.execute(text(BALANCE_SQL + cut), {"team": team_id, "cut": played_at}).scalar_one()
            home = bool(home)
            out.append(HistoryRow(
                mid, season, rnd, stage, opponent, home, hs if home else as_, as_ if home else hs, status,
                winnings, spent, running,
            ))  # fmt: skip
    return out


BALANCE_SQL = "SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE team_id = :team"
