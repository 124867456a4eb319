"""Check League's repairs: what is safe to repair (see roster_app.safety.check), in one transaction after a backup."""

from __future__ import annotations

from roster_app.i18n import _
from roster_app.safety.backups import backup_open_league
from roster_app.safety.check import problems_in, ruleset_for
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB


def repair_league(db: LeagueDB) -> Change:
    """Repair every problem Check League can repair safely; the others stay for the commissioner.

    A verified backup is made first ("before repair"); the repairs are one transaction (one undo step).
    `tx.result` is the list of repairs made, in plain words.
    """
    with db.read() as session:
        ruleset = ruleset_for(db, session)
    backup_open_league(db, reason="before repair")
    with db.write() as tx:
        done = []
        for problem in problems_in(tx.session, ruleset):
            if problem.fix is not None:
                problem.fix(tx.session)
                tx.session.flush()
                done.append(_("{text} Repaired: {repair}.").format(text=problem.text, repair=problem.repair))
        tx.label = _("Check League repairs ({n})").format(n=len(done))
        tx.result = done
    return tx.change
