"""Read side of transfers: the market a buyer sees (with the reason a player cannot be approached), the terms
of one deal, and the league's transfer history with its rolls."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, or_, select
from sqlmodel import Session

from roster_app.i18n import _
from roster_app.queries.clock import Act, moment, seller_wait
from roster_app.queries.contracts import player_position, running_contract
from roster_app.queries.fetch import get_team, position_count, roster_count, used_numbers
from roster_app.queries.rosters import team_fan_factor_in_play, team_sheet
from roster_app.rules.contracts import contract_state, tally_marks
from roster_app.rules.dice import Roll
from roster_app.rules.ruleset import Position, Ruleset
from roster_app.rules.spp import level_name, star_player_rolls
from roster_app.rules.team import team_rating
from roster_app.rules.transfers import (
    Candidate,
    Modifier,
    approach_problem,
    is_ally,
    price_floor,
    reaction,
    reaction_dice,
    reaction_modifiers,
    tribunal_dice,
    tribunal_fixed,
    tribunal_price,
)
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, DiceRoll, Match, Player, PlayerStatus, Team, Transfer
from roster_app.store.statuses import ContractStatus, TransferStatus


# -- the terms of a deal (read inside a transaction; the transfer services check the same) ---------
def naive_utc(moment: datetime | None) -> datetime | None:
    """Stored times are UTC; SQLite gives them back without a zone, fresh objects have one."""
    if moment is None or moment.tzinfo is None:
        return moment
    return moment.astimezone(UTC).replace(tzinfo=None)


def last_match(session: Session, team_id: int) -> datetime | None:
    """When the team last played (a match that is no longer just scheduled)."""
    return naive_utc(
        session.scalar(
            select(func.max(Match.played_at)).where(
                Match.status != "scheduled", or_(Match.home_team_id == team_id, Match.away_team_id == team_id)
            )
        )
    )


def last_approach(session: Session, player_id: int, *, exclude: int | None = None) -> datetime | None:
    query = select(func.max(Transfer.created_at)).where(Transfer.player_id == player_id)
    if exclude is not None:
        query = query.where(Transfer.id != exclude)
    return naive_utc(session.scalar(query))


def candidate(
    session: Session, ruleset: Ruleset, player: Player, buyer: Team, *, exclude: int | None = None
) -> Candidate:
    seller = get_team(session, player.team_id)
    return Candidate(
        name=player.name, team=seller.name, position=player_position(ruleset, player),
        on_roster=player.status in PlayerStatus.ON_ROSTER, seller_players=roster_count(session, seller.id),
        buyer=buyer.name, buyer_players=roster_count(session, buyer.id),
        buyer_position_count=position_count(session, buyer.id, player.race, player.position),
        same_team=seller.id == buyer.id, last_approach=last_approach(session, player.id, exclude=exclude),
        last_match=last_match(session, seller.id), waiting=moment(session, buyer).refusal(Act.TRANSFERS) or seller_wait(session, seller),
        position_name=player.position,
    )  # fmt: skip


@dataclass(frozen=True)
class Side:
    """One team in a deal, as the wizard shows it."""

    id: int
    name: str
    coach: str
    race: str
    treasury: int
    rating: int
    fan_factor: int  # the one the team plays with (its allies' penalty included): the Player Reaction compares it
    players: int


@dataclass(frozen=True)
class DealTerms:
    """Everything steps 2-10 need to know about one player and one buyer."""

    player_id: int
    player: str
    number: int
    race: str
    position: Position | None
    spp: int
    rolls: int
    original_cost: int
    under_contract: bool
    contract: tuple[int, int] | None  # (length, served)
    seller: Side
    buyer: Side
    buyer_numbers: frozenset[int]
    ally: bool
    modifiers: tuple[Modifier, ...]
    fixed: int  # the Tribunal Table's fixed part
    reaction_dice: str
    tribunal_dice: str

    @property
    def modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def rookie(self) -> bool:
        return self.rolls < 1

    def floor(self, result: str, ruleset: Ruleset) -> int:
        return price_floor(self.original_cost, result=result, ruleset=ruleset)

    def free_agent_price(self, tribunal: Roll, result: str, ruleset: Ruleset) -> int:
        cost = self.position.cost if self.position else self.original_cost
        return tribunal_price(cost, self.rolls, tribunal, result=result, ruleset=ruleset)

    def new_number(self) -> int:
        """His own number if it is free on the buyer's roster, else the first free one."""
        if self.number not in self.buyer_numbers:
            return self.number
        return next(n for n in range(1, 100) if n not in self.buyer_numbers)


def _side(session: Session, ruleset: Ruleset, team: Team) -> Side:
    sheet = team_sheet(session, team)
    return Side(team.id, team.name, team.coach, team.race, team.treasury, team_rating(sheet, ruleset),
                team_fan_factor_in_play(session, ruleset, team), len(sheet.players))  # fmt: skip


def deal_terms(session: Session, ruleset: Ruleset, player: Player, buyer: Team) -> DealTerms:
    seller = get_team(session, player.team_id)
    contract = running_contract(session, player.id)
    position = player_position(ruleset, player)
    seller_side, buyer_side = _side(session, ruleset, seller), _side(session, ruleset, buyer)
    modifiers = reaction_modifiers(
        buyer_rating=buyer_side.rating, seller_rating=seller_side.rating, buyer_fan_factor=buyer_side.fan_factor,
        seller_fan_factor=seller_side.fan_factor, under_contract=contract is not None, ruleset=ruleset,
    )  # fmt: skip
    rolls = star_player_rolls(player.spp, ruleset)
    return DealTerms(
        player_id=player.id, player=player.name, number=player.number, race=player.race, position=position,
        spp=player.spp, rolls=rolls, original_cost=player.cost, under_contract=contract is not None,
        contract=(contract.seasons, contract.served) if contract else None, seller=seller_side, buyer=buyer_side,
        buyer_numbers=frozenset(used_numbers(session, buyer.id)), ally=is_ally(player.race, buyer.race),
        modifiers=modifiers, fixed=tribunal_fixed(position.cost if position else player.cost, rolls, ruleset),
        reaction_dice=reaction_dice(ruleset), tribunal_dice=tribunal_dice(ruleset),
    )  # fmt: skip


@dataclass(frozen=True)
class MarketRow:
    id: int  # the player's id
    name: str
    team_id: int
    team: str
    race: str
    position: str
    spp: int
    level: str
    value: int
    contract: str
    under_contract: bool
    ally: bool
    problem: str | None  # why he cannot be approached now

    @property
    def approachable(self) -> bool:
        return self.problem is None


def _last_matches(session) -> dict[int, datetime]:  # noqa: ANN001
    out: dict[int, datetime] = {}
    played = select(Match.home_team_id, Match.away_team_id, Match.played_at).where(
        Match.status != "scheduled", Match.played_at.is_not(None)
    )
    for home, away, when in session.execute(played):
        for team in (home, away):
            if team not in out or naive_utc(when) > out[team]:
                out[team] = naive_utc(when)
    return out


def transfer_market(db: LeagueDB, buyer_team_id: int) -> list[MarketRow]:
    """Every player on another team's roster, with the reason he cannot be approached by the buyer (or None)."""
    ruleset = db.ruleset
    with db.read() as session:
        buyer = session.get(Team, buyer_team_id)
        if buyer is None:
            return []
        teams = {t.id: t for t in session.scalars(select(Team))}
        players = session.scalars(
            select(Player).where(Player.status.in_(PlayerStatus.ON_ROSTER)).order_by(Player.team_id, Player.number)
        ).all()
        on_roster = Counter(p.team_id for p in players)
        buyer_positions = Counter((p.race, p.position) for p in players if p.team_id == buyer.id)
        running = {
            c.player_id: c
            for c in session.scalars(select(Contract).where(Contract.status == ContractStatus.RUNNING))
        }
        approaches = dict(
            session.execute(
                select(Transfer.player_id, func.max(Transfer.created_at)).group_by(Transfer.player_id)
            ).all()
        )
        last_matches = _last_matches(session)
        waits = {team_id: seller_wait(session, team) for team_id, team in teams.items()}
        waits[buyer.id] = moment(session, buyer).refusal(Act.TRANSFERS)
        rows = []
        for p in players:
            if p.team_id == buyer.id:
                continue
            seller = teams[p.team_id]
            position = player_position(ruleset, p)
            problem = approach_problem(Candidate(
                name=p.name, team=seller.name, position=position, on_roster=True,
                seller_players=on_roster[seller.id], buyer=buyer.name, buyer_players=on_roster[buyer.id],
                buyer_position_count=buyer_positions[(p.race, p.position)],
                last_approach=naive_utc(approaches.get(p.id)), last_match=last_matches.get(seller.id),
                waiting=waits[buyer.id] or waits[seller.id], position_name=p.position,
            ), ruleset)  # fmt: skip
            contract = running.get(p.id)
            rows.append(MarketRow(
                id=p.id, name=p.name, team_id=seller.id, team=seller.name, race=p.race, position=p.position,
                spp=p.spp, level=level_name(p.spp, ruleset), value=p.value,
                contract=_("{marks} ({state})").format(marks=tally_marks(contract.served, contract.seasons),
                                                       state=_(contract_state(contract.seasons, contract.served)))
                if contract else _("free agent"),
                under_contract=contract is not None, ally=is_ally(p.race, buyer.race), problem=problem,
            ))  # fmt: skip
    return rows


def deal(db: LeagueDB, player_id: int, buyer_team_id: int) -> DealTerms:
    """The terms of buying `player_id` for the buyer now (names, treasuries, modifiers, tribunal guide)."""
    with db.read() as session:
        return deal_terms(session, db.ruleset, session.get(Player, player_id), session.get(Team, buyer_team_id))


@dataclass(frozen=True)
class TransferRow:
    id: int
    season: int
    created_at: datetime
    player_id: int
    player: str
    seller: str
    buyer: str
    status: str
    under_contract: bool
    ally: bool
    reaction: str
    tribunal: str
    price: int | None
    contract_seasons: int
    seller_id: int = 0  # the teams, for their timelines
    buyer_id: int = 0

    @property
    def reversible(self) -> bool:
        return self.status == TransferStatus.COMPLETED


def roll_text(row: DiceRoll) -> str:
    """'5 + 4 +1 = 10 (typed)': the faces, the modifier and the total of a stored roll."""
    roll = Roll(row.dice, tuple(row.faces), row.modifier, row.typed)
    faces = " + ".join(str(f) for f in roll.faces)
    modifier = f" {roll.modifier:+d}" if roll.modifier else ""
    return f"{faces}{modifier} = {roll.total}{' (typed)' if roll.typed else ''}"


def transfers(db: LeagueDB) -> list[TransferRow]:
    """Every approach and how it ended, newest first, with the rolls made for it."""
    ruleset = db.ruleset
    with db.read() as session:
        names = dict(session.execute(select(Team.id, Team.name)).all())
        rolls: dict[tuple[int, str], str] = {}
        for r in session.scalars(select(DiceRoll).where(DiceRoll.transfer_id.is_not(None)).order_by(DiceRoll.id)):
            said = f": {reaction(r.total, ruleset)['result']}" if r.purpose == "player reaction" else ""
            rolls[(r.transfer_id, r.purpose)] = roll_text(r) + said
        query = (
            select(Transfer, Player.name)
            .join(Player, Player.id == Transfer.player_id)
            .order_by(Transfer.id.desc())
        )
        return [
            TransferRow(
                id=t.id,
                season=t.season,
                created_at=t.created_at,
                player_id=t.player_id,
                player=player,
                seller=names[t.seller_team_id],
                buyer=names[t.buyer_team_id],
                status=t.status,
                under_contract=t.under_contract,
                ally=t.ally,
                reaction=rolls.get((t.id, "player reaction"), ""),
                tribunal=rolls.get((t.id, "tribunal"), ""),
                price=t.price,
                contract_seasons=t.contract_seasons,
                seller_id=t.seller_team_id,
                buyer_id=t.buyer_team_id,
            )  # fmt: skip
            for t, player in session.execute(query)
        ]
