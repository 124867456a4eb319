"""Reserve teams (reserve-teams article): who may have one, the Player Table, drafting and the Rookie Table.

Everything here is pure: it reads the league's Ruleset (tables `reserve_coaches`, `reserve_team_table`,
`player_table`, `rookie_table`, the races' `reserves`/`reserve_reroll` flags and the positions' flags) and
plain numbers. The services in roster_app/services/reserves.py write what these functions decide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _, term
from roster_app.rules.dice import Roll
from roster_app.rules.dicetables import lookup
from roster_app.rules.roster import STAT_NAMES, gp
from roster_app.rules.ruleset import Position, Race, Ruleset
from roster_app.words import count, possessive

# Position flags that never come through the reserve team (Big Guys, Star Players, Daemons, Squigs).
NEVER_RESERVE = frozenset({"big_guy", "star_player", "daemon", "squig"})
# Drafting brings a player up from the reserve team: "any type of player on your team list (still not
# allies)", but Big Guys "may not come through the reserve team" either (seed 001), nor Star Players,
# Daemons or Squigs.
NEVER_DRAFTED = NEVER_RESERVE


def a(noun: str, *, capital: bool = False) -> str:
    """'a Veteran', 'an Orc Blitzer' ('An Orc Blitzer' to start a sentence)."""
    word = "an" if noun[:1].lower() in "aeiou" else "a"
    return f"{word.capitalize() if capital else word} {noun}"


# -- who may have a reserve team -------------------------------------------------------------------
def reserves_refusal(race: Race) -> str | None:
    """Why a team of `race` may not have a reserve team, in words, or None when it may."""
    if not race.reserves:
        return _(
            "{name} teams cannot have a reserve team: the reserve-teams article allows one to any team except "
            "Undead, Vampire and Big Guy teams, and this league's rules count {name} among them."
        ).format(name=race.name)
    if all(p.is_big_guy for p in race.positions):
        return _(
            "{name} teams cannot have a reserve team: every position on their list is a Big Guy, and Big Guy "
            "teams may not have reserves."
        ).format(name=race.name)
    return None


def coach_types(ruleset: Ruleset) -> list[Mapping[str, Any]]:
    return list(ruleset.table("reserve_coaches")["coaches"])


def coach_type(ruleset: Ruleset, name: str) -> Mapping[str, Any]:
    for coach in coach_types(ruleset):
        if coach["name"] == name:
            return coach
    names = ", ".join(c["name"] for c in coach_types(ruleset))
    raise RuleViolation(
        _("There is no Reserve Coach type called '{name}' (this league has {names}).").format(
            name=name, names=names
        )
    )


def upkeep(ruleset: Ruleset) -> int:
    return ruleset.table("reserve_coaches")["upkeep"]


# -- the Reserve Team Table and the Player Table ---------------------------------------------------
def reserve_table_row(ruleset: Ruleset, total: int) -> Mapping[str, Any]:
    """The Reserve Team Table row for a roll: result nothing / promising (with its bonus) / player."""
    return lookup(ruleset.table("reserve_team_table")["rows"], total)


def describe_reserve_row(row: Mapping[str, Any]) -> str:
    """The row's text in the commissioner's language (a text the commissioner typed stays as typed)."""
    if row.get("text"):
        return term("table", row["text"])
    if row["result"] in ("nothing", "player"):
        return _("Nothing this time") if row["result"] == "nothing" else _("A youngster is ready")
    return _("Promising youngster: +{bonus} to the next Player Table roll").format(bonus=row.get("bonus", 1))


def player_table_modifier(coach_bonus: int, promising: int, carried: int) -> int:
    """Everything added to the Player Table roll: the coach's bonus, every Promising bonus, the carried +2."""
    return coach_bonus + promising + carried


def player_table_value(ruleset: Ruleset, total: int) -> int:
    """The most the free player may be worth for a (modified) Player Table total."""
    return lookup(ruleset.table("player_table")["rows"], total)["value"]


def unaffordable_bonus(ruleset: Ruleset) -> int:
    return ruleset.table("player_table")["unaffordable_bonus"]


def reserve_positions(race: Race) -> list[Position]:
    """Positions that may come through the reserve team: the team's own list (so never allies) without
    Big Guys, Star Players, Daemons or Squigs."""
    return [p for p in race.positions if not (p.flags & NEVER_RESERVE)]


def offered_positions(race: Race, value: int, taken: Mapping[str, int]) -> list[Position]:
    """Positions the free player may be: a reserve position worth at most `value` whose limit is not full.

    `taken` counts the team's players of its own list by position. An empty list is "nothing affordable".
    """
    return [p for p in reserve_positions(race) if p.cost <= value and taken.get(p.name, 0) < p.max]


def why_not_offered(position: Position, value: int, taken: Mapping[str, int]) -> str | None:
    """Why one position of the list is not offered for a Player Table value, in words (None: offered)."""
    if position.is_big_guy:
        return _("Big Guys never come through the reserve team.")
    if position.is_star_player:
        return _("Star Players never come through the reserve team.")
    if position.is_daemon_or_squig:
        return _("Daemons and Squigs may not be taken as reserve team players.")
    if position.cost > value:
        return _("{a} costs {gold}, more than the {gold2} rolled.").format(
            a=a(position.name, capital=True), gold=gp(position.cost), gold2=gp(value)
        )
    if taken.get(position.name, 0) >= position.max:
        return _("The team already has {count} (its limit).").format(count=count(position.max, position.name))
    return None


# -- drafting (Hire Freebooters) -------------------------------------------------------------------
def draft_refusal(*, has_reserve_side: bool, available: int, on_roster: int, ruleset: Ruleset) -> str | None:
    """Why a team may not draft from its reserves now, or None.

    `available` counts the players who could start the next match (active, not missing it); `on_roster`
    counts every player on the roster (missing the next game included).
    """
    most = ruleset.table("team_rules")["max_players"]
    if not has_reserve_side:
        return _("Only a team with a reserve side (approved by the commissioner, with a Reserve Coach) can draft.")
    if on_roster >= most:
        return _("The team has a full squad of {on_roster} players, so it cannot draft from its reserves.").format(
            on_roster=on_roster
        )
    if available > 10:
        return _(
            "The team can start the next match with {available} players; drafting is only for a team that would "
            "start with 10 or fewer."
        ).format(available=available)
    return None


def draft_positions(race: Race) -> list[Position]:
    """Any position of the team's own list (never allies), except Big Guys, Star Players, Daemons and Squigs."""
    return [p for p in race.positions if not (p.flags & NEVER_DRAFTED)]


def draft_cost(position: Position) -> int:
    """Half the position's normal cost (the team rating still counts the full cost)."""
    return position.cost // 2


# -- the Rookie Table ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RookieOutcome:
    """What one Rookie Table roll does to a drafted player."""

    text: str  # the table's words, e.g. "-1 AG"
    stat: str | None  # ma / st / ag / av, None for no lasting effect
    before: int | None
    after: int | None  # the new value; equal to `before` when ignored
    ignored: bool = False
    why_ignored: str = ""

    @property
    def applied(self) -> bool:
        return self.stat is not None and not self.ignored

    def describe(self, name: str) -> str:
        if self.stat is None:
            return _("{text}: {name} plays as normal.").format(text=self.text, name=name)
        label = STAT_NAMES[self.stat]
        if self.ignored:
            return _("{text}: ignored, because {why_ignored}").format(text=self.text, why_ignored=self.why_ignored)
        return _("{text}: {owner} {label} goes from {before} to {after} for good.").format(
            text=self.text, owner=possessive(name), label=label, before=self.before, after=self.after, name=name
        )


def rookie_outcome(
    ruleset: Ruleset, total: int, *, current: Mapping[str, int], original: Mapping[str, int]
) -> RookieOutcome:
    """The Rookie Table result for an unmodified roll, with the floors: a characteristic never falls more
    than `max_below_original` below its original value nor below `minimum`; such a result is ignored."""
    table = ruleset.table("rookie_table")
    row = lookup(table["rows"], total)
    text = term("table", row["text"]) if row.get("text") else _("No lasting effect")
    stat, change = row.get("stat"), row.get("change", 0)
    if stat is None or not change:
        return RookieOutcome(text, None, None, None)
    before, after = current[stat], current[stat] + change
    label = STAT_NAMES[stat]
    floor_below = original[stat] - table["max_below_original"]
    if after < table["minimum"]:
        why = _("{stat} may never fall below {minimum}.").format(stat=label, minimum=table["minimum"])
        return RookieOutcome(text, stat, before, before, True, why)
    if after < floor_below:
        why = _("{stat} may never fall more than {most} below its original value of {original}.").format(
            stat=label, most=table["max_below_original"], original=original[stat]
        )
        return RookieOutcome(text, stat, before, before, True, why)
    return RookieOutcome(text, stat, before, after)


# -- reserve affairs, step by step -----------------------------------------------------------------
class Kind:
    """ReserveEvent kinds. The affairs round is read back from them (see `affairs_round`)."""

    APPROVED = "approved"
    WITHDRAWN = "withdrawn"
    COACH_HIRED = "coach_hired"
    UPKEEP = "upkeep"
    COACH_LEFT = "coach_left"
    TABLE = "reserve_roll"
    REROLL = "reserve_reroll"
    NO_ROLL = "no_roll"
    PLAYER_TABLE = "player_roll"
    NOTHING_AFFORDABLE = "nothing_affordable"
    NEW_PLAYER = "new_player"
    LET_GO = "player_lost"
    RETIRED = "retired"
    DRAFT = "draft"
    # events that end one round of affairs and start the next
    STARTS = (UPKEEP, COACH_LEFT, COACH_HIRED)
    TITLES = {  # marked N_(): shown through _() (queries/reserves.py)
        APPROVED: N_("Approved"), WITHDRAWN: N_("Approval withdrawn"), COACH_HIRED: N_("Reserve Coach hired"),
        UPKEEP: N_("Upkeep paid"), COACH_LEFT: N_("Reserve Coach left"), TABLE: N_("Reserve Team Table"),
        REROLL: N_("Reserve Team Table re-roll"), NO_ROLL: N_("No roll"), PLAYER_TABLE: N_("Player Table"),
        NOTHING_AFFORDABLE: N_("Nothing affordable"), NEW_PLAYER: N_("New player"), LET_GO: N_("Player lost"),
        RETIRED: N_("Retired to make room"),
        DRAFT: N_("Drafted"),
    }  # fmt: skip


class Step:
    UPKEEP = "upkeep"  # pay the upkeep or let the coach leave
    TABLE = "table"  # may roll on the Reserve Team Table (or not)
    PLAYER_TABLE = "player_table"  # must roll on the Player Table
    NEW_PLAYER = "new_player"  # add the free player or lose him
    DONE = "done"


@dataclass(frozen=True)
class AffairsRound:
    """Where a team's reserve affairs stand since the upkeep was last paid."""

    upkeep_paid: bool = False
    table_rolls: int = 0
    table_total: int | None = None  # the Reserve Team Table result that counts (the last one rolled)
    table_result: str | None = None  # nothing / promising / player
    declined: bool = False
    player_total: int | None = None
    player_value: int | None = None  # the most the free player may be worth
    settled: bool = False  # the free player was added or lost, or nothing was affordable

    @property
    def step(self) -> str:
        if not self.upkeep_paid:
            return Step.UPKEEP
        if self.declined:
            return Step.DONE
        if self.table_rolls == 0:
            return Step.TABLE
        if self.table_result == "player" and self.player_value is None:
            return Step.PLAYER_TABLE
        if self.player_value is not None and not self.settled:
            return Step.NEW_PLAYER
        return Step.DONE

    @property
    def in_progress(self) -> bool:
        """A roll is owed or a player waits: a new round cannot start yet."""
        return self.step in (Step.PLAYER_TABLE, Step.NEW_PLAYER)

    @property
    def unfinished(self) -> bool:
        """The upkeep is paid and the round's rolls are not all made: it is continued, never begun again."""
        return self.step in (Step.TABLE, Step.PLAYER_TABLE, Step.NEW_PLAYER)

    def may_reroll(self, race: Race) -> bool:
        """A Goblin or Halfling head coach may re-roll the Reserve Team Table once, before the Player Table."""
        return race.reserve_reroll and self.table_rolls == 1 and self.player_value is None


def affairs_round(events: Sequence[tuple[str, int | None]], ruleset: Ruleset) -> AffairsRound:
    """The round from the team's reserve events since the last upkeep / coach change: (kind, roll total)."""
    state: dict[str, Any] = {}
    if not events or events[0][0] != Kind.UPKEEP:
        return AffairsRound()
    state["upkeep_paid"] = True
    for kind, total in events[1:]:
        if kind in (Kind.TABLE, Kind.REROLL) and total is not None:
            state["table_rolls"] = state.get("table_rolls", 0) + 1
            state["table_total"] = total
            state["table_result"] = reserve_table_row(ruleset, total)["result"]
        elif kind == Kind.NO_ROLL:
            state["declined"] = True
        elif kind == Kind.PLAYER_TABLE and total is not None:
            state["player_total"] = total
            state["player_value"] = player_table_value(ruleset, total)
        elif kind in (Kind.NOTHING_AFFORDABLE, Kind.NEW_PLAYER, Kind.LET_GO):
            state["settled"] = True
    return AffairsRound(**state)


def roll_text(roll: Roll) -> str:
    """'4 + 3 = 7' for a modified or many-dice roll, '4' for one plain die."""
    if not roll.modifier and len(roll.faces) == 1:
        return str(roll.total)
    parts = [str(f) for f in roll.faces] + ([str(roll.modifier)] if roll.modifier else [])
    return f"{' + '.join(parts)} = {roll.total}"
