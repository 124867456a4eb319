"""The pre-filled match sheets of a 32-fixture round of the large league (64 teams) to one PDF, database reads
included, against the floor of plain QTextDocument pages holding the same content (a heading, both teams'
players in a plain table; then the 16-turn tally and the blank event lines; one document a fixture, laid out for
the same QPdfWriter), interleaved, medians. Target: within 1.5x.

    python bench/match_sheets.py [--reps N]
"""

from __future__ import annotations

import html
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


def with_a_round_to_play(source: Path, folder: Path) -> Path:
    """A copy of the large league with one more round of its last season: 32 fixtures still to play."""
    from roster_app.safety.opening import open_league

    league = folder / "round.dugout"
    shutil.copyfile(source, league)
    open_league(league, backup=False).close()  # a league of an older schema is upgraded first
    with sqlite3.connect(league) as conn:
        season = conn.execute("SELECT current_season FROM league").fetchone()[0]
        last = conn.execute("SELECT COALESCE(MAX(round), 0) FROM match WHERE season = ?", (season,)).fetchone()[0]
        teams = [row[0] for row in conn.execute("SELECT id FROM team ORDER BY id")]
        conn.executemany(
            "INSERT INTO match (season, round, home_team_id, away_team_id, status, stage, home_score, away_score, "
            "home_casualties, away_casualties, gate, riot, post_match, pre_match) "
            "VALUES (?, ?, ?, ?, 'scheduled', 'league', 0, 0, 0, 0, 0, 0, '{}', '{}')",
            [(season, last + 1, teams[i], teams[i + 1]) for i in range(0, len(teams) - 1, 2)],
        )
    return league


def simple_pages(sheets: list) -> list[str]:  # noqa: ANN001
    pages = []
    for sheet in sheets:
        parts = [f"<h1>{html.escape(sheet.home.name)} v {html.escape(sheet.away.name)}</h1>"]
        for side in (sheet.home, sheet.away):
            rows = "".join(
                "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
                    p.number, p.name, p.position, ", ".join((*p.starting_skills, *p.skills)), "", "", "", "")) + "</tr>"
                for p in side.players
            )  # fmt: skip
            parts.append(f"<h2>{html.escape(side.name)}</h2><table border='1' cellspacing='0' cellpadding='2' "
                         f"width='100%'>{rows}</table>")  # fmt: skip
        # the second page: the ref's 16 turns (number, box, action) and the blank event lines, as the sheet has
        tally = "".join("<tr>" + f"<td>{cell}</td>" * 16 + "</tr>" for cell in ("1", "\u2610", "M B F H"))
        events = "<tr><td>&#160;</td><td></td><td></td><td></td><td></td></tr>" * 26
        parts.append(
            f"<h2 style='page-break-before: always;'>Turns</h2><table border='1' width='100%'>{tally}</table>"
            f"<h2>Events</h2><table border='1' width='100%'>{events}</table>"
        )
        pages.append("".join(parts))
    return pages


def measure(path: Path, reps: int) -> None:
    from roster_app.printing import data
    from roster_app.printing.document import PrintRequest, build_document
    from roster_app.safety.opening import open_league
    from ui.printing.layout import write_pdf

    out = Path(tempfile.mkdtemp(prefix="dugout-bench-sheets-"))
    league = with_a_round_to_play(path, out)
    db = open_league(league, read_only=True)
    try:
        sheets = data.fixture_sheets(db)
        pages = simple_pages(sheets)

        def app() -> int:
            return write_pdf(
                build_document(db, PrintRequest(match_sheets=True)), out / "sheets.pdf", page_size="A4"
            )

        counted = app()
        floor_pdf(pages, out / "floor.pdf")
        times, floors = [], []
        for _ in range(reps):
            floors.append(timed_ms(lambda: floor_pdf(pages, out / "floor.pdf")))
            times.append(timed_ms(app))
        floor_ms, app_ms = statistics.median(floors), statistics.median(times)
        record(f"match sheets of a {len(sheets)}-fixture round to PDF", f"{len(pages)} fixtures, plain QTextDocument",
               floors, times, 1.5, note=f"{counted} pages; {app_ms / len(sheets):.1f} ms a fixture, floor "
               f"{floor_ms / len(pages):.1f} ms")  # fmt: skip
    finally:
        db.close()
        shutil.rmtree(out, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    return large_league_main(measure, argv, reps=3)


if __name__ == "__main__":
    sys.exit(main())
