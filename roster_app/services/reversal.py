"""Reversing ledger entries: how a commissioner takes back gold after the undo history is gone.

Ledger rows are never edited or deleted (see models.LedgerEntry): a wrong one is answered by a new row of
the opposite amount whose `reverses_id` names it. `reverse_ledger_entries` is the building block the
multi-step procedures (transfers, the post-match sequence, season end) use inside their own reversal
service; `reverse_entries` is the service for reversing rows picked from a team's ledger.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlmodel import Session

from roster_app.errors import NotFound, RuleViolation
from roster_app.i18n import _
from roster_app.phrases import ledger as sentences
from roster_app.phrases import loads, phrase, said
from roster_app.queries.fetch import get_team
from roster_app.rules.limits import REASON_LENGTH, kept
from roster_app.rules.roster import gp
from roster_app.services.common import post
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import LedgerEntry


def reversal_of(session: Session, entry_id: int) -> LedgerEntry | None:
    """The row that reverses ledger row `entry_id`, if it has been reversed."""
    return session.scalars(select(LedgerEntry).where(LedgerEntry.reverses_id == entry_id)).first()


def reverse_ledger_entries(
    session: Session, entries: Iterable[LedgerEntry], reason: str, *, allow_negative: bool = False
) -> list[LedgerEntry]:
    """Write one reversing row per entry (same team and links, opposite amount, `reverses_id` set).

    Refuses (RuleViolation, before writing anything) an entry that is already reversed, a reversal row,
    or a reversal that would leave a treasury below 0 (unless allow_negative). For use inside a service's
    transaction; the treasury moves through post(), so it keeps equal to the ledger.
    """
    reason = kept(reason, _("A reversal's reason"), REASON_LENGTH)
    if not reason:
        raise RuleViolation(_("A reversal needs a reason (it is written in the ledger)."))
    entries = list(entries)
    _check_reversible(session, entries, allow_negative=allow_negative)
    written = []
    for entry in entries:
        team = get_team(session, entry.team_id)
        written.append(
            post(
                session, team, -entry.amount, kind="reversal", reason=phrase(sentences.REVERSAL, reason=reason, reversed=loads(entry.words) or entry.reason),
                allow_negative=allow_negative, reverses_id=entry.id, player_id=entry.player_id,
                match_id=entry.match_id, contract_id=entry.contract_id, transfer_id=entry.transfer_id,
            )
        )  # fmt: skip
    session.flush()
    return written


def _check_reversible(session: Session, entries: list[LedgerEntry], *, allow_negative: bool) -> None:
    if len({e.id for e in entries}) != len(entries):
        raise RuleViolation(_("The same ledger row cannot be reversed twice."))
    change_by_team: dict[int, int] = {}
    for entry in entries:
        if entry.reverses_id is not None:
            raise RuleViolation(
                _("'{reason}' is itself a reversal; it cannot be reversed again.").format(
                    reason=said(entry.words, entry.reason)
                )
            )
        if reversal_of(session, entry.id) is not None:
            raise RuleViolation(
                _("'{reason}' ({gold}) has already been reversed.").format(
                    reason=said(entry.words, entry.reason), gold=gp(entry.amount)
                )
            )
        change_by_team[entry.team_id] = change_by_team.get(entry.team_id, 0) - entry.amount
    for team_id, change in change_by_team.items():
        team = get_team(session, team_id)
        if team.treasury + change < 0 and not allow_negative:
            raise RuleViolation(
                _("Reversing would take {gold} from {name}, which has only {gold2}.").format(
                    gold=gp(-change), name=team.name, gold2=gp(team.treasury)
                )
            )


def reverse_entries(db: LeagueDB, *, entry_ids: list[int], reason: str) -> Change:
    """Reverse ledger rows chosen by the commissioner, in one transaction (one undo step)."""
    if not entry_ids:
        raise RuleViolation(_("Choose at least one ledger row to reverse."))
    with db.write() as tx:
        entries = []
        for entry_id in entry_ids:
            entry = tx.session.get(LedgerEntry, entry_id)
            if entry is None:
                raise NotFound(_("That ledger row no longer exists in this league."))
            entries.append(entry)
        written = reverse_ledger_entries(tx.session, entries, reason)
        total = sum(w.amount for w in written)
        tx.label = _("reversal of {n} ledger row(s) ({gold})").format(n=len(written), gold=gp(total))
        tx.result = [w.id for w in written]
    return tx.change
