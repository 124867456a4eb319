"""Shared bench helpers: medians, child processes, and the PASS/FAIL table every script prints."""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS: list[Figure] = []


@dataclass
class Figure:
    name: str
    floor_name: str
    floor: float
    measured: float
    target: float  # the largest ratio that passes
    unit: str = "ms"
    note: str = ""

    @property
    def ratio(self) -> float:
        return self.measured / self.floor if self.floor else float("inf")

    @property
    def ok(self) -> bool:
        return self.ratio <= self.target


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


def child_env() -> dict[str, str]:
    env = dict(os.environ)
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
    name: str, floor_name: str, floor: float, measured: float, target: float, unit: str = "ms", note: str = ""
) -> Figure:
    figure = Figure(name, floor_name, floor, measured, target, unit, note)
    RESULTS.append(figure)
    print_row(figure)
    results = os.environ.get("BENCH_RESULTS")  # bench/run_all.py collects every script's figures
    if results:
        with open(results, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(dataclasses.asdict(figure)) + "\n")
    return figure


def print_header() -> None:
    print(f"{'figure':<46} {'floor':<28} {'floor':>9} {'measured':>9} {'ratio':>6} {'target':>7}  result")


def print_row(f: Figure) -> None:
    print(
        f"{f.name:<46} {f.floor_name:<28} {f.floor:>7.1f}{f.unit:<2} {f.measured:>7.1f}{f.unit:<2} "
        f"{f.ratio:>6.2f} {'<=' + format(f.target, 'g') + 'x':>7}  {'PASS' if f.ok else 'FAIL'}"
        + (f"  ({f.note})" if f.note else ""),
        flush=True,
    )
