"""One writer per league: a second opener is told who has it; a crashed holder leaves no stale lock."""

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap

import pytest

from roster_app.errors import LeagueInUse
from roster_app.safety import locking
from roster_app.safety.opening import open_league
from roster_app.services.teams import add_team


def test_a_second_opener_is_told_who_has_the_league_and_may_open_read_only(league_file):
    first = open_league(league_file)
    with pytest.raises(LeagueInUse, match=rf"in use by Dugout on {socket.gethostname()} since") as caught:
        open_league(league_file)
    assert caught.value.holder.pid == os.getpid()
    reader = open_league(league_file, read_only=True)
    assert reader.read_only
    reader.close()
    first.close()
    assert not locking.lock_path(league_file).exists()
    open_league(league_file).close()  # free again


def test_the_lock_file_names_host_pid_and_time(league_file):
    db = open_league(league_file)
    data = json.loads(locking.lock_path(league_file).read_text())
    assert data["host"] == socket.gethostname() and data["pid"] == os.getpid() and data["app"] == "Dugout"
    assert data["since"]
    db.close()


HOLDER = textwrap.dedent(
    """
    import sys
    from roster_app.safety.opening import open_league
    db = open_league(sys.argv[1])
    print("open", flush=True)
    sys.stdin.readline()
    """
)


def test_another_process_holds_the_league_until_it_is_killed(league_file):
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(league_file)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "open"
        with pytest.raises(LeagueInUse, match="in use by Dugout") as caught:
            open_league(league_file)
        assert caught.value.holder.pid == child.pid
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert locking.lock_path(league_file).exists()  # the crashed holder left its lock file ...
    db = open_league(league_file)  # ... which is taken over silently
    add_team(db, name="Second Team", race="Human")
    assert json.loads(locking.lock_path(league_file).read_text())["pid"] == os.getpid()
    db.close()


@pytest.mark.parametrize("content", ["", "{not json", json.dumps({"app": "Dugout", "pid": 999999})])
def test_a_half_written_or_unreadable_lock_nobody_holds_is_taken_over(league_file, content):
    locking.lock_path(league_file).write_text(content)
    open_league(league_file).close()
    assert not locking.lock_path(league_file).exists()


def test_a_lock_held_on_another_computer_is_respected_unless_taken_over(league_file):
    holder = {"app": "Dugout", "host": "clubhouse-pc", "pid": 4242, "since": "2026-05-01T18:30:00+00:00"}
    locking.lock_path(league_file).write_text(json.dumps(holder))
    with pytest.raises(LeagueInUse, match="in use by Dugout on clubhouse-pc since 01 May 2026"):
        open_league(league_file)
    assert json.loads(locking.lock_path(league_file).read_text()) == holder  # left alone
    db = open_league(league_file, take_over=True)
    assert json.loads(locking.lock_path(league_file).read_text())["host"] == socket.gethostname()
    db.close()


def test_releasing_never_removes_a_lock_someone_else_took_over(league_file):
    lock = locking.acquire(league_file)
    other = {"app": "Dugout", "host": "clubhouse-pc", "pid": 1, "since": "2026-05-01T18:30:00+00:00"}
    locking.lock_path(league_file).write_text(json.dumps(other))
    lock.release()
    assert json.loads(locking.lock_path(league_file).read_text()) == other


def test_holder_of_reports_a_live_holder_only(league_file):
    assert locking.holder_of(league_file) is None
    db = open_league(league_file)
    assert locking.holder_of(league_file).pid == os.getpid()
    db.close()
    assert locking.holder_of(league_file) is None


def test_a_league_in_use_cannot_be_replaced_by_a_new_one(league_file):
    from roster_app.errors import LeagueFileError
    from roster_app.services.league import create_league
    from tests.conftest import file_digest

    db = open_league(league_file)
    before = file_digest(league_file)
    with pytest.raises(LeagueFileError, match="in use by Dugout"):
        create_league(league_file, name="Other", overwrite=True)
    assert file_digest(league_file) == before
    db.close()
