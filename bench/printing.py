"""Printing every roster of the large league (64 teams) to one PDF, database reads included, against the floor
of 64 simple roster pages (a heading and a plain table of the same players and columns, one QTextDocument a
page laid out for the same QPdfWriter at the same resolution, painted into one PDF), interleaved, medians.
Target: within 1.3x (issue 24).

    python bench/printing.py [--reps N]
"""

from __future__ import annotations

import html
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSizeF, QUrl  # noqa: E402
from PySide6.QtGui import QPainter, QPdfWriter, QTextDocument  # noqa: E402

from bench.common import large_league_main, record, timed_ms  # noqa: E402


def simple_pages(sheets: list[Any]) -> list[str]:
    """The floor's pages: each team's players, the same columns, in a plain HTML table."""
    pages = []
    for sheet in sheets:
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
                p.number, p.name, p.position, p.ma, p.st, p.ag, p.av, ", ".join((*p.starting_skills, *p.skills)),
                ", ".join(p.injuries), t.completions, t.touchdowns, t.interceptions, t.casualties, t.mvps, p.spp,
                f"{p.value:,}", p.contract_text)) + "</tr>"
            for p, t in ((line.player, line.totals) for line in sheet.lines)
        )  # fmt: skip
        pages.append(f"<h1>{html.escape(sheet.team.name)}</h1><table border='1' cellspacing='0' cellpadding='2' "
                     f"width='100%'>{rows}</table>")  # fmt: skip
    return pages


def floor_pdf(pages: list[str], path: Path, images: dict | None = None) -> None:
    """Plain QTextDocument pages into one PDF; `images`: address -> QImage the pages' HTML names."""
    from ui.printing.layout import PDF_RESOLUTION, page_layout

    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_RESOLUTION)
    writer.setPageLayout(page_layout("A4"))
    body = QSizeF(writer.width(), writer.height())
    documents = []
    for page in pages:
        document = QTextDocument()
        document.documentLayout().setPaintDevice(writer)
        document.setDocumentMargin(0)
        for address, image in (images or {}).items():
            document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(address), image)
        document.setHtml(page)
        document.setPageSize(body)
        documents.append(document)
    painter = QPainter(writer)
    for i, document in enumerate(documents):
        if i:
            writer.newPage()
        document.drawContents(painter)
    painter.end()
    del writer


def measure(path: Path, reps: int) -> None:
    from roster_app.printing import data
    from roster_app.printing.document import PrintRequest, build_document
    from roster_app.safety.opening import open_league
    from ui.printing.layout import write_pdf

    db = open_league(path, read_only=True)
    out = Path(tempfile.mkdtemp(prefix="dugout-bench-print-"))
    try:
        ids = tuple(data.team_ids(db))
        standings = data.league_table(db)
        pages = simple_pages([data.roster_sheet(db, t, standings=standings) for t in ids])

        def app() -> int:
            return write_pdf(
                build_document(db, PrintRequest(ids, rosters=True)), out / "rosters.pdf", page_size="A4"
            )

        counted = app()
        floor_pdf(pages, out / "floor.pdf")
        times, floors = [], []
        for _ in range(reps):
            floors.append(timed_ms(lambda: floor_pdf(pages, out / "floor.pdf")))
            times.append(timed_ms(app))
        floor_ms, app_ms = statistics.median(floors), statistics.median(times)
        record(f"all {len(ids)} rosters to one PDF, reads included", "64 simple pages, QTextDocument",
               floors, times, 1.3, note=f"{counted} pages; {app_ms / counted:.1f} ms/page, floor "
               f"{floor_ms / len(pages):.1f} ms/page")  # fmt: skip
    finally:
        db.close()
        for file in out.iterdir():
            file.unlink()
        out.rmdir()


def main(argv: list[str] | None = None) -> int:
    return large_league_main(measure, argv, reps=5)


if __name__ == "__main__":
    sys.exit(main())
