"""The ref's calls on the pitch (seed 000, RULES.md section 5): who may send a player off now, what a foul, a
block, a block on the ref, the ref's own turn and his skills decide, and the dice each decision needs.

Pure functions over the pad's state (rules/matchpad.PadState). A decision asks for its dice through `dice`
(key, dice, modifier, what it is for) -> Roll: the service hands over the roll typed in, or rolls Dugout's dice,
and stores it. What a decision returns is kept with the event (a later rules edit rewrites no game):
`calls` (send-offs, warnings, fouls spotted or missed), `ref_state`, `revenge` (blockers the ref will try to send
off once he stands), `text`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll
from roster_app.rules.padstate import Event, InGame, PadState
from roster_app.rules.pitch import squares_apart
from roster_app.rules.ruleset import Ruleset
from roster_app.words import count, possessive

Dice = Callable[[str, str, int, str], Roll]  # key, dice, modifier, what it is for -> the roll

CLEANING = (
    "cleaning his chainsaw"  # i18n: key; the pad's state after a Chainsaw penalty: off the pitch, not sent off
)
INJURED_STATES = ("knocked out", "badly hurt", "injured", "dead")
ROTTEN_EGGS = "sent off by rotten eggs"  # i18n: key (a ref state, shown through the pad's words)
ACTIONS = rr.ALL_ACTIONS
STILL = (
    "watch like a hawk",  # i18n: key
    "blow the whistle",  # i18n: key
    "foul",
)  # i18n: key; he does not move (a block may follow up one square)
CALLS = ("sent off", "warning", "foul spotted", "foul missed", "foul unseen", "not sent off")  # i18n: key
# The ref's own dice a Super Pro re-roll may take again (key prefixes), never a player's.
REROLLABLE = ("spot", "send-off", "gang ups", "penalty", "whistle", "escapist", "gfi", "ref armour")


def rule(ruleset: Ruleset | None, key: str, default: Any) -> Any:
    """A referee rule a league made before it existed may lack: the bundled default stands in."""
    rules = rr.referee_rules(ruleset)
    if key in rules:
        return rules[key]
    return rr.referee_rules(None).get(key, default)


def send_off_modifier(skills: Iterable[str], ruleset: Ruleset | None) -> int:
    """Loves/Hates Dirty Tricks on a D6 send-off roll: only where the league's table says so (RULES.md 5)."""
    return rr.penalty_modifier(skills, ruleset) if rule(ruleset, "dirty_tricks_on_send_offs", False) else 0


# -- who calls ------------------------------------------------------------------------------------------
def caller(state: PadState) -> str | None:
    """Who may send a player off now: "ref" (ours, standing), "assistant" (his Assistant Ref while he is down or
    hurt), "normal ref" (no ref of ours on the pitch), or None: nobody (a prone ref; a Lawquoter's quiet turn)."""
    if state.quiet_turn == state.turn:
        return None
    ref = state.ref
    if ref is None or (state.got_the_ref is not None and not state.escaped):
        return "normal ref"
    assistant = "Assistant Ref" in ref.skills
    if state.ref_state == "standing":
        return "ref"
    if state.ref_state in ("prone", "stunned"):
        return "assistant" if assistant else None
    if state.ref_state in INJURED_STATES:
        return "assistant" if assistant else "normal ref"
    return "normal ref"  # sent off, rotten eggs, cleaning his chainsaw: someone else has the whistle


def nobody_words(state: PadState) -> str:
    if state.quiet_turn == state.turn:
        return _("{name} is still quoting the rules (Lawquoter): nobody is sent off this turn").format(
            name=state.ref.name
        )
    return _("{name} is {ref_state}: a ref who is down sends nobody off").format(
        name=state.ref.name, ref_state=rr.shown_state(state.ref_state)
    )


def watching(state: PadState) -> bool:
    """His last action was to watch the field like a hawk, or he has Two Heads (always counts as watching)."""
    if "Two Heads" in state.ref.skills:
        return True
    last = state.turn - 2  # his last turn came after the previous turn's team turns
    return last >= 0 and state.actions[last] == "watch like a hawk"  # i18n: key


def _call(call: str, player: InGame, why: str, by: str | None) -> dict[str, Any]:
    return {"call": call, "player_id": player.id, "player": player.name, "number": player.number,
            "team_id": player.team_id, "why": why, "by": by}  # fmt: skip


def _send_off_roll(state: PadState, dice: Dice, key: str, who: InGame, ruleset: Ruleset | None, why: str) -> bool:
    modifier = send_off_modifier(state.ref.skills, ruleset)
    roll = dice(key, "D6", modifier, _("send-off ({why}): {name}").format(why=why, name=who.name))
    return rr.send_off(roll, ruleset).success


# -- a player's foul --------------------------------------------------------------------------------------
def foul(state: PadState, event: Event, players: Mapping[int, InGame], dice: Dice, ruleset: Ruleset | None
         ) -> dict[str, Any]:  # fmt: skip
    """A player fouls another: sent off on a double (armour or injury roll) unless nobody is watching; spotted on
    D6 4+ by a ref watching like a hawk (or with Two Heads); a Terrible Ref sends off only on his D6 4+. A ref who
    Hates Gang Ups rolls for the foul's assists first."""
    helpers = [players[i] for i in event.data.get("assists", [])]
    gang = _gang_ups(state, helpers, dice, caller(state))
    out = _foul(state, event, players, dice, ruleset)
    out["calls"] = gang + out["calls"]
    return out


def _foul(state: PadState, event: Event, players: Mapping[int, InGame], dice: Dice, ruleset: Ruleset | None
          ) -> dict[str, Any]:  # fmt: skip
    fouler = players[event.player_id]
    armour = dice("armour", "2D6", 0, _("foul by {name}: armour roll").format(name=fouler.name))
    doubles = [armour.is_double]
    if event.data.get("armour_broken"):
        doubles.append(
            dice("injury", "2D6", 0, _("foul by {name}: injury roll").format(name=fouler.name)).is_double
        )
    double = any(doubles)
    by = caller(state)
    if by is None:
        why = nobody_words(state)
        if double:
            why = _("{why} (a double, and nobody sees it)").format(why=why)
        return {"double": double, "calls": [_call("foul unseen", fouler, why, None)]}
    if by == "normal ref":
        calls = [_call("sent off", fouler, _("a double on the foul (a normal ref)"), by)] if double else []
        return {"double": double, "calls": calls}
    if by == "assistant":
        return {"double": double, "calls": [_call("sent off", fouler,
                                                  _("fouled while the ref was down (Assistant Ref)"), by)]}  # fmt: skip
    hawk, terrible = watching(state), "Terrible Ref" in state.ref.skills
    if not hawk and not double:
        return {
            "double": False,
            "calls": [_call("foul missed", fouler, _("the ref was not watching like a hawk"), by)],
        }
    if double and not terrible:
        return {"double": True, "calls": [_call("foul spotted", fouler, _("a double"), by),
                                          _call("sent off", fouler, _("a double on the foul"), by)]}  # fmt: skip
    why = _("watching like a hawk") if hawk else _("a double (a Terrible Ref still rolls)")
    calls = [_call("foul spotted", fouler, why, by)]
    if _send_off_roll(state, dice, "spot", fouler, ruleset, _("foul spotted")):
        calls.append(
            _call(
                "sent off", fouler, _("foul spotted, D6 {target}+").format(target=rr.send_off_target(ruleset)), by
            )
        )
    else:
        calls.append(_call("not sent off", fouler, _("he gets away with it on the D6"), by))  # i18n: key
    return {"double": double, "calls": calls}


# -- blocks ----------------------------------------------------------------------------------------------
def _gang_ups(state: PadState, helpers: Sequence[InGame], dice: Dice, by: str | None) -> list[dict[str, Any]]:
    """Hates Gang Ups: a D6 at or below the number of assists sends off a randomly chosen assisting player."""
    if by != "ref" or not helpers or "Hates Gang Ups" not in state.ref.skills:
        return []
    roll = dice("gang ups", "D6", 0, _("Hates Gang Ups ({assists})").format(assists=count(len(helpers), "assist")))
    if roll.total > len(helpers):
        return []
    chosen = helpers[0]
    if len(helpers) > 1:
        pick = dice("pick", "D12", 0, _("Hates Gang Ups: which assisting player"))
        chosen = helpers[(pick.total - 1) * len(helpers) // 12]
    return [
        _call("sent off", chosen, _("assisted a block (Hates Gang Ups, D6 {total})").format(total=roll.total), by)
    ]


def block(state: PadState, event: Event, players: Mapping[int, InGame], dice: Dice, ruleset: Ruleset | None
          ) -> dict[str, Any]:  # fmt: skip
    """A player blocks another: an Assistant Ref sends off the blocker while the ref is down or hurt; a ref who
    Hates Gang Ups rolls for the assists."""
    blocker = players[event.player_id]
    helpers = [players[i] for i in event.data.get("assists", [])]
    by = caller(state)
    if by == "assistant":
        return {"calls": [_call("sent off", blocker, _("blocked while the ref was down (Assistant Ref)"), by)]}
    return {"calls": _gang_ups(state, helpers, dice, by)}


def ref_blocked(state: PadState, event: Event, players: Mapping[int, InGame], dice: Dice, ruleset: Ruleset | None
                ) -> dict[str, Any]:  # fmt: skip
    """A player blocks, blitzes or fouls the ref. Not hurt off the pitch: each assisting player is warned, and
    once the ref stands he tries to send off the perpetrator (D6 4+). An Assistant Ref sends off one who fouls the
    ref while he is down."""
    who = players[event.player_id]
    how = event.data.get("how", "block")
    helpers = [players[i] for i in event.data.get("assists", [])]
    result = event.data.get("result", "prone")
    by = caller(state)
    calls = _gang_ups(state, helpers, dice, by)
    out = {"ref_state": result, "calls": calls}
    if by == "assistant":
        why = {"foul": _("fouled the ref while he was down (Assistant Ref)"),
               "blitz": _("blitzed the ref while he was down (Assistant Ref)")}.get(
            how, _("blocked the ref while he was down (Assistant Ref)"))  # fmt: skip
        calls.append(_call("sent off", who, why, by))
        return out
    if result in INJURED_STATES:
        return out  # hurt off the pitch: a normal ref comes on (the ordinary rules)
    sent = {c["player_id"] for c in calls}
    warned = {"foul": _("assisted the foul on the ref"), "blitz": _("assisted the blitz on the ref")}.get(
        how, _("assisted the block on the ref")
    )
    calls.extend(_call("warning", p, warned, "ref") for p in helpers if p.id not in sent)
    pending = list(dict.fromkeys([*state.revenge, who.id]))  # and any who knocked him down before
    if result != "standing":
        out["revenge"] = pending
        return out
    calls.extend(revenge(state, pending, players, dice, ruleset))
    out["revenge"] = []
    return out


def revenge(state: PadState, pending: Sequence[int], players: Mapping[int, InGame], dice: Dice,
            ruleset: Ruleset | None) -> list[dict[str, Any]]:  # fmt: skip
    """Standing on his feet again, the ref tries to send off each player who blocked or fouled him: D6 4+."""
    calls = []
    for index, player_id in enumerate(pending):
        who = players[player_id]
        if not state.playing(player_id):
            continue
        if state.quiet_turn == state.turn:
            calls.append(_call("not sent off", who, _("Lawquoter's quiet turn"), "ref"))  # i18n: key
            continue
        key = "send-off" if index == 0 else f"send-off {index + 1}"
        if _send_off_roll(state, dice, key, who, ruleset, _("he blocked or fouled the ref")):
            why = _("blocked or fouled the ref, D6 {target}+").format(target=rr.send_off_target(ruleset))
            calls.append(_call("sent off", who, why, "ref"))
        else:
            calls.append(
                _call("not sent off", who, _("blocked or fouled the ref; he gets away with it"), "ref")
            )  # i18n: key
    return calls


# -- the ref's own turn ----------------------------------------------------------------------------------
def move_allowance(ma: int, skills: Iterable[str], ruleset: Ruleset | None) -> tuple[int, int]:
    """Squares he may move (his MA) and the Go For It squares on top (only with Fast Runner)."""
    gfi = rule(ruleset, "go_for_it_squares", 2) if "Fast Runner" in set(skills) else 0
    return ma, gfi


def check_ref_turn(state: PadState, event: Event, players: Mapping[int, InGame], ruleset: Ruleset | None) -> None:
    """The ref's action is one he may take (Blitz with the skill, the Whistle when he carries one), on a player
    in the game, and his move is no longer than he may go."""
    data, ref = event.data, state.ref
    action = data.get("action")
    if action not in ACTIONS:
        raise RuleViolation(_("Choose the ref's action ({items}).").format(items=", ".join(ACTIONS)))
    if state.ref_down() and action != "watch like a hawk":
        raise RuleViolation(_("{name} is {ref_state}: stand him up first (the Ref's State) before he can {action}; on the ground " "he can only watch.").format(name=ref.name, ref_state=rr.shown_state(state.ref_state), action=rr.shown_state(action)))  # fmt: skip
    if action == "blitz" and "Blitz" not in ref.skills:
        raise RuleViolation(_("{name} has no Blitz skill: a ref may not Blitz.").format(name=ref.name))
    if action == "blow the whistle" and "Whistle" not in ref.equipment:
        raise RuleViolation(_("{name} does not carry a Whistle.").format(name=ref.name))
    if action in ("block", "foul", "blitz", "blow the whistle"):
        target = data.get("target")
        player = players.get(target) if target is not None else None
        if player is None:
            raise RuleViolation({"blitz": _("Name the closest player: a player in this game."),
                                 "blow the whistle": _("Name the closest player: a player in this game."),
                                 "block": _("Name the player he blocks: a player in this game."),
                                 "foul": _("Name the player he fouls: a player in this game.")}[action])  # fmt: skip
        if not state.playing(player.id):
            raise RuleViolation(
                _("#{number} {name} is out of the game ({out}).").format(
                    number=player.number, name=player.name, out=state.out[player.id]
                )
            )
    _check_move(state, action, data.get("ref_square"), ruleset)


def _check_move(state: PadState, action: str, square: Sequence[int] | None, ruleset: Ruleset | None) -> None:
    if square is None or state.ref_square is None:
        return
    moved = squares_apart(state.ref_square, square)
    name = state.ref.name
    if action in STILL and moved:
        raise RuleViolation(_("{name} stays still to {action}: his square stays ({value}, {value2}); he moved {count}.").format(name=name, action=rr.shown_state(action), value=state.ref_square[0] + 1, value2=state.ref_square[1] + 1, count=count(moved, 'square')))  # fmt: skip
    if action == "block" and moved > 1:
        raise RuleViolation(
            _("{name} blocks an adjacent player: he may follow up one square, not {moved}.").format(
                name=name, moved=moved
            )
        )
    ma, gfi = move_allowance(state.ref.ma, state.ref.skills, ruleset)
    if moved > ma + gfi:
        if gfi:
            too_far = _("{name} moves at most his MA {ma} and {gfi} (Fast Runner): {count} is too far.")
        else:
            too_far = _("{name} moves at most his MA {ma} (a ref may not Go For It): {count} is too far.")
        raise RuleViolation(
            too_far.format(name=name, ma=ma, gfi=count(gfi, "Go For It"), count=count(moved, "square"))
        )


def ref_turn(state: PadState, event: Event, players: Mapping[int, InGame], dice: Dice, ruleset: Ruleset | None
             ) -> dict[str, Any]:  # fmt: skip
    """The decisions of the ref's turn: Go For It rolls, his foul's armour roll (a double: rotten eggs), the
    Whistle's penalty roll and the player deafened next turn."""
    data, ref = event.data, state.ref
    out: dict[str, Any] = {}
    action = data["action"]
    square = data.get("ref_square")
    if action in ("move", "blitz") and square is not None and state.ref_square is not None:
        over = squares_apart(state.ref_square, square) - ref.ma
        target = rule(ruleset, "go_for_it_target", 2)
        for n in range(1, over + 1):
            asked = _("{name}: Go For It {n} ({target}+)").format(name=ref.name, n=n, target=target)
            if dice(f"gfi {n}", "D6", 0, asked).total < target:
                out["ref_state"] = "prone"
                out["text"] = _("{name} trips going for it (square {n} beyond his MA): he is prone.").format(
                    name=ref.name, n=n
                )
                break
    if action == "foul":
        armour = dice(
            "ref armour",
            "2D6",
            0,
            _("{owner} foul: armour roll").format(owner=possessive(ref.name), name=ref.name),
        )
        if armour.is_double:
            out["ref_state"] = ROTTEN_EGGS
            out["text"] = _("A double on his foul: the crowd throw rotten eggs; {name} leaves the field as if sent "
                            "off, a normal ref for the rest of the game.").format(name=ref.name)  # fmt: skip
    if action == "blow the whistle":
        out["deafened"] = data["target"]
        roll = dice("whistle", "2D6", rr.penalty_modifier(ref.skills, ruleset), _("Whistle penalty"))
        outcome = rr.penalty("Whistle", roll, ruleset)
        out["text"] = outcome.text
        if outcome.success and rr.penalty_sends_off("Whistle", ruleset):
            out["ref_state"] = rr.PENALTY_SENT_OFF
    return out


# -- arguing the call --------------------------------------------------------------------------------------
def argue_problem(state: PadState, team_id: int, ruleset: Ruleset | None) -> str | None:
    """Why the team may not argue the call now (None: it may): only where the league plays an argue-the-call roll;
    never with a Strict Ref; a Biased Ref sides with the team that is winning."""
    if not rule(ruleset, "argue_the_call", False):
        return _(
            "This league plays no argue-the-call roll (the article has none; League > Rules > Referee rules)."
        )
    if state.ref is None or caller(state) not in ("ref", "assistant"):
        return None
    if "Strict Ref" in state.ref.skills:
        return _("You may not argue the call with a Strict Ref ({name}).").format(name=state.ref.name)
    other = state.away_id if team_id == state.home_id else state.home_id
    if "Biased Ref" in state.ref.skills and state.score.get(team_id, 0) < state.score.get(other, 0):
        return _("{name} is a Biased Ref: the team that is losing cannot argue the call.").format(
            name=state.ref.name
        )
    return None


def argue(state: PadState, player: InGame, dice: Dice, ruleset: Ruleset | None) -> dict[str, Any]:
    """The argue-the-call roll (the league's dice): at or above `argue_overturned_at` the call is overturned, at or
    below `argue_coach_ejected_at` the coach is ejected, else the call stands."""
    problem = argue_problem(state, player.team_id, ruleset)
    if problem is not None:
        raise RuleViolation(problem)
    made = dice(
        "argue", rule(ruleset, "argue_dice", "D6"), 0, _("argue the call: {name}").format(name=player.name)
    )
    if made.total >= rule(ruleset, "argue_overturned_at", 6):
        result = "overturned"
        text = _("Argue the call {total}: the call is overturned: #{number} {name} is not sent off.")
    elif made.total <= rule(ruleset, "argue_coach_ejected_at", 1):
        result, text = (
            "coach ejected",
            _("Argue the call {total}: the call stands and the coach is ejected for arguing."),
        )
    else:
        result, text = "stands", _("Argue the call {total}: the call stands.")
    text = text.format(total=made.total, number=player.number, name=player.name)
    return {"result": result, "player_id": player.id, "text": text}
