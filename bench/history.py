"""The league's story on the large league: each history view against its plain SQL run with raw sqlite3
(connection open, same run, interleaved, as bench/queries.py does), within 2x; and the league magazine of a
round to PDF, database reads included, against plain QTextDocument pages of the same content (as
bench/match_sheets.py does), within 1.5x.

The large league has no referee match sheets; a copy gets one finished sheet a match (its ref), so the refs'
season records, a ref's career and the magazine's refs have rows to read.

    python bench/history.py [--reps N]
"""

from __future__ import annotations

import html
import json
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


from bench.common import large_league_main, record, timed_ms  # noqa: E402
from bench.printing import floor_pdf  # noqa: E402
from bench.queries import LEADERS_SQL, STANDINGS_SQL, interleaved  # noqa: E402
from roster_app.store import sqlite_file  # noqa: E402

PLAYED = "status IN ('played', 'completed')"

# -- the floors: the same reads, hand-written SQL ----------------------------------------------------------
REFS_SEASON_SQL = """
SELECT r.id, r.name, count(s.id), sum(s.result = 'award'), sum(s.result = 'sacked'), sum(s.state = 'dead')
FROM referee r JOIN referee_match s ON s.referee_id = r.id JOIN match m ON m.id = s.match_id
WHERE m.season = :season AND s.finished GROUP BY r.id, r.name ORDER BY count(s.id) DESC, r.name
"""
MVP_SQL = f"""
SELECT p.id, p.name, t.name, p.position, sum(mp.mvp) AS total
FROM player p JOIN match_player mp ON mp.player_id = p.id JOIN match m ON m.id = mp.match_id
JOIN team t ON t.id = mp.team_id WHERE m.season = :season AND m.{PLAYED}
GROUP BY p.id, p.name, t.name, p.position HAVING total > 0 ORDER BY total DESC, p.name LIMIT 5
"""
SEASON_FACTS_SQL = f"""
SELECT (SELECT current_season FROM league), (SELECT ended_at FROM season WHERE number = :season),
       (SELECT count(*) FROM match WHERE season = :season AND {PLAYED}),
       (SELECT home_team_id FROM match WHERE season = :season AND stage = 'final' AND {PLAYED} LIMIT 1)
"""
UPTO = "(m.season < :season OR (m.season = :season AND m.round <= :round))"  # the records as they stood then
GAME_RECORD_SQL = f"""
SELECT mp.{{column}}, p.id, p.name, t.name, m.season, m.round FROM match_player mp
JOIN player p ON p.id = mp.player_id JOIN team t ON t.id = mp.team_id JOIN match m ON m.id = mp.match_id
WHERE m.{PLAYED} AND {UPTO} AND mp.{{column}} > 0 ORDER BY mp.{{column}} DESC, m.season, m.round, m.id, p.id LIMIT 1
"""
# every season's and career's totals come from one grouped read of a player's seasons (queries/history.py)
TOTALS_SQL = f"""
SELECT mp.player_id, m.season, sum(mp.touchdowns), sum(mp.casualties), sum(mp.spp), min(m.id) FROM match_player mp
JOIN match m ON m.id = mp.match_id WHERE m.{PLAYED} AND {UPTO} {{among}} GROUP BY mp.player_id, m.season
"""
HOLDERS_SQL = "SELECT p.id, p.name, t.name FROM player p JOIN team t ON t.id = p.team_id"
EVER = {"season": 10**6, "round": 0}
TRANSFER_RECORD_SQL = """
SELECT x.price, p.name FROM transfer x JOIN player p ON p.id = x.player_id
WHERE x.status = 'completed' AND x.price IS NOT NULL ORDER BY x.price DESC, x.id LIMIT 1
"""
CONTRACT_RECORD_SQL = """
SELECT c.seasons, p.name, t.name FROM contract c JOIN player p ON p.id = c.player_id JOIN team t ON t.id = c.team_id
WHERE c.status <> 'reversed' ORDER BY c.seasons DESC, c.id LIMIT 1
"""
PLAYER_GAMES_SQL = f"""
SELECT mp.*, m.season, m.round, m.stage, m.home_team_id, m.home_score, m.away_score, m.post_match, t.name, o.name
FROM match_player mp JOIN match m ON m.id = mp.match_id JOIN team t ON t.id = mp.team_id
JOIN team o ON o.id = CASE WHEN m.home_team_id = mp.team_id THEN m.away_team_id ELSE m.home_team_id END
WHERE mp.player_id = :player AND m.{PLAYED} ORDER BY m.season, m.round, m.played_at, m.id
"""
PLAYER_SQL = "SELECT p.*, p.skills, t.name FROM player p JOIN team t ON t.id = p.team_id WHERE p.id = :player"
PLAYER_DEALS_SQL = [
    "SELECT c.*, t.name FROM contract c JOIN team t ON t.id = c.team_id WHERE c.player_id = :player ORDER BY c.id",
    "SELECT x.id, x.season, s.name, b.name, x.price, x.status FROM transfer x JOIN team s ON s.id = x.seller_team_id "
    "JOIN team b ON b.id = x.buyer_team_id WHERE x.player_id = :player AND x.status IN ('completed', 'reversed')",
]
TEAM_MATCHES_SQL = f"""
SELECT id, season, round, stage, home_team_id, away_team_id, home_score, away_score, post_match, played_at
FROM match WHERE (home_team_id = :team OR away_team_id = :team) AND {PLAYED} ORDER BY played_at, id
"""
TEAM_LEDGER_SQL = """
SELECT id, kind, reason, amount, match_id, created_at, sum(amount) OVER (ORDER BY id)
FROM ledger_entry WHERE team_id = :team ORDER BY id
"""
REF_SHEETS_SQL = """
SELECT s.in_range, s.*, m.season, m.round, h.name, a.name FROM referee_match s LEFT JOIN match m ON m.id = s.match_id
LEFT JOIN team h ON h.id = m.home_team_id LEFT JOIN team a ON a.id = m.away_team_id
WHERE s.referee_id = :ref AND s.finished ORDER BY s.id
"""


def with_referee_sheets(source: Path, folder: Path) -> Path:
    """A copy of the large league with a finished match sheet for every match (its ref; some awards, sackings)."""
    from roster_app.safety.opening import open_league

    league = folder / "history.dugout"
    shutil.copyfile(source, league)
    open_league(league, backup=False).close()  # a league of an older schema is upgraded first
    with sqlite3.connect(league) as conn:
        matches = conn.execute("SELECT id, referee_id FROM match WHERE referee_id IS NOT NULL").fetchall()
        rows = []
        for mid, ref in matches:
            ticks = [turn <= 4 + mid % 12 for turn in range(1, 17)]
            result = "award" if sum(ticks) >= 12 else "sacked" if sum(ticks) <= 4 else "kept"
            rows.append((ref, mid, json.dumps(ticks), result, 2 if result == "award" else 0))
        conn.executemany(
            "INSERT INTO referee_match (referee_id, match_id, in_range, actions, riot, turns_played, casualties, "
            "sent_off, state, out_for_match, escaped, result, spp_gained, finished, created_at) "
            "VALUES (?, ?, ?, '[]', 0, 16, 0, '[]', 'standing', 0, 0, ?, ?, 1, '2026-01-01 00:00:00')",
            rows,
        )
    return league


def records_floor(raw, upto: dict) -> None:  # noqa: ANN001
    for what in ("touchdowns", "casualties", "spp"):
        raw(GAME_RECORD_SQL.format(column=what), **upto)
    raw(TOTALS_SQL.format(among=""), **upto), raw(HOLDERS_SQL)
    raw(TRANSFER_RECORD_SQL), raw(CONTRACT_RECORD_SQL)


ROUND_PLAYERS = ("SELECT mp2.player_id FROM match_player mp2 JOIN match m2 ON m2.id = mp2.match_id "
                 "WHERE m2.season = :season AND m2.round = :round")  # fmt: skip


def round_records_floor(raw, season: int, rnd: int) -> None:  # noqa: ANN001
    """The records after the round from the records before it: the round's best lines, and the totals of the
    round's players only (as queries/history.py reads them)."""
    upto = {"season": season, "round": rnd}
    for what in ("touchdowns", "casualties", "spp"):
        game = GAME_RECORD_SQL.format(column=what).replace(UPTO, "m.season = :season AND m.round = :round")
        raw(game, **upto)
    raw(TOTALS_SQL.format(among=f"AND mp.player_id IN ({ROUND_PLAYERS})"), **upto), raw(HOLDERS_SQL)
    raw(ROUND_PLAYERS, **upto)


def history_views(db, conn, reps: int) -> None:  # noqa: ANN001
    from roster_app.queries import careers, history
    from roster_app.queries import season as season_queries

    raw = lambda sql, **p: conn.execute(sql, p).fetchall()  # noqa: E731
    season = conn.execute("SELECT current_season FROM league").fetchone()[0] - 1  # the last finished season

    def season_floor() -> None:
        raw(SEASON_FACTS_SQL, season=season)
        raw(STANDINGS_SQL, season=season)
        for what in season_queries.LEADER_COLUMNS:
            raw(LEADERS_SQL.format(column=what).replace("LIMIT 10", "LIMIT 5"), season=season)
        raw(MVP_SQL, season=season)
        raw(REFS_SEASON_SQL, season=season)

    floor, ms = interleaved(lambda: history.season_history(db, season), season_floor, reps)
    record("a season's history (table, leaders, refs)", "raw sqlite3 aggregates", floor, ms, 2.0,
           note=f"season {season}")  # fmt: skip

    floor, ms = interleaved(lambda: history.records(db), lambda: records_floor(raw, EVER), reps)
    lines = conn.execute("SELECT count(*) FROM match_player").fetchone()[0]
    record("the league's records", "raw sqlite3 aggregates", floor, ms, 2.0, note=f"{lines:,} player-match rows")

    player = conn.execute("SELECT player_id FROM match_player GROUP BY player_id ORDER BY count(*) DESC, player_id "
                          "LIMIT 1").fetchone()[0]  # fmt: skip

    def player_floor() -> None:  # the rows, and the JSON the career reads (skills, the advances of each game)
        [json.loads(row[-2]) for row in raw(PLAYER_SQL, player=player)]
        [json.loads(row[-3]) for row in raw(PLAYER_GAMES_SQL, player=player)]
        for sql in PLAYER_DEALS_SQL:
            raw(sql, player=player)

    floor, ms = interleaved(lambda: careers.player_career(db, player), player_floor, reps)
    games = len(careers.player_career(db, player).games)
    record("a player's career", "raw sqlite3 rows", floor, ms, 2.0, note=f"{games} games")

    team = conn.execute("SELECT id FROM team ORDER BY id LIMIT 1").fetchone()[0]

    def team_floor() -> None:
        raw("SELECT * FROM team WHERE id = :team", team=team), raw("SELECT id, name FROM team")
        [json.loads(row[8]) for row in raw(TEAM_MATCHES_SQL, team=team)]  # post_match: rating, fan factor
        raw(TEAM_LEDGER_SQL, team=team)

    floor, ms = interleaved(lambda: careers.team_timeline(db, team), team_floor, reps)
    timeline = careers.team_timeline(db, team)
    entries = sum(len(p.ledger) for p in timeline.points)
    record("a team's timeline (with its ledger)", "raw sqlite3 rows", floor, ms, 2.0,
           note=f"{len(timeline.points)} games, {entries:,} ledger rows")  # fmt: skip

    ref = conn.execute("SELECT referee_id FROM referee_match GROUP BY referee_id ORDER BY count(*) DESC LIMIT 1"
                       ).fetchone()[0]  # fmt: skip

    def ref_floor() -> None:
        raw("SELECT * FROM referee WHERE id = :ref", ref=ref)
        [json.loads(row[0]) for row in raw(REF_SHEETS_SQL, ref=ref)]  # the turns in range of each sheet

    floor, ms = interleaved(lambda: careers.referee_career(db, ref), ref_floor, reps)
    record("a referee's career", "raw sqlite3 rows", floor, ms, 2.0,
           note=f"{len(careers.referee_career(db, ref).games)} sheets")  # fmt: skip


def magazine_pages(m) -> list[str]:  # noqa: ANN001 - a printing.magazine.Magazine
    """The magazine's content as plain HTML: a sentence a line, the table as a plain table; two pages."""
    e = lambda v: html.escape(str(v))  # noqa: E731
    results = "".join(f"<p>{e(f.home)} {f.home_score}-{f.away_score} {e(f.away)}, {f.gate:,} fans.</p>"
                      for f in m.results)  # fmt: skip
    table = "".join("<tr>" + "".join(f"<td>{e(v)}</td>" for v in (s.position, s.name, s.played, s.won, s.drawn,
                                                                   s.lost, s.points)) + "</tr>" for s in m.table)  # fmt: skip
    leaders = "".join(f"<p>{e(what)}: {e(rows[0].name)} of {e(rows[0].team)}, {rows[0].value}.</p>"
                      for what, rows in m.leaders.items() if rows)  # fmt: skip
    refs = "".join(f"<p>{e(ref)} refereed {e(fixture)}: {e(verdict)}, {turns} turns.</p>"
                   for ref, fixture, verdict, turns in m.referees)  # fmt: skip
    records = "".join(f"<p>{e(new.title)}: {e(new.holder)}, {new.value}.</p>" for new, _old in m.records)
    front = (f"<h1>Round {m.round}</h1><h2>Results</h2>{results}<h2>Table</h2><table border='1' cellspacing='0' "
             f"width='100%'>{table}</table><h2>Leaders</h2>{leaders}<h2>Refs</h2>{refs}<h2>Records</h2>{records}"
             "<table border='1' width='100%'><tr><td height='120'>&#160;</td></tr></table>")  # fmt: skip
    deals = "".join(f"<p>{e(p)}: {e(s)} to {e(b)}, {price:,}.</p>" for p, s, b, price in m.transfers)
    deals += "".join(f"<p>{e(p)} signs for {e(t)}: {n} seasons.</p>" for p, t, n, _c in m.contracts)
    hurt = "".join(f"<p>{e(p)} ({e(t)}): {e(i)}.</p>" for p, t, i in m.injuries)
    return [front, f"<h1>Round {m.round}</h1><h2>Deals</h2>{deals}<h2>Injuries</h2>{hurt}"]


ROUND_SQL = [  # the round's games, refs and injuries; the deals of the season
    "SELECT m.*, h.name, a.name FROM match m JOIN team h ON h.id = m.home_team_id JOIN team a ON a.id = m.away_team_id "
    "WHERE m.season = :season AND m.round = :round AND m.status IN ('played', 'completed')",
    "SELECT r.name, s.match_id, s.result, s.state, s.in_range FROM referee_match s JOIN referee r ON r.id = s.referee_id "
    "JOIN match m ON m.id = s.match_id WHERE m.season = :season AND m.round = :round AND s.finished",
    "SELECT p.name, t.name, mp.injury FROM match_player mp JOIN player p ON p.id = mp.player_id JOIN team t "
    "ON t.id = mp.team_id JOIN match m ON m.id = mp.match_id WHERE m.season = :season AND m.round = :round "
    "AND mp.injury <> ''",
    "SELECT x.*, p.name FROM transfer x JOIN player p ON p.id = x.player_id WHERE x.season = :season",
    "SELECT c.*, p.name, t.name FROM contract c JOIN player p ON p.id = c.player_id JOIN team t ON t.id = c.team_id "
    "WHERE c.signed_season = :season",
]
STANDINGS_UPTO_SQL = STANDINGS_SQL.replace("status IN ('played', 'completed')",
                                           "status IN ('played', 'completed') AND round <= :round")  # fmt: skip
LEADERS_UPTO_SQL = LEADERS_SQL.replace(
    "WHERE m.season = :season", "WHERE m.season = :season AND m.round <= :round"
)


def magazine_reads(raw, season: int, rnd: int) -> None:  # noqa: ANN001
    """The magazine's reads as plain SQL: the round, the table and leaders after it, the records before it and
    after it from the round's players."""
    for sql in ROUND_SQL:
        raw(sql, season=season, round=rnd)
    [json.loads(row[-1]) for row in raw(ROUND_SQL[1], season=season, round=rnd)]
    raw(STANDINGS_UPTO_SQL, season=season, round=rnd)
    for what in ("touchdowns", "casualties", "spp"):
        raw(LEADERS_UPTO_SQL.format(column=what).replace("LIMIT 10", "LIMIT 3"), season=season, round=rnd)
    records_floor(raw, {"season": season, "round": rnd - 1})
    round_records_floor(raw, season, rnd)


def bare_chart(chart, width: int, height: int, dpi: int = 300):  # noqa: ANN001, ANN201
    """A bare QChart of the same points (lines, or bars with their names), painted at print resolution as the
    magazine paints its own (ui/charts/images.py): the floor of a chart on paper."""
    from PySide6 import QtCharts
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QGraphicsScene

    bare = QtCharts.QChart()
    if chart.kind == "lines":
        for series in chart.series:
            line = QtCharts.QLineSeries()
            line.setName(series.name)
            line.append([QPointF(x, y) for x, y in series.points])
            bare.addSeries(line)
        bare.createDefaultAxes()
    else:
        bars, values = QtCharts.QHorizontalBarSeries(), QtCharts.QBarSet(chart.series[0].name)
        values.append([y for _x, y in chart.series[0].points])
        bars.append(values)
        bare.addSeries(bars)
        names = QtCharts.QBarCategoryAxis()
        names.append(list(chart.categories))
        bare.addAxis(names, Qt.AlignmentFlag.AlignLeft)
        bars.attachAxis(names)
    scene = QGraphicsScene()
    scene.addItem(bare)
    bare.setGeometry(QRectF(0, 0, width, height))
    image = QImage(round(width * dpi / 96), round(height * dpi / 96), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), QRectF(0, 0, width, height))
    painter.end()
    scene.removeItem(bare)
    return image


def magazine(db, conn, out: Path, reps: int) -> None:  # noqa: ANN001
    from roster_app.printing.document import PrintRequest, build_document
    from roster_app.printing.magazine import magazine_data
    from ui.printing.layout import write_pdf

    raw = lambda sql, **p: conn.execute(sql, p).fetchall()  # noqa: E731
    from roster_app.printing.magazine import CHART_SIZE

    story = magazine_data(db)
    pages = magazine_pages(story)
    if story.charts:  # the pictures page: bare charts of the same points, as images in a plain page
        pages.append("".join(f"<p><img src='floor:{i}' width='{CHART_SIZE[0]}' height='{CHART_SIZE[1]}'></p>"
                             for i in range(len(story.charts))))  # fmt: skip

    def app() -> int:
        return write_pdf(build_document(db, PrintRequest(magazine=True)), out / "magazine.pdf", page_size="A4")

    def floor() -> None:
        magazine_reads(raw, story.season, story.round)
        images = {f"floor:{i}": bare_chart(chart, *CHART_SIZE) for i, chart in enumerate(story.charts)}
        floor_pdf(pages, out / "floor.pdf", images)

    counted = app()
    floor()
    times, floors, pages_only = [], [], []
    for _ in range(reps):
        floors.append(timed_ms(floor))
        pages_only.append(timed_ms(lambda: floor_pdf(pages[:2], out / "floor.pdf")))
        times.append(timed_ms(app))
    app_ms, pages_ms = statistics.median(times), statistics.median(pages_only)
    record("the league magazine of a round to PDF", "SQL, plain pages, bare charts", floors, times, 1.5, note=f"{counted} pages; round {story.round} of season {story.season}, {len(story.results)} "
           f"games, {len(story.table)} teams, {len(story.charts)} charts; its two text pages alone {pages_ms:.1f} ms "
           f"({app_ms / pages_ms:.0f}x): the reads and the charts are most of it")  # fmt: skip


def measure(path: Path, reps: int) -> None:
    from roster_app.safety.opening import open_league

    out = Path(tempfile.mkdtemp(prefix="dugout-bench-history-"))
    league = with_referee_sheets(path, out)
    db = open_league(league, read_only=True)
    conn = sqlite_file.connect(league, read_only=True)
    try:
        history_views(db, conn, reps)
        magazine(db, conn, out, max(7, reps // 2))  # a run of ~0.75 s: seven to trust its median
    finally:
        conn.close()
        db.close()
        shutil.rmtree(out, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    return large_league_main(measure, argv, reps=9)


if __name__ == "__main__":
    sys.exit(main())
