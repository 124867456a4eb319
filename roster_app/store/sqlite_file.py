"""A league file's SQLite connection made from its path, never from a hand-built URI (imports only sqlite3).

A path goes into a `file:` URI percent-quoted (Path.as_uri), so `%20`, `?`, `#`, spaces and any letter name
the file itself: an unquoted `a%20b.dugout` would open `a b.dugout`, and `Cup?.dugout` a file named `Cup`.
The first screen reads through it before the ORM is imported; the league's engines use it as their creator.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def sqlite_uri(path: Path | str, *, read_only: bool) -> str:
    """The `file:` URI naming exactly `path` (made absolute), read-only when asked."""
    uri = Path(path).absolute().as_uri()
    return f"{uri}?mode=ro" if read_only else uri


def connect(path: Path | str, *, read_only: bool, **options: Any) -> sqlite3.Connection:
    """sqlite3.connect on exactly `path`; read-only never creates a file, read-write may (a new league)."""
    return sqlite3.connect(sqlite_uri(path, read_only=read_only), uri=True, **options)
