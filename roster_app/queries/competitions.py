"""Read side of a season's competitions: each competition with what is left to play, a tournament's bracket or
Swiss standing, the league table with every tie-breaker (head-to-head, a roll-off), the roll of honour."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy import func, select, text
from sqlmodel import Session

from roster_app.i18n import _
from roster_app.queries.season import StandingRow, league_games, league_standing, league_table
from roster_app.rules import competitions as rc
from roster_app.rules.postmatch import league_points, rank, result_of
from roster_app.rules.ruleset import Ruleset
from roster_app.store.db import LeagueDB
from roster_app.store.models import Competition, CompetitionEntry, CompetitionTie, League, Match, Team
from roster_app.words import count

PLAYED = ("played", "completed")


# -- Swiss standing --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SwissRow:
    team_id: int
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    points: int
    out: str = ""
    position: int = 0

    @property
    def id(self) -> int:
        return self.team_id


def swiss_standing(session: Session, ruleset: Ruleset, competition: Competition) -> list[SwissRow]:
    """A Swiss open's standing: the league's points (a bye counts as a win) and its tie-breakers in order."""
    entries = list(session.execute(
        select(CompetitionEntry.team_id, Team.name, CompetitionEntry.out, CompetitionEntry.seed)
        .join(Team, Team.id == CompetitionEntry.team_id)
        .where(CompetitionEntry.competition_id == competition.id)
    ))  # fmt: skip
    tally: dict[int, list[int]] = {tid: [0] * 10 for tid, *_unused in entries}
    games = []
    ties = session.scalars(select(CompetitionTie).where(CompetitionTie.competition_id == competition.id))
    for tie in ties:
        if (tie.bye or tie.match_id is None) and tie.winner_team_id in tally:  # a bye, or a walkover: a win
            tally[tie.winner_team_id][4] += 1
            continue
        match = session.get(Match, tie.match_id) if tie.match_id else None
        if match is None or match.status not in PLAYED:
            continue
        games.append((match.home_team_id, match.away_team_id, match.home_score, match.away_score))
        for tid, f, a, cf, ca in ((match.home_team_id, match.home_score, match.away_score, match.home_casualties,
                                   match.away_casualties), (match.away_team_id, match.away_score, match.home_score,
                                   match.away_casualties, match.home_casualties)):  # fmt: skip
            t = tally[tid]
            t[0] += 1
            t[{"win": 1, "draw": 2, "loss": 3}[result_of(f, a)]] += 1
            t[5] += f
            t[6] += a
            t[7] += cf
            t[8] += ca
    rows = []
    seeds = {tid: seed or 0 for tid, _unused, _unused, seed in entries}
    for tid, name, out, _seed in entries:
        p, w, d, lost, byes, tf, ta, cf, ca, _unused = tally[tid]
        points = (w + byes) * league_points("win", ruleset) + d * league_points("draw", ruleset)
        points += lost * league_points("loss", ruleset)
        rows.append(SwissRow(tid, name, p, w, d, lost, byes, tf, ta, cf, ca, points, out))
    if not any(r.played or r.byes for r in rows):  # before any game: the draw's order
        ordered = sorted(rows, key=lambda r: (seeds[r.team_id] or 999, r.name.lower()))
        return [SwissRow(*_fields(r)[:-1], index + 1) for index, r in enumerate(ordered)]
    ranked = rank(rows, ruleset, games=games)
    return [SwissRow(*_fields(r)[:-1], position) for position, r in ranked]


def _fields(row: SwissRow) -> tuple:
    return (row.team_id, row.name, row.played, row.won, row.drawn, row.lost, row.byes, row.td_for, row.td_against,
            row.cas_for, row.cas_against, row.points, row.out, row.position)  # fmt: skip


def still_in(session: Session, competition: Competition) -> list[int]:
    return list(session.scalars(select(CompetitionEntry.team_id).where(
        CompetitionEntry.competition_id == competition.id, CompetitionEntry.out == "")))  # fmt: skip


def knockout_game(db: LeagueDB, match_id: int) -> bool:
    """The fixture is a knock-out cup's or the playoffs' game: it cannot end level (the pad asks at full time)."""
    with db.read() as session:
        fmt = session.scalar(
            select(Competition.format)
            .join(Match, Match.competition_id == Competition.id)
            .where(Match.id == match_id)
        )
    return fmt in rc.KNOCKOUTS


# -- what is left to play --------------------------------------------------------------------------
@dataclass(frozen=True)
class LeftToPlay:
    competition_id: int | None  # None: fixtures outside any competition (a final typed as a fixture)
    name: str
    words: str  # "3 fixtures", "not drawn yet", "the semi-final and the final"


def still_to_play(session: Session, season: int) -> list[LeftToPlay]:
    """Each competition of the season not finished (or abandoned), with what it still has to play, in the
    season's order. The league's fixtures are done when all are played."""
    out = []
    for competition in session.scalars(
        select(Competition).where(Competition.season == season).order_by(Competition.position, Competition.id)
    ):
        if competition.status in ("abandoned", "finished"):
            continue
        unplayed = session.scalar(select(func.count()).where(Match.competition_id == competition.id,
                                                             Match.status == "scheduled"))  # fmt: skip
        if competition.format == "league":
            if unplayed:
                out.append(LeftToPlay(competition.id, competition.name, count(unplayed, "league fixture")))
            continue
        if competition.status == "open":
            out.append(LeftToPlay(competition.id, competition.name, _("not drawn yet")))
            continue
        rounds = _rounds_left(session, competition)
        out.append(LeftToPlay(competition.id, competition.name, rounds or count(unplayed, "game")))
    loose = session.scalar(select(func.count()).where(
        Match.season == season, Match.competition_id.is_(None), Match.status == "scheduled", Match.stage != "friendly"
    ))  # fmt: skip
    if loose:  # a semi-final or final typed as a fixture, outside any competition
        out.append(LeftToPlay(None, _("Other fixtures"), count(loose, "fixture")))
    return out


def _rounds_left(session: Session, competition: Competition) -> str:
    ties = list(session.scalars(select(CompetitionTie).where(CompetitionTie.competition_id == competition.id,
                                                             CompetitionTie.winner_team_id.is_(None))))  # fmt: skip
    if competition.format == "swiss":
        played_rounds = session.scalar(select(func.max(CompetitionTie.round)).where(
            CompetitionTie.competition_id == competition.id)) or 0  # fmt: skip
        left = competition.rounds - played_rounds
        now = count(
            len([t for t in ties if t.match_id and session.get(Match, t.match_id).status == "scheduled"]), "game"
        )
        if left > 0:
            return _("{games} of round {round}, then {more}").format(
                games=now, round=played_rounds, more=count(left, "more round")
            )
        return _("{games} of round {round}").format(games=now, round=played_rounds)
    total = session.scalar(
        select(func.max(CompetitionTie.round)).where(CompetitionTie.competition_id == competition.id)
    )
    names = []
    for tie in sorted(ties, key=lambda t: (t.round, t.position)):
        name = rc.THIRD_PLACE if tie.round == total and tie.position == 1 else rc.round_name(tie.round, total)
        if name not in names:
            names.append(name)
    return ", ".join(f"the {n}" for n in names)


def still_to_play_words(session: Session, season: int) -> list[str]:
    return [f"{left.name}: {left.words}" for left in still_to_play(session, season)]


# -- for the views ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class CompetitionRow:
    id: int
    season: int
    name: str
    format: str
    position: int
    status: str
    seeding: str
    third_place: bool
    rounds: int
    first_round: int
    winner: str
    reason: str
    entrants: int
    played: int
    to_play: int

    @property
    def format_words(self) -> str:
        return _(rc.FORMATS[self.format]) if self.format in rc.FORMATS else self.format

    @property
    def status_words(self) -> str:
        if self.status == "abandoned":
            return _("abandoned: {reason}").format(reason=self.reason)
        if self.status == "finished":
            return _("won by {winner}").format(winner=self.winner) if self.winner else _("finished")
        if self.status == "open" and self.format != "league":
            return _("to draw")
        return _("{games} played, {n} to play").format(games=count(self.played, "game"), n=self.to_play)


def competitions(db: LeagueDB, season: int | None = None) -> list[CompetitionRow]:
    """The season's competitions in their order."""
    with db.read() as session:
        if season is None:
            found = _rows(session, _CURRENT_SEASON, {})  # straight to the driver (issue 40: the Season page)
            season = found[0][0] if len(found) == 1 else session.scalars(select(League.current_season)).one()
        return competitions_in(session, season)


_CURRENT_SEASON = text("SELECT current_season FROM league")


# The season's competitions with their entrants (a league's: the teams in its fixtures) and games, one read.
_COMPETITIONS = text("""
SELECT c.id, c.season, c.name, c.format, c.position, c.status, c.seeding, c.third_place, c.rounds, c.first_round,
       coalesce(w.name, ''), c.reason,
       CASE WHEN c.format = 'league' THEN (SELECT count(*) FROM (
                SELECT home_team_id FROM "match" WHERE competition_id = c.id
                UNION SELECT away_team_id FROM "match" WHERE competition_id = c.id) AS sides)
            ELSE (SELECT count(*) FROM competition_entry e WHERE e.competition_id = c.id) END,
       (SELECT count(*) FROM "match" m WHERE m.competition_id = c.id AND m.status <> 'scheduled'),
       (SELECT count(*) FROM "match" m WHERE m.competition_id = c.id AND m.status = 'scheduled')
FROM competition c LEFT JOIN team w ON w.id = c.winner_team_id
WHERE c.season = :season ORDER BY c.position, c.id
""")


def competitions_in(session: Session, season: int) -> list[CompetitionRow]:
    """The season's competitions in its order, with their entrants and games counted."""
    return [
        CompetitionRow(cid, number, name, fmt, position, status, seeding, bool(third), *rest)
        for cid, number, name, fmt, position, status, seeding, third, *rest in _rows(
            session, _COMPETITIONS, {"season": season}
        )
    ]


class TieRow(NamedTuple):
    """A game of a tournament's bracket (a named tuple: a 64-team cup makes 63 of them at every refresh)."""

    id: int
    round: int
    position: int
    round_name: str  # "quarter-final", "third-place game", "Swiss round 2"
    home_id: int | None
    home: str  # "" while not known
    away_id: int | None
    away: str
    match_id: int | None
    status: str  # "" (no game yet) / scheduled / played / completed
    home_score: int
    away_score: int
    season_round: int
    winner_id: int | None
    bye: bool
    note: str
    decided: str  # "after overtime and a roll-off (5-2)"

    @property
    def played(self) -> bool:
        return self.status in PLAYED

    @property
    def winner(self) -> str:
        if self.winner_id is None:
            return ""
        return self.home if self.winner_id == self.home_id else self.away

    @property
    def score(self) -> str:
        if self.played:
            return f"{self.home_score}-{self.away_score}"
        return "bye" if self.bye and self.match_id is None else "v"

    @property
    def third_place(self) -> bool:
        return self.round_name == rc.THIRD_PLACE


@dataclass(frozen=True)
class Bracket:
    competition: CompetitionRow
    rounds: list[list[TieRow]]  # by round, then position
    round_names: list[str]
    seeds: dict[int, int]  # team id -> seed
    standing: list[SwissRow]  # Swiss rounds only


def bracket(db: LeagueDB, competition_id: int) -> Bracket:
    """A tournament's bracket (a knock-out's) or rounds and standing (Swiss)."""
    ruleset = db.ruleset  # loaded (through its own connection) before the read begins
    with db.read() as session:
        return bracket_in(session, ruleset, competition_id)


# A bracket's reads, made once (a statement built at each call costs more than the read, issue 33's bench).
_COMPETITION = text("""
SELECT c.id, c.season, c.name, c.format, c.position, c.status, c.seeding, c.third_place, c.rounds, c.first_round,
       coalesce(w.name, ''), c.reason,
       (SELECT count(*) FROM competition_entry e WHERE e.competition_id = c.id),
       (SELECT count(*) FROM "match" m WHERE m.competition_id = c.id AND m.status <> 'scheduled'),
       (SELECT count(*) FROM "match" m WHERE m.competition_id = c.id AND m.status = 'scheduled')
FROM competition c LEFT JOIN team w ON w.id = c.winner_team_id WHERE c.id = :cid
""")
_TIES = text("""
SELECT t.id, t.round, t.position, t.home_team_id, coalesce(h.name, ''), t.away_team_id, coalesce(a.name, ''),
       t.match_id, coalesce(m.status, ''), coalesce(m.home_score, 0), coalesce(m.away_score, 0), m.round,
       t.winner_team_id, t.bye, t.note, m.decided, eh.seed, ea.seed
FROM competition_tie t LEFT JOIN team h ON h.id = t.home_team_id LEFT JOIN team a ON a.id = t.away_team_id
LEFT JOIN "match" m ON m.id = t.match_id
LEFT JOIN competition_entry eh ON eh.competition_id = t.competition_id AND eh.team_id = t.home_team_id
LEFT JOIN competition_entry ea ON ea.competition_id = t.competition_id AND ea.team_id = t.away_team_id
WHERE t.competition_id = :cid ORDER BY t.round, t.position
""")


def _rows(session: Session, statement: Any, params: dict[str, Any]) -> list[tuple]:
    """A prebuilt statement's rows. The same SQL runs on every database; on SQLite it goes straight to the
    driver (which takes the :named parameters as written): SQLAlchemy's result handling of a 63-game bracket
    was most of its read (issue 33's bench)."""
    if session.get_bind().dialect.name == "sqlite":
        driver = session.connection().connection.driver_connection
        return driver.execute(statement.text, params).fetchall()
    return [tuple(row) for row in session.execute(statement, params).all()]


_UNDECIDED = (None, "{}", "null")  # a game decided on its score (or not played): nothing to read


def _decided(value: Any) -> dict | None:
    """A match's `decided` as read by plain SQL: SQLite gives its JSON text, PostgreSQL the value."""
    return json.loads(value) if isinstance(value, str) else value


def bracket_in(session: Session, ruleset: Ruleset, competition_id: int) -> Bracket:
    """The bracket read in `session`: the competition, its ties with their teams and games, the seeds."""
    chosen = {"cid": competition_id}
    [c] = _rows(session, _COMPETITION, chosen)
    cid, season, name, fmt, position, status, seeding, third, rounds, first_round = c[:10]
    row = CompetitionRow(
        cid, season, name, fmt, position, status, seeding, bool(third), rounds, first_round, *c[10:]
    )
    ties = _rows(session, _TIES, chosen)
    last = max((t[1] for t in ties), default=0)
    total = max(rounds, last) if fmt == "swiss" else last
    by_round: dict[int, list[TieRow]] = defaultdict(list)
    for (
        tid,
        number,
        place,
        home_id,
        home,
        away_id,
        away,
        mid,
        state,
        hs,
        as_,
        rnd,
        winner,
        bye,
        note,
        decided,
        _home_seed,
        _away_seed,
    ) in ties:
        if fmt == "swiss":
            what = _("Swiss round {number}").format(number=number)
        elif number == total and place == 1:
            what = rc.THIRD_PLACE
        else:
            what = rc.round_name(number, total)
        season_round = rnd if rnd is not None else first_round + number - 1
        by_round[number].append(TieRow(tid, number, place, what, home_id, home, away_id, away, mid, state, hs, as_,
                                       season_round, winner, bool(bye), note,
                                       rc.decided_words(_decided(decided)) if decided not in _UNDECIDED else ""))  # fmt: skip
    rounds_found = [by_round[n] for n in sorted(by_round)]
    if fmt == "swiss":
        round_names = [_("Swiss round {n}").format(n=n) for n in range(1, total + 1)]
    else:
        round_names = [rc.round_name(n, total) for n in range(1, total + 1)]
    seeds = {
        team: seed for tie in ties for team, seed in ((tie[3], tie[16]), (tie[5], tie[17])) if seed is not None
    }
    standing = swiss_standing(session, ruleset, session.get(Competition, cid)) if fmt == "swiss" else []
    return Bracket(row, rounds_found, round_names, seeds, standing)


# -- a tournament's season as history ------------------------------------------------------------
def tournament_table(
    db: LeagueDB, season: int, choice: Any, *, upto_round: int | None = None
) -> tuple[list[StandingRow], int | None]:
    """A season's edition of a tournament (`choice`: queries.history.CompetitionChoice) as a table of its teams,
    and its winner (None while it is played, or when that season had no such tournament): Swiss rounds by their
    standing (the league's points and tie-breakers, a bye a win), a knock-out's teams by the round they reached
    (the champion, the final's loser, the third-place game's winner ...). `upto_round`: its games played by that
    round of the season."""
    ruleset = db.ruleset
    with db.read() as session:
        competition = session.scalars(select(Competition).where(
            Competition.season == season, Competition.format == choice.format,
            func.lower(Competition.name) == choice.key.split(":", 1)[1])).first()  # fmt: skip
        if competition is None:
            return [], None
        teams = {tid: (name, race) for tid, name, race in session.execute(
            select(Team.id, Team.name, Team.race).join(CompetitionEntry, CompetitionEntry.team_id == Team.id)
            .where(CompetitionEntry.competition_id == competition.id))}  # fmt: skip
        ties = list(session.scalars(select(CompetitionTie).where(CompetitionTie.competition_id == competition.id)))
        games = {m.id: m for m in session.scalars(select(Match).where(Match.competition_id == competition.id))}
        winner = competition.winner_team_id if competition.status == "finished" else None
    total = max((t.round for t in ties), default=0)
    tally = {tid: [0] * 9 for tid in teams}  # played won drawn lost td for/against cas for/against byes
    reach: dict[int, float] = dict.fromkeys(teams, 0.0)
    played_games = []
    for tie in ties:
        match = games.get(tie.match_id) if tie.match_id is not None else None
        season_round = match.round if match is not None else competition.first_round + tie.round - 1
        if upto_round is not None and season_round > upto_round:
            continue
        third = competition.format != "swiss" and tie.round == total and tie.position == 1
        sides = [t for t in (tie.home_team_id, tie.away_team_id) if t in tally]
        if match is not None and match.status in PLAYED:
            played_games.append((match.home_team_id, match.away_team_id, match.home_score, match.away_score))
            for tid, f, a, cf, ca in ((match.home_team_id, match.home_score, match.away_score,
                                       match.home_casualties, match.away_casualties),
                                      (match.away_team_id, match.away_score, match.home_score,
                                       match.away_casualties, match.home_casualties)):  # fmt: skip
                row = tally[tid]
                row[0] += 1
                row[{"win": 1, "draw": 2, "loss": 3}[result_of(f, a)]] += 1
                row[4], row[5], row[6], row[7] = row[4] + f, row[5] + a, row[6] + cf, row[7] + ca
        elif tie.winner_team_id in tally and (tie.bye or tie.match_id is None):
            tally[tie.winner_team_id][8] += 1  # a bye, or a walkover: a win
        elif match is None or tie.winner_team_id is None:
            continue  # not played yet
        for tid in sides:  # the round reached; the third-place game's winner between the semi-finals' losers
            reach[tid] = max(reach[tid], total - 1 if third else tie.round)
        if tie.winner_team_id in tally:
            reach[tie.winner_team_id] = max(reach[tie.winner_team_id], total - 0.5 if third else tie.round + 1)
    win, draw, loss = (league_points(r, ruleset) for r in ("win", "draw", "loss"))
    rows = [StandingRow(tid, name, race, p, w, d, lost, tf, ta, cf, ca, (w + byes) * win + d * draw + lost * loss)
            for tid, (name, race) in teams.items()
            for p, w, d, lost, tf, ta, cf, ca, byes in [tally[tid]]]  # fmt: skip
    if competition.format == "swiss":
        ranked = rank(rows, ruleset, games=played_games)
    else:
        ordered = sorted(rows, key=lambda r: (-reach[r.id], r.name.lower()))
        ranked, last = [], None
        for index, row in enumerate(ordered, start=1):
            place = ranked[-1][0] if last == reach[row.id] else index
            ranked.append((place, row))
            last = reach[row.id]
    table = [StandingRow(*[getattr(row, f) for f in _STANDING_FIELDS], position) for position, row in ranked]
    return table, (winner if upto_round is None else None)


_STANDING_FIELDS = ("id", "name", "race", "played", "won", "drawn", "lost", "td_for", "td_against", "cas_for",
                    "cas_against", "points")  # fmt: skip


# -- the league table's roll-off -------------------------------------------------------------------
def level_before_roll_off(
    session: Session, ruleset: Ruleset, season: int, rows: list[StandingRow] | None = None
) -> list[tuple[StandingRow, ...]]:
    """The teams of the league table level on every tie-breaker before its roll-off (teams that played), each
    group in the table's order; none when the league's tie-breakers have no roll-off. `rows`: the season's
    standing when already read."""
    order = ruleset.table("league_points")["tie_breakers"]
    if "roll_off" not in order:
        return []
    rows = league_standing(session, ruleset, season) if rows is None else rows
    games = league_games(session, season) if "head_to_head" in order else ()
    groups: dict[int, list[StandingRow]] = defaultdict(list)
    for position, row in rank(rows, ruleset, games=games):  # without the roll-offs
        if row.played:
            groups[position].append(row)
    return [tuple(g) for _p, g in sorted(groups.items()) if len(g) > 1]


def roll_off_due(db: LeagueDB, season: int | None = None) -> list[tuple[StandingRow, ...]]:
    """The groups of the league table that still share a place after every tie-breaker (a roll-off not rolled
    yet, or rolled for another group): each needs the league table's roll-off."""
    ruleset = db.ruleset
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        if "roll_off" not in ruleset.table("league_points")["tie_breakers"]:
            return []
        standing = league_standing(session, ruleset, season)
        groups = level_before_roll_off(session, ruleset, season, standing)
        places = {row.id: row.position for row in standing}
    return [g for g in groups if len({places[row.id] for row in g}) < len(g)]


# -- the roll of honour ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Honour:
    competition_id: int
    season: int
    competition: str
    format: str
    winner_id: int | None
    winner: str  # "" when abandoned
    runner_up: str
    note: str  # "abandoned: ..." or ""


def won_by(db: LeagueDB, fmt: str, season: int, winner_id: int | None, current: int,
           tables: dict[int, int | None] | None = None) -> int | None:  # fmt: skip
    """Who won a competition not abandoned, for the roll of honour: a tournament its winner; a league once its
    season ended, its written winner, or the top of its table for a season ended before End Season wrote it
    (`tables`: those worked out already, season -> team, filled here)."""
    if fmt != "league":
        return winner_id
    if season >= current:
        return None
    if winner_id is None:
        known = {} if tables is None else tables
        if season not in known:
            table = league_table(db, season)
            known[season] = table[0].id if table and table[0].played else None
        winner_id = known[season]
    return winner_id


def roll_of_honour(db: LeagueDB, *, upto_season: int | None = None, among: set[int] | None = None) -> list[Honour]:
    """Every tournament won (and the league won, once its season ended), season by season in the season's order;
    `among`: only these competitions (a player's: the others' winners are not worked out)."""
    out = []
    with db.read() as session:
        current = session.scalars(select(League.current_season)).one()
        comps = list(session.scalars(select(Competition).order_by(Competition.season, Competition.position,
                                                                  Competition.id)))  # fmt: skip
        names = dict(session.execute(select(Team.id, Team.name)).all())
        finals = {}
        for tie in session.scalars(select(CompetitionTie).where(CompetitionTie.position == 0)):
            finals.setdefault(tie.competition_id, []).append(tie)
    for c in comps:
        if (upto_season is not None and c.season > upto_season) or (among is not None and c.id not in among):
            continue
        if c.status == "abandoned":
            out.append(Honour(c.id, c.season, c.name, c.format, None, "", "", f"abandoned: {c.reason}"))
            continue
        winner_id = won_by(db, c.format, c.season, c.winner_team_id, current)
        runner = ""
        if c.format != "league" and c.format != "swiss" and c.status == "finished":
            final = max(finals.get(c.id, []), key=lambda t: t.round, default=None)
            if final is not None and final.winner_team_id is not None:
                other = final.away_team_id if final.winner_team_id == final.home_team_id else final.home_team_id
                runner = names.get(other, "")
        if winner_id is None:
            continue
        out.append(Honour(c.id, c.season, c.name, c.format, winner_id, names.get(winner_id, ""), runner, ""))
    return out


def titles(db: LeagueDB, team_id: int) -> list[Honour]:
    """The titles a team won: the league, cups, playoffs, Swiss opens."""
    return [h for h in roll_of_honour(db) if h.winner_id == team_id]


def player_titles(db: LeagueDB, player_id: int) -> list[Honour]:
    """The titles a player won: those his team won in a competition he played a game of for it."""
    from roster_app.store.models import MatchPlayer

    with db.read() as session:
        played = set(session.execute(
            select(Match.competition_id, MatchPlayer.team_id).join(Match, Match.id == MatchPlayer.match_id)
            .where(MatchPlayer.player_id == player_id, Match.competition_id.is_not(None)).distinct()
        ).all())  # fmt: skip
    if not played:  # no game in a competition: no title, and no league table worked out to say so
        return []
    among = {competition for competition, _team in played}
    return [h for h in roll_of_honour(db, among=among) if (h.competition_id, h.winner_id) in played]
