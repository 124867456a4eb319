"""Backups under stress: many in one second, a backup edited afterwards, leftovers of a killed Dugout, and
the raw copies kept after interrupted saves."""

from __future__ import annotations

import os
import sqlite3
import time
from datetime import UTC, datetime, timedelta

import pytest

from roster_app.errors import LeagueFileError
from roster_app.safety import backups
from roster_app.safety.files import LEFTOVER_AGE
from roster_app.safety.opening import open_league
from tests.conftest import file_digest

FROZEN = datetime(2026, 3, 1, 12, 0, 0, 250_000, tzinfo=UTC)


@pytest.fixture
def one_second(monkeypatch):
    """Every backup is made in the same second."""

    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return FROZEN

    monkeypatch.setattr(backups, "datetime", Frozen)


@pytest.mark.parametrize("count", [2, 11, 12, 25])
def test_many_backups_in_one_second_each_get_their_own_name(league_file, one_second, count):
    made = []
    for n in range(count):
        with sqlite3.connect(league_file) as conn:  # a change each time, so each backup differs
            conn.execute("UPDATE league SET name = ?", (f"League {n}",))
        made.append(backups.backup(league_file, reason="manual"))
        assert made[-1].path.exists()
    assert len({b.path for b in made}) == count
    kept = backups.list_backups(league_file)
    assert kept[0].path == made[-1].path  # the newest is listed first and kept
    assert len(kept) == min(count, backups.Rotation().recent)
    with sqlite3.connect(kept[0].path) as conn:
        assert conn.execute("SELECT name FROM league").fetchone()[0] == f"League {count - 1}"


def test_a_backup_edited_after_it_was_made_is_not_restored(league_file):
    made = backups.backup(league_file, reason="manual")
    with sqlite3.connect(made.path) as conn:
        conn.execute("UPDATE team SET treasury = 9999999")
    before = file_digest(league_file)
    with pytest.raises(LeagueFileError, match="changed after it was made"):
        backups.restore(league_file, made.path)
    assert file_digest(league_file) == before


def test_an_untouched_backup_is_restored(league_file):
    made = backups.backup(league_file, reason="manual")
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE team SET treasury = 1")
    backups.restore(league_file, made.path)
    with sqlite3.connect(league_file) as conn:
        assert conn.execute("SELECT treasury FROM team").fetchone()[0] != 1


def test_a_backup_from_an_older_dugout_without_a_checksum_is_still_restored(league_file):
    made = backups.backup(league_file, reason="manual")
    index = made.path.parent / backups.INDEX
    import json

    data = json.loads(index.read_text())
    data[made.path.name] = data[made.path.name]["source"]  # the old format: the fingerprint alone
    index.write_text(json.dumps(data))
    assert not backups.changed_since_last_backup(league_file)
    backups.restore(league_file, made.path)


LEFTOVERS = [".test.dugout.1a2b3c4d.part", ".test.dugout.1a2b3c4d.part-journal", ".out.json.0f0f0f0f.part",
             ".test.dugout.restoring", ".test.dugout.upgrading-journal", ".x.dugout.tmp"]  # fmt: skip


def _leave(folder, names, age):
    for name in names:
        path = folder / name
        path.write_bytes(b"half")
        then = time.time() - age
        os.utime(path, (then, then))


def test_leftovers_of_a_killed_dugout_are_cleaned_when_the_folder_is_next_used(league_file):
    folder = league_file.parent
    _leave(folder, LEFTOVERS, LEFTOVER_AGE + 60)
    _leave(folder, [".test.dugout.99999999.part"], 5)  # another Dugout may be writing it right now
    open_league(league_file).close()
    names = {p.name for p in folder.iterdir()}
    assert not names & set(LEFTOVERS)
    assert ".test.dugout.99999999.part" in names
    assert "test.dugout" in names  # the league itself and its journal are never leftovers


def test_leftovers_in_the_backups_folder_and_beside_an_export_are_cleaned(league_file, tmp_path):
    first = backups.backup(league_file, reason="manual")
    _leave(first.path.parent, [".index.json.tmp", f".{first.path.name}.tmp", f".{first.path.name}.tmp-journal"],
           LEFTOVER_AGE + 1)  # fmt: skip
    backups.backup(league_file, reason="opened")
    assert not [p for p in first.path.parent.iterdir() if p.name.startswith(".")]
    out = tmp_path / "exports"
    out.mkdir()
    _leave(out, [".rosters.csv.12345678.part"], LEFTOVER_AGE + 1)
    from roster_app.exchange.csv_files import export_rosters_csv

    db = open_league(league_file, read_only=True)
    try:
        export_rosters_csv(db, out / "rosters.csv")
    finally:
        db.close()
    assert sorted(p.name for p in out.iterdir()) == ["rosters.csv"]


def test_raw_copies_of_interrupted_saves_are_rotated_like_backups(league_file):
    folder = backups.backups_dir(league_file, create=True)
    now = datetime.now(UTC)
    stamps = [now - timedelta(minutes=n) for n in range(15)] + [now - timedelta(days=60 + 7 * n) for n in range(3)]
    for stamp in stamps:
        copy = folder / f"interrupted {stamp.strftime(backups.STAMP)}"
        copy.mkdir()
        (copy / "test.dugout").write_bytes(b"raw")
    backups.backup(league_file, reason="manual")
    left = sorted(p.name for p in folder.iterdir() if p.name.startswith("interrupted "))
    newest = [f"interrupted {s.strftime(backups.STAMP)}" for s in stamps[:10]]
    assert set(newest) <= set(left)
    assert len(left) == 10  # the old ones are past the daily and weekly windows


def test_two_interrupted_saves_in_one_second_keep_their_copies_apart(tmp_path):
    from roster_app.safety.files import recover_interrupted_save

    league = tmp_path / "x.dugout"
    sqlite3.connect(league).close()
    keep = tmp_path / "keep"
    first = recover_interrupted_save(league, keep)
    second = recover_interrupted_save(league, keep)
    assert first != second and first.is_dir() and second.is_dir()
