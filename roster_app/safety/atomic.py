"""Atomic file output: write beside the destination, fsync, then rename over it.

An interrupted export (an exception, a full disk, a crash) leaves the destination as it was: either the old
file or no file at all, never a half-written one.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from roster_app.errors import DugoutError
from roster_app.safety.files import clean_leftovers, fsync_dir


class ExportError(DugoutError):
    """A file could not be written (folder missing, no permission, disk full); nothing was left behind."""


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # the rename stands even where the folder cannot be synced
        fsync_dir(folder)


def _explain(path: Path, exc: OSError) -> ExportError:
    reason = exc.strerror or str(exc)
    return ExportError(f"'{path.name}' could not be written in {path.parent} ({reason}). Nothing was saved.")


@contextlib.contextmanager
def atomic_path(destination: Path | str) -> Iterator[Path]:
    """Yield a temporary path beside `destination`; when the block ends normally it replaces `destination`.

    The caller (or a library such as QPdfWriter) writes the whole file to the temporary path and closes it.
    """
    destination = Path(destination)
    if not destination.name or destination.name in (".", ".."):  # Path("") is "."
        raise ExportError("No file name was given to save to. Nothing was saved.")
    if not destination.parent.is_dir():
        raise ExportError(f"The folder {destination.parent} does not exist. Nothing was saved.")
    clean_leftovers(destination.parent)  # what a killed export or import left here
    temporary = destination.with_name(f".{destination.name}.{secrets.token_hex(4)}.part")
    try:  # not mkstemp: its 0600 mode would stay on the file; this one gets the usual mode (umask applies)
        os.close(os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except OSError as exc:
        raise _explain(destination, exc) from None
    try:
        yield temporary
        with open(temporary, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, destination)
    except OSError as exc:
        raise _explain(destination, exc) from None
    finally:
        temporary.unlink(missing_ok=True)
    _fsync_folder(destination.parent)


@contextlib.contextmanager
def atomic_text(
    destination: Path | str, *, encoding: str = "utf-8", newline: str | None = None
) -> Iterator[IO[str]]:
    """An open text file that becomes `destination` only if the block ends without an exception."""
    with atomic_path(destination) as temporary, open(temporary, "w", encoding=encoding, newline=newline) as handle:
        yield handle
