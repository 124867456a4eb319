"""Charts on the large league (issue 23): each chart's query, its QChart built and painted, against the plain SQL
aggregate of the same points (raw sqlite3, connection open) plus a bare QChart of those points painted into the
same image (interleaved, medians). Target: within 2x.

The large league has no match sheets and no post-match ratings (bench/make_league.py writes results only): a copy
gets, for its current season, a rating and fan factor after every game and a finished ref's sheet a game.

    python bench/charts.py [--reps N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QGraphicsScene  # noqa: E402

from bench.common import print_header, record, timed_ms  # noqa: E402
from bench.queries import LEADERS_SQL  # noqa: E402

SIZE = (900, 500)  # a chart on screen, in pixels

RATING_SQL = """
SELECT m.round, json_extract(m.post_match, '$.results."' || :team || '".rating_after') FROM match m
WHERE m.season = :season AND (m.home_team_id = :team OR m.away_team_id = :team) AND m.status IN ('played', 'completed')
ORDER BY m.played_at, m.id
"""
TREASURY_SQL = """
WITH running AS (SELECT id, match_id, sum(amount) OVER (ORDER BY id) AS balance FROM ledger_entry
                 WHERE team_id = :team),
last AS (SELECT match_id, max(id) AS id FROM running WHERE match_id IS NOT NULL GROUP BY match_id)
SELECT m.round, r.balance / 1000.0 FROM match m JOIN last l ON l.match_id = m.id JOIN running r ON r.id = l.id
WHERE m.season = :season AND (m.home_team_id = :team OR m.away_team_id = :team) AND m.status IN ('played', 'completed')
ORDER BY m.played_at, m.id
"""
TURNS_SQL = """
SELECT r.name, m.round, (SELECT count(*) FROM json_each(rm.in_range) WHERE json_each.type = 'true')
FROM referee_match rm JOIN referee r ON r.id = rm.referee_id JOIN match m ON m.id = rm.match_id
WHERE m.season = :season AND rm.finished = 1 ORDER BY r.name, m.round, m.id
"""


def with_sheets_and_ratings(source: Path, folder: Path) -> Path:
    """A copy of the large league whose current season has post-match ratings and a finished sheet a game."""
    from roster_app.safety.opening import open_league

    league = folder / "charts.dugout"
    shutil.copyfile(source, league)
    open_league(league, backup=False).close()  # a league of an older schema is upgraded first
    rng = random.Random(23)
    with sqlite3.connect(league) as conn:
        season = conn.execute("SELECT current_season FROM league").fetchone()[0]
        refs = [row[0] for row in conn.execute("SELECT id FROM referee ORDER BY id")]
        games = conn.execute("SELECT id, home_team_id, away_team_id, played_at FROM match WHERE season = ?",
                             (season,)).fetchall()  # fmt: skip
        for match_id, home, away, _when in games:
            results = {str(t): {"rating_after": rng.randint(110, 260), "fan_factor_after": rng.randint(2, 12)}
                       for t in (home, away)}  # fmt: skip
            conn.execute(
                "UPDATE match SET post_match = ? WHERE id = ?", (json.dumps({"results": results}), match_id)
            )
        conn.executemany(
            "INSERT INTO referee_match (referee_id, match_id, in_range, actions, riot, turns_played, casualties, "
            "sent_off, state, out_for_match, escaped, result, spp_gained, finished, created_at) "
            "VALUES (?, ?, ?, '[]', 0, 16, 0, '[]', 'standing', 0, 0, 'kept', 0, 1, ?)",
            [(rng.choice(refs), match_id, json.dumps([rng.random() < 0.6 for _ in range(16)]), when)
             for match_id, _h, _a, when in games],
        )  # fmt: skip
    return league


def painted(chart: Any) -> QImage:
    """Lay `chart` out at SIZE and paint it into an image (as ui/charts/images.py does for paper)."""
    scene = QGraphicsScene()
    scene.addItem(chart)
    chart.setGeometry(QRectF(0, 0, *SIZE))
    image = QImage(*SIZE, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), QRectF(0, 0, *SIZE))
    painter.end()
    scene.removeItem(chart)
    return image


def bare_lines(series: dict[str, list[tuple[float, float]]]) -> QImage:
    from PySide6 import QtCharts

    chart = QtCharts.QChart()
    for name, points in series.items():
        line = QtCharts.QLineSeries()
        line.setName(name)
        line.append([QPointF(x, y) for x, y in points])
        chart.addSeries(line)
    chart.createDefaultAxes()
    return painted(chart)


def bare_bars(rows: list[tuple[str, float]]) -> QImage:
    from PySide6 import QtCharts

    chart = QtCharts.QChart()
    bars, values = QtCharts.QHorizontalBarSeries(), QtCharts.QBarSet("SPP")
    values.append([v for _n, v in rows])
    bars.append(values)
    chart.addSeries(bars)
    axis = QtCharts.QBarCategoryAxis()
    axis.append([n for n, _v in rows])
    chart.addAxis(axis, Qt.AlignmentFlag.AlignLeft)
    bars.attachAxis(axis)
    value_axis = QtCharts.QValueAxis()
    chart.addAxis(value_axis, Qt.AlignmentFlag.AlignBottom)
    bars.attachAxis(value_axis)
    return painted(chart)


def interleaved(app: Callable[[], Any], floor: Callable[[], Any], reps: int) -> tuple[float, float]:
    app(), floor()
    a, f = [], []
    for _ in range(reps):
        f.append(timed_ms(floor))
        a.append(timed_ms(app))
    return statistics.median(f), statistics.median(a)


def app_chart(data_of: Callable[[], Any]) -> QImage:
    from ui.charts.build import chart_of

    return painted(chart_of(data_of()))


def measure(path: Path, reps: int) -> None:
    from roster_app.queries import charts
    from roster_app.safety.opening import open_league

    db = open_league(path, read_only=True)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        season = conn.execute("SELECT current_season FROM league").fetchone()[0]
        team = conn.execute("SELECT id FROM team ORDER BY id LIMIT 1").fetchone()[0]
        games = conn.execute(RATING_SQL, {"team": team, "season": season}).fetchall()
        for measure_name, sql in (("rating", RATING_SQL), ("treasury", TREASURY_SQL)):
            floor, ms = interleaved(
                lambda m=measure_name: app_chart(lambda: charts.team_chart(db, [team], m, season=season)),
                lambda s=sql: bare_lines({"team": conn.execute(s, {"team": team, "season": season}).fetchall()}),
                reps,
            )
            record(f"a team's season chart ({measure_name})", "SQL aggregate + bare QChart", floor, ms, 2.0,
                   note=f"{len(games)} games, query + chart + paint")  # fmt: skip
        leaders_sql = LEADERS_SQL.format(column="spp")
        floor, ms = interleaved(
            lambda: app_chart(lambda: charts.spp_leaders_chart(db, season)),
            lambda: bare_bars([(f"{r[1]} ({r[2]})", r[4]) for r in conn.execute(leaders_sql, {"season": season})]),
            reps,
        )
        record("SPP leaders chart", "SQL aggregate + bare QChart", floor, ms, 2.0, note="top 10 of a season")

        def turns() -> QImage:
            lines: dict[str, list[tuple[float, float]]] = {}
            for name, rnd, count in conn.execute(TURNS_SQL, {"season": season}):
                lines.setdefault(name, []).append((rnd, count))
            return bare_lines(lines)

        sheets = conn.execute("SELECT count(*) FROM referee_match WHERE finished = 1").fetchone()[0]
        floor, ms = interleaved(lambda: app_chart(lambda: charts.referee_turns_chart(db, season)), turns, reps)
        record("refs' turns in range chart (a season)", "SQL aggregate + bare QChart", floor, ms, 2.0,
               note=f"{sheets} sheets")  # fmt: skip
    finally:
        conn.close()
        db.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", 9)))
    parser.add_argument("--league", type=Path, default=None)
    args = parser.parse_args(argv)
    from bench.make_league import large_league
    from ui.kit.fonts import register_bundled_fonts

    _app = QApplication.instance() or QApplication(["bench"])
    register_bundled_fonts()
    print_header()
    with tempfile.TemporaryDirectory(prefix="dugout-bench-charts-") as work:
        measure(with_sheets_and_ratings(args.league or large_league(), Path(work)), args.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
