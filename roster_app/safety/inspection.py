"""The checks made before a league file is opened: nothing is written to a file that fails them.

A league file is a SQLite database with Dugout's application_id, whole (quick_check), with the league's
tables and a schema revision, and with stored values the ORM can read. A file cut short in the middle of a
save is told apart (InterruptedSave): opening it for writing rolls that save back.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from roster_app.errors import InterruptedSave, LeagueFileError
from roster_app.i18n import _
from roster_app.safety import verdicts
from roster_app.store import sqlite_file
from roster_app.store.db import APPLICATION_ID, SQLITE_HEADER
from roster_app.store.migrations import is_head
from roster_app.store.ruleset import LEAGUE_SQL, RULES_SQL, ruleset_from_rows, ruleset_or_error
from roster_app.store.schema_names import TABLES


def _explain_sqlite_error(path: Path, exc: Exception) -> LeagueFileError:
    return LeagueFileError(
        _("'{name}' is not a Dugout league file, or it is damaged ({exc}).").format(name=path.name, exc=exc)
    )


def inspect_file(path: Path) -> str:
    """Check that `path` looks like a Dugout league without writing to it; return its schema revision.

    Raises LeagueFileError with a plain explanation for a missing, empty, foreign or damaged file.
    """
    return inspect(Path(path))[0]


def inspect(path: Path) -> tuple[str, tuple[Any, list[Any]]]:
    """inspect_file, also returning the league row and ruleset rows it read (opening needs them next)."""
    problem = sqlite_file.not_a_file(path)  # before anything opens it: a named pipe would block the read
    if problem is not None:
        raise LeagueFileError(problem)
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise LeagueFileError(
            _("'{name}' cannot be read: {strerror}.").format(name=path.name, strerror=exc.strerror)
        ) from None
    if not header:
        raise LeagueFileError(_("'{name}' is empty: it is not a Dugout league file.").format(name=path.name))
    if not header.startswith(SQLITE_HEADER):
        raise LeagueFileError(
            _("'{name}' is not a Dugout league file (it is not a database at all).").format(name=path.name)
        )
    if len(header) < 100 or int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise LeagueFileError(
            _("'{name}' is a database made by another program, not a Dugout league. It was not changed.").format(
                name=path.name
            )
        )
    try:
        key, stat = verdicts.content_key(path)
    except OSError as exc:
        raise LeagueFileError(
            _("'{name}' cannot be read: {strerror}.").format(name=path.name, strerror=exc.strerror)
        ) from None
    # bytes that passed the row-by-row checks before pass them again (a -wal file would hold more bytes)
    checked = verdicts.passed_before(path, key) and not path.with_name(path.name + "-wal").exists()
    try:
        with contextlib.closing(sqlite_file.connect(path, read_only=True, isolation_level=None)) as conn:
            found = _inspect_league(path, conn, checked=checked)
    except UnicodeDecodeError as exc:  # a damaged name in SQLite's own catalogue
        raise _explain_sqlite_error(path, exc) from None
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK":
            raise InterruptedSave(
                _(
                    "'{name}' was being saved when Dugout or the computer stopped. Open it normally (not read-only) and "
                    "Dugout will put it back as it was before that save."
                ).format(name=path.name)
            ) from None
        raise _explain_sqlite_error(path, exc) from None
    if not checked and is_head(found[0]):
        verdicts.remember(path, key, stat)
    return found


def _inspect_league(
    path: Path, conn: sqlite3.Connection, *, checked: bool = False
) -> tuple[str, tuple[Any, list[Any]]]:
    """The checks of inspect_file that read the database (read-only connection); `checked`: these very bytes
    passed quick_check and the stored-value checks before (safety/verdicts.py)."""
    check = [("ok",)] if checked else conn.execute("PRAGMA quick_check").fetchall()
    if check != [("ok",)]:
        problems = "; ".join(str(r[0]) for r in check[:3])
        raise LeagueFileError(
            _(
                "'{name}' is damaged and cannot be opened safely ({problems}). Restore it from a backup. The file "
                "was not changed."
            ).format(name=path.name, problems=problems)
        )
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    _refuse_foreign_code(path, conn)
    if not {"league", "team", "player", "alembic_version"} <= tables:
        raise LeagueFileError(
            _("'{name}' is not a complete Dugout league (tables are missing).").format(name=path.name)
        )
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    if row is None or not isinstance(row[0], str):
        raise LeagueFileError(
            _("'{name}' is not a complete Dugout league (its schema version is missing).").format(name=path.name)
        )
    if is_head(row[0]):  # an older file gains its later tables in the upgrade, inspected again after it
        _require_schema(path, conn)
    problems = [] if checked else _value_problems(conn)
    if problems:
        raise LeagueFileError(
            _(
                "'{name}' is damaged and cannot be opened safely ({items}). Restore it from a backup. The file was "
                "not changed."
            ).format(name=path.name, items="; ".join(problems))
        )
    return row[0], (conn.execute(LEAGUE_SQL).fetchone(), conn.execute(RULES_SQL).fetchall())


def _refuse_foreign_code(path: Path, conn: sqlite3.Connection) -> None:
    """Dugout makes tables and indexes only. A trigger runs inside Dugout's own writes (one planted in a file made
    gold appear in a treasury at the next edit) and a view can hide what a table holds: a file with either was
    changed by another program and is not opened."""
    found = conn.execute(
        "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name"
    ).fetchall()
    if found:
        names = ", ".join(f"{kind} '{str(name)[:40]}'" for kind, name in found[:3]) + (
            " ..." if len(found) > 3 else ""
        )
        raise LeagueFileError(
            _(
                "'{name}' holds database code that Dugout never makes ({names}): another program changed it, and "
                "that code could change the league behind your back. It was not opened; restore it from a backup, or "
                "ask whoever sent it for a clean copy. The file was not changed."
            ).format(name=path.name, names=names)
        )


def _value_problems(conn: sqlite3.Connection) -> list[str]:
    """The stored-value checks (they know the columns' ORM types: the ORM is imported only when they run)."""
    from roster_app.safety.integrity import stored_value_problems

    return stored_value_problems(conn, limit=3, skip=("ruleset_table",))  # the ruleset is parsed on load


def _require_schema(path: Path, conn: sqlite3.Connection) -> None:
    """Every table and column of the current schema is there: a league missing one would fail in a screen."""
    query = "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'"
    present: dict[str, set[str]] = {}
    for table, column in conn.execute(query):
        present.setdefault(table, set()).add(column)
    missing = [name for name in TABLES if name not in present]
    if missing:
        raise LeagueFileError(
            _(
                "'{name}' is not a complete Dugout league: the table(s) {items} are missing. Restore it from a "
                "backup. The file was not changed."
            ).format(name=path.name, items=", ".join(missing))
        )
    for table, columns in TABLES.items():
        lost = [c for c in columns if c not in present[table]]
        if lost:
            raise LeagueFileError(
                _(
                    "'{name}' is not a complete Dugout league: the table {table} has lost its column(s) {items}. Restore "
                    "it from a backup. The file was not changed."
                ).format(name=path.name, table=table, items=", ".join(lost))
            )


def check_opens(path: Path) -> None:
    """The checks opening a file read-only makes (inspection, then its house rules): a league file just written
    opens like any league, or LeagueFileError says why."""
    _revision, rules = inspect(Path(path))
    ruleset_or_error(lambda: ruleset_from_rows(*rules))
