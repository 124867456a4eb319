"""Verified backups of league files (SQLite backup API -> temporary file -> integrity check -> rename)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from roster_app.errors import LeagueFileError


def backups_folder(league: Path) -> Path:
    """Backups sit beside the league in a folder named after it, so they travel with it (not created)."""
    return league.parent / f"{league.stem} backups"


def backups_dir(league: Path) -> Path:
    """The backups folder of `league`, created if needed."""
    folder = backups_folder(league)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def make_backup(league: Path, destination: Path) -> Path:
    """Copy `league` to `destination` as a consistent, integrity-checked snapshot."""
    tmp = destination.with_name(destination.name + ".tmp")
    try:
        with (
            contextlib.closing(sqlite3.connect(f"file:{league}?mode=ro", uri=True)) as source,
            contextlib.closing(sqlite3.connect(tmp)) as target,
        ):
            source.backup(target)
            result = target.execute("PRAGMA integrity_check").fetchall()
        if result != [("ok",)]:
            raise LeagueFileError(f"The backup of '{league.name}' failed its integrity check; it was not kept.")
        os.replace(tmp, destination)
    except sqlite3.Error as exc:
        raise LeagueFileError(f"A backup of '{league.name}' could not be made ({exc}).") from None
    finally:
        tmp.unlink(missing_ok=True)
    return destination


def backup_before(league: Path, *, reason: str) -> Path:
    """A verified backup named for the moment and the reason (migration, import, repair ...)."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H-%M-%S")
    return make_backup(league, backups_dir(league) / f"{league.stem} {stamp} {reason}.dugout")
