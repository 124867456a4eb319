"""Transfers between teams: the approach (step 2), refusals, pulling out, and steps 6-10 as one transaction.

The approach is written as soon as it is made (it counts even if the deal fails). `complete_transfer` does
steps 6-10 together or not at all: buyer pays, seller is paid (the same sum), the player changes roster,
his new contract is signed through `contracts.sign`, and every roll is stored with the transfer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, or_, select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.queries.rosters import team_sheet
from roster_app.rules.dice import Roll
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Position, Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.rules.team import team_rating
from roster_app.rules.transfers import (
    Candidate,
    Modifier,
    approach_problem,
    is_ally,
    price_floor,
    price_problem,
    reaction,
    reaction_dice,
    reaction_modifiers,
    tribunal_dice,
    tribunal_fixed,
    tribunal_price,
)
from roster_app.services.common import (
    current_season,
    get_player,
    get_team,
    lock_teams,
    position_count,
    post,
    roster_count,
    store_roll,
)
from roster_app.services.contracts import ContractStatus, player_position, running_contract, sign
from roster_app.services.players import first_free_number, used_numbers
from roster_app.services.postmatch.plan import transfers_wait
from roster_app.services.reversal import reverse_ledger_entries
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Contract,
    DiceRoll,
    LedgerEntry,
    Match,
    Player,
    PlayerStatus,
    Team,
    Transfer,
    utcnow,
)


class TransferStatus:
    APPROACHED = "approached"
    REFUSED_BY_COACH = "refused by coach"
    REFUSED_BY_PLAYER = "refused by player"
    PULLED_OUT = "pulled out"
    COMPLETED = "completed"
    REVERSED = "reversed"


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
        last_match=last_match(session, seller.id), waiting=transfers_wait(session, buyer) or transfers_wait(session, seller),
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
    fan_factor: int
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
                team.fan_factor, len(sheet.players))  # fmt: skip


def deal_terms(session: Session, ruleset: Ruleset, player: Player, buyer: Team) -> DealTerms:
    seller = get_team(session, player.team_id)
    contract = running_contract(session, player.id)
    position = player_position(ruleset, player)
    seller_side, buyer_side = _side(session, ruleset, seller), _side(session, ruleset, buyer)
    modifiers = reaction_modifiers(
        buyer_rating=buyer_side.rating, seller_rating=seller_side.rating, buyer_fan_factor=buyer.fan_factor,
        seller_fan_factor=seller.fan_factor, under_contract=contract is not None, ruleset=ruleset,
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


# -- step 2 and the ways a deal ends early ----------------------------------------------------------


def record_approach(db: LeagueDB, *, player_id: int, buyer_team_id: int) -> Change:
    """Step 2: the buyer tells the player's head coach. The approach counts even if the deal fails."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        player = get_player(session, player_id)
        buyer = get_team(session, buyer_team_id)
        problem = approach_problem(candidate(session, ruleset, player, buyer), ruleset)
        if problem:
            raise RuleViolation(problem)
        transfer = Transfer(
            season=current_season(session), player_id=player.id, seller_team_id=player.team_id,
            buyer_team_id=buyer.id, under_contract=running_contract(session, player.id) is not None,
            ally=is_ally(player.race, buyer.race),
        )  # fmt: skip
        session.add(transfer)
        session.flush()
        tx.label = f"approach for {player.name} by {buyer.name}"
        tx.result = transfer.id
    return tx.change


def _open_transfer(session: Session, transfer_id: int) -> Transfer:
    transfer = session.get(Transfer, transfer_id)
    if transfer is None:
        raise RuleViolation("That approach is not in the league file.")
    if transfer.status != TransferStatus.APPROACHED:
        raise RuleViolation(f"This deal is already over ({transfer.status}).")
    return transfer


def _store_roll(session: Session, roll: Roll, purpose: str, transfer: Transfer) -> DiceRoll:
    return store_roll(session, roll, purpose, team_id=transfer.buyer_team_id, player_id=transfer.player_id,
                      transfer_id=transfer.id)  # fmt: skip


def _names(session: Session, transfer: Transfer) -> tuple[str, str, str]:
    return (
        get_player(session, transfer.player_id).name,
        get_team(session, transfer.seller_team_id).name,
        get_team(session, transfer.buyer_team_id).name,
    )


def refuse_by_coach(db: LeagueDB, *, transfer_id: int) -> Change:
    """Step 3: the head coach of a player under contract refuses to sell; the deal ends."""
    with db.write() as tx:
        transfer = _open_transfer(tx.session, transfer_id)
        if not transfer.under_contract:
            raise RuleViolation("The player is a free agent: his head coach has no say in the approach.")
        transfer.status = TransferStatus.REFUSED_BY_COACH
        tx.session.add(transfer)
        player, seller, _buyer = _names(tx.session, transfer)
        tx.label = f"{seller} refuse to sell {player}"
        tx.result = transfer.id
    return tx.change


def _terms_of(session: Session, ruleset: Ruleset, transfer: Transfer) -> DealTerms:
    player = get_player(session, transfer.player_id)
    return deal_terms(session, ruleset, player, get_team(session, transfer.buyer_team_id))


def _checked_reaction(terms: DealTerms, ruleset: Ruleset, roll: Roll) -> str:
    """The reaction result for `roll`, refusing dice or modifiers that do not fit this deal now."""
    if roll.dice != terms.reaction_dice:
        raise RuleViolation(f"The Player Reaction roll is {terms.reaction_dice}, not {roll.dice}.")
    if roll.modifier != terms.modifier:
        raise RuleViolation(
            f"The Player Reaction modifiers for this deal add up to {terms.modifier:+d}, not {roll.modifier:+d}."
        )
    return reaction(roll.total, ruleset)["result"]


def refuse_by_player(db: LeagueDB, *, transfer_id: int, reaction_roll: Roll) -> Change:
    """Step 4: the Player Reaction roll says he refuses; no new approach until after his team's next match."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        transfer = _open_transfer(session, transfer_id)
        result = _checked_reaction(_terms_of(session, ruleset, transfer), ruleset, reaction_roll)
        if result != "refuses":
            raise RuleViolation(f"A total of {reaction_roll.total} means the player {result}; he does not refuse.")
        _store_roll(session, reaction_roll, "player reaction", transfer)
        transfer.status = TransferStatus.REFUSED_BY_PLAYER
        transfer.reaction_total = reaction_roll.total
        session.add(transfer)
        player, _seller, buyer = _names(session, transfer)
        tx.label = f"{player} refuses {buyer}'s approach"
        tx.result = transfer.id
    return tx.change


def pull_out(
    db: LeagueDB,
    *,
    transfer_id: int,
    reaction_roll: Roll | None = None,
    tribunal_roll: Roll | None = None,
    price: int | None = None,
) -> Change:
    """Step 5: the buyer will not (or cannot) pay; the deal falls through. The rolls made are kept."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        transfer = _open_transfer(session, transfer_id)
        if reaction_roll is not None:
            _checked_reaction(_terms_of(session, ruleset, transfer), ruleset, reaction_roll)
            _store_roll(session, reaction_roll, "player reaction", transfer)
            transfer.reaction_total = reaction_roll.total
        if tribunal_roll is not None:
            _store_roll(session, tribunal_roll, "tribunal", transfer)
        transfer.price = price
        transfer.status = TransferStatus.PULLED_OUT
        session.add(transfer)
        player, _seller, buyer = _names(session, transfer)
        tx.label = f"{buyer} pull out of buying {player}"
        tx.result = transfer.id
    return tx.change


# -- steps 6-10 -------------------------------------------------------------------------------------


def _check_price(terms: DealTerms, ruleset: Ruleset, result: str, price: int, tribunal: Roll | None) -> None:
    if terms.under_contract:
        problem = price_problem(price, terms.floor(result, ruleset))
        if problem:
            raise RuleViolation(problem)
        return
    if tribunal is None:
        raise RuleViolation("A free agent's price is set by the Tribunal Table: roll it first.")
    if tribunal.dice != terms.tribunal_dice or tribunal.modifier:
        raise RuleViolation(f"The Tribunal Table is rolled with {terms.tribunal_dice}, unmodified.")
    expected = terms.free_agent_price(tribunal, result, ruleset)
    if price != expected:
        raise RuleViolation(f"The tribunal's price for this free agent is {gp(expected)}, not {gp(price)}.")


def _move_player(session: Session, player: Player, buyer: Team, number: int | None) -> tuple[int, int]:
    """Steps 8 and 9: off the old roster, onto the new one (a free number); returns (old, new) number."""
    taken = used_numbers(session, buyer.id)
    if number is None:
        number = player.number if player.number not in taken else first_free_number(session, buyer.id)
    elif number in taken or not 1 <= number <= 99:
        raise RuleViolation(f"Number {number} cannot be used on {buyer.name}'s roster (taken or not 1-99).")
    old = running_contract(session, player.id)
    if old is not None:
        old.status = ContractStatus.TRANSFERRED
        session.add(old)
    before = player.number
    player.team_id = buyer.id
    player.number = number
    session.add(player)
    return before, number


def complete_transfer(
    db: LeagueDB,
    *,
    transfer_id: int,
    reaction_roll: Roll,
    price: int,
    tribunal_roll: Roll | None = None,
    contract_seasons: int | None = None,
    number: int | None = None,
) -> Change:
    """Steps 6-10 in one transaction: pay, be paid, move the player, sign his contract, store the rolls."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        transfer = _open_transfer(session, transfer_id)
        lock_teams(session, transfer.buyer_team_id, transfer.seller_team_id)
        player = get_player(session, transfer.player_id)
        buyer, seller = get_team(session, transfer.buyer_team_id), get_team(session, transfer.seller_team_id)
        if player.team_id != seller.id:
            raise RuleViolation(f"{player.name} no longer plays for {seller.name}.")
        problem = approach_problem(candidate(session, ruleset, player, buyer, exclude=transfer.id), ruleset)
        if problem:
            raise RuleViolation(problem)
        terms = deal_terms(session, ruleset, player, buyer)
        result = _checked_reaction(terms, ruleset, reaction_roll)
        if result == "refuses":
            raise RuleViolation(f"A reaction of {reaction_roll.total} means {player.name} refuses the approach.")
        _check_price(terms, ruleset, result, price, tribunal_roll)
        if terms.rookie and contract_seasons:
            raise RuleViolation(f"{player.name} is a Rookie: Rookies transferred do not sign contracts.")
        if not terms.rookie and not contract_seasons:
            raise RuleViolation(f"{player.name} must sign a contract with {buyer.name} at once (step 10).")

        _store_roll(session, reaction_roll, "player reaction", transfer)
        if tribunal_roll is not None:
            _store_roll(session, tribunal_roll, "tribunal", transfer)
        links = {"player_id": player.id, "transfer_id": transfer.id}
        post(session, buyer, -price, kind="transfer", reason=f"Bought {player.name} from {seller.name}", **links)
        post(session, seller, price, kind="transfer", reason=f"Sold {player.name} to {buyer.name}", **links)
        _move_player(session, player, buyer, number)
        if contract_seasons:
            sign(session, ruleset, player, contract_seasons, transfer_id=transfer.id)
        transfer.status = TransferStatus.COMPLETED
        transfer.reaction_total = reaction_roll.total
        transfer.price = price
        transfer.contract_seasons = contract_seasons or 0
        transfer.completed_at = utcnow()
        session.add(transfer)
        tx.label = f"transfer of {player.name} from {seller.name} to {buyer.name} for {gp(price)}"
        tx.result = transfer.id
    return tx.change


# -- the commissioner's reversal --------------------------------------------------------------------


def reverse_transfer(db: LeagueDB, *, transfer_id: int) -> Change:
    """Undo a completed transfer with reversing ledger rows (never deleting history); the player goes back."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        transfer = session.get(Transfer, transfer_id)
        if transfer is None or transfer.status != TransferStatus.COMPLETED:
            raise RuleViolation("Only a completed transfer can be reversed.")
        lock_teams(session, transfer.buyer_team_id, transfer.seller_team_id)
        player = get_player(session, transfer.player_id)
        buyer, seller = get_team(session, transfer.buyer_team_id), get_team(session, transfer.seller_team_id)
        if player.team_id != buyer.id or player.status not in PlayerStatus.ON_ROSTER:
            raise RuleViolation(
                f"{player.name} is no longer on {buyer.name}'s roster; the transfer cannot be reversed."
            )
        later = select(Transfer.id).where(
            Transfer.player_id == player.id, Transfer.status == TransferStatus.COMPLETED,
            Transfer.completed_at > transfer.completed_at,
        )  # fmt: skip
        if session.scalars(later).first() is not None:  # his contracts since would be left running
            raise RuleViolation(
                f"{player.name} has been transferred again since; reverse his latest transfer first."
            )
        if roster_count(session, seller.id) >= ruleset.table("team_rules")["max_players"]:
            raise RuleViolation(
                f"{seller.name} already has 16 players; there is no room to take {player.name} back."
            )
        entries = session.scalars(
            select(LedgerEntry).where(LedgerEntry.transfer_id == transfer.id, LedgerEntry.reverses_id.is_(None))
        ).all()
        reversed_ids = set(
            session.scalars(
                select(LedgerEntry.reverses_id).where(LedgerEntry.reverses_id.in_([e.id for e in entries]))
            )
        )
        open_entries = sorted((e for e in entries if e.id not in reversed_ids), key=lambda e: -e.amount)
        # pay back before taking back, so no treasury dips below zero on the way
        reverse_ledger_entries(session, open_entries, "Transfer reversed by the commissioner")
        new = session.scalars(select(Contract).where(Contract.transfer_id == transfer.id)).all()
        for contract in new:
            contract.status = ContractStatus.REVERSED
            session.add(contract)
        old = session.scalars(
            select(Contract)
            .where(Contract.player_id == player.id, Contract.team_id == seller.id,
                   Contract.status == ContractStatus.TRANSFERRED)
            .order_by(Contract.id.desc())
        ).first()  # fmt: skip
        if old is not None:
            old.status = ContractStatus.RUNNING
            session.add(old)
        if player.number in used_numbers(session, seller.id):
            player.number = first_free_number(session, seller.id)
        player.team_id = seller.id
        session.add(player)
        transfer.status = TransferStatus.REVERSED
        session.add(transfer)
        tx.label = f"reversal of the transfer of {player.name} to {buyer.name}"
        tx.result = transfer.id
    return tx.change
