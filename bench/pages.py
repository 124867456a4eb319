"""Opening onto the History and the Season page of a league of 256 teams x 5 seasons (issue 40): each page built
and painted (its queries, its models, its first paint at 1366x768), against a floor measured in the same run,
interleaved: the same page's rows read as raw sqlite3 (the season's table, leaders and refs; the records' grouped
reads; the current season's fixtures) and a bare QTableWidget of the largest table painted the same size. The
league is made by bench/make_league.py's generator (256 teams in 32 divisions, 5 seasons of double round-robin,
a finished referee's sheet a game: 8,960 games, 161,280 player-match rows) into bench/.cache/, once per version
of the generator and of the schema. The absolute times are in the notes (the issue's aim: 0.3 s each).

    python bench/pages.py [--reps N]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import interleaved, print_header, record  # noqa: E402

TEAMS, DIVISIONS, SEASONS = 256, 32, 5


def wide_league() -> Path:
    """256 teams, 5 seasons, a referee's finished sheet a game (bench/scale.py's `generated_league`)."""
    from bench.scale import generated_league

    return generated_league("pages-*", TEAMS, DIVISIONS, SEASONS)


FIXTURES_SQL = """SELECT m.id, m.round, h.name, a.name, m.home_score, m.away_score, m.status FROM match m
JOIN team h ON h.id = m.home_team_id JOIN team a ON a.id = m.away_team_id WHERE m.season = :season
ORDER BY m.round, m.id"""


def measure(reps: int) -> None:
    from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

    from bench import history as hb
    from roster_app.queries import season as season_queries
    from roster_app.safety.opening import open_league
    from ui.kit.session import LeagueSession
    from ui.pages.history.page import HistoryPage
    from ui.pages.season.page import SeasonPage

    path = wide_league()
    db = open_league(path, read_only=True)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    raw = lambda sql, **p: conn.execute(sql, p).fetchall()  # noqa: E731
    try:
        session = LeagueSession(db)
        current = conn.execute("SELECT current_season FROM league").fetchone()[0]
        lines = conn.execute("SELECT count(*) FROM match_player").fetchone()[0]
        bare = QTableWidget()
        bare.resize(1366, 768)

        def painted(rows: list) -> None:
            bare.clear()
            bare.setRowCount(len(rows))
            bare.setColumnCount(len(rows[0]) if rows else 0)
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    bare.setItem(r, c, QTableWidgetItem(str(value)))
            bare.grab()

        def history_page() -> None:
            page = HistoryPage(session)
            page.resize(1366, 768)
            page.grab()
            page.deleteLater()

        def history_floor() -> None:  # the last finished season's history and the records, as raw SQL
            season = current - 1
            raw(hb.SEASON_FACTS_SQL, season=season)
            table = raw(hb.STANDINGS_SQL, season=season)
            for what in season_queries.LEADER_COLUMNS:
                raw(hb.LEADERS_SQL.format(column=what).replace("LIMIT 10", "LIMIT 5"), season=season)
            raw(hb.MVP_SQL, season=season), raw(hb.REFS_SEASON_SQL, season=season)
            hb.records_floor(raw, hb.EVER)
            painted(table)

        floor, ms, _ = interleaved(history_page, history_floor, reps)
        record("History page shown, 256 teams x 5 seasons", "raw sqlite3 + a bare table painted", floor, ms, 2.5,
               note=f"{statistics.median(ms):.0f} ms (aim 300 ms); season {current - 1}, the records over "
               f"{lines:,} player-match rows")  # fmt: skip

        def season_page() -> None:
            page = SeasonPage(session)
            page.resize(1366, 768)
            page.grab()
            page.deleteLater()

        def season_floor() -> None:  # the current season's fixtures, table and leaders, as raw SQL
            raw(FIXTURES_SQL, season=current)
            table = raw(hb.STANDINGS_SQL, season=current)
            for what in season_queries.LEADER_COLUMNS:
                raw(hb.LEADERS_SQL.format(column=what), season=current)
            painted(table)

        floor, ms, _ = interleaved(season_page, season_floor, reps)
        record("Season page shown, 256 teams x 5 seasons", "raw sqlite3 + a bare table painted", floor, ms, 2.5,
               note=f"{statistics.median(ms):.0f} ms (aim 300 ms); season {current}: 1,792 fixtures, 256 teams")  # fmt: skip
    finally:
        conn.close()
        db.close()


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication

    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", 7)))
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    print_header()
    measure(args.reps)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
