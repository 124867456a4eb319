"""`dugout copy SOURCE DEST`: a league moved between a file and a server (either way) without loss.

SOURCE and DEST are each a league file or a `postgresql://` URL. Every row of every table is copied with
its id (the table walker of roster_app.exchange); a new file is built in a temporary file and renamed into
place, a server league is written in one transaction (tables, rows, the schema stamp, then each id
sequence set after the largest id), so a copy that fails leaves nothing behind. The destination must not
hold a league: a copy never overwrites one. An older source file is upgraded in a temporary copy first
(the source itself is only read).
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import insert
from sqlalchemy.exc import DBAPIError, StatementError
from sqlmodel import SQLModel

from roster_app.errors import DugoutError, LeagueFileError
from roster_app.store.address import is_database_url
from roster_app.store.db import LeagueDB, _init_schema, _make_sqlite_engine, inspect_file, open_league

Rows = dict[str, list[dict[str, Any]]]


class CopyRefused(DugoutError):
    """The league cannot be copied there; the message says why. Nothing was written."""


def copy_league(source: Path | str, destination: Path | str) -> str:
    """Copy the league at `source` to `destination` (file or URL); returns where it went, for people."""
    if str(source) == str(destination):
        raise CopyRefused("The source and the destination are the same league.")
    if not is_database_url(destination) and Path(destination).exists():
        raise CopyRefused(f"A file already exists at {destination}; copy into a new file.")
    with opened_source(source) as db:
        rows = read_rows(db)
    return write_rows(destination, rows)


def read_rows(db: LeagueDB) -> Rows:
    from roster_app.exchange.league_json import league_rows

    return league_rows(db)


@contextlib.contextmanager
def opened_source(source: Path | str) -> Iterator[LeagueDB]:
    """The source league open read-only, at this Dugout's schema (an older file: an upgraded temporary copy)."""
    from roster_app.store.migrations import head_revision

    if is_database_url(source):
        from roster_app.store.server import open_server_league

        db = open_server_league(str(source), read_only=True)
        if db.schema_revision != head_revision():
            db.close()
            raise CopyRefused("The shared league was made by another version of Dugout; open it with this "
                              "Dugout once (it is upgraded), then copy it.")  # fmt: skip
        with contextlib.closing(db):
            yield db
        return
    path = Path(source)
    if inspect_file(path) == head_revision():
        with contextlib.closing(open_league(path, read_only=True, backup=False)) as db:
            yield db
        return
    with tempfile.TemporaryDirectory(prefix="dugout-copy-") as folder:
        yield from _upgraded_copy(path, Path(folder) / path.name)


def _upgraded_copy(path: Path, work: Path) -> Iterator[LeagueDB]:
    from roster_app.safety.files import make_backup
    from roster_app.store.db import _is_newer
    from roster_app.store.migrations import _upgrade_copy

    if _is_newer(inspect_file(path)):
        raise CopyRefused(f"'{path.name}' was saved by a newer Dugout; copy it with that Dugout.")
    make_backup(path, work)
    _upgrade_copy(work)
    with contextlib.closing(open_league(work, read_only=True, backup=False)) as db:
        yield db


def write_rows(destination: Path | str, rows: Rows) -> str:
    """A new league at `destination` holding exactly `rows`; returns where it is, for people."""
    if is_database_url(destination):
        return _write_server(str(destination), rows)
    return _write_file(Path(destination), rows)


def _insert_all(connection: Any, rows: Rows) -> None:
    for table in SQLModel.metadata.sorted_tables:  # parents first; within a table in id order
        if rows.get(table.name):
            connection.execute(insert(table), [_portable(row) for row in rows[table.name]])


def _portable(row: dict[str, Any]) -> dict[str, Any]:
    """Times as UTC with their zone: a file gives them without one, a server with one (both mean UTC)."""
    return {
        k: v.replace(tzinfo=UTC) if isinstance(v, datetime) and v.tzinfo is None else v for k, v in row.items()
    }


def _write_file(path: Path, rows: Rows) -> str:
    from roster_app.safety.atomic import atomic_path

    if path.exists():
        raise CopyRefused(f"A file already exists at {path}; copy into a new file.")
    with atomic_path(path) as temporary:
        engine = _make_sqlite_engine(temporary, read_only=False)
        try:
            _init_schema(engine)
            with engine.begin() as connection:
                connection.exec_driver_sql("PRAGMA defer_foreign_keys = ON")
                _insert_all(connection, rows)
        except StatementError as exc:
            raise CopyRefused(
                f"The league could not be written to the file ({exc.orig}). Nothing was saved."
            ) from None
        finally:
            engine.dispose()
        open_league(temporary, read_only=True, backup=False).close()  # it opens like any league
        if path.exists():  # made meanwhile by someone else: keep theirs
            raise CopyRefused(f"A file already exists at {path}; copy into a new file.")
    return str(path)


def _write_server(url: str, rows: Rows) -> str:
    from alembic import command

    from roster_app.store.migrations import alembic_config
    from roster_app.store.server import (
        display_url,
        open_server_league,
        prepare_empty,
        reset_sequences,
        server_engine,
    )

    engine = server_engine(url)
    try:
        prepare_empty(engine)
        with engine.begin() as connection:  # all of it or nothing: PostgreSQL changes tables in transactions
            SQLModel.metadata.create_all(connection)
            command.stamp(alembic_config(connection), "head")
            _insert_all(connection, rows)
            reset_sequences(connection)
    except DBAPIError as exc:
        from roster_app.store.server import server_error

        raise server_error(exc, engine) from None
    finally:
        engine.dispose()
    open_server_league(url, read_only=True).close()
    return display_url(url)


# -- backups of a shared league ------------------------------------------------------------------------
def server_backups_league(db: LeagueDB) -> Path:
    """The stand-in path whose "<name> backups" folder (in the data folder) keeps a shared league's backups."""
    from roster_app.paths import data_dir

    url = db.engine.url
    name = re.sub(r"[^\w.-]+", " ", f"{url.database} on {url.host or 'local'}").strip()
    return data_dir() / "shared" / f"{name}.dugout"


def backup_server_league(db: LeagueDB, *, reason: str) -> Any:
    """A copy of a shared league in a league file on this computer, before a risky step (repair, import).

    The server's own backups (pg_dump) stay the server keeper's job; this is the commissioner's safety net.
    """
    from roster_app.safety.backups import Backup, _free_name, backups_dir, rotate

    league = server_backups_league(db)
    league.parent.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    try:
        path = Path(
            _write_file(_free_name(backups_dir(league, create=True), league.stem, now, reason), read_rows(db))
        )
    except OSError as exc:
        raise LeagueFileError(f"No copy of the shared league could be saved on this computer ({exc}).") from None
    rotate(league)
    return Backup(path, now.replace(microsecond=0), reason, path.stat().st_size)


# -- the command ---------------------------------------------------------------------------------------
def main(argv: list[str]) -> int:
    """`dugout copy SOURCE DEST`; exit 0 copied, 1 refused (nothing written)."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(
        prog="dugout copy",
        description="Copy a league between a league file and a PostgreSQL database (either way), with every "
        "row and id. The destination must be a new file or an empty database.",
    )
    parser.add_argument("source", help="a league file (.dugout) or postgresql://USER@HOST/DATABASE")
    parser.add_argument("destination", help="a new league file, or the URL of an empty PostgreSQL database")
    args = parser.parse_args(argv)
    try:
        where = copy_league(args.source, args.destination)
    except DugoutError as exc:
        print(f"dugout copy: {exc}", file=sys.stderr)
        return 1
    print(f"The league was copied to {where}.")
    return 0
