"""A league file's SQLite connection made from its path, never from a hand-built URI (imports only sqlite3).

A path goes into a `file:` URI percent-quoted (Path.as_uri), so `%20`, `?`, `#`, spaces and any letter name
the file itself: an unquoted `a%20b.dugout` would open `a b.dugout`, and `Cup?.dugout` a file named `Cup`.
The first screen reads through it before the ORM is imported; the league's engines use it as their creator.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path
from typing import Any

from roster_app.i18n import N_, _


def sqlite_uri(path: Path | str, *, read_only: bool) -> str:
    """The `file:` URI naming exactly `path` (made absolute), read-only when asked."""
    uri = Path(path).absolute().as_uri()
    return f"{uri}?mode=ro" if read_only else uri


def connect(path: Path | str, *, read_only: bool, **options: Any) -> sqlite3.Connection:
    """sqlite3.connect on exactly `path`; read-only never creates a file, read-write may (a new league)."""
    return sqlite3.connect(sqlite_uri(path, read_only=read_only), uri=True, **options)


_LOOP = N_(
    "{path} is a shortcut (symbolic link) that leads round in a loop, never to a file."
)  # shown through _()


def resolved(path: Path | str) -> Path:
    """`path` made absolute with its symbolic links followed; links that go round in a loop are refused in words."""
    from roster_app.errors import LeagueFileError

    try:
        return Path(path).resolve()
    except (RuntimeError, OSError):  # a loop of links: RuntimeError up to Python 3.12, OSError (ELOOP) after
        raise LeagueFileError(_(_LOOP).format(path=path)) from None


def not_a_file(path: Path | str, what: str = "league file") -> str | None:
    """Why `path` cannot be read as a `what`, in words (None: a regular file). Nothing reads a named pipe or
    a device: reading one waits for a writer forever, or never ends."""
    import stat

    path = Path(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return _("There is no file at {path}.").format(path=path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return _(_LOOP).format(path=path)
        return _("'{name}' cannot be read: {reason}.").format(name=path.name, reason=exc.strerror)
    if stat.S_ISDIR(mode):
        return _("{path} is a folder, not a {what}.").format(path=path, what=what)
    if not stat.S_ISREG(mode):
        kind = (
            _("a named pipe")
            if stat.S_ISFIFO(mode)
            else _("a device")
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else _("not a file")
        )
        return f"{path} is {kind}, not a {what}."
    return None
