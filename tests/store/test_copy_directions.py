"""`dugout copy` in every direction (file -> server, server -> file, server -> server) from the command line, in a
fresh process as a commissioner runs it, each copy opened and compared with its source (issue 36).

A fresh process matters: a process that had not imported the league's models (copying from a server) once
read no tables at all and failed with "The league file has no league record." while the tests, run in a
process that had imported them, passed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from roster_app.safety.opening import open_league, open_server_league
from tests.helpers import snapshot

ROOT = Path(__file__).resolve().parents[2]
postgres = pytest.mark.postgres


def dugout(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "ui.app.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)  # fmt: skip


def _rows(db) -> dict:
    try:
        return snapshot(db, versions=True)
    finally:
        db.close()


@postgres
def test_copy_from_a_file_to_a_server_and_back_to_a_file_in_a_fresh_process(night_file, pg_url, tmp_path):
    original = _rows(open_league(night_file, read_only=True))
    result = dugout("copy", str(night_file), pg_url)
    assert result.returncode == 0, result.stderr
    assert _rows(open_server_league(pg_url, read_only=True)) == original
    back = tmp_path / "back.dugout"
    result = dugout("copy", pg_url, str(back))
    assert result.returncode == 0, result.stderr
    assert "no league record" not in result.stderr
    assert f"copied to {back}" in result.stdout
    assert _rows(open_league(back, read_only=True)) == original
    assert dugout("check", str(back)).stdout == dugout("check", str(night_file)).stdout  # the same league's notes


@postgres
def test_copy_from_a_server_to_a_server_in_a_fresh_process(night_file, pg_databases, tmp_path):
    first, second = pg_databases.create(), pg_databases.create()
    try:
        assert dugout("copy", str(night_file), first).returncode == 0
        result = dugout("copy", first, second)
        assert result.returncode == 0, result.stderr
        assert _rows(open_server_league(second, read_only=True)) == _rows(open_league(night_file, read_only=True))
        assert dugout("check", second).stdout == dugout("check", str(night_file)).stdout
    finally:
        pg_databases.drop(first)
        pg_databases.drop(second)


@postgres
def test_a_shared_league_is_copied_to_this_computer_before_a_repair_in_a_fresh_process(pg_league_url, tmp_path):
    """The same walker makes a shared league's copy before a repair (safety/backups.py): it holds the league."""
    from sqlalchemy import create_engine

    from roster_app.store.server import server_url
    from tests.helpers import add_orcs

    db = open_server_league(pg_league_url)
    team = add_orcs(db)
    db.close()
    engine = create_engine(server_url(pg_league_url))
    with engine.begin() as conn:  # a treasury that no longer equals its ledger: Check League repairs it
        conn.exec_driver_sql(f"UPDATE team SET treasury = treasury + 5000 WHERE id = {team}")
    engine.dispose()
    result = dugout("check", pg_league_url, "--repair")
    assert result.returncode == 0, result.stderr
    data = Path(os.environ["XDG_DATA_HOME"])
    copies = list(data.rglob("*before repair.dugout"))
    assert len(copies) == 1
    copied = _rows(open_league(copies[0], read_only=True))
    assert len(copied["league"]) == 1 and len(copied["team"]) == 1  # the whole league, not an empty file


@postgres
def test_a_copy_of_a_source_without_a_league_record_is_refused_in_words(pg_url, tmp_path):
    from roster_app.errors import CopyRefused
    from roster_app.exchange.league_copy import write_rows

    with pytest.raises(CopyRefused, match="0 league records"):
        write_rows(tmp_path / "nothing.dugout", {"league": []})
    assert not list(tmp_path.iterdir())
