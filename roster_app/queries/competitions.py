"""Read side of a season's competitions: each competition with what is left to play, a tournament's bracket or
Swiss standing, the league table with every tie-breaker (head-to-head, a roll-off), the roll of honour."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, text
from sqlmodel import Session

from roster_app.i18n import _
from roster_app.queries.season import league_table
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
        return f"{now} of round {played_rounds}" + (f", then {count(left, 'more round')}" if left > 0 else "")
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
        return rc.FORMATS.get(self.format, self.format)

    @property
    def status_words(self) -> str:
        if self.status == "abandoned":
            return f"abandoned: {self.reason}"
        if self.status == "finished":
            return _("won by {winner}").format(winner=self.winner) if self.winner else "finished"
        if self.status == "open" and self.format != "league":
            return _("to draw")
        return f"{count(self.played, 'game')} played, {self.to_play} to play"


def competitions(db: LeagueDB, season: int | None = None) -> list[CompetitionRow]:
    """The season's competitions in their order."""
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        return competitions_in(session, season)


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
        for cid, number, name, fmt, position, status, seeding, third, *rest in session.execute(
            _COMPETITIONS, {"season": season}
        )
    ]


@dataclass(frozen=True)
class TieRow:
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
       t.winner_team_id, t.bye, t.note, m.decided
FROM competition_tie t LEFT JOIN team h ON h.id = t.home_team_id LEFT JOIN team a ON a.id = t.away_team_id
LEFT JOIN "match" m ON m.id = t.match_id WHERE t.competition_id = :cid ORDER BY t.round, t.position
""")
_SEEDS = text("SELECT team_id, seed FROM competition_entry WHERE competition_id = :cid AND seed IS NOT NULL")


def _decided(value: Any) -> dict | None:
    """A match's `decided` as read by plain SQL: SQLite gives its JSON text, PostgreSQL the value."""
    return json.loads(value) if isinstance(value, str) else value


def bracket_in(session: Session, ruleset: Ruleset, competition_id: int) -> Bracket:
    """The bracket read in `session`: the competition, its ties with their teams and games, the seeds."""
    chosen = {"cid": competition_id}
    c = session.execute(_COMPETITION, chosen).one()
    cid, season, name, fmt, position, status, seeding, third, rounds, first_round = c[:10]
    row = CompetitionRow(
        cid, season, name, fmt, position, status, seeding, bool(third), rounds, first_round, *c[10:]
    )
    ties = session.execute(_TIES, chosen).all()
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
    ) in ties:
        if fmt == "swiss":
            what = _("Swiss round {number}").format(number=number)
        elif number == total and place == 1:
            what = rc.THIRD_PLACE
        else:
            what = rc.round_name(number, total)
        season_round = rnd if rnd is not None else first_round + number - 1
        by_round[number].append(TieRow(tid, number, place, what, home_id, home, away_id, away, mid, state, hs, as_,
                                       season_round, winner, bool(bye), note, rc.decided_words(_decided(decided))))  # fmt: skip
    rounds_found = [by_round[n] for n in sorted(by_round)]
    if fmt == "swiss":
        round_names = [_("Swiss round {n}").format(n=n) for n in range(1, total + 1)]
    else:
        round_names = [rc.round_name(n, total) for n in range(1, total + 1)]
    seeds = dict(session.execute(_SEEDS, chosen).all())
    standing = swiss_standing(session, ruleset, session.get(Competition, cid)) if fmt == "swiss" else []
    return Bracket(row, rounds_found, round_names, seeds, standing)


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


def roll_of_honour(db: LeagueDB, *, upto_season: int | None = None) -> list[Honour]:
    """Every tournament won (and the league won, once its season ended), season by season in the season's order."""
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
        if upto_season is not None and c.season > upto_season:
            continue
        if c.status == "abandoned":
            out.append(Honour(c.id, c.season, c.name, c.format, None, "", "", f"abandoned: {c.reason}"))
            continue
        winner_id = c.winner_team_id
        runner = ""
        if c.format == "league":
            if c.season >= current:
                continue
            if winner_id is None:  # a season ended before End Season wrote the league's winner
                table = league_table(db, c.season)
                winner_id = table[0].id if table and table[0].played else None
        elif c.format != "swiss" and c.status == "finished":
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
    return [h for h in roll_of_honour(db) if (h.competition_id, h.winner_id) in played]
