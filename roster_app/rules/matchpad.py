"""The match pad's rules (seed 000, the referee at the table): the game as a list of events folded into a state,
what each new event may be, the ref's range on the pitch and the running verdict.

Pure functions: the events come in as `Event` rows, the players who play as `InGame`; nothing here touches a
database. The service (services/matchpad.py) refuses what `check_event` refuses, so nothing is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from roster_app import words
from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.rules import refcalls as rc
from roster_app.rules import referees as rr
from roster_app.rules.padstate import Event, InGame, PadState, RefInfo
from roster_app.rules.pitch import PITCH, check_square, squares_apart
from roster_app.rules.postmatch import INJURIES
from roster_app.rules.ruleset import Ruleset

TEAM_KINDS = ("touchdown", "completion", "interception", "casualty", "injury", "sent off", "mvp", "foul", "block")
REF_KINDS = ("ref state", "send-off roll", "penalty roll", "get the ref", "ref casualty", "place ref", "ref blocked",
             "super pro", "apothecary", "argue the call")  # fmt: skip  # i18n: key
FLOW_KINDS = ("kick-off", "end turn", "riot")
# Issue 32: an inducement bought in Hire Freebooters used where it bites (a bribe against a send-off, the wizard
# once a game, a wandering apothecary or Igor on a hurt player); data {"name", "effect"}
INDUCEMENT_KINDS = ("inducement",)
KINDS = TEAM_KINDS + REF_KINDS + FLOW_KINDS + INDUCEMENT_KINDS
REF_STATES = rr.STATES
AWAY = rc.CLEANING  # off the pitch for a while, not sent off: a Chainsaw's penalty; back when set standing
STATE_LABELS = {"injured": "seriously injured"}
# What a decision stored with an event says (rules/refcalls.py); a Super Pro re-roll replaces all of it.
DECISION_KEYS = ("calls", "ref_state", "revenge", "deafened", "text", "double", "success", "sent_off", "total",
                 "escaped", "in_range")  # fmt: skip
OUT_OF_GAME = ("casualty", "injury", "sent off")  # a player these happen to takes no further part


def fold(
    events: Iterable[Event], *, home_id: int, away_id: int, ref: RefInfo | None, turns: int = 16,
    inducements: Mapping[int, Mapping[str, tuple[str, int]]] | None = None,
) -> PadState:  # fmt: skip
    """Every event in order, applied to a new game (with the inducements each team bought for it)."""
    state = PadState(turns=turns, home_id=home_id, away_id=away_id, ref=ref, score={home_id: 0, away_id: 0},
                     in_range=[None] * turns, actions=[None] * turns,
                     inducements={t: dict(v) for t, v in (inducements or {}).items()})  # fmt: skip
    for event in with_rerolls(events):
        apply(state, event)
    return state


def with_rerolls(events: Iterable[Event]) -> list[Event]:
    """The events with each Super Pro re-roll's decision in place of the decision of the event it re-rolled."""
    out = list(events)
    for index, event in enumerate(out):
        if event.kind == "super pro" and index > 0:
            target = out[index - 1]
            kept = {k: v for k, v in target.data.items() if k not in DECISION_KEYS}
            out[index - 1] = replace(target, data={**kept, **event.data.get("decision", {})})
    return out


def apply(state: PadState, event: Event) -> None:
    """One event's effect on the game (already checked)."""
    kind, data = event.kind, event.data
    _decision(state, event)
    if kind == "touchdown":
        state.score[event.team_id] = state.score.get(event.team_id, 0) + 1
        state.setup = True
    elif kind in ("casualty", "injury", "ref casualty"):
        state.out[event.victim_id] = data.get("injury") or "casualty"
        state.ref_casualties += kind == "ref casualty"
    elif kind == "sent off" or kind == "send-off roll" and data.get("success"):
        _send_off(state, event)
    elif kind == "mvp":
        state.mvp[event.team_id] = event.player_id
    elif kind == "ref state":
        _ref_state(state, data["state"], event.turn)
    elif kind == "penalty roll" and data.get("sent_off"):
        _ref_state(state, rr.PENALTY_SENT_OFF, event.turn)  # the Whistle's lost pea: he is sent off
    elif kind == "penalty roll" and data.get("success") and data.get("item") == "Chainsaw":
        state.ref_state = rc.CLEANING  # off to clean it: not sent off, back when the pad says so
    elif kind == "place ref":
        state.ref_square = list(data["square"])
    elif kind == "super pro":
        state.super_pro[state.half] = event.turn
    elif kind == "apothecary":
        _apothecary(state, data["state"])
    elif kind == "argue the call" and data.get("result") == "overturned":
        state.out.pop(data["player_id"], None)
        state.sent_off = [s for s in state.sent_off if s["player_id"] != data["player_id"]]
    elif kind == "get the ref":
        state.got_the_ref, state.escaped = event.turn, bool(data.get("escaped"))
        state.escape_pending = None
    elif kind == "kick-off":
        _kick_off(state, event)
    elif kind == "end turn":
        _end_turn(state, event)
    elif kind == "riot":
        state.over, state.riot, state.turns_played = True, True, event.turn - 1
    elif kind == "inducement":
        _use_inducement(state, event)


def _use_inducement(state: PadState, event: Event) -> None:
    """A bribe takes the send-off back (the player plays on); an apothecary or Igor patches a hurt player up."""
    key = (event.team_id, event.data["name"])
    state.used[key] = state.used.get(key, 0) + 1
    effect = event.data.get("effect")
    if effect == "bribe" and event.player_id in state.out:
        del state.out[event.player_id]
        state.sent_off = [s for s in state.sent_off if s.get("player_id") != event.player_id]
    elif effect in ("apothecary", "igor") and event.victim_id in state.out:
        del state.out[event.victim_id]


def _check_inducement(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    """Only what the team bought for this game, as often as it bought it (the wizard once a game), where it
    bites: a bribe on a player of the team just sent off, an apothecary or Igor on one of its players hurt."""
    name, team = event.data.get("name", ""), event.team_id
    bought = state.inducements.get(team, {})
    if name not in bought:
        raise RuleViolation(
            _("That team bought no {value} for this game (Hire Freebooters).").format(value=name or "inducement")
        )
    effect, number = bought[name]
    used = state.used.get((team, name), 0)
    if used >= (1 if effect == "wizard" else number):
        once = _("once a game") if effect == "wizard" else _("{number} bought").format(number=number)
        raise RuleViolation(
            _("{name} is used up for this game ({once}, {used} used).").format(name=name, once=once, used=used)
        )
    if effect == "bribe":
        player = players.get(event.player_id) if event.player_id is not None else None
        if player is None or player.team_id != team or state.out.get(player.id) != "sent off":
            raise RuleViolation(
                _("{name} is used against a send-off: choose a player of the team who was just sent off.").format(
                    name=name
                )
            )
    if effect in ("apothecary", "igor"):
        player = players.get(event.victim_id) if event.victim_id is not None else None
        if (
            player is None
            or player.team_id != team
            or player.id not in state.out
            or state.out[player.id] == "sent off"
        ):
            raise RuleViolation(
                _("{name} patches up a hurt player of the team: choose one who was injured.").format(name=name)
            )


def _send_off(state: PadState, event: Event) -> None:
    state.out[event.player_id] = "sent off"
    state.sent_off.append({"turn": event.turn, "player": event.data.get("name", ""), "player_id": event.player_id})
    state.calls.append({"turn": event.turn, "call": "sent off", "player_id": event.player_id,
                        "player": event.data.get("name", ""), "why": event.kind, "by": "ref"})  # fmt: skip
    if state.ref is not None and "Lawquoter" in state.ref.skills and state.ref_on_pitch():
        state.quiet_turn = event.turn + 1


def _decision(state: PadState, event: Event) -> None:
    """What the event's decision says (rules/refcalls.py): the calls, the ref's new state and square, the
    blockers he will try to send off once he stands, the player the Whistle deafens."""
    data, turn = event.data, event.turn
    for call in data.get("calls", ()):
        state.calls.append({"turn": turn, **call})
        if call["call"] != "sent off":
            continue
        state.out[call["player_id"]] = "sent off"
        state.sent_off.append({"turn": turn, "player": call["player"], "player_id": call["player_id"]})
        if state.ref is not None and "Lawquoter" in state.ref.skills and call.get("by") in ("ref", "assistant"):
            state.quiet_turn = turn + 1
    if "revenge" in data:
        state.revenge = list(data["revenge"])
    if data.get("ref_state"):
        _ref_state(state, data["ref_state"], turn)
    if event.kind in ("ref blocked", "end turn") and data.get("ref_square") is not None:
        state.ref_square = list(data["ref_square"])
    if data.get("deafened") is not None:
        state.deafened[data["deafened"]] = turn + 1


def _apothecary(state: PadState, new: str) -> None:
    """His Personal Apothecary: a knocked-out ref comes round, a hurt one keeps the result chosen."""
    state.apothecary_used = True
    state.ref_state = new
    if new in rr.ON_PITCH_STATES:
        state.out_state, state.out_turn = "standing", None
    else:
        state.out_state = new


def _kick_off(state: PadState, event: Event) -> None:
    """A kick-off roll; Get the Ref (`referee_out`) takes our ref out, unless he has Escapist (rolled next)."""
    data = event.data
    state.kick_offs.append({"turn": event.turn, "result": data.get("result", ""), "total": data.get("total")})
    if not data.get("referee_out") or state.got_the_ref is not None or not state.ref_on_pitch():
        return
    if "Escapist" in state.ref.skills:
        state.escape_pending = event.turn
    else:
        state.got_the_ref, state.escaped = event.turn, False


def _ref_state(state: PadState, new: str, turn: int) -> None:
    state.ref_state = new
    if new not in ("standing", "prone", "stunned"):
        state.revenge = []  # hurt or gone: the normal rules
    if new not in rr.ON_PITCH_STATES and new != rc.CLEANING:
        state.out_state = new
        state.out_turn = turn


def _end_turn(state: PadState, event: Event) -> None:
    turn = event.turn
    if "in_range" in event.data:
        state.in_range[turn - 1] = bool(event.data["in_range"])
        state.actions[turn - 1] = event.data.get("action")
        state.squares[turn] = (event.data.get("ref_square"), event.data.get("ball_square"))
    if event.data.get("ball_square") is not None:
        state.ball_square = list(event.data["ball_square"])
    state.setup = turn == state.turns // 2  # half time: the teams set up again
    if turn >= state.turns:
        state.over, state.turns_played = True, state.turns
        return
    state.turn = turn + 1
    if state.turn == state.turns // 2 + 1 and state.ref_state == "knocked out":
        state.ref_state = "standing"  # knocked out in the first half, he is back for the second


# -- checking a new event -------------------------------------------------------------------------------
def check_event(state: PadState, event: Event, players: Mapping[int, InGame], ruleset: Ruleset | None = None
                ) -> None:  # fmt: skip
    """Refuse, in words, an event that cannot happen now; return quietly when it may be recorded."""
    kind = event.kind
    if kind not in KINDS:
        raise RuleViolation(_("'{kind}' is not an event of the match pad.").format(kind=kind))
    if kind == "mvp":
        return _check_mvp(state, event, players)
    if state.over:
        ended = (
            _("the Riot ended the match after turn {turns_played}").format(turns_played=state.turns_played)
            if state.riot
            else _("it is full time")
        )
        raise RuleViolation(
            _("No {kind} now: {ended}. Only the MVPs and full time remain.").format(kind=kind, ended=ended)
        )
    if state.escape_pending is not None and kind != "get the ref":
        raise RuleViolation(_("Get the Ref came up on the kick-off: roll {owner} Escapist (4+) first (G), or take the kick-off " "back.").format(owner=words.possessive(state.ref.name), name=state.ref.name))  # fmt: skip
    if kind in TEAM_KINDS:
        _check_team_event(state, event, players)
    elif kind in REF_KINDS:
        _check_ref_event(state, event, players)
    elif kind == "end turn":
        _check_end_turn(state, event, players, ruleset)
    elif kind == "riot" and state.turn == 1:
        raise RuleViolation(_("A Riot before turn 1 is played ends no match; play on (no turn has been played)."))
    elif kind == "inducement":
        _check_inducement(state, event, players)


def _check_mvp(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    """The MVP is chosen at the end, from the players who played for the team (hurt or sent off too)."""
    if not state.over:
        raise RuleViolation(_("The MVPs are chosen at the end of the match (after the last turn or a Riot)."))
    player = players.get(event.player_id) if event.player_id is not None else None
    if player is None or player.team_id != event.team_id:
        raise RuleViolation(_("A team's MVP is one of the players who played for it in this game."))


def _player(players: Mapping[int, InGame], state: PadState, player_id: int | None, what: str) -> InGame:
    player = players.get(player_id) if player_id is not None else None
    if player is None:
        raise RuleViolation(
            _("The {what} is not in this game: he is not on either team's roster for it.").format(what=what)
        )
    if not state.playing(player.id):
        raise RuleViolation(
            _("#{number} {name} is out of the game ({out}).").format(
                number=player.number, name=player.name, out=state.out[player.id]
            )
        )
    return player


def _check_team_event(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    kind = event.kind
    if kind == "injury":
        _player(players, state, event.victim_id, _("injured player"))
        _check_injury(event)
        return
    if kind == "casualty":
        victim = _player(players, state, event.victim_id, _("player hurt"))
        if event.player_id is not None:
            by = _player(players, state, event.player_id, _("player who caused the casualty"))
            if by.team_id == victim.team_id:
                raise RuleViolation(_("#{number} {name} and #{number2} {name2} play for the same team: a casualty counts for the other " "team's player.").format(number=by.number, name=by.name, number2=victim.number, name2=victim.name))  # fmt: skip
        _check_injury(event)
        return
    if kind in ("foul", "block"):
        return _check_foul_or_block(state, event, players)
    player = _player(players, state, event.player_id, _("player"))
    if event.team_id != player.team_id:
        raise RuleViolation(
            _("#{number} {name} does not play for that team.").format(number=player.number, name=player.name)
        )
    if kind == "sent off":
        _check_sending_off(state, roll=False)


def _check_foul_or_block(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    what = "fouling player" if event.kind == "foul" else "blocker"
    by = _player(players, state, event.player_id, what)
    victim = _player(
        players, state, event.victim_id, "player " + ("fouled" if event.kind == "foul" else "blocked")
    )
    if by.team_id == victim.team_id:
        raise RuleViolation(
            _("#{number} {name} and #{number2} {name2} play for the same team.").format(
                number=by.number, name=by.name, number2=victim.number, name2=victim.name
            )
        )
    if event.kind == "block":
        _check_not_deafened(state, by)
    _check_assists(state, event, players, by)


def _check_not_deafened(state: PadState, player: InGame) -> None:
    if state.deafened.get(player.id) == state.turn:
        raise RuleViolation(_("#{number} {name} was deafened by the ref's Whistle: he cannot move or block this turn.").format(number=player.number, name=player.name))  # fmt: skip


def _check_assists(state: PadState, event: Event, players: Mapping[int, InGame], by: InGame) -> None:
    assists = event.data.get("assists", [])
    if not isinstance(assists, list) or len(set(assists)) != len(assists):
        raise RuleViolation(_("Name each assisting player once."))
    for player_id in assists:
        helper = _player(players, state, player_id, _("assisting player"))
        if helper.id == by.id or helper.team_id != by.team_id:
            raise RuleViolation(_("#{number} {name} cannot assist #{number2} {name2}: an assist comes from another player of his team.").format(number=helper.number, name=helper.name, number2=by.number, name2=by.name))  # fmt: skip


def _check_injury(event: Event) -> None:
    injury = event.data.get("injury") or ""
    if injury and injury not in INJURIES:
        raise RuleViolation(
            _("'{injury}' is not an injury Dugout knows ({items}).").format(
                injury=injury, items=", ".join(INJURIES)
            )
        )


def _check_sending_off(state: PadState, *, roll: bool) -> None:
    """Seed 000: a prone ref sends nobody off (unless an Assistant Ref); Lawquoter's quiet turn; Terrible Ref
    sends off only on his D6 roll."""
    if not state.ref_on_pitch():
        if roll:
            raise _off_pitch(state)
        return  # a normal ref: the ordinary rules
    skills = state.ref.skills
    if state.quiet_turn == state.turn:
        raise RuleViolation(
            _("{name} is still quoting the rules (Lawquoter): nobody is sent off this turn.").format(
                name=state.ref.name
            )
        )
    if state.ref_down() and "Assistant Ref" not in skills:
        raise RuleViolation(
            _("{name} is {ref_state}: a ref who is down sends nobody off.").format(
                name=state.ref.name, ref_state=state.ref_state
            )
        )
    if not roll and "Terrible Ref" in skills:
        raise RuleViolation(_("{name} is a Terrible Ref: he sends a player off only on a D6 roll of 4+ (make a send-off roll).").format(name=state.ref.name))  # fmt: skip


def _off_pitch(state: PadState) -> RuleViolation:
    if state.ref is None:
        return RuleViolation(_("A normal ref referees this game: there is no ref of the league to act."))
    if state.got_the_ref is not None and not state.escaped:
        return RuleViolation(
            _("{name} was taken out by Get the Ref: a normal ref has the game.").format(name=state.ref.name)
        )
    if state.ref_state == AWAY:
        return RuleViolation(_("{name} is {label}: he takes no action until he is back (set his state to standing).").format(name=state.ref.name, label=_label(AWAY)))  # fmt: skip
    return RuleViolation(
        _("{name} is off the pitch ({label}): he takes no action.").format(
            name=state.ref.name, label=_label(state.ref_state)
        )
    )


def _label(state: str) -> str:
    return STATE_LABELS.get(state, state)


def _check_ref_event(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    kind = event.kind
    if kind == "get the ref":
        if state.ref is None:
            raise _off_pitch(state)
        if state.got_the_ref is not None:
            raise RuleViolation(
                _("Get the Ref was already recorded in turn {got_the_ref}.").format(got_the_ref=state.got_the_ref)
            )
        if not state.ref_on_pitch():
            raise _off_pitch(state)
        return
    if kind == "apothecary":
        return _check_apothecary(state, event)
    if kind == "ref state" and state.ref_state == rc.CLEANING and event.data.get("state") == "standing":
        return  # back from cleaning his chainsaw
    if kind == "super pro":
        return _check_super_pro(state)
    if not state.ref_on_pitch():
        raise _off_pitch(state)
    if kind == "place ref":
        _check_place(state, event)
    elif kind == "ref blocked":
        _check_ref_blocked(state, event, players)
    elif kind == "argue the call":
        _check_argue(state, event)
    if kind == "ref state":
        new = event.data.get("state")
        if new not in REF_STATES:
            raise RuleViolation(
                _("'{new}' is not a ref's state ({items}).").format(
                    new=new, items=", ".join(map(_label, REF_STATES))
                )
            )
        if new == state.ref_state:
            raise RuleViolation(_("{name} is already {label}.").format(name=state.ref.name, label=_label(new)))
    elif kind == "send-off roll":
        player = _player(players, state, event.player_id, _("player"))
        if event.team_id != player.team_id:
            raise RuleViolation(
                _("#{number} {name} does not play for that team.").format(number=player.number, name=player.name)
            )
        _check_sending_off(state, roll=True)
    elif kind == "penalty roll":
        item = event.data.get("item")
        if item not in state.ref.equipment:
            raise RuleViolation(_("{name} does not carry a {item}.").format(name=state.ref.name, item=item))
    elif kind == "ref casualty":
        _player(players, state, event.victim_id, _("player hurt"))
        _check_injury(event)


def _check_super_pro(state: PadState) -> None:
    """His re-roll of the last event's dice (which may be what took him off: Get the Ref's Escapist)."""
    if state.ref is None:
        raise _off_pitch(state)
    if "Super Pro" not in state.ref.skills:
        raise RuleViolation(
            _("{name} has no Super Pro skill: he has no Referee re-roll.").format(name=state.ref.name)
        )
    if state.half in state.super_pro:
        raise RuleViolation(_("Super Pro gives one Referee re-roll each half: {name} used this half's in turn {super_pro}.").format(name=state.ref.name, super_pro=state.super_pro[state.half]))  # fmt: skip


def _check_place(state: PadState, event: Event) -> None:
    if not state.setup:
        raise RuleViolation(_("The ref is placed after both teams have set up and before the kick-off (the start of "
                            "the game, of the second half, or after a touchdown)."))  # fmt: skip
    square = check_square(event.data.get("square") or ())
    if state.ball_square is not None and list(square) == list(state.ball_square):
        raise RuleViolation(_("The ref is placed in an empty square: the ball is there."))


def _check_ref_blocked(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    data = event.data
    how = data.get("how", "block")
    if how not in ("block", "blitz", "foul"):
        raise RuleViolation(_("The ref is blocked, blitzed or fouled."))
    if how == "foul" and not state.ref_down():
        raise RuleViolation(
            _("{name} is standing: a foul is made against a prone ref; block him instead.").format(
                name=state.ref.name
            )
        )
    if how != "foul" and state.ref_down():
        raise RuleViolation(
            _("{name} is {ref_state}: a ref on the ground is fouled, not blocked.").format(
                name=state.ref.name, ref_state=state.ref_state
            )
        )
    by = _player(
        players, state, event.player_id, "player who " + ("fouls" if how == "foul" else "blocks") + " the ref"
    )
    if how != "foul":
        _check_not_deafened(state, by)
    _check_assists(state, event, players, by)
    if data.get("result", "prone") not in (*rr.ON_PITCH_STATES, *rc.INJURED_STATES):
        raise RuleViolation(_("Say how the ref ends up: standing, prone, stunned, knocked out or hurt."))
    if how == "foul" and data.get("result", "prone") == "standing":
        raise RuleViolation(
            _("A foul leaves {name} on the ground (prone or stunned) or hurt, not standing.").format(
                name=state.ref.name
            )
        )
    if data.get("ref_square") is not None:
        check_square(data["ref_square"])


def _check_apothecary(state: PadState, event: Event) -> None:
    ref = state.ref
    if ref is None or "Personal Apothecary" not in ref.skills:
        raise RuleViolation(_("Only a ref with a Personal Apothecary has one to call.") if ref else
                            _("A normal ref referees this game: there is no ref of the league to patch up."))  # fmt: skip
    if state.apothecary_used:
        raise RuleViolation(
            _("{owner} Personal Apothecary has been used this game (once, as any Apothecary).").format(
                owner=words.possessive(ref.name), name=ref.name
            )
        )
    if state.ref_state not in rc.INJURED_STATES or state.out_turn != state.turn:
        raise RuleViolation(_("The Personal Apothecary treats {name} just after he is knocked out or hurt; he is {label} now.").format(name=ref.name, label=_label(state.ref_state)))  # fmt: skip
    new = event.data.get("state")
    order = list(rc.INJURED_STATES)
    allowed = ["standing"] if state.ref_state == "knocked out" else order[1 : order.index(state.ref_state) + 1]
    if new not in allowed:
        raise RuleViolation(_("After the Apothecary {name} is {items} (a knocked-out ref comes round; a hurt ref rolls again on " "the Casualty table and keeps either).").format(name=ref.name, items=' or '.join(map(_label, allowed))))  # fmt: skip


def _check_argue(state: PadState, event: Event) -> None:
    player_id = event.data.get("player_id")
    if not any(
        c["call"] == "sent off" and c["player_id"] == player_id and c["turn"] == state.turn for c in state.calls
    ):
        raise RuleViolation(_("A call is argued just after it is made: that player was not sent off this turn."))


def _check_end_turn(state: PadState, event: Event, players: Mapping[int, InGame], ruleset: Ruleset | None) -> None:
    ref_turn = "in_range" in event.data or "action" in event.data
    if state.ref_on_pitch() and not ref_turn:
        raise RuleViolation(
            _("The ref's turn comes first: {owner} action and whether he is in range.").format(
                owner=words.possessive(state.ref.name), name=state.ref.name
            )
        )
    if not ref_turn:
        return
    if not state.ref_on_pitch():
        raise _off_pitch(state)
    data = event.data
    for name in ("ref_square", "ball_square"):
        if data.get(name) is not None:
            check_square(data[name])
    rc.check_ref_turn(state, event, players, ruleset)
    ref_square, ball_square = data.get("ref_square"), data.get("ball_square")
    if ref_square is not None and ball_square is not None:
        if list(ref_square) == list(ball_square):
            raise RuleViolation(_("The ball never ends on the ref's square: it scatters one square away from him. Say "
                                "which square it went to."))  # fmt: skip
        return
    if not isinstance(data.get("in_range"), bool):
        raise RuleViolation(_("Say whether the ref ended his turn in range of the ball (or give both squares)."))


def range_from_squares(state: PadState, data: Mapping[str, Any], ruleset: Ruleset | None) -> bool | None:
    """In range as the squares say (None: a square is missing and the tick counts). A tick that disagrees with
    the squares is refused: the squares decide (a sacking and the award rest on them)."""
    ref_square, ball_square = data.get("ref_square"), data.get("ball_square")
    if ref_square is None or ball_square is None:
        return None
    apart = squares_apart(ref_square, ball_square)
    limit = rr.ref_range(state.ref.skills, ruleset)
    inside = apart <= limit
    if isinstance(data.get("in_range"), bool) and data["in_range"] != inside:
        said = _("in range") if data["in_range"] else _("out of range")
        raise RuleViolation(_("The squares are {count_squares} apart: {value} {possessive_ref} range of {limit}, not {said}. The " "squares decide; correct them or clear one to tick by hand.").format(count_squares=count_squares(apart), value='in' if inside else 'out of', possessive_ref=possessive_ref(state), limit=limit, said=said))  # fmt: skip
    return inside


def count_squares(n: int) -> str:
    return words.count(n, "square")


def possessive_ref(state: PadState) -> str:
    return words.possessive(state.ref.name)


def scatter_squares(ref_square: Sequence[int]) -> list[tuple[int, int]]:
    """The squares one square away from the ref (on the pitch): where a ball landing on him may scatter to."""
    x, y = check_square(ref_square)
    width, height = PITCH
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height]  # fmt: skip


# -- range on the pitch --------------------------------------------------------------------------------
def in_range(ref_square: Sequence[int], ball_square: Sequence[int], skills: Iterable[str],
             ruleset: Ruleset | None = None) -> bool:  # fmt: skip
    """The ref is within his range (9; Mole Eyes 7; Eagle Eyes 11) of the ball."""
    return squares_apart(ref_square, ball_square) <= rr.ref_range(skills, ruleset)


# -- the verdict as the game goes ---------------------------------------------------------------------
@dataclass(frozen=True)
class Running:
    result: str  # "on track" / "sacked" / "award" / "kept" / "normal ref"
    ticks: int
    counted: int
    text: str


def sheet_fields(state: PadState) -> dict[str, Any]:
    """What the ref's match sheet says at the end of this game."""
    return {"calls": [dict(c) for c in state.calls], "in_range": list(state.in_range), "actions": list(state.actions), "riot": state.riot,
            "turns_played": state.turns_played if state.riot else state.turns, "casualties": state.ref_casualties,
            "sent_off": [{"turn": s["turn"], "player": s["player"]} for s in state.sent_off],
            "state": state.out_state if state.out_turn is not None else "standing", "out_turn": state.out_turn,
            "get_the_ref": state.got_the_ref, "escaped": state.escaped}  # fmt: skip


def running_verdict(state: PadState, ruleset: Ruleset | None = None) -> Running:
    """Sacked / award / on track: at full time the verdict of the sheet; during the game, the turns played so far
    judged by the Riot rule (25% or less sacked, 75% or more the award)."""
    if state.ref is None or (state.got_the_ref is not None and not state.escaped and state.got_the_ref == 1):
        return Running("normal ref", 0, 0, _("A normal ref has this game: no sacking, no award."))
    done = state.turns_done
    ticks = sum(1 for t in state.in_range[:done] if t)
    if done == 0:
        return Running("on track", 0, 0, _("{name}: no turn played yet.").format(name=state.ref.name))
    fields = sheet_fields(state)
    verdict = rr.verdict_for_sheet(
        fields["in_range"], riot=state.riot or not state.over, turns_played=done, casualties=state.ref_casualties,
        is_star=state.ref.is_star, state=fields["state"], out_turn=state.out_turn,
        got_the_ref=None if state.escaped else state.got_the_ref, ruleset=ruleset,
    )  # fmt: skip
    if state.over:
        return Running(verdict.result, verdict.in_range, done, verdict.describe())
    result = "sacked" if verdict.sacked else "award" if verdict.award else "on track"
    text = {"sacked": _("{name}: {ticks} of {turns} in range, heading for the sack."),
            "award": _("{name}: {ticks} of {turns} in range, heading for the award."),
            "on track": _("{name}: {ticks} of {turns} in range, on track.")}[result]  # fmt: skip
    return Running(
        result, ticks, done, text.format(name=state.ref.name, ticks=ticks, turns=words.count(done, "turn"))
    )


__all__ = ["PITCH", "Event", "InGame", "PadState", "RefInfo", "check_square", "squares_apart"]
