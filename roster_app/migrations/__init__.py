"""Alembic migrations of the league file, run programmatically (no alembic.ini needed).

A new league is created from the models and stamped with the head revision; an older file is upgraded
on open (roster_app.safety makes a verified backup first).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sqlalchemy.engine import Engine

MIGRATIONS_DIR = Path(__file__).resolve().parent


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


def is_known_revision(revision: str) -> bool:
    return revision in {rev.revision for rev in _script().walk_revisions()}


def stamp_head(engine: Engine) -> None:
    from alembic import command

    with engine.begin() as connection:
        command.stamp(alembic_config(connection), "head")


def upgrade_engine(engine: Engine) -> None:
    """Upgrade a database to the head revision in one transaction."""
    from alembic import command

    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "head")


def upgrade_file(path: Path) -> None:
    """Upgrade a league file to the head revision, after a verified backup; all or nothing."""
    from roster_app.safety import backup_before

    backup_before(path, reason="migration")
    from roster_app.db import _make_sqlite_engine

    engine = _make_sqlite_engine(path, read_only=False)
    try:
        upgrade_engine(engine)
    finally:
        engine.dispose()
