"""Printing: each section of a PrintDocument is laid out by a QTextDocument and painted page by page.

Painting the pages ourselves (instead of QTextDocument.print_) lets every page carry a footer with the league,
the section and "Page N of M". The same code paints onto a QPrinter (print dialog, preview) and a QPdfWriter.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import QLocale, QMarginsF, QRect, QRectF, QSizeF, Qt
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
    QTextFrameFormat,
    QTextTable,
    QTextTableCell,
)

from roster_app.printing.document import PrintDocument
from roster_app.printing.render import Section, rules_used
from roster_app.safety.atomic import ExportError, atomic_path
from ui.referee_cards_pdf import paint_card_sheet

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
    """A ruled table (print.css: `table.ruled`) on one page: its lines and stripes, one drawRects a colour."""

    page: int
    fills: tuple[tuple[QBrush, list[QRect] | list[QRectF]], ...]


@dataclass
class LaidOut:
    title: str
    document: QTextDocument
    pages: int
    cards: tuple = ()  # a page of referee cards, painted below the document as the screen draws them
    rules: tuple[Ruled, ...] = ()  # the lines of its ruled tables, painted under the page


def _base_font() -> QFont:
    font = QFont(FONT_FAMILY)
    font.setPointSizeF(8.5)
    return font


RULED, STRIPE = 'class="grid ruled', ' class="stripe"'  # print.css: tables whose lines ui/printing.py paints
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
    for section in document.sections:
        text = _text_document(section, section.html, stylesheet, device, body)
        rules = _ruled_tables(text, device.logicalDpiY() / 96)
        if rules is None:  # a long roster: its tables laid out again as Qt draws them, borders and stripes
            html = section.html.replace(RULED, 'class="grid').replace(STRIPE, ' class="shade"')
            text, rules = _text_document(section, html, stylesheet, device, body), ()
        laid.append(LaidOut(section.title, text, text.pageCount(), section.cards, rules))
    return laid, body


def _text_document(
    section: Section, html: str, stylesheet: str, device: QPagedPaintDevice, body: QSizeF
) -> QTextDocument:
    text = QTextDocument()
    text.documentLayout().setPaintDevice(device)
    text.setDefaultFont(_base_font())
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
    layout, page_height, found = text.documentLayout(), text.pageSize().height(), []
    for frame in text.rootFrame().childFrames():
        if not isinstance(frame, QTextTable):
            continue
        table = frame.format()
        if not table.border() or table.borderStyle() != QTextFrameFormat.BorderStyle.BorderStyle_None:
            continue
        size = layout.frameBoundingRect(frame).size()
        rows, columns = frame.rows(), frame.columns()
        pad, border = table.cellPadding() * scale, table.border() * scale
        inset = table.padding() * scale + 2 * border + table.cellSpacing() * scale  # the frame to a cell
        gap = 2 * border + table.cellSpacing() * scale  # a cell to the next

        def text_at(cell: QTextTableCell) -> QRectF:
            return layout.blockBoundingRect(text.findBlock(cell.firstPosition()))

        cells = [frame.cellAt(rows - 1, column) for column in range(columns)]  # the last row's
        lefts = [text_at(cell).x() - pad for cell in cells]
        for column in range(1, columns):  # a cell spanning columns: the column's left from a row above
            if cells[column].firstPosition() == cells[column - 1].firstPosition():
                row = next((r for r in range(rows - 2, -1, -1) if frame.cellAt(r, column).column() == column), 0)
                lefts[column] = text_at(frame.cellAt(row, column)).x() - pad
        # a cell's text starts at its top (vertical-align: top, or the tallest cell of a middle-aligned row)
        firsts = [text.findBlock(frame.cellAt(row, 0).firstPosition()) for row in range(rows)]
        tops = [layout.blockBoundingRect(block).y() - pad for block in firsts]
        box = QRectF(
            lefts[0] - inset, tops[0] - inset, size.width() - (table.leftMargin() + table.rightMargin()) * scale,
            size.height() - (table.topMargin() + table.bottomMargin()) * scale,
        )  # fmt: skip
        if box.top() // page_height != (box.bottom() - 1) // page_height:
            return None  # its rows move at the page break: Qt draws it
        rights = [left - gap for left in lefts[1:]] + [box.right() - inset]
        bottoms = [top - gap for top in tops[1:]] + [box.bottom() - inset]
        outer = QRectF(box.left(), box.top(), box.width() - border, box.height() - border).toRect()
        x, y, w, h, b = outer.x(), outer.y(), outer.width(), outer.height(), int(border)
        lines = [
            QRect(x, y, b, h + b),
            QRect(x + b, y, w, b),
            QRect(x + w, y + b, b, h - b),
            QRect(x + b, y + h, w, b),
        ]
        x0, x1, y0, y1 = round(lefts[0] - 1), round(rights[-1]) + 1, round(tops[0] - 1), round(bottoms[-1]) + 1
        lines += [QRect(round(left - 1), y0, 1, y1 - y0) for left in lefts]
        lines += [QRect(round(right), y0, 1, y1 - y0) for right in rights]
        lines += [QRect(x0, round(top - 1), x1 - x0, 1) for top in tops]
        lines += [QRect(x0, round(bottom), x1 - x0, 1) for bottom in bottoms]
        fills = []
        stripes: dict[int, list[QRectF]] = {}  # a striped row: a stripe across it, the gaps white again
        for block, top, bottom in zip(firsts, tops, bottoms, strict=True):
            if block.userState() >= 0:
                stripes.setdefault(block.userState(), []).append(
                    QRectF(lefts[0], top, rights[-1] - lefts[0], bottom - top)
                )
        if stripes:
            fills += [(QBrush(QColor(rgb)), rects) for rgb, rects in stripes.items()]
            gaps = [
                QRectF(right, tops[0], left - right, bottoms[-1] - tops[0])
                for right, left in zip(rights, lefts[1:], strict=False)
            ]
            fills.append((QBrush(Qt.GlobalColor.white), gaps))
        fills.append((table.borderBrush(), lines))
        found.append(Ruled(int(box.top() // page_height), tuple(fills)))
    return tuple(found)


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
    painter.setPen(Qt.PenStyle.NoPen)
    for ruled in laid.rules:
        for brush, rects in ruled.fills if ruled.page == index else ():
            painter.setBrush(brush)
            painter.drawRects(rects)
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
    laid, body = lay_out(document, device)
    total = sum(part.pages for part in laid)
    painter = QPainter()
    if not painter.begin(device):
        raise ExportError("The printer could not be started. Nothing was printed.")
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
                _paint_footer(painter, device, body.height(), footer, f"Page {number} of {total}")
    finally:
        painter.end()
    if progress is not None:
        progress(total, total)
    return total


def write_pdf(
    document: PrintDocument, path: Path | str, *, page_size: str | None = None, progress: Progress | None = None
) -> int:
    """Write `document` as a PDF at `path`, atomically (a cancelled or failed job leaves nothing there)."""
    with atomic_path(path) as temporary:
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
