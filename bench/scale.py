"""Cost that grows with the league no faster than its rows (issue 40): a league generated at two sizes by
bench/make_league.py's generator (16 teams in 2 divisions, 10 and 40 seasons of double round-robin, a finished
referee's sheet a game), and for each job the ratio of its costs (CPU time, medians) against the ratio of the
rows it reads. Target: the cost ratio within 1.25x of the rows' ratio (a per-row look-up or a sort of the whole
league shows as more).

Memory that does not grow with the league: the JSON export and the import's reading and writing (both streamed)
at both sizes, their peak of Python allocations (tracemalloc, one traced run each after an untraced one), the
ratio of the peaks against 1x (the rows grow 4x). Within 1.25x.

    python bench/scale.py [--reps N]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import print_header, record, timed_ms  # noqa: E402

SIZES = (10, 40)  # seasons
TEAMS, DIVISIONS = 16, 2


def scaled_league(seasons: int) -> Path:
    """16 teams and `seasons` seasons, a referee's finished sheet a game: made once per version of the
    generator and of the schema into bench/.cache/."""
    return generated_league(f"scale-*-{seasons}", TEAMS, DIVISIONS, seasons)


def generated_league(name: str, teams: int, divisions: int, seasons: int) -> Path:
    """A league of `teams` in `divisions` over `seasons` by make_league.py's generator, a referee's finished
    sheet a game, made once per version of the generator and of the schema into bench/.cache/ (`name`: its
    file's name, a * where the version goes)."""
    import bench.make_league as make
    from bench.history import with_referee_sheets
    from roster_app.store.migrations import HEAD

    digest = hashlib.sha256(Path(make.__file__).read_bytes() + Path(__file__).read_bytes() + HEAD.encode())
    path = Path(__file__).resolve().parent / ".cache" / (name.replace("*", digest.hexdigest()[:12]) + ".dugout")
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        for old in path.parent.glob(f"{name}.dugout"):
            old.unlink()
        saved = make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS
        make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS = teams, divisions, seasons, 100
        try:
            with tempfile.TemporaryDirectory() as work:
                plain = Path(work) / "plain.dugout"
                make.generate(plain)
                shutil.move(with_referee_sheets(plain, Path(work)), path)
        finally:
            make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS = saved
    return path


def costs(small: Callable[[], object], large: Callable[[], object], reps: int) -> tuple[list[float], list[float]]:
    """Each job's ms at both sizes, turn about, after a warm-up run each."""
    small(), large()
    s, b = [], []
    for _ in range(reps):
        s.append(timed_ms(small))
        b.append(timed_ms(large))
    return s, b


def scale_figure(name: str, rows: tuple[int, int], small: list[float], large: list[float], note: str) -> None:
    """The figure: the rows' ratio is the floor, the cost ratio (each large run against the small median) the
    measurement."""
    base = statistics.median(small)
    ratios = [ms / base for ms in large]
    record(name, "ratio of the rows read", rows[1] / rows[0], ratios, 1.25, unit="x",
           note=f"{note}; {base:.0f} -> {statistics.median(large):.0f} ms")  # fmt: skip


def traced_mb(job: Callable[[], object]) -> float:
    """The peak of Python's allocations while `job` runs, in MB."""
    import tracemalloc

    tracemalloc.start()
    try:
        job()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def exchange_memory(paths: list[Path], every: list[int]) -> None:
    """The export's and the import's peak memory at both sizes (issue 40: both streamed)."""
    from roster_app.exchange import league_json
    from roster_app.safety.opening import open_league

    work = Path(tempfile.mkdtemp(prefix="dugout-bench-scale-"))
    try:
        exports, peaks = [], []
        for n, path in enumerate(paths):
            db = open_league(path, read_only=True)
            try:
                league_json.export_json(db, work / "warm.json")  # modules, the engine's statements: not counted
                exports.append(work / f"{n}.json")
                peaks.append(traced_mb(lambda d=db, n=n: league_json.export_json(d, work / f"{n}.json")))
            finally:
                db.close()
        sizes = [e.stat().st_size / 2**20 for e in exports]
        record("the JSON export's peak memory, 10 -> 40 seasons", "memory that does not grow", 1.0,
               peaks[1] / peaks[0], 1.25, unit="x", note=f"{peaks[0]:.1f} -> {peaks[1]:.1f} MB for {sizes[0]:.0f} -> "
               f"{sizes[1]:.0f} MB exports, {every[0]:,} -> {every[1]:,} rows")  # fmt: skip
        build, built = league_json._build, []

        def traced_build(path: Path, stream: object) -> None:  # the real reading and writing, its peak kept
            built.append(traced_mb(lambda: build(path, stream)))

        league_json.import_json(exports[0], work / "warm.dugout")
        league_json._build = traced_build
        try:
            for n, export in enumerate(exports):
                league_json.import_json(export, work / f"imported-{n}.dugout")
        finally:
            league_json._build = build
        record("the JSON import's peak memory (read, written), 10 -> 40 seasons", "memory that does not grow", 1.0,
               built[1] / built[0], 1.25, unit="x", note=f"{built[0]:.1f} -> {built[1]:.1f} MB; Check League of the "
               "new file after it reads as any opening does")  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)


def count(path: Path, sql: str) -> int:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return conn.execute(sql).fetchone()[0]


def measure(reps: int) -> None:
    from roster_app.queries import history
    from roster_app.safety.check import check_file
    from roster_app.safety.opening import open_league

    paths = [scaled_league(n) for n in SIZES]
    dbs = [open_league(p, read_only=True) for p in paths]
    try:
        games = [count(p, "SELECT count(*) FROM match") for p in paths]
        every = [count(p, "SELECT (SELECT count(*) FROM match) + (SELECT count(*) FROM match_player) + "
                          "(SELECT count(*) FROM ledger_entry) + (SELECT count(*) FROM referee_match)") for p in paths]  # fmt: skip
        small, large = costs(lambda: check_file(paths[0]), lambda: check_file(paths[1]), reps)  # `dugout check`
        scale_figure("Check League (dugout check), 10 -> 40 seasons", (every[0], every[1]), small, large,
                     f"{games[0]:,} -> {games[1]:,} games, {every[0]:,} -> {every[1]:,} rows")  # fmt: skip
        lines = [count(p, "SELECT count(*) FROM match_player") for p in paths]
        small, large = costs(lambda: history.records(dbs[0]), lambda: history.records(dbs[1]), reps)
        scale_figure("the league's records, 10 -> 40 seasons", (lines[0], lines[1]), small, large,
                     f"{lines[0]:,} -> {lines[1]:,} player-match rows")  # fmt: skip
        # a season's history reads one season: its rows are the same at both sizes, its cost must be too
        season = SIZES[0] - 1
        one = [count(p, f"SELECT count(*) FROM match_player JOIN match ON match.id = match_id WHERE season = {season}")
               for p in paths]  # fmt: skip
        small, large = costs(lambda: history.season_history(dbs[0], season),
                             lambda: history.season_history(dbs[1], season), reps)  # fmt: skip
        scale_figure("a season's history, 10 -> 40 seasons", (one[0], one[1]), small, large,
                     f"season {season}: {one[0]:,} player-match rows in both")  # fmt: skip
        exchange_memory(paths, every)
    finally:
        for db in dbs:
            db.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", 7)))
    args = parser.parse_args(argv)
    print_header()
    measure(args.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
