"""The match pad's game as data: an event as stored, a player in the game, the ref, and the state the events
fold into (rules/matchpad.py folds them; rules/refcalls.py decides the ref's calls on it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from roster_app.rules import referees as rr


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
    ma: int = 6


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
    ref_square: list[int] | None = None  # where the ref stands (placed before the kick-off, then his turns)
    ball_square: list[int] | None = None
    setup: bool = True  # the teams are set up (game start, after a touchdown, half time): the ref may be placed
    deafened: dict[int, int] = field(default_factory=dict)  # player id -> the turn he cannot move or block
    revenge: list[int] = field(default_factory=list)  # blockers the ref tries to send off once he stands
    calls: list[dict[str, Any]] = field(default_factory=list)  # the ref's calls: {"turn", "call", "player", ...}
    super_pro: dict[int, int] = field(default_factory=dict)  # half -> the turn of its re-roll
    apothecary_used: bool = False

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
