"""The LeagueDB: an open league's engine, its ruleset, and the one-transaction write context every service uses.

A league file is a SQLite database with Dugout's application_id, created through SQLModel and stamped with
the Alembic head; a shared league is the same schema on a PostgreSQL server (store/server.py). The store
makes empty schemas; a new league is filled by services/league.py, and opened (checked, locked, upgraded,
backed up) by safety/opening.py.

This module imports no SQLAlchemy at load: a league file's engine is made at its first use (`db.engine`), so the
league view can show the league reading through `db.fetch()` (plain sqlite3) before the ORM is imported
(tests/ui/app/test_start_path.py).
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roster_app.errors import (
    ChangedMeanwhile,
    DugoutError,
    LeagueFileError,
    ReadOnlyLeague,
)
from roster_app.i18n import _
from roster_app.store import sqlite_file
from roster_app.store.ruleset import LEAGUE_SQL, RULES_SQL, ruleset_from_rows, ruleset_or_error

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine
    from sqlmodel import Session

    from roster_app.rules.ruleset import Ruleset
    from roster_app.store.changes import Change, Recorder

APPLICATION_ID = int.from_bytes(b"Dgt1", "big")  # PRAGMA application_id of every league file
SQLITE_HEADER = b"SQLite format 3\x00"


def file_engine(path: Path, *, read_only: bool, foreign_keys: bool = True) -> Engine:
    """The engine of the league file at exactly `path` (connections made from the path, never a URL of it)."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import QueuePool

    from roster_app.store import models  # noqa: F401 - registers the tables on SQLModel.metadata

    path = Path(path).absolute()

    def _connect() -> sqlite3.Connection:
        return sqlite_file.connect(path, read_only=read_only, timeout=5, check_same_thread=False)

    # QueuePool as for any file URL: the placeholder URL alone would get an in-memory database's pool.
    engine = create_engine("sqlite+pysqlite://", creator=_connect, poolclass=QueuePool)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # A write takes the write lock at once, so a read-modify-write is never interleaved.
        immediate = connection.get_execution_options().get("dugout_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


@dataclass
class Tx:
    """A write in progress: the session, the undo label and the result the service returns."""

    session: Session
    label: str
    result: Any = None
    undoable: bool = True
    recorder: Recorder = field(default_factory=lambda: _recorder())

    @property
    def change(self) -> Change:
        from roster_app.store.changes import Change

        return Change(self.label, tuple(self.recorder.rows), self.result, self.undoable)


def _recorder() -> Recorder:
    from roster_app.store.changes import Recorder

    return Recorder()


class LeagueDB:
    """An open league: its engine, its ruleset, and the write context every service uses.

    Given an engine (memory, server, tests) it uses it; given `make_engine` (a league file) it makes the engine
    at the first `engine`, `read()`, `write()` or `replay()`; until then `fetch()` reads over plain sqlite3."""

    RETRIES = 8  # how often LeagueDB.run re-runs a service that clashed with another commissioner's

    def __init__(
        self,
        engine: Engine | None = None,
        *,
        make_engine: Callable[[], Engine] | None = None,
        path: Path | None = None,
        url: str | None = None,
        read_only: bool = False,
    ):
        if (engine is None) == (make_engine is None):
            raise TypeError("LeagueDB needs an engine or a way to make one (not both)")
        if make_engine is not None and path is None:
            raise TypeError("a LeagueDB whose engine is made later is a league file: give its path")
        self._engine = engine
        self._make_engine = make_engine
        self._write: Engine | None = None
        self.path = path
        self.url = url  # a shared league's address (without its password); None for a file or memory
        self.read_only = read_only
        self.read_only_reason: str | None = None  # why it opened read-only, in plain words (for a banner)
        self.newer_file = False  # made by a newer Dugout: never written, never downgraded
        self.notices: list[str] = []  # what happened while opening (recovered, upgraded, no backup ...)
        self.lock: Any = None  # the roster_app.safety.locking.LeagueLock held while open for writing
        self._ruleset: Ruleset | None = None
        self.schema_revision: str | None = None
        self.opening_backup: Any = (
            None  # a roster_app.safety.backups.BackgroundBackup writes wait for (backup="background")
        )
        self._versions: dict[tuple[str, tuple[Any, ...]], int | None] = {}  # row versions written here last

    @property
    def engine(self) -> Engine:
        """The league's SQLAlchemy engine (made now for a league file opened without one)."""
        if self._engine is None:
            if self._make_engine is None:
                raise LeagueFileError(_("The league is closed."))
            self._engine = self._make_engine()
        return self._engine

    @property
    def engine_ready(self) -> bool:
        """Whether the engine exists (a league file's is made at its first use)."""
        return self._engine is not None

    @property
    def _write_engine(self) -> Engine:
        if self._write is None:
            self._write = self.engine.execution_options(dugout_write=True)
        return self._write

    @property
    def on_server(self) -> bool:
        """A shared league (PostgreSQL): no lock file, no file backups; clashes are refused or retried."""
        if self._engine is None:
            return False  # only a league file's engine is made later
        return self._engine.dialect.name != "sqlite"

    @property
    def location(self) -> str:
        """Where the league lives, for people: the file's path, the server's address, or '' (in memory)."""
        return self.url or (str(self.path) if self.path is not None else "")

    # -- reading -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def read(self) -> Iterator[Session]:
        from sqlmodel import Session

        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextlib.contextmanager
    def fetch(self) -> Iterator[Callable[[str, Mapping[str, Any]], Sequence[Sequence[Any]]]]:
        """A query runner (roster_app.queries.first_screen.Fetch: SQL with :named parameters) in one read
        transaction: over plain sqlite3 while the league file's engine is not made, else over the engine."""
        if self._engine is None:
            if self.path is None:
                raise LeagueFileError(_("The league is closed."))
            with contextlib.closing(sqlite_file.connect(self.path, read_only=True, isolation_level=None)) as conn:
                conn.execute("BEGIN")  # one snapshot for every read
                yield lambda sql, params: conn.execute(sql, params).fetchall()
                conn.execute("ROLLBACK")
            return
        from sqlalchemy import text

        with self._engine.connect() as conn, conn.begin():
            yield lambda sql, params: conn.execute(text(sql), params).all()

    @property
    def ruleset(self) -> Ruleset:
        """The league's own ruleset (cached until a ruleset table is written)."""
        if self._ruleset is None:
            self._ruleset = ruleset_or_error(self._read_ruleset)
        return self._ruleset

    def _read_ruleset(self) -> Ruleset:
        with self.fetch() as fetch:
            league = fetch(LEAGUE_SQL, {})
            return ruleset_from_rows(league[0] if league else None, list(fetch(RULES_SQL, {})))

    def forget_ruleset(self) -> None:
        self._ruleset = None

    # -- writing -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def write(self, label: str = "change") -> Iterator[Tx]:
        """One transaction: all of it is written or none of it. The Tx records the rows for undo."""
        from sqlmodel import Session

        from roster_app.store.changes import written_versions

        self._ready_to_write()
        with Session(self._write_engine, expire_on_commit=False, autoflush=True) as session:
            tx = Tx(session, label)
            tx.recorder.attach(session)
            with self._in_plain_words(), session.begin():
                yield tx
        self._versions.update(written_versions(tx.recorder.rows))
        if any(row.table == "ruleset_table" for row in tx.recorder.rows):
            self.forget_ruleset()

    def replay(self, change: Change, *, forward: bool) -> None:
        """Undo (forward=False) or redo a change in one transaction; refused (UndoConflict) when the league
        changed since, or someone else wrote a row it touches (its version is not the one written here)."""
        from sqlmodel import Session

        from roster_app.store.changes import apply

        self._ready_to_write()
        with Session(self._write_engine) as session, self._in_plain_words(), session.begin():
            versions = apply(session, change, forward=forward, versions=self._versions)
        self._versions = versions
        if "ruleset_table" in change.tables:
            self.forget_ruleset()

    def _ready_to_write(self) -> None:
        if self.read_only:
            raise ReadOnlyLeague(_("This league is open read-only; nothing can be changed."))
        self.wait_for_opening_backup()

    def wait_for_opening_backup(self) -> None:
        """The backup of the league as it was opened is made before anything is written to it."""
        if self.opening_backup is not None:
            self.opening_backup.wait()

    def run(self, service: Callable[..., Change], /, **kwargs: Any) -> Change:
        """Call `service(self, **kwargs)`, running it again (a few times) when it clashed with another
        commissioner's change made at the same moment. A service is one transaction with no effect outside
        it, so a clash leaves nothing behind and the next run works on the fresh rows."""
        for attempt in range(self.RETRIES):
            try:
                return service(self, **kwargs)
            except ChangedMeanwhile as exc:
                if not exc.retry or attempt == self.RETRIES - 1:
                    raise
                time.sleep(random.uniform(0, 0.01 * 2**attempt))  # the other commissioner's change goes first
        raise AssertionError("unreachable")

    @contextlib.contextmanager
    def _in_plain_words(self) -> Iterator[None]:
        """A failed write raised as the DugoutError that says why (a bug is raised as it is)."""
        from sqlalchemy.exc import DBAPIError
        from sqlalchemy.orm.exc import StaleDataError

        try:
            yield
        except (DBAPIError, StaleDataError, sqlite3.OperationalError) as exc:
            error = self._error(exc)
            if error is None:
                raise
            raise error from exc

    def _error(self, exc: BaseException) -> DugoutError | None:
        """A failed write in plain words (None: a bug, raised as it is); a clash with another commissioner
        is ChangedMeanwhile (retry=True)."""
        from sqlalchemy.exc import OperationalError
        from sqlalchemy.orm.exc import StaleDataError

        if isinstance(exc, StaleDataError):  # the ORM's version check: the row changed since it was read
            return ChangedMeanwhile(_("The league"), retry=True)
        if self.on_server:
            from roster_app.store.server import server_error

            return server_error(exc, self.engine)
        if isinstance(exc, OperationalError | sqlite3.OperationalError):
            return _write_error(exc)
        return None

    def close(self) -> None:
        self.wait_for_opening_backup()
        if self._engine is not None:
            self._engine.dispose()
        self._make_engine = None  # a closed league's engine is never made again
        if self.lock is not None:
            self.lock.release()


def _write_error(exc: Exception) -> LeagueFileError:
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc)
    if "locked" in text or "busy" in text:
        return LeagueFileError(
            _("The league file is busy (another program is writing to it). Nothing was changed.")
        )
    if "full" in text:
        return LeagueFileError(_("The disk is full. Nothing was changed; free some space and try again."))
    if "I/O" in text:
        return LeagueFileError(
            _(
                "The league file could not be written: the disk reported an error. Nothing was changed; "
                "check the disk (or the network folder) and try again."
            )
        )
    if "readonly" in text or "read-only" in text:
        return LeagueFileError(_("The league file cannot be written (it is read-only). Nothing was changed."))
    return LeagueFileError(
        _("The league file could not be written ({text}). Nothing was changed.").format(text=text)
    )


def create_schema(engine: Engine) -> None:
    """The league's empty tables, stamped with the head revision (a league file also gets its application_id)."""
    from sqlmodel import SQLModel

    from roster_app.store import models  # noqa: F401 - registers the tables on SQLModel.metadata

    SQLModel.metadata.create_all(engine)
    if engine.dialect.name == "sqlite":
        with engine.begin() as conn:
            conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
    from roster_app.store.migrations import stamp_head

    stamp_head(engine)


def memory_engine(*, copy_of: Engine | None = None) -> Engine:
    """An in-memory database holding the league's empty schema (tests and previews; filled by a service), or a
    copy of the in-memory database `copy_of` (sqlite3's backup: page for page, its stamp included)."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import StaticPool

    engine = create_engine("sqlite+pysqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        if copy_of is not None:
            source = copy_of.raw_connection()
            try:
                source.driver_connection.backup(dbapi_connection)
            finally:
                source.close()
        dbapi_connection.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    if copy_of is None:
        create_schema(engine)
    return engine
