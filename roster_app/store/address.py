"""Telling a shared league's address from a league file's path, and the name a file is known by, with no imports
but pathlib: the main window asks before the database layer is loaded (issue 12), and roster_app.store.server
builds on the same answer."""

from __future__ import annotations

from pathlib import Path

SCHEMES = ("postgresql", "postgres")


def is_database_url(target: object) -> bool:
    """True for a PostgreSQL URL (`postgresql://...`, `postgres://...`, `postgresql+psycopg://...`)."""
    text = str(target)
    scheme = text.split(":", 1)[0].split("+", 1)[0].lower()
    return "://" in text and scheme in SCHEMES


def named(path: Path | str) -> Path:
    """The absolute path a league file is known by (settings, the running window): its symbolic links followed when
    they lead somewhere (links in a loop are refused when the file is opened: store/sqlite_file.resolved)."""
    try:
        return Path(path).resolve()
    except (RuntimeError, OSError):  # a loop of links: RuntimeError up to Python 3.12, OSError after
        return Path(path).absolute()
