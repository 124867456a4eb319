"""The match pad: a fixture played at the table, saved event by event, and its full time.

Each event is one transaction and one undo step (a live_event row, with its dice roll when it has one), so a
crash or a power cut loses nothing: the pad reads the events again and the game stands where it stood. Full
time writes the match report and the ref's match sheet, verdict included, in one transaction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.queries import matchpad as q
from roster_app.queries.fetch import get_match, get_sheet, get_team
from roster_app.queries.referees import fixture_title
from roster_app.rules import matchpad as mp
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll, accept
from roster_app.rules.dicetables import lookup
from roster_app.services import referees
from roster_app.services.common import store_roll
from roster_app.services.matches import PlayerLine, unfinished_match, write_report
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import DiceRoll, LiveEvent, LiveMatch, Referee


class PadInUse(RuleViolation):
    """Another pad has this fixture open; `holder` says where."""

    def __init__(self, message: str, holder: str):
        super().__init__(message)
        self.holder = holder


def _playable(session: Session, match_id: int) -> None:
    match = get_match(session, match_id)
    if match.status != "scheduled":
        raise RuleViolation(f"{fixture_title(session, match)} has been reported already: the pad is for a game "
                            "still to play.")  # fmt: skip
    for team_id in (match.home_team_id, match.away_team_id):
        earlier = unfinished_match(session, team_id)
        if earlier is not None:
            raise RuleViolation(f"{get_team(session, team_id).name} have not finished the post-match sequence of "
                                f"{fixture_title(session, earlier)} yet; it comes before their next match.")  # fmt: skip


def open_pad(db: LeagueDB, *, match_id: int, holder: str, take_over: bool = False) -> Change:
    """Claim a fixture for this pad (its live record is made on the first open). Another pad holding it is
    refused (PadInUse) unless `take_over` (its process is gone: a crash, a power cut)."""
    with db.write() as tx:
        session = tx.session
        _playable(session, match_id)
        live = q.live_of(session, match_id)
        if live is None:
            live = LiveMatch(match_id=match_id)
        elif live.holder and live.holder != holder and not take_over:
            title = fixture_title(session, get_match(session, match_id))
            raise PadInUse(f"The match pad of {title} is already open ({live.holder}). One pad a game: close the "
                           "other pad first.", live.holder)  # fmt: skip
        live.holder = holder
        session.add(live)
        session.flush()
        tx.label = f"match pad of {fixture_title(session, get_match(session, match_id))} opened"
        tx.result = live.id
    return tx.change


def release_pad(db: LeagueDB, *, match_id: int, holder: str) -> Change:
    """The pad is closed: the fixture is free for another pad (the events stay)."""
    with db.write() as tx:
        live = q.live_of(tx.session, match_id)
        if live is not None and live.holder == holder:
            live.holder = ""
            tx.session.add(live)
        tx.label = "match pad closed"
    return tx.change


def _claimed(session: Session, match_id: int, holder: str) -> LiveMatch:
    live = q.live_of(session, match_id)
    if live is None or live.holder != holder:
        title = fixture_title(session, get_match(session, match_id))
        where = f" ({live.holder})" if live is not None and live.holder else ""
        raise RuleViolation(f"This pad no longer holds {title}: another pad took it over{where}. Nothing was "
                            "recorded here.")  # fmt: skip
    if live.finished:
        raise RuleViolation("Full time has been written for this game: it is over.")
    return live


def record_event(
    db: LeagueDB,
    *,
    match_id: int,
    holder: str,
    kind: str,
    team_id: int | None = None,
    player_id: int | None = None,
    victim_id: int | None = None,
    data: Mapping[str, Any] | None = None,
    roll: Roll | None = None,
) -> Change:
    """Record one event of the game (see rules/matchpad.KINDS); a roll (send-off, penalty, Escapist) is stored
    with what it was for. Refused in words, with nothing written, when it cannot happen now."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        live = _claimed(session, match_id, holder)
        game = q.game(session, ruleset, match_id)
        if team_id is None and player_id in game.players:
            team_id = game.players[player_id].team_id
        if kind == "casualty" and team_id is None and victim_id in game.players:
            victim_team = game.players[victim_id].team_id
            team_id = game.state.away_id if victim_team == game.state.home_id else game.state.home_id
        if kind in ("injury", "ref casualty") and victim_id in game.players:
            team_id = game.players[victim_id].team_id
        data = dict(data or {})
        if kind == "inducement":  # what it does, as the league's Inducements table says (a bribe, the wizard ...)
            data["effect"] = game.state.inducements.get(team_id, {}).get(data.get("name", ""), ("other", 0))[0]
        event = mp.Event(kind, game.state.turn, team_id, player_id, victim_id, data)
        mp.check_event(game.state, event, game.players)
        extra, roll_id = _roll(session, ruleset, game, event, roll)
        if player_id in game.players and kind != "inducement":
            extra.setdefault("name", game.players[player_id].name)
        row = LiveEvent(live_id=live.id, turn=event.turn, kind=kind, team_id=team_id, player_id=player_id,
                        victim_id=victim_id, data={**event.data, **extra}, dice_roll_id=roll_id)  # fmt: skip
        session.add(row)
        session.flush()
        stored = mp.Event(kind, event.turn, team_id, player_id, victim_id, row.data, row.id)
        tx.label = f"match pad: {q.describe(stored, game)}"
        tx.result = row.id
    return tx.change


def _roll(session: Session, ruleset: Any, game: q.Game, event: mp.Event, given: Roll | None
          ) -> tuple[dict[str, Any], int | None]:  # fmt: skip
    """The event's roll, checked and stored (send-off D6, penalty 2D6, Escapist D6), and what it decided."""
    kind = event.kind
    if kind == "kick-off":
        return _kick_off_roll(session, ruleset, game, given)
    rolls = kind in ("send-off roll", "penalty roll") or (
        kind == "get the ref" and "Escapist" in game.state.ref.skills
    )
    if not rolls:
        if given is not None:
            raise RuleViolation(f"A {kind} has nothing to roll." if kind != "get the ref" else
                                f"{game.state.ref.name} has no Escapist: there is nothing to roll, he is out.")  # fmt: skip
        return ({"escaped": False} if kind == "get the ref" else {}), None
    sheet = get_sheet(session, game.sheet_id)
    ref = session.get(Referee, sheet.referee_id)
    links = {"referee_id": ref.id, "match_id": game.match_id}
    if kind == "get the ref":
        dice = accept(given, "D6")
        escaped = rr.escapes_get_the_ref(dice, ref.skills, ruleset)
        return {"escaped": escaped}, store_roll(session, dice, "Get the Ref: Escapist", **links).id
    modifier = rr.penalty_modifier(ref.skills, ruleset)
    if kind == "send-off roll":
        dice = accept(given, "D6", modifier=modifier)
        outcome = rr.send_off(dice, ruleset)
        name = game.players[event.player_id].name
        row = store_roll(session, dice, f"send-off: {name}", player_id=event.player_id, **links)
    else:
        dice = accept(given, "2D6", modifier=modifier)
        item = event.data["item"]
        outcome = rr.penalty(item, dice, ruleset)
        row = store_roll(session, dice, f"{item} penalty", **links)
        if (
            outcome.success
        ):  # what it means is decided now and kept with the event (a later rules edit rewrites nothing)
            sent_off = rr.penalty_sends_off(item, ruleset)
            return {"success": True, "text": f"{outcome.text} {rr.penalty_consequence(item, ruleset)}",
                    "total": dice.total, "sent_off": sent_off}, row.id  # fmt: skip
    return {"success": outcome.success, "text": outcome.text, "total": dice.total}, row.id


def _kick_off_roll(session: Session, ruleset: Any, game: q.Game, given: Roll | None) -> tuple[dict[str, Any], int]:
    """The Kick-Off Table roll (the league's table "kick_off"), stored with its result."""
    table = ruleset.table("kick_off")
    dice = accept(given, table["dice"])
    row = lookup(table["rows"], dice.total)
    links: dict[str, int | None] = {"match_id": game.match_id}
    if game.sheet_id is not None:
        links["referee_id"] = get_sheet(session, game.sheet_id).referee_id
    stored = store_roll(session, dice, f"kick-off: {row['result']}", **links)
    return {"result": row["result"], "text": row.get("text", ""), "total": dice.total,
            "referee_out": bool(row.get("referee_out"))}, stored.id  # fmt: skip


def take_back_event(db: LeagueDB, *, match_id: int, holder: str) -> Change:
    """The pad's Undo: the game's last event taken back (its roll with it), in one transaction. It works on the
    saved events, so a pad closed and opened again (or resumed after a crash) takes back the last event of the
    game. The result is (the id taken back, the id of the event now last or None)."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        _claimed(session, match_id, holder)
        game = q.game(session, ruleset, match_id)
        if not game.events:
            raise RuleViolation("Nothing to take back: no event has been recorded in this game yet.")
        last = game.events[-1]
        row = session.get(LiveEvent, last.id)
        roll_id = row.dice_roll_id
        session.delete(row)
        session.flush()
        if roll_id is not None:
            session.delete(session.get(DiceRoll, roll_id))
        tx.label = f"match pad: took back {q.describe(last, game)}"
        tx.result = (last.id, game.events[-2].id if len(game.events) > 1 else None)
    return tx.change


# -- full time ------------------------------------------------------------------------------------------
def report_of(game: q.Game) -> dict[str, Any]:
    """The match report the game's events make: scores, casualties, each player's line, the MVPs, the Riot."""
    lines: dict[int, dict[str, Any]] = {}

    def line(player_id: int) -> dict[str, Any]:
        return lines.setdefault(player_id, {"player_id": player_id})

    casualties = {game.state.home_id: 0, game.state.away_id: 0}
    for event in game.events:
        if event.kind in ("touchdown", "completion", "interception"):
            key = f"{event.kind}s"
            line(event.player_id)[key] = line(event.player_id).get(key, 0) + 1
        elif event.kind == "casualty":
            casualties[event.team_id] += 1
            if event.player_id is not None:
                line(event.player_id)["casualties"] = line(event.player_id).get("casualties", 0) + 1
        if event.kind in ("casualty", "injury", "ref casualty") and event.data.get("injury"):
            line(event.victim_id)["injury"] = event.data["injury"]
    state = game.state
    return {"home_score": state.score[state.home_id], "away_score": state.score[state.away_id],
            "home_casualties": casualties[state.home_id], "away_casualties": casualties[state.away_id],
            "lines": [PlayerLine.of(v) for v in lines.values()], "home_mvp": state.mvp.get(state.home_id),
            "away_mvp": state.mvp.get(state.away_id), "riot": state.riot}  # fmt: skip


def full_time(
    db: LeagueDB,
    *,
    match_id: int,
    gate: int | None = None,
    gate_faces: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> Change:
    """Full time: the match report (as the match report dialog writes it) and the ref's match sheet with his
    verdict, in one transaction. A team without an MVP gets one at random. The result is the match id."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        live = q.live_of(session, match_id)
        if live is None or live.finished:
            raise RuleViolation("This game has no match pad record to end." if live is None else
                                "Full time has been written for this game already.")  # fmt: skip
        game = q.game(session, ruleset, match_id)
        if not game.state.over:
            raise RuleViolation(f"It is turn {game.state.turn} of {game.state.turns}: full time comes after the "
                                "last turn (or a Riot).")  # fmt: skip
        sheet = get_sheet(session, game.sheet_id) if game.sheet_id is not None else None
        match = write_report(session, ruleset, match_id=match_id, gate=gate, gate_faces=gate_faces, rng=rng,
                             referee_id=sheet.referee_id if sheet else None, **report_of(game))  # fmt: skip
        verdict = None
        if sheet is not None:
            referees.write_sheet(session, ruleset, sheet, mp.sheet_fields(game.state))
            verdict = referees.finish_sheet(session, ruleset, sheet, session.get(Referee, sheet.referee_id))
        live.finished = True
        session.add(live)
        tx.label = f"full time: {fixture_title(session, match)}" + (f", ref {verdict.result}" if verdict else "")
        tx.result = match.id
    return tx.change
