"""One writer per league: a lock file beside the league, naming who holds it.

`<league>.lock` is created atomically (O_CREAT | O_EXCL) and holds the host, process id and time. While
the league is open the holder also keeps an OS lock on it (flock on POSIX), which dies with the process:
a lock left behind by a crashed Dugout on this computer is noticed (no OS lock, or the process is gone)
and taken over silently. A lock held on another computer (a shared or synced folder) cannot be checked
from here: the commissioner is told who holds it and may open read-only (or take over, knowingly).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import socket
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from roster_app.errors import LeagueFileError, LeagueInUse
from roster_app.i18n import _

APP = "Dugout"


@dataclass(frozen=True)
class LockHolder:
    """Who holds a league: read from its lock file."""

    host: str
    pid: int
    since: datetime
    app: str = APP

    @property
    def here(self) -> bool:
        return self.host == socket.gethostname()

    def describe(self) -> str:
        when = self.since.astimezone().strftime("%d %b %Y %H:%M")
        return _("{app} on {host} since {when}").format(app=self.app, host=self.host, when=when)


def lock_path(league: Path) -> Path:
    return league.with_name(league.name + ".lock")


def _read_holder(path: Path) -> LockHolder | None:
    """The holder written in a lock file; None if the file is empty or unreadable (a half-made lock)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LockHolder(str(data["host"]), int(data["pid"]), datetime.fromisoformat(data["since"]), data["app"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _os_lock(fd: int) -> bool:
    """Take the OS lock on an open lock file without waiting; False if a live process holds it."""
    if sys.platform == "win32":  # pragma: no cover
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _held_by_a_live_process(path: Path) -> bool:
    """Whether some process on this computer still holds the lock file's OS lock."""
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # cannot tell: assume it is held
    try:
        return not _os_lock(fd)
    finally:
        os.close(fd)  # closing drops the OS lock we may have just taken


def _holder_is_gone(holder: LockHolder | None) -> bool:
    """A holder on this computer whose process no longer runs (its OS lock may linger, e.g. on a network
    drive): never named as if it were alive."""
    if holder is None or not holder.here or holder.pid == os.getpid():
        return False
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # PermissionError: alive, another user's
        return False
    return False


def _is_stale(path: Path, holder: LockHolder | None) -> bool:
    if holder is not None and not holder.here:
        return False  # another computer: we cannot see its processes
    # A live holder keeps the OS lock (it dies with the process); the pid alone could have been reused.
    return not _held_by_a_live_process(path)


class LeagueLock:
    """A held lock: release() (or the process ending) frees the league for another writer."""

    def __init__(self, path: Path, fd: int, holder: LockHolder):
        self.path, self._fd, self.holder = path, fd, holder
        atexit.register(self.release)  # a league left open at exit leaves no lock file behind

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        if sys.platform == "win32":  # pragma: no cover - Windows cannot remove a file that is still open
            with contextlib.suppress(OSError):
                os.close(self._fd)
        with contextlib.suppress(OSError):
            if _read_holder(self.path) == self.holder:  # never remove a lock someone took over from us
                self.path.unlink()
        if sys.platform != "win32":
            with contextlib.suppress(OSError):
                os.close(self._fd)  # after the unlink: nobody can see our file unlocked
        self._fd = None
        atexit.unregister(self.release)


def _create(path: Path) -> LeagueLock:
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o644)
    try:
        _os_lock(fd)
        holder = LockHolder(socket.gethostname(), os.getpid(), datetime.now(UTC).replace(microsecond=0))
        data = {"app": holder.app, "host": holder.host, "pid": holder.pid, "since": holder.since.isoformat()}
        os.write(fd, json.dumps(data).encode("utf-8"))
    except BaseException:
        os.close(fd)
        path.unlink(missing_ok=True)
        raise
    return LeagueLock(path, fd, holder)


def acquire(league: Path, *, take_over: bool = False) -> LeagueLock:
    """Lock `league` for writing; a stale lock (its holder crashed) is taken over silently.

    Raises LeagueInUse naming the holder when another live Dugout has it (take_over=True breaks a lock
    held on another computer, after the commissioner said so). OSError when the folder cannot be written.
    """
    path = lock_path(Path(league))
    if path.is_dir():  # never ours to remove: someone's folder stands where the lock goes
        raise LeagueFileError(
            _(
                "A folder named '{name}' stands beside the league, where Dugout keeps its lock file, so the league "
                "cannot be opened for changes. Rename or move that folder, then open the league again."
            ).format(name=path.name)
        )
    for _attempt in range(5):
        try:
            return _create(path)
        except FileExistsError:
            pass
        holder = _read_holder(path)
        if not (take_over or _is_stale(path, holder) or _holder_is_gone(holder)):
            if holder is None:
                raise LeagueInUse(
                    _("'{name}' is in use by another Dugout.").format(name=Path(league).name), holder=None
                )
            raise LeagueInUse(
                _(
                    "'{name}' is in use by {describe}. Only one Dugout can change a league at a time; you can open it "
                    "read-only."
                ).format(name=Path(league).name, describe=holder.describe()),
                holder=holder,
            )
        take_over = False
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    raise LeagueInUse(
        _("'{name}' is being opened by another Dugout right now; try again.").format(name=Path(league).name)
    )


def holder_of(league: Path) -> LockHolder | None:
    """Who holds `league` now (None if nobody does, or the lock is stale)."""
    path = lock_path(Path(league))
    if not path.exists():
        return None
    holder = _read_holder(path)
    return None if _is_stale(path, holder) or _holder_is_gone(holder) else holder
