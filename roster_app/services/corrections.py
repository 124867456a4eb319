"""The commissioner's correction: the one path for changing league data outside the league's clock.

Mistakes happen at a real table: gold counted wrongly, SPP missed, a contract written for the wrong length,
dice typed in wrongly. Each function here is one transaction (one undo step) that asks for a reason and the
commissioner's name, changes what it names within what the rules allow outright, and writes a Correction row
(with the ledger row for gold, whose kind is "correction"). A correction of a roll corrects the stored roll
only; what the roll decided is corrected with the other kinds.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from roster_app.errors import NotFound, RuleViolation
from roster_app.i18n import _
from roster_app.phrases import Phrase, phrase
from roster_app.phrases import ledger as sentences
from roster_app.queries.contracts import running_contract
from roster_app.queries.fetch import current_season, get_player, get_team
from roster_app.rules.contracts import check_length, tally_marks
from roster_app.rules.dice import typed_roll
from roster_app.rules.limits import (
    MOST_GOLD,
    MOST_SPP,
    NAME_LENGTH,
    REASON_LENGTH,
    gold_correction_range,
    kept,
    whole,
)
from roster_app.rules.roster import gp
from roster_app.rules.spp import star_player_rolls
from roster_app.services.common import check_version, lock_teams, post
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, Correction, DiceRoll
from roster_app.store.statuses import ContractStatus, PlayerStatus
from roster_app.words import count, possessive

LEDGER_KIND = "correction"


def ledger_reason(made_by: str, reason: str) -> Phrase:
    """How a gold correction reads in the ledger (the commissioner's reason as typed)."""
    return phrase(sentences.CORRECTION, who=made_by, reason=reason)


def _signed_by(made_by: str, reason: str) -> tuple[str, str]:
    """The commissioner's name and the reason, tidied; refused when either is missing or too long to keep."""
    made_by = kept(made_by or "", _("The name of the commissioner who makes a correction"), NAME_LENGTH)
    reason = kept(reason or "", _("A correction's reason"), REASON_LENGTH)
    if not reason:
        raise RuleViolation(
            _("A correction needs a reason: say what went wrong, so the league can read it later.")
        )
    if not made_by:
        raise RuleViolation(_("A correction needs the name of the commissioner who makes it."))
    return made_by, reason


def _whole(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation(_("{what} is a whole number.").format(what=what))
    return value


def _record(
    session: Session, kind: str, made_by: str, reason: str, before: dict, after: dict, **links: Any
) -> None:
    session.add(Correction(kind=kind, made_by=made_by, reason=reason, before=before, after=after,
                           season=current_season(session), **links))  # fmt: skip


# -- gold ------------------------------------------------------------------------------------------
def correct_gold(db: LeagueDB, *, team_id: int, amount: int, reason: str, made_by: str) -> Change:
    """Add gold to a team's treasury (amount > 0) or take it away (< 0), never below 0 gp."""
    made_by, reason = _signed_by(made_by, reason)
    amount = _whole(amount, _("A gold correction"))
    whole(amount, _("A gold correction"), -MOST_GOLD, MOST_GOLD)  # rules/limits.py, before any arithmetic
    if amount == 0:
        raise RuleViolation(_("A gold correction of 0 gp changes nothing: give the gold to add or take away."))
    with db.write() as tx:
        session = tx.session
        lock_teams(session, team_id)
        team = get_team(session, team_id)
        before = team.treasury
        lowest, highest = gold_correction_range(before)
        if amount < lowest:
            raise RuleViolation(
                _(
                    "{name} has {gold} in the treasury: a correction can take at most {gold}, not {gold2}. A treasury "
                    "never goes below 0 gp."
                ).format(name=team.name, gold=gp(before), gold2=gp(-amount))
            )
        if amount > highest:
            raise RuleViolation(
                _(
                    "{name} has {gold} in the treasury: a correction can add at most {gold2}, not {gold3}. A treasury "
                    "holds at most {gold4}."
                ).format(name=team.name, gold=gp(before), gold2=gp(highest), gold3=gp(amount), gold4=gp(MOST_GOLD))
            )
        entry = post(session, team, amount, kind=LEDGER_KIND, reason=ledger_reason(made_by, reason))
        session.flush()
        _record(session, "gold", made_by, reason, {"treasury": before}, {"treasury": team.treasury},
                team_id=team.id, ledger_entry_id=entry.id)  # fmt: skip
        tx.label = _("correction of {owner} treasury: {value}{gold}").format(
            owner=possessive(team.name), value="+" if amount > 0 else "", gold=gp(amount), name=team.name
        )
        tx.result = entry.id
    return tx.change


# -- SPP -------------------------------------------------------------------------------------------
def correct_spp(
    db: LeagueDB,
    *,
    player_id: int,
    spp: int,
    reason: str,
    made_by: str,
    rolls_taken: int | None = None,
    expected_version: int | None = None,
) -> Change:
    """Set a player's SPP total (and, if given, the star player rolls he has taken) to what it should be.

    The rolls taken may not exceed what the SPP earn (rules/spp.py)."""
    made_by, reason = _signed_by(made_by, reason)
    spp = _whole(spp, _("SPP"))
    if spp < 0:
        raise RuleViolation(_("SPP cannot be below 0."))
    whole(spp, _("SPP"), 0, MOST_SPP)
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        player = get_player(session, player_id)
        check_version(player, expected_version, player.name)
        rolls = player.rolls_taken if rolls_taken is None else _whole(rolls_taken, _("Star player rolls taken"))
        earned = star_player_rolls(spp, ruleset)
        if rolls < 0:
            raise RuleViolation(_("Star player rolls taken cannot be below 0."))
        if rolls > earned:
            raise RuleViolation(
                _(
                    "{name} has taken {count}, but {spp} SPP earn only {earned}. Correct the rolls taken too, or give "
                    "him the SPP those rolls need."
                ).format(name=player.name, count=count(rolls, "star player roll"), spp=spp, earned=earned)
            )
        before = {"spp": player.spp, "rolls_taken": player.rolls_taken}
        after = {"spp": spp, "rolls_taken": rolls}
        if before == after:
            raise RuleViolation(
                _("{name} already has {spp} SPP and {count} taken.").format(
                    name=player.name, spp=spp, count=count(rolls, "star player roll")
                )
            )
        player.spp, player.rolls_taken = spp, rolls
        session.add(player)
        _record(session, "spp", made_by, reason, before, after, team_id=player.team_id, player_id=player.id)
        tx.label = _("correction of {owner} SPP: {spp} to {spp2}").format(
            owner=possessive(player.name), spp=before["spp"], spp2=spp, name=player.name
        )
    return tx.change


# -- fan factor ------------------------------------------------------------------------------------
def fan_factor_range(db: LeagueDB) -> tuple[int, int]:
    """The lowest and highest fan factor the league's rules allow."""
    ruleset = db.ruleset
    return ruleset.table("fan_factor")["minimum"], ruleset.table("team_rules")["max_fan_factor"]


def correct_fan_factor(
    db: LeagueDB, *, team_id: int, fan_factor: int, reason: str, made_by: str, expected_version: int | None = None
) -> Change:
    """Set a team's fan factor to what it should be, within the league's limits; no gold moves."""
    made_by, reason = _signed_by(made_by, reason)
    fan_factor = _whole(fan_factor, _("A fan factor"))
    lowest, highest = fan_factor_range(db)
    if not lowest <= fan_factor <= highest:
        raise RuleViolation(
            _("A fan factor is {lowest} to {highest} in this league; {fan_factor} is outside that.").format(
                lowest=lowest, highest=highest, fan_factor=fan_factor
            )
        )
    with db.write() as tx:
        session = tx.session
        team = get_team(session, team_id)
        check_version(team, expected_version, team.name)
        before = team.fan_factor
        if before == fan_factor:
            raise RuleViolation(
                _("{owner} fan factor is already {fan_factor}.").format(
                    owner=possessive(team.name), fan_factor=fan_factor, name=team.name
                )
            )
        team.fan_factor = fan_factor
        session.add(team)
        _record(session, "fan_factor", made_by, reason, {"fan_factor": before}, {"fan_factor": fan_factor},
                team_id=team.id)  # fmt: skip
        tx.label = _("correction of {owner} fan factor: {before} to {fan_factor}").format(
            owner=possessive(team.name), before=before, fan_factor=fan_factor, name=team.name
        )
    return tx.change


# -- contracts -------------------------------------------------------------------------------------
CORRECTABLE_CONTRACTS = (ContractStatus.RUNNING, ContractStatus.EXPIRED)


def _contract_state(contract: Contract) -> dict[str, Any]:
    return {"seasons": contract.seasons, "served": contract.served, "status": contract.status}


def correct_contract(
    db: LeagueDB,
    *,
    contract_id: int,
    reason: str,
    made_by: str,
    seasons: int | None = None,
    served: int | None = None,
    cancel: bool = False,
) -> Change:
    """Correct a contract's length and seasons served (it runs while seasons are left, else it has expired),
    or cancel a running one (the player becomes a free agent). No gold moves: the price paid at signing
    stays in the ledger; a gold correction changes it if it should."""
    made_by, reason = _signed_by(made_by, reason)
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        contract = session.get(Contract, contract_id)
        if contract is None:
            raise NotFound(_("That contract no longer exists in this league."))
        player = get_player(session, contract.player_id)
        if cancel and contract.status != ContractStatus.RUNNING:
            raise RuleViolation(
                _("{owner} contract has already ended; there is nothing to cancel.").format(
                    owner=possessive(player.name), name=player.name
                )
            )
        if contract.status == ContractStatus.CANCELLED:
            raise RuleViolation(
                _("{owner} contract was cancelled; he signs a new one as a free agent.").format(
                    owner=possessive(player.name), name=player.name
                )
            )
        if contract.status not in CORRECTABLE_CONTRACTS:
            raise RuleViolation(
                _(
                    "{owner} contract is {status}: it belongs to a transfer's record and is corrected by reversing the "
                    "transfer, not here."
                ).format(owner=possessive(player.name), status=contract.status, name=player.name)
            )
        before = _contract_state(contract)
        if cancel:
            contract.status = ContractStatus.CANCELLED
            what = "cancelled"
        else:
            length = contract.seasons if seasons is None else _whole(seasons, _("A contract's length"))
            check_length(length, ruleset)
            done = contract.served if served is None else _whole(served, _("Seasons served"))
            if not 0 <= done <= length:
                raise RuleViolation(
                    _(
                        "A {length}-season contract has 0 to {length} seasons served; {done} cannot be right."
                    ).format(length=length, done=done)
                )
            status = ContractStatus.RUNNING if done < length else ContractStatus.EXPIRED
            if status == ContractStatus.RUNNING and contract.status != ContractStatus.RUNNING:
                _check_may_run_again(session, contract, player)
            contract.seasons, contract.served, contract.status = length, done, status
            what = tally_marks(done, length)
        after = _contract_state(contract)
        if before == after:
            raise RuleViolation(
                _("{owner} contract already reads {tally_marks}.").format(
                    owner=possessive(player.name),
                    tally_marks=tally_marks(contract.served, contract.seasons),
                    name=player.name,
                )
            )
        session.add(contract)
        _record(session, "contract", made_by, reason, before, after, team_id=contract.team_id,
                player_id=player.id, contract_id=contract.id)  # fmt: skip
        tx.label = _("correction of {owner} contract: {what}").format(
            owner=possessive(player.name), what=what, name=player.name
        )
    return tx.change


def _check_may_run_again(session: Session, contract: Contract, player: Any) -> None:
    """An expired contract runs again only for a player still on that team's roster with no other contract."""
    if player.team_id != contract.team_id or player.status not in PlayerStatus.ON_ROSTER:
        raise RuleViolation(
            _("{name} no longer plays for the team this contract was signed with.").format(name=player.name)
        )
    other = running_contract(session, player.id)
    if other is not None and other.id != contract.id:
        raise RuleViolation(
            _("{name} has signed another contract since; correct that one instead.").format(name=player.name)
        )


# -- rolls -----------------------------------------------------------------------------------------
def correct_roll(db: LeagueDB, *, dice_roll_id: int, faces: list[int], reason: str, made_by: str) -> Change:
    """Correct the faces of a stored roll that was typed in wrongly, checked against its dice.

    Only the record of the roll changes; what it decided (gold, SPP, a fan factor) is corrected with the
    other kinds of correction."""
    made_by, reason = _signed_by(made_by, reason)
    with db.write() as tx:
        session = tx.session
        row = session.get(DiceRoll, dice_roll_id)
        if row is None:
            raise NotFound(_("That roll no longer exists in this league."))
        fixed = typed_roll(row.dice, list(faces), modifier=row.modifier)
        before = {"faces": list(row.faces), "total": row.total}
        after = {"faces": list(fixed.faces), "total": fixed.total}
        if before == after:
            raise RuleViolation(_("The roll already shows {split}.").format(split=fixed.describe().split(" (")[0]))
        row.faces, row.total, row.typed = list(fixed.faces), fixed.total, True
        session.add(row)
        _record(session, "roll", made_by, reason, before, after, team_id=row.team_id, player_id=row.player_id,
                referee_id=row.referee_id, dice_roll_id=row.id)  # fmt: skip
        tx.label = _("correction of a {purpose} roll: {items} to ").format(
            purpose=row.purpose, items="+".join(map(str, before["faces"]))
        ) + "+".join(map(str, fixed.faces))
    return tx.change
