"""Every row of every table: read in one transaction (parents first, each table in primary-key order) and
written back with their ids. The JSON export, `dugout copy` and a shared league's backups walk the schema
here, so a new table travels without code of its own."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlmodel import SQLModel

from roster_app.store import models  # noqa: F401 - SQLModel.metadata knows a table once its model is imported
from roster_app.store.db import LeagueDB

Rows = dict[str, list[dict[str, Any]]]


def league_rows(db: LeagueDB) -> Rows:
    """Every row of every table (the schema's tables, parents first) as plain dicts, in primary-key order,
    read in one transaction (a consistent league even while others write). A process that never imported the
    models (`dugout copy` from a server) once found no tables here and copied nothing."""
    with db.read() as session:
        return {
            table.name: [
                dict(row) for row in session.execute(select(table).order_by(*table.primary_key.columns)).mappings()
            ]
            for table in SQLModel.metadata.sorted_tables
        }


def insert_rows(connection: Any, rows: Rows) -> None:
    """Write `rows` (as league_rows gives them) with their ids, in the caller's transaction."""
    for table in SQLModel.metadata.sorted_tables:  # parents first; within a table in id order
        if rows.get(table.name):
            connection.execute(insert(table), [_portable(row) for row in rows[table.name]])


def _portable(row: dict[str, Any]) -> dict[str, Any]:
    """Times as UTC with their zone: a file gives them without one, a server with one (both mean UTC)."""
    return {
        k: v.replace(tzinfo=UTC) if isinstance(v, datetime) and v.tzinfo is None else v for k, v in row.items()
    }
