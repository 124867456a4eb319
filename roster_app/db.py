"""Opening and creating league files, sessions, and the one-transaction write context.

A league file is a SQLite database with Dugout's application_id, created through SQLModel and stamped
with the Alembic head. Files that are not Dugout leagues are refused before anything can write to them.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, SQLModel

from roster_app import models
from roster_app.changes import Change, Recorder, apply
from roster_app.errors import LeagueFileError, ReadOnlyLeague, RulesetError
from roster_app.rules.ruleset import Ruleset, from_tables, load_bundled

APPLICATION_ID = int.from_bytes(b"Dgt1", "big")  # PRAGMA application_id of every league file
SQLITE_HEADER = b"SQLite format 3\x00"


def _sqlite_url(path: Path, read_only: bool) -> str:
    if read_only:
        return f"sqlite+pysqlite:///file:{path}?mode=ro&uri=true"
    return f"sqlite+pysqlite:///{path}"


def _make_sqlite_engine(path: Path, *, read_only: bool) -> Engine:
    engine = create_engine(_sqlite_url(path, read_only), connect_args={"timeout": 5})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # A write takes the write lock at once, so a read-modify-write is never interleaved.
        immediate = connection.get_execution_options().get("dugout_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def _explain_sqlite_error(path: Path, exc: Exception) -> LeagueFileError:
    return LeagueFileError(f"'{path.name}' is not a Dugout league file, or it is damaged ({exc}).")


def inspect_file(path: Path) -> str | None:
    """Check that `path` looks like a Dugout league without writing to it; return its schema revision.

    Raises LeagueFileError with a plain explanation for a missing, empty, foreign or damaged file.
    """
    path = Path(path)
    if not path.exists():
        raise LeagueFileError(f"There is no file at {path}.")
    if not path.is_file():
        raise LeagueFileError(f"{path} is a folder, not a league file.")
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise LeagueFileError(f"'{path.name}' cannot be read: {exc.strerror}.") from None
    if not header:
        raise LeagueFileError(f"'{path.name}' is empty: it is not a Dugout league file.")
    if not header.startswith(SQLITE_HEADER):
        raise LeagueFileError(f"'{path.name}' is not a Dugout league file (it is not a database at all).")
    if len(header) < 100 or int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise LeagueFileError(
            f"'{path.name}' is a database made by another program, not a Dugout league. It was not changed."
        )
    try:
        uri = f"file:{path}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as conn:
            check = conn.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                problems = "; ".join(str(r[0]) for r in check[:3])
                raise LeagueFileError(
                    f"'{path.name}' is damaged and cannot be opened safely ({problems}). "
                    "Restore it from a backup. The file was not changed."
                )
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not {"league", "team", "player"} <= tables:
                raise LeagueFileError(f"'{path.name}' is not a complete Dugout league (tables are missing).")
            revision = None
            if "alembic_version" in tables:
                row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
                revision = row[0] if row else None
            return revision
    except sqlite3.DatabaseError as exc:
        raise _explain_sqlite_error(path, exc) from None


@dataclass
class Tx:
    """A write in progress: the session, the undo label and the result the service returns."""

    session: Session
    label: str
    result: Any = None
    undoable: bool = True
    recorder: Recorder = field(default_factory=Recorder)

    @property
    def change(self) -> Change:
        return Change(self.label, tuple(self.recorder.rows), self.result, self.undoable)


class LeagueDB:
    """An open league: its engine, its ruleset, and the write context every service uses."""

    def __init__(self, engine: Engine, *, path: Path | None = None, read_only: bool = False):
        self.engine = engine
        self.path = path
        self.read_only = read_only
        self._ruleset: Ruleset | None = None
        self.schema_revision: str | None = None
        self._write_engine = engine.execution_options(dugout_write=True)

    # -- reading -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def read(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @property
    def ruleset(self) -> Ruleset:
        """The league's own ruleset (cached until a ruleset table is written)."""
        if self._ruleset is None:
            with self.read() as session:
                league = session.scalars(select(models.League)).first()
                rows = session.scalars(select(models.RulesetTable)).all()
                tables = {row.key: row.data for row in rows}
            if league is None:
                raise LeagueFileError("The league file has no league record.")
            try:
                self._ruleset = from_tables(league.ruleset_name, league.ruleset_key, 1, tables)
            except RulesetError as exc:
                raise LeagueFileError(f"The league's house rules are damaged: {exc}") from None
        return self._ruleset

    def forget_ruleset(self) -> None:
        self._ruleset = None

    # -- writing -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def write(self, label: str = "change") -> Iterator[Tx]:
        """One transaction: all of it is written or none of it. The Tx records the rows for undo."""
        if self.read_only:
            raise ReadOnlyLeague("This league is open read-only; nothing can be changed.")
        with Session(self._write_engine, expire_on_commit=False, autoflush=True) as session:
            tx = Tx(session, label)
            tx.recorder.attach(session)
            try:
                with session.begin():
                    yield tx
            except OperationalError as exc:
                raise _write_error(exc) from exc
        if any(row.table == "ruleset_table" for row in tx.recorder.rows):
            self.forget_ruleset()

    def replay(self, change: Change, *, forward: bool) -> None:
        """Undo (forward=False) or redo a change in one transaction."""
        if self.read_only:
            raise ReadOnlyLeague("This league is open read-only; nothing can be changed.")
        with Session(self._write_engine) as session:
            try:
                with session.begin():
                    apply(session, change, forward=forward)
            except OperationalError as exc:
                raise _write_error(exc) from exc
        if "ruleset_table" in change.tables:
            self.forget_ruleset()

    def close(self) -> None:
        self.engine.dispose()


def _write_error(exc: OperationalError) -> LeagueFileError:
    text = str(exc.orig) if exc.orig is not None else str(exc)
    if "locked" in text or "busy" in text:
        return LeagueFileError("The league file is busy (another program is writing to it). Nothing was changed.")
    if "full" in text:
        return LeagueFileError("The disk is full. Nothing was changed; free some space and try again.")
    if "readonly" in text or "read-only" in text:
        return LeagueFileError("The league file cannot be written (it is read-only). Nothing was changed.")
    return LeagueFileError(f"The league file could not be written ({text}). Nothing was changed.")


def _init_schema(engine: Engine) -> None:
    SQLModel.metadata.create_all(engine)
    with engine.begin() as conn:
        conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
    from roster_app.migrations import stamp_head

    stamp_head(engine)


def create_league(path: Path | str, *, name: str, ruleset_key: str = "lrb4", overwrite: bool = False) -> LeagueDB:
    """Create a new league file (written to a temporary file first, then moved into place)."""
    path = Path(path)
    name = name.strip()
    if not name:
        raise LeagueFileError("A league needs a name.")
    if path.exists() and not overwrite:
        raise LeagueFileError(f"A file already exists at {path}; choose another name.")
    ruleset = load_bundled(ruleset_key)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=".dugout-new-", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        engine = _make_sqlite_engine(tmp, read_only=False)
        _init_schema(engine)
        db = LeagueDB(engine, path=tmp)
        from roster_app.services.league import seed_new_league

        seed_new_league(db, name=name, ruleset=ruleset)
        engine.dispose()
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return open_league(path)


def open_league(path: Path | str, *, read_only: bool = False) -> LeagueDB:
    """Open an existing league file, refusing anything that is not a Dugout league (file left untouched)."""
    path = Path(path).resolve()
    revision = inspect_file(path)
    from roster_app.migrations import head_revision, is_known_revision

    if revision != head_revision():
        if revision is not None and not is_known_revision(revision):
            read_only = True  # made by a newer Dugout: never downgrade it
        elif not read_only:
            from roster_app.migrations import upgrade_file

            upgrade_file(path)
    if not read_only and not os.access(path, os.W_OK):
        read_only = True
    engine = _make_sqlite_engine(path, read_only=read_only)
    db = LeagueDB(engine, path=path, read_only=read_only)
    db.schema_revision = revision
    try:
        db.ruleset  # noqa: B018 - load now so a damaged file fails here, not in the middle of a screen
    except Exception:
        engine.dispose()
        raise
    return db


def memory_league(*, name: str = "Test League", ruleset_key: str = "lrb4") -> LeagueDB:
    """An in-memory league (tests and previews)."""
    from sqlalchemy.pool import StaticPool

    engine = create_engine("sqlite+pysqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")

    _init_schema(engine)
    db = LeagueDB(engine)
    from roster_app.services.league import seed_new_league

    seed_new_league(db, name=name, ruleset=load_bundled(ruleset_key))
    return db
