"""The match pad's read side: a live match's events folded into the game, the players who play, the ref, and
each event in a commissioner's words."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from roster_app import words
from roster_app.errors import NotFound
from roster_app.i18n import _, term
from roster_app.queries.fetch import get_match, get_team
from roster_app.queries.freebooters import stored as stored_freebooters
from roster_app.queries.referees import sheet_of
from roster_app.rules import matchpad as mp
from roster_app.rules import referees as rr
from roster_app.rules.freebooters import inducements
from roster_app.rules.reserves import Kind
from roster_app.rules.ruleset import Ruleset
from roster_app.store.db import LeagueDB
from roster_app.store.models import LiveEvent, LiveMatch, Player, PlayerStatus, Referee, RefereeMatch, ReserveEvent


@dataclass(frozen=True)
class Game:
    """A live match as it stands (inside a transaction or for a view)."""

    match_id: int
    live_id: int | None
    holder: str
    finished: bool
    status: str  # the fixture's: scheduled / played / completed
    title: str
    home: str
    away: str
    players: dict[int, mp.InGame]
    events: tuple[mp.Event, ...]
    state: mp.PadState
    sheet_id: int | None
    ref_range: int | None
    handicaps: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # team id -> (handicap, text)
    drafted: frozenset[int] = frozenset()  # players drafted from the reserves for this fixture (freebooters)
    pre_match_done: bool = False  # the pre-match sequence is finished: its choice of ref stands
    stage: str = "league"  # the fixture's (a semi-final or final adds to each gate die)

    def team_players(self, team_id: int) -> list[mp.InGame]:
        return [p for p in self.players.values() if p.team_id == team_id]

    def team_name(self, team_id: int | None) -> str:
        return self.home if team_id == self.state.home_id else self.away if team_id == self.state.away_id else ""


def live_of(session: Session, match_id: int) -> LiveMatch | None:
    return session.scalars(select(LiveMatch).where(LiveMatch.match_id == match_id)).first()


def players_in_game(session: Session, match_id: int) -> dict[int, mp.InGame]:
    """Both rosters' players who take the pitch (a player injured in this very game was one of them)."""
    match = get_match(session, match_id)
    teams = (match.home_team_id, match.away_team_id)
    query = select(Player).where(Player.team_id.in_(teams)).order_by(Player.team_id, Player.number, Player.id)
    if match.status == "scheduled":
        query = query.where(Player.status == PlayerStatus.ACTIVE)
    else:  # after full time: the players with a line in the report
        from roster_app.store.models import MatchPlayer

        query = query.join(MatchPlayer, MatchPlayer.player_id == Player.id).where(MatchPlayer.match_id == match_id)
    return {p.id: mp.InGame(p.id, p.team_id, p.number, p.name) for p in session.scalars(query)}


def pre_match_extras(session: Session, match: Any) -> dict[str, Any]:
    """What the pre-match sequence left for the game: each team's handicaps and the players drafted for it."""
    drafted = session.scalars(
        select(ReserveEvent.player_id).where(ReserveEvent.match_id == match.id, ReserveEvent.kind == Kind.DRAFT)
    ).all()
    return _extras(match, drafted)


def _extras(match: Any, drafted: list[int | None]) -> dict[str, Any]:
    pre = dict(match.pre_match or {})
    handicaps: dict[int, list[tuple[str, str]]] = {match.home_team_id: [], match.away_team_id: []}
    for entry in pre.get("handicaps", []):
        handicaps.setdefault(entry["team_id"], []).append((entry["handicap"], entry.get("text", "")))
    return {"stage": match.stage, "handicaps": {t: tuple(h) for t, h in handicaps.items()},
            "drafted": frozenset(p for p in drafted if p is not None), "pre_match_done": bool(pre.get("finished"))}  # fmt: skip


def ref_info(session: Session, sheet: RefereeMatch | None) -> mp.RefInfo | None:
    if sheet is None:
        return None
    ref = session.get(Referee, sheet.referee_id)
    return mp.RefInfo(ref.name, tuple(ref.skills), tuple(ref.equipment), ref.is_star, ref.ma)


def fold_state(g: Game, events: tuple[mp.Event, ...]) -> mp.PadState:
    """The game as these of its events leave it (the state before its last event, for a Super Pro re-roll)."""
    return mp.fold(events, home_id=g.state.home_id, away_id=g.state.away_id, ref=g.state.ref, turns=g.state.turns)


def game(session: Session, ruleset: Ruleset, match_id: int) -> Game:
    """The live match of a fixture as its events leave it (a game not begun yet when it has no record)."""
    match = get_match(session, match_id)
    live = live_of(session, match_id)
    # the events as plain rows, not ORM objects: the pad reads the game again after every event (issue 40)
    columns = (LiveEvent.kind, LiveEvent.turn, LiveEvent.team_id, LiveEvent.player_id, LiveEvent.victim_id,
               LiveEvent.data, LiveEvent.id)  # fmt: skip
    rows = [] if live is None else session.execute(
        select(*columns).where(LiveEvent.live_id == live.id).order_by(LiveEvent.id)
    ).all()  # fmt: skip
    sheet = sheet_of(session, match_id)
    home, away = get_team(session, match.home_team_id).name, get_team(session, match.away_team_id).name
    drafted = session.scalars(
        select(ReserveEvent.player_id).where(ReserveEvent.match_id == match.id, ReserveEvent.kind == Kind.DRAFT)
    ).all()
    live_row = (live.id, live.holder, live.finished) if live else None
    return _assemble(ruleset, match, live_row, rows, sheet.id if sheet else None, ref_info(session, sheet), home,
                     away, players_in_game(session, match_id), drafted)  # fmt: skip


def _assemble(ruleset: Ruleset, match: Any, live: tuple | None, rows: list, sheet_id: int | None,
              ref: mp.RefInfo | None, home: str, away: str, players: dict[int, mp.InGame],
              drafted: list[int | None]) -> Game:  # fmt: skip
    """The game from what was read of it (`match`: the fixture's columns, as the ORM row or `_Fixture`; `live`:
    (id, holder, finished) of its record; `rows`: its events' columns in order)."""
    events = tuple(mp.Event(kind, turn, team, player, victim, dict(data), i)
                   for kind, turn, team, player, victim, data, i in rows)  # fmt: skip
    state = mp.fold(events, home_id=match.home_team_id, away_id=match.away_team_id, ref=ref,
                    turns=rr.match_turns(ruleset), inducements=bought_inducements(match, ruleset))  # fmt: skip
    where = f"Round {match.round}" if match.stage == "league" else match.stage.capitalize()
    live_id, holder, finished = live if live else (None, "", False)
    return Game(match.id, live_id, holder, bool(finished), match.status, f"{where}: {home} v {away}", home, away,
                players, events, state, sheet_id, rr.ref_range(ref.skills, ruleset) if ref else None,
                **_extras(match, drafted))  # fmt: skip


def bought_inducements(match: Any, ruleset: Ruleset) -> dict[int, dict[str, tuple[str, int]]]:
    """Each team's inducements bought for the game (Hire Freebooters): name -> (effect, how many)."""
    effects = {name: item.effect for name, item in inducements(ruleset).items()}
    out: dict[int, dict[str, tuple[str, int]]] = {}
    for team_key, data in stored_freebooters(match).items():
        for line in data.get("lines", ()):
            if line["kind"] == "inducement":
                out.setdefault(int(team_key), {})[line["name"]] = (
                    effects.get(line["name"], "other"),
                    line["count"],
                )
    return out


def read_game(db: LeagueDB, match_id: int) -> Game:
    """The game for a view (the pad reads it again after every event). On SQLite its rows come straight from the
    driver in one transaction, plain SQL (SQLAlchemy's statement handling was most of the read: ~3.5 -> ~1 ms;
    issue 40); elsewhere through the ORM (`game`). tests/queries compare the two on every kind of game."""
    if db.engine.dialect.name != "sqlite":
        with db.read() as session:
            return game(session, db.ruleset, match_id)
    with db.read() as session:
        rows = session.connection().connection.driver_connection.execute
        return _plain_game(rows, db.ruleset, match_id)


@dataclass(frozen=True)
class _Fixture:
    """The fixture's columns the game reads (as the ORM's Match has them)."""

    id: int
    home_team_id: int
    away_team_id: int
    status: str
    stage: str
    round: int
    pre_match: dict


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _plain_game(rows: Any, ruleset: Ruleset, match_id: int) -> Game:
    """`game`'s reads as plain SQL through `rows` (the driver's execute): the same rows, in the same order."""
    found = rows('SELECT id, home_team_id, away_team_id, status, stage, round, pre_match FROM "match" '
                 "WHERE id = ?", (match_id,)).fetchone()  # fmt: skip
    if found is None:
        raise NotFound(_("That match no longer exists in this league."))
    match = _Fixture(*found[:6], _json(found[6]) or {})
    live = rows("SELECT id, holder, finished FROM live_match WHERE match_id = ?", (match_id,)).fetchone()
    events = [] if live is None else [
        (kind, turn, team, player, victim, _json(data), i) for kind, turn, team, player, victim, data, i in rows(
            "SELECT kind, turn, team_id, player_id, victim_id, data, id FROM live_event WHERE live_id = ? "
            "ORDER BY id", (live[0],))
    ]  # fmt: skip
    sheet = rows("SELECT id, referee_id FROM referee_match WHERE match_id = ? ORDER BY id LIMIT 1",
                 (match_id,)).fetchone()  # fmt: skip
    ref = None
    if sheet is not None:
        name, skills, equipment, star, ma = rows(
            "SELECT name, skills, equipment, is_star, ma FROM referee WHERE id = ?", (sheet[1],)
        ).fetchone()
        ref = mp.RefInfo(name, tuple(_json(skills)), tuple(_json(equipment)), bool(star), ma)
    names = dict(rows("SELECT id, name FROM team WHERE id IN (?, ?)", (match.home_team_id, match.away_team_id)))
    if match.home_team_id not in names or match.away_team_id not in names:
        raise NotFound(_("That team no longer exists in this league."))
    teams = (match.home_team_id, match.away_team_id)
    if match.status == "scheduled":
        chosen = rows("SELECT id, team_id, number, name FROM player WHERE team_id IN (?, ?) AND status = ? "
                      "ORDER BY team_id, number, id", (*teams, PlayerStatus.ACTIVE))  # fmt: skip
    else:  # after full time: the players with a line in the report
        chosen = rows("SELECT p.id, p.team_id, p.number, p.name FROM player p JOIN match_player l ON l.player_id = "
                      "p.id WHERE p.team_id IN (?, ?) AND l.match_id = ? ORDER BY p.team_id, p.number, p.id",
                      (*teams, match_id))  # fmt: skip
    players = {pid: mp.InGame(pid, team, number, name) for pid, team, number, name in chosen}
    drafted = [p for (p,) in rows("SELECT player_id FROM reserve_event WHERE match_id = ? AND kind = ?",
                                  (match_id, Kind.DRAFT))]  # fmt: skip
    return _assemble(ruleset, match, live, events, sheet[0] if sheet else None, ref, names[match.home_team_id],
                     names[match.away_team_id], players, drafted)  # fmt: skip


# -- words ----------------------------------------------------------------------------------------------
def describe(event: mp.Event, g: Game) -> str:
    """One event as the pad's log shows it (plain text: the view never reads it as HTML)."""
    who = _who(g, event.player_id)
    victim = _who(g, event.victim_id)
    team = g.team_name(event.team_id)
    data = event.data
    injury = _injury(data)
    kind = event.kind
    if kind == "touchdown":
        text = _("Touchdown! {who} scores for {team}").format(who=who, team=team)
    elif kind in ("completion", "interception"):
        text = f"{kind.capitalize()}: {who} ({team})"
    elif kind == "casualty":
        text = _("Casualty: {victim} hurt by {value}{injury}").format(
            victim=victim, value=who or team or "nobody", injury=injury
        )
    elif kind == "injury":
        text = _("Injury: {victim}{injury}").format(victim=victim, injury=injury)
    elif kind == "sent off":
        text = _("Sent off: {who} ({team})").format(who=who, team=team)
    elif kind == "mvp":
        text = _("MVP of {team}: {who}").format(team=team, who=who)
    elif kind == "ref state":
        text = _("The ref is {get}{calls_text}").format(get=_state(data["state"]), calls_text=_calls_text(data, g))
    elif kind in ("send-off roll", "penalty roll"):
        text = data.get("text", kind)
        if kind == "send-off roll":
            text = _("Send-off roll for {who}: {text}").format(who=who, text=text)
    elif kind == "get the ref":
        text = (
            _("Get the Ref: he escapes (Escapist)")
            if data.get("escaped")
            else _("Get the Ref: a normal ref takes over")
        )
    elif kind == "ref casualty":
        text = _("The ref hurts {victim}{injury}").format(victim=victim, injury=injury)
    elif kind in ("foul", "block", "ref blocked"):
        text = _contact(event, g, who, victim)
    elif kind == "place ref":
        text = _("The ref is placed at {square}").format(square=_square(data["square"]))
    elif kind in ("super pro", "argue the call"):
        text = data.get("text", kind)
        if kind == "super pro":
            text = _("Super Pro: {text}").format(text=text)
    elif kind == "apothecary":
        text = _("Personal Apothecary: the ref is {get}").format(get=_state(data["state"]))
    elif kind == "riot":
        text = _("Riot! The match ends after turn {value}").format(value=event.turn - 1)
    elif kind == "kick-off":
        result = data.get("result")
        text = _("Kick-off {total}: {result}").format(
            total=data.get("total"), result=term("table", result) if result else result
        )
    elif kind == "inducement":
        if who or victim:
            text = _("{team} use {name} on {who}").format(
                team=team, name=term("inducement", data.get("name", "")), who=who or victim
            )
        else:
            text = _("{team} use {name}").format(team=team, name=term("inducement", data.get("name", "")))
    elif "in_range" in data:
        where = _("in range") if data["in_range"] else _("out of range")
        target = f" {_who(g, data['target'])}" if data.get("target") is not None else ""
        squares = ""
        if data.get("ref_square") is not None and data.get("ball_square") is not None:
            apart = mp.squares_apart(data["ref_square"], data["ball_square"])
            squares = _(" ({squares} from the ball)").format(squares=words.count(apart, "square"))
        text = _("End of turn {turn}: the ref {get}{target}, {where}{squares}").format(
            turn=event.turn, get=_state(data.get("action", "")), target=target, where=where, squares=squares
        )
        text += f". {data['text']}" if data.get("text") else ""
    else:
        text = _("End of turn {turn}").format(turn=event.turn)
    return _("T{turn}  {text}").format(turn=event.turn, text=text)


def _state(word: str) -> str:
    """A ref's stored state or action, as the pad's log says it."""
    return rr.shown_state(mp.STATE_LABELS.get(word, word))


def _square(square: list[int]) -> str:
    return f"({square[0] + 1}, {square[1] + 1})"


def _contact(event: mp.Event, g: Game, who: str, victim: str) -> str:
    """A foul, a block, or a block on the ref, with the calls it brought."""
    data = event.data
    if event.kind == "foul":
        head = _("Foul: {who} on {victim}").format(who=who, victim=victim) + (
            _(" (a double)") if data.get("double") else ""
        )
    elif event.kind == "block":
        head = _("Block: {who} on {victim}").format(who=who, victim=victim)
    else:
        head = {"block": _("{who} blocks the ref: he is {state}"), "blitz": _("{who} blitzes the ref: he is {state}"),
                "foul": _("{who} fouls the ref: he is {state}")}[data.get("how", "block")].format(
            who=who, state=_state(data.get("result", "prone")))  # fmt: skip
    assists = data.get("assists") or []
    if assists:
        head += f", {words.count(len(assists), 'assist')}"
    return head + _calls_text(data, g)


def _calls_text(data: dict, g: Game) -> str:
    """The calls an event brought ("; sent off: #1 Grim"), or nothing."""
    said = [f"{c['call']}: {_who(g, c['player_id'])}" for c in data.get("calls", ())]
    return f"; {'; '.join(said)}" if said else ""


def _injury(data: Any) -> str:
    """' (Broken Ribs: Miss next game, rolled 41)', ' (-1 AV)', or nothing."""
    if not data.get("injury"):
        return ""
    what = (
        f"{data['casualty']}: {data['injury']}"
        if data.get("casualty") and data["casualty"].casefold() != data["injury"].casefold()
        else data["injury"]
    )
    return f" ({what}, rolled {data['total']})" if data.get("total") is not None else f" ({what})"


def _who(g: Game, player_id: int | None) -> str:
    player = g.players.get(player_id) if player_id is not None else None
    return f"#{player.number} {player.name}" if player else ""
