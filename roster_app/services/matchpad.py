"""The match pad: a fixture played at the table, saved event by event, and its full time.

Each event is one transaction and one undo step (a live_event row, with its dice roll when it has one), so a
crash or a power cut loses nothing: the pad reads the events again and the game stands where it stood. Full
time writes the match report and the ref's match sheet, verdict included, in one transaction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.queries import matchpad as q
from roster_app.queries.fetch import get_match, get_sheet, get_team
from roster_app.queries.referees import fixture_title
from roster_app.rules import matchpad as mp
from roster_app.rules import postmatch as pm
from roster_app.rules import refcalls as rc
from roster_app.rules import referees as rr
from roster_app.rules.dice import DiceSpec, Roll, accept
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
        raise RuleViolation(_("{fixture_title} has been reported already: the pad is for a game still to play.").format(fixture_title=fixture_title(session, match)))  # fmt: skip
    for team_id in (match.home_team_id, match.away_team_id):
        earlier = unfinished_match(session, team_id)
        if earlier is not None:
            raise RuleViolation(_("{name} have not finished the post-match sequence of {fixture_title} yet; it comes before their next " "match.").format(name=get_team(session, team_id).name, fixture_title=fixture_title(session, earlier)))  # fmt: skip


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
            raise PadInUse(_("The match pad of {title} is already open ({holder}). One pad a game: close the other pad first.").format(title=title, holder=live.holder), live.holder)  # fmt: skip
        live.holder = holder
        session.add(live)
        session.flush()
        tx.label = _("match pad of {fixture_title} opened").format(
            fixture_title=fixture_title(session, get_match(session, match_id))
        )
        tx.result = live.id
    return tx.change


def release_pad(db: LeagueDB, *, match_id: int, holder: str) -> Change:
    """The pad is closed: the fixture is free for another pad (the events stay)."""
    with db.write() as tx:
        live = q.live_of(tx.session, match_id)
        if live is not None and live.holder == holder:
            live.holder = ""
            tx.session.add(live)
        tx.label = _("match pad closed")
    return tx.change


def _claimed(session: Session, match_id: int, holder: str) -> LiveMatch:
    live = q.live_of(session, match_id)
    if live is None or live.holder != holder:
        title = fixture_title(session, get_match(session, match_id))
        where = f" ({live.holder})" if live is not None and live.holder else ""
        raise RuleViolation(_("This pad no longer holds {title}: another pad took it over{where}. Nothing was recorded here.").format(title=title, where=where))  # fmt: skip
    if live.finished:
        raise RuleViolation(_("Full time has been written for this game: it is over."))
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
    rolls: Mapping[str, Roll] | None = None,
    table_dice: Sequence[Roll] = (),
) -> Change:
    """Record one event of the game (see rules/matchpad.KINDS); each roll (send-off, penalty, Escapist, a foul's
    armour, Go For It, Hates Gang Ups...) is stored with what it was for: `roll` is the one roll of an event that
    has one, `rolls` the dice typed in by what they are for (rules/refcalls.py names them); a roll not given is
    made by Dugout's dice. `table_dice` are dice typed at the table without saying what for: each goes to the first
    roll of its kind the rules ask for (the pad's D6 and 2D6 boxes). Refused in words, with nothing written, when it
    cannot happen now."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        live = _claimed(session, match_id, holder)
        game = q.game(session, ruleset, match_id)
        if kind == "super pro":
            tx.result = _super_pro(session, ruleset, live, game, roll or (rolls or {}).get("reroll"), data or {},
                                   table_dice)  # fmt: skip
            tx.label = _("match pad: Super Pro re-roll ({result})").format(result=tx.result[1])
            tx.result = tx.result[0]
            return tx.change
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
        mp.check_event(game.state, event, game.players, ruleset)
        if kind in DECIDED:
            given = dict(rolls or {})
            if roll is not None:
                if kind not in ONE_ROLL:
                    raise RuleViolation(
                        _("A {kind} takes its dice by what they are for (rolls=...), not one roll.").format(
                            kind=kind
                        )
                    )
                given[ONE_ROLL[kind]] = roll
            links = _links(session, game) | ({"player_id": player_id} if player_id in game.players else {})
            dice = Dicer(session, links, given, table=table_dice)
            extra = _decide(game, event, dice, ruleset)
            roll_id = dice.first_id
            extra["dice"] = dice.kept
        else:
            extra, roll_id = _roll(session, ruleset, game, event, roll)
        if player_id in game.players and kind != "inducement":
            extra.setdefault("name", game.players[player_id].name)
        row = LiveEvent(live_id=live.id, turn=event.turn, kind=kind, team_id=team_id, player_id=player_id,
                        victim_id=victim_id, data={**event.data, **extra}, dice_roll_id=roll_id)  # fmt: skip
        session.add(row)
        session.flush()
        stored = mp.Event(kind, event.turn, team_id, player_id, victim_id, row.data, row.id)
        tx.label = _("match pad: {describe}").format(describe=q.describe(stored, game))
        tx.result = row.id
    return tx.change


# Events whose dice and calls rules/refcalls.py decides (several rolls each, by what they are for); those with one
# roll of the ref's take it as `roll` too.
ONE_ROLL = {"send-off roll": "send-off", "penalty roll": "penalty", "get the ref": "escapist"}
DECIDED = ("foul", "block", "ref blocked", "end turn", "ref state", "place ref", "apothecary", "argue the call",  # i18n: key
           *ONE_ROLL)  # fmt: skip


class Dicer:
    """The dice of one event: the roll typed in for each purpose, else Dugout's; each stored with what it was for.
    `replay` (a Super Pro re-roll) gives back the event's other rolls as they fell, storing nothing new."""

    def __init__(self, session: Session, links: Mapping[str, int | None], given: Mapping[str, Roll],
                 replay: Mapping[str, Mapping[str, Any]] | None = None, reroll: str | None = None,
                 table: Sequence[Roll] = ()):  # fmt: skip
        self.session, self.links, self.given = session, dict(links), given
        self.table = list(table)  # dice typed at the table, taken in the order the rules ask for their kind
        self.replay, self.reroll = replay or {}, reroll
        self.kept: dict[str, dict[str, Any]] = {}
        self.first_id: int | None = None
        self.rerolled: Roll | None = None

    def __call__(self, key: str, dice: str, modifier: int, purpose: str) -> Roll:
        if key in self.replay and key != self.reroll:
            old = self.replay[key]
            return Roll(old["dice"], tuple(old["faces"]), old["modifier"], old["typed"])
        given = self.given.get("reroll" if key == self.reroll else key) or self._from_table(dice)
        made = accept(given, dice, modifier=modifier)
        if key == self.reroll:
            purpose, self.rerolled = _("Super Pro re-roll: {purpose}").format(purpose=purpose), made
        row = store_roll(self.session, made, purpose, **self.links)
        self.first_id = self.first_id if self.first_id is not None else row.id
        self.kept[key] = {"dice": made.dice, "faces": list(made.faces), "modifier": made.modifier,
                          "typed": made.typed, "total": made.total, "id": row.id, "for": purpose}  # fmt: skip
        return made

    def _from_table(self, dice: str) -> Roll | None:
        spec = DiceSpec.parse(dice)
        for index, typed in enumerate(self.table):
            if DiceSpec.parse(typed.dice) == spec:
                return self.table.pop(index)
        return None


def _links(session: Session, game: q.Game) -> dict[str, int | None]:
    links: dict[str, int | None] = {"match_id": game.match_id}
    if game.sheet_id is not None:
        links["referee_id"] = get_sheet(session, game.sheet_id).referee_id
    return links


def _decide(game: q.Game, event: mp.Event, dice: Dicer, ruleset: Any) -> dict[str, Any]:
    """The calls and dice of a foul, a block, the ref's turn, his standing up (the blockers he goes after)."""
    state, players, kind = game.state, game.players, event.kind
    if kind in ONE_ROLL:
        return _one_roll(state, event, players, dice, ruleset)
    if kind == "foul":
        return rc.foul(state, event, players, dice, ruleset)
    if kind == "block":
        return rc.block(state, event, players, dice, ruleset)
    if kind == "ref blocked":
        return rc.ref_blocked(state, event, players, dice, ruleset)
    if kind == "argue the call":
        return rc.argue(state, players[event.data.get("player_id")], dice, ruleset)
    if kind == "ref state" and event.data.get("state") == "standing" and state.revenge:
        return {"calls": rc.revenge(state, state.revenge, players, dice, ruleset), "revenge": []}
    if kind == "end turn" and state.ref_on_pitch() and "action" in event.data:
        decided = rc.ref_turn(state, event, players, dice, ruleset)
        inside = mp.range_from_squares(state, event.data, ruleset)
        return decided | ({"in_range": inside} if inside is not None else {})
    return {}


def _one_roll(state: mp.PadState, event: mp.Event, players: Any, dice: Dicer, ruleset: Any) -> dict[str, Any]:
    """A send-off roll (D6 4+), a Whistle or Chainsaw penalty roll (2D6), Get the Ref's Escapist (D6 4+)."""
    ref = state.ref
    if event.kind == "get the ref":
        if "Escapist" not in ref.skills:
            if dice.given:
                raise RuleViolation(
                    _("{name} has no Escapist: there is nothing to roll, he is out.").format(name=ref.name)
                )
            return {"escaped": False}
        made = dice("escapist", "D6", 0, _("Get the Ref: Escapist"))
        return {"escaped": rr.escapes_get_the_ref(made, ref.skills, ruleset)}
    if event.kind == "send-off roll":
        name = players[event.player_id].name
        made = dice("send-off", "D6", rc.send_off_modifier(ref.skills, ruleset), f"send-off: {name}")
        outcome = rr.send_off(made, ruleset)
        return {"success": outcome.success, "text": outcome.text, "total": made.total}
    item = event.data["item"]
    made = dice("penalty", "2D6", rr.penalty_modifier(ref.skills, ruleset), f"{item} penalty")
    outcome = rr.penalty(item, made, ruleset)
    if not outcome.success:
        return {"success": False, "text": outcome.text, "total": made.total}
    # what it means is decided now and kept with the event (a later rules edit rewrites nothing)
    return {"success": True, "text": f"{outcome.text} {rr.penalty_consequence(item, ruleset)}", "total": made.total,
            "sent_off": rr.penalty_sends_off(item, ruleset)}  # fmt: skip


def _super_pro(session: Session, ruleset: Any, live: LiveMatch, game: q.Game, given: Roll | None,
               data: Mapping[str, Any], table_dice: Sequence[Roll] = ()) -> tuple[int, str]:  # fmt: skip
    """Super Pro: the ref re-rolls one of his own dice of the game's last event; its decision is made again with
    the new roll (the event's other dice stand as they fell). Once each half."""
    if not game.events:
        raise RuleViolation(_("Nothing to re-roll: no event has been recorded in this game yet."))
    last = game.events[-1]
    event = mp.Event("super pro", game.state.turn, data=dict(data))
    mp.check_event(game.state, event, game.players, ruleset)
    rolled = last.data.get("dice", {})
    own = [k for k in rolled if k.startswith(rc.REROLLABLE)]
    key = data.get("roll") or (own[0] if own else None)
    if key not in own or last.kind not in DECIDED:
        raise RuleViolation(_("Super Pro re-rolls one of the ref's own dice of the last event ({describe}): it has none to re-roll.").format(describe=q.describe(last, game)))  # fmt: skip
    again = replace(game, state=q.fold_state(game, game.events[:-1]))
    links = _links(session, game) | ({"player_id": last.player_id} if last.player_id in game.players else {})
    dice = Dicer(session, links, {"reroll": given} if given else {}, replay=rolled, reroll=key, table=table_dice)
    target = mp.Event(last.kind, last.turn, last.team_id, last.player_id, last.victim_id,
                      {k: v for k, v in last.data.items() if k not in mp.DECISION_KEYS and k != "dice"}, last.id)  # fmt: skip
    decision = _decide(again, target, dice, ruleset)
    row = LiveEvent(live_id=live.id, turn=game.state.turn, kind="super pro", data={
        "of": last.id, "roll": key, "decision": decision, "dice": dice.kept,
        "text": f"{rolled[key]['for']}: {rolled[key]['total']} re-rolled, now {dice.rerolled.total}"},
        dice_roll_id=dice.first_id)  # fmt: skip
    session.add(row)
    session.flush()
    return row.id, row.data["text"]


def _roll(session: Session, ruleset: Any, game: q.Game, event: mp.Event, given: Roll | None
          ) -> tuple[dict[str, Any], int | None]:  # fmt: skip
    """The Kick-Off Table roll; any other event left here has nothing to roll."""
    if event.kind == "kick-off":
        return _kick_off_roll(session, ruleset, game, given)
    if event.kind in HURT:
        return _casualty_roll(session, ruleset, game, event, given)
    if given is not None:
        raise RuleViolation(_("A {kind} has nothing to roll.").format(kind=event.kind))
    return {}, None


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


HURT = ("casualty", "injury", "ref casualty")  # the events that take a player out hurt: a Casualty Table result


def _casualty_roll(session: Session, ruleset: Any, game: q.Game, event: mp.Event, given: Roll | None
                   ) -> tuple[dict[str, Any], int | None]:  # fmt: skip
    """The hurt player's result on the league's Casualty Table: the dice (rolled by Dugout's dice widget or typed
    in from real dice) stored with what they were for, or the result named off the printed table; an injury
    given as the match report names it is kept as it is. Nothing at all is refused: the roster needs it."""
    victim = game.players[event.victim_id]
    if given is not None:
        table = ruleset.table("casualty_table")
        dice = accept(given, table["dice"])
        row = pm.casualty_result(dice.total, ruleset)
        stored = store_roll(session, dice, f"Casualty Table: #{victim.number} {victim.name}", player_id=victim.id,
                            match_id=game.match_id)  # fmt: skip
        return {"casualty": row["result"], "injury": row["injury"], "total": dice.total}, stored.id
    if event.data.get("casualty"):
        row = pm.casualty_named(str(event.data["casualty"]), ruleset)
        return {"casualty": row["result"], "injury": row["injury"]}, None
    if event.data.get("injury"):
        return {}, None
    raise RuleViolation(_("What happened to #{number} {name}? Roll the Casualty Table ({dice}) or type the dice, or choose the " "result: the roster keeps it.").format(number=victim.number, name=victim.name, dice=ruleset.table('casualty_table')['dice']))  # fmt: skip


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
            raise RuleViolation(_("Nothing to take back: no event has been recorded in this game yet."))
        last = game.events[-1]
        row = session.get(LiveEvent, last.id)
        roll_ids = {row.dice_roll_id, *(d["id"] for d in (row.data or {}).get("dice", {}).values())} - {None}
        session.delete(row)
        session.flush()
        for roll_id in sorted(roll_ids):
            session.delete(session.get(DiceRoll, roll_id))
        tx.label = _("match pad: took back {describe}").format(describe=q.describe(last, game))
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
    overtime: bool = False,
    roll_off: Sequence[int] | str | None = None,
) -> Change:
    """Full time (`overtime`, `roll_off`: how a level knock-out game was decided, as write_report takes them): the match report (as the match report dialog writes it) and the ref's match sheet with his
    verdict, in one transaction. A team without an MVP gets one at random. The result is the match id."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        live = q.live_of(session, match_id)
        if live is None or live.finished:
            raise RuleViolation(_("This game has no match pad record to end.") if live is None else
                                _("Full time has been written for this game already."))  # fmt: skip
        game = q.game(session, ruleset, match_id)
        if not game.state.over:
            raise RuleViolation(_("It is turn {turn} of {turns}: full time comes after the last turn (or a Riot).").format(turn=game.state.turn, turns=game.state.turns))  # fmt: skip
        sheet = get_sheet(session, game.sheet_id) if game.sheet_id is not None else None
        match = write_report(session, ruleset, match_id=match_id, gate=gate, gate_faces=gate_faces, rng=rng,
                             referee_id=sheet.referee_id if sheet else None, overtime=overtime, roll_off=roll_off,
                             **report_of(game))  # fmt: skip
        verdict = None
        if sheet is not None:
            referees.write_sheet(session, ruleset, sheet, mp.sheet_fields(game.state))
            verdict = referees.finish_sheet(session, ruleset, sheet, session.get(Referee, sheet.referee_id))
        live.finished = True
        session.add(live)
        tx.label = _("full time: {fixture_title}").format(fixture_title=fixture_title(session, match)) + (
            _(", ref {result}").format(result=verdict.result) if verdict else ""
        )
        tx.result = match.id
    return tx.change
