"""Opening onto every page of a league of 256 teams x 5 seasons (issue 40: "opening onto any page within 0.3 s of
the first roster"), as the commissioner opens it: the league view at 1366x768 on screen with the first team's
roster (not measured), a click on the page's tab, and the wait until the page is built, painted and its visible tab
filled (the History page: its records, read after its first paint, on screen too). Each run opens a new league
view over a new session (nothing kept from the run before); the warm-up run imports the page's modules. Each page
against an absolute 300 ms budget; the History and Season pages also against a floor measured turn about in the
same run: the same page's rows read as raw sqlite3 (the season's table, leaders and refs and the records' grouped
reads; the current season's fixtures, table and leaders) and a bare QTableWidget of the largest table painted the
same size (within 2.5x). The History page's first paint (its season's tables, the records still being read) is
in its note. The league is made by bench/make_league.py's generator (256 teams in 32 divisions, 5 seasons of
double round-robin, a finished referee's sheet a game: 8,960 games, 161,280 player-match rows) into
bench/.cache/, once per version of the generator and of the schema.

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

from bench.common import print_header, record  # noqa: E402

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
    from bench.common import timed_ms
    from roster_app.queries import season as season_queries
    from roster_app.safety.opening import open_league
    from ui.kit.session import LeagueSession
    from ui.mainwindow.league_view import LeagueView

    path = wide_league()
    db = open_league(path, read_only=True)
    import gc

    gc.freeze()  # as the app does once its ORM is loaded (ui/app/start.py, resume_gc): a full collection then
    # scans only what was made since, not every module's objects (it cost 30-80 ms in some runs, not in others)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    raw = lambda sql, **p: conn.execute(sql, p).fetchall()  # noqa: E731
    try:
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

        def history_floor() -> None:  # the last finished season's history and the records, as raw SQL
            season = current - 1
            raw(hb.SEASON_FACTS_SQL, season=season)
            table = raw(hb.STANDINGS_SQL, season=season)
            for what in season_queries.LEADER_COLUMNS:
                raw(hb.LEADERS_SQL.format(column=what).replace("LIMIT 10", "LIMIT 5"), season=season)
            raw(hb.MVP_SQL, season=season), raw(hb.REFS_SEASON_SQL, season=season)
            hb.records_floor(raw, hb.EVER)
            painted(table)

        def season_floor() -> None:  # the current season's fixtures, table and leaders, as raw SQL
            raw(FIXTURES_SQL, season=current)
            table = raw(hb.STANDINGS_SQL, season=current)
            for what in season_queries.LEADER_COLUMNS:
                raw(hb.LEADERS_SQL.format(column=what), season=current)
            painted(table)

        floors = {"History": history_floor, "Season": season_floor}
        probe = LeagueView(LeagueSession(db))
        pages = [(i, probe.english_title(i)) for i in range(1, probe.count())]
        probe.deleteLater()
        for index, title in pages:  # every page the league view builds when first shown
            open_page(db, index)  # the warm-up: its modules imported, its statements compiled
            floor = floors.get(title)
            floor_ms, runs = [], []
            for _ in range(reps):  # turn about with the floor
                if floor is not None:
                    floor_ms.append(timed_ms(floor))
                runs.append(open_page(db, index))
            done = [r[0] for r in runs]
            note = f"aim 300 ms: {statistics.median(done):.0f} ms"
            if title == "History":
                note += (f"; its season's tables painted at {statistics.median(r[1] for r in runs):.0f} ms, then "
                         f"the records read (over {lines:,} player-match rows); season {current - 1}")  # fmt: skip
            if title == "Season":
                note += f"; season {current}: 1,792 fixtures, 256 teams"
            record(f"{title} page opened, 256 teams", "absolute budget", BUDGET_MS, done, 1.0, note=note)
            if floor is not None:
                record(f"{title} page opened, 256 teams, against SQL", "raw sqlite3 + a bare table painted",
                       floor_ms, done, 2.5)  # fmt: skip
    finally:
        conn.close()
        db.close()


BUDGET_MS = 300.0  # the aim: any page open within 0.3 s of the first roster


def open_page(db, index: int) -> tuple[float, float]:  # noqa: ANN001
    """The ms from the click on the league view's `index`-th tab to the page painted with its visible tab filled,
    and to its first paint. A new league view over a new session each time, shown with its first roster first."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from bench.common import clock
    from ui.kit.session import LeagueSession
    from ui.mainwindow.league_view import LeagueView

    app = QApplication.instance()
    view = LeagueView(LeagueSession(db))
    view.resize(1366, 768)
    view.show()
    for _ in range(5):
        app.processEvents()

    class Painted(QObject):  # the paints of a widget, counted
        count = 0

        def eventFilter(self, _watched, event) -> bool:  # noqa: ANN001, N802
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    start = clock()
    view.setCurrentIndex(index)  # what a click on the tab does
    page = view.widget(index)
    painted, filled = Painted(), Painted()
    page.installEventFilter(painted)
    # the records read after the page's first paint (the History page): waited for, then their own paint
    records = page.records_view if getattr(page, "_records_due", None) is not None else None
    filled_at: list[int] = []  # the records' paints counted when their rows came
    if records is not None:
        records.viewport().installEventFilter(filled)
        model = records.model()
        for signal in (model.modelReset, model.layoutChanged, model.dataChanged, model.rowsInserted):
            signal.connect(lambda *_a: filled_at.append(filled.count) if model.rowCount() else None)
    first = None
    for _ in range(500):
        app.processEvents()
        if painted.count and first is None:
            first = (clock() - start) * 1000
        if painted.count and (records is None or (filled_at and filled.count > filled_at[0])):
            break
    done = (clock() - start) * 1000
    view.close()
    view.deleteLater()
    app.processEvents()
    return done, first if first is not None else done


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
