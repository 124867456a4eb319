"""Step 4.1 of the post-match sequence, worked out before anything is written: reserve affairs, then contracts.

"At the start of the purchases section": the Reserve Coach's upkeep is paid (or he leaves), the Reserve Team
Table may be rolled (a Goblin or Halfling head coach may re-roll once), a youngster who is ready brings a
Player Table roll and a free player; then players with star player rolls who are free agents sign contracts,
and contracts that have ended are renewed before anyone can approach the player (seed 001).

`plan_affairs` reads the team as the earlier steps leave it (the treasury after the winnings, the SPP after
step 2) from the sequence's `TeamState` and changes it as 4.1 will (gold, the free player, a retiree), so 4.3
and the new team rating follow. `write.py` writes the plan with the reserves and contracts
services' session-level helpers, in the sequence's one transaction.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from sqlalchemy import select
from sqlmodel import Session

from roster_app.errors import DugoutError
from roster_app.i18n import _, term
from roster_app.queries import reserves as reserve_queries
from roster_app.queries.reserves import current_round, reserve_side
from roster_app.rules import reserves as rules
from roster_app.rules.contracts import contract_cost_for_rolls, sign_problem
from roster_app.rules.dice import Roll
from roster_app.rules.limits import PLAYER_NAME
from roster_app.rules.reserves import Kind
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Position, Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.services import reserves as reserve_state
from roster_app.services.postmatch.draft import DiceEntry, ReserveDraft, ReservePlayerEntry, TeamDraft
from roster_app.services.postmatch.state import TeamState
from roster_app.store.models import Contract, Match
from roster_app.store.statuses import ContractStatus
from roster_app.words import count, tidy


@dataclass(frozen=True)
class RollShown:
    """A roll of step 4.1 as the plan uses it."""

    faces: tuple[int, ...]
    typed: bool
    modifier: int
    total: int
    text: str  # what the table says for it

    @classmethod
    def of(cls, roll: Roll, text: str) -> RollShown:
        return cls(roll.faces, roll.typed, roll.modifier, roll.total, text)


@dataclass(frozen=True)
class Offer:
    """A position the free player may be."""

    name: str
    cost: int


@dataclass(frozen=True)
class ReservePlan:
    """One team's reserve affairs after this match."""

    coach: str
    upkeep: int
    treasury_before: int
    lost_bonus: int  # what a leaving coach takes with him (+N on the Player Table)
    may_reroll_race: bool  # a Goblin or Halfling head coach
    table_dice: str
    player_dice: str
    done: str = ""  # already dealt with after this match (on the Reserves tab)
    resumed: bool = False  # a round begun on the Reserves tab, continued here: its upkeep is paid
    written_table: int = 0  # Reserve Team Table rolls already in the league (shown, never rolled again)
    written_player: bool = False  # the Player Table roll is already in the league
    pay: bool | None = None
    table: tuple[RollShown, ...] = ()
    no_roll: bool = False
    player_modifier: int | None = None  # set once a youngster is ready
    player_roll: RollShown | None = None
    player_value: int | None = None
    offered: tuple[Offer, ...] = ()
    roster_full: bool = False
    player: ReservePlayerEntry | None = None  # the free player who will join
    let_go: bool = False
    lines: tuple[str, ...] = ()  # what will happen, in words

    @property
    def can_pay(self) -> bool:
        return self.treasury_before >= self.upkeep

    @property
    def may_reroll(self) -> bool:
        return self.may_reroll_race and len(self.table) == 1 and self.player_roll is None

    @property
    def youngster_ready(self) -> bool:
        return self.player_modifier is not None


@dataclass(frozen=True)
class ContractLine:
    """A player who may sign (or renew) a contract in step 4.1, and what the draft says."""

    player_id: int
    number: int
    name: str
    position: str
    spp: int
    rolls: int
    renewal: bool  # his last contract with this team has ended
    seasons: int = 0  # 0: not signed now
    cost: int = 0
    problem: str | None = None


@dataclass(frozen=True)
class AffairsPlan:
    treasury_before: int
    treasury_after: int
    reserves: ReservePlan | None  # None: no reserve team with a Reserve Coach
    contracts: tuple[ContractLine, ...] = ()
    lines: tuple[tuple[str, int], ...] = field(default=())  # (what, gold) of the whole step
    may_hire: bool = False  # an approved reserve team without a Reserve Coach (or his leaving now) may hire one
    coach_hire: str | None = None  # the Reserve Coach type hired at the end of this step

    @property
    def cost(self) -> int:
        return self.treasury_before - self.treasury_after

    @property
    def signed(self) -> tuple[ContractLine, ...]:
        return tuple(c for c in self.contracts if c.seasons and c.problem is None)


# -- reserve affairs ------------------------------------------------------------------------------------
class _Reserves:
    """Works a team's reserve affairs out step by step; `plan` is what they come to so far."""

    def __init__(self, session: Session, ruleset: Ruleset, state: TeamState, problems: list[str]):
        self.ruleset, self.state, self.problems = ruleset, state, problems
        self.side = reserve_side(session, state.team)
        self.race = ruleset.race(state.team.race)
        self.lines: list[tuple[str, int]] = []
        self.promising = self.side.promising  # at the start of the round
        self.player_modifier: int | None = None  # a Player Table roll already written keeps its modifier
        self.plan = ReservePlan(
            coach=self.side.coach_type, upkeep=rules.upkeep(ruleset), treasury_before=state.treasury,
            lost_bonus=self.side.promising + self.side.carried, may_reroll_race=self.race.reserve_reroll,
            table_dice=ruleset.table("reserve_team_table")["dice"], player_dice=ruleset.table("player_table")["dice"],
        )  # fmt: skip

    def update(self, **changes: object) -> None:
        self.plan = replace(self.plan, **changes)

    def say(self, text: str, gold: int = 0) -> None:
        self.lines.append((text, gold))
        self.update(lines=(*self.plan.lines, f"{text} ({gp(-gold)})" if gold else text))

    def stop(self, problem: str) -> None:
        self.problems.append(problem)

    def resume(self, session: Session, entry: ReserveDraft) -> None:
        """A round begun on the Reserves tab: what it wrote goes into the draft as facts (the upkeep paid, the
        rolls made), so the wizard shows them locked and plans only what is left."""
        rolls = reserve_queries.round_dice(session, self.state.team.id)
        table = [DiceEntry(list(f), typed) for kind, f, typed, _m in rolls if kind in (Kind.TABLE, Kind.REROLL)]
        player = [(DiceEntry(list(f), typed), m) for kind, f, typed, m in rolls if kind == Kind.PLAYER_TABLE]
        # the league's Promising bonus already holds the written rolls' (and a written Player Table roll used
        # it up): plan from the round's start, with the modifier the written roll had
        self.promising = self.side.promising - self._net_promising(table)
        entry.pay = True
        entry.table = table + entry.table[len(table) :] if table else entry.table
        entry.no_roll = entry.no_roll and not table
        if player:
            entry.player_roll, self.player_modifier = player[0]
        self.update(resumed=True, written_table=len(table), written_player=bool(player))

    def _net_promising(self, table: list[DiceEntry]) -> int:
        """What these Reserve Team Table rolls added to the Promising bonus (a re-roll replaces the first)."""
        net, last = 0, None
        for dice in table:
            row = rules.reserve_table_row(self.ruleset, sum(dice.faces))
            if last is not None and last["result"] == "promising":
                net -= last.get("bonus", 1)
            if row["result"] == "promising":
                net += row.get("bonus", 1)
            last = row
        return net

    def run(self, entry: ReserveDraft) -> None:
        self.update(pay=entry.pay)
        coach = self.plan.coach  # a Reserve Coach type of the league's table, as the league names it
        if self.plan.resumed:
            self.say(
                _("Upkeep of the {coach} Reserve Coach: already paid on the Reserves tab").format(coach=coach)
            )
            return self._after_upkeep(entry)
        if entry.pay is None:
            return self.stop(_("pay the Reserve Coach's upkeep, or let him leave."))
        if entry.pay is False:
            if self.plan.lost_bonus:
                return self.say(
                    _("The {coach} Reserve Coach leaves, taking +{bonus} on the Player Table with him").format(
                        coach=coach, bonus=self.plan.lost_bonus
                    )
                )
            return self.say(_("The {coach} Reserve Coach leaves").format(coach=coach))
        if not self.plan.can_pay:
            return self.stop(
                _("the upkeep is {upkeep}, but the treasury holds {treasury}: the Reserve Coach can only be let go.")
                .format(upkeep=gp(self.plan.upkeep), treasury=gp(self.state.treasury))
            )  # fmt: skip
        self.state.treasury -= self.plan.upkeep
        self.say(_("Upkeep of the {coach} Reserve Coach").format(coach=coach), -self.plan.upkeep)
        self._after_upkeep(entry)

    def _after_upkeep(self, entry: ReserveDraft) -> None:
        promising = self._table(entry)
        if promising is not None:
            self._player_table(entry, promising)

    def _table(self, entry: ReserveDraft) -> int | None:
        """The Reserve Team Table roll (and its re-roll); the Promising bonus for the Player Table when a youngster is ready."""
        promising, last = self.promising, None
        shown = []
        for index, dice in enumerate(entry.table[: 2 if self.race.reserve_reroll else 1]):
            try:
                roll = dice.roll(self.plan.table_dice)
            except DugoutError as exc:
                return self.stop(_("Reserve Team Table: {problem}").format(problem=exc))
            row = rules.reserve_table_row(self.ruleset, roll.total)
            if last is not None and last["result"] == "promising":  # the re-roll replaces the first result
                promising -= last.get("bonus", 1)
            if row["result"] == "promising":
                promising += row.get("bonus", 1)
            last = row
            shown.append(RollShown.of(roll, rules.describe_reserve_row(row)))
            said = (
                _("Reserve Team Table re-roll: {total} – {result}")
                if index
                else _("Reserve Team Table: {total} – {result}")
            )
            self.say(said.format(total=roll.total, result=shown[-1].text))
        self.update(table=tuple(shown), no_roll=entry.no_roll and not shown)
        if last is None:
            if entry.no_roll:
                return self.say(_("No Reserve Team Table roll this time"))
            return self.stop(_("roll on the Reserve Team Table, or choose not to roll this time."))
        return promising if last["result"] == "player" else None

    def _player_table(self, entry: ReserveDraft, promising: int) -> None:
        modifier = rules.player_table_modifier(self.side.coach_bonus, promising, self.side.carried)
        if self.player_modifier is not None:
            modifier = self.player_modifier
        self.update(player_modifier=modifier)
        if entry.player_roll is None:
            return self.stop(
                _("a youngster is ready: roll on the Player Table ({dice} + {modifier}).").format(
                    dice=self.plan.player_dice, modifier=modifier
                )
            )
        try:
            roll = entry.player_roll.roll(self.plan.player_dice, modifier)
        except DugoutError as exc:
            return self.stop(_("Player Table: {problem}").format(problem=exc))
        value = rules.player_table_value(self.ruleset, roll.total)
        taken = Counter(p.position for p in self.state.on_roster() if p.race == self.state.team.race)
        offered = rules.offered_positions(self.race, value, taken)
        on_roster = len(self.state.on_roster())
        worth = _("a player worth up to {value}").format(value=gp(value))
        self.update(player_roll=RollShown.of(roll, worth), player_value=value,
                    offered=tuple(Offer(p.name, p.cost) for p in offered),
                    roster_full=on_roster >= self.ruleset.table("team_rules")["max_players"])  # fmt: skip
        self.say(_("Player Table: {roll}, {worth}").format(roll=rules.roll_text(roll), worth=worth))
        if not offered:
            bonus = rules.unaffordable_bonus(self.ruleset)
            return self.say(
                _("No allowed position costs {value} or less: no player, +{bonus} on the next Player Table roll")
                .format(value=gp(value), bonus=bonus)
            )  # fmt: skip
        if entry.let_go:
            self.update(let_go=True)
            return self.say(_("The free player is lost for good"))
        if entry.player is None:
            return self.stop(_("choose the free player from the reserves, or lose him for good."))
        problem = self._player_problem(entry.player, value, taken)
        if problem:
            return self.stop(problem)
        self._join(entry.player)

    def _player_problem(self, entry: ReservePlayerEntry, value: int, taken: Counter[str]) -> str | None:
        try:
            position: Position = self.race.position(entry.position)
        except DugoutError as exc:
            return str(exc)
        why = rules.why_not_offered(position, value, taken)
        if why:
            return why
        on_roster = self.state.on_roster()
        retiree = self.state.players.get(entry.retire_player_id) if entry.retire_player_id is not None else None
        if entry.retire_player_id is not None and (retiree is None or not retiree.on_roster):
            return _("the player chosen to retire is not on the roster.")
        if retiree is None and self.plan.roster_full:
            return (_("{name} already has {n} players: choose who retires to make room, or lose the new player for good.").format(name=self.state.team.name, n=len(on_roster)))  # fmt: skip
        if not tidy(entry.name):
            return _("the free player from the reserves needs a name.")
        if len(tidy(entry.name)) > PLAYER_NAME:
            return _("a player's name can be at most {player_name} characters long.").format(
                player_name=PLAYER_NAME
            )
        numbers = {p.number for p in on_roster if p is not retiree}
        if not 1 <= entry.number <= 99 or entry.number in numbers:
            return _("number {number} is already taken (or not from 1 to 99).").format(number=entry.number)
        return None

    def _join(self, entry: ReservePlayerEntry) -> None:
        retiree = self.state.players.get(entry.retire_player_id) if entry.retire_player_id is not None else None
        if retiree is not None:
            retiree.on_roster = False
        player = self.state.add_player(entry.position, entry.name, entry.number)
        self.update(player=entry)
        if retiree:
            said = _("{name}, {position}, joins from the reserves (free); {retiree} retires to make room")
        else:
            said = _("{name}, {position}, joins from the reserves (free)")
        self.say(said.format(name=player.name, position=term("position", entry.position),
                             retiree=retiree.name if retiree else ""))  # fmt: skip


def _plan_reserves(
    session: Session, ruleset: Ruleset, match: Match, state: TeamState, entry: ReserveDraft, problems: list[str]
) -> tuple[ReservePlan | None, list[tuple[str, int]]]:
    team = state.team
    side = reserve_side(session, team)
    if not (team.reserves_approved and side is not None and side.coach_type):
        return None, []
    work = _Reserves(session, ruleset, state, problems)
    now = current_round(session, ruleset, team.id)
    begun = reserve_state.affairs_after(session, team.id, match.id)
    if now.in_progress or (begun and now.unfinished):  # begun on the Reserves tab: finished here
        work.resume(session, entry)
    elif begun:  # one round per sequence (seed 001)
        work.update(done=_("dealt with after this match"))
        return work.plan, []
    work.run(entry)
    return work.plan, work.lines


# -- contracts ------------------------------------------------------------------------------------------
def _plan_contracts(
    session: Session, ruleset: Ruleset, state: TeamState, wanted: dict[int, int], problems: list[str]
) -> tuple[tuple[ContractLine, ...], list[tuple[str, int]]]:
    """Free agents with star player rolls (after step 2), in number order; the draft says who signs."""
    players = sorted((p for p in state.on_roster() if p.id is not None), key=lambda p: p.number)
    latest: dict[int, Contract] = {}
    for contract in session.scalars(
        select(Contract).where(Contract.player_id.in_([p.id for p in players])).order_by(Contract.id)
    ):
        latest[contract.player_id] = contract
    out, lines = [], []
    for p in players:
        last = latest.get(p.id)
        position = _position(ruleset, p.race, p.position)
        rolls = star_player_rolls(p.spp, ruleset)
        if (last is not None and last.status == ContractStatus.RUNNING) or rolls < 1:
            continue
        if position is not None and position.is_star_player:
            continue
        renewal = last is not None and last.team_id == state.team.id and last.status == ContractStatus.EXPIRED
        line = ContractLine(p.id, p.number, p.name, p.position, p.spp, rolls, renewal)
        seasons = wanted.get(p.id, 0)
        if seasons:
            problem = sign_problem(name=p.name, spp=p.spp, position=position, on_roster=True, running=None,
                                   treasury=state.treasury, seasons=seasons, ruleset=ruleset)  # fmt: skip
            cost = 0 if problem else contract_cost_for_rolls(rolls, seasons, ruleset)
            line = replace(line, seasons=seasons, cost=cost, problem=problem)
            if problem:
                problems.append(problem)
            else:
                state.treasury -= cost
                said = _("Renew {name} for {seasons}") if renewal else _("Sign {name} for {seasons}")
                lines.append((said.format(name=p.name, seasons=count(seasons, "season")), -cost))
        out.append(line)
    listed = {c.player_id for c in out}
    if any(seasons and pid not in listed for pid, seasons in wanted.items()):
        problems.append(_("a player chosen for a contract can no longer sign one (he left the roster or is under "
                          "contract); clear his contract."))  # fmt: skip
    return tuple(out), lines


def _position(ruleset: Ruleset, race: str, name: str) -> Position | None:
    try:
        return ruleset.position(race, name)
    except DugoutError:
        return None


def plan_affairs(
    session: Session, ruleset: Ruleset, match: Match, state: TeamState, draft: TeamDraft, problems: list[str]
) -> AffairsPlan:
    """Step 4.1 for one team: reserve affairs first, then contracts (the state changes as they will)."""
    before = state.treasury
    reserves, reserve_lines = _plan_reserves(session, ruleset, match, state, draft.reserves, problems)
    contracts, contract_lines = _plan_contracts(session, ruleset, state, draft.contracts, problems)
    may_hire = _may_hire(session, ruleset, state, reserves)
    hire, hire_lines = _plan_coach_hire(ruleset, state, draft.reserves.hire, may_hire, problems)
    return AffairsPlan(before, state.treasury, reserves, contracts, tuple(reserve_lines + contract_lines + hire_lines),
                       may_hire, hire)  # fmt: skip


def _may_hire(session: Session, ruleset: Ruleset, state: TeamState, reserves: ReservePlan | None) -> bool:
    """Seed 001: "You may hire another Coach as soon as you have the money": a team whose reserve team is
    approved and has no Reserve Coach, or whose coach leaves now, may hire one at this step."""
    team = state.team
    side = reserve_side(session, team)
    if rules.reserves_refusal(ruleset.race(team.race)) or not team.reserves_approved or side is None:
        return False
    return not side.coach_type or (reserves is not None and reserves.pay is False)


def _plan_coach_hire(ruleset: Ruleset, state: TeamState, wanted: str | None, may_hire: bool, problems: list[str]
                     ) -> tuple[str | None, list[tuple[str, int]]]:  # fmt: skip
    """The Reserve Coach hired at the end of 4.1, at his type's price; he starts with the next sequence's affairs
    (no upkeep and no Reserve Team Table roll for him now)."""
    if not wanted:
        return None, []
    if not may_hire:
        problems.append(_("{name} may not hire a Reserve Coach now (an approved reserve team without one "
                          "is needed); clear the hire.").format(name=state.team.name))  # fmt: skip
        return None, []
    try:
        coach = rules.coach_type(ruleset, wanted)
    except DugoutError as exc:
        problems.append(str(exc))
        return None, []
    if state.treasury < coach["cost"]:
        problems.append(_("{a} Reserve Coach costs {gold}, but the treasury holds {gold2}.").format(
            a=rules.a(coach["name"], capital=True), coach=term("table", coach["name"]), gold=gp(coach["cost"]), gold2=gp(state.treasury)))  # fmt: skip
        return None, []
    state.treasury -= coach["cost"]
    hire = _("Hire {a} Reserve Coach (his affairs start after the next match)").format(
        a=rules.a(coach["name"]), coach=term("table", coach["name"]))  # fmt: skip
    return coach["name"], [(hire, -coach["cost"])]


def set_reserve_roll(entry: ReserveDraft, which: str, faces: list[int], typed: bool) -> None:
    """Put a roll of the reserve affairs into the draft: `table` (the first roll), `reroll` or `player`."""
    dice = DiceEntry(list(faces), typed)
    if which == "player":
        entry.player_roll = dice
        return
    index = 0 if which == "table" else 1
    entry.table = [*entry.table[:index], dice]
    entry.no_roll = False
