"""Helpers shared by services: posting to the ledger, storing a roll, claiming rows, checking a row's version.

Fetching a row or refusing plainly is a read: roster_app.queries.fetch."""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel import Session

from roster_app.errors import ChangedMeanwhile, RuleViolation
from roster_app.i18n import _
from roster_app.phrases import Phrase
from roster_app.queries.fetch import current_season
from roster_app.rules.dice import Roll
from roster_app.rules.limits import MOST_GOLD
from roster_app.rules.roster import gp, position_label  # noqa: F401 (services name it from here)
from roster_app.store.models import Contract, DiceRoll, LedgerEntry, Player, Team
from roster_app.store.statuses import ContractStatus


def check_version(row: Team | Player, expected: int | None, what: str) -> None:
    """Refuse an edit made on a screen that showed an older version of the row (someone else changed it)."""
    if expected is not None and row.version != expected:
        raise ChangedMeanwhile(what)


def lock_teams(session: Session, *team_ids: int) -> None:
    """Claim the teams' rows for this transaction (SELECT ... FOR UPDATE, lowest id first so that two
    commissioners never wait on each other). On a shared league a second transaction that claims one of
    them waits, then clashes and is run again on the fresh rows (LeagueDB.run); SQLite needs none of this
    (one writer at a time), and SQLAlchemy leaves FOR UPDATE out there."""
    ids = sorted(set(team_ids))
    if ids and session.get_bind().dialect.name != "sqlite":
        session.execute(select(Team.id).where(Team.id.in_(ids)).order_by(Team.id).with_for_update()).all()


def post(
    session: Session,
    team: Team,
    amount: int,
    *,
    kind: str,
    reason: str | Phrase,
    allow_negative: bool = False,
    **links: int | None,
) -> LedgerEntry:
    """Move gold in or out of a team's treasury: the treasury and its ledger always change together. A `reason`
    given as a phrase of roster_app/phrases/ledger.py is kept in English and with its parts, for every reader's
    language (roster_app/phrases); text (a typed reason) is kept as it is."""
    words = reason.dumps() if isinstance(reason, Phrase) else None
    shown = reason.shown() if isinstance(reason, Phrase) else reason
    reason = reason.english() if isinstance(reason, Phrase) else reason
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise TypeError("gold is a whole number of gold pieces")
    if abs(amount) > MOST_GOLD or team.treasury + amount > MOST_GOLD:  # rules/limits.py: the most Dugout keeps
        raise RuleViolation(
            _(
                "{reason} would leave {name} with {gold}; a treasury holds at most {gold2} and a ledger row moves at "
                "most that."
            ).format(reason=shown, name=team.name, gold=gp(team.treasury + amount), gold2=gp(MOST_GOLD))
        )
    if team.treasury + amount < 0 and not allow_negative:
        raise RuleViolation(
            _("{reason} costs {gold}, but {name} has only {gold2} in the treasury.").format(
                reason=shown, gold=gp(-amount), name=team.name, gold2=gp(team.treasury)
            )
        )
    entry = LedgerEntry(
        team_id=team.id,
        amount=amount,
        kind=kind,
        reason=reason,
        words=words,
        season=current_season(session),
        **links,
    )
    team.treasury = team.treasury + amount
    session.add(entry)
    session.add(team)
    return entry


def end_contracts(session: Session, player: Player, why: str = ContractStatus.ENDED) -> None:
    """A player who leaves the roster for good ends his running contract (no gold moves): `died` when he died,
    `ended` when he retired, was fired or left otherwise."""
    running = select(Contract).where(Contract.player_id == player.id, Contract.status == ContractStatus.RUNNING)
    for contract in session.scalars(running):
        contract.status = why
        session.add(contract)


def store_roll(session: Session, roll: Roll, purpose: str, **links: int | None) -> DiceRoll:
    """Store a roll as it happened (faces, modifier, total, typed in or not) with what it was for."""
    row = DiceRoll(purpose=purpose, dice=roll.dice, faces=list(roll.faces), modifier=roll.modifier,
                   total=roll.total, typed=roll.typed, **links)  # fmt: skip
    session.add(row)
    session.flush()
    return row
