"""The match pad's rules (seed 000, the referee at the table): the game as a list of events folded into a state,
what each new event may be, the ref's range on the pitch and the running verdict.

Pure functions: the events come in as `Event` rows, the players who play as `InGame`; nothing here touches a
database. The service (services/matchpad.py) refuses what `check_event` refuses, so nothing is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from roster_app import words
from roster_app.errors import RuleViolation
from roster_app.rules import referees as rr
from roster_app.rules.postmatch import INJURIES
from roster_app.rules.ruleset import Ruleset

PITCH = (26, 15)  # squares of a Blood Bowl pitch: 26 long, 15 wide

TEAM_KINDS = ("touchdown", "completion", "interception", "casualty", "injury", "sent off", "mvp")
REF_KINDS = ("ref state", "send-off roll", "penalty roll", "get the ref", "ref casualty")
FLOW_KINDS = ("kick-off", "end turn", "riot")
# Issue 32: an inducement bought in Hire Freebooters used where it bites (a bribe against a send-off, the wizard
# once a game, a wandering apothecary or Igor on a hurt player); data {"name", "effect"}
INDUCEMENT_KINDS = ("inducement",)
KINDS = TEAM_KINDS + REF_KINDS + FLOW_KINDS + INDUCEMENT_KINDS
REF_STATES = rr.STATES
STATE_LABELS = {"injured": "seriously injured"}
OUT_OF_GAME = ("casualty", "injury", "sent off")  # a player these happen to takes no further part


@dataclass(frozen=True)
class Event:
    """One recorded event, as stored (a LiveEvent row's values)."""

    kind: str
    turn: int
    team_id: int | None = None
    player_id: int | None = None
    victim_id: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    id: int | None = None


@dataclass(frozen=True)
class InGame:
    """A player who takes the pitch in this game."""

    id: int
    team_id: int
    number: int
    name: str


@dataclass(frozen=True)
class RefInfo:
    """The game's ref as the pad needs him (None in `fold` for a normal ref)."""

    name: str
    skills: tuple[str, ...]
    equipment: tuple[str, ...]
    is_star: bool


@dataclass
class PadState:
    """The game as it stands after its events."""

    turns: int
    home_id: int
    away_id: int
    ref: RefInfo | None
    turn: int = 1
    over: bool = False
    riot: bool = False
    turns_played: int = 0
    score: dict[int, int] = field(default_factory=dict)
    out: dict[int, str] = field(default_factory=dict)  # player id -> why he takes no further part
    mvp: dict[int, int] = field(default_factory=dict)  # team id -> player id
    ref_state: str = "standing"
    out_state: str = "standing"  # how he left the pitch (the sheet's state)
    out_turn: int | None = None
    got_the_ref: int | None = None
    escaped: bool = False
    in_range: list[bool | None] = field(default_factory=list)
    actions: list[str | None] = field(default_factory=list)
    squares: dict[int, tuple[list[int] | None, list[int] | None]] = field(default_factory=dict)
    ref_casualties: int = 0
    sent_off: list[dict[str, Any]] = field(default_factory=list)
    quiet_turn: int | None = None  # Lawquoter: nobody is sent off in this turn
    escape_pending: int | None = None  # Get the Ref on this turn's kick-off: his Escapist 4+ is rolled next
    kick_offs: list[dict[str, Any]] = field(default_factory=list)  # {"turn", "result", "total"}
    # the inducements each team bought for this game: team id -> name -> (effect, how many); and those used
    inducements: dict[int, dict[str, tuple[str, int]]] = field(default_factory=dict)
    used: dict[tuple[int, str], int] = field(default_factory=dict)

    @property
    def half(self) -> int:
        return 1 if self.turn <= self.turns // 2 else 2

    @property
    def turns_done(self) -> int:
        return self.turns_played if self.over else self.turn - 1

    def ref_on_pitch(self) -> bool:
        """Our ref is on the pitch now (not replaced by a normal ref, not off for a while)."""
        if self.ref is None or (self.got_the_ref is not None and not self.escaped):
            return False
        return self.ref_state in rr.ON_PITCH_STATES

    def ref_down(self) -> bool:
        return self.ref_state in ("prone", "stunned")

    def playing(self, player_id: int) -> bool:
        return player_id not in self.out


def fold(
    events: Iterable[Event], *, home_id: int, away_id: int, ref: RefInfo | None, turns: int = 16,
    inducements: Mapping[int, Mapping[str, tuple[str, int]]] | None = None,
) -> PadState:  # fmt: skip
    """Every event in order, applied to a new game (with the inducements each team bought for it)."""
    state = PadState(turns=turns, home_id=home_id, away_id=away_id, ref=ref, score={home_id: 0, away_id: 0},
                     in_range=[None] * turns, actions=[None] * turns,
                     inducements={t: dict(v) for t, v in (inducements or {}).items()})  # fmt: skip
    for event in events:
        apply(state, event)
    return state


def apply(state: PadState, event: Event) -> None:
    """One event's effect on the game (already checked)."""
    kind, data = event.kind, event.data
    if kind == "touchdown":
        state.score[event.team_id] = state.score.get(event.team_id, 0) + 1
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
        raise RuleViolation(f"That team bought no {name or 'inducement'} for this game (Hire Freebooters).")
    effect, number = bought[name]
    used = state.used.get((team, name), 0)
    if used >= (1 if effect == "wizard" else number):
        once = "once a game" if effect == "wizard" else f"{number} bought"
        raise RuleViolation(f"{name} is used up for this game ({once}, {used} used).")
    if effect == "bribe":
        player = players.get(event.player_id) if event.player_id is not None else None
        if player is None or player.team_id != team or state.out.get(player.id) != "sent off":
            raise RuleViolation(
                f"{name} is used against a send-off: choose a player of the team who was just sent off."
            )
    if effect in ("apothecary", "igor"):
        player = players.get(event.victim_id) if event.victim_id is not None else None
        if (
            player is None
            or player.team_id != team
            or player.id not in state.out
            or state.out[player.id] == "sent off"
        ):
            raise RuleViolation(f"{name} patches up a hurt player of the team: choose one who was injured.")


def _send_off(state: PadState, event: Event) -> None:
    state.out[event.player_id] = "sent off"
    state.sent_off.append({"turn": event.turn, "player": event.data.get("name", ""), "player_id": event.player_id})
    if state.ref is not None and "Lawquoter" in state.ref.skills and state.ref_on_pitch():
        state.quiet_turn = event.turn + 1


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
    if new not in rr.ON_PITCH_STATES:
        state.out_state = new
        state.out_turn = turn


def _end_turn(state: PadState, event: Event) -> None:
    turn = event.turn
    if "in_range" in event.data:
        state.in_range[turn - 1] = bool(event.data["in_range"])
        state.actions[turn - 1] = event.data.get("action")
        state.squares[turn] = (event.data.get("ref_square"), event.data.get("ball_square"))
    if turn >= state.turns:
        state.over, state.turns_played = True, state.turns
        return
    state.turn = turn + 1
    if state.turn == state.turns // 2 + 1 and state.ref_state == "knocked out":
        state.ref_state = "standing"  # knocked out in the first half, he is back for the second


# -- checking a new event -------------------------------------------------------------------------------
def check_event(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    """Refuse, in words, an event that cannot happen now; return quietly when it may be recorded."""
    kind = event.kind
    if kind not in KINDS:
        raise RuleViolation(f"'{kind}' is not an event of the match pad.")
    if kind == "mvp":
        return _check_mvp(state, event, players)
    if state.over:
        ended = f"the Riot ended the match after turn {state.turns_played}" if state.riot else "it is full time"
        raise RuleViolation(f"No {kind} now: {ended}. Only the MVPs and full time remain.")
    if state.escape_pending is not None and kind != "get the ref":
        raise RuleViolation(f"Get the Ref came up on the kick-off: roll {state.ref.name}'s Escapist (4+) first "
                            "(G), or take the kick-off back.")  # fmt: skip
    if kind in TEAM_KINDS:
        _check_team_event(state, event, players)
    elif kind in REF_KINDS:
        _check_ref_event(state, event, players)
    elif kind == "end turn":
        _check_end_turn(state, event)
    elif kind == "riot" and state.turn == 1:
        raise RuleViolation("A Riot before turn 1 is played ends no match; play on (no turn has been played).")
    elif kind == "inducement":
        _check_inducement(state, event, players)


def _check_mvp(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    """The MVP is chosen at the end, from the players who played for the team (hurt or sent off too)."""
    if not state.over:
        raise RuleViolation("The MVPs are chosen at the end of the match (after the last turn or a Riot).")
    player = players.get(event.player_id) if event.player_id is not None else None
    if player is None or player.team_id != event.team_id:
        raise RuleViolation("A team's MVP is one of the players who played for it in this game.")


def _player(players: Mapping[int, InGame], state: PadState, player_id: int | None, what: str) -> InGame:
    player = players.get(player_id) if player_id is not None else None
    if player is None:
        raise RuleViolation(f"The {what} is not in this game: he is not on either team's roster for it.")
    if not state.playing(player.id):
        raise RuleViolation(f"#{player.number} {player.name} is out of the game ({state.out[player.id]}).")
    return player


def _check_team_event(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    kind = event.kind
    if kind == "injury":
        _player(players, state, event.victim_id, "injured player")
        _check_injury(event)
        return
    if kind == "casualty":
        victim = _player(players, state, event.victim_id, "player hurt")
        if event.player_id is not None:
            by = _player(players, state, event.player_id, "player who caused the casualty")
            if by.team_id == victim.team_id:
                raise RuleViolation(f"#{by.number} {by.name} and #{victim.number} {victim.name} play for the same "
                                    "team: a casualty counts for the other team's player.")  # fmt: skip
        _check_injury(event)
        return
    player = _player(players, state, event.player_id, "player")
    if event.team_id != player.team_id:
        raise RuleViolation(f"#{player.number} {player.name} does not play for that team.")
    if kind == "sent off":
        _check_sending_off(state, roll=False)


def _check_injury(event: Event) -> None:
    injury = event.data.get("injury") or ""
    if injury and injury not in INJURIES:
        raise RuleViolation(f"'{injury}' is not an injury Dugout knows ({', '.join(INJURIES)}).")


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
            f"{state.ref.name} is still quoting the rules (Lawquoter): nobody is sent off this turn."
        )
    if state.ref_down() and "Assistant Ref" not in skills:
        raise RuleViolation(f"{state.ref.name} is {state.ref_state}: a ref who is down sends nobody off.")
    if not roll and "Terrible Ref" in skills:
        raise RuleViolation(f"{state.ref.name} is a Terrible Ref: he sends a player off only on a D6 roll of 4+ "
                            "(make a send-off roll).")  # fmt: skip


def _off_pitch(state: PadState) -> RuleViolation:
    if state.ref is None:
        return RuleViolation("A normal ref referees this game: there is no ref of the league to act.")
    if state.got_the_ref is not None and not state.escaped:
        return RuleViolation(f"{state.ref.name} was taken out by Get the Ref: a normal ref has the game.")
    return RuleViolation(f"{state.ref.name} is off the pitch ({_label(state.ref_state)}): he takes no action.")


def _label(state: str) -> str:
    return STATE_LABELS.get(state, state)


def _check_ref_event(state: PadState, event: Event, players: Mapping[int, InGame]) -> None:
    kind = event.kind
    if kind == "get the ref":
        if state.ref is None:
            raise _off_pitch(state)
        if state.got_the_ref is not None:
            raise RuleViolation(f"Get the Ref was already recorded in turn {state.got_the_ref}.")
        if not state.ref_on_pitch():
            raise _off_pitch(state)
        return
    if not state.ref_on_pitch():
        raise _off_pitch(state)
    if kind == "ref state":
        new = event.data.get("state")
        if new not in REF_STATES:
            raise RuleViolation(f"'{new}' is not a ref's state ({', '.join(map(_label, REF_STATES))}).")
        if new == state.ref_state:
            raise RuleViolation(f"{state.ref.name} is already {_label(new)}.")
    elif kind == "send-off roll":
        player = _player(players, state, event.player_id, "player")
        if event.team_id != player.team_id:
            raise RuleViolation(f"#{player.number} {player.name} does not play for that team.")
        _check_sending_off(state, roll=True)
    elif kind == "penalty roll":
        item = event.data.get("item")
        if item not in state.ref.equipment:
            raise RuleViolation(f"{state.ref.name} does not carry a {item}.")
    elif kind == "ref casualty":
        _player(players, state, event.victim_id, "player hurt")
        _check_injury(event)


def _check_end_turn(state: PadState, event: Event) -> None:
    ref_turn = "in_range" in event.data or "action" in event.data
    if state.ref_on_pitch() and not ref_turn:
        raise RuleViolation(f"The ref's turn comes first: {state.ref.name}'s action and whether he is in range.")
    if not ref_turn:
        return
    if not state.ref_on_pitch():
        raise _off_pitch(state)
    action = event.data.get("action")
    if action not in rr.ACTIONS:
        raise RuleViolation(f"Choose the ref's action ({', '.join(rr.ACTIONS)}).")
    if not isinstance(event.data.get("in_range"), bool):
        raise RuleViolation("Say whether the ref ended his turn in range of the ball.")
    for name in ("ref_square", "ball_square"):
        if event.data.get(name) is not None:
            check_square(event.data[name])


# -- range on the pitch --------------------------------------------------------------------------------
def check_square(square: Sequence[int]) -> tuple[int, int]:
    width, height = PITCH
    if len(square) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in square):
        raise RuleViolation("A square of the pitch is two whole numbers.")
    x, y = square
    if not (0 <= x < width and 0 <= y < height):
        raise RuleViolation(f"The pitch is {width} by {height} squares; ({x + 1}, {y + 1}) is off it.")
    return x, y


def squares_apart(a: Sequence[int], b: Sequence[int]) -> int:
    """Squares between two squares, counted the Blood Bowl way: the larger of the two distances."""
    (ax, ay), (bx, by) = check_square(a), check_square(b)
    return max(abs(ax - bx), abs(ay - by))


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
    return {"in_range": list(state.in_range), "actions": list(state.actions), "riot": state.riot,
            "turns_played": state.turns_played if state.riot else state.turns, "casualties": state.ref_casualties,
            "sent_off": [{"turn": s["turn"], "player": s["player"]} for s in state.sent_off],
            "state": state.out_state if state.out_turn is not None else "standing", "out_turn": state.out_turn,
            "get_the_ref": state.got_the_ref, "escaped": state.escaped}  # fmt: skip


def running_verdict(state: PadState, ruleset: Ruleset | None = None) -> Running:
    """Sacked / award / on track: at full time the verdict of the sheet; during the game, the turns played so far
    judged by the Riot rule (25% or less sacked, 75% or more the award)."""
    if state.ref is None or (state.got_the_ref is not None and not state.escaped and state.got_the_ref == 1):
        return Running("normal ref", 0, 0, "A normal ref has this game: no sacking, no award.")
    done = state.turns_done
    ticks = sum(1 for t in state.in_range[:done] if t)
    if done == 0:
        return Running("on track", 0, 0, f"{state.ref.name}: no turn played yet.")
    fields = sheet_fields(state)
    verdict = rr.verdict_for_sheet(
        fields["in_range"], riot=state.riot or not state.over, turns_played=done, casualties=state.ref_casualties,
        is_star=state.ref.is_star, state=fields["state"], out_turn=state.out_turn,
        got_the_ref=None if state.escaped else state.got_the_ref, ruleset=ruleset,
    )  # fmt: skip
    if state.over:
        return Running(verdict.result, verdict.in_range, done, verdict.describe())
    result = "sacked" if verdict.sacked else "award" if verdict.award else "on track"
    heading = {"sacked": "heading for the sack", "award": "heading for the award", "on track": "on track"}[result]
    return Running(
        result, ticks, done, f"{state.ref.name}: {ticks} of {words.count(done, 'turn')} in range, {heading}."
    )
