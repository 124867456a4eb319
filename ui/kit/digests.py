"""Short SHA digests for the start, without importing hashlib before the first roster (issue 24).

hashlib loads OpenSSL's binding (`_hashlib`, ~3 ms of CPU); the start needs two digests of a few bytes (the
single-instance socket's name, the settings key of the team shown last), and CPython's own implementations
give the same hex digests. Large data (a league file's digest) still goes through hashlib.
"""

from __future__ import annotations

from typing import Any


def _builtin(name: str) -> Any:
    try:
        if name == "sha1":
            from _sha1 import sha1

            return sha1
        try:
            from _sha256 import sha256  # CPython 3.11
        except ImportError:
            from _sha2 import sha256  # CPython 3.12+
        return sha256
    except ImportError:  # another Python: hashlib has them
        import hashlib

        return getattr(hashlib, name)


def hexdigest(name: str, data: bytes) -> str:
    """`hashlib.<name>(data).hexdigest()` for "sha1" or "sha256"."""
    if name not in ("sha1", "sha256"):
        raise ValueError(f"no start-up digest {name!r}")
    return _builtin(name)(data).hexdigest()
