"""Telling a shared league's address from a league file's path, with no imports: the main window asks before
the database layer is loaded (issue 12), and roster_app.store.server builds on the same answer."""

from __future__ import annotations

SCHEMES = ("postgresql", "postgres")


def is_database_url(target: object) -> bool:
    """True for a PostgreSQL URL (`postgresql://...`, `postgres://...`, `postgresql+psycopg://...`)."""
    text = str(target)
    scheme = text.split(":", 1)[0].split("+", 1)[0].lower()
    return "://" in text and scheme in SCHEMES
