"""Careers, read side: a player's match-by-match line, a team's timeline, a referee's career from his sheets.

The team timeline gives each game a point (rating, treasury, fan factor after the game) with the ledger rows
behind it: a ledger row belongs to the match it names, else to the team's last match played before it was
written (as `queries.season.team_history` counts them), so the treasury of a point is the sum of the ledger up
to its last row.
"""

from __future__ import annotations

import contextlib
import json
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from operator import attrgetter
from typing import NamedTuple

from sqlalchemy import bindparam, func, literal_column, or_, select

from roster_app.errors import NotFound
from roster_app.i18n import _
from roster_app.phrases import said
from roster_app.queries.competitions import titles, won_by
from roster_app.queries.season import PLAYED
from roster_app.queries.transfers import naive_utc
from roster_app.rules.postmatch import result_of
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    LedgerEntry,
    Match,
    MatchPlayer,
    Player,
    Referee,
    RefereeMatch,
    Team,
)


# A career's game rows are NamedTuples (frozen too): a long career makes hundreds, 10x faster than a dataclass.
class CareerGame(NamedTuple):
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


class CareerCall(NamedTuple):
    match_id: int
    turn: int | None
    call: str  # "warning" / "sent off"
    why: str
    referee: str


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
    calls: tuple[CareerCall, ...] = ()  # the refs' calls on him: warnings and send-offs
    spp_before: int = (
        0  # SPP no recorded game gave him: from before the league's first recorded game (or corrected)
    )
    titles: tuple[str, ...] = ()  # "Spike Cup, season 2": competitions his team won with him playing in them

    def total(self, what: str) -> int:
        """A career total; the SPP count those he brought from before his first recorded game."""
        return sum(map(int, map(attrgetter(what), self.games))) + (self.spp_before if what == "spp" else 0)


def _advances(post_match: dict | None, player_id: int) -> tuple[str, ...]:
    """The advances the player took in a match's post-match sequence."""
    for team_results in (post_match or {}).get("results", {}).values():
        gained = (team_results.get("advances") or {}).get(str(player_id))
        if gained:
            return tuple(gained)
    return ()


_IS_PLAYED = or_(*(Match.status == status for status in PLAYED))  # not IN (...): that is rendered at each call


FEW_CARRIED = 20  # players whose SPP carried are read through their games (more: every game awaiting its sequence)


def carried_spp(
    conn, player_ids: Iterable[int] | None = None, completed: dict[int, int] | None = None, *, listed: bool = False
) -> dict[int, int]:  # noqa: ANN001
    """SPP each player holds that no recorded game gave him (only players with some): brought from before the
    league's first recorded game (a league moved from paper types them in) or put right by a correction. A
    game's SPP are on the player once its post-match step 2 is written, so only those games are taken off.
    `completed`: each player's SPP of his completed games when already summed (the records' grouped pass).
    `listed`: only the players on a team's books (the records list no other)."""
    ids = player_ids if player_ids is None or hasattr(player_ids, "subquery") else list(player_ids)  # or a select
    held = select(Player.id, Player.spp).where(Player.spp > 0, *([Player.team_id.is_not(None)] if listed else []))
    # every player's lines: read in table order (queries.history.unindexed); a few players': through the index
    player = MatchPlayer.player_id + literal_column("0") if ids is None else MatchPlayer.player_id
    done = (select(player, func.sum(MatchPlayer.spp)).join(Match, Match.id == MatchPlayer.match_id)
            .where(Match.status == "completed").group_by(player))  # fmt: skip
    if ids is not None:
        held, done = held.where(Player.id.in_(ids)), done.where(MatchPlayer.player_id.in_(ids))
    rows = conn.execute(done).all() if completed is None else completed.items()
    written = {pid: int(total or 0) for pid, total in rows}
    awaiting = select(Match.id, Match.post_match).where(Match.status == "played")
    if isinstance(ids, list) and len(ids) <= FEW_CARRIED:  # only these players' games, through their index; for
        # more (a round's players: every line of theirs to list) the games awaiting their sequence, a few, are read
        awaiting = awaiting.where(Match.id.in_(select(MatchPlayer.match_id).where(MatchPlayer.player_id.in_(ids))))
    for match_id, post_match in conn.execute(awaiting):
        state = post_match if isinstance(post_match, dict) else json.loads(post_match or "{}")
        teams = [int(t) for t, steps in (state or {}).get("done", {}).items() if "spp" in steps]
        if teams:
            lines = select(MatchPlayer.player_id, MatchPlayer.spp).where(
                MatchPlayer.match_id == match_id, MatchPlayer.team_id.in_(teams)
            )
            for pid, spp in conn.execute(lines).all():
                written[pid] = written.get(pid, 0) + spp
    carried = {pid: spp - written.get(pid, 0) for pid, spp in conn.execute(held)}  # the rows not kept
    return {pid: spp for pid, spp in carried.items() if spp > 0}


# A career's reads, as SQL made once: on SQLite they go straight to the driver (as queries.competitions._rows
# does; SQLAlchemy's building and result handling of a statement cost more than its read), elsewhere through
# SQLAlchemy. `{ids}` is the players asked for (one: a career; a few hundred: the website's pages).
_CAREER_PLAYERS = """
SELECT p.id, p.name, p.race, p.position, p.status, p.team_id, t.name, p.number, p.spp, p.skills, p.injuries,
       (SELECT count(*) FROM contract c WHERE c.player_id = p.id),
       (SELECT count(*) FROM transfer x WHERE x.player_id = p.id)
FROM player p JOIN team t ON t.id = p.team_id WHERE p.id IN ({ids})
"""
# every line of the players (a game not played too: the titles count the competitions he has a line in), each
# with its game (the teams' names from _TEAM_NAMES_SQL: two joins a line cost more than the rest of it)
_CAREER_LINES = """
SELECT mp.player_id, m.id, m.season, m.round, m.stage, m.away_team_id, m.home_team_id, mp.team_id, m.home_score,
       m.away_score, mp.touchdowns, mp.completions, mp.interceptions, mp.casualties, mp.mvp, mp.spp, mp.injury,
       m.post_match, m.status, m.competition_id
FROM match_player mp JOIN "match" m ON m.id = mp.match_id
WHERE mp.player_id IN ({ids}) ORDER BY mp.player_id, m.season, m.round, m.played_at, m.id
"""
_TEAM_NAMES_SQL = "SELECT id, name FROM team"
# the competitions of those lines, with the season in play (a league's title is won once its season ended)
_CAREER_COMPETITIONS = """
SELECT c.id, c.season, c.position, c.name, c.format, c.status, c.winner_team_id,
       (SELECT current_season FROM league) FROM competition c WHERE c.id IN ({ids})
"""
_CAREER_CALLS = """
SELECT mp.player_id, s.match_id, s.calls, r.name FROM referee_match s JOIN referee r ON r.id = s.referee_id
JOIN match_player mp ON mp.match_id = s.match_id
WHERE mp.player_id IN ({ids}) AND s.finished AND CAST(s.calls AS VARCHAR) <> '[]'
ORDER BY mp.player_id, s.match_id, s.id
"""  # a sheet without a call is passed over in the SQL: most are
_CAREER_CONTRACTS = """
SELECT c.player_id, c.id, t.name, c.signed_season, c.seasons, c.served, c.cost, c.status, c.renewal
FROM contract c JOIN team t ON t.id = c.team_id WHERE c.player_id IN ({ids}) ORDER BY c.player_id, c.id
"""
_CAREER_TRANSFERS = """
SELECT x.player_id, x.id, x.season, s.name, b.name, x.price, x.status FROM transfer x
JOIN team s ON s.id = x.seller_team_id JOIN team b ON b.id = x.buyer_team_id
WHERE x.player_id IN ({ids}) AND x.status IN ('completed', 'reversed') ORDER BY x.player_id, x.id
"""
CAREERS_AT_ONCE = 500  # players read in one statement (a few hundred bound values: within every database's limit)


def _json(value):  # noqa: ANN001, ANN202
    """A JSON column read as plain SQL: SQLite gives its text, PostgreSQL the value."""
    if value == "{}":  # most games' post-match state once done with
        return {}
    return json.loads(value) if isinstance(value, str) else value


@contextlib.contextmanager
def _reading(db: LeagueDB) -> Iterator[Callable[[str, dict], list]]:
    """rows(sql, params): a statement's rows (tuples), every read in one transaction. SQLite: the driver's
    connection itself (SQLAlchemy's connection, events and result handling cost more than a career's reads);
    elsewhere through SQLAlchemy. The SQL is plain and portable, its parameters :named."""
    if db.engine.dialect.name == "sqlite":
        raw = db.engine.raw_connection()
        try:
            driver = raw.driver_connection
            begun = not driver.in_transaction  # (a memory league's one connection may be in a read already)
            if begun:
                driver.execute("BEGIN")
            try:
                yield lambda sql, params: driver.execute(sql, params).fetchall()
            finally:
                if begun:
                    driver.execute("ROLLBACK")
        finally:
            raw.close()
        return
    from sqlalchemy import text

    with db.engine.connect() as conn, conn.begin():
        yield lambda sql, params: [tuple(row) for row in conn.execute(text(sql), params).all()]


def _among(sql: str, ids: list[int]) -> tuple[str, dict[str, int]]:
    """A careers' statement for these players: its `{ids}` as bound values."""
    names = [f"p{i}" for i in range(len(ids))]
    return sql.format(ids=", ".join(f":{n}" for n in names)), dict(zip(names, ids, strict=True))


def _moment(value: object) -> datetime | None:
    """A stored time read as plain SQL (SQLite gives its text) as a naive UTC datetime (as the ORM reads it)."""
    return naive_utc(datetime.fromisoformat(value) if isinstance(value, str) else value)


def _by_player(rows: list) -> dict[int, list]:
    out: dict[int, list] = {}
    for row in rows:
        out.setdefault(row[0], []).append(row)
    return out


def player_career(db: LeagueDB, player_id: int) -> PlayerCareer:
    """A player's career: every game he played, his contracts and transfers, and the teams he played for."""
    found = player_careers(db, [player_id])
    if player_id not in found:
        raise NotFound(_("That player no longer exists in this league."))
    return found[player_id]


def player_careers(db: LeagueDB, player_ids: Iterable[int]) -> dict[int, PlayerCareer]:
    """The careers of these players (those still in the league), read together: a few statements for all of
    them (the website's player pages), each the same as `player_career` gives."""
    ids = list(dict.fromkeys(player_ids))
    out: dict[int, PlayerCareer] = {}
    tables: dict[int, int | None] = {}  # a league season's winner worked out from its table (_titles)
    posts: dict[int, dict] = {}  # each game's post-match state, decoded once for all its players
    for start in range(0, len(ids), CAREERS_AT_ONCE):
        chunk = ids[start : start + CAREERS_AT_ONCE]
        with _reading(db) as read:
            players = read(*_among(_CAREER_PLAYERS, chunk))
            if not players:
                continue
            found = [row[0] for row in players]
            lines = _by_player(read(*_among(_CAREER_LINES, found)))
            names = dict(read(_TEAM_NAMES_SQL, {})) if lines else {}
            played = [pid for pid in found if any(row[18] in PLAYED for row in lines.get(pid, ()))]
            calls = _by_player(read(*_among(_CAREER_CALLS, played))) if played else {}
            signed = [row[0] for row in players if row[11]]
            contracts = _by_player(read(*_among(_CAREER_CONTRACTS, signed))) if signed else {}
            approached = [row[0] for row in players if row[12]]
            transfers = _by_player(read(*_among(_CAREER_TRANSFERS, approached))) if approached else {}
            cids = sorted({row[19] for rows in lines.values() for row in rows if row[19] is not None})
            competitions = {row[0]: row for row in read(*_among(_CAREER_COMPETITIONS, cids))} if cids else {}
        for row in players:
            pid = row[0]
            out[pid] = _career(db, row, lines.get(pid, []), calls.get(pid, []), contracts.get(pid, []),
                               transfers.get(pid, []), competitions, tables, posts, names)  # fmt: skip
    return out


def _career(db: LeagueDB, player: tuple, lines: list, calls: list, contracts: list, transfers: list,
            competitions: dict[int, tuple], tables: dict[int, int | None], posts: dict[int, dict],
            names: dict[int, str]) -> PlayerCareer:  # fmt: skip
    """A career from its rows (player_careers' statements); `posts`: the games' post-match states decoded."""
    pid, name, race, position, status, team_id, team, number, spp, skills, injuries, _signed, _approached = player
    written, mine = 0, []  # the SPP of his games already on him (as carried_spp counts them); his games' lines
    for line in lines:
        state = line[18]
        if state == "completed":
            written += line[15] or 0
        elif state == "played":
            post = posts.get(line[1])
            if post is None:
                post = posts[line[1]] = _json(line[17]) or {}
            if any(int(t) == line[7] and "spp" in steps for t, steps in (post.get("done") or {}).items()):
                written += line[15] or 0  # his side's post-match step 2 is written: the SPP are on him
        else:
            continue
        mine.append(line)
    spp_before = max(spp - written, 0) if spp > 0 else 0
    games, total = [], spp_before
    for _pid, mid, season, rnd, stage, away_id, home_id, side_id, hs, as_, td, comp, ints, cas, mvp, gained, \
            hurt, raw, _state, _competition in mine:  # fmt: skip
        total += gained
        advances = ()
        if raw != "{}":  # (most games' state once done with: no advance in it)
            post = posts.get(mid)
            if post is None:
                post = posts[mid] = _json(raw) or {}
            advances = _advances(post, pid) if post else ()
        if home_id == side_id:
            score, against = f"{hs} - {as_}", names[away_id]
        else:
            score, against = f"{as_} - {hs}", names[home_id]
        games.append(CareerGame(mid, season, rnd, stage, names[side_id], against, score, td, comp, ints, cas, bool(mvp),
                                gained, total, hurt, advances))  # fmt: skip
    said_calls = []
    if games:  # the warnings and send-offs the refs' sheets give him, game by game
        for _pid, mid, sheet_calls, ref in calls:
            if sheet_calls in ("[]", None):
                continue
            said_calls += [CareerCall(mid, c.get("turn"), c["call"], c.get("why", ""), ref)
                           for c in _json(sheet_calls) or ()
                           if c.get("player_id") == pid and c.get("call") in ("warning", "sent off")]  # fmt: skip
    teams = list(dict.fromkeys([*(g.team for g in games), team]))
    return PlayerCareer(pid, name, race, position, status, team_id, team, number, spp, tuple(_json(skills)),
                        tuple(_json(injuries)), tuple(teams), tuple(games),
                        tuple(CareerContract(*row[1:8], bool(row[8])) for row in contracts),
                        tuple(CareerTransfer(*row[1:]) for row in transfers), tuple(said_calls), spp_before,
                        _titles(db, lines, competitions, tables))  # fmt: skip


def _titles(
    db: LeagueDB, lines: list, competitions: dict[int, tuple], tables: dict[int, int | None]
) -> tuple[str, ...]:
    """The titles his team won in a competition he has a line of for it (as competitions.player_titles: the roll
    of honour's lines of those competitions, in its order). `competitions`: their rows by id."""
    played = {(line[19], line[7]) for line in lines if line[19] is not None}
    if not played:
        return ()
    won = []
    mine = sorted((competitions[cid] for cid in {cid for cid, _team in played}), key=lambda c: (c[1], c[2], c[0]))
    for cid, season, _position, name, fmt, status, winner, current in mine:
        if status == "abandoned":
            continue
        winner = won_by(db, fmt, season, winner, current, tables)
        if winner is not None and (cid, winner) in played:
            won.append(f"{name}, season {season}")
    return tuple(won)


class LedgerLine(NamedTuple):
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
    titles: tuple[str, ...] = ()  # "League, season 1", "Spike Cup, season 2": the roll of honour's lines it won


def _owners(games: list[tuple[int, datetime | None]], entries: list, written: dict) -> list[int | None]:
    """The match each ledger row (its id first, its match last) belongs to: the one it names, else the last one
    played before it was written. `games`: (id, when played) of the team's games; `written`: entry id -> when,
    for the rows that name none of them (naive UTC times, or as stored)."""
    ids = {mid for mid, _when in games}
    played = sorted((_moment(when), mid) for mid, when in games if when is not None)
    times = [when for when, _mid in played]
    out = []
    for entry_id, *_rest, match_id in entries:  # unpacked: a Row's attributes are slower
        if match_id in ids:
            out.append(match_id)
            continue
        before = bisect_right(times, _moment(written[entry_id]))  # the games played by the time it was written
        out.append(played[before - 1][1] if before else None)
    return out


_TEAM_ID = bindparam("team")
_TEAM_PLAYED = or_(Match.home_team_id == _TEAM_ID, Match.away_team_id == _TEAM_ID), _IS_PLAYED
# when a row was written matters only for a row that names none of the team's games (_owners)
_STRAY_ROWS = select(LedgerEntry.id, LedgerEntry.created_at).where(
    LedgerEntry.team_id == _TEAM_ID,
    or_(LedgerEntry.match_id.is_(None), LedgerEntry.match_id.not_in(select(Match.id).where(*_TEAM_PLAYED))),
)
_TEAM_NAMES = select(Team.id, Team.name)
_TEAM_GOLD = (
    select(LedgerEntry.id, LedgerEntry.amount, LedgerEntry.match_id)
    .where(LedgerEntry.team_id == _TEAM_ID)
    .order_by(LedgerEntry.id)
)
_TEAM_ROUNDS = (
    select(Match.id, Match.season, Match.round, Match.played_at)
    .where(*_TEAM_PLAYED)
    .order_by(Match.played_at, Match.id)
)


# a timeline's reads as plain SQL (as a career's: _reading)
_PLAYED_SQL = "status IN ('played', 'completed')"
_TIMELINE_TEAM = "SELECT id, name, race, coach FROM team WHERE id = :team"
_TIMELINE_GAMES = f"""
SELECT id, season, round, stage, home_team_id, away_team_id, home_score, away_score, post_match, played_at
FROM "match" WHERE (home_team_id = :team OR away_team_id = :team) AND {_PLAYED_SQL} ORDER BY played_at, id
"""
_TIMELINE_LEDGER = (
    "SELECT id, kind, reason, amount, words, match_id FROM ledger_entry WHERE team_id = :team ORDER BY id"
)
_TIMELINE_STRAYS = f"""
SELECT id, created_at FROM ledger_entry WHERE team_id = :team AND (match_id IS NULL OR match_id NOT IN (
    SELECT id FROM "match" WHERE (home_team_id = :team OR away_team_id = :team) AND {_PLAYED_SQL}))
"""
_TIMELINE_NAMES = "SELECT id, name FROM team"


def team_timeline(db: LeagueDB, team_id: int, *, season: int | None = None) -> TeamTimeline:
    """The team after every game it played (of one season, or all): rating, treasury and fan factor."""
    chosen = {"team": team_id}
    with _reading(db) as read:
        team = read(_TIMELINE_TEAM, chosen)
        if not team:
            raise NotFound(_("That team no longer exists in this league."))
        matches = read(_TIMELINE_GAMES, chosen)
        entries = read(_TIMELINE_LEDGER, chosen)
        written = dict(read(_TIMELINE_STRAYS, chosen))
        names = dict(read(_TIMELINE_NAMES, {}))
    wanted = {m[0] for m in matches if season is None or m[1] == season}
    behind: dict[int | None, list[LedgerLine]] = {}
    last: dict[int | None, int] = {}  # the balance after each game's last row (None: before the first game)
    balance = 0
    owners = _owners([(m[0], m[9]) for m in matches], entries, written)
    for (entry_id, kind, reason, amount, words, _match), owner in zip(entries, owners, strict=True):
        balance += amount
        last[owner] = balance
        if owner in wanted:  # another season's rows are only summed
            line = LedgerLine(
                entry_id, kind, said(words, reason) if words else reason, amount, balance
            )  # the reader's language
            behind.setdefault(owner, []).append(line)
    opening = last.get(None, 0)
    points, treasury = [], opening
    key = str(team_id)
    for mid, number, rnd, stage, home_id, away_id, hs, as_, post, _when in matches:
        home = home_id == team_id
        mine, theirs = (hs, as_) if home else (as_, hs)
        treasury = last.get(mid, treasury)
        if season is not None and number != season:
            continue
        results = ((_json(post) or {}).get("results") or {}).get(key) or {}
        points.append(TimelinePoint(
            mid, number, rnd, stage, names[away_id if home else home_id], f"{mine} - {theirs}",
            result_of(mine, theirs), results.get("rating_after"), treasury, results.get("fan_factor_after"),
            tuple(behind.get(mid, ())),
        ))  # fmt: skip
    won = tuple(f"{h.competition}, season {h.season}" for h in titles(db, team_id)
                if season is None or h.season == season)  # fmt: skip
    tid, name, race, coach = team[0]
    return TeamTimeline(tid, name, race, coach, opening, tuple(points), won)


def treasury_after_games(db: LeagueDB, team_id: int, *, season: int | None = None) -> list[tuple[int, int]]:
    """(round, treasury) after each game the team played (of one season, or all), as `team_timeline` counts it,
    without the rows behind each point (a chart's reading: a third of the timeline's)."""
    with db.engine.connect() as conn:
        return _treasuries(conn, team_id, season)


def _treasuries(conn, team_id: int, season: int | None) -> list[tuple[int, int]]:  # noqa: ANN001
    chosen = {"team": team_id}
    games = conn.execute(_TEAM_ROUNDS, chosen).all()
    entries = conn.execute(_TEAM_GOLD, chosen).all()
    written = dict(conn.execute(_STRAY_ROWS, chosen).all())
    last: dict[int | None, int] = {}
    balance = 0
    owners = _owners([(game.id, game.played_at) for game in games], entries, written)
    for (_id, amount, _match), owner in zip(entries, owners, strict=True):
        balance += amount
        last[owner] = balance
    out, treasury = [], last.get(None, 0)
    for game in games:
        treasury = last.get(game.id, treasury)
        if season is None or game.season == season:
            out.append((game.round, treasury))
    return out


def treasuries(db: LeagueDB, team_ids: list[int], *, season: int | None = None) -> list[tuple[str, list]]:
    """(name, `treasury_after_games`) of each team that still exists, in the order asked, in one read."""
    with db.engine.connect() as conn:
        names = dict(conn.execute(_TEAM_NAMES.where(Team.id.in_(team_ids))).all())
        return [(names[t], _treasuries(conn, t, season)) for t in team_ids if t in names]


class RefereeGame(NamedTuple):
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
    sent_off: int = 0  # the calls he made (the match pad's): players sent off
    warnings: int = 0
    fouls_spotted: int = 0
    fouls_missed: int = 0


def call_counts(calls: list[dict]) -> tuple[int, int, int, int]:
    """Sent off, warnings, fouls spotted, fouls missed among a sheet's calls."""
    kinds = [c.get("call") for c in calls or ()]
    return (kinds.count("sent off"), kinds.count("warning"), kinds.count("foul spotted"),
            kinds.count("foul missed") + kinds.count("foul unseen"))  # fmt: skip


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


# a ref's reads as plain SQL (as a career's: _reading)
_REFEREE_SQL = "SELECT id, name, race, is_star, status, spp FROM referee WHERE id = :referee"
_SHEETS_SQL = """
SELECT s.id, s.match_id, s.in_range, s.turns_played, s.riot, s.casualties, s.state, s.result, s.spp_gained,
       m.season, m.round, h.name, a.name, s.calls
FROM referee_match s LEFT JOIN "match" m ON m.id = s.match_id LEFT JOIN team h ON h.id = m.home_team_id
LEFT JOIN team a ON a.id = m.away_team_id WHERE s.referee_id = :referee AND s.finished ORDER BY s.id
"""


def referee_career(db: LeagueDB, referee_id: int) -> RefereeCareer:
    """Every finished match sheet of the ref, oldest first."""
    chosen = {"referee": referee_id}
    with _reading(db) as read:
        ref = read(_REFEREE_SQL, chosen)
        if not ref:
            raise NotFound(_("That referee is no longer in this league."))
        rows = read(_SHEETS_SQL, chosen)
    games = tuple(
        RefereeGame(sid, mid, season, rnd, f"{h} v {a}" if h else "",
                    sum(1 for tick in _json(ticks) if tick is True), turns, bool(riot), cas, state, result, spp,
                    *(call_counts(_json(calls)) if calls != "[]" else (0, 0, 0, 0)))
        for sid, mid, ticks, turns, riot, cas, state, result, spp, season, rnd, h, a, calls in rows
    )  # fmt: skip
    rid, name, race, is_star, status, spp = ref[0]
    return RefereeCareer(rid, name, race, bool(is_star), status, spp, games)


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


def opponent_in(db: LeagueDB, match_id: int, team_name: str) -> int | None:
    """The team that played `team_name`'s side in a match (a career row names its opponent; None: neither)."""
    home, away, _ref = match_people(db, match_id)
    with db.read() as session:
        names = dict(session.execute(select(Team.id, Team.name).where(Team.id.in_((home, away)))).all())
    if names.get(home) == team_name:
        return away
    return home if names.get(away) == team_name else None


def match_people(db: LeagueDB, match_id: int) -> tuple[int, int, int | None]:
    """(home team, away team, the ref of its sheet or None) of a match: the careers a fixture's row links to."""
    with db.read() as session:
        match = session.get(Match, match_id)
        if match is None:
            raise NotFound(_("That match is no longer in the league."))
        ref = session.scalar(
            select(RefereeMatch.referee_id)
            .where(RefereeMatch.match_id == match_id)
            .order_by(RefereeMatch.id.desc())
        )
        return match.home_team_id, match.away_team_id, ref
