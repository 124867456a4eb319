"""A season's competitions on the large league (issue 33), each against a floor measured in the same run,
interleaved:

- drawing a 64-team cup (the tournament made and drawn: its 64 entries, the draw's 63 dice stored, its 63 ties
  and the first round's 32 fixtures, through the services) against the same rows written the cheapest way
  the ORM allows (every write is ORM rows, which undo records: a plain Session, the rows added at once, three
  flushes, one commit) on a second copy of the large league; raw sqlite3 inserts of the same rows are reported;
- its bracket shown: read and painted by the Season page's BracketView (grabbed into a pixmap) against the same
  rows read with raw sqlite3 and painted by a bare QWidget (a box and two lines of text a game, placed the same);
- the Season page's Competitions tab of the large league with two cups (the season's competitions listed, the
  first cup's bracket read and painted) against the same reads with raw sqlite3, a bare QListWidget and the bare
  bracket painter.

Within 2x each.

    python bench/competitions.py [--reps N]
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import inform, large_league_main, record, timed_ms  # noqa: E402
from roster_app.store import sqlite_file  # noqa: E402

TIES_SQL = """
SELECT t.round, t.position, h.name, a.name, m.home_score, m.away_score, m.status, t.winner_team_id, t.bye, t.note
FROM competition_tie t LEFT JOIN team h ON h.id = t.home_team_id LEFT JOIN team a ON a.id = t.away_team_id
LEFT JOIN match m ON m.id = t.match_id WHERE t.competition_id = ? ORDER BY t.round, t.position
"""
COMPETITIONS_SQL = """
SELECT c.id, c.name, c.format, c.status, count(DISTINCT e.id),
       sum(CASE WHEN m.status = 'scheduled' THEN 1 ELSE 0 END), sum(CASE WHEN m.status <> 'scheduled' THEN 1 ELSE 0 END)
FROM competition c LEFT JOIN competition_entry e ON e.competition_id = c.id
LEFT JOIN match m ON m.competition_id = c.id WHERE c.season = ? GROUP BY c.id ORDER BY c.position
"""


def _copy(source: Path, folder: Path, name: str) -> Path:
    from roster_app.safety.opening import open_league

    league = folder / name
    shutil.copyfile(source, league)
    open_league(league, backup=False).close()  # a league of an older schema is upgraded first
    return league


def raw_draw(conn: sqlite3.Connection, teams: list[int], season: int, number: int) -> None:
    """The rows of a 64-team cup's draw, written with raw sqlite3 in one transaction."""
    rng = random.Random(number)
    now = "2026-01-01 00:00:00"
    with conn:
        first = (conn.execute("SELECT coalesce(max(round), 0) FROM match WHERE season = ?", (season,)).fetchone()[0]
                 + 1)  # fmt: skip
        cid = conn.execute(
            "INSERT INTO competition (season, name, format, position, status, seeding, third_place, rounds, "
            "first_round, shuffle, reason, created_at) VALUES (?, ?, 'knockout', ?, 'drawn', 'draw', 0, 0, ?, 0, "
            "'', ?)", (season, f"Floor Cup {number}", number + 1, first, now),
        ).lastrowid  # fmt: skip
        order = list(teams)
        rng.shuffle(order)
        conn.executemany("INSERT INTO competition_entry (competition_id, team_id, seed, out) VALUES (?, ?, ?, '')",
                         [(cid, team, seed) for seed, team in enumerate(order, start=1)])  # fmt: skip
        conn.executemany(
            "INSERT INTO dice_roll (purpose, dice, faces, modifier, total, typed, created_at, team_id) "
            "VALUES (?, ?, ?, 0, ?, 0, ?, ?)",
            [(f"Floor Cup draw: pick {i}", f"D{65 - i}", json.dumps([1]), 1, now, order[i - 1]) for i in range(1, 64)],
        )  # fmt: skip
        ties = [(cid, r, p) for r in range(1, 7) for p in range(2 ** (6 - r))]
        conn.executemany("INSERT INTO competition_tie (competition_id, round, position, bye, note) "
                         "VALUES (?, ?, ?, 0, '')", ties)  # fmt: skip
        for position in range(32):
            home, away = order[position], order[63 - position]
            mid = conn.execute(
                "INSERT INTO match (season, round, home_team_id, away_team_id, status, stage, home_score, "
                "away_score, home_casualties, away_casualties, gate, riot, post_match, pre_match, competition_id, "
                "decided) VALUES (?, ?, ?, ?, 'scheduled', 'first round', 0, 0, 0, 0, 0, 0, '{}', '{}', ?, '{}')",
                (season, first, home, away, cid),
            ).lastrowid  # fmt: skip
            conn.execute("UPDATE competition_tie SET home_team_id = ?, away_team_id = ?, match_id = ? "
                         "WHERE competition_id = ? AND round = 1 AND position = ?",
                         (home, away, mid, cid, position))  # fmt: skip


def orm_floor(league: Path, teams: list[int], season: int):  # noqa: ANN201 - the floor's draw
    """The cheapest draw through the ORM (the rows undo records): a plain Session on the floor's copy, the same
    rows added at once, one flush for the ties, one for the fixtures, one commit."""
    from sqlmodel import Session

    from roster_app.store.db import file_engine
    from roster_app.store.models import Competition, CompetitionEntry, CompetitionTie, DiceRoll, Match

    engine = file_engine(league, read_only=False)

    def draw(number: int) -> None:
        rng = random.Random(number)
        order = list(teams)
        rng.shuffle(order)
        with Session(engine) as session:
            first = 500 + number
            cup = Competition(season=season, name=f"ORM Cup {number}", format="knockout", status="drawn",
                              seeding="draw", first_round=first)  # fmt: skip
            session.add(cup)
            session.flush()
            session.add_all(
                [CompetitionEntry(competition_id=cup.id, team_id=t, seed=i + 1) for i, t in enumerate(order)]
            )
            session.add_all([DiceRoll(purpose=f"ORM Cup draw: pick {i}", dice=f"D{65 - i}", faces=[1], total=1,
                                      team_id=order[i - 1]) for i in range(1, 64)])  # fmt: skip
            ties = [CompetitionTie(competition_id=cup.id, round=r, position=p) for r in range(1, 7)
                    for p in range(2 ** (6 - r))]  # fmt: skip
            matches = []
            for p in range(32):
                ties[p].home_team_id, ties[p].away_team_id = order[p], order[63 - p]
                matches.append(Match(season=season, round=first, home_team_id=order[p], away_team_id=order[63 - p],
                                     stage="first round", competition_id=cup.id))  # fmt: skip
            session.add_all(ties + matches)
            session.flush()
            for tie, match in zip(ties, matches, strict=False):
                tie.match_id = match.id
            session.commit()

    return draw


def measure_pair(name: str, floor_name: str, app: object, floor: object, reps: int) -> None:
    app(), floor()  # type: ignore[operator]
    floors, runs = [], []
    for _ in range(reps):
        floors.append(timed_ms(floor))  # type: ignore[arg-type]
        runs.append(timed_ms(app))  # type: ignore[arg-type]
    record(name, floor_name, floors, runs, 2.0)


class BareBracket:
    """The floor's bracket: a bare QWidget painting each game's box and its two names and scores, placed as the
    app places them (a column a round, each game between the two it comes from)."""

    def __init__(self) -> None:
        from PySide6.QtWidgets import QWidget

        outer = self

        class Canvas(QWidget):
            def paintEvent(self, _event: object) -> None:  # noqa: N802
                from PySide6.QtGui import QPainter

                painter = QPainter(self)
                for number in range(6):  # the rounds' headings
                    painter.drawText(10 + number * 244, 18, f"Round {number + 1}")
                for x, y, home, away, hs, as_, target in outer.boxes:
                    painter.drawRect(x, y, 200, 46)
                    painter.drawText(x + 6, y + 16, f"{home} {hs}")
                    painter.drawText(x + 6, y + 39, f"{away} {as_}")
                    if target is not None:  # the line to the game the winner goes to
                        middle = x + 222
                        painter.drawLine(x + 200, y + 23, middle, y + 23)
                        painter.drawLine(middle, y + 23, middle, target + 23)
                        painter.drawLine(middle, target + 23, x + 244, target + 23)
                painter.end()

        self.canvas = Canvas()
        self.boxes: list[tuple] = []

    def show_rows(self, rows: list[tuple]) -> None:
        centres: dict[tuple[int, int], float] = {}
        placed = []
        for number, position, home, away, hs, as_, *_rest in rows:
            if number == 1:
                y = 26 + position * 58
            else:
                y = (centres[(number - 1, 2 * position)] + centres[(number - 1, 2 * position + 1)]) / 2
            centres[(number, position)] = y
            placed.append((number, position, int(y), home or "", away or "", hs or "", as_ or ""))
        last = max(p[0] for p in placed)
        self.boxes = [(10 + (n - 1) * 244, y, home, away, hs, as_, int(centres[(n + 1, pos // 2)]) if n < last else None)
                      for n, pos, y, home, away, hs, as_ in placed]  # fmt: skip
        self.canvas.setFixedSize(10 + 6 * 244, int(max(b[1] for b in self.boxes) + 60))
        self.canvas.update()

    def grab(self) -> object:
        return self.canvas.grab()


def measure(path: Path, reps: int) -> None:
    from PySide6.QtWidgets import QListWidget

    from roster_app.queries import competitions as cq
    from roster_app.safety.opening import open_league
    from roster_app.services import competitions as sc

    out = Path(tempfile.mkdtemp(prefix="dugout-bench-competitions-"))
    app_league, floor_league = _copy(path, out, "app.dugout"), _copy(path, out, "floor.dugout")
    db = open_league(app_league, backup=False)
    conn = sqlite_file.connect(floor_league, read_only=False)
    raw = sqlite_file.connect(app_league, read_only=True)
    try:
        season = conn.execute("SELECT current_season FROM league").fetchone()[0]
        teams = [row[0] for row in conn.execute("SELECT id FROM team ORDER BY id LIMIT 64")]
        made: list[int] = []

        def draw() -> None:
            number = len(made) + 1
            cid = sc.create_competition(db, name=f"Cup {number}", format="knockout", team_ids=teams).result
            sc.draw_competition(db, competition_id=cid, seeding="draw", rng=random.Random(number))
            made.append(cid)

        orm = orm_floor(floor_league, teams, season)
        floors: list[float] = []
        runs: list[float] = []
        draw(), orm(0)  # warm-up
        for number in range(1, reps + 1):
            floors.append(timed_ms(lambda n=number: orm(n)))
            runs.append(timed_ms(draw))
        record("draw a 64-team cup", "the same rows, bare ORM", floors, runs, 2.0,
               note="63 ties, 63 dice, 32 fixtures, 64 entries")  # fmt: skip
        raws = [timed_ms(lambda n=number: raw_draw(conn, teams, season, 100 + n)) for number in range(reps)]
        inform(f"draw a 64-team cup: the same rows as raw sqlite3 inserts took {median(raws):.1f} ms in this run")

        from ui.kit.session import LeagueSession
        from ui.pages.season.bracket_view import BracketView
        from ui.pages.season.competitions_panel import CompetitionsPanel

        cup = made[0]
        view, bare = BracketView(), BareBracket()

        def bracket() -> None:
            view.show_bracket(cq.bracket(db, cup))
            view.grab()

        def bracket_floor() -> None:
            bare.show_rows(raw.execute(TIES_SQL, (cup,)).fetchall())
            bare.grab()

        measure_pair(
            "a 64-team cup's bracket shown (Qt)", "raw sqlite3 + bare painter", bracket, bracket_floor, reps
        )

        for cid in made[2:]:  # the season keeps two cups
            sc.delete_competition(db, competition_id=cid)
        raw.close()
        raw = sqlite_file.connect(app_league, read_only=True)
        session = LeagueSession(db)
        panel = CompetitionsPanel(session, lambda *_a: None)
        panel.resize(1366, 700)
        listing = QListWidget()

        def season_page() -> None:
            panel.refresh(None)  # the season's competitions, the first cup's bracket
            panel.grab()

        def season_floor() -> None:
            rows = raw.execute(COMPETITIONS_SQL, (season,)).fetchall()
            listing.clear()
            listing.addItems([f"{r[1]} {r[2]} {r[3]}" for r in rows])
            bare.show_rows(raw.execute(TIES_SQL, (made[0],)).fetchall())
            listing.grab()
            bare.grab()

        measure_pair("Season page's Competitions tab (league, two cups)", "raw sqlite3 + bare widgets", season_page,
                     season_floor, reps)  # fmt: skip
    finally:
        raw.close()
        conn.close()
        db.close()
        shutil.rmtree(out, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    return large_league_main(measure, argv, reps=9)


if __name__ == "__main__":
    sys.exit(main())
