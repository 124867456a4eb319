"""The team as the post-match plan works on it: treasury, fan factor, staff and players, changed step by step
in memory (nothing is written). The plan (plan.py) and step 4.1 (affairs.py) share it."""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field

from roster_app.rules.allies import AllyPenalties, ally_penalties_of
from roster_app.rules.roster import STAT_NAMES
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.team import RatedPlayer, TeamSheet
from roster_app.store.models import Team
from roster_app.words import tidy


@dataclass
class PlayerState:
    id: int | None
    number: int
    name: str
    race: str
    position: str
    stats: dict[str, int]
    skills: list[str]
    spp: int
    rolls_taken: int
    value: int
    on_roster: bool


@dataclass
class TeamState:
    ruleset: Ruleset
    team: Team
    treasury: int
    fan_factor: int
    counters: dict[str, int]
    players: dict[int, PlayerState]
    hired: list[PlayerState] = field(default_factory=list)

    def on_roster(self) -> list[PlayerState]:
        return [p for p in [*self.players.values(), *self.hired] if p.on_roster]

    def add_player(self, position_name: str, name: str, number: int) -> PlayerState:
        """A new player (hired in 4.3, or free from the reserves in 4.1) with his position's profile."""
        position = self.ruleset.position(self.team.race, position_name)
        player = PlayerState(
            None, number, tidy(name), position.race, position.name,
            {s: position.stat(s) for s in STAT_NAMES}, [], 0, 0, position.cost, True,
        )  # fmt: skip
        self.hired.append(player)
        return player

    def ally_penalties(self) -> AllyPenalties:
        """What the allies on the roster as it stands in the plan cost the team."""
        return ally_penalties_of(self.team.race, [p.race for p in self.on_roster()], self.ruleset)

    def sheet(self, contracted: Container[int] = frozenset()) -> TeamSheet:
        """The team as rated: the players on the roster (`contracted`: the ids of those under contract)."""
        rated = [RatedPlayer(p.value, p.spp, p.id in contracted) for p in self.on_roster()]
        return TeamSheet(
            race=self.team.race, players=tuple(rated), rerolls=self.counters["rerolls"],
            assistant_coaches=self.counters["assistant_coaches"], cheerleaders=self.counters["cheerleaders"],
            apothecary=bool(self.counters["apothecary"]), treasury=self.treasury, fan_factor=self.fan_factor,
        )  # fmt: skip
