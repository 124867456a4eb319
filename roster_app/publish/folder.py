"""Writing the website into its folder so that a coach never sees half a site.

The whole new site is built in a hidden folder beside the target (`.NAME.publishing-XXXX`): a page whose file
would be byte for byte the one already published is linked (or copied) from the old site, not rewritten, so
its date stays and a static host's sync sends only what changed. Then the two folders are swapped in one step
(Linux's renameat2 RENAME_EXCHANGE; elsewhere two renames a moment apart) and the old site is deleted. A page
of a deleted team is in the old site only, so it goes with it; files the site did not write (a host's CNAME, a
logo the commissioner put there) are carried over.

A folder is known as a Dugout site by its manifest (`dugout-site.json`: every page's digest and SHA-256). A
folder that holds other files and no manifest is refused unless `force`: publishing adds the site and keeps
those files.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import hashlib
import json
import os
import secrets
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from roster_app.errors import DugoutError
from roster_app.i18n import _
from roster_app.safety.atomic import ExportError
from roster_app.safety.files import LEFTOVER_AGE, fsync_dir
from roster_app.words import count

Progress = Callable[[int, int], bool]  # (pages done, pages in all) -> go on
MANIFEST = "dugout-site.json"
GENERATOR = "Dugout league website"  # i18n: keep (the site's generator meta tag)
BUILDING, REPLACED = ".publishing-", ".replaced-"


class NotASite(DugoutError):
    """The folder holds other files and is not a Dugout website: publishing there would mix them (unless the
    commissioner says so: `force`, the command's --force, the window's Publish Anyway)."""


@dataclass
class Published:
    folder: Path
    pages: int = 0
    written: list[str] = field(default_factory=list)  # made anew: new pages and changed ones
    kept: int = 0  # the same as before (not rewritten)
    removed: list[str] = field(default_factory=list)  # pages of the old site no longer in the league

    def summary(self) -> str:
        pages = count(self.pages, "page")
        if self.removed:
            return _("{pages} published in {folder}, {written} written, {kept} unchanged, {removed} removed.").format(
                pages=pages, folder=self.folder, written=count(len(self.written), "page"),
                kept=count(self.kept, "page"), removed=count(len(self.removed), "page"))  # fmt: skip
        return _("{pages} published in {folder}, {written} written, {kept} unchanged.").format(
            pages=pages,
            folder=self.folder,
            written=count(len(self.written), "page"),
            kept=count(self.kept, "page"),
        )


def read_manifest(folder: Path) -> dict | None:
    """The manifest of a previous site in `folder`, None when there is none (a damaged one is refused)."""
    path = folder / MANIFEST
    if not path.is_file():
        return None
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = None
    if (
        not isinstance(manifest, dict)
        or manifest.get("generator") != GENERATOR
        or not isinstance(manifest.get("pages"), dict)
    ):
        raise ExportError(_("{folder} holds a {file} that Dugout did not write or cannot read. Nothing was "
                            "published. Choose another folder, or delete that file if the folder is yours.").format(
            folder=folder, file=MANIFEST))  # fmt: skip
    return manifest


def check_folder(folder: Path, *, force: bool = False) -> dict | None:
    """Refuse a folder the site cannot go to, in words; return the previous site's manifest (or None)."""
    if folder.exists() and not folder.is_dir():
        raise ExportError(
            _("{folder} is a file, not a folder. Nothing was published. Choose a folder for the website.").format(
                folder=folder
            )
        )
    if not folder.parent.is_dir():
        raise ExportError(_("The folder {folder} does not exist. Nothing was published. Create it first, or "
                            "choose a folder that exists.").format(folder=folder.parent))  # fmt: skip
    if folder.is_dir() and os.path.ismount(folder):
        raise ExportError(_("{folder} is a whole disk (a USB stick or a drive), which cannot be swapped in one "
                            "step. Nothing was published. Publish into a folder on it, such as {example}.").format(
            folder=folder, example=folder / "league"))  # fmt: skip
    if not folder.is_dir():
        return None
    try:
        entries = sorted(entry.name for entry in folder.iterdir())
    except OSError as exc:
        raise ExportError(
            _("The folder {folder} cannot be read ({reason}). Nothing was published.").format(
                folder=folder, reason=exc.strerror or exc
            )
        ) from None
    manifest = read_manifest(folder) if MANIFEST in entries else None
    if manifest is None and entries and not force:
        shown = ", ".join(entries[:3]) + (" ..." if len(entries) > 3 else "")
        raise NotASite(_("The folder {folder} already holds other files ({shown}) and is not a league website "
                         "Dugout published. Nothing was published: choose an empty or a new folder, or publish "
                         "anyway (--force) to add the website to it; its files are kept.").format(
            folder=folder, shown=shown))  # fmt: skip
    return manifest


def _clean_leftovers(folder: Path) -> None:
    """What a killed publish left beside the folder (older than any publish still running)."""
    with contextlib.suppress(OSError):
        for path in folder.parent.iterdir():
            name = path.name
            ours = name.startswith(f".{folder.name}{BUILDING}") or name.startswith(f".{folder.name}{REPLACED}")
            if ours and path.is_dir() and time.time() - path.stat().st_mtime > LEFTOVER_AGE:
                shutil.rmtree(path, ignore_errors=True)


def _reuse(old: Path, new: Path) -> None:
    """The old file in the new site, untouched: a hard link (no copy, its date kept), or a copy where the disk
    has no links (FAT on a USB stick)."""
    try:
        os.link(old, new)
    except OSError:
        shutil.copy2(old, new)


SYNC_ONCE = hasattr(os, "sync")  # POSIX: one sync before the swap, not one fsync a page (2,400 pages: ~15 s)


def _write(path: Path, content: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(content)
        if not SYNC_ONCE:
            handle.flush()
            os.fsync(handle.fileno())


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step (Linux renameat2 RENAME_EXCHANGE); False where the system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    error = ctypes.get_errno()
    if error in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: the file system cannot exchange; rename instead
        return False
    raise OSError(error, os.strerror(error), str(b))


def swap_in(built: Path, folder: Path) -> None:
    """Put the built site where `folder` is, the old one (if any) deleted after."""
    if not folder.exists():
        os.rename(built, folder)
    elif _exchange(built, folder):
        shutil.rmtree(built, ignore_errors=True)  # now the old site
    else:
        aside = folder.with_name(f".{folder.name}{REPLACED}{secrets.token_hex(4)}")
        os.rename(folder, aside)
        try:
            os.rename(built, folder)
        except OSError:
            os.rename(aside, folder)
            raise
        shutil.rmtree(aside, ignore_errors=True)
    with contextlib.suppress(OSError):
        fsync_dir(folder.parent)


def _foreign(folder: Path, ours: set[str]) -> list[str]:
    """Files in the old folder the site did not write (relative paths)."""
    out = []
    for base, _dirs, files in os.walk(folder):
        for name in files:
            rel = Path(base, name).relative_to(folder).as_posix()
            if rel not in ours and rel != MANIFEST:
                out.append(rel)
    return out


class Cancelled(DugoutError):
    """The commissioner stopped the publish: the folder holds the site as it was."""


def write_site(
    pages: list, folder: Path | str, *, force: bool = False, league: str = "", progress: Progress | None = None
) -> Published:
    """Write `pages` (each with path, key and make()) as the site in `folder`; see the module's docstring.
    `progress(done, total)` after each page; its False stops the publish (Cancelled, nothing changed)."""
    folder = Path(folder).expanduser().absolute()
    if folder.is_symlink():
        folder = folder.resolve()
    old = check_folder(folder, force=force)
    old_pages: dict[str, dict] = (old or {}).get("pages", {})
    _clean_leftovers(folder)
    built = folder.with_name(f".{folder.name}{BUILDING}{secrets.token_hex(4)}")
    try:
        built.mkdir()
    except OSError as exc:
        raise ExportError(_("The folder {folder} cannot be written ({reason}). Nothing was published.").format(
            folder=folder.parent, reason=exc.strerror or exc)) from None  # fmt: skip
    try:
        result = _build(pages, folder, built, old_pages, progress)
        foreign = _foreign(folder, set(old_pages) | {p.path for p in pages}) if folder.is_dir() else []
        for rel in foreign:
            (built / rel).parent.mkdir(parents=True, exist_ok=True)
            _reuse(folder / rel, built / rel)
        manifest = {"generator": GENERATOR, "league": league, "published": datetime.now(UTC).isoformat(timespec="seconds"),
                    "pages": result.pop("manifest")}  # fmt: skip
        _write(built / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"))
        if folder.is_dir():
            with contextlib.suppress(OSError):
                os.chmod(built, folder.stat().st_mode & 0o7777)
        if SYNC_ONCE:
            os.sync()  # every page on the disk before the site is swapped in
        fsync_dir(built)
        swap_in(built, folder)
    except OSError as exc:
        raise ExportError(_("The website could not be written in {folder} ({reason}). Nothing was changed: the "
                            "folder holds the site as it was.").format(folder=folder, reason=exc.strerror or exc)) from None  # fmt: skip
    finally:
        if built.exists():
            shutil.rmtree(built, ignore_errors=True)
    return Published(folder, len(pages), result["written"], result["kept"],
                     sorted(set(old_pages) - {p.path for p in pages}))  # fmt: skip


def made_from_same_rows(before: object, key: str | None) -> bool:
    """The page the last publish made (its manifest entry `before`) came from the same rows as `key`: its file is
    kept, not made again (site.plan reads nothing for it)."""
    return key is not None and isinstance(before, dict) and before.get("key") == key


def _build(pages: list, folder: Path, built: Path, old_pages: dict[str, dict], progress: Progress | None) -> dict:
    written, kept, manifest = [], 0, {}
    made_dirs: set[Path] = set()
    for done, page in enumerate(pages):
        if progress is not None and not progress(done, len(pages)):
            raise Cancelled(
                _("Publishing was stopped. Nothing was changed: {folder} holds the site as it was.").format(
                    folder=folder
                )
            )
        target = built / page.path
        if target.parent not in made_dirs:
            target.parent.mkdir(parents=True, exist_ok=True)
            made_dirs.add(target.parent)
        before = old_pages.get(page.path)
        old_file = folder / page.path
        if made_from_same_rows(before, page.key) and old_file.is_file():
            _reuse(old_file, target)  # made from the same rows as last time: not even made again
            manifest[page.path] = before
            kept += 1
            continue
        content = page.make().encode("utf-8")
        sha = hashlib.sha256(content).hexdigest()
        if before and before.get("sha256") == sha and old_file.is_file():
            _reuse(old_file, target)
            kept += 1
        else:
            _write(target, content)
            written.append(page.path)
        manifest[page.path] = {"key": page.key, "sha256": sha}
    for made in made_dirs:
        with contextlib.suppress(OSError):
            fsync_dir(made)
    return {"written": written, "kept": kept, "manifest": manifest}
