"""Referee cards for printing: nine playing-card-sized cards (63 x 88 mm) to an A4 page, as a PDF."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from roster_app.queries.referees import RefereeCard
from ui.delegates.referee_card_delegate import CARD_SIZE, paint_card

DPI = 96  # the card is drawn in screen pixels; the PDF stays vector, so text and lines print sharp
CARD_MM = (63.0, 88.0)
GAP_MM = 4.0
COLUMNS, ROWS = 3, 3


def _px(mm: float) -> float:
    return mm * DPI / 25.4


def save_cards_pdf(cards: Sequence[RefereeCard], path: Path | str, *, title: str = "Referee cards") -> int:
    """Write the cards to `path` (A4, nine a page); returns the number of pages."""
    writer = QPdfWriter(str(path))
    writer.setResolution(DPI)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0)))  # fmt: skip
    writer.setTitle(title)
    writer.setCreator("Dugout")
    page = writer.pageLayout().fullRectPixels(DPI)
    width, height = _px(CARD_MM[0]), _px(CARD_MM[1])
    scale = min(width / CARD_SIZE.width(), height / CARD_SIZE.height())
    grid_w = COLUMNS * width + (COLUMNS - 1) * _px(GAP_MM)
    grid_h = ROWS * height + (ROWS - 1) * _px(GAP_MM)
    left, top = (page.width() - grid_w) / 2, (page.height() - grid_h) / 2
    painter = QPainter(writer)
    pages = 1
    for i, card in enumerate(cards):
        slot = i % (COLUMNS * ROWS)
        if i and slot == 0:
            writer.newPage()
            pages += 1
        x = left + (slot % COLUMNS) * (width + _px(GAP_MM))
        y = top + (slot // COLUMNS) * (height + _px(GAP_MM))
        painter.save()
        painter.translate(x, y)
        painter.scale(scale, scale)
        paint_card(painter, QRectF(0, 0, CARD_SIZE.width(), CARD_SIZE.height()), card, shadow=False, printed=True)
        painter.restore()
    painter.end()
    return pages
