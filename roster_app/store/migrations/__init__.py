"""Alembic migrations of the league file, run programmatically (no alembic.ini needed).

A new league is created from the models and stamped with the head revision; an older file is upgraded
on open (roster_app.safety.upgrade makes a verified backup first).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # no SQLAlchemy at import: a league file is shown before the ORM loads
    from sqlalchemy.engine import Engine

MIGRATIONS_DIR = Path(__file__).resolve().parent
_BUNDLED_DIR = MIGRATIONS_DIR
# The head revision of versions/ (tests/store/test_migrations.py checks it is Alembic's head): opening a league
# whose schema is current imports no Alembic (~0.15 s). Update it with every new revision.
HEAD = "matchindexes"
ADVISORY_LOCK = int.from_bytes(b"Dgt1", "big")  # one schema change at a time on a server


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


def is_newer(revision: str) -> bool:
    """A schema this Dugout does not know: made by a newer Dugout (opened read-only, never downgraded)."""
    return not is_head(revision) and not is_known_revision(revision)


def stamp_head(engine: Engine) -> None:
    """Stamp a new league's schema with the head revision. Alembic's `stamp` command would read every
    revision's script again (~50 ms a league); the scripts read once per process (`_script`) say the same."""
    from alembic.runtime.migration import MigrationContext

    with engine.begin() as connection:
        MigrationContext.configure(connection).stamp(_script(), "head")


def upgrade_engine(engine: Engine) -> None:
    """Upgrade a database to the head revision in one transaction.

    On a server (a shared league) two Dugouts may open an older league at once: an advisory lock lets one
    upgrade while the other waits, then finds nothing left to do (READ COMMITTED: it reads the new stamp).
    """
    from alembic import command

    if engine.dialect.name == "postgresql":
        engine = engine.execution_options(isolation_level="READ COMMITTED")
        with engine.begin() as connection:
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")
            command.upgrade(alembic_config(connection), "head")
        return
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "head")
