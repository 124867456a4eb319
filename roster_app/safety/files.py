"""Low-level care of league files: verified copies, atomic replacement, and recovery of an interrupted save.

A verified copy is made with the SQLite backup API (a consistent snapshot even while another connection
writes) into a temporary file, integrity-checked, synced, then renamed into place. Backups of a league
(where they live, when they are made, rotation, restore) are in roster_app.safety.backups.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from roster_app.errors import LeagueFileError
from roster_app.i18n import _
from roster_app.safety.atomic import LEFTOVER_AGE, ExportError, atomic_path, clean_leftovers, fsync_dir  # noqa: F401
from roster_app.store import sqlite_file


def replace_atomically(source: Path, target: Path) -> None:
    """Move `source` over `target` in one step: a reader sees the old file or the new one, never a mix."""
    with open(source, "rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(source, target)
    fsync_dir(target.parent)


def verify_copy(path: Path) -> list[str]:
    """Problems SQLite finds in a whole database file (empty when it is sound)."""
    with contextlib.closing(sqlite_file.connect(path, read_only=True)) as conn:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    return [] if rows == [("ok",)] else [str(r[0]) for r in rows]


def use_rollback_journal(league: Path) -> bool:
    """Put a league another program switched to WAL mode back in the rollback-journal mode every league file has
    (a save cut short then leaves a -journal that the next open rolls back); True if it was changed. The caller
    holds the league's lock."""
    with open(league, "rb") as handle:  # the header says so (bytes 18-19: 2 for WAL): no connection at every open
        if handle.read(20)[18:20] != b"\x02\x02":
            return False
    with contextlib.closing(sqlite_file.connect(league, read_only=False, isolation_level=None)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
    return True


def make_backup(league: Path, destination: Path) -> Path:
    """Copy `league` to `destination` as a consistent, integrity-checked snapshot (never half a file)."""
    league, destination = Path(league), Path(destination)
    try:
        with (
            atomic_path(destination, verify=_copy_problem) as tmp,
            contextlib.closing(sqlite_file.connect(league, read_only=True)) as source,
            contextlib.closing(sqlite_file.connect(tmp, read_only=False)) as target,
        ):
            source.backup(target)  # one step: the whole file under one read lock
            target.execute("PRAGMA journal_mode = DELETE")  # a copy of a WAL file would leave -wal/-shm beside it
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL":
            raise LeagueFileError(_("A copy of '{name}' could not be saved: the disk is full. Nothing was saved.").format(name=league.name)) from None  # fmt: skip
        raise LeagueFileError(
            _("A copy of '{name}' could not be made ({exc}).").format(name=league.name, exc=exc)
        ) from None
    except ExportError as exc:
        raise LeagueFileError(
            _("A copy of '{name}' could not be saved: {exc}").format(name=league.name, exc=exc)
        ) from None
    return destination


def _copy_problem(path: Path) -> str | None:
    try:
        problems = verify_copy(path)
    except sqlite3.Error as exc:
        return _("the copy does not open ({exc})").format(exc=exc)
    return _("the copy failed its integrity check") if problems else None


def _free_folder(parent: Path, name: str) -> Path:
    path, n = parent / name, 1
    while path.exists():  # two interrupted saves in one second keep their copies apart
        n += 1
        path = parent / f"{name}-{n}"
    return path


def journal_path(league: Path) -> Path:
    return Path(f"{league}-journal")


def recover_interrupted_save(league: Path, keep_in: Path) -> Path:
    """Roll back a save that was cut short (SQLite's hot journal), keeping a raw copy of both files first.

    The caller holds the league's lock. Returns the folder holding the raw copies.
    """
    league = Path(league)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H-%M-%S")
    keep_in.mkdir(parents=True, exist_ok=True)
    folder = _free_folder(keep_in, f"interrupted {stamp}")
    folder.mkdir()
    for path in (league, journal_path(league)):
        if path.exists():
            shutil.copy2(path, folder / path.name)
    try:
        with contextlib.closing(sqlite_file.connect(league, read_only=False, isolation_level=None)) as conn:
            conn.execute("PRAGMA quick_check").fetchall()  # the first read rolls the journal back
    except sqlite3.Error as exc:
        raise LeagueFileError(
            _(
                "'{name}' was being saved when Dugout stopped, and it could not be put back ({exc}). A copy of it is "
                "in '{folder}'. Restore it from a backup."
            ).format(name=league.name, exc=exc, folder=folder)
        ) from None
    return folder
