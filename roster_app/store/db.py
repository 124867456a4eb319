"""Opening and creating league files, sessions, and the one-transaction write context.

A league file is a SQLite database with Dugout's application_id, created through SQLModel and stamped
with the Alembic head. Files that are not Dugout leagues are refused before anything can write to them.
A shared league is the same schema on a PostgreSQL server (roster_app.server); `open_database` takes
either a file path or a `postgresql://` URL, and LeagueDB works the same over both.
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session, SQLModel

from roster_app.errors import (
    ChangedMeanwhile,
    DugoutError,
    InterruptedSave,
    LeagueFileError,
    ReadOnlyLeague,
    RulesetError,
)
from roster_app.rules.ruleset import Ruleset, from_stored, load_bundled
from roster_app.store import models  # noqa: F401 - registers the tables on SQLModel.metadata
from roster_app.store.changes import Change, Recorder, apply, written_versions

APPLICATION_ID = int.from_bytes(b"Dgt1", "big")  # PRAGMA application_id of every league file
SQLITE_HEADER = b"SQLite format 3\x00"


def _sqlite_url(path: Path, read_only: bool) -> str:
    if read_only:
        return f"sqlite+pysqlite:///file:{path}?mode=ro&uri=true"
    return f"sqlite+pysqlite:///{path}"


def _make_sqlite_engine(path: Path, *, read_only: bool, foreign_keys: bool = True) -> Engine:
    engine = create_engine(_sqlite_url(path, read_only), connect_args={"timeout": 5})

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


def _explain_sqlite_error(path: Path, exc: Exception) -> LeagueFileError:
    return LeagueFileError(f"'{path.name}' is not a Dugout league file, or it is damaged ({exc}).")


def inspect_file(path: Path) -> str:
    """Check that `path` looks like a Dugout league without writing to it; return its schema revision.

    Raises LeagueFileError with a plain explanation for a missing, empty, foreign or damaged file.
    """
    return _inspect(Path(path))[0]


def _inspect(path: Path) -> tuple[str, tuple[Any, list[Any]]]:
    """inspect_file, also returning the league row and ruleset rows it read (opening needs them next)."""
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
            return _inspect_league(path, conn)
    except UnicodeDecodeError as exc:  # a damaged name in SQLite's own catalogue
        raise _explain_sqlite_error(path, exc) from None
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK":
            raise InterruptedSave(
                f"'{path.name}' was being saved when Dugout or the computer stopped. Open it normally "
                "(not read-only) and Dugout will put it back as it was before that save."
            ) from None
        raise _explain_sqlite_error(path, exc) from None


def _inspect_league(path: Path, conn: sqlite3.Connection) -> tuple[str, tuple[Any, list[Any]]]:
    """The checks of inspect_file that read the database (read-only connection)."""
    from roster_app.safety.integrity import stored_value_problems

    check = conn.execute("PRAGMA quick_check").fetchall()
    if check != [("ok",)]:
        problems = "; ".join(str(r[0]) for r in check[:3])
        raise LeagueFileError(
            f"'{path.name}' is damaged and cannot be opened safely ({problems}). "
            "Restore it from a backup. The file was not changed."
        )
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not {"league", "team", "player", "alembic_version"} <= tables:
        raise LeagueFileError(f"'{path.name}' is not a complete Dugout league (tables are missing).")
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    if row is None or not isinstance(row[0], str):
        raise LeagueFileError(f"'{path.name}' is not a complete Dugout league (its schema version is missing).")
    problems = stored_value_problems(conn, limit=3, skip=("ruleset_table",))  # parsed on load
    if problems:
        raise LeagueFileError(
            f"'{path.name}' is damaged and cannot be opened safely ({'; '.join(problems)}). "
            "Restore it from a backup. The file was not changed."
        )
    return row[0], (conn.execute(LEAGUE_SQL).fetchone(), conn.execute(RULES_SQL).fetchall())


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

    RETRIES = 8  # how often LeagueDB.run re-runs a service that clashed with another commissioner's

    def __init__(
        self, engine: Engine, *, path: Path | None = None, url: str | None = None, read_only: bool = False
    ):
        self.engine = engine
        self.path = path
        self.url = url  # a shared league's address (without its password); None for a file or memory
        self.read_only = read_only
        self.read_only_reason: str | None = None  # why it opened read-only, in plain words (for a banner)
        self.newer_file = False  # made by a newer Dugout: never written, never downgraded
        self.notices: list[str] = []  # what happened while opening (recovered, upgraded, no backup ...)
        self.lock: Any = None  # the roster_app.locking.LeagueLock held while open for writing
        self._ruleset: Ruleset | None = None
        self.schema_revision: str | None = None
        self._write_engine = engine.execution_options(dugout_write=True)
        self.opening_backup: Any = (
            None  # a roster_app.backups.BackgroundBackup writes wait for (backup="background")
        )
        self._versions: dict[tuple[str, tuple[Any, ...]], int | None] = {}  # row versions written here last

    @property
    def on_server(self) -> bool:
        """A shared league (PostgreSQL): no lock file, no file backups; clashes are refused or retried."""
        return self.engine.dialect.name != "sqlite"

    @property
    def location(self) -> str:
        """Where the league lives, for people: the file's path, the server's address, or '' (in memory)."""
        return self.url or (str(self.path) if self.path is not None else "")

    # -- reading -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def read(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @property
    def ruleset(self) -> Ruleset:
        """The league's own ruleset (cached until a ruleset table is written)."""
        if self._ruleset is None:
            self._ruleset = _ruleset_or_error(lambda: _load_ruleset(self.engine))
        return self._ruleset

    def forget_ruleset(self) -> None:
        self._ruleset = None

    # -- writing -----------------------------------------------------------------------------
    @contextlib.contextmanager
    def write(self, label: str = "change") -> Iterator[Tx]:
        """One transaction: all of it is written or none of it. The Tx records the rows for undo."""
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
        self._ready_to_write()
        with Session(self._write_engine) as session, self._in_plain_words(), session.begin():
            versions = apply(session, change, forward=forward, versions=self._versions)
        self._versions = versions
        if "ruleset_table" in change.tables:
            self.forget_ruleset()

    def _ready_to_write(self) -> None:
        if self.read_only:
            raise ReadOnlyLeague("This league is open read-only; nothing can be changed.")
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
        if isinstance(exc, StaleDataError):  # the ORM's version check: the row changed since it was read
            return ChangedMeanwhile("The league", retry=True)
        if self.on_server:
            from roster_app.store.server import server_error

            return server_error(exc, self.engine)
        if isinstance(exc, OperationalError | sqlite3.OperationalError):
            return _write_error(exc)
        return None

    def close(self) -> None:
        self.wait_for_opening_backup()
        self.engine.dispose()
        if self.lock is not None:
            self.lock.release()


LEAGUE_SQL = "SELECT ruleset_name, ruleset_key FROM league ORDER BY id LIMIT 1"
RULES_SQL = "SELECT key, data FROM ruleset_table"


def _load_ruleset(engine: Engine) -> Ruleset:
    with engine.connect() as conn:
        return _ruleset_from(conn.exec_driver_sql(LEAGUE_SQL).first(), conn.exec_driver_sql(RULES_SQL).all())


def _ruleset_from(league: Any, rows: list[Any]) -> Ruleset:
    """The ruleset stored in a league (roster_app.rules.ruleset.from_stored: validated once per run)."""
    if league is None:
        raise LeagueFileError("The league file has no league record.")
    return from_stored(league[0], league[1], rows)


def _ruleset_or_error(load: Any) -> Ruleset:
    """Run a ruleset loader, turning a damaged or unreadable ruleset into a LeagueFileError."""
    try:
        return load()
    except RulesetError as exc:
        raise LeagueFileError(f"The league's house rules are damaged: {exc}") from None
    except (ValueError, TypeError, AttributeError, SQLAlchemyError) as exc:
        raise LeagueFileError(f"The league's house rules cannot be read ({exc}).") from None


def _write_error(exc: Exception) -> LeagueFileError:
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc)
    if "locked" in text or "busy" in text:
        return LeagueFileError("The league file is busy (another program is writing to it). Nothing was changed.")
    if "full" in text:
        return LeagueFileError("The disk is full. Nothing was changed; free some space and try again.")
    if "I/O" in text:
        return LeagueFileError(
            "The league file could not be written: the disk reported an error. Nothing was changed; "
            "check the disk (or the network folder) and try again."
        )
    if "readonly" in text or "read-only" in text:
        return LeagueFileError("The league file cannot be written (it is read-only). Nothing was changed.")
    return LeagueFileError(f"The league file could not be written ({text}). Nothing was changed.")


def _init_schema(engine: Engine) -> None:
    SQLModel.metadata.create_all(engine)
    if engine.dialect.name == "sqlite":
        with engine.begin() as conn:
            conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
    from roster_app.store.migrations import stamp_head

    stamp_head(engine)


def create_league(path: Path | str, *, name: str, ruleset_key: str = "lrb4", overwrite: bool = False) -> LeagueDB:
    """Create a new league file (written to a temporary file first, then moved into place)."""
    path = Path(path)
    name = name.strip()
    if not name:
        raise LeagueFileError("A league needs a name.")
    if path.exists() and not overwrite:
        raise LeagueFileError(f"A file already exists at {path}; choose another name.")
    from roster_app.safety.locking import holder_of

    holder = holder_of(path) if path.exists() else None
    if holder is not None:
        raise LeagueFileError(f"'{path.name}' is in use by {holder.describe()}; it cannot be replaced now.")
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
    return open_league(path, backup=False)  # nothing to back up yet


def open_database(target: Path | str, **options: Any) -> LeagueDB:
    """Open a league file (a path) or a shared league (a `postgresql://` URL), with open_league's options.

    A shared league has no lock file and no file backups; `take_over` and `backup` do not apply to it.
    """
    from roster_app.store.address import is_database_url
    from roster_app.store.server import open_server_league

    if is_database_url(target):
        return open_server_league(
            str(target), read_only=options.get("read_only", False), load_ruleset=options.get("load_ruleset", True)
        )
    return open_league(target, **options)


NEWER_FILE = (
    "This league was saved by a newer version of Dugout. It is open read-only, so it is never changed "
    "or downgraded; install the newer Dugout to change it."
)


def open_league(
    path: Path | str,
    *,
    read_only: bool = False,
    take_over: bool = False,
    backup: bool | str = True,
    load_ruleset: bool = True,
) -> LeagueDB:
    """Open an existing league file, refusing anything that is not a Dugout league (file left untouched).

    For writing, the league is locked (LeagueInUse when another Dugout has it), a save that was cut
    short is rolled back, an older file is upgraded after a verified backup, and a backup is made if the
    league changed since its newest one. A file from a newer Dugout opens read-only (`newer_file`).
    load_ruleset=False is for Check League's repairs, which must open a league whose house rules are damaged.
    backup="background" makes that backup in a thread (`db.opening_backup`; the GUI shows the league meanwhile):
    every write, undo and close waits for it, so it always holds the league as it was opened.
    """
    path = Path(path).resolve()
    interrupted, rules = None, None
    try:
        revision, rules = _inspect(path)
    except InterruptedSave as exc:
        interrupted, revision = exc, None  # rolled back below, once the league is locked for writing
    newer = revision is not None and _is_newer(revision)
    read_only, reason = _read_only_reason(path, read_only or newer, newer)
    lock = None
    if not read_only:
        from roster_app.safety import locking

        try:
            lock = locking.acquire(path, take_over=take_over)
        except OSError:
            read_only, reason = True, "Its folder cannot be written, so it is open read-only."
    if interrupted is not None and read_only:
        raise interrupted
    try:
        return _open_checked(
            path, revision, read_only=read_only, reason=reason, lock=lock, backup=backup,
            load_ruleset=load_ruleset, rules=rules,
        )  # fmt: skip
    except BaseException:
        if lock is not None:
            lock.release()
        raise


def _is_newer(revision: str) -> bool:
    from roster_app.store.migrations import is_head, is_known_revision

    return not is_head(revision) and not is_known_revision(revision)


def _read_only_reason(path: Path, read_only: bool, newer: bool) -> tuple[bool, str | None]:
    if newer:
        return True, NEWER_FILE
    if read_only:
        return True, "Opened read-only: nothing can be changed."
    if not os.access(path, os.W_OK):
        return True, "The file cannot be written (it is read-only), so it is open read-only."
    return False, None


def _open_checked(
    path: Path,
    revision: str | None,
    *,
    read_only: bool,
    reason: str | None,
    lock: Any,
    backup: bool | str,
    load_ruleset: bool,
    rules: tuple[Any, list[Any]] | None,
) -> LeagueDB:
    """The rest of open_league, once the file passed inspection (and is locked if it will be written)."""
    from roster_app.safety import backups
    from roster_app.store.migrations import head_revision, is_head, upgrade_file

    notices = []
    if revision is None:  # an interrupted save: roll it back (we hold the lock), then look again
        from roster_app.safety.files import recover_interrupted_save

        kept = recover_interrupted_save(path, backups.backups_dir(path, create=True))
        notices.append(
            "The league was being saved when Dugout or the computer stopped; it was put back as it was "
            f"before that save. The files as they were are kept in '{kept}'."
        )
        revision, rules = _inspect(path)
        if _is_newer(revision):
            raise LeagueFileError(NEWER_FILE)
    if not read_only and not is_head(revision):
        made, revision = upgrade_file(path), head_revision()
        rules = None  # read again, from the upgraded file
        notices.append(f"The league was upgraded for this version of Dugout; the old file is kept in '{made}'.")
    engine = _make_sqlite_engine(path, read_only=read_only)
    db = LeagueDB(engine, path=path, read_only=read_only)
    db.schema_revision, db.read_only_reason, db.newer_file = revision, reason, reason == NEWER_FILE
    try:  # the ruleset is loaded now, so a damaged one fails here and not in the middle of a screen
        if load_ruleset and rules is not None:  # the rows inspection read: no second connection needed
            db._ruleset = _ruleset_or_error(lambda: _ruleset_from(*rules))
        elif load_ruleset:
            db.ruleset  # noqa: B018
    except BaseException:
        engine.dispose()
        raise
    if not read_only and backup == "background":
        db.opening_backup = backups.BackgroundBackup(path, reason="opened")
    elif not read_only and backup:  # only once the league is known to open
        try:
            backups.backup_if_changed(path, reason="opened")
        except LeagueFileError as exc:
            notices.append(f"No backup could be made when the league was opened: {exc}")
    db.notices, db.lock = notices, lock
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
