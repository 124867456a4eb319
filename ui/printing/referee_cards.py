"""Referee cards on paper: the screen's card (`paint_card`, printed: without its reminders) nine to a page, at
playing-card size (63 x 88 mm) where the page has room. File > Print paints its referee card pages here too,
and the Referees page's "Cards as PDF…" writes them to an A4 PDF."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from roster_app.i18n import _
from roster_app.queries.referees import RefereeCard
from roster_app.safety.atomic import atomic_path, pdf_problem
from ui.printing.referee_card import CARD_DPI, CARD_SIZE, paint_card

CARD_MM = (63.0, 88.0)
GAP_MM = 4.0
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS


def _px(mm: float, dpi: float) -> float:
    return mm * dpi / 25.4


def paint_card_sheet(painter: QPainter, cards: Sequence[RefereeCard], area: QRectF, dpi: float) -> None:
    """Up to PER_PAGE cards in a grid centred in `area` (device pixels at `dpi`): playing-card size, smaller
    only when the page's margins leave less room."""
    gap = _px(GAP_MM, dpi)
    scale = min(_px(CARD_MM[0], dpi) / CARD_SIZE.width(), _px(CARD_MM[1], dpi) / CARD_SIZE.height(),
                (area.width() - (COLUMNS - 1) * gap) / COLUMNS / CARD_SIZE.width(),
                (area.height() - (ROWS - 1) * gap) / ROWS / CARD_SIZE.height())  # fmt: skip
    width, height = CARD_SIZE.width() * scale, CARD_SIZE.height() * scale
    left = area.left() + (area.width() - COLUMNS * width - (COLUMNS - 1) * gap) / 2
    top = area.top() + (area.height() - ROWS * height - (ROWS - 1) * gap) / 2
    for slot, card in enumerate(cards[:PER_PAGE]):
        painter.save()
        painter.translate(left + (slot % COLUMNS) * (width + gap), top + (slot // COLUMNS) * (height + gap))
        painter.scale(scale, scale)
        paint_card(painter, QRectF(0, 0, CARD_SIZE.width(), CARD_SIZE.height()), card, shadow=False, printed=True)
        painter.restore()


def save_cards_pdf(cards: Sequence[RefereeCard], path: Path | str, *, title: str | None = None) -> int:
    """Write the cards to `path` (A4, nine a page), atomically (a full disk is refused, the old PDF stays);
    returns the number of pages."""
    title = title or _("Referee cards")
    with atomic_path(path, verify=pdf_problem) as temporary:
        return _write_cards(cards, temporary, title)


def _write_cards(cards: Sequence[RefereeCard], path: Path, title: str) -> int:
    writer = QPdfWriter(str(path))
    writer.setResolution(CARD_DPI)  # the PDF stays vector, so text and lines print sharp
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0)))  # fmt: skip
    writer.setTitle(title)
    writer.setCreator("Dugout")
    page = QRectF(writer.pageLayout().fullRectPixels(CARD_DPI))
    painter = QPainter(writer)
    pages = [cards[i : i + PER_PAGE] for i in range(0, len(cards), PER_PAGE)] or [[]]
    for number, sheet in enumerate(pages):
        if number:
            writer.newPage()
        paint_card_sheet(painter, sheet, page, CARD_DPI)
    painter.end()
    del writer  # closes the file before it is checked and renamed into place
    return len(pages)
