"""Remembered verdicts of the opening checks: a league file whose bytes passed them once is not read row by row
again.

SQLite's quick_check and the stored-value checks (`safety/integrity.py`) read every row: ~0.4 s of CPU on a
league of 100,000 ledger rows, at every open. Their verdict depends only on the file's bytes (and on the
schema and the checks themselves), so once a file has passed, its size and SHA-256 are kept in the user's cache
folder; a file with the same size and SHA-256 (read in ~12 ms on a large league) passed the same checks. A
changed byte changes the digest: the file is checked in full again. A cryptographic digest, not a CRC: a file
crafted to match a checked league's CRC is trivial to make, one matching its SHA-256 is not. Check League never
uses this.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from roster_app.store.migrations import HEAD

CHECKS = "2"  # bump when the opening checks change: every remembered verdict is then checked again
KEEP = 50  # league files remembered (the most recently opened)
FILE = "checked-leagues.json"
CHUNK = 1 << 20


def _store() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("Dugout", appauthor=False)) / FILE


def content_key(path: Path) -> tuple[str, tuple[int, int]]:
    """The file's checks-version, size and SHA-256, and its (size, mtime) to tell it was not written meanwhile."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        stat = os.fstat(handle.fileno())
        while block := handle.read(CHUNK):
            digest.update(block)
    return f"{CHECKS}/{HEAD}/{stat.st_size}/{digest.hexdigest()}", (stat.st_size, stat.st_mtime_ns)


def _read() -> dict[str, str]:
    try:
        data = json.loads(_store().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return (
        {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
        if isinstance(data, dict)
        else {}
    )


def passed_before(path: Path, key: str) -> bool:
    return _read().get(str(path.resolve())) == key


def remember(path: Path, key: str, stat: tuple[int, int]) -> None:
    """Keep `key` as the verdict of `path`, if the file is still as it was when the key was read."""
    try:
        now = path.stat()
        if (now.st_size, now.st_mtime_ns) != stat:
            return
        found = _read()
        found.pop(str(path.resolve()), None)
        found[str(path.resolve())] = key
        store = _store()
        store.parent.mkdir(parents=True, exist_ok=True)
        temporary = store.with_name(f"{FILE}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(dict(list(found.items())[-KEEP:])), encoding="utf-8")
        os.replace(temporary, store)
    except OSError:
        pass  # only a speed-up: the next open checks the file in full
