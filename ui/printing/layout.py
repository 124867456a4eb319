"""Printing: each section of a PrintDocument is laid out by a QTextDocument and painted page by page.

Painting the pages ourselves (instead of QTextDocument.print_) lets every page carry a footer with the league,
the section and "Page N of M". The same code paints onto a QPrinter (print dialog, preview) and a QPdfWriter.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PySide6.QtCore import QLocale, QMarginsF, QPointF, QRect, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrameFormat,
    QTextTable,
    QTextTableCell,
    QTextTableFormat,
)

from roster_app.i18n import _, language
from roster_app.printing.document import PrintDocument
from roster_app.printing.render import Section, rules_used
from roster_app.safety.atomic import ExportError, atomic_path, pdf_problem
from ui.printing.referee_cards import paint_card_sheet

PDF_RESOLUTION = 300
CHART_DPI = 300  # a chart's image on paper: as sharp as the text at PDF_RESOLUTION, not a printer's 1200
MARGINS_MM = QMarginsF(12, 11, 12, 9)
FOOTER_POINTS = 16  # the band under the text that holds the footer line
FONT_FAMILY = "DejaVu Sans"
# Where paper is Letter-sized by default; elsewhere A4.
LETTER_TERRITORIES = {
    QLocale.Country.UnitedStates, QLocale.Country.Canada, QLocale.Country.Mexico, QLocale.Country.Chile,
    QLocale.Country.Colombia, QLocale.Country.Venezuela, QLocale.Country.Philippines,
    QLocale.Country.CostaRica, QLocale.Country.Guatemala, QLocale.Country.PuertoRico,
}  # fmt: skip
PAGE_SIZES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}

Progress = Callable[[int, int], bool]  # (pages painted, pages in all) -> carry on?


class PrintCancelled(Exception):
    """The commissioner cancelled a print job part way (nothing is left at the destination)."""


def locale_page_size(locale: QLocale | None = None) -> str:
    """ "Letter" where the locale's country uses Letter paper, otherwise "A4"."""
    territory = (locale or QLocale()).territory()
    return "Letter" if territory in LETTER_TERRITORIES else "A4"


def page_layout(page_size: str | None = None) -> QPageLayout:
    size = QPageSize(PAGE_SIZES[page_size or locale_page_size()])
    return QPageLayout(size, QPageLayout.Orientation.Portrait, MARGINS_MM, QPageLayout.Unit.Millimeter)


@dataclass(frozen=True)
class Ruled:
    """A ruled table (print.css: `table.ruled`) on one page: its stripes (a drawRects a colour) and its lines
    (a rectangle each, as Qt's edges: a viewer widens a lone rectangle thinner than a pixel to one)."""

    page: int
    stripes: tuple[tuple[QBrush, list[QRectF]], ...]
    lines: tuple[QBrush, list[QRect]]


@dataclass
class LaidOut:
    title: str
    document: QTextDocument
    pages: int
    cards: tuple = ()  # a page of referee cards, painted below the document as the screen draws them
    rules: tuple[Ruled, ...] = ()  # the lines of its ruled tables, painted under the page


def _base_font(family: str = FONT_FAMILY) -> QFont:
    font = QFont(family)
    font.setPointSizeF(8.5)
    return font


TOP_PADDING = QTextFormat.Property.TableCellTopPadding
RULED, STRIPE = 'class="ruled', ' class="stripe"'  # print.css: tables whose lines ui/printing/layout.py paints
GRID_FAMILY = re.compile(r'table\.grid \{ font-family: "([^"]+)"')  # after installed_families: one family
FAMILY_LIST = re.compile(r"font-family:\s*([^;}]+)")


@cache
def installed_families(stylesheet: str) -> str:
    """The stylesheet with each font-family list cut to its first family that is installed (the same look):
    Qt lays text out ~10% faster without a fallback list to consult for every run of text."""
    have = {f.casefold() for f in QFontDatabase.families()}

    def first(match: re.Match[str]) -> str:
        names = [n.strip().strip("\"'") for n in match.group(1).split(",")]
        found = next((n for n in names if n.casefold() in have), None)
        return f'font-family: "{found}"' if found else match.group(0)

    return FAMILY_LIST.sub(first, stylesheet)


def lay_out(document: PrintDocument, device: QPagedPaintDevice) -> tuple[list[LaidOut], QSizeF]:
    """Lay every section out for `device` (fonts at its resolution); returns the sections and the body size."""
    body = QSizeF(device.width(), device.height() - _footer_height(device))
    laid = []
    stylesheet = installed_families(document.stylesheet)
    # the ruled tables' lines stand where Qt's would at the PDF's resolution (tests/ui/printing/test_printing.py); a
    # printer's resolution gets Qt's grid
    ruling = device.logicalDpiY() == PDF_RESOLUTION
    for section in document.sections:
        text = _text_document(
            section, section.html if ruling else _as_grid(section.html), stylesheet, device, body
        )
        rules = _ruled_tables(text, device.logicalDpiY() / 96)
        if rules is None:  # a long roster: its tables laid out again as Qt draws them, borders and stripes
            text, rules = _text_document(section, _as_grid(section.html), stylesheet, device, body), ()
        laid.append(LaidOut(section.title, text, text.pageCount(), section.cards, rules))
    return laid, body


def _as_grid(html: str) -> str:
    """The page with its ruled tables as grids, which Qt draws with their borders and stripes (print.css)."""
    return html.replace(RULED, 'class="grid').replace(STRIPE, ' class="shade"')


def _text_document(
    section: Section, html: str, stylesheet: str, device: QPagedPaintDevice, body: QSizeF
) -> QTextDocument:
    text = QTextDocument()
    text.documentLayout().setPaintDevice(device)
    grid = GRID_FAMILY.search(stylesheet) if RULED in html else None  # print.css: a ruled table's font
    text.setDefaultFont(_base_font(grid.group(1) if grid else FONT_FAMILY))
    text.setDefaultStyleSheet(rules_used(stylesheet, html))
    text.setDocumentMargin(0)
    text.setPageSize(body)  # before the HTML: the text is laid out at its width, not once more after
    if section.charts:  # Qt Charts is imported only for a page that shows a chart
        from ui.charts.images import add_chart_images

        add_chart_images(text, section.charts, dpi=min(device.logicalDpiX(), CHART_DPI))
    # Inserted at a cursor, not setHtml: setHtml is a whole-document change, which Qt lays out lazily in
    # steps, and a step that stops after a table starts again from the top of the page (a one-page roster
    # was laid out twice). An insertion is laid out in one pass: the same pages, ~1.5x faster.
    QTextCursor(text).insertHtml(html)
    return text


def _ruled_tables(text: QTextDocument, scale: float) -> tuple[Ruled, ...] | None:
    """The lines and stripes of the document's ruled tables (border="1", border-style none) where Qt would
    have drawn them: the table's frame, a 1px line on each side of the gaps between its columns and its rows,
    the striped rows' cells. Qt draws four edges and a fill a cell, each a painter save and restore: ~40% of
    painting a roster. None when a ruled table runs onto another page."""
    found = []
    for frame in text.rootFrame().childFrames():
        if isinstance(frame, QTextTable) and _is_ruled(frame.format()):
            ruled = _ruled(text, frame, scale)
            if ruled is None:
                return None
            found.append(ruled)
    return tuple(found)


def _is_ruled(table: QTextTableFormat) -> bool:
    return bool(table.border()) and table.borderStyle() == QTextFrameFormat.BorderStyle.BorderStyle_None


def _ruled(text: QTextDocument, frame: QTextTable, scale: float) -> Ruled | None:
    table, layout, rows, columns = frame.format(), text.documentLayout(), frame.rows(), frame.columns()
    border = table.border() * scale
    inset = table.padding() * scale + 2 * border + table.cellSpacing() * scale  # the frame to a cell
    gap = 2 * border + table.cellSpacing() * scale  # a cell to the next

    pad, insets = table.cellPadding() * scale, {}

    def left(cell: QTextTableCell) -> float:  # its text's, less the padding (print.css: no cell pads one side)
        return layout.blockBoundingRect(text.findBlock(cell.firstPosition())).x() - pad

    def top(cell: QTextTableCell) -> float:  # its text's, less its padding and border (a CSS border moves it)
        index = cell.tableCellFormatIndex()
        if index not in insets:  # a format copied once for the cells that share it
            style = cell.format().toTableCellFormat()
            padding = style.topPadding() * scale if style.hasProperty(TOP_PADDING) else pad
            insets[index] = padding + style.topBorder() * scale
        return layout.blockBoundingRect(text.findBlock(cell.firstPosition())).y() - insets[index]

    last = [frame.cellAt(rows - 1, column) for column in range(columns)]
    lefts = [left(cell) for cell in last]
    for column in range(1, columns):  # a cell spanning columns: the column's left from a row above
        if last[column].firstPosition() == last[column - 1].firstPosition():
            row = next((r for r in range(rows - 2, -1, -1) if frame.cellAt(r, column).column() == column), 0)
            lefts[column] = left(frame.cellAt(row, column))
    # a cell's text starts at its top (vertical-align: top, or the tallest cell of a middle-aligned row)
    firsts = [frame.cellAt(row, 0) for row in range(rows)]
    tops = [top(cell) for cell in firsts]
    size = layout.frameBoundingRect(frame).size()
    origin = QPointF(lefts[0] - inset - table.leftMargin() * scale, tops[0] - inset - table.topMargin() * scale)
    box = QRectF(
        lefts[0] - inset, tops[0] - inset, size.width() - (table.leftMargin() + table.rightMargin()) * scale,
        size.height() - (table.topMargin() + table.bottomMargin()) * scale,
    )  # fmt: skip
    page_height = text.pageSize().height()
    if box.top() // page_height != (box.bottom() - 1) // page_height:
        return None  # its rows move at the page break: Qt draws it
    # Qt paints a table at its position rounded to the pixel, and rounds as qRound: the same here
    dx, dy = _pixel(origin.x()) - origin.x(), _pixel(origin.y()) - origin.y()
    box.translate(dx, dy)
    lefts, tops = [left + dx for left in lefts], [top + dy for top in tops]
    rights = [left - gap for left in lefts[1:]] + [box.right() - inset]
    bottoms = [top - gap for top in tops[1:]] + [box.bottom() - inset]
    outer = QRectF(box.left(), box.top(), box.width() - border, box.height() - border).toRect()
    x, y, w, h, b = outer.x(), outer.y(), outer.width(), outer.height(), _pixel(border)
    lines = [
        _rect(x, y, b, h + b),
        _rect(x + b, y, w, b),
        _rect(x + w, y + b, b, h - b),
        _rect(x + b, y + h, w, b),
    ]
    # a cell's border: QRectF(left - 1, top - 1, width + 1, height + 1).toRect(), its edges 1px wide
    columns_at = [_edges(left - 1, right - left + 1) for left, right in zip(lefts, rights, strict=True)]
    rows_at = [_edges(top - 1, bottom - top + 1) for top, bottom in zip(tops, bottoms, strict=True)]
    x0, x1, y0, y1 = columns_at[0][0], columns_at[-1][1] + 1, rows_at[0][0], rows_at[-1][1] + 1
    lines += [_rect(x, y0, 1, y1 - y0) for pair in columns_at for x in pair]
    lines += [_rect(x0, y, x1 - x0, 1) for pair in rows_at for y in pair]
    stripes: dict[int, list[QRectF]] = {}
    for cell, top, bottom in zip(firsts, tops, bottoms, strict=True):
        state = text.findBlock(cell.firstPosition()).userState()
        if state >= 0:  # print.css: a striped row's colour, 0xRRGGBB (a row of cells, none spanning columns)
            stripes.setdefault(state, []).extend(
                _rectf(left, top, right - left, bottom - top) for left, right in zip(lefts, rights, strict=True)
            )
    colours = tuple((QBrush(QColor(rgb)), rects) for rgb, rects in stripes.items())
    return Ruled(int(box.top() // page_height), colours, (table.borderBrush(), lines))


# The rectangles of a ruled table's lines, shared by the pages whose tables stand alike (most rosters' do):
# making a QRect costs more than finding it.
_rect = lru_cache(maxsize=4096)(QRect)
_rectf = lru_cache(maxsize=1024)(QRectF)


def _edges(start: float, length: float) -> tuple[int, int]:
    """Where QRectF.toRect() puts a rectangle's two sides along one axis (Qt 6's rounding)."""
    first = _pixel(start)
    return first, first + _pixel(length + (start - first) / 2)


def _pixel(value: float) -> int:
    """qRound: halves away from zero (Python's round takes them to the even number)."""
    return math.floor(value + 0.5)


def _footer_height(device: QPagedPaintDevice) -> int:
    return round(FOOTER_POINTS * device.logicalDpiY() / 72)


def _paint_footer(painter: QPainter, device: QPagedPaintDevice, top: float, left: str, right: str) -> None:
    painter.save()
    width, height = device.width(), _footer_height(device)
    pen = QPen(QColor("#9aa2ab"))
    pen.setWidthF(device.logicalDpiY() / 144)
    painter.setPen(pen)
    painter.drawLine(0, round(top + height * 0.3), width, round(top + height * 0.3))
    font = QFont(FONT_FAMILY)
    font.setPointSizeF(7)
    painter.setFont(font)
    painter.setPen(QColor("#5b6470"))
    band = QRectF(0, top + height * 0.3, width, height * 0.7)
    painter.drawText(band, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, left)
    painter.drawText(band, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, right)
    painter.restore()


def _paint_page(painter: QPainter, laid: LaidOut, index: int, body: QSizeF) -> None:
    painter.save()
    painter.translate(0, -index * body.height())
    context = QAbstractTextDocumentLayout.PaintContext()
    context.clip = QRectF(0, index * body.height(), body.width(), body.height())
    painter.setClipRect(context.clip)
    if any(ruled.page == index for ruled in laid.rules):
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        for ruled in (ruled for ruled in laid.rules if ruled.page == index):
            painter.setBrush(ruled.lines[0])
            for rect in ruled.lines[1]:
                painter.drawRect(rect)
            for brush, rects in ruled.stripes:  # after the lines, as Qt fills a cell after its border
                painter.setBrush(brush)
                painter.drawRects(rects)
        painter.restore()
    laid.document.documentLayout().draw(painter, context)
    painter.restore()
    if laid.cards:
        top = laid.document.size().height() + painter.device().logicalDpiY() / 8
        dpi = painter.device().logicalDpiY()
        paint_card_sheet(painter, laid.cards, QRectF(0, top, body.width(), body.height() - top), dpi)


def paint(document: PrintDocument, device: QPagedPaintDevice, *, progress: Progress | None = None) -> int:
    """Paint every page of `document` onto `device` (a QPrinter or QPdfWriter); returns the page count.

    Raises PrintCancelled when `progress` returns False.
    """
    with language(document.language):  # the printout's language: its cards and footers too
        return _paint(document, device, progress)


def _paint(document: PrintDocument, device: QPagedPaintDevice, progress: Progress | None) -> int:
    laid, body = lay_out(document, device)
    total = sum(part.pages for part in laid)
    painter = QPainter()
    if not painter.begin(device):
        raise ExportError(_("The printer could not be started. Nothing was printed."))
    number = 0
    try:
        for part in laid:
            for index in range(part.pages):
                if progress is not None and not progress(number, total):
                    raise PrintCancelled()
                if number:
                    device.newPage()
                number += 1
                _paint_page(painter, part, index, body)
                footer = f"{document.footer} \u00b7 {part.title}"
                page = _("Page {number} of {total}").format(number=number, total=total)
                _paint_footer(painter, device, body.height(), footer, page)
    finally:
        painter.end()
    if progress is not None:
        progress(total, total)
    return total


def write_pdf(
    document: PrintDocument, path: Path | str, *, page_size: str | None = None, progress: Progress | None = None
) -> int:
    """Write `document` as a PDF at `path`, atomically (a cancelled or failed job leaves nothing there)."""
    with atomic_path(path, verify=pdf_problem) as temporary:  # a full disk: refused, the old PDF stays
        writer = QPdfWriter(str(temporary))
        writer.setResolution(PDF_RESOLUTION)
        writer.setPageLayout(page_layout(page_size))
        writer.setTitle(document.title)
        writer.setCreator("Dugout")
        try:
            pages = paint(document, writer, progress=progress)
        finally:
            del writer  # closes the file before it is renamed into place
    return pages
