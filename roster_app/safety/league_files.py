"""A new league file holding exactly the rows given: built in a temporary file beside it, checked to open like
any league, then renamed into place (`dugout copy` into a file, and a shared league's backups)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.exc import StatementError

from roster_app.errors import CopyRefused
from roster_app.i18n import _
from roster_app.safety.atomic import atomic_path
from roster_app.safety.inspection import check_opens
from roster_app.store.db import create_schema, file_engine
from roster_app.store.tables import Rows, insert_rows


def write_league_file(path: Path, rows: Rows) -> str:
    """A new league file at `path` holding exactly `rows` (CopyRefused if a file is there); returns its path."""
    if path.exists():
        raise CopyRefused(_("A file already exists at {path}; copy into a new file.").format(path=path))
    with atomic_path(path) as temporary:
        engine = file_engine(temporary, read_only=False)
        try:
            create_schema(engine)
            with engine.begin() as connection:
                connection.exec_driver_sql("PRAGMA defer_foreign_keys = ON")
                insert_rows(connection, rows)
        except StatementError as exc:
            raise CopyRefused(
                _("The league could not be written to the file ({orig}). Nothing was saved.").format(orig=exc.orig)
            ) from None
        finally:
            engine.dispose()
        check_opens(temporary)  # it opens like any league
        if path.exists():  # made meanwhile by someone else: keep theirs
            raise CopyRefused(_("A file already exists at {path}; copy into a new file.").format(path=path))
    return str(path)
