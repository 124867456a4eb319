"""Read side of the season: fixtures with results, the league table, leaders and a team's match history.

The league table and the leaders are single SQL aggregates; views get frozen rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, literal_column, select, text, union_all
from sqlalchemy.orm import aliased
from sqlmodel import Session

from roster_app.i18n import N_, _
from roster_app.rules.competitions import decided_words
from roster_app.rules.fixtures import byes
from roster_app.rules.postmatch import rank, result_of
from roster_app.rules.ruleset import Ruleset
from roster_app.store.db import LeagueDB
from roster_app.store.models import Competition, DiceRoll, League, Match, MatchPlayer, Player, Referee, Team
from roster_app.words import number

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
    competition: str = ""  # a tournament's game: its name ("" for the league's fixtures and friendlies)
    overtime: bool = False  # a knock-out game went to sudden-death overtime
    roll_off: tuple[int, int] | None = None  # the home and away faces of the roll-off that decided it

    @property
    def decided(self) -> str:
        """ "after overtime and a roll-off (5-2)", or ""."""
        return decided_words({"overtime": self.overtime, "roll_off": self.roll_off})

    @property
    def knockout(self) -> bool:
        """A knock-out game (a cup's, the playoffs'): it cannot end level."""
        return bool(self.competition) and not self.stage.startswith("Swiss")

    @property
    def home_won(self) -> bool | None:
        """The home side won (on the score or the roll-off); None: level."""
        if self.home_score != self.away_score:
            return self.home_score > self.away_score
        return None if self.roll_off is None else self.roll_off[0] > self.roll_off[1]

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
            return (
                "post-match started" if self.post_match_started else "post-match due"
            )  # i18n: key (ui's FIXTURE_STATUS)
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
                Match.gate, func.coalesce(Referee.name, ""), Match.post_match, Competition.name, Competition.format,
                Match.decided,
            )
            .join(home, home.id == Match.home_team_id)
            .join(away, away.id == Match.away_team_id)
            .outerjoin(Referee, Referee.id == Match.referee_id)
            .outerjoin(Competition, Competition.id == Match.competition_id)
            .where(Match.season == season)
            .order_by(Match.round, Match.id)
        ).all()  # fmt: skip
    return [
        FixtureRow(*row[:-4], bool((row[-4] or {}).get("draft") or (row[-4] or {}).get("done")),
                   row[-3] if row[-3] and row[-2] != "league" else "", bool((row[-1] or {}).get("overtime")),
                   tuple(row[-1]["roll_off"]) if (row[-1] or {}).get("roll_off") else None)
        for row in rows
    ]  # fmt: skip


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


# The league table as one aggregate over the season's league matches: the home and the away sides are each
# grouped by team (one pass over the season's matches each), then added up per team. Portable SQL (CASE, not
# SQLite's sum of a comparison); the points are worked out from W/D/L afterwards.
STANDINGS_SQL = """
WITH chosen AS (SELECT coalesce(:season, (SELECT current_season FROM league ORDER BY id LIMIT 1)) AS season),
played AS (
    SELECT home_team_id, away_team_id, home_score, away_score, home_casualties, away_casualties FROM "match"
    WHERE season = (SELECT season FROM chosen) AND stage = 'league' AND status IN ('played', 'completed')
      AND round <= coalesce(:upto, round)
),
home AS (
    SELECT home_team_id AS team_id, count(*) AS p,
           sum(CASE WHEN home_score > away_score THEN 1 ELSE 0 END) AS w,
           sum(CASE WHEN home_score = away_score THEN 1 ELSE 0 END) AS d,
           sum(CASE WHEN home_score < away_score THEN 1 ELSE 0 END) AS l,
           sum(home_score) AS tf, sum(away_score) AS ta, sum(home_casualties) AS cf, sum(away_casualties) AS ca
    FROM played GROUP BY home_team_id
),
away AS (
    SELECT away_team_id AS team_id, count(*) AS p,
           sum(CASE WHEN away_score > home_score THEN 1 ELSE 0 END) AS w,
           sum(CASE WHEN away_score = home_score THEN 1 ELSE 0 END) AS d,
           sum(CASE WHEN away_score < home_score THEN 1 ELSE 0 END) AS l,
           sum(away_score) AS tf, sum(home_score) AS ta, sum(away_casualties) AS cf, sum(home_casualties) AS ca
    FROM played GROUP BY away_team_id
)
SELECT t.id, t.name, t.race, coalesce(h.p, 0) + coalesce(a.p, 0), coalesce(h.w, 0) + coalesce(a.w, 0),
       coalesce(h.d, 0) + coalesce(a.d, 0), coalesce(h.l, 0) + coalesce(a.l, 0),
       coalesce(h.tf, 0) + coalesce(a.tf, 0), coalesce(h.ta, 0) + coalesce(a.ta, 0),
       coalesce(h.cf, 0) + coalesce(a.cf, 0), coalesce(h.ca, 0) + coalesce(a.ca, 0)
FROM team t LEFT JOIN home h ON h.team_id = t.id LEFT JOIN away a ON a.team_id = t.id
"""
_STANDINGS = text(STANDINGS_SQL)  # made once (a text() parses its parameters when made)


def league_table(db: LeagueDB, season: int | None = None, *, upto_round: int | None = None) -> list[StandingRow]:
    """The league table of the season's league matches, ranked with the league's points and tie-breakers;
    `upto_round`: as it stood after that round (its matches and the earlier rounds')."""
    ruleset = db.ruleset  # loaded (through its own connection) before the read begins
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        return league_standing(session, ruleset, season, upto_round)


def table_roll_off_purpose(season: int) -> str:
    """What a league table's roll-off is stored as (services/competitions.py `roll_off_table`)."""
    return _("League table roll-off, season {season}").format(season=season)


def league_games(session: Session, season: int, upto_round: int | None = None) -> list[tuple[int, int, int, int]]:
    """The season's league games played: (home, away, home score, away score), for the head-to-head."""
    upto = [] if upto_round is None else [Match.round <= upto_round]
    return [tuple(row) for row in session.execute(
        select(Match.home_team_id, Match.away_team_id, Match.home_score, Match.away_score)
        .where(Match.season == season, Match.stage == "league", Match.status.in_(PLAYED), *upto)
    )]  # fmt: skip


def table_roll_offs(session: Session, season: int) -> dict[int, int]:
    """The league table's roll-offs of the season: each team's latest total."""
    rolls = session.execute(
        select(DiceRoll.team_id, DiceRoll.total)
        .where(DiceRoll.purpose == table_roll_off_purpose(season), DiceRoll.team_id.is_not(None))
        .order_by(DiceRoll.id)
    )
    return {team_id: total for team_id, total in rolls}


def league_standing(
    session: Session, ruleset: Ruleset, season: int, upto_round: int | None = None
) -> list[StandingRow]:
    """The season's league table read in `session` (a service's transaction, or league_table's read), ranked by
    the league's points and tie-breakers in order (head-to-head among the teams still level, a roll-off)."""
    points = ruleset.table("league_points")
    rows = session.execute(_STANDINGS, {"season": season, "upto": upto_round}).all()
    made = [(*row, row[4] * points["win"] + row[5] * points["draw"] + row[6] * points["loss"]) for row in rows]
    unranked = [StandingRow(*fields) for fields in made]
    fields_of = {id(row): fields for row, fields in zip(unranked, made, strict=True)}
    order = points["tie_breakers"]  # the games and the roll-offs are read only when a tie-breaker needs them
    games = league_games(session, season, upto_round) if "head_to_head" in order else ()
    roll_offs = table_roll_offs(session, season) if "roll_off" in order else {}
    ranked = rank(unranked, ruleset, games=games, roll_offs=roll_offs)
    return [StandingRow(*fields_of[id(row)], position) for position, row in ranked]


@dataclass(frozen=True)
class CurrentStanding(StandingRow):
    """A row of the current season's table with what the team is worth now, as its edition names it."""

    worth: str = ""  # "TR 106", "TV 610,000 gp"
    worth_value: int = 0  # for sorting


def current_table(db: LeagueDB) -> list[CurrentStanding]:
    """The current season's league table, each team with its worth now (team rating or team value; a team value
    in thousands, "TV 610k", to leave the names their room)."""
    from roster_app.queries.open_reads import team_headers

    rows = league_table(db)
    headers = team_headers(db, [r.id for r in rows])
    out = []
    for row in rows:
        head = headers.get(row.id)
        if head is None:
            out.append(CurrentStanding(**vars(row)))
            continue
        short = head.worth_short.split(" ")[0]
        text = f"{short} {number(head.worth // 1000)}k" if head.worth_is_value else head.worth_short
        out.append(CurrentStanding(**vars(row), worth=text, worth_value=head.worth))
    return out


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
LEADER_TITLES = {
    "touchdowns": N_("Top scorers"),
    "casualties": N_("Most casualties"),
    "spp": N_("Most SPP"),
}  # shown through _()
LEADER_UNITS = {"touchdowns": "TD", "casualties": "Cas", "spp": "SPP"}


def leaders(db: LeagueDB, what: str, *, season: int | None = None, limit: int = 10,
            upto_round: int | None = None, where: Sequence[Any] = ()) -> list[LeaderRow]:  # fmt: skip
    """The season's best players by touchdowns, casualties caused or SPP earned (ties share a rank)."""
    return leaders_by(db, func.sum(LEADER_COLUMNS[what]), season=season, limit=limit, upto_round=upto_round,
                      where=where)  # fmt: skip


def leaders_lists(db: LeagueDB, whats: Sequence[str], *, season: int | None = None, limit: int = 10,
                  upto_round: int | None = None, where: Sequence[Any] = ()) -> dict[str, list[LeaderRow]]:  # fmt: skip
    """`leaders` of each of `whats` ("touchdowns", "casualties", "spp"), from one pass over the season's lines."""
    sums = {what: func.sum(LEADER_COLUMNS[what]) for what in whats}
    return leaders_of(db, sums, season=season, limit=limit, upto_round=upto_round, where=where)


def leaders_by(db: LeagueDB, summed: Any, *, season: int | None = None, limit: int = 10,
               upto_round: int | None = None, where: Sequence[Any] = ()) -> list[LeaderRow]:  # fmt: skip
    """The season's best players by `summed` (an SQL sum over their match lines), ties sharing a rank;
    `upto_round`: as they stood after that round; `where`: conditions on the match (one competition's games)."""
    return leaders_of(db, {"": summed}, season=season, limit=limit, upto_round=upto_round, where=where)[""]


def leaders_of(db: LeagueDB, sums: dict[str, Any], *, season: int | None = None, limit: int = 10,
               upto_round: int | None = None, where: Sequence[Any] = ()) -> dict[str, list[LeaderRow]]:  # fmt: skip
    """Several leaders' lists of the season at once (`sums`: each list's SQL sum over a player's match lines), as
    `leaders_by` makes each: ONE grouped pass over the season's lines (kept in the database, a common table
    expression), each list ordered and cut in SQL (issue 40: four passes made one)."""
    upto = [*where] if upto_round is None else [Match.round <= upto_round, *where]
    keys = list(sums)
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        # summed by player and team over the season's lines first, then named: the names joined to each
        # player's total, not to every line of the season (issue 40)
        lines = (
            select(MatchPlayer.player_id, MatchPlayer.team_id,
                   *(summed.label(f"subtotal_{i}") for i, summed in enumerate(sums.values())))
            .join(Match, Match.id == MatchPlayer.match_id)
            .where(Match.season == season, Match.status.in_(PLAYED), *upto)
            .group_by(MatchPlayer.player_id, MatchPlayer.team_id)
        )  # fmt: skip
        lines = lines.cte("season_lines") if len(keys) > 1 else lines.subquery()
        parts = []
        for i in range(len(keys)):
            total = func.sum(lines.c[f"subtotal_{i}"]).label("total")
            place = func.row_number().over(order_by=(total.desc(), Player.name))  # the order in the database's
            top = (
                select(literal_column(str(i)).label("kind"), Player.id, Player.name.label("player"),
                       Team.name.label("team"), Player.position, total, place.label("place"))
                .join(lines, lines.c.player_id == Player.id)
                .join(Team, Team.id == lines.c.team_id)
                .group_by(Player.id, Player.name, Team.name, Player.position)
                .having(total > 0)
                .order_by(total.desc(), Player.name)
                .limit(limit)
            )  # fmt: skip
            parts.append(top if len(keys) == 1 else select(top.subquery()))
        rows = session.execute(parts[0] if len(parts) == 1 else union_all(*parts)).all()
    out: dict[str, list[LeaderRow]] = {key: [] for key in keys}
    for kind, *row, _place in sorted(rows, key=lambda r: (int(r[0]), r[-1])):  # each list in its order
        listed = out[keys[int(kind)]]
        value = int(row[4])
        place = listed[-1].rank if listed and listed[-1].value == value else len(listed) + 1
        listed.append(LeaderRow(*row[:4], value, rank=place))
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
# the winnings it paid, the gold spent after it (until the next match; a correction is not spending) and the
# treasury after it.
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
           sum(CASE WHEN amount < 0 AND kind <> 'correction' AND NOT (kind = 'winnings' AND match_id = owner)
                    THEN -amount ELSE 0 END) AS spent,
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
