"""Atomic file output: write beside the destination, fsync, check it is whole, then rename over it.

Every file Dugout writes goes this way (exports, CSVs, PDFs, league files, backups, copies). An interrupted
or short write (an exception, a full disk, a crash) leaves the destination as it was: either the old file or
no file at all, never a half-written one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from roster_app.errors import DugoutError
from roster_app.i18n import _
from roster_app.words import number


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; Windows has no directory handles to sync)."""
    if os.name != "posix":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


LEFTOVER = re.compile(r"\..+\.(part|tmp|restoring|upgrading)(-journal)?$")
LEFTOVER_AGE = 10 * 60  # seconds: older than any write in progress (each write touches the file)


def clean_leftovers(folder: Path, *, now: float | None = None) -> list[Path]:
    """Delete the temporary files a killed Dugout left in `folder` (a half-written export, import, backup,
    restore or upgrade, with its journal); recent ones may belong to another Dugout writing right now."""
    now = time.time() if now is None else now
    removed = []
    with contextlib.suppress(OSError):
        for path in Path(folder).iterdir():
            if LEFTOVER.match(path.name) and path.is_file() and now - path.stat().st_mtime > LEFTOVER_AGE:
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed.append(path)
    return removed


class ExportError(DugoutError):
    """A file could not be written (folder missing, no permission, disk full); nothing was left behind."""


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # the rename stands even where the folder cannot be synced
        fsync_dir(folder)


# What a written file is checked for before it replaces anything: its problem in words, or None when it is whole.
Verify = Callable[[Path], "str | None"]


def _not_written(path: Path, problem: str) -> ExportError:
    kept = _(" The file that was there is kept as it was.") if path.exists() else ""
    return ExportError(
        _(
            "'{name}' could not be written whole in {parent} ({problem}): the disk may be full. Nothing was "
            "saved.{kept}"
        ).format(name=path.name, parent=path.parent, problem=problem, kept=kept)
    )


def _explain(path: Path, exc: OSError) -> ExportError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return _not_written(path, exc.strerror or _("no space left on the disk"))
    reason = exc.strerror or str(exc)
    kept = _(" The file that was there is kept as it was.") if path.exists() else ""
    return ExportError(
        _("'{name}' could not be written in {parent} ({reason}). Nothing was saved.{kept}").format(
            name=path.name, parent=path.parent, reason=reason, kept=kept
        )
    )


def _settle(temporary: Path, destination: Path, verify: Verify | None, size: int | None) -> None:
    """Flush the written file to the disk, then check it is all there and opens, before it replaces anything."""
    with open(temporary, "rb+") as handle:
        os.fsync(handle.fileno())
        written = os.fstat(handle.fileno()).st_size
    if written == 0:
        raise _not_written(destination, _("the file came out empty"))
    if size is not None and written != size:
        raise _not_written(
            destination,
            _("{written} of {size} bytes reached the disk").format(written=number(written), size=number(size)),
        )
    problem = verify(temporary) if verify is not None else None
    if problem:
        raise _not_written(destination, problem)


@contextlib.contextmanager
def atomic_path(
    destination: Path | str, *, verify: Verify | None = None, size: Callable[[], int | None] | None = None
) -> Iterator[Path]:
    """Yield a temporary path beside `destination`; when the block ends normally it replaces `destination`.

    The one way Dugout writes a file (exports, CSVs, PDFs, league files, backups, copies): written beside, synced,
    checked (not empty; `size()` bytes if given; `verify(path)` finds no problem: it opens), then renamed over
    the destination. A short write or a full disk is refused in words (ExportError) and the old file stays.
    The caller (or a library such as QPdfWriter) writes the whole file to the temporary path and closes it.
    """
    destination = Path(destination)
    if not destination.name or destination.name in (".", ".."):  # Path("") is "."
        raise ExportError(_("No file name was given to save to. Nothing was saved."))
    if not destination.parent.is_dir():
        raise ExportError(
            _("The folder {parent} does not exist. Nothing was saved.").format(parent=destination.parent)
        )
    clean_leftovers(destination.parent)  # what a killed export or import left here
    temporary = destination.with_name(f".{destination.name}.{secrets.token_hex(4)}.part")
    try:  # not mkstemp: its 0600 mode would stay on the file; this one gets the usual mode (umask applies)
        os.close(os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except OSError as exc:
        raise _explain(destination, exc) from None
    try:
        yield temporary
        _settle(temporary, destination, verify, size() if size is not None else None)
        os.replace(temporary, destination)
    except OSError as exc:
        raise _explain(destination, exc) from None
    finally:
        temporary.unlink(missing_ok=True)
        Path(f"{temporary}-journal").unlink(missing_ok=True)  # a league file written there by SQLite
    _fsync_folder(destination.parent)


class _Counted:
    """The bytes a text file handed to the disk (its binary buffer's position after the last flush)."""

    def __init__(self) -> None:
        self.count: int | None = None


@contextlib.contextmanager
def atomic_text(
    destination: Path | str, *, encoding: str = "utf-8", newline: str | None = None, verify: Verify | None = None
) -> Iterator[IO[str]]:
    """An open text file that becomes `destination` only if the block ends without an exception and every byte
    written reached the disk (and `verify` finds the file whole)."""
    counted = _Counted()
    with (
        atomic_path(destination, verify=verify, size=lambda: counted.count) as temporary,
        open(temporary, "w", encoding=encoding, newline=newline) as handle,
    ):
        yield handle
        handle.flush()
        counted.count = handle.buffer.tell()


def json_problem(path: Path) -> str | None:
    """A written JSON file that does not read back whole."""
    try:
        json.loads(path.read_text(encoding="utf-8-sig"))
    except (ValueError, UnicodeDecodeError) as exc:
        return _("it does not read back as JSON: {text}").format(text=str(exc)[:80])
    return None


def json_document_problem(path: Path) -> str | None:
    """A streamed JSON document (the league export, written row by row so the league is never held in memory)
    that does not begin and end as one object: every byte is on the disk (the size is checked), so a cut-short
    write shows here without reading the document back whole."""
    with open(path, "rb") as handle:
        head = handle.read(1)
        handle.seek(max(0, path.stat().st_size - 2))
        tail = handle.read()
    if head != b"{" or tail.rstrip(b"\n")[-1:] != b"}":
        return _("it does not read back as one JSON document")
    return None


def text_problem(encoding: str) -> Verify:
    """A written text file that does not read back in its encoding."""

    def problem(path: Path) -> str | None:
        try:
            path.read_text(encoding=encoding)
        except UnicodeDecodeError:
            return _("it does not read back as {encoding} text").format(encoding=encoding)
        return None

    return problem


def pdf_problem(path: Path) -> str | None:
    """A written PDF that a reader could not open: no header, or cut short before its cross-reference table and
    end-of-file marker (QPdfWriter says nothing when the disk fills: the file simply stops)."""
    size = path.stat().st_size
    with open(path, "rb") as handle:
        head = handle.read(8)
        handle.seek(max(0, size - 1024))
        tail = handle.read()
    if not head.startswith(b"%PDF-"):
        return _("it is not a PDF")
    end = tail.rstrip()
    if not end.endswith(b"%%EOF") or b"startxref" not in tail:
        return _("the PDF stops before its end")
    offset = tail[tail.rindex(b"startxref") + len(b"startxref") :].split()[:1]
    if not offset or not offset[0].isdigit() or not 0 < int(offset[0]) < size:
        return _("the PDF's table of contents points past its end")
    return None
