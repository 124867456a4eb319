"""Every file Dugout writes is written whole or not at all (issue 36): on a real full filesystem (a tiny tmpfs, where
this machine lets the tests mount one) and with a full disk or a short write simulated. The command line
exits non-zero with words and a file that was there stays as it was."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from roster_app.errors import DugoutError
from roster_app.safety.atomic import ExportError, atomic_path, atomic_text, pdf_problem
from tests.conftest import file_digest

ROOT = Path(__file__).resolve().parents[2]


def dugout(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "ui.app.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=180)  # fmt: skip


@pytest.fixture
def full_disk(tmp_path) -> Path:
    """A real filesystem of 64 KB (tmpfs); skipped where this machine does not allow mounting one."""
    folder = tmp_path / "full"
    folder.mkdir()
    if not shutil.which("mount") or os.geteuid() != 0:
        pytest.skip("mounting a tiny filesystem needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"this machine does not allow mounting a tmpfs ({made.stderr.decode().strip()})")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path, leave: int = 0) -> None:
    """Fill the filesystem, leaving about `leave` bytes."""
    free = shutil.disk_usage(folder).free - leave
    with open(folder / "filler", "wb") as handle:
        try:
            handle.write(b"\0" * max(free, 0))
            handle.flush()
        except OSError:
            pass


@pytest.fixture(scope="module")
def small_pdf(tmp_path_factory, night_file) -> bytes:
    out = tmp_path_factory.mktemp("pdf") / "table.pdf"
    result = dugout("print", str(night_file), "--table", "-o", str(out))
    assert result.returncode == 0, result.stderr
    return out.read_bytes()


# -- the command line on a real full filesystem ------------------------------------------------------
def test_print_on_a_full_disk_exits_non_zero_with_words_and_keeps_the_old_pdf(full_disk, night_file, small_pdf):
    old = full_disk / "x.pdf"
    old.write_bytes(small_pdf)
    _fill(full_disk, leave=8192)
    result = dugout("print", str(night_file), "-o", str(old))
    assert result.returncode != 0
    assert "pages written" not in result.stdout
    assert "could not be written whole" in result.stderr and "disk may be full" in result.stderr
    assert "Traceback" not in result.stderr
    assert old.read_bytes() == small_pdf  # the good PDF that was there
    assert pdf_problem(old) is None
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler", "x.pdf"]  # nothing half-written beside


def test_print_to_a_new_file_on_a_full_disk_leaves_no_file(full_disk, night_file):
    _fill(full_disk)
    result = dugout("print", str(night_file), "-o", str(full_disk / "new.pdf"))
    assert result.returncode != 0 and "Nothing was saved" in result.stderr
    assert not (full_disk / "new.pdf").exists()


@pytest.mark.parametrize("how", [["-o"], ["--csv", "rosters", "-o"], ["--history", "json", "-o"]])
def test_an_export_on_a_full_disk_is_refused_and_the_old_file_stays(full_disk, night_file, how):
    old = full_disk / "out.txt"
    old.write_text("the export of last week\n", encoding="utf-8")
    _fill(full_disk, leave=4096)
    result = dugout("export", str(night_file), *how, str(old))
    assert result.returncode != 0
    assert "disk" in result.stderr and "Traceback" not in result.stderr
    assert old.read_text(encoding="utf-8") == "the export of last week\n"


def test_a_copy_of_a_league_onto_a_full_disk_is_refused(full_disk, night_file):
    _fill(full_disk, leave=8192)
    result = dugout("copy", str(night_file), str(full_disk / "copy.dugout"))
    assert result.returncode == 1
    assert "full" in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]


def test_a_backup_onto_a_full_disk_is_refused_in_words(full_disk, night_file):
    """File > Save a Copy… and the backups before a change make their copy this way."""
    from roster_app.safety.files import make_backup

    _fill(full_disk, leave=8192)
    with pytest.raises(DugoutError, match="full"):
        make_backup(night_file, full_disk / "copy.dugout")
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]


def test_a_new_league_on_a_full_disk_is_refused_in_words(full_disk):
    from roster_app.errors import LeagueFileError
    from roster_app.services.league import create_league

    _fill(full_disk, leave=8192)
    with pytest.raises(LeagueFileError, match="full"):
        create_league(full_disk / "new.dugout", name="Full League")
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]


# -- a full disk and a short write, simulated ----------------------------------------------------------
def test_a_full_disk_while_writing_text_is_refused_and_the_old_file_stays(tmp_path, monkeypatch):
    old = tmp_path / "ledger.csv"
    old.write_text("old\n", encoding="utf-8")

    def no_space(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    refused = pytest.raises(ExportError, match="No space left on device.*disk may be full.*kept as it was")
    with refused, atomic_text(old) as handle:
        handle.write("x" * 100_000)
        monkeypatch.setattr(os, "fsync", no_space)  # the disk fills as the file is flushed to it
    assert old.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["ledger.csv"]


def test_a_short_write_is_refused_and_the_old_file_stays(tmp_path):
    old = tmp_path / "league.json"
    old.write_text("{}", encoding="utf-8")
    with pytest.raises(ExportError, match="5 of 100,000 bytes reached the disk"), atomic_text(old) as handle:
        handle.write("x" * 100_000)
        handle.flush()
        os.truncate(handle.name, 5)  # what reached the disk is less than what was written
    assert old.read_text(encoding="utf-8") == "{}"


def test_a_pdf_cut_short_is_refused(tmp_path, small_pdf):
    old = tmp_path / "league.pdf"
    old.write_bytes(small_pdf)
    digest = file_digest(old)
    for cut in (8, len(small_pdf) // 2, len(small_pdf) - 20):
        refused = pytest.raises(ExportError, match="could not be written whole")
        with refused, atomic_path(old, verify=pdf_problem) as temporary:
            temporary.write_bytes(small_pdf[:cut])
        assert file_digest(old) == digest
    assert pdf_problem(old) is None


def test_an_export_that_does_not_read_back_is_refused(tmp_path):
    from roster_app.safety.atomic import json_problem

    refused = pytest.raises(ExportError, match="does not read back as JSON")
    with refused, atomic_text(tmp_path / "x.json", verify=json_problem) as handle:
        handle.write('{"format": "dugout-league", "tab')
    assert not list(tmp_path.iterdir())
