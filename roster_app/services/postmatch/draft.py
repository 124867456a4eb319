"""What the commissioner decided so far in a post-match sequence, as JSON-friendly data.

A `PostMatchDraft` holds the dice (rolled by Dugout or typed in), the choices and the purchases of both
teams; it is saved in `match.post_match["draft"]` so an unfinished wizard can be resumed, and
`roster_app.services.postmatch.plan` works out from it what every step will do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from roster_app.rules.dice import Roll, typed_roll


@dataclass
class DiceEntry:
    faces: list[int]
    typed: bool = False

    def roll(self, dice: str, modifier: int = 0) -> Roll:
        """The roll, with the faces checked against the dice (typed-in or app-rolled alike)."""
        checked = typed_roll(dice, self.faces, modifier=modifier)
        return Roll(checked.dice, checked.faces, checked.modifier, typed=self.typed)


@dataclass
class StarRollEntry(DiceEntry):
    choice: str | None = None  # Advance.key: "skill:Block", "ma", ...


@dataclass
class HireEntry:
    position: str
    name: str
    number: int


@dataclass
class ReservePlayerEntry(HireEntry):
    """The free player from the reserves; at 16 players someone retires to make room."""

    retire_player_id: int | None = None


@dataclass
class ReserveDraft:
    """Step 4.1's reserve affairs for one team, in the order they happen."""

    pay: bool | None = None  # pay the Reserve Coach's upkeep (True) or let him leave (False); None: undecided
    table: list[DiceEntry] = field(
        default_factory=list
    )  # the Reserve Team Table roll (and a Goblin/Halfling re-roll)
    no_roll: bool = False  # the head coach chose not to roll on the Reserve Team Table
    player_roll: DiceEntry | None = None  # the Player Table roll (its bonuses are added by the plan)
    player: ReservePlayerEntry | None = None  # the free player who joins
    let_go: bool = False  # ... or who is lost for good
    hire: str | None = None  # a Reserve Coach type hired at the end of 4.1 (no coach, or he just left)

    def to_json(self) -> dict[str, Any]:
        return {
            "pay": self.pay, "table": [vars(e) for e in self.table], "no_roll": self.no_roll,
            "player_roll": vars(self.player_roll) if self.player_roll else None,
            "player": vars(self.player) if self.player else None, "let_go": self.let_go, "hire": self.hire,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> ReserveDraft:
        data = data or {}
        return cls(
            pay=data.get("pay"), table=[DiceEntry(**e) for e in data.get("table", [])],
            no_roll=bool(data.get("no_roll")),
            player_roll=DiceEntry(**data["player_roll"]) if data.get("player_roll") else None,
            player=ReservePlayerEntry(**data["player"]) if data.get("player") else None,
            let_go=bool(data.get("let_go")), hire=data.get("hire") or None,
        )  # fmt: skip


@dataclass
class TeamDraft:
    rolls: dict[int, list[StarRollEntry]] = field(default_factory=dict)  # player id -> his rolls, in order
    fan_roll: DiceEntry | None = None
    winnings_roll: DiceEntry | None = None  # an edition whose winnings come from dice (LRB 5/6): the roll kept
    fame: int | None = None  # the team's FAME from the fans before the match (None: 0)
    reserves: ReserveDraft = field(default_factory=ReserveDraft)
    contracts: dict[int, int] = field(default_factory=dict)  # player id -> seasons signed (or renewed) in 4.1
    hires: list[HireEntry] = field(default_factory=list)
    buy: dict[str, int] = field(default_factory=dict)  # counter -> how many more

    def to_json(self) -> dict[str, Any]:
        return {
            "rolls": {str(pid): [vars(e) for e in entries] for pid, entries in self.rolls.items()},
            "fan_roll": vars(self.fan_roll) if self.fan_roll else None,
            "winnings_roll": vars(self.winnings_roll) if self.winnings_roll else None,
            "fame": self.fame,
            "reserves": self.reserves.to_json(),
            "contracts": {str(pid): seasons for pid, seasons in self.contracts.items()},
            "hires": [vars(h) for h in self.hires],
            "buy": dict(self.buy),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TeamDraft:
        return cls(
            rolls={
                int(pid): [StarRollEntry(**e) for e in entries] for pid, entries in data.get("rolls", {}).items()
            },
            fan_roll=DiceEntry(**data["fan_roll"]) if data.get("fan_roll") else None,
            winnings_roll=DiceEntry(**data["winnings_roll"]) if data.get("winnings_roll") else None,
            fame=data.get("fame"),
            reserves=ReserveDraft.from_json(data.get("reserves")),
            contracts={int(pid): int(seasons) for pid, seasons in data.get("contracts", {}).items()},
            hires=[HireEntry(**h) for h in data.get("hires", [])],
            buy={k: int(v) for k, v in data.get("buy", {}).items()},
        )


@dataclass
class PostMatchDraft:
    page: int = 0  # the wizard page to resume on
    teams: dict[int, TeamDraft] = field(default_factory=dict)

    def team(self, team_id: int) -> TeamDraft:
        return self.teams.setdefault(team_id, TeamDraft())

    def to_json(self) -> dict[str, Any]:
        return {"page": self.page, "teams": {str(tid): t.to_json() for tid, t in self.teams.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> PostMatchDraft:
        data = data or {}
        teams = {int(tid): TeamDraft.from_json(t) for tid, t in data.get("teams", {}).items()}
        return cls(page=int(data.get("page", 0)), teams=teams)
