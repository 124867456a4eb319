"""Reserve teams: the commissioner's approval, the Reserve Coach, reserve affairs step by step, drafting.

Each step of the affairs is a session-level helper (`upkeep_paid`, `coach_left`, `table_rolled`,
`table_rerolled`, `table_skipped`, `player_table_rolled`, `reserve_player_added`, `reserve_player_lost`) and
a service running it as one transaction (one undo step): the Reserves tab calls the services, the post-match
sequence calls the helpers inside its own transaction, in the same order: pay the upkeep (or let the coach
leave), roll the Reserve Team Table (or not), roll the Player Table, add or lose the free player. Every roll is stored as a DiceRoll
and a ReserveEvent row in the transaction that applies its effect. The order is read back from the team's
reserve events (rules.reserves.affairs_round), so a refused step never writes anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _, term
from roster_app.phrases import Gold, Term, phrase
from roster_app.phrases import ledger as sentences
from roster_app.queries.clock import Act, require, require_pre_match
from roster_app.queries.fetch import get_match, get_player, get_team, roster_count
from roster_app.queries.reserves import (
    available_count,
    current_round,
    has_reserve_side,
    reserve_side,
    taken_positions,
)
from roster_app.rules import dice
from roster_app.rules import reserves as rules
from roster_app.rules.reserves import AffairsRound, Kind, Step, roll_text
from roster_app.rules.roster import check_affordable, gp
from roster_app.rules.ruleset import STATS, Ruleset
from roster_app.services.common import end_contracts, position_label, post, store_roll
from roster_app.services.players import new_player
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import PlayerStatus, ReserveEvent, ReserveSide, Team, utcnow
from roster_app.words import possessive

# -- reading the team's reserve state (inside a transaction) -----------------------------------------


# -- writing helpers --------------------------------------------------------------------------------
def _team(session: Session, ruleset: Ruleset, team_id: int) -> Team:
    team = get_team(session, team_id)
    refusal = rules.reserves_refusal(ruleset.race(team.race))
    if refusal:
        raise RuleViolation(refusal)
    return team


def _side_with_coach(session: Session, team: Team) -> ReserveSide:
    side = reserve_side(session, team)
    if not team.reserves_approved or side is None:
        raise RuleViolation(
            _("{name} has no reserve team: the commissioner has not approved one.").format(name=team.name)
        )
    if not side.coach_type:
        raise RuleViolation(
            _("{name} has no Reserve Coach; hire one before dealing with reserve affairs.").format(name=team.name)
        )
    return side


def _check_match(session: Session, match_id: int | None) -> None:
    if match_id is not None:
        get_match(session, match_id)  # NotFound if it is gone


record_roll = store_roll  # the name other modules of the reserves use


def _event(session: Session, team: Team, kind: str, detail: str, **links: int | None) -> ReserveEvent:
    event = ReserveEvent(team_id=team.id, kind=kind, detail=detail, **links)
    session.add(event)
    session.flush()
    return event


# -- approval and the Reserve Coach -------------------------------------------------------------------
def approve_reserves(db: LeagueDB, *, team_id: int, approved: bool = True) -> Change:
    """The commissioner approves a team's reserve team (or withdraws the approval while it has no coach)."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        team = _team(session, ruleset, team_id) if approved else get_team(session, team_id)
        if team.reserves_approved == approved:
            raise RuleViolation(
                _("{owner} reserve team is {value}.").format(
                    owner=possessive(team.name),
                    value="already approved" if approved else "not approved",
                    name=team.name,
                )
            )
        side = reserve_side(session, team)
        if not approved and side is not None and side.coach_type:
            raise RuleViolation(
                _("{name} still has {a} Reserve Coach; let him leave before withdrawing the approval.").format(
                    name=team.name, a=rules.a(side.coach_type)
                )
            )
        if side is None:
            session.add(ReserveSide(team_id=team.id))
        team.reserves_approved = approved
        session.add(team)
        kind = Kind.APPROVED if approved else Kind.WITHDRAWN
        _event(session, team, kind, _("The commissioner approved a reserve team.") if approved
               else _("The commissioner withdrew the approval of the reserve team."))  # fmt: skip
        if approved:
            tx.label = _("approval of the reserve team of {name}").format(name=team.name)
        else:
            tx.label = _("withdrawal of the approval of the reserve team of {name}").format(name=team.name)
    return tx.change


def hire_reserve_coach(db: LeagueDB, *, team_id: int, coach_type: str) -> Change:
    """Hire a Reserve Coach of a type (one at a time) at the type's price, out of the treasury. Seed 001: "You
    may hire another Coach as soon as you have the money": at any time, the post-match sequence's step 4.1 too
    (where the sequence hires him with its other affairs: `coach_hired`)."""
    ruleset = db.ruleset
    with db.write() as tx:
        tx.label, _unused = coach_hired(tx.session, ruleset, team_id=team_id, coach_type=coach_type)
    return tx.change


def coach_hired(session: Session, ruleset: Ruleset, *, team_id: int, coach_type: str,
                match_id: int | None = None) -> Done:  # fmt: skip
    """Hire a Reserve Coach inside a transaction (see `hire_reserve_coach`); `match_id`: in that match's
    post-match sequence (the ledger row says so)."""
    coach = rules.coach_type(ruleset, coach_type)
    team = _team(session, ruleset, team_id)
    side = reserve_side(session, team)
    if not team.reserves_approved or side is None:
        raise RuleViolation(
            _("{name} needs the commissioner's approval for a reserve team first.").format(name=team.name)
        )
    if side.coach_type:
        raise RuleViolation(
            _("{name} already has {a} Reserve Coach; a team has one Reserve Coach at a time.").format(
                name=team.name, a=rules.a(side.coach_type)
            )
        )
    check_affordable(
        team.treasury,
        coach["cost"],
        _("{a} Reserve Coach").format(a=rules.a(coach["name"], capital=True), coach=term("table", coach["name"])),
    )
    hired = (
        sentences.HIRED_AN_RESERVE_COACH
        if rules.a(coach["name"]).startswith("an ")
        else sentences.HIRED_A_RESERVE_COACH
    )
    post(session, team, -coach["cost"], kind="reserve", reason=phrase(hired, coach=Term("table", coach["name"])),
         match_id=match_id)  # fmt: skip
    side.coach_type, side.coach_bonus, side.hired_at = coach["name"], coach["bonus"], utcnow()
    session.add(side)
    a, name, gold, bonus = rules.a(coach["name"]), term("table", coach["name"]), gp(coach["cost"]), coach["bonus"]
    if bonus:
        hired = _("Hired {a} Reserve Coach for {gold} (+{bonus} on the Player Table).").format(
            a=a, coach=name, gold=gold, bonus=bonus
        )
    else:
        hired = _("Hired {a} Reserve Coach for {gold} (no Player Table bonus).").format(a=a, coach=name, gold=gold)
    _event(session, team, Kind.COACH_HIRED, hired, match_id=match_id)
    label = _("hire of {a} Reserve Coach for {name}").format(
        a=rules.a(coach["name"]), coach=term("table", coach["name"]), name=team.name
    )
    return label, coach["name"]


# -- reserve affairs ------------------------------------------------------------------------------------
# Each step is a session-level helper (used inside the post-match sequence's one transaction) that returns
# (undo text, result); the services below run one helper as one transaction.
Done = tuple[str, Any]


def _one_step(db: LeagueDB, helper: Callable[..., Done], **kwargs: Any) -> Change:
    """One step of reserve affairs as its own transaction, at its place on the league's clock: step 4.1 of the
    post-match sequence the team is in (the sequence's match is the step's match). The sequence itself calls
    the helpers inside its own transaction, at that very step."""
    ruleset = db.ruleset
    with db.write() as tx:
        now = require(tx.session, get_team(tx.session, kwargs["team_id"]), Act.RESERVES, kwargs.get("match_id"))
        kwargs["match_id"] = now.match_id
        tx.label, tx.result = helper(tx.session, ruleset, **kwargs)
    return tx.change


def upkeep_paid(session: Session, ruleset: Ruleset, *, team_id: int, match_id: int | None = None) -> Done:
    """Pay the Reserve Coach's upkeep inside a transaction (see `pay_reserve_upkeep`)."""
    team = _team(session, ruleset, team_id)
    side = _side_with_coach(session, team)
    _check_match(session, match_id)
    _check_new_round(session, ruleset, team, match_id)
    amount = rules.upkeep(ruleset)
    if team.treasury < amount:
        raise RuleViolation(
            _("The upkeep is {gold}, but {name} has only {gold2}: the Reserve Coach can only be let go.").format(
                gold=gp(amount), name=team.name, gold2=gp(team.treasury)
            )
        )
    post(session, team, -amount, kind="upkeep", reason=phrase(sentences.RESERVE_UPKEEP, coach=Term("table", side.coach_type)),
         match_id=match_id)  # fmt: skip
    _event(session, team, Kind.UPKEEP, _("Paid the Reserve Coach's upkeep of {gold}.").format(gold=gp(amount)),
           match_id=match_id)  # fmt: skip
    return _("reserve upkeep of {name} ({gold})").format(name=team.name, gold=gp(amount)), None


def pay_reserve_upkeep(db: LeagueDB, *, team_id: int, match_id: int | None = None) -> Change:
    """Pay the Reserve Coach's upkeep (10,000 gp in the default tables): a new round of reserve affairs."""
    return _one_step(db, upkeep_paid, team_id=team_id, match_id=match_id)


def _check_new_round(session: Session, ruleset: Ruleset, team: Team, match_id: int | None) -> None:
    if current_round(session, ruleset, team.id).in_progress:
        raise RuleViolation(_("{owner} reserve affairs are not finished: the Player Table roll or the new player comes first.").format(owner=possessive(team.name), name=team.name))  # fmt: skip
    if match_id is not None and affairs_after(session, team.id, match_id):
        raise RuleViolation(_("{name} has already dealt with its reserve affairs after this match: one round of reserve affairs " "(upkeep, one Reserve Team Table roll) per post-match sequence.").format(name=team.name))  # fmt: skip


def affairs_after(
    session: Session, team_id: int, match_id: int, *, kinds: tuple[str, ...] = (Kind.UPKEEP, Kind.COACH_LEFT)
) -> bool:
    """The team's reserve affairs after this match have begun (the upkeep was paid, or the coach left)."""
    return bool(
        session.scalar(
            select(func.count()).where(
                ReserveEvent.team_id == team_id, ReserveEvent.kind.in_(kinds), ReserveEvent.match_id == match_id
            )
        )
    )


def coach_left(session: Session, ruleset: Ruleset, *, team_id: int, match_id: int | None = None) -> Done:
    """The Reserve Coach leaves inside a transaction (see `reserve_coach_leaves`)."""
    team = get_team(session, team_id)
    side = _side_with_coach(session, team)
    _check_match(session, match_id)
    if current_round(session, ruleset, team.id).in_progress:
        raise RuleViolation(
            _("{name} is in the middle of its reserve affairs; finish them first.").format(name=team.name)
        )
    _check_new_round(session, ruleset, team, match_id)
    if side.promising and side.carried:
        detail = _("The {coach} Reserve Coach left, taking +{promising} from Promising youngsters and +{carried} "
                   "carried from an unaffordable roll with him.")  # fmt: skip
    elif side.promising:
        detail = _("The {coach} Reserve Coach left, taking +{promising} from Promising youngsters with him.")
    elif side.carried:
        detail = _("The {coach} Reserve Coach left, taking +{carried} carried from an unaffordable roll with him.")
    else:
        detail = _("The {coach} Reserve Coach left.")
    detail = detail.format(coach=term("table", side.coach_type), promising=side.promising, carried=side.carried)
    coach = side.coach_type
    side.coach_type, side.coach_bonus, side.promising, side.carried, side.hired_at = None, 0, 0, 0, None
    session.add(side)
    _event(session, team, Kind.COACH_LEFT, detail, match_id=match_id)
    return _("the {coach} Reserve Coach of {name} leaves").format(coach=term("table", coach), name=team.name), None


def reserve_coach_leaves(db: LeagueDB, *, team_id: int, match_id: int | None = None) -> Change:
    """The upkeep is not paid: the Reserve Coach leaves with all his stars of the future (every pending bonus)."""
    return _one_step(db, coach_left, team_id=team_id, match_id=match_id)


def _open_round(session: Session, ruleset: Ruleset, team_id: int) -> tuple[Team, ReserveSide, AffairsRound]:
    team = _team(session, ruleset, team_id)
    side = _side_with_coach(session, team)
    return team, side, current_round(session, ruleset, team.id)


def table_rolled(
    session: Session, ruleset: Ruleset, *, team_id: int, roll: dice.Roll | None = None, match_id: int | None = None
) -> Done:
    """The Reserve Team Table roll inside a transaction (see `roll_reserve_table`)."""
    team, side, state = _open_round(session, ruleset, team_id)
    if state.step == Step.UPKEEP:
        raise RuleViolation(_("Pay the Reserve Coach's upkeep before rolling on the Reserve Team Table."))
    if state.step != Step.TABLE:
        raise RuleViolation(
            _("{name} has already rolled on the Reserve Team Table this time.").format(name=team.name)
        )
    _check_match(session, match_id)
    outcome = _apply_table_roll(session, ruleset, team, side, roll, Kind.TABLE, match_id)
    return _("Reserve Team Table roll for {name}: {outcome}").format(name=team.name, outcome=outcome), outcome


def roll_reserve_table(
    db: LeagueDB, *, team_id: int, roll: dice.Roll | None = None, match_id: int | None = None
) -> Change:
    """One roll on the Reserve Team Table after the upkeep; once rolled, its result stands."""
    return _one_step(db, table_rolled, team_id=team_id, roll=roll, match_id=match_id)


def table_rerolled(
    session: Session, ruleset: Ruleset, *, team_id: int, roll: dice.Roll | None = None, match_id: int | None = None
) -> Done:
    """The Goblin/Halfling re-roll inside a transaction (see `reroll_reserve_table`)."""
    team, side, state = _open_round(session, ruleset, team_id)
    race = ruleset.race(team.race)
    if not race.reserve_reroll:
        raise RuleViolation(
            _(
                "Only Goblin and Halfling head coaches may re-roll the Reserve Team Table; {name} is {name2}."
            ).format(name=team.name, name2=race.name)
        )
    if not state.may_reroll(race):
        raise RuleViolation(
            _(
                "The Reserve Team Table may be re-rolled once, after the first roll and before the Player Table; "
                "the second result must be kept."
            )
        )
    _check_match(session, match_id)
    first = rules.reserve_table_row(ruleset, state.table_total)
    if first["result"] == "promising":  # the first result is replaced by the second
        side.promising -= first.get("bonus", 1)
    outcome = _apply_table_roll(session, ruleset, team, side, roll, Kind.REROLL, match_id)
    return _("Reserve Team Table re-roll for {name}: {outcome}").format(name=team.name, outcome=outcome), outcome


def reroll_reserve_table(
    db: LeagueDB, *, team_id: int, roll: dice.Roll | None = None, match_id: int | None = None
) -> Change:
    """A Goblin or Halfling head coach re-rolls the Reserve Team Table once and keeps the second result."""
    return _one_step(db, table_rerolled, team_id=team_id, roll=roll, match_id=match_id)


def _apply_table_roll(session: Session, ruleset: Ruleset, team: Team, side: ReserveSide,
                      given: dice.Roll | None, kind: str, match_id: int | None) -> str:  # fmt: skip
    table = ruleset.table("reserve_team_table")
    roll = dice.accept(given, table["dice"])
    row = rules.reserve_table_row(ruleset, roll.total)
    stored = record_roll(session, roll, "reserve team table" if kind == Kind.TABLE else "reserve team table re-roll",
                         team_id=team.id, match_id=match_id)  # fmt: skip  # i18n: key (a roll's kind)
    if row["result"] == "promising":
        side.promising += row.get("bonus", 1)
    session.add(side)
    outcome = f"{roll.total} – {rules.describe_reserve_row(row)}"
    _event(
        session,
        team,
        kind,
        _("Rolled {outcome}.").format(outcome=outcome),
        dice_roll_id=stored.id,
        match_id=match_id,
    )
    return outcome


def table_skipped(session: Session, ruleset: Ruleset, *, team_id: int, match_id: int | None = None) -> Done:
    """No Reserve Team Table roll, inside a transaction (see `skip_reserve_table`)."""
    team, _side, state = _open_round(session, ruleset, team_id)
    if state.step != Step.TABLE:
        raise RuleViolation(_("There is no Reserve Team Table roll to skip now."))
    _event(session, team, Kind.NO_ROLL, _("Chose not to roll on the Reserve Team Table."), match_id=match_id)
    return _("no Reserve Team Table roll for {name}").format(name=team.name), None


def skip_reserve_table(db: LeagueDB, *, team_id: int, match_id: int | None = None) -> Change:
    """The head coach chooses not to roll on the Reserve Team Table this time."""
    return _one_step(db, table_skipped, team_id=team_id, match_id=match_id)


def player_table_rolled(
    session: Session, ruleset: Ruleset, *, team_id: int, roll: dice.Roll | None = None, match_id: int | None = None
) -> Done:
    """The Player Table roll inside a transaction (see `roll_player_table`)."""
    team, side, state = _open_round(session, ruleset, team_id)
    if state.step != Step.PLAYER_TABLE:
        raise RuleViolation(
            _("The Player Table is rolled only when the Reserve Team Table says a youngster is ready.")
        )
    _check_match(session, match_id)
    modifier = rules.player_table_modifier(side.coach_bonus, side.promising, side.carried)
    roll_ = dice.accept(roll, ruleset.table("player_table")["dice"], modifier=modifier)
    value = rules.player_table_value(ruleset, roll_.total)
    stored = record_roll(session, roll_, "player table", team_id=team.id, match_id=match_id)
    offered = rules.offered_positions(ruleset.race(team.race), value, taken_positions(session, team))
    side.promising, side.carried = 0, 0
    _event(session, team, Kind.PLAYER_TABLE, _("Rolled {roll}: a player worth up to {gold}.").format(
           roll=roll_text(roll_), gold=gp(value)), dice_roll_id=stored.id, match_id=match_id)  # fmt: skip
    if not offered:
        side.carried = rules.unaffordable_bonus(ruleset)
        _event(session, team, Kind.NOTHING_AFFORDABLE,
               _("No allowed position costs {gold} or less: no player, +{bonus} on the next Player Table roll.").format(
                   gold=gp(value), bonus=side.carried), match_id=match_id)  # fmt: skip
    session.add(side)
    label = _("Player Table roll for {name}: {total}, up to {gold}").format(
        name=team.name, total=roll_.total, gold=gp(value)
    )
    return label, (value, tuple(p.name for p in offered))


def roll_player_table(
    db: LeagueDB, *, team_id: int, roll: dice.Roll | None = None, match_id: int | None = None
) -> Change:
    """The Player Table, with the coach's bonus, every Promising bonus and the carried +2 (all used up).

    Nothing affordable (no allowed position up to the rolled value): no player, +2 on the next roll.
    The result is the rolled value (gp) and the positions offered.
    """
    return _one_step(db, player_table_rolled, team_id=team_id, roll=roll, match_id=match_id)


def _waiting_player(session: Session, ruleset: Ruleset, team_id: int) -> tuple[Team, AffairsRound]:
    team, _side, state = _open_round(session, ruleset, team_id)
    if state.step != Step.NEW_PLAYER:
        raise RuleViolation(
            _("{name} has no free player from the reserves waiting to join.").format(name=team.name)
        )
    return team, state


def reserve_player_added(
    session: Session,
    ruleset: Ruleset,
    *,
    team_id: int,
    position: str,
    name: str,
    number: int | None = None,
    retire_player_id: int | None = None,
    match_id: int | None = None,
) -> Done:
    """The free player joins, inside a transaction (see `add_reserve_player`)."""
    team, state = _waiting_player(session, ruleset, team_id)
    race = ruleset.race(team.race)
    pos = race.position(position)
    why = rules.why_not_offered(pos, state.player_value, taken_positions(session, team))
    if why:
        raise RuleViolation(why)
    _make_room(session, ruleset, team, retire_player_id)
    player = new_player(session, ruleset, team, position=position, name=name, number=number, origin="reserve")
    label = position_label(team.race, position)
    _event(session, team, Kind.NEW_PLAYER, _("{name}, {position}, joined from the reserves (free).").format(
           name=player.name, position=label), player_id=player.id, match_id=match_id)  # fmt: skip
    return _("free reserve player {name}, {position}").format(name=player.name, position=label), player.id


def add_reserve_player(
    db: LeagueDB,
    *,
    team_id: int,
    position: str,
    name: str,
    number: int | None = None,
    retire_player_id: int | None = None,
    match_id: int | None = None,
) -> Change:
    """Add the free player the Player Table offered (no gold). A team of 16 retires someone first."""
    return _one_step(db, reserve_player_added, team_id=team_id, position=position, name=name, number=number,
                     retire_player_id=retire_player_id, match_id=match_id)  # fmt: skip


def _make_room(session: Session, ruleset: Ruleset, team: Team, retire_player_id: int | None) -> None:
    most = ruleset.table("team_rules")["max_players"]
    if retire_player_id is None:
        if roster_count(session, team.id) >= most:
            raise RuleViolation(
                _(
                    "{name} already has {most} players: retire one to make room, or lose the new player for good."
                ).format(name=team.name, most=most)
            )
        return
    retiree = get_player(session, retire_player_id)
    if retiree.team_id != team.id or retiree.status not in PlayerStatus.ON_ROSTER:
        raise RuleViolation(
            _("{name} is not on {owner} roster.").format(
                name=retiree.name, owner=possessive(team.name), owner_name=team.name
            )
        )
    retiree.status = PlayerStatus.RETIRED
    session.add(retiree)
    end_contracts(session, retiree)
    _event(session, team, Kind.RETIRED, _("{name} retired to make room for a player from the reserves.").format(
           name=retiree.name), player_id=retiree.id)  # fmt: skip
    session.flush()


def reserve_player_lost(session: Session, ruleset: Ruleset, *, team_id: int, match_id: int | None = None) -> Done:
    """The free player is lost, inside a transaction (see `let_reserve_player_go`)."""
    team, state = _waiting_player(session, ruleset, team_id)
    _event(session, team, Kind.LET_GO, _("The free player worth up to {gold} was lost for good.").format(
           gold=gp(state.player_value)), match_id=match_id)  # fmt: skip
    return _("{name} loses the free reserve player").format(name=team.name), None


def let_reserve_player_go(db: LeagueDB, *, team_id: int, match_id: int | None = None) -> Change:
    """The free player is not added (a full team, or the coach's choice): he is lost for good."""
    return _one_step(db, reserve_player_lost, team_id=team_id, match_id=match_id)


# -- drafting (Hire Freebooters) ------------------------------------------------------------------------
def draft_player(
    db: LeagueDB,
    *,
    team_id: int,
    position: str,
    name: str,
    number: int | None = None,
    roll: dice.Roll | None = None,
    match_id: int | None = None,
) -> Change:
    """Draft a player from the reserves at half cost, with one unmodified Rookie Table roll (floors apply).

    Only in Hire Freebooters of the pre-match sequence of `match_id` (the league's clock), before the
    handicaps are rolled: the player plays that fixture. His value stays the full cost (the team rating, and
    so the handicaps, count it). The result is (player id, RookieOutcome).
    """
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        team = _team(session, ruleset, team_id)
        match = require_pre_match(session, team, match_id)
        if (match.pre_match or {}).get("handicaps"):
            raise RuleViolation(
                _(
                    "Hire Freebooters comes before the handicaps, and the handicaps of this fixture have been "
                    "rolled from the teams' ratings: undo them first to draft a player."
                )
            )
        refusal = rules.draft_refusal(
            has_reserve_side=has_reserve_side(session, team), available=available_count(session, team.id),
            on_roster=roster_count(session, team.id), ruleset=ruleset,
        )  # fmt: skip
        if refusal:
            raise RuleViolation(refusal)
        race = ruleset.race(team.race)
        pos = race.position(position)
        if pos not in rules.draft_positions(race):
            raise RuleViolation(
                _("{a} cannot be drafted from the reserves.").format(a=rules.a(pos.name, capital=True))
            )
        cost = rules.draft_cost(pos)
        label = position_label(team.race, position)
        check_affordable(
            team.treasury,
            cost,
            _("Drafting {a} (half of {gold})").format(a=rules.a(label), position=label, gold=gp(pos.cost)),
        )
        player = new_player(session, ruleset, team, position=position, name=name, number=number, origin="drafted")
        post(session, team, -cost, kind="reserve", player_id=player.id, match_id=match_id,
             reason=phrase(sentences.DRAFTED, name=player.name, label=Term("position", label), price=Gold(pos.cost)))  # fmt: skip
        roll_ = dice.accept(roll, ruleset.table("rookie_table")["dice"])
        stored = record_roll(
            session, roll_, "rookie table", team_id=team.id, player_id=player.id, match_id=match_id
        )
        outcome = rules.rookie_outcome(ruleset, roll_.total, current={s: getattr(player, s) for s in STATS},
                                       original={s: pos.stat(s) for s in STATS})  # fmt: skip
        if outcome.applied:
            setattr(player, outcome.stat, outcome.after)
            session.add(player)
        _event(session, team, Kind.DRAFT, f"Drafted {player.name}, {label}, for {gp(cost)}. Rookie Table "
               f"{roll_.total}: {outcome.describe(player.name)}", dice_roll_id=stored.id, player_id=player.id,
               match_id=match_id)  # fmt: skip
        tx.label = _("draft of {name}, {label}, from the reserves").format(name=player.name, label=label)
        tx.result = (player.id, outcome)
    return tx.change
