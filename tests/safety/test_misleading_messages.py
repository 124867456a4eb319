"""Messages that say what really happened: a full disk, a lock holder that is gone, a folder named like a lock."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import sqlite3
import subprocess
import sys

import pytest
from sqlalchemy.exc import OperationalError

from roster_app.errors import LeagueFileError
from roster_app.exchange import league_json
from roster_app.safety import locking
from roster_app.safety.opening import open_league


def test_a_folder_named_like_the_lock_is_explained_not_taken_for_another_dugout(league_file):
    locking.lock_path(league_file).mkdir()
    with pytest.raises(LeagueFileError, match="A folder named 'test.dugout.lock' stands beside the league"):
        open_league(league_file)
    assert locking.lock_path(league_file).is_dir()  # the user's folder is never removed
    open_league(league_file, read_only=True).close()


def test_a_lock_whose_holder_is_gone_is_taken_over_even_if_its_os_lock_lingers(league_file):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    path = locking.lock_path(league_file)
    path.write_text(json.dumps({"app": "Dugout", "host": socket.gethostname(), "pid": pid,
                                "since": "2026-01-01T10:00:00+00:00"}))  # fmt: skip
    lingering = os.open(path, os.O_RDWR)  # e.g. a network drive that keeps a dead process's lock
    fcntl.flock(lingering, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        assert locking.holder_of(league_file) is None
        db = open_league(league_file)
        assert db.lock is not None and db.lock.holder.pid == os.getpid()
        db.close()
    finally:
        os.close(lingering)


def test_a_full_disk_on_open_says_the_disk_is_full(league_file, monkeypatch):
    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(locking, "acquire", full)
    db = open_league(league_file)
    try:
        assert db.read_only and "disk is full" in db.read_only_reason
    finally:
        db.close()


def test_a_full_disk_on_import_blames_the_disk_not_the_export(league_file, tmp_path, monkeypatch):
    db = open_league(league_file, read_only=True)
    source = league_json.export_json(db, tmp_path / "x.json")
    db.close()

    def full(*_args, **_kwargs):
        raise OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(league_json, "_insert_columns", full)
    with pytest.raises(league_json.ImportRefused) as refused:
        league_json.import_json(source, tmp_path / "new.dugout")
    assert "The disk is full" in str(refused.value) and "breaks a rule" not in str(refused.value)
    assert not (tmp_path / "new.dugout").exists()
