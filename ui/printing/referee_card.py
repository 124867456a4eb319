"""A referee drawn as a printed card: striped header, name plate, the four characteristics, skills with their
effects, range, SPP and level, record and status. `paint_card` also draws cards for printing."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QTextDocument
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from roster_app.i18n import N_, _, ngettext, pgettext, term
from roster_app.queries.referees import RefereeCard
from ui.kit.columns import RowTableModel

CARD_SIZE = QSize(280, 400)
CARD_DPI = 96  # the resolution the card's pixels and points are drawn for
MARGIN = 7  # room around a card in the grid for its shadow and the selection outline

INK = QColor("#1d1d1f")
PAPER = QColor("#fffdf6")
PANEL = QColor("#f1ece0")
MUTED = QColor("#6b6558")
GOLD = QColor("#c59a16")
SELECTED = QColor("#2f6fd6")
STATUS_COLOURS = {
    "available": QColor("#2e7d32"),
    "injured": QColor("#c77700"),
    "sacked": QColor("#b3261e"),
    "dead": QColor("#3a3a3a"),
}


# Stored keys of a referee (queries.referees: his kind, his status), shown in the language of the screen or printout.
# A referee's kind (queries.referees, a stored key) as the narrow card shows it, in the card's language.
CARD_KINDS = {
    "Star Ref (sample)": lambda: pgettext("referee card", "Star Ref (sample)"),
    "Star Ref": lambda: pgettext("referee card", "Star Ref"),
    "League referee": lambda: pgettext("referee card", "League referee"),
}
REFEREE_STATUSES = {
    "available": N_("available"),
    "injured": N_("injured"),
    "sacked": N_("sacked"),
    "dead": N_("dead"),
}


def _font(size: float, *, bold: bool = False, italic: bool = False, caps: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPointSizeF(size)
    font.setBold(bold)
    font.setItalic(italic)
    if caps:
        font.setCapitalization(QFont.Capitalization.AllUppercase)
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    return font


def _set_font(painter: QPainter, size: float, **style: bool) -> None:
    """A card is laid out in pixels at 96 dpi: its points are scaled so a 300 dpi printer sets the same text."""
    painter.setFont(_font(size * CARD_DPI / painter.device().logicalDpiY(), **style))


def _stripes(painter: QPainter, rect: QRectF, clip: QPainterPath) -> None:
    """The referee's black and white stripes across the top of the card."""
    painter.save()
    painter.setClipPath(clip)
    painter.fillRect(rect, QColor("white"))
    width = 14.0
    x = rect.left()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(INK)
    while x < rect.right():
        painter.drawRect(QRectF(x, rect.top(), width, rect.height()))
        x += 2 * width
    painter.restore()


def _name_plate(painter: QPainter, rect: QRectF, card: RefereeCard) -> None:
    plate = QRectF(rect.left() + 14, rect.top() + 12, rect.width() - 28, 50)
    painter.setPen(QPen(GOLD if card.is_star else INK, 2.4 if card.is_star else 1.4))
    painter.setBrush(PAPER)
    painter.drawRoundedRect(plate, 6, 6)
    painter.setPen(INK)
    _set_font(painter, 11.5, bold=True)
    name = f"★ {card.name}" if card.is_star else card.name
    metrics = painter.fontMetrics()
    text = metrics.elidedText(name, Qt.TextElideMode.ElideRight, int(plate.width() - 16))
    painter.drawText(plate.adjusted(8, 5, -8, -22), Qt.AlignmentFlag.AlignCenter, text)
    _set_font(painter, 7.5, caps=True)
    painter.setPen(GOLD.darker(130) if card.is_star else MUTED)
    kind = CARD_KINDS[card.kind]() if card.kind in CARD_KINDS else card.kind
    line = plate.adjusted(8, 27, -8, -4)
    painter.drawText(
        line, Qt.AlignmentFlag.AlignCenter, _fitted(painter, f"{term('race', card.race)} · {kind}", line)
    )


def _stats(painter: QPainter, rect: QRectF, card: RefereeCard) -> float:
    """MA ST AG AV boxes; returns the y below them."""
    top, gap, count = rect.top() + 76, 8.0, 4
    box_w = (rect.width() - 28 - gap * (count - 1)) / count
    for i, (label, value) in enumerate(
        ((_("MA"), card.ma), (_("ST"), card.st), (_("AG"), card.ag), (_("AV"), card.av))
    ):
        box = QRectF(rect.left() + 14 + i * (box_w + gap), top, box_w, 44)
        painter.setPen(QPen(INK, 1.2))
        painter.setBrush(PANEL)
        painter.drawRoundedRect(box, 4, 4)
        _set_font(painter, 7, bold=True)
        painter.setPen(MUTED)
        painter.drawText(box.adjusted(0, 3, 0, -26), Qt.AlignmentFlag.AlignCenter, label)
        _set_font(painter, 15, bold=True)
        painter.setPen(INK)
        painter.drawText(box.adjusted(0, 14, 0, 0), Qt.AlignmentFlag.AlignCenter, str(value))
    return top + 44


def _range_line(painter: QPainter, rect: QRectF, y: float, card: RefereeCard) -> float:
    line = QRectF(rect.left() + 14, y + 8, rect.width() - 28, 20)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(INK)
    painter.drawRoundedRect(QRectF(line.left(), line.top(), 28, 20), 4, 4)
    painter.setPen(QColor("white"))
    _set_font(painter, 10, bold=True)
    painter.drawText(QRectF(line.left(), line.top(), 28, 20), Qt.AlignmentFlag.AlignCenter, str(card.range))
    painter.setPen(INK)
    _set_font(painter, 8.5)
    painter.drawText(line.adjusted(36, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter,
                     ngettext("Range: within {n} square of the ball", "Range: within {n} squares of the ball",
                              card.range).format(n=card.range))  # fmt: skip
    return line.bottom()


def penalty_words(penalty: int) -> str:
    return _("(penalty {n}+)").format(n=penalty)


def skills_html(card: RefereeCard) -> str:
    """The skills and equipment block of a card (also used for printing)."""
    parts = []
    if card.description:  # a Star Ref's line from the ruleset in the card's language; a typed one as typed
        description = term("table", card.description)
        parts.append(f"<p style='color:#6b6558; margin:0 0 4px 0'><i>{escape(description)}</i></p>")
    items = [
        f"<b>{escape(term('skill', s.name))}</b> <span style='color:#4a453c'>— {escape(s.effect)}</span>"
        for s in card.skills
    ]
    items += [f"<b>{escape(term('table', e.name))}</b> <span style='color:#b3261e'>"
              f"{escape(penalty_words(e.penalty))}</span> "
              f"<span style='color:#4a453c'>— {escape(e.effect)}</span>" for e in card.equipment]  # fmt: skip
    if items:
        parts.append("".join(f"<p style='margin:0 0 3px 0'>{item}</p>" for item in items))
    else:
        none = escape(_("No skills yet: he learns the trade match by match."))
        parts.append(f"<p style='color:#8a8476'><i>{none}</i></p>")
    return "".join(parts)


def _skills(painter: QPainter, rect: QRectF, top: float, bottom: float, card: RefereeCard) -> None:
    area = QRectF(rect.left() + 14, top + 8, rect.width() - 28, bottom - top - 12)
    painter.setPen(QPen(MUTED, 0.8))
    painter.drawLine(QPointF(area.left(), top + 4), QPointF(area.right(), top + 4))
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    doc.setDefaultFont(_font(7.6))
    doc.setTextWidth(area.width())
    doc.setHtml(skills_html(card))
    painter.save()
    painter.translate(area.topLeft())
    clip = QRectF(0, 0, area.width(), area.height())
    painter.setClipRect(clip)
    doc.drawContents(painter, clip)
    painter.restore()
    if doc.size().height() > area.height():  # more than fits: say so rather than cut a line silently
        _set_font(painter, 7.5, bold=True)
        painter.setPen(MUTED)
        painter.drawText(QRectF(area.left(), area.bottom() - 2, area.width(), 12),
                         Qt.AlignmentFlag.AlignRight, "more…")  # fmt: skip


def _pill(painter: QPainter, x: float, y: float, text: str, colour: QColor, *, filled: bool = True) -> float:
    _set_font(painter, 6.8, bold=True, caps=True)
    width = painter.fontMetrics().horizontalAdvance(text.upper()) + 14
    box = QRectF(x, y, width, 16)
    painter.setPen(QPen(colour, 1.2))
    painter.setBrush(colour if filled else PAPER)
    painter.drawRoundedRect(box, 8, 8)
    painter.setPen(QColor("white") if filled else colour)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    return x + width + 5


def _fitted(painter: QPainter, text: str, cell: QRectF) -> str:
    """`text` cut with an ellipsis where it would run into the next cell (a longer word in another language)."""
    return painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(cell.width() - 3))


def _footer(painter: QPainter, rect: QRectF, card: RefereeCard, *, printed: bool = False) -> None:
    top = rect.bottom() - 78
    band = QRectF(rect.left(), top, rect.width(), 78)
    painter.setPen(QPen(INK, 1.2))
    painter.drawLine(QPointF(band.left() + 1, top), QPointF(band.right() - 1, top))
    # a card's narrow cells: the short forms of their own context ("referee card"), cut to the cell if need be
    level = pgettext("referee card", "never gains SPP") if card.is_star else term("level", card.level)
    cells = [(pgettext("referee card", "SPP"), str(card.spp), level),
             (pgettext("referee card", "Matches"), str(card.matches), ""),
             (pgettext("referee card", "Awards"), str(card.awards), ""),
             (pgettext("referee card", "Cas"), str(card.casualties), "")]  # fmt: skip
    widths = [0.37, 0.21, 0.21, 0.21]
    x = band.left() + 10
    for (label, value, sub), share in zip(cells, widths, strict=True):
        cell = QRectF(x, top + 4, (band.width() - 20) * share, 46)
        _set_font(painter, 6.8, bold=True, caps=True)
        painter.setPen(MUTED)
        painter.drawText(
            cell, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, _fitted(painter, label, cell)
        )
        _set_font(painter, 12, bold=True)
        painter.setPen(INK)
        painter.drawText(cell.adjusted(0, 11, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, value)
        if sub:
            _set_font(painter, 6.8)
            painter.setPen(MUTED)
            painter.drawText(
                cell.adjusted(0, 30, 0, 0),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                _fitted(painter, sub, cell),
            )
        x += cell.width()
    y = band.bottom() - 22
    x = band.left() + 10
    x = _pill(
        painter, x, y, _(REFEREE_STATUSES.get(card.status, card.status)), STATUS_COLOURS.get(card.status, MUTED)
    )
    if printed:  # what the commissioner is to do next belongs on the screen, not on a card handed out
        return
    if card.waiting_roll is not None:
        x = _pill(painter, x, y, _("roll {total}: take it").format(total=card.waiting_roll), GOLD)
    elif card.rolls_due:
        x = _pill(painter, x, y, _("Star Player roll due"), GOLD)
    if card.open_sheet_id is not None:
        _pill(painter, x, y, _("on a match sheet"), SELECTED, filled=False)


def _stamp(painter: QPainter, rect: QRectF, text: str, colour: QColor) -> None:
    """A rubber stamp across a sacked or dead ref's card."""
    painter.save()
    painter.translate(rect.center())
    painter.rotate(-24)
    _set_font(painter, 26, bold=True, caps=True)
    width = painter.fontMetrics().horizontalAdvance(text.upper()) + 30
    box = QRectF(-width / 2, -26, width, 52)
    faded = QColor(colour)
    faded.setAlpha(190)
    painter.setPen(QPen(faded, 4))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(box, 6, 6)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def paint_card(
    painter: QPainter,
    rect: QRectF,
    card: RefereeCard,
    *,
    selected: bool = False,
    shadow: bool = True,
    printed: bool = False,
) -> None:
    """Draw one referee card filling `rect` (on screen with a shadow; `printed`: the same card without the
    shadow and without the screen's reminders: on a match sheet, a roll due)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    outline = QPainterPath()
    outline.addRoundedRect(rect, 10, 10)
    if shadow:  # a card lying on the table
        painter.fillPath(outline.translated(2.5, 3), QColor(0, 0, 0, 38))
    painter.fillPath(outline, PAPER)
    _stripes(painter, QRectF(rect.left(), rect.top(), rect.width(), 72), outline)
    _name_plate(painter, rect, card)
    below_stats = _stats(painter, rect, card)
    below_range = _range_line(painter, rect, below_stats, card)
    _skills(painter, rect, below_range + 4, rect.bottom() - 82, card)
    _footer(painter, rect, card, printed=printed)
    if card.status in ("sacked", "dead"):
        _stamp(painter, rect, card.status, STATUS_COLOURS[card.status])
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(GOLD if card.is_star else INK, 1.6))
    painter.drawPath(outline)
    if selected:  # outside the card's own border, so a printed card never shows it
        painter.setPen(QPen(SELECTED, 3))
        painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 13, 13)
    painter.restore()


class RefereeCardDelegate(QStyledItemDelegate):
    """Paints the row object of a RowTableModel (RowRole) as a referee card."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        return CARD_SIZE + QSize(2 * MARGIN, 2 * MARGIN)

    def paint(self, painter: QPainter, option: Any, index: QModelIndex | QPersistentModelIndex) -> None:
        card = index.data(RowTableModel.RowRole)
        if card is None:
            return
        rect = QRectF(option.rect).adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        paint_card(painter, rect, card, selected=selected)
