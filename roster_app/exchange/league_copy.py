"""`dugout copy SOURCE DEST`: a league moved between a file and a server (either way) without loss.

SOURCE and DEST are each a league file or a `postgresql://` URL. Every row of every table is copied with
its id (the table walker of roster_app.store.tables); a new file is built in a temporary file and renamed into
place, a server league is written in one transaction (tables, rows, the schema stamp, then each id
sequence set after the largest id), so a copy that fails leaves nothing behind. The destination must not
hold a league: a copy never overwrites one. An older source file is upgraded in a temporary copy first
(the source itself is only read).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel

from roster_app.errors import CopyRefused
from roster_app.i18n import _
from roster_app.safety.files import make_backup
from roster_app.safety.inspection import inspect_file
from roster_app.safety.league_files import write_league_file
from roster_app.safety.opening import open_league, open_server_league
from roster_app.safety.upgrade import upgrade_copy
from roster_app.store.address import is_database_url
from roster_app.store.db import LeagueDB
from roster_app.store.migrations import alembic_config, head_revision, is_newer
from roster_app.store.server import display_url, prepare_empty, reset_sequences, server_engine, server_error
from roster_app.store.tables import Rows, insert_rows, league_rows


def copy_league(source: Path | str, destination: Path | str) -> str:
    """Copy the league at `source` to `destination` (file or URL); returns where it went, for people."""
    if str(source) == str(destination):
        raise CopyRefused(_("The source and the destination are the same league."))
    if not is_database_url(destination) and Path(destination).exists():
        raise CopyRefused(
            _("A file already exists at {destination}; copy into a new file.").format(destination=destination)
        )
    with opened_source(source) as db:
        rows = league_rows(db)
    return write_rows(destination, rows)


@contextlib.contextmanager
def opened_source(source: Path | str) -> Iterator[LeagueDB]:
    """The source league open read-only, at this Dugout's schema (an older file: an upgraded temporary copy)."""
    if is_database_url(source):
        db = open_server_league(str(source), read_only=True)
        if db.schema_revision != head_revision():
            db.close()
            raise CopyRefused(_("The shared league was made by another version of Dugout; open it with this "
                              "Dugout once (it is upgraded), then copy it."))  # fmt: skip
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
    if is_newer(inspect_file(path)):
        raise CopyRefused(
            _("'{name}' was saved by a newer Dugout; copy it with that Dugout.").format(name=path.name)
        )
    make_backup(path, work)
    upgrade_copy(work)
    with contextlib.closing(open_league(work, read_only=True, backup=False)) as db:
        yield db


def write_rows(destination: Path | str, rows: Rows) -> str:
    """A new league at `destination` holding exactly `rows`; returns where it is, for people."""
    if len(rows.get("league", ())) != 1:  # a copy of nothing would only fail later, as "no league record"
        raise CopyRefused(_("The source holds {n} league records instead of one; nothing was copied.").format(n=len(rows.get('league', ()))))  # fmt: skip
    if is_database_url(destination):
        return _write_server(str(destination), rows)
    return write_league_file(Path(destination), rows)


def _write_server(url: str, rows: Rows) -> str:
    from alembic import command

    engine = server_engine(url)
    try:
        prepare_empty(engine)
        with engine.begin() as connection:  # all of it or nothing: PostgreSQL changes tables in transactions
            SQLModel.metadata.create_all(connection)
            command.stamp(alembic_config(connection), "head")
            insert_rows(connection, rows)
            reset_sequences(connection)
    except DBAPIError as exc:
        raise server_error(exc, engine) from None
    finally:
        engine.dispose()
    open_server_league(url, read_only=True).close()
    return display_url(url)
