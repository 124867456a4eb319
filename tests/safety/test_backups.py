"""Backups: made when a changed league is opened and before risky steps, verified, rotated without ever
losing the newest good one, consistent while the league is being written, and restorable."""

import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster_app.errors import LeagueFileError, LeagueInUse
from roster_app.safety import backups
from roster_app.safety.check import check_file
from roster_app.safety.opening import open_league
from roster_app.services.teams import add_team, rename_team
from tests.conftest import file_digest


def test_opening_a_changed_league_makes_a_backup_and_an_unchanged_one_does_not(league_file):
    open_league(league_file).close()
    first = backups.list_backups(league_file)
    assert [b.reason for b in first] == ["opened"]
    open_league(league_file).close()
    assert backups.list_backups(league_file) == first  # nothing changed since
    db = open_league(league_file)
    add_team(db, name="Reikland Reavers", race="Human")
    db.close()
    open_league(league_file).close()
    assert [b.reason for b in backups.list_backups(league_file)] == ["opened", "opened"]


def test_a_backup_is_a_verified_league_beside_the_original(league_file):
    made = backups.backup(league_file, reason="before import")
    assert made.path.parent == league_file.parent / "test backups"
    assert made.path.name.startswith("test ") and made.path.name.endswith(" before import.dugout")
    assert check_file(made.path).ok
    db = open_league(made.path, read_only=True)
    assert db.ruleset.race("Orc")
    db.close()


def test_two_backups_in_the_same_second_are_both_kept(league_file):
    a = backups.backup(league_file, reason="autosave")
    b = backups.backup(league_file, reason="autosave")
    assert a.path != b.path and a.path.exists() and b.path.exists()
    assert [x.path for x in backups.list_backups(league_file)] == [b.path, a.path]


def test_backup_during_writes_is_a_consistent_snapshot(league_file):
    """A writer adds teams (a team row and its opening ledger row per transaction) while backups are made:
    every backup is a sound league whose treasuries equal their ledgers."""
    db = open_league(league_file, backup=False)
    stop, written = threading.Event(), []

    def writer() -> None:
        while not stop.is_set() and len(written) < 400:
            written.append(add_team(db, name=f"Team {len(written)}", race="Human").result)

    thread = threading.Thread(target=writer)
    thread.start()
    made = []
    try:
        while len(made) < 6:
            made.append(backups.backup(league_file, reason="autosave", rotation=backups.Rotation(recent=50)))
    finally:
        stop.set()
        thread.join()
    db.close()
    teams_seen = set()
    for b in made:
        assert check_file(b.path).ok, check_file(b.path).text()
        with sqlite3.connect(f"file:{b.path}?mode=ro", uri=True) as conn:
            teams = conn.execute("SELECT count(*) FROM team").fetchone()[0]
            openings = conn.execute("SELECT count(*) FROM ledger_entry WHERE kind = 'opening'").fetchone()[0]
        assert teams == openings  # never a team without its opening row
        teams_seen.add(teams)
    assert len(teams_seen) > 1  # the backups really were taken while the writer was writing


# -- rotation ---------------------------------------------------------------------------------------
NOW = datetime(2026, 6, 15, 12, 0, tzinfo=UTC)


def _sound_database() -> bytes:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (x)")
    return conn.serialize()


SOUND = _sound_database()


def _fake_backups(league, ages_and_goodness):
    """Backup files of `league` made `age` minutes before NOW; a bad one is garbage."""
    folder = backups.backups_dir(league, create=True)
    for age, good in ages_and_goodness:
        stamp = (NOW - timedelta(minutes=age)).strftime(backups.STAMP)
        path = folder / f"{league.stem} {stamp} autosave.dugout"
        path.write_bytes(SOUND if good else b"\x00damaged" * 64)
    return backups.list_backups(league)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    entries=st.lists(
        st.tuples(st.integers(0, 60 * 24 * 120), st.booleans()), min_size=1, max_size=30, unique_by=lambda e: e[0]
    ),
    recent=st.integers(0, 5),
)
def test_rotation_never_loses_the_newest_good_backup(tmp_path_factory, entries, recent):
    league = tmp_path_factory.mktemp("rot") / "league.dugout"
    before = _fake_backups(league, entries)
    good = [b for b, (_age, ok) in zip(before, sorted(entries), strict=True) if ok]
    backups.rotate(league, rotation=backups.Rotation(recent=recent, daily=7, weekly=4), now=NOW)
    after = backups.list_backups(league)
    if good:
        assert good[0].path in {b.path for b in after}
    assert [b.path for b in after[:recent]] == [b.path for b in before[:recent]]
    assert backups.rotate(league, rotation=backups.Rotation(recent=recent, daily=7, weekly=4), now=NOW) == []


def test_rotation_keeps_recent_daily_and_weekly_backups(tmp_path):
    league = tmp_path / "league.dugout"
    ages = [h * 60 for h in range(0, 24 * 90, 8)]  # every 8 hours for 90 days: 270 backups
    _fake_backups(league, [(a, True) for a in ages])
    backups.rotate(league, rotation=backups.Rotation(recent=10, daily=14, weekly=8), now=NOW)
    kept = backups.list_backups(league)
    assert 10 + 12 <= len(kept) <= 10 + 15 + 9
    oldest = NOW - kept[-1].made_at
    assert timedelta(weeks=7) <= oldest <= timedelta(weeks=8, days=1)


# -- restore ----------------------------------------------------------------------------------------
def test_restore_puts_a_backup_back_after_backing_up_the_current_file(league_file):
    chosen = backups.backup(league_file, reason="autosave")
    db = open_league(league_file, backup=False)
    team = add_team(db, name="Reikland Reavers", race="Human").result
    rename_team(db, team_id=team, name="Altdorf Aces")
    db.close()
    changed = file_digest(league_file)
    kept = backups.restore(league_file, chosen.path)
    assert kept.reason == "before restore" and file_digest(kept.path) != file_digest(chosen.path)
    db = open_league(league_file, read_only=True)
    from roster_app.queries.rosters import teams

    assert [t.name for t in teams(db)] == ["Orcland Raiders"]
    db.close()
    backups.restore(league_file, kept.path)  # and back again: nothing was lost
    db = open_league(league_file, read_only=True)
    assert [t.name for t in teams(db)] == ["Altdorf Aces", "Orcland Raiders"]
    db.close()
    assert changed  # (the digest of the file as it was before the first restore)


def test_restore_refuses_while_the_league_is_open_and_a_damaged_backup(league_file):
    chosen = backups.backup(league_file, reason="autosave")
    before = file_digest(league_file)
    db = open_league(league_file, backup=False)
    with pytest.raises(LeagueInUse):
        backups.restore(league_file, chosen.path)
    db.close()
    chosen.path.write_bytes(chosen.path.read_bytes()[:5000])
    with pytest.raises(LeagueFileError):
        backups.restore(league_file, chosen.path)
    assert file_digest(league_file) == before


def test_restore_over_a_damaged_league_keeps_a_plain_copy_of_it(league_file):
    chosen = backups.backup(league_file, reason="autosave")
    league_file.write_bytes(b"\x00" * 4096)
    kept = backups.restore(league_file, chosen.path)
    assert kept.reason == "damaged before restore" and kept.path.read_bytes() == b"\x00" * 4096
    assert check_file(league_file).ok


def test_importing_house_rules_into_a_league_file_backs_it_up_first(league_file, tmp_path):
    from roster_app.services.ruleset import export_ruleset, import_ruleset

    db = open_league(league_file, backup=False)
    export_ruleset(db, path=tmp_path / "house.json")
    import_ruleset(db, path=tmp_path / "house.json")
    db.close()
    assert [b.reason for b in backups.list_backups(league_file)] == ["before import"]
