"""Transfers between teams: the approach (step 2), refusals, pulling out, and steps 6-10 as one transaction.

The approach is written as soon as it is made (it counts even if the deal fails). `complete_transfer` does
steps 6-10 together or not at all: buyer pays, seller is paid (the same sum), the player changes roster,
his new contract is signed through `contracts.sign`, and every roll is stored with the transfer.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.phrases import ledger as sentences
from roster_app.phrases import phrase
from roster_app.queries.contracts import running_contract
from roster_app.queries.fetch import (
    current_season,
    first_free_number,
    get_player,
    get_team,
    roster_count,
    used_numbers,
)
from roster_app.queries.transfers import DealTerms, candidate, deal_terms
from roster_app.rules.dice import Roll
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.transfers import (
    approach_problem,
    is_ally,
    price_problem,
    reaction,
)
from roster_app.services.common import lock_teams, post, store_roll
from roster_app.services.contracts import sign
from roster_app.services.reversal import reverse_ledger_entries
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Contract,
    DiceRoll,
    LedgerEntry,
    Player,
    PlayerStatus,
    Team,
    Transfer,
    utcnow,
)
from roster_app.store.statuses import ContractStatus, TransferStatus
from roster_app.words import possessive

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
        tx.label = _("approach for {name} by {name2}").format(name=player.name, name2=buyer.name)
        tx.result = transfer.id
    return tx.change


def _open_transfer(session: Session, transfer_id: int) -> Transfer:
    transfer = session.get(Transfer, transfer_id)
    if transfer is None:
        raise RuleViolation(_("That approach is not in the league file."))
    if transfer.status != TransferStatus.APPROACHED:
        raise RuleViolation(_("This deal is already over ({status}).").format(status=transfer.status))
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
            raise RuleViolation(_("The player is a free agent: his head coach has no say in the approach."))
        transfer.status = TransferStatus.REFUSED_BY_COACH
        tx.session.add(transfer)
        player, seller, _buyer = _names(tx.session, transfer)
        tx.label = _("{seller} refuse to sell {player}").format(seller=seller, player=player)
        tx.result = transfer.id
    return tx.change


def _terms_of(session: Session, ruleset: Ruleset, transfer: Transfer) -> DealTerms:
    player = get_player(session, transfer.player_id)
    return deal_terms(session, ruleset, player, get_team(session, transfer.buyer_team_id))


def _checked_reaction(terms: DealTerms, ruleset: Ruleset, roll: Roll) -> str:
    """The reaction result for `roll`, refusing dice or modifiers that do not fit this deal now."""
    if roll.dice != terms.reaction_dice:
        raise RuleViolation(
            _("The Player Reaction roll is {reaction_dice}, not {dice}.").format(
                reaction_dice=terms.reaction_dice, dice=roll.dice
            )
        )
    if roll.modifier != terms.modifier:
        raise RuleViolation(
            _("The Player Reaction modifiers for this deal add up to {modifier:+d}, not {modifier2:+d}.").format(
                modifier=terms.modifier, modifier2=roll.modifier
            )
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
            raise RuleViolation(
                _("A total of {total} means the player {result}; he does not refuse.").format(
                    total=reaction_roll.total, result=result
                )
            )
        _store_roll(session, reaction_roll, "player reaction", transfer)
        transfer.status = TransferStatus.REFUSED_BY_PLAYER
        transfer.reaction_total = reaction_roll.total
        session.add(transfer)
        player, _seller, buyer = _names(session, transfer)
        tx.label = _("{player} refuses {owner} approach").format(
            player=player, owner=possessive(buyer), name=buyer
        )
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
        tx.label = _("{buyer} pull out of buying {player}").format(buyer=buyer, player=player)
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
        raise RuleViolation(_("A free agent's price is set by the Tribunal Table: roll it first."))
    if tribunal.dice != terms.tribunal_dice or tribunal.modifier:
        raise RuleViolation(
            _("The Tribunal Table is rolled with {tribunal_dice}, unmodified.").format(
                tribunal_dice=terms.tribunal_dice
            )
        )
    expected = terms.free_agent_price(tribunal, result, ruleset)
    if price != expected:
        raise RuleViolation(
            _("The tribunal's price for this free agent is {gold}, not {gold2}.").format(
                gold=gp(expected), gold2=gp(price)
            )
        )


def _move_player(session: Session, player: Player, buyer: Team, number: int | None) -> tuple[int, int]:
    """Steps 8 and 9: off the old roster, onto the new one (a free number); returns (old, new) number."""
    taken = used_numbers(session, buyer.id)
    if number is None:
        number = player.number if player.number not in taken else first_free_number(session, buyer.id)
    elif number in taken or not 1 <= number <= 99:
        raise RuleViolation(
            _("Number {number} cannot be used on {owner} roster (taken or not 1-99).").format(
                number=number, owner=possessive(buyer.name), name=buyer.name
            )
        )
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
            raise RuleViolation(
                _("{name} no longer plays for {name2}.").format(name=player.name, name2=seller.name)
            )
        problem = approach_problem(candidate(session, ruleset, player, buyer, exclude=transfer.id), ruleset)
        if problem:
            raise RuleViolation(problem)
        terms = deal_terms(session, ruleset, player, buyer)
        result = _checked_reaction(terms, ruleset, reaction_roll)
        if result == "refuses":
            raise RuleViolation(
                _("A reaction of {total} means {name} refuses the approach.").format(
                    total=reaction_roll.total, name=player.name
                )
            )
        _check_price(terms, ruleset, result, price, tribunal_roll)
        if terms.rookie and contract_seasons:
            raise RuleViolation(
                _("{name} is a Rookie: Rookies transferred do not sign contracts.").format(name=player.name)
            )
        if not terms.rookie and not contract_seasons:
            raise RuleViolation(
                _("{name} must sign a contract with {name2} at once (step 10).").format(
                    name=player.name, name2=buyer.name
                )
            )

        _store_roll(session, reaction_roll, "player reaction", transfer)
        if tribunal_roll is not None:
            _store_roll(session, tribunal_roll, "tribunal", transfer)
        links = {"player_id": player.id, "transfer_id": transfer.id}
        post(session, buyer, -price, kind="transfer", reason=phrase(sentences.BOUGHT_FROM, name=player.name, seller=seller.name),
             **links)  # fmt: skip
        post(session, seller, price, kind="transfer", reason=phrase(sentences.SOLD_TO, name=player.name, buyer=buyer.name),
             **links)  # fmt: skip
        _move_player(session, player, buyer, number)
        if contract_seasons:
            sign(session, ruleset, player, contract_seasons, transfer_id=transfer.id)
        transfer.status = TransferStatus.COMPLETED
        transfer.reaction_total = reaction_roll.total
        transfer.price = price
        transfer.contract_seasons = contract_seasons or 0
        transfer.completed_at = utcnow()
        session.add(transfer)
        tx.label = _("transfer of {name} from {name2} to {name3} for {gold}").format(
            name=player.name, name2=seller.name, name3=buyer.name, gold=gp(price)
        )
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
            raise RuleViolation(_("Only a completed transfer can be reversed."))
        lock_teams(session, transfer.buyer_team_id, transfer.seller_team_id)
        player = get_player(session, transfer.player_id)
        buyer, seller = get_team(session, transfer.buyer_team_id), get_team(session, transfer.seller_team_id)
        if player.team_id != buyer.id or player.status not in PlayerStatus.ON_ROSTER:
            raise RuleViolation(
                _("{name} is no longer on {owner} roster; the transfer cannot be reversed.").format(
                    name=player.name, owner=possessive(buyer.name), owner_name=buyer.name
                )
            )
        later = select(Transfer.id).where(
            Transfer.player_id == player.id, Transfer.status == TransferStatus.COMPLETED,
            Transfer.completed_at > transfer.completed_at,
        )  # fmt: skip
        if session.scalars(later).first() is not None:  # his contracts since would be left running
            raise RuleViolation(
                _("{name} has been transferred again since; reverse his latest transfer first.").format(
                    name=player.name
                )
            )
        if roster_count(session, seller.id) >= ruleset.table("team_rules")["max_players"]:
            raise RuleViolation(
                _("{name} already has 16 players; there is no room to take {name2} back.").format(
                    name=seller.name, name2=player.name
                )
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
        reverse_ledger_entries(session, open_entries, _("Transfer reversed by the commissioner"))
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
        tx.label = _("reversal of the transfer of {name} to {name2}").format(name=player.name, name2=buyer.name)
        tx.result = transfer.id
    return tx.change
