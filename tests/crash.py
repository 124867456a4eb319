"""Crash harness: run a service call in a child process and kill it (SIGKILL) at statement N of its work.

`crash_at_every_statement(league, call)` runs `call(db)` once to count the SQL statements it makes (BEGIN,
the moment before COMMIT and the moment after it included), then for each N copies the league afresh, kills a child at statement N and
opens what it left in this process. Each outcome is "before" or "after" (the league's rows equal the rows
before the call, or after a call that finished); anything else is returned as "torn" for the test to fail.

The children are forked from one worker process that imported Dugout once (tens of milliseconds each).
`call` must be a module-level function of an importable module (the worker imports it by name), e.g.
    def hire(db): hire_player(db, team_id=1, position="Troll", name="Big Grunt")
tests/safety/test_crash_safety.py lists (league setup, call) pairs in CALLS: hiring, the transfer commit (steps 6-10)
and its reversal. Another procedure (the post-match sequence, season end) is one more pair there.
"""

from __future__ import annotations

import atexit
import importlib
import json
import os
import shutil
import signal
import subprocess
import sys
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _run_job(path: str, call: str, kill_at: int, spill: bool, report: int) -> None:
    """In a forked child: open the league, count statements (killing itself at `kill_at`), run `call`."""
    from sqlalchemy import event
    from sqlalchemy.orm import Session

    from roster_app.safety.opening import open_league

    module, name = call.split(":")
    function = getattr(importlib.import_module(module), name)
    db = open_league(path, backup=False)
    if spill:  # a one-page cache writes changed pages into the file before COMMIT: the journal is hot
        with db.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA cache_size = 1")
    seen = 0

    def step(*_args: Any) -> None:
        nonlocal seen
        seen += 1
        if seen == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    event.listen(db.engine, "before_cursor_execute", step)
    event.listen(db.engine, "commit", step)  # just before the COMMIT itself
    event.listen(Session, "after_commit", step)  # and just after it
    function(db)
    db.close()
    os.write(report, str(seen).encode())


def _warm_up(job: dict) -> None:
    import tempfile

    from roster_app.safety.opening import open_league

    module, name = job["call"].split(":")
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "warm.dugout"
        shutil.copyfile(job["path"], copy)
        db = open_league(copy, backup=False)
        getattr(importlib.import_module(module), name)(db)
        db.close()


def serve() -> None:
    """The worker: imports Dugout once, then forks a fresh child per job read from stdin (one JSON a line)."""
    import roster_app.services.players  # noqa: F401
    import roster_app.store.db  # noqa: F401 - imported once here, inherited by every child

    warm: set[str] = set()
    for line in sys.stdin:
        job = json.loads(line)
        if job["call"] not in warm:  # once, on a copy: imports, Alembic, mappers, caches; children inherit them
            _warm_up(job)
            warm.add(job["call"])
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            try:
                _run_job(job["path"], job["call"], job["kill_at"], job["spill"], write)
                os._exit(0)
            except BaseException:
                traceback.print_exc()
                os._exit(1)
        os.close(write)
        _, status = os.waitpid(pid, 0)
        seen = os.read(read, 64).decode() or "-1"
        os.close(read)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        print(json.dumps({"code": code, "seen": int(seen)}), flush=True)


_worker: subprocess.Popen | None = None


def _stop_worker() -> None:
    if _worker is not None and _worker.poll() is None:
        _worker.stdin.close()
        _worker.wait(10)


def run_child(path: Path, call: Callable[[Any], Any], *, kill_at: int = 0, spill: bool = False) -> tuple[int, int]:
    """(exit code, statements seen) of one child; exit code -9 when it was killed."""
    global _worker
    if _worker is None or _worker.poll() is not None:
        _worker = subprocess.Popen(
            [sys.executable, "-c", "from tests.crash import serve; serve()"],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        atexit.register(_stop_worker)
    job = {"path": str(path), "call": f"{call.__module__}:{call.__qualname__}", "kill_at": kill_at, "spill": spill}
    _worker.stdin.write(json.dumps(job) + "\n")
    _worker.stdin.flush()
    answer = json.loads(_worker.stdout.readline())
    return answer["code"], answer["seen"]


def rows(path: Path) -> dict[str, list[tuple]]:
    """Every row of the league at `path` (opened in this process, recovering it if need be), times blanked."""
    from roster_app.safety.opening import open_league
    from tests.helpers import snapshot

    db = open_league(path, backup=False)
    try:
        return {
            table: [tuple(None if isinstance(v, datetime) else v for v in row) for row in table_rows]
            for table, table_rows in snapshot(db).items()
        }
    finally:
        db.close()


def crash_at_every_statement(league: Path, call: Callable[[Any], Any], *, spill: bool = False) -> list[str]:
    """Kill `call` at each of its statements in turn; the outcome of each ("before", "after" or "torn")."""
    work = league.with_name("crash.dugout")

    def fresh() -> Path:
        for leftover in work.parent.glob("crash*"):
            shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
        shutil.copyfile(league, work)
        return work

    before = rows(fresh())
    code, statements = run_child(fresh(), call, spill=spill)
    assert code == 0 and statements > 2, f"the call failed in the child (exit code {code})"
    after = rows(work)
    assert after != before, "the call changed nothing"
    outcomes = []
    for kill_at in range(1, statements + 1):
        code, _ = run_child(fresh(), call, kill_at=kill_at, spill=spill)
        assert code == -signal.SIGKILL, f"the child was not killed at statement {kill_at} (exit code {code})"
        found = rows(work)
        outcomes.append("before" if found == before else "after" if found == after else "torn")
    return outcomes
