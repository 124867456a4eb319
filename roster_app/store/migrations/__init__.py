"""Alembic migrations of the league file, run programmatically (no alembic.ini needed).

A new league is created from the models and stamped with the head revision; an older file is upgraded
on open (roster_app.safety makes a verified backup first).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sqlalchemy.engine import Engine

MIGRATIONS_DIR = Path(__file__).resolve().parent
_BUNDLED_DIR = MIGRATIONS_DIR
# The head revision of versions/ (tests/test_migrations.py checks it is Alembic's head): opening a league
# whose schema is current imports no Alembic (~0.15 s). Update it with every new revision.
HEAD = "postgres"


def alembic_config(connection=None):  # noqa: ANN001, ANN201 - alembic types stay lazy
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@cache
def _script():  # noqa: ANN202
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


@cache
def head_revision() -> str:
    return _script().get_current_head()


def is_head(revision: str | None) -> bool:
    """Whether `revision` is the current schema (Alembic is only asked when the migrations folder is not
    the bundled one, as in tests that add revisions)."""
    if MIGRATIONS_DIR == _BUNDLED_DIR:
        return revision == HEAD
    return revision == head_revision()


def is_known_revision(revision: str) -> bool:
    return revision in {rev.revision for rev in _script().walk_revisions()}


def stamp_head(engine: Engine) -> None:
    from alembic import command

    with engine.begin() as connection:
        command.stamp(alembic_config(connection), "head")


def upgrade_engine(engine: Engine) -> None:
    """Upgrade a database to the head revision in one transaction.

    On a server (a shared league) two Dugouts may open an older league at once: an advisory lock lets one
    upgrade while the other waits, then finds nothing left to do (READ COMMITTED: it reads the new stamp).
    """
    from alembic import command

    if engine.dialect.name == "postgresql":
        from roster_app.store.server import ADVISORY_LOCK

        engine = engine.execution_options(isolation_level="READ COMMITTED")
        with engine.begin() as connection:
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")
            command.upgrade(alembic_config(connection), "head")
        return
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "head")


def upgrade_file(path: Path) -> Path:
    """Upgrade a league file to the head revision; returns the verified backup made first.

    A copy is upgraded in one transaction, checked (foreign keys, integrity, stored values), then moved
    over the league in one rename: if anything fails the league file is left byte for byte as it was.
    """
    from roster_app.errors import DugoutError, LeagueFileError
    from roster_app.safety.backups import backup
    from roster_app.safety.files import journal_path, make_backup, replace_atomically

    path = Path(path)
    kept = backup(path, reason="before upgrade")  # LeagueFileError if it cannot be made: nothing changes
    work = path.with_name(f".{path.name}.upgrading")
    try:
        make_backup(path, work)
        _upgrade_copy(work)
        replace_atomically(work, path)
    except DugoutError:
        raise
    except Exception as exc:
        raise LeagueFileError(
            f"'{path.name}' could not be upgraded for this version of Dugout ({exc}). The file was not "
            "changed; it can still be opened by the Dugout that made it."
        ) from exc
    finally:
        work.unlink(missing_ok=True)
        journal_path(work).unlink(missing_ok=True)
    return kept.path


def _upgrade_copy(work: Path) -> None:
    """Run every pending revision on `work` in one transaction (foreign keys checked at the end)."""
    from roster_app.store.db import _make_sqlite_engine, inspect_file

    # Foreign keys are off while tables are rebuilt (SQLite's documented way to alter a table), then checked.
    engine = _make_sqlite_engine(work, read_only=False, foreign_keys=False)
    try:
        with engine.execution_options(dugout_write=True).begin() as connection:
            from alembic import command

            command.upgrade(alembic_config(connection), "head")
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise RuntimeError(f"the upgrade left {len(broken)} row(s) pointing at missing rows")
    finally:
        engine.dispose()
    if inspect_file(work) != head_revision():
        raise RuntimeError("the upgraded copy does not carry the new schema version")
