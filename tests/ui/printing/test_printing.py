"""Printed documents laid out by Qt, checked in the PDF: pages, names, skills, page numbers, repeated headers."""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from roster_app.printing.data import team_ids
from roster_app.printing.document import PrintRequest, build_document, whole_league
from tests.printing.league_night import ORCS
from tests.printing.pdf_text import pdf_pages

LEDGER_HEADER = "Date Season Kind Reason Amount Balance"
ROSTER_HEADER = "# Player Position MA ST AG AV Skills Injuries Cmp TD Int Cas MVP SPP Value Contract"


def write(db, request: PrintRequest, path: Path, **kwargs) -> list[str]:  # noqa: ANN001
    from ui.printing.layout import write_pdf

    pages = write_pdf(build_document(db, request), path, **kwargs)
    text = pdf_pages(path)
    assert len(text) == pages
    return text


def test_a_team_roster_is_one_page_with_its_players_and_skills(qapp, night_db, tmp_path):
    [orcs] = team_ids(night_db, [ORCS])
    [page] = write(night_db, PrintRequest((orcs,)), tmp_path / "orcs.pdf")
    assert "Orcland Raiders" in page and "Grimgor Ironhide" in page
    assert ROSTER_HEADER in page
    assert "Grak Skullsplitta Orc Blitzer 6 3 3 9" in page
    assert "Mighty Blow, Tackle, Guard, Dauntless" in page
    assert "Page 1 of 1" in page


def test_the_whole_league_in_one_document_numbers_every_page(qapp, night_db, tmp_path):
    pages = write(night_db, replace(whole_league(night_db), match_sheet=True), tmp_path / "league.pdf")
    assert len(pages) == 1 + 4 + 1 + 2 + 1  # table, rosters, contracts, two pages of cards, match sheet
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in text
    assert "League table" in pages[0] and pages[0].index("Orcland Raiders") < pages[0].index("Reikland Reavers")
    for team in ("Athelorn Avengers", "Karak Grudgebearers", "Orcland Raiders", "Reikland Reavers"):
        assert any(text.startswith(f"Old World Classic · season 1 · team roster {team}") for text in pages)
    assert "Contract sheet" in pages[5] and "Johann Weissmann" in pages[5]
    assert "cut round each card" in pages[6] and "Hans Pfeiffer" in pages[6]
    assert "Referee’s match sheet" in pages[-1]


def test_the_header_row_is_repeated_on_the_second_page_of_a_long_ledger(qapp, night_db, tmp_path):
    [orcs] = team_ids(night_db, [ORCS])
    pages = write(night_db, PrintRequest((orcs,), rosters=False, ledgers=True), tmp_path / "ledger.pdf")
    assert len(pages) >= 2
    for text in pages:
        assert LEDGER_HEADER in text
    assert "Gate share 70" not in pages[0] and any("Gate share 70" in page for page in pages[1:])
    assert "Page 2 of" in pages[1]


@pytest.mark.parametrize(("size", "points"), [("A4", (595, 842)), ("Letter", (612, 792))])
def test_the_paper_size_is_the_one_chosen(qapp, night_db, tmp_path, size, points):
    write(night_db, PrintRequest(match_sheet=True), tmp_path / "sheet.pdf", page_size=size)
    box = PdfReader(str(tmp_path / "sheet.pdf")).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == points


@pytest.mark.parametrize(
    ("locale", "size"), [("en_US", "Letter"), ("en_CA", "Letter"), ("en_GB", "A4"), ("de_DE", "A4")]
)
def test_the_paper_size_follows_the_locale(qapp, locale, size):
    from PySide6.QtCore import QLocale

    from ui.printing.layout import locale_page_size

    assert locale_page_size(QLocale(locale)) == size


def test_a_cancelled_pdf_leaves_nothing_behind(qapp, night_db, tmp_path):
    from ui.printing.layout import PrintCancelled, write_pdf

    document = build_document(night_db, whole_league(night_db))
    with pytest.raises(PrintCancelled):
        write_pdf(document, tmp_path / "league.pdf", progress=lambda done, total: done < 3)
    assert os.listdir(tmp_path) == []


def test_printed_referee_cards_are_the_screen_cards_without_their_reminders(qapp, night_file, tmp_path):
    from roster_app.queries import referees as rq
    from roster_app.safety.opening import open_league
    from roster_app.store.models import DiceRoll, Referee, RefereeMatch

    shutil.copy(night_file, tmp_path / "night.dugout")
    night_db = open_league(tmp_path / "night.dugout")
    with night_db.write() as tx:
        hans = tx.session.scalars(select(Referee).where(Referee.name == "Hans Pfeiffer")).one()
        tx.session.add(RefereeMatch(referee_id=hans.id, in_range=[], actions=[]))
        tx.session.add(DiceRoll(purpose=rq.ADVANCE_PENDING, dice="2D6", faces=[4, 5], total=9, referee_id=hans.id))
    card = next(c for c in rq.referee_cards(night_db) if c.name == "Hans Pfeiffer")
    assert card.open_sheet_id is not None and card.waiting_roll == 9  # the screen card says both
    pages = write(night_db, PrintRequest(referees=True), tmp_path / "cards.pdf")
    assert len(pages) == 2  # ten cards, nine to a sheet
    first = pages[0]
    # the screen card's words: the range line, the skill with its effect, the figures of its footer
    assert "Range: within 11 squares of the ball" in first and "Eagle Eyes" in first
    assert "Borri Keeneye DWARF · LEAGUE REFEREE MA 4 ST 3 AG 2 AV 9" in first  # its name plate and boxes
    assert "match sheet" not in first.lower() and "take it" not in first and "roll due" not in first.lower()
    night_db.close()


def test_each_section_is_laid_out_as_with_the_whole_stylesheet(qapp, night_db):
    """lay_out gives a section only the rules that can match it: the formats Qt resolves are the same."""
    from PySide6.QtGui import QPdfWriter, QTextCursor, QTextDocument

    from ui.printing.layout import PDF_RESOLUTION, installed_families, lay_out, page_layout

    document = build_document(night_db, replace(whole_league(night_db), match_sheet=True, match_sheets=True))
    writer = QPdfWriter(os.devnull)
    writer.setResolution(PDF_RESOLUTION)
    writer.setPageLayout(page_layout("A4"))
    laid, _body = lay_out(document, writer)
    assert len(laid) == len(document.sections) > 5
    for part, section in zip(laid, document.sections, strict=True):
        whole = QTextDocument()
        whole.setDefaultFont(part.document.defaultFont())
        whole.setDefaultStyleSheet(installed_families(document.stylesheet))
        QTextCursor(whole).insertHtml(section.html)
        assert part.document.toHtml() == whole.toHtml(), section.title
        assert len(part.document.defaultStyleSheet()) < len(whole.defaultStyleSheet())


def _laid_roster(db, lines=None, name=None, dpi=300, allies=()):  # noqa: ANN001, ANN202
    """The Orcs' roster laid out for an A4 PDF at 300 dpi; `lines`: that many player lines (a long roster);
    `name`: the first player's; `allies`: the team's (a row spanning the Team table's columns)."""
    from PySide6.QtGui import QPdfWriter

    from roster_app.printing import data, render
    from roster_app.printing.document import PrintDocument
    from ui.printing.layout import PDF_RESOLUTION, lay_out, page_layout

    [orcs] = team_ids(db, [ORCS])
    sheet = data.roster_sheet(db, orcs)
    if lines is not None:
        sheet = replace(sheet, lines=(sheet.lines * lines)[:lines], max_players=lines)
    sheet = replace(sheet, team=replace(sheet.team, allies=tuple(allies)))
    if name is not None:
        first = sheet.lines[0]
        sheet = replace(sheet, lines=(replace(first, player=replace(first.player, name=name)), *sheet.lines[1:]))
    heading = data.heading(db)
    document = PrintDocument("t", heading, (render.roster_section(sheet, heading),), render.stylesheet())
    writer = QPdfWriter(os.devnull)
    writer.setResolution(dpi)
    writer.setPageLayout(page_layout("A4"))
    assert PDF_RESOLUTION == 300
    return document, *lay_out(document, writer), writer


def _painted(laid, body, device):  # noqa: ANN001, ANN202
    """The first page as _paint_page paints it, on an image the size of the page's body at its resolution."""
    from PySide6.QtGui import QImage, QPainter

    from ui.printing.layout import _paint_page

    image = QImage(round(body.width()), round(body.height()), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(device.logicalDpiX() / 0.0254))
    image.setDotsPerMeterY(round(device.logicalDpiY() / 0.0254))
    image.fill(0xFFFFFF)
    painter = QPainter(image)
    _paint_page(painter, laid, 0, body)
    painter.end()
    return image


@pytest.mark.parametrize("allies", [(), ("Goblin Looney",)])
def test_a_rosters_ruled_tables_look_as_qt_draws_them(qapp, night_db, allies):
    """The lines and stripes ui/printing/layout.py paints for a ruled table are where Qt draws its borders and fills:
    the page differs only where a column's gap crosses a row's (the lines run through, a few pixels each)."""
    from PySide6.QtGui import QTextFrameFormat

    from ui.printing.layout import RULED, STRIPE, _as_grid, _text_document, installed_families

    document, [laid], body, writer = _laid_roster(night_db, allies=allies)
    assert [len(ruled.stripes) for ruled in laid.rules] == [1, 0]  # the players' rows are striped
    styles = [frame.format().borderStyle() for frame in laid.document.rootFrame().childFrames()]
    assert styles == [QTextFrameFormat.BorderStyle.BorderStyle_None] * 2 + [
        QTextFrameFormat.BorderStyle.BorderStyle_Solid
    ]
    section = document.sections[0]
    assert RULED in section.html and STRIPE in section.html
    plain = _text_document(section, _as_grid(section.html), installed_families(document.stylesheet), writer, body)
    _painted(laid, body, writer)  # the glyphs cached: both pages drawn alike
    ours, qts = _painted(laid, body, writer), _painted(replace(laid, document=plain, rules=()), body, writer)
    line, white = bytes((0x9E, 0x93, 0x8A, 0xFF)), bytes((0xFF, 0xFF, 0xFF, 0xFF))  # BGRA: #8a939e
    differ, kinds = set(), set()
    for y in range(ours.height()):
        a, b = bytes(ours.constScanLine(y)), bytes(qts.constScanLine(y))
        for i in range(0, len(a), 4) if a != b else ():
            if a[i : i + 4] != b[i : i + 4]:
                differ.add((i // 4, y))
                kinds.add((a[i : i + 4], b[i : i + 4]))
    assert kinds == {(line, white)}  # only a line of ours over the white of a gap
    # ... where a row's gap crosses a column's: no run of them longer than the 4px gap and its two lines
    assert 0 < _longest_run(differ) <= 6 and 0 < _longest_run({(y, x) for x, y in differ}) <= 6


def _longest_run(points: set[tuple[int, int]]) -> int:
    """The longest run of points next to each other along x, at one y."""
    return max(
        (next(n for n in range(1, 99) if (x + n, y) not in points) for x, y in points if (x - 1, y) not in points)
    )


@pytest.mark.parametrize("name", ["Grak Skullsplitta", 'Grak <b class="ruled stripe">\' class="stripe"'])
def test_a_long_roster_is_laid_out_as_qt_draws_it_with_its_page_break(qapp, night_db, name):
    from PySide6.QtGui import QTextFormat, QTextFrameFormat

    _document, [laid], _body, _writer = _laid_roster(night_db, lines=60, name=name)
    assert name in laid.document.toPlainText()  # a hostile name is text, untouched by the second layout
    assert laid.pages >= 2 and laid.rules == ()  # Qt draws a table whose rows move at the page break
    grid = laid.document.rootFrame().childFrames()[0]
    assert grid.format().borderStyle() == QTextFrameFormat.BorderStyle.BorderStyle_Solid
    assert grid.cellAt(2, 3).format().hasProperty(QTextFormat.Property.BackgroundBrush)  # its stripes, by Qt
    assert not grid.cellAt(1, 3).format().hasProperty(QTextFormat.Property.BackgroundBrush)


def test_a_stripe_is_the_colour_of_a_shaded_row(qapp):
    import re

    from roster_app.printing.render import stylesheet

    css = stylesheet()
    state = int(re.search(r"tr\.stripe td \{ -qt-user-state: (\d+); \}", css).group(1))
    shade = re.search(r"tr\.shade td \{ background-color: #([0-9a-f]{6}); \}", css).group(1)
    assert state == int(shade, 16)


def test_a_printer_at_another_resolution_gets_qts_grid(qapp, night_db):
    from PySide6.QtGui import QTextFrameFormat

    _document, [laid], _body, _writer = _laid_roster(night_db, dpi=600)
    assert laid.rules == ()
    styles = {frame.format().borderStyle() for frame in laid.document.rootFrame().childFrames()}
    assert styles == {QTextFrameFormat.BorderStyle.BorderStyle_Solid}
