"""Remembered verdicts (roster_app/safety/verdicts.py): the same bytes are not checked row by row twice; any
other bytes are."""

import sqlite3

import pytest

from roster_app.errors import LeagueFileError
from roster_app.safety import integrity, verdicts
from roster_app.safety.opening import open_league


@pytest.fixture
def checks(monkeypatch):
    """How many times the stored-value checks read a file."""
    seen = []
    real = integrity.stored_value_problems

    def counted(*args, **kwargs):
        seen.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(integrity, "stored_value_problems", counted)  # imported by inspection when it runs
    return seen


def test_a_file_that_passed_is_not_read_row_by_row_again(league_file, checks):
    open_league(league_file, read_only=True).close()
    open_league(league_file, read_only=True).close()
    assert len(checks) == 1


def test_a_changed_byte_is_checked_again_and_refused(league_file, checks):
    open_league(league_file, read_only=True).close()
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE team SET treasury = 'lots' WHERE id = 1")
    with pytest.raises(LeagueFileError, match="cannot be read"):
        open_league(league_file, read_only=True)
    assert len(checks) == 2


def test_the_same_bytes_after_a_write_and_its_undo_are_checked_as_new(league_file, checks):
    """A write bumps SQLite's change counter: the bytes differ even when the values are the same again."""
    open_league(league_file, read_only=True).close()
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE team SET treasury = treasury + 1 WHERE id = 1")
        conn.execute("UPDATE team SET treasury = treasury - 1 WHERE id = 1")
    open_league(league_file, read_only=True).close()
    assert len(checks) == 2


def test_new_checks_forget_every_verdict(league_file, checks, monkeypatch):
    open_league(league_file, read_only=True).close()
    monkeypatch.setattr(verdicts, "CHECKS", verdicts.CHECKS + "-next")
    open_league(league_file, read_only=True).close()
    assert len(checks) == 2


def test_a_damaged_store_of_verdicts_only_costs_a_full_check(league_file, checks):
    open_league(league_file, read_only=True).close()
    verdicts._store().write_bytes(b"\xff not json")
    open_league(league_file, read_only=True).close()
    open_league(league_file, read_only=True).close()
    assert len(checks) == 2


def test_a_verdict_is_kept_under_a_digest_a_crafted_file_cannot_match(league_file):
    """A CRC-32 can be matched by changing four bytes of any file; the key is the file's SHA-256."""
    import hashlib

    key, (size, _mtime) = verdicts.content_key(league_file)
    data = league_file.read_bytes()
    assert key.endswith(f"/{len(data)}/{hashlib.sha256(data).hexdigest()}") and size == len(data)
