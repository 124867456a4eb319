"""Every bench in one run (`make bench`): each script in its own process, one after the other, then one table of
every figure: the floor, the measurement, the ratio, the target and PASS or FAIL. Exit status 1 if any figure
fails (or a script cannot run).

    python bench/run_all.py [--only startup,tables,...] [--reps N] [--busy]

`--busy` (`make bench-busy`, or `make bench BENCH_ARGS=--busy`) runs one CPU-heavy process beside the bench for
the whole run, so that the other core is taken as on a commissioner's laptop that is never idle: the targets
must hold for the medians of such a run too (issue 40).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import ROOT, Figure, child_env, print_header, print_row  # noqa: E402

INFO: list[str] = []  # the scripts' lines of information (bench.common.inform), printed below the table
SCRIPTS = [
    "startup",
    "tables",
    "queries",
    "printing",
    "match_sheets",
    "memory",
    "writes",
    "matchpad",
    "charts",
    "history",
    "publish",
    "competitions",
    "scale",
    "pages",
]


def run_script(name: str, results: Path, reps: int | None) -> tuple[list[Figure], str | None]:
    """Run bench/<name>.py; its figures (from the results file it appends to; its lines of information go to
    INFO) and an error, if it failed."""
    env = child_env()
    env["BENCH_RESULTS"] = str(results)
    if reps is not None:
        env["BENCH_REPS"] = str(reps)
    results.unlink(missing_ok=True)
    print(f"\n== bench/{name}.py", flush=True)
    code = subprocess.run([sys.executable, f"bench/{name}.py"], env=env, cwd=ROOT).returncode
    figures = []
    if results.exists():
        for line in results.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line else None
            if row is not None and "info" in row:
                INFO.append(row["info"])
            elif row is not None:
                figures.append(Figure(**row))
    if code != 0:
        return figures, f"bench/{name}.py exited with status {code}"
    if not figures:
        return figures, f"bench/{name}.py reported no figures"
    return figures, None


BUSY_LOOP = """
import hashlib
block = bytes(1 << 16)
while True:  # one core's worth of work that touches memory, as a compile or a browser tab would
    block = hashlib.sha256(block).digest() * 2048
"""


def start_busy() -> subprocess.Popen[bytes]:
    """One CPU-heavy process beside the bench (it runs until stop_busy)."""
    return subprocess.Popen([sys.executable, "-c", BUSY_LOOP], stdin=subprocess.DEVNULL)


def stop_busy(process: subprocess.Popen[bytes]) -> float:
    """Stop the busy process; the CPU seconds it had."""
    try:
        with open(f"/proc/{process.pid}/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        cpu = float("nan")
    process.terminate()
    process.wait(timeout=10)
    return cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default=",".join(SCRIPTS), help="comma-separated scripts (default: all)")
    parser.add_argument("--reps", type=int, default=None, help="repetitions for every script (BENCH_REPS)")
    parser.add_argument("--busy", action="store_true", help="one CPU-heavy process runs beside the bench")
    parser.add_argument(
        "--save",
        type=Path,
        default=None,
        help="also write the run's figures as JSON (bench/runs_table.py sets runs side by side)",
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCRIPTS]
    if unknown:
        parser.error(f"unknown bench(es): {', '.join(unknown)}; known: {', '.join(SCRIPTS)}")

    from bench.make_league import large_league

    start = time.perf_counter()
    print(f"large league: {large_league().relative_to(ROOT)}", flush=True)  # made once, before any script
    figures: list[Figure] = []
    errors: list[str] = []
    busy = start_busy() if args.busy else None
    busy_start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="dugout-bench-") as work:
            for name in names:
                found, error = run_script(name, Path(work) / f"{name}.jsonl", args.reps)
                figures += found
                if error:
                    errors.append(error)
    finally:
        if busy is not None:
            busy_cpu = stop_busy(busy)
            INFO.append(f"busy: one CPU-heavy process ran beside the bench, {busy_cpu:.0f} s of CPU in "
                        f"{time.perf_counter() - busy_start:.0f} s")  # fmt: skip

    clock = "wall-clock time" if os.environ.get("BENCH_CLOCK") == "wall" else "CPU time (writes: wall clock)"
    mode = ", busy: one CPU-heavy process beside it" if args.busy else ""
    print(f"\n== every figure ({clock}{mode}; {time.perf_counter() - start:.0f} s)")
    print_header()
    for figure in figures:
        print_row(figure)
    failed = [f for f in figures if not f.ok]
    for line in INFO:
        print(line)
    for error in errors:
        print(f"ERROR: {error}")
    near = [f for f in figures if f.near]
    if args.save is not None:
        saved = {"busy": args.busy, "seconds": round(time.perf_counter() - start), "info": INFO, "errors": errors,
                 "figures": [dict(dataclasses.asdict(f), result=f.result) for f in figures]}  # fmt: skip
        args.save.write_text(json.dumps(saved, indent=1), encoding="utf-8")
    print(f"{len(figures)} figures: {len(figures) - len(failed)} PASS ({len(near)} near), {len(failed)} FAIL"
          + (f", {len(errors)} script(s) failed to run" if errors else ""))  # fmt: skip
    return 1 if failed or errors else 0


if __name__ == "__main__":
    sys.exit(main())
