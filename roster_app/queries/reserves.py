"""Read side of reserve teams: what the Reserves tab, the reserve affairs dialog and the draft dialog show.

Frozen rows only (never ORM rows), built from a few queries and the pure rules in rules/reserves.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.i18n import _
from roster_app.queries.fetch import roster_count
from roster_app.rules import reserves as rules
from roster_app.rules.dice import Roll
from roster_app.rules.reserves import AffairsRound, Kind
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Position, Ruleset
from roster_app.store.db import LeagueDB
from roster_app.store.models import DiceRoll, Player, PlayerStatus, ReserveEvent, ReserveSide, Team
from roster_app.words import count


# -- the team's reserve state (read inside a transaction; the reserves services ask the same) ------
def reserve_side(session: Session, team: Team) -> ReserveSide | None:
    return session.scalars(select(ReserveSide).where(ReserveSide.team_id == team.id)).first()


def has_reserve_side(session: Session, team: Team) -> bool:
    """Approved by the commissioner and with a Reserve Coach now."""
    side = reserve_side(session, team)
    return bool(team.reserves_approved and side is not None and side.coach_type)


def available_count(session: Session, team_id: int) -> int:
    """Players who could start the next match: active ones (not those missing the next game)."""
    return session.scalar(
        select(func.count()).where(Player.team_id == team_id, Player.status == PlayerStatus.ACTIVE)
    )


def taken_positions(session: Session, team: Team) -> Counter[str]:
    """The team's players of its own list on the roster, by position."""
    rows = session.scalars(
        select(Player.position).where(
            Player.team_id == team.id, Player.race == team.race, Player.status.in_(PlayerStatus.ON_ROSTER)
        )
    ).all()
    return Counter(rows)


def _round_start(session: Session, team_id: int) -> int | None:
    """The event that began the team's current round (the last upkeep or coach change), if any."""
    return session.scalar(
        select(func.max(ReserveEvent.id)).where(
            ReserveEvent.team_id == team_id, ReserveEvent.kind.in_(Kind.STARTS)
        )
    )


def round_events(session: Session, team_id: int) -> list[tuple[str, int | None]]:
    """(kind, roll total) of the team's events since the round began (the last upkeep or coach change)."""
    start = _round_start(session, team_id)
    if start is None:
        return []
    query = (
        select(ReserveEvent.kind, DiceRoll.total)
        .outerjoin(DiceRoll, DiceRoll.id == ReserveEvent.dice_roll_id)
        .where(ReserveEvent.team_id == team_id, ReserveEvent.id >= start)
        .order_by(ReserveEvent.id)
    )
    return [(kind, total) for kind, total in session.execute(query)]


def round_dice(session: Session, team_id: int) -> list[tuple[str, tuple[int, ...], bool, int]]:
    """(kind, faces, typed in, modifier) of the rolls of the team's current round, in order (a round continued)."""
    start = _round_start(session, team_id)
    if start is None:
        return []
    query = (
        select(ReserveEvent.kind, DiceRoll.faces, DiceRoll.typed, DiceRoll.modifier)
        .join(DiceRoll, DiceRoll.id == ReserveEvent.dice_roll_id)
        .where(ReserveEvent.team_id == team_id, ReserveEvent.id >= start)
        .order_by(ReserveEvent.id)
    )
    return [(kind, tuple(faces), bool(typed), modifier) for kind, faces, typed, modifier in session.execute(query)]


def current_round(session: Session, ruleset: Ruleset, team_id: int) -> AffairsRound:
    return rules.affairs_round(round_events(session, team_id), ruleset)


@dataclass(frozen=True)
class CoachTypeRow:
    name: str
    cost: int
    bonus: int


@dataclass(frozen=True)
class PositionOffer:
    """One position of the team list, with why it cannot be taken now (None: it can)."""

    name: str
    cost: int
    price: int  # what the team pays: 0 for a free reserve player, half the cost for a draft
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[str, ...]
    taken: int
    limit: int
    problem: str | None


@dataclass(frozen=True)
class RosterLine:
    id: int
    number: int
    name: str
    position: str


@dataclass(frozen=True)
class ReservesInfo:
    team_id: int
    team_name: str
    race: str
    treasury: int
    refusal: str | None  # why this team may never have a reserve team
    approved: bool
    coach_type: str | None
    coach_bonus: int
    promising: int
    carried: int
    upkeep: int
    coach_types: tuple[CoachTypeRow, ...]
    round: AffairsRound
    may_reroll: bool
    on_roster: int
    available: int
    max_players: int
    draft_refusal: str | None

    @property
    def has_coach(self) -> bool:
        return bool(self.coach_type)

    @property
    def player_table_modifier(self) -> int:
        return rules.player_table_modifier(self.coach_bonus, self.promising, self.carried)

    @property
    def roster_full(self) -> bool:
        return self.on_roster >= self.max_players


@dataclass(frozen=True)
class ReserveEventRow:
    id: int
    created_at: datetime
    kind: str
    title: str
    detail: str
    roll: str  # the dice as rolled, e.g. "D6: 4 + 1 = 5 (typed in)", or ""


def reserves_info(db: LeagueDB, team_id: int) -> ReservesInfo | None:
    ruleset = db.ruleset
    with db.read() as session:
        team = session.get(Team, team_id)
        if team is None:
            return None
        race = ruleset.race(team.race)
        side = reserve_side(session, team)
        affairs = current_round(session, ruleset, team.id)
        on_roster, available = roster_count(session, team.id), available_count(session, team.id)
        draft_refusal = rules.draft_refusal(
            has_reserve_side=has_reserve_side(session, team), available=available, on_roster=on_roster,
            ruleset=ruleset,
        )  # fmt: skip
        return ReservesInfo(
            team_id=team.id, team_name=team.name, race=team.race, treasury=team.treasury,
            refusal=rules.reserves_refusal(race), approved=team.reserves_approved,
            coach_type=side.coach_type if side else None, coach_bonus=side.coach_bonus if side else 0,
            promising=side.promising if side else 0, carried=side.carried if side else 0,
            upkeep=rules.upkeep(ruleset),
            coach_types=tuple(CoachTypeRow(c["name"], c["cost"], c["bonus"]) for c in rules.coach_types(ruleset)),
            round=affairs, may_reroll=affairs.may_reroll(race), on_roster=on_roster, available=available,
            max_players=ruleset.table("team_rules")["max_players"], draft_refusal=draft_refusal,
        )  # fmt: skip


def _offer(pos: Position, price: int, taken: int, problem: str | None) -> PositionOffer:
    return PositionOffer(pos.name, pos.cost, price, pos.ma, pos.st, pos.ag, pos.av, pos.skills, taken, pos.max,
                         problem)  # fmt: skip


def reserve_offers(db: LeagueDB, team_id: int, value: int) -> list[PositionOffer]:
    """Every position of the team list for a Player Table value: free if offered, else why not."""
    ruleset = db.ruleset
    with db.read() as session:
        team = session.get(Team, team_id)
        taken = taken_positions(session, team)
    race = ruleset.race(team.race)
    return [_offer(p, 0, taken[p.name], rules.why_not_offered(p, value, taken)) for p in race.positions]


def draft_offers(db: LeagueDB, team_id: int) -> list[PositionOffer]:
    """Every position of the team list at half cost, with why it cannot be drafted now."""
    ruleset = db.ruleset
    with db.read() as session:
        team = session.get(Team, team_id)
        taken = taken_positions(session, team)
        treasury = team.treasury
    race = ruleset.race(team.race)
    allowed = rules.draft_positions(race)
    out = []
    for pos in race.positions:
        price = rules.draft_cost(pos)
        problem = None
        if pos not in allowed:
            problem = _("{a} cannot be drafted from the reserves.").format(a=rules.a(pos.name, capital=True))
        elif taken[pos.name] >= pos.max:
            problem = _("The team already has {count} (its limit).").format(count=count(pos.max, pos.name))
        elif price > treasury:
            problem = _("Drafting costs {gold}; the treasury holds {gold2}.").format(
                gold=gp(price), gold2=gp(treasury)
            )
        out.append(_offer(pos, price, taken[pos.name], problem))
    return out


def roster_lines(db: LeagueDB, team_id: int) -> list[RosterLine]:
    """The players on the roster (for choosing who retires to make room)."""
    with db.read() as session:
        rows = session.execute(
            select(Player.id, Player.number, Player.name, Player.position)
            .where(Player.team_id == team_id, Player.status.in_(PlayerStatus.ON_ROSTER))
            .order_by(Player.number)
        ).all()
    return [RosterLine(*row) for row in rows]


def _dice_text(row: DiceRoll | None) -> str:
    """'D6: 4 + 1 = 5 (typed in)' for a stored roll, '' for none."""
    if row is None:
        return ""
    shown = rules.roll_text(Roll(row.dice, tuple(row.faces), row.modifier, row.typed))
    return f"{row.dice}: {shown} ({_('typed in') if row.typed else _('rolled by Dugout')})"


def reserve_history(db: LeagueDB, team_id: int) -> list[ReserveEventRow]:
    """The team's reserve affairs, oldest first, with the dice of every roll."""
    with db.read() as session:
        rows = session.execute(
            select(ReserveEvent, DiceRoll)
            .outerjoin(DiceRoll, DiceRoll.id == ReserveEvent.dice_roll_id)
            .where(ReserveEvent.team_id == team_id)
            .order_by(ReserveEvent.id)
        ).all()
        return [
            ReserveEventRow(
                e.id,
                e.created_at,
                e.kind,
                _(Kind.TITLES[e.kind]) if e.kind in Kind.TITLES else e.kind,
                e.detail,
                _dice_text(r),
            )
            for e, r in rows
        ]
