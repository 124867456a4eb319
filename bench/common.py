"""Shared bench helpers: medians, child processes, and the PASS/FAIL table every script prints."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS: list[Figure] = []

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from roster_app.commands.collector import pace_collector  # noqa: E402

pace_collector()  # Dugout measured as it runs: its entry point (ui/app/cli.py) sets the same pace


@dataclass
class Figure:
    name: str
    floor_name: str
    floor: float
    measured: float
    target: float  # the largest ratio that passes
    unit: str = "ms"
    note: str = ""
    runs: int = 1  # how many measurements the median is of
    low: float | None = None  # the fastest and slowest of them
    high: float | None = None
    slowest: bool = False  # the verdict on the slowest run, not the median (the pad's frame: every run counts)

    @property
    def ratio(self) -> float:
        return self.measured / self.floor if self.floor else float("inf")

    @property
    def ok(self) -> bool:
        if self.slowest and self.high is not None and self.floor:
            return self.high / self.floor <= self.target
        return self.ratio <= self.target

    @property
    def near(self) -> bool:
        """The median passes but the slowest run crossed the line: a verdict a busier moment could turn."""
        return self.ok and self.high is not None and self.floor > 0 and self.high / self.floor > self.target

    @property
    def result(self) -> str:
        return "FAIL" if not self.ok else "near" if self.near else "PASS"


# The machine is shared: other programs' load stretches wall-clock time (often 2x, unevenly), not the CPU time
# this process spends. Figures are CPU time of the process (user + system, every thread) unless
# BENCH_CLOCK=wall; the write commits (an absolute 50 ms, where waiting for the disk is part of the figure)
# always use wall-clock time.
WALL = os.environ.get("BENCH_CLOCK", "cpu") == "wall"


def clock() -> float:
    """Seconds on the bench's clock: the process's CPU time, or the wall clock with BENCH_CLOCK=wall."""
    return time.perf_counter() if WALL else time.process_time()


def timed_ms(fn: Callable[[], object]) -> float:
    start = clock()
    fn()
    return (clock() - start) * 1000


def median_ms(fn: Callable[[], object], *, repeat: int = 7, warmup: int = 1) -> float:
    for _ in range(warmup):
        fn()
    return statistics.median(timed_ms(fn) for _ in range(repeat))


# Every figure measures a unit of work whose floor takes at least this long: a floor of a fraction of a
# millisecond is at the mercy of one cache miss or one scheduler tick, and its ratio flipped from run to run
# (issue 40: a player's career, 0.4 ms, passed and failed on the same code). The small units are repeated
# (a player's career for ten players, a chart for several teams, a word typed key by key) until their floor
# reaches it.
MIN_FLOOR_MS = 5.0


def batch_size(floor: Callable[[], object], min_ms: float = MIN_FLOOR_MS) -> int:
    """How many times `floor` must run for the batch to take at least `min_ms` (from the median of 3 runs,
    after a warm-up run)."""
    floor()
    once = statistics.median(timed_ms(floor) for _ in range(3))
    return max(1, math.ceil(min_ms / max(once, 0.001)))


def repeated(fn: Callable[[], object], times: int) -> Callable[[], None]:
    """`fn` run `times` times, as one unit of work."""

    def run() -> None:
        for _ in range(times):
            fn()

    return run


def interleaved(app: Callable[[], object], floor: Callable[[], object], reps: int,
                *, min_ms: float = MIN_FLOOR_MS) -> tuple[list[float], list[float], int]:  # fmt: skip
    """The ms of each run of `app` and of `floor`, run turn about after a warm-up run each, each run a batch
    of `times` calls so that the floor's batch takes at least `min_ms`; (floor runs, app runs, times)."""
    app()
    times = batch_size(floor, min_ms)
    app_batch, floor_batch = repeated(app, times), repeated(floor, times)
    a, f = [], []
    for _ in range(reps):
        f.append(timed_ms(floor_batch))
        a.append(timed_ms(app_batch))
    return f, a, times


def child_env() -> dict[str, str]:
    """The environment of a bench's child process. Its modules load from bytecode compiled once into
    bench/.cache/pycache, as an installed Dugout's do (a wheel and the bundle ship .pyc files): a shell with
    PYTHONDONTWRITEBYTECODE=1 would otherwise compile every Dugout module from source at each start (~100 ms
    of CPU before the league is ready) and W0, whose PySide6 has its .pyc, would not."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(ROOT / "bench" / ".cache" / "pycache")
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def run_child(args: list[str], *, env: dict[str, str] | None = None) -> str:
    result = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env or child_env(),
                            cwd=ROOT, timeout=300)  # fmt: skip
    if result.returncode != 0:
        raise RuntimeError(f"{args} failed:\n{result.stderr[-2000:]}")
    return result.stdout


def record(
    name: str,
    floor_name: str,
    floor: float | Sequence[float],
    measured: float | Sequence[float],
    target: float,
    unit: str = "ms",
    note: str = "",
    slowest: bool = False,
) -> Figure:
    """One figure; `floor` and `measured` are a value or the runs (their median is the figure, their spread is
    shown beside it)."""
    floors = [floor] if isinstance(floor, int | float) else list(floor)
    runs = [measured] if isinstance(measured, int | float) else list(measured)
    figure = Figure(name, floor_name, statistics.median(floors), statistics.median(runs), target, unit, note,
                    runs=len(runs), low=min(runs), high=max(runs), slowest=slowest)  # fmt: skip
    RESULTS.append(figure)
    print_row(figure)
    results = os.environ.get("BENCH_RESULTS")  # bench/run_all.py collects every script's figures
    if results:
        with open(results, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(dataclasses.asdict(figure)) + "\n")
    return figure


def inform(text: str) -> None:
    """A line of information (no pass/fail), printed now and by bench/run_all.py below its table."""
    print(text, flush=True)
    results = os.environ.get("BENCH_RESULTS")
    if results:
        with open(results, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"info": text}) + "\n")


def print_header() -> None:
    print(f"{'figure':<46} {'floor':<28} {'floor':>9} {'measured':>9} {'spread (min-max)':>18} {'ratio':>6} "
          f"{'max':>5} {'target':>7}  result")  # fmt: skip


def spread(f: Figure) -> str:
    if f.low is None or f.high is None or f.runs < 2:
        return "-"
    return f"{f.low:.1f}-{f.high:.1f}{f.unit} x{f.runs}"


def print_row(f: Figure) -> None:
    high = f"{f.high / f.floor:.2f}" if f.high is not None and f.floor else "-"
    print(
        f"{f.name:<46} {f.floor_name:<28} {f.floor:>7.1f}{f.unit:<2} {f.measured:>7.1f}{f.unit:<2} "
        f"{spread(f):>18} {f.ratio:>6.2f} {high:>5} {('max<=' if f.slowest else '<=') + format(f.target, 'g') + 'x':>7}  "
        f"{f.result}" + (f"  ({f.note})" if f.note else ""),
        flush=True,
    )


def large_league_main(measure: Callable[[Path, int], object], argv: list[str] | None, *, reps: int,
                      qt: bool = True) -> int:  # fmt: skip
    """The command line of a script over the large league: `--reps` (default `reps`, or BENCH_REPS) and
    `--league` (default: the generated one), a QApplication when it draws (`qt`), the table's header, then
    `measure(league, reps)`."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", reps)))
    parser.add_argument("--league", type=Path, default=None)
    args = parser.parse_args(argv)
    from bench.make_league import large_league

    app = None
    if qt:
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication(sys.argv[:1])
    print_header()
    measure(args.league or large_league(), args.reps)
    del app
    return 0
