"""Backups of a league: where they live, when they are made, rotation, and restoring one.

Backups sit beside the league in "<league> backups/" (they travel with it), or in the user's data folder
when the league's folder cannot be written. Each is a verified copy (roster_app.safety.files.make_backup) named
"<league> <UTC time> <reason>.dugout". One is made when a league is opened after it changed, every few
minutes of changes (the GUI's timer), and before every migration, import, repair or restore. Rotation
keeps the recent ones, one a day and one a week, and never deletes the newest good one.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roster_app.errors import LeagueFileError
from roster_app.i18n import _
from roster_app.paths import data_dir
from roster_app.safety.files import clean_leftovers, make_backup, replace_atomically, verify_copy

if TYPE_CHECKING:
    from roster_app.store.db import LeagueDB

STAMP = "%Y-%m-%d %H-%M-%S"
INDEX = "index.json"  # each backup's source fingerprint ("changed since?") and its own checksum (restore)
_NAME = re.compile(r" (\d{4}-\d\d-\d\d \d\d-\d\d-\d\d)(?:-(\d+))? ([a-z ]+)\.dugout$")


@dataclass(frozen=True)
class Rotation:
    """How many backups rotation keeps: the newest `recent`, the newest of each of the last `daily` days
    and of the last `weekly` weeks. The newest good backup is kept whatever these say."""

    recent: int = 10
    daily: int = 14
    weekly: int = 8


@dataclass(frozen=True)
class Backup:
    path: Path
    made_at: datetime  # UTC
    reason: str
    size: int

    @property
    def id(self) -> str:  # views key rows by id
        return str(self.path)

    @property
    def local_time(self) -> str:
        # numbers only: read alike in every language (strftime's day and month names are the C locale's English)
        return self.made_at.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def backups_dir(league: Path, *, create: bool = False) -> Path:
    """The league's backup folder (beside it if that folder can be written, else in the data folder)."""
    league = Path(league)
    beside = league.parent / f"{league.stem} backups"
    if beside.is_dir():
        return beside
    fallback = _fallback_dir(league)
    if fallback.is_dir() or not create:
        return fallback if fallback.is_dir() else beside
    try:
        beside.mkdir()
        return beside
    except OSError:
        fallback.mkdir(parents=True, exist_ok=True)
        return fallback


def _fallback_dir(league: Path) -> Path:
    tag = hashlib.sha256(str(Path(league).resolve()).encode()).hexdigest()[:8]
    return data_dir() / "backups" / f"{Path(league).stem} {tag}"


def list_backups(league: Path) -> list[Backup]:
    """The league's backups, newest first."""
    league = Path(league)
    folder = backups_dir(league)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = _NAME.search(path.name)
        if not match or not path.name.startswith(f"{league.stem} ") or not path.is_file():
            continue
        made = datetime.strptime(match.group(1), STAMP).replace(tzinfo=UTC)
        stat = path.stat()  # the modification time orders backups made within the same second
        found.append(
            (made, int(match.group(2) or 0), stat.st_mtime_ns, Backup(path, made, match.group(3), stat.st_size))
        )
    return [b for *_unused, b in sorted(found, key=lambda t: t[:3], reverse=True)]


def fingerprint(league: Path) -> list[int]:
    """SQLite's file change counter (header bytes 24-27, bumped by every write) and the file's size."""
    with open(league, "rb") as handle:
        header = handle.read(100)
    return [int.from_bytes(header[24:28], "big"), Path(league).stat().st_size]


def _read_index(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / INDEX).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _write_index(folder: Path, index: dict[str, Any]) -> None:
    from roster_app.safety.atomic import atomic_text, json_problem

    with atomic_text(folder / INDEX, verify=json_problem) as handle:
        handle.write(json.dumps(index, indent=1))


def _entry(index: dict[str, Any], name: str) -> dict[str, Any]:
    """A backup's index entry: {"source": fingerprint, "sha256": checksum}; an older Dugout kept the fingerprint
    alone (a list), and no checksum."""
    value = index.get(name)
    if isinstance(value, list):
        return {"source": value}
    return value if isinstance(value, dict) else {}


def checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _free_name(folder: Path, stem: str, now: datetime, reason: str) -> Path:
    """A name after every backup of the same second (whatever its reason, even one rotated away since: the
    highest number is the newest, which rotation keeps), never one in use."""
    stamp = now.strftime(STAMP)
    same_second = re.compile(rf"{re.escape(stem)} {re.escape(stamp)}(?:-(\d+))? ")
    taken = [int(m.group(1) or 1) for m in map(same_second.match, [*_names(folder), *_read_index(folder)]) if m]
    n = max(taken, default=0) + 1
    path = folder / (f"{stem} {stamp} {reason}.dugout" if n == 1 else f"{stem} {stamp}-{n} {reason}.dugout")
    while path.exists():
        n += 1
        path = folder / f"{stem} {stamp}-{n} {reason}.dugout"
    return path


def _names(folder: Path) -> list[str]:
    try:
        return [p.name for p in folder.iterdir()]
    except OSError:
        return []


def backup(league: Path, *, reason: str, rotation: Rotation | None = None) -> Backup:
    """A verified backup of `league` now; old ones are rotated. Raises LeagueFileError if it fails."""
    league = Path(league)
    if not re.fullmatch(r"[a-z ]+", reason):
        raise ValueError("a backup reason is lower-case words")
    try:
        folder = backups_dir(league, create=True)
    except OSError as exc:
        raise LeagueFileError(
            _("No folder for the backups of '{name}' could be made ({exc}).").format(name=league.name, exc=exc)
        ) from None
    clean_leftovers(folder)
    now = datetime.now(UTC)
    source = fingerprint(league)
    path = make_backup(league, _free_name(folder, league.stem, now, reason))
    index = _read_index(folder)
    index[path.name] = {"source": source, "sha256": checksum(path)}
    with contextlib.suppress(OSError):
        _write_index(folder, index)
    rotate(league, rotation=rotation)
    return Backup(path, now.replace(microsecond=0), reason, path.stat().st_size)


def backup_open_league(db: Any, *, reason: str) -> Backup | None:
    """A verified backup of an open league before a risky step (import, repair); None for a league in
    memory or open read-only. Raises LeagueFileError if it cannot be made: the step must not go on.
    A shared league (on a server) is copied into a league file in the data folder (backup_server_league)."""
    if db.read_only:
        return None
    if getattr(db, "on_server", False):
        return backup_server_league(db, reason=reason)
    if db.path is None:
        return None
    db.wait_for_opening_backup()  # one backup at a time
    return backup(db.path, reason=reason)


def changed_since_last_backup(league: Path) -> bool:
    """Whether `league` differs from its newest backup (True when there is none, or it cannot be told)."""
    newest = list_backups(league)[:1]
    if not newest:
        return True
    recorded = _entry(_read_index(newest[0].path.parent), newest[0].path.name).get("source")
    try:
        return recorded != fingerprint(league)
    except OSError:
        return True


def backup_if_changed(league: Path, *, reason: str) -> Backup | None:
    """A backup only if the league changed since its newest backup (on open, and on the GUI's timer)."""
    return backup(league, reason=reason) if changed_since_last_backup(league) else None


class BackgroundBackup:
    """backup_if_changed in a thread, started at once: opening a large league does not wait for its copy.

    The LeagueDB waits for it before any write (db.wait_for_opening_backup), so the backup holds the league as
    it was opened. `made` is the backup (None if the league had not changed), `error` why none could be made.
    """

    def __init__(self, league: Path, *, reason: str):
        self.league, self.reason = Path(league), reason
        self.made: Backup | None = None
        self.error: str | None = None
        self._thread = threading.Thread(target=self._run, name="dugout-opening-backup", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.made = backup_if_changed(self.league, reason=self.reason)
        except Exception as exc:  # noqa: BLE001 - told to the user; opening goes on without a backup
            self.error = str(exc)

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self) -> None:
        self._thread.join()


def _is_good(path: Path) -> bool:
    try:
        return not verify_copy(path)
    except Exception:  # noqa: BLE001 - any failure to read it makes it not good
        return False


def to_keep(backups: list[Backup], *, rotation: Rotation, now: datetime) -> set[Path]:
    """The backups rotation keeps (`backups` newest first); the rest may be deleted."""
    keep = {b.path for b in backups[: rotation.recent]}
    days, weeks = set(), set()
    for b in backups:
        local = b.made_at.astimezone()
        day, week = local.date(), local.isocalendar()[:2]
        if day not in days and now - b.made_at <= timedelta(days=rotation.daily):
            days.add(day)
            keep.add(b.path)
        if week not in weeks and now - b.made_at <= timedelta(weeks=rotation.weekly):
            weeks.add(week)
            keep.add(b.path)
    newest_good = next((b for b in backups if _is_good(b.path)), None)
    if newest_good is not None:
        keep.add(newest_good.path)
    return keep


def rotate(league: Path, *, rotation: Rotation | None = None, now: datetime | None = None) -> list[Path]:
    """Delete the backups rotation does not keep; returns what was deleted."""
    backups = list_backups(league)
    if not backups:
        return []
    keep = to_keep(backups, rotation=rotation or Rotation(), now=now or datetime.now(UTC))
    removed = []
    for b in backups:
        if b.path not in keep:
            with contextlib.suppress(OSError):
                b.path.unlink()
                removed.append(b.path)
    folder = backups[0].path.parent
    index = _read_index(folder)
    if removed and index:
        with contextlib.suppress(OSError):
            _write_index(folder, {k: v for k, v in index.items() if (folder / k).exists()})
    return removed + _rotate_raw_copies(folder, rotation or Rotation(), now or datetime.now(UTC))


RAW = re.compile(r"interrupted (\d{4}-\d\d-\d\d \d\d-\d\d-\d\d)(?:-(\d+))?$")


def _rotate_raw_copies(folder: Path, rotation: Rotation, now: datetime) -> list[Path]:
    """The raw copies kept after interrupted saves ("interrupted <time>" folders) are rotated like backups."""
    import shutil

    found = []
    for path in folder.iterdir():
        match = RAW.match(path.name)
        if match and path.is_dir():
            made = datetime.strptime(match.group(1), STAMP).replace(tzinfo=UTC)
            found.append((made, int(match.group(2) or 0), Backup(path, made, "interrupted", 0)))
    copies = [b for *_unused, b in sorted(found, key=lambda t: t[:2], reverse=True)]
    keep = to_keep(copies, rotation=rotation, now=now)
    removed = []
    for copy in copies:
        if copy.path not in keep:
            shutil.rmtree(copy.path, ignore_errors=True)
            removed.append(copy.path)
    return removed


def verify_checksum(chosen: Path) -> None:
    """A backup must be byte for byte what was made: its checksum is recorded in the index when it is made.
    (A backup an older Dugout made has none; it is checked like any league file.)"""
    recorded = _entry(_read_index(chosen.parent), chosen.name).get("sha256")
    if recorded is not None and recorded != checksum(chosen):
        raise LeagueFileError(
            _(
                "The backup '{name}' was changed after it was made (its checksum does not match the one recorded "
                "then), so it is not restored. Choose another one."
            ).format(name=chosen.name)
        )


def restore(league: Path, chosen: Path) -> Backup | None:
    """Put backup `chosen` in place of `league`: a backup of the current file first, then an atomic swap.

    The league must be closed (restore takes its lock). Returns the backup made of the file it replaced (None if there was no file).
    """
    from roster_app.safety import locking
    from roster_app.safety.inspection import inspect_file

    league, chosen = Path(league), Path(chosen)
    inspect_file(chosen)  # a Dugout league, sound: else LeagueFileError and nothing changes
    if verify_copy(chosen):
        raise LeagueFileError(_("The backup '{name}' is damaged; choose another one.").format(name=chosen.name))
    verify_checksum(chosen)
    lock = locking.acquire(league)
    try:
        before = _keep_current(league)
        tmp = make_backup(chosen, league.with_name(f".{league.name}.restoring"))
        replace_atomically(tmp, league)
    finally:
        lock.release()
    return before


def _keep_current(league: Path) -> Backup | None:
    """Back up the file a restore replaces; a damaged one is kept as a plain copy."""
    import shutil

    from roster_app.safety.atomic import atomic_path

    if not league.exists():
        return None
    _recover_if_interrupted(league)
    try:
        return backup(league, reason="before restore")
    except LeagueFileError:
        folder = backups_dir(league, create=True)
        now = datetime.now(UTC)
        path = _free_name(folder, league.stem, now, "damaged before restore")  # i18n: key
        with atomic_path(path, size=lambda: league.stat().st_size) as temporary:
            shutil.copyfile(league, temporary)
        return Backup(path, now.replace(microsecond=0), "damaged before restore", path.stat().st_size)  # i18n: key


def _recover_if_interrupted(league: Path) -> None:
    from roster_app.safety.files import journal_path, recover_interrupted_save

    if journal_path(league).exists():
        recover_interrupted_save(league, backups_dir(league, create=True))


# -- backups of a shared league ------------------------------------------------------------------------
def server_backups_league(db: LeagueDB) -> Path:
    """The stand-in path whose "<name> backups" folder (in the data folder) keeps a shared league's backups."""
    url = db.engine.url
    name = re.sub(r"[^\w.-]+", " ", f"{url.database} on {url.host or 'local'}").strip()
    return data_dir() / "shared" / f"{name}.dugout"


def backup_server_league(db: LeagueDB, *, reason: str) -> Backup:
    """A copy of a shared league in a league file on this computer, before a risky step (repair, import).

    The server's own backups (pg_dump) stay the server keeper's job; this is the commissioner's safety net.
    """
    # imported here: backups of a file need no ORM, and the window imports this module before the league opens
    from roster_app.safety.league_files import write_league_file
    from roster_app.store.tables import league_rows

    league = server_backups_league(db)
    league.parent.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    try:
        path = Path(
            write_league_file(
                _free_name(backups_dir(league, create=True), league.stem, now, reason), league_rows(db)
            )
        )
    except OSError as exc:
        raise LeagueFileError(
            _("No copy of the shared league could be saved on this computer ({exc}).").format(exc=exc)
        ) from None
    rotate(league)
    return Backup(path, now.replace(microsecond=0), reason, path.stat().st_size)
