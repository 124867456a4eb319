"""Peak memory: the main window with the large league open and every roster loaded (each team selected in
turn, as a commissioner clicking down the list), against a bare PySide6 window; child processes, peak
resident memory from resource.getrusage (maxrss). Target: within 2.5x.

The league's JSON export and its import (issue 40: both streamed), each in a process of its own, peak resident
memory against the window's peak with the same league (every roster shown): within 1.5x. One import more under
tracemalloc reports the peak of Python's own allocations per MB of the export.

    python bench/memory.py [--reps N]
    python bench/memory.py --child LEAGUE     (the Dugout side, run by the bench)
    python bench/memory.py --exchange export LEAGUE JSON | import JSON NEW [--trace]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import child_env, inform, print_header, record, run_child  # noqa: E402


def child(league: Path) -> int:
    """Open `league` in Dugout's main window, show every team's roster, print the peak memory."""
    from PySide6.QtCore import QTimer

    from ui.app.start import make_app
    from ui.mainwindow.window import MainWindow

    app = make_app()
    window = MainWindow()
    state = {"teams": 0}

    def every_roster() -> None:
        view = window.league_view
        rows = view.panel.team_model.rowCount()
        for row in range(rows):
            view.panel.team_view.selectRow(row)
            app.processEvents()  # the roster, header, ledger and history of the team are read and drawn
        state["teams"] = rows
        window.close()

    window.league_shown.connect(lambda: QTimer.singleShot(0, every_roster))
    window.league_failed.connect(lambda message: (print(message, file=sys.stderr), app.exit(1)))
    window.open_league_later(league)
    window.show()
    code = app.exec()
    print(f"teams {state['teams']}")
    print(f"maxrss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")
    return code


def exchange(how: str, source: Path, destination: Path, trace: bool) -> int:
    """Export `source` to JSON or import the JSON `source` into a new league; print the peak memory."""
    import tracemalloc

    from roster_app.exchange import league_json

    if trace:
        tracemalloc.start()
    if how == "export":
        from roster_app.safety.opening import open_league

        db = open_league(source, read_only=True)
        try:
            league_json.export_json(db, destination)
        finally:
            db.close()
    else:
        league_json.import_json(source, destination)
    if trace:
        print(f"tracemalloc {tracemalloc.get_traced_memory()[1]}")
    print(f"maxrss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")
    return 0


def maxrss_mb(output: str) -> float:
    line = next(line for line in output.splitlines() if line.startswith("maxrss "))
    return int(line.split()[1]) / 1024  # kilobytes on Linux


def measure(path: Path, reps: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="dugout-bench-memory-"))
    try:
        league = work / "Big League.dugout"
        shutil.copy2(path, league)
        env = child_env()
        env.update(XDG_CONFIG_HOME=str(work / "config"), XDG_DATA_HOME=str(work / "data"),
                   XDG_RUNTIME_DIR=str(work / "run"), XDG_STATE_HOME=str(work / "state"))  # fmt: skip
        (work / "run").mkdir()
        bare, dugout = [], []
        run_child(["bench/memory.py", "--child", str(league)], env=env)  # first open: backup, caches
        for _ in range(reps):
            bare.append(maxrss_mb(run_child(["bench/bare_window.py"])))
            out = run_child(["bench/memory.py", "--child", str(league)], env=env)
            dugout.append(maxrss_mb(out))
        teams = next(line.split()[1] for line in out.splitlines() if line.startswith("teams "))
        record("peak memory, large league, every roster shown", "bare window peak", bare, dugout, 2.5, unit="MB", note=f"{teams} rosters")  # fmt: skip
        export = work / "big.json"
        exports, imports = [], []
        for n in range(reps):
            exports.append(
                maxrss_mb(run_child(["bench/memory.py", "--exchange", "export", str(league), str(export)]))
            )
            imported = work / f"imported-{n}.dugout"
            imports.append(
                maxrss_mb(run_child(["bench/memory.py", "--exchange", "import", str(export), str(imported)]))
            )
            imported.unlink()
        size = export.stat().st_size / 2**20
        record("peak memory, the large league exported to JSON", "the window's peak (above)", dugout, exports, 1.5,
               unit="MB", note=f"a {size:.0f} MB export, streamed")  # fmt: skip
        record("peak memory, the large league's JSON imported", "the window's peak (above)", dugout, imports, 1.5,
               unit="MB", note="read a piece at a time, written as read")  # fmt: skip
        out = run_child(
            ["bench/memory.py", "--exchange", "import", str(export), str(work / "traced.dugout"), "--trace"]
        )
        traced = int(next(line.split()[1] for line in out.splitlines() if line.startswith("tracemalloc "))) / 2**20
        inform(f"the import's peak of Python allocations (tracemalloc): {traced:.1f} MB for a {size:.0f} MB export "
               f"({traced / size:.2f} MB a MB; 4.4 before it was streamed)")  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", 3)))
    parser.add_argument("--league", type=Path, default=None)
    parser.add_argument("--child", type=Path, default=None)
    parser.add_argument("--exchange", nargs=3, default=None, metavar=("HOW", "SOURCE", "DESTINATION"))
    parser.add_argument("--trace", action="store_true")
    args = parser.parse_args(argv)
    if args.child is not None:
        return child(args.child)
    if args.exchange is not None:
        how, source, destination = args.exchange
        return exchange(how, Path(source), Path(destination), args.trace)
    from bench.make_league import large_league

    print_header()
    measure(args.league or large_league(), min(args.reps, 5))
    return 0


if __name__ == "__main__":
    sys.exit(main())
