"""Checks of a league file's stored values that SQLite itself does not make (read-only, plain sqlite3).

SQLite's own checks (`quick_check`, `integrity_check`) find a damaged structure, not a damaged value: a
flipped bit in a record can leave an integer column holding text, a date that is no date, JSON that does
not parse or text that is not UTF-8. Those would crash a screen later, so a league file is checked for
them before it opens, and by Check League.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Integer, String
from sqlmodel import SQLModel

from roster_app import models  # noqa: F401 - registers the tables on SQLModel.metadata

DATE_GLOB = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]*"


def _bad_value(name: str, column: Any) -> str | None:
    """A SQL condition true for a value of `column` that the ORM could not read back."""
    q = f'"{name}"'
    kind = column.type
    if isinstance(kind, Boolean):
        bad = f"typeof({q}) != 'integer' OR {q} NOT IN (0, 1)"
    elif isinstance(kind, Integer):
        bad = f"typeof({q}) != 'integer'"
    elif isinstance(kind, DateTime):
        bad = (
            f"typeof({q}) != 'text' OR {q} NOT GLOB '{DATE_GLOB}' "
            f"OR date(substr({q}, 1, 10)) IS NOT substr({q}, 1, 10) OR time(substr({q}, 12, 8)) IS NULL"
        )
    elif isinstance(kind, JSON):
        bad = f"typeof({q}) != 'text' OR NOT json_valid({q})"
    elif isinstance(kind, String):
        bad = f"typeof({q}) != 'text'"
    else:
        return None
    if column.nullable:
        return f"{q} IS NOT NULL AND ({bad})"
    return bad


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f'PRAGMA table_info("{table}")')}


def stored_value_problems(conn: sqlite3.Connection, *, limit: int = 10) -> list[str]:
    """Tables whose rows hold values Dugout cannot read, in plain words (empty when all are readable)."""
    problems: list[str] = []
    for table in SQLModel.metadata.sorted_tables:
        present = _columns(conn, table.name)
        if not present:
            continue
        columns = [c for c in table.columns if c.name in present]
        conditions = [cond for c in columns if (cond := _bad_value(c.name, c)) is not None]
        texts = [f'"{c.name}"' for c in columns if isinstance(c.type, String | JSON | DateTime)]
        flag = " OR ".join(f"({c})" for c in conditions) or "0"
        try:
            # One pass: SQLite flags values of the wrong kind; fetching the text values decodes them.
            bad = sum(
                row[0] for row in conn.execute(f'SELECT ({flag}), {", ".join(texts) or "0"} FROM "{table.name}"')
            )
        except sqlite3.Error as exc:
            problems.append(f"the {table.name} table cannot be read ({exc})")
        else:
            if bad:
                problems.append(f"{bad} row(s) of the {table.name} table hold values that cannot be read")
        if len(problems) >= limit:
            break
    return problems
