"""Contracts and seasons: signing, renewing, and ending a season (tally marks, expiry, free agents).

`sign` is the one place a contract is written; `sign_contract`, `renew_contract` and step 10 of a transfer
all call it inside their own transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.phrases import Count, Owner, phrase
from roster_app.phrases import ledger as sentences
from roster_app.queries.clock import Act, require
from roster_app.queries.competitions import still_to_play_words
from roster_app.queries.contracts import player_position, renewable, running_contract
from roster_app.queries.fetch import current_season, get_player, get_team, league_row
from roster_app.rules.contracts import contract_cost_for_rolls, sign_problem
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.services.common import post
from roster_app.services.competitions import abandon_unfinished, finish_league
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, Player, PlayerStatus, Season, utcnow
from roster_app.store.statuses import ContractStatus
from roster_app.words import count, possessive


def sign(
    session: Session,
    ruleset: Ruleset,
    player: Player,
    seasons: int,
    *,
    transfer_id: int | None = None,
    renewal: bool = False,
    match_id: int | None = None,
) -> Contract:
    """Write a contract for `player` with his current team and pay for it (a ledger row); refuse plainly.

    `match_id` links the payment to the match whose post-match sequence signed him (step 4.1)."""
    team = get_team(session, player.team_id)
    running = running_contract(session, player.id)
    problem = sign_problem(
        name=player.name, spp=player.spp, position=player_position(ruleset, player),
        on_roster=player.status in PlayerStatus.ON_ROSTER,
        running=(running.seasons, running.served) if running else None,
        treasury=team.treasury, seasons=seasons, ruleset=ruleset,
    )  # fmt: skip
    if problem:
        raise RuleViolation(problem)
    rolls = star_player_rolls(player.spp, ruleset)
    contract = Contract(
        player_id=player.id, team_id=team.id, signed_season=current_season(session), seasons=seasons,
        rolls_at_signing=rolls, cost=contract_cost_for_rolls(rolls, seasons, ruleset), renewal=renewal,
        transfer_id=transfer_id,
    )  # fmt: skip
    session.add(contract)
    session.flush()
    if contract.cost:
        reason = phrase(
            sentences.RENEWED if renewal else sentences.SIGNED,
            owner=Owner(player.name),
            name=player.name,
            seasons=Count(seasons, "season"),
            rolls=Count(rolls, "star player roll"),
        )
        post(session, team, -contract.cost, kind="contract", reason=reason,
             player_id=player.id, contract_id=contract.id, transfer_id=transfer_id, match_id=match_id)  # fmt: skip
    return contract


def _seasons(n: int) -> str:
    return count(n, "season")


def sign_contract(db: LeagueDB, *, player_id: int, seasons: int) -> Change:
    """Sign a free agent with at least one star player roll for 1-5 seasons, paid at once: at step 4.1 of the
    post-match sequence his team is in (the league's clock); a bought player signs in the transfer (step 10)."""
    ruleset = db.ruleset
    with db.write() as tx:
        player = get_player(tx.session, player_id)
        now = require(tx.session, get_team(tx.session, player.team_id), Act.CONTRACTS)
        contract = sign(tx.session, ruleset, player, seasons, match_id=now.match_id)
        tx.label = _("signing of {name} for {seasons}").format(name=player.name, seasons=_seasons(seasons))
        tx.result = contract.id
    return tx.change


def renew(
    session: Session, ruleset: Ruleset, player: Player, seasons: int, *, match_id: int | None = None
) -> Contract:
    """Re-sign a player whose contract with his team has ended, inside a transaction (see `renew_contract`)."""
    if not renewable(session, player):
        raise RuleViolation(
            _("{name} has no ended contract with his team to renew; sign him to a new contract instead.").format(
                name=player.name
            )
        )
    return sign(session, ruleset, player, seasons, renewal=True, match_id=match_id)


def renew_contract(db: LeagueDB, *, player_id: int, seasons: int) -> Change:
    """Re-sign a player whose contract has ended, at his current number of star player rolls."""
    ruleset = db.ruleset
    with db.write() as tx:
        player = get_player(tx.session, player_id)
        now = require(tx.session, get_team(tx.session, player.team_id), Act.CONTRACTS)
        contract = renew(tx.session, ruleset, player, seasons, match_id=now.match_id)
        tx.label = _("renewal of {owner} contract for {seasons}").format(
            owner=possessive(player.name), seasons=_seasons(seasons), name=player.name
        )
        tx.result = contract.id
    return tx.change


@dataclass(frozen=True)
class SeasonEnd:
    """What ending a season did: the season closed, contracts ticked, players who became free agents."""

    season: int
    ticked: int
    expired: tuple[str, ...]


def advance_season(session: Session) -> SeasonEnd:
    """Close the current season, open the next, tick every running contract and expire the finished ones."""
    league = league_row(session)
    number = league.current_season
    closing = session.get(Season, number) or Season(number=number)
    closing.ended_at = utcnow()
    session.add(closing)
    session.add(Season(number=number + 1))
    league.current_season = number + 1
    session.add(league)
    running = session.scalars(
        select(Contract).where(Contract.status == ContractStatus.RUNNING).order_by(Contract.id)
    ).all()
    expired = []
    for contract in running:
        contract.served = contract.served + 1
        if contract.served >= contract.seasons:
            contract.status = ContractStatus.EXPIRED
            expired.append(session.get(Player, contract.player_id).name)
        session.add(contract)
    return SeasonEnd(number, len(running), tuple(expired))


def end_season(db: LeagueDB, *, abandon_reason: str = "", made_by: str = "") -> Change:
    """End the current season: refused while a competition (the league fixtures, an open tournament) has games
    still to play, naming them; with `abandon_reason` and `made_by` those competitions are abandoned first (a
    correction each, in the history). Every running contract's tally counts the season once."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        number = current_season(session)
        left = still_to_play_words(session, number)
        if left and not (abandon_reason or made_by):
            raise RuleViolation(
                _(
                    "Season {number} is not over: {left}. Play them first, or abandon what is left with a reason (a "
                    "commissioner's correction)."
                ).format(number=number, left="; ".join(left))
            )
        abandoned = abandon_unfinished(session, number, abandon_reason, made_by) if left else []
        finish_league(session, ruleset, number)
        result = advance_season(session)
        tx.label = _("end of season {number}").format(number=number) + (
            _(" ({items} abandoned)").format(items=", ".join(abandoned)) if abandoned else ""
        )
        tx.result = result
    return tx.change
