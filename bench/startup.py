"""Start-up: W0 (a bare PySide6 QMainWindow to its first paint) against Dugout's main window painted (1.5x), its
first roster on screen (2x), the league shown (5x: `league_shown`, every page built, the opening checks done and
the opening backup made or running in its thread) and ready for an edit with the ORM loaded after it in idle time
(4x, issue 40: `orm_ready`, the ORM imported, its mappers configured, the league's engine made), for the demo
league and the large league, and the large league changed by another program before each run (issue 40: its
bytes are new, so the opening checks read it row by row and a backup is made); the demo league's window and first
roster in French too (LANGUAGE=fr, issue 39), and what loading the French catalogue costs (a line of information:
the .mo and Qt's qtbase_fr.qm). Child processes, interleaved, medians; CPU time of every thread of the process.

Dugout reports its own moments (DUGOUT_TIMING=1 in ui/app/start.py prints time.time() at the first paint, when a
roster is on screen, when the league is open and when the ORM has loaded in idle time after it, then quits);
each time is measured from the moment the bench started the process, the same way for the floor. What the ORM's
idle load alone took is a line of information below the figures.

    python bench/startup.py [--reps N] [--league BIG.dugout]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import ROOT, WALL, child_env, inform, print_header, record  # noqa: E402


def timed_child(args: list[str], env: dict[str, str]) -> dict[str, float]:
    """Start a child; {moment: ms} from its `timing NAME EPOCH CPU` lines: the CPU time the process had used
    by then, or (BENCH_CLOCK=wall) the wall-clock time since the bench started it."""
    start = time.time()
    result = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300
    )
    if result.returncode != 0:
        raise RuntimeError(f"{args} failed ({result.returncode}):\n{result.stderr[-3000:]}")
    moments = {}
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0] == "timing":
            moments[parts[1]] = (float(parts[2]) - start) * 1000 if WALL else float(parts[3]) * 1000
    return moments


# What choosing French adds to a start (ui/kit/language.choose_language after the QApplication): the catalogue read
# by gettext, Qt's own words loaded, and the first words looked up (a count, gold, a skill).
CATALOGUE_LOAD = """
import time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from roster_app import i18n, words  # imported by an English start too
from ui.kit.language import install_qt_translator
start = time.process_time()
install_qt_translator(i18n.set_language("fr"))
words.count(2, "game"), words.gp(1000), i18n.term("skill", "Block")
print(f"timing catalogue {time.time():.6f} {time.process_time() - start:.6f}")
"""


def dugout_env(home: Path) -> dict[str, str]:
    """An isolated user (settings, data folder, single-instance socket) with the timing hook on."""
    env = child_env()
    env.update(DUGOUT_TIMING="1", XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_RUNTIME_DIR=str(home / "run"), XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(home / "cache"))  # fmt: skip
    (home / "run").mkdir(parents=True, exist_ok=True)
    return env


LABELS = {"demo": "demo league", "large": "large league", "changed": "large league changed"}


def change(league: Path) -> None:
    """A write to the file outside Dugout that leaves the league as it was (its bytes change: SQLite counts every
    write in the file's header), so the next open checks it row by row and backs it up, as the first open of a
    league changed elsewhere does."""
    import sqlite3

    with contextlib.closing(
        sqlite3.connect(league, isolation_level=None)
    ) as conn:  # (a no-op UPDATE writes nothing)
        conn.execute("CREATE TABLE bench_touch (x)")
        conn.execute("DROP TABLE bench_touch")


def measure(big: Path, reps: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="dugout-bench-start-"))
    try:
        home = work / "home"
        env = dugout_env(home)
        large, changed = work / "Big League.dugout", work / "Changed League.dugout"
        shutil.copy2(big, large)
        shutil.copy2(big, changed)
        cases = {"demo": ["-m", "ui.app.cli", "--demo"], "large": ["-m", "ui.app.cli", str(large)],
                 "changed": ["-m", "ui.app.cli", str(changed)], "demo-fr": ["-m", "ui.app.cli", "--demo"]}  # fmt: skip
        envs = {"demo-fr": {**env, "LANGUAGE": "fr"}}  # the French window: the system's language
        for name, args in cases.items():  # warm up: the demo league is built, backups made, files cached
            timed_child(args, envs.get(name, env))
        floor_env = child_env()
        w0: list[float] = []
        with_orm: list[float] = []  # bench/bare_orm.py: W0, then the ORM loaded after its paint (no Dugout)
        seen: dict[str, dict[str, list[float]]] = {name: {} for name in cases}
        for _ in range(reps):
            with_orm.append(timed_child(["bench/bare_orm.py", str(large)], floor_env)["orm-ready"])
            for name, args in cases.items():
                w0.append(timed_child(["bench/bare_window.py"], floor_env)["first-paint"])
                if name == "changed":
                    change(changed)
                for moment, ms in timed_child(args, envs.get(name, env)).items():
                    seen[name].setdefault(moment, []).append(ms)
        label_fr = "demo league in French"
        record(f"window painted, {label_fr}", "W0 bare window painted", w0, seen["demo-fr"]["first-paint"], 1.5)
        record(f"first roster on screen, {label_fr}", "W0 bare window painted", w0, seen["demo-fr"]["first-roster"],
               2.0)  # fmt: skip
        loads = [timed_child(["-c", CATALOGUE_LOAD], child_env())["catalogue"] for _ in range(reps)]
        inform(f"the French catalogue loaded (dugout.mo and Qt's qtbase_fr.qm, before the first paint): "
               f"{statistics.median(loads):.1f} ms of CPU")  # fmt: skip
        for name in ("demo", "large", "changed"):
            label = LABELS[name]
            record(f"window painted, {label}", "W0 bare window painted", w0, seen[name]["first-paint"], 1.5)
            record(
                f"first roster on screen, {label}", "W0 bare window painted", w0, seen[name]["first-roster"], 2.0
            )
            if name == "changed":  # the checks read every row before edits; the first roster is the figure
                ready = statistics.median(seen[name]["orm-ready"])
                inform(f"{label}: ready for an edit at {ready:.0f} ms, {ready / statistics.median(w0):.2f}x W0 "
                       "(the opening checks row by row, the backup in its thread, the ORM loaded)")  # fmt: skip
                continue
            record(f"league shown, {label}", "W0 bare window painted", w0, seen[name]["league-open"], 5.0,
                   note="every page built, the opening checks done or running; the ORM not yet loaded")  # fmt: skip
        for name in ("demo", "large"):  # issue 40: ready for an edit is the ORM loaded too (`orm_ready`: imported,
            # the mappers configured, the league's engine made), within 4x
            record(f"ready for an edit, the ORM loaded, {LABELS[name]}", "W0 bare window painted", w0,
                   seen[name]["orm-ready"], 4.0, note="league shown, then the ORM in idle time, mappers configured")  # fmt: skip
            idle = statistics.median(
                ready - shown
                for ready, shown in zip(seen[name]["orm-ready"], seen[name]["league-open"], strict=True)
            )
            inform(f"{LABELS[name]}: the ORM loaded in idle time after the league is shown: {idle:.0f} ms, "
                   f"{idle / statistics.median(w0):.2f}x W0")  # fmt: skip
        floor, bare = statistics.median(w0), statistics.median(with_orm)
        inform(f"a bare window, then the ORM loaded after its paint (bench/bare_orm.py, no Dugout): {bare:.0f} ms, "
               f"{bare / floor:.2f}x W0: ready for an edit cannot go below it while the edits go through this ORM")  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", 7)))
    parser.add_argument("--league", type=Path, default=None, help="the large league (made if not given)")
    args = parser.parse_args(argv)
    from bench.make_league import large_league

    print_header()
    measure(args.league or large_league(), args.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
