"""Upgrading an older league file to this Dugout's schema: a verified backup first, then a copy upgraded in
one transaction, checked, and moved over the league in one rename (the league is left as it was on failure).
"""

from __future__ import annotations

from pathlib import Path

from roster_app.errors import DugoutError, LeagueFileError
from roster_app.i18n import _
from roster_app.safety.backups import backup
from roster_app.safety.files import journal_path, make_backup, replace_atomically
from roster_app.safety.inspection import inspect_file
from roster_app.store.db import file_engine
from roster_app.store.migrations import alembic_config, head_revision


def upgrade_file(path: Path) -> Path:
    """Upgrade a league file to the head revision; returns the verified backup made first.

    A copy is upgraded in one transaction, checked (foreign keys, integrity, stored values), then moved
    over the league in one rename: if anything fails the league file is left byte for byte as it was.
    """
    path = Path(path)
    kept = backup(path, reason="before upgrade")  # LeagueFileError if it cannot be made: nothing changes
    work = path.with_name(f".{path.name}.upgrading")
    try:
        make_backup(path, work)
        upgrade_copy(work)
        replace_atomically(work, path)
    except DugoutError:
        raise
    except Exception as exc:
        raise LeagueFileError(
            _(
                "'{name}' could not be upgraded for this version of Dugout ({exc}). The file was not changed; it can "
                "still be opened by the Dugout that made it."
            ).format(name=path.name, exc=exc)
        ) from exc
    finally:
        work.unlink(missing_ok=True)
        journal_path(work).unlink(missing_ok=True)
    return kept.path


def upgrade_copy(work: Path) -> None:
    """Run every pending revision on `work` in one transaction (foreign keys checked at the end)."""
    # Foreign keys are off while tables are rebuilt (SQLite's documented way to alter a table), then checked.
    engine = file_engine(work, read_only=False, foreign_keys=False)
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
