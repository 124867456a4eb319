"""Opening a league: a file (locked for writing, a cut-short save rolled back, an older file upgraded after a
verified backup, a backup when it changed) or a shared league on a server (an older schema upgraded in one
transaction). It sits above the pieces it uses: inspection, locking, recovery, upgrades and backups.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roster_app.errors import InterruptedSave, LeagueFileError
from roster_app.i18n import N_, _
from roster_app.safety import backups, locking
from roster_app.safety.files import clean_leftovers, recover_interrupted_save, use_rollback_journal
from roster_app.safety.inspection import inspect
from roster_app.store import sqlite_file
from roster_app.store.address import is_database_url
from roster_app.store.db import LeagueDB, file_engine
from roster_app.store.migrations import head_revision, is_head, is_newer
from roster_app.store.ruleset import ruleset_from_rows, ruleset_or_error

if TYPE_CHECKING:  # SQLAlchemy, Alembic and the server code load only on the paths that use them (upgrade,
    # server): a league file opens and shows before the ORM is imported (tests/ui/app/test_start_path.py)
    from sqlalchemy.engine import URL

NEWER_FILE = N_(
    "This league was saved by a newer version of Dugout. It is open read-only, so it is never changed "
    "or downgraded; install the newer Dugout to change it."
)


def open_database(target: Path | str, **options: Any) -> LeagueDB:
    """Open a league file (a path) or a shared league (a `postgresql://` URL), with open_league's options.

    A shared league has no lock file and no file backups; `take_over` and `backup` do not apply to it.
    """
    if is_database_url(target):
        return open_server_league(
            str(target), read_only=options.get("read_only", False), load_ruleset=options.get("load_ruleset", True)
        )
    return open_league(target, **options)


def open_league(
    path: Path | str,
    *,
    read_only: bool = False,
    take_over: bool = False,
    backup: bool | str = True,
    load_ruleset: bool = True,
) -> LeagueDB:
    """Open an existing league file, refusing anything that is not a Dugout league (file left untouched).

    For writing, the league is locked (LeagueInUse when another Dugout has it), a save that was cut
    short is rolled back, an older file is upgraded after a verified backup, and a backup is made if the
    league changed since its newest one. A file from a newer Dugout opens read-only (`newer_file`).
    load_ruleset=False is for Check League's repairs, which must open a league whose house rules are damaged.
    backup="background" makes that backup in a thread (`db.opening_backup`; the GUI shows the league meanwhile):
    every write, undo and close waits for it, so it always holds the league as it was opened.
    """
    path = sqlite_file.resolved(path)
    interrupted, rules = None, None
    try:
        revision, rules = inspect(path)
    except InterruptedSave as exc:
        interrupted, revision = exc, None  # rolled back below, once the league is locked for writing
    newer = revision is not None and is_newer(revision)
    read_only, reason = _read_only_reason(path, read_only or newer, newer)
    lock = None
    if not read_only:
        clean_leftovers(path.parent)
        try:
            lock = locking.acquire(path, take_over=take_over)
        except OSError as exc:
            read_only, reason = True, _unwritable(exc)
    if interrupted is not None and read_only:
        raise interrupted
    try:
        return _open_checked(
            path, revision, read_only=read_only, reason=reason, lock=lock, backup=backup,
            load_ruleset=load_ruleset, rules=rules,
        )  # fmt: skip
    except BaseException:
        if lock is not None:
            lock.release()
        raise


def _unwritable(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return _("The disk is full, so it is open read-only: free some space, then open it again to make changes.")
    return _("Its folder cannot be written, so it is open read-only.")


def _read_only_reason(path: Path, read_only: bool, newer: bool) -> tuple[bool, str | None]:
    if newer:
        return True, _(NEWER_FILE)
    if read_only:
        return True, _("Opened read-only: nothing can be changed.")
    if not os.access(path, os.W_OK):
        return True, _("The file cannot be written (it is read-only), so it is open read-only.")
    return False, None


def _open_checked(
    path: Path,
    revision: str | None,
    *,
    read_only: bool,
    reason: str | None,
    lock: Any,
    backup: bool | str,
    load_ruleset: bool,
    rules: tuple[Any, list[Any]] | None,
) -> LeagueDB:
    """The rest of open_league, once the file passed inspection (and is locked if it will be written)."""
    notices = []
    if revision is None:  # an interrupted save: roll it back (we hold the lock), then look again
        kept = recover_interrupted_save(path, backups.backups_dir(path, create=True))
        notices.append(
            _(
                "The league was being saved when Dugout or the computer stopped; it was put back as it was before "
                "that save. The files as they were are kept in '{kept}'."
            ).format(kept=kept)
        )
        revision, rules = inspect(path)
        if is_newer(revision):
            raise LeagueFileError(_(NEWER_FILE))
    if not read_only and use_rollback_journal(path):
        notices.append(_("The league file had been switched to another journal mode by another program; it is back "
                       "in the mode Dugout keeps it in, so a save cut short can always be put back."))  # fmt: skip
    if not read_only and not is_head(revision):
        from roster_app.safety.upgrade import upgrade_file

        made, revision = upgrade_file(path), head_revision()
        rules = None  # read again, from the upgraded file
        notices.append(
            _("The league was upgraded for this version of Dugout; the old file is kept in '{made}'.").format(
                made=made
            )
        )
    # the engine (and SQLAlchemy) is made at its first use: the league shows reading through db.fetch()
    db = LeagueDB(make_engine=lambda: file_engine(path, read_only=read_only), path=path, read_only=read_only)
    db.schema_revision, db.read_only_reason, db.newer_file = revision, reason, reason == _(NEWER_FILE)
    try:  # the ruleset is loaded now, so a damaged one fails here and not in the middle of a screen
        if load_ruleset and rules is not None:  # the rows inspection read: no second connection needed
            db._ruleset = ruleset_or_error(lambda: ruleset_from_rows(*rules))
        elif load_ruleset:
            db.ruleset  # noqa: B018
    except BaseException:
        db.close()
        raise
    if not read_only and backup == "background":
        db.opening_backup = backups.BackgroundBackup(path, reason="opened")
    elif not read_only and backup:  # only once the league is known to open
        try:
            backups.backup_if_changed(path, reason="opened")
        except LeagueFileError as exc:
            notices.append(_("No backup could be made when the league was opened: {exc}").format(exc=exc))
    db.notices, db.lock = notices, lock
    return db


def open_server_league(url: str | URL, *, read_only: bool = False, load_ruleset: bool = True) -> LeagueDB:
    """Open the league held by a PostgreSQL database (upgrading an older schema in one transaction)."""
    from sqlalchemy.exc import DBAPIError

    from roster_app.store.migrations import upgrade_engine
    from roster_app.store.server import display_url, inspect_server, server_engine, server_error

    engine = server_engine(url)
    try:
        revision, rules = inspect_server(engine)
        newer = is_newer(revision)
        notices = []
        if not read_only and not newer and revision != head_revision():
            try:
                upgrade_engine(engine)
            except DBAPIError as exc:
                raise server_error(exc, engine) from None
            revision, rules = inspect_server(engine)
            notices.append(
                _("The league was upgraded for this version of Dugout (in one transaction on the server).")
            )
        db = LeagueDB(engine, url=display_url(engine.url), read_only=read_only or newer)
        db.schema_revision, db.newer_file, db.notices = revision, newer, notices
        if newer:
            db.read_only_reason = _(NEWER_FILE)
        elif read_only:
            db.read_only_reason = _("Opened read-only: nothing can be changed.")
        if load_ruleset:
            db._ruleset = ruleset_or_error(lambda: ruleset_from_rows(*rules))
        return db
    except BaseException:
        engine.dispose()
        raise
