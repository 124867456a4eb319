"""A tournament's bracket drawn with QPainter (issue 33): a column a round, each game a box with its two teams,
their seeds and scores (the winner in bold), a knock-out's games joined to the one their winners go to. A Swiss
open's rounds are columns of pairings. Click a game to choose it; double-click opens it (its report, or its
post-match sequence); right-click offers its report, pre-match sequence and match pad (the Season page's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QMenu, QSizePolicy, QWidget

from roster_app.i18n import _

BOX_W, BOX_H = 200, 46
GAP_X, GAP_Y = 44, 12
MARGIN, HEAD = 10, 26
INK, MUTED, LINE, SHADE, PICKED = "#111111", "#7a828c", "#8a939e", "#eef1f5", "#2f6db5"


@dataclass(frozen=True)
class Box:
    """Where a game is drawn."""

    rect: QRectF
    tie: Any  # a queries.competitions.TieRow


def layout(bracket: Any) -> tuple[list[Box], QSize]:
    """Each game's box: a knock-out's game centred between the two it comes from; a Swiss round's games in a column."""
    boxes: list[Box] = []
    rounds = bracket.rounds
    swiss = bracket.competition.format == "swiss"
    centres: dict[tuple[int, int], float] = {}
    height = 0.0
    for column, ties in enumerate(rounds):
        x = MARGIN + column * (BOX_W + GAP_X)
        for tie in ties:
            third = tie.third_place
            if swiss or column == 0:
                y = HEAD + tie.position * (BOX_H + GAP_Y)
            elif third:
                y = centres.get((tie.round, 0), HEAD) + BOX_H * 1.5 + GAP_Y
            else:
                above = centres.get((tie.round - 1, 2 * tie.position))
                below = centres.get((tie.round - 1, 2 * tie.position + 1))
                known = [c for c in (above, below) if c is not None]
                y = sum(known) / len(known) if known else HEAD + tie.position * (BOX_H + GAP_Y)
            if not third:
                centres[(tie.round, tie.position)] = y
            boxes.append(Box(QRectF(x, y, BOX_W, BOX_H), tie))
            height = max(height, y + BOX_H)
    width = MARGIN * 2 + max(1, len(rounds)) * (BOX_W + GAP_X) - GAP_X
    return boxes, QSize(int(width), int(height + MARGIN))


_LEFT = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
_RIGHT = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight
_PENS: dict[str, QPen] = {}  # made with the first view (a QPen needs the GUI application)
_BRUSHES: dict[bool, QColor] = {}


def _make_pens() -> None:
    if not _PENS:
        _PENS.update(picked=QPen(QColor(PICKED), 2), line=QPen(QColor(LINE), 1), muted=QPen(QColor(MUTED)),
                     ink=QPen(QColor(INK)))  # fmt: skip
        _BRUSHES.update({True: QColor(SHADE), False: QColor("#ffffff")})


class BracketView(QWidget):
    """The bracket of one tournament, painted; `picked` is the game chosen (its TieRow), `opened` a double-click."""

    picked = Signal(object)
    opened = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("bracketView")
        self.bracket: Any = None
        self.boxes: list[Box] = []
        self.chosen: Any = None
        self.menu_actions: list[tuple[str, Callable[[Any], None]]] = []  # (text, slot taking the TieRow)
        self._fits: dict[tuple[str, bool], str] = {}
        self._size = QSize(BOX_W + 2 * MARGIN, BOX_H + HEAD)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(False)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        _make_pens()

    def show_bracket(self, bracket: Any) -> None:
        chosen = self.chosen.id if self.chosen is not None else None
        self.bracket = bracket
        self.boxes, self._size = layout(bracket) if bracket is not None else ([], QSize(0, 0))
        self.chosen = next((b.tie for b in self.boxes if b.tie.id == chosen), None)
        self.setFixedSize(self._size)
        self.update()

    def sizeHint(self) -> QSize:
        return self._size

    def box_at(self, point: QPointF) -> Box | None:
        return next((b for b in self.boxes if b.rect.contains(point)), None)

    def box_of(self, tie_id: int) -> Box | None:
        return next((b for b in self.boxes if b.tie.id == tie_id), None)

    # -- the mouse ------------------------------------------------------------------------------------------
    def mousePressEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        box = self.box_at(event.position())
        self.chosen = box.tie if box is not None else None
        self.update()
        self.picked.emit(self.chosen)

    def mouseDoubleClickEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        box = self.box_at(event.position())
        if box is not None and box.tie.match_id is not None:
            self.chosen = box.tie
            self.opened.emit(box.tie)

    def contextMenuEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        box = self.box_at(QPointF(event.pos()))
        if box is None or box.tie.match_id is None:
            return
        self.chosen = box.tie
        self.update()
        self.picked.emit(box.tie)
        menu = QMenu(self)
        for text, slot in self.menu_actions:
            menu.addAction(text, lambda s=slot, t=box.tie: s(t))
        menu.popup(event.globalPos())

    # -- painting -------------------------------------------------------------------------------------------
    def paintEvent(self, _event: Any) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.fillRect(self.rect(), _BRUSHES[False])
        if self.bracket is None:
            return
        base = QFont(self.font())
        bold = QFont(base)
        bold.setBold(True)
        self._paint_heads(painter, bold)
        if self.bracket.competition.format != "swiss":
            self._paint_lines(painter)
        metrics = QFontMetrics(base)
        for box in self.boxes:
            self._paint_box(painter, box, base, bold, metrics)
        painter.end()

    def _paint_heads(self, painter: QPainter, bold: QFont) -> None:
        painter.setFont(bold)
        painter.setPen(QColor(INK))
        for column, name in enumerate(self.bracket.round_names):
            x = MARGIN + column * (BOX_W + GAP_X)
            painter.drawText(QRectF(x, 2, BOX_W, HEAD - 6), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             name[:1].upper() + name[1:])  # fmt: skip

    def _paint_lines(self, painter: QPainter) -> None:
        painter.setPen(_PENS["line"])
        where = {(b.tie.round, b.tie.position): b.rect for b in self.boxes if not b.tie.third_place}
        for (number, position), rect in where.items():
            target = where.get((number + 1, position // 2))
            if target is None:
                continue
            start = QPointF(rect.right(), rect.center().y())
            middle = rect.right() + GAP_X / 2
            end = QPointF(target.left(), target.center().y())
            painter.drawLine(start, QPointF(middle, start.y()))
            painter.drawLine(QPointF(middle, start.y()), QPointF(middle, end.y()))
            painter.drawLine(QPointF(middle, end.y()), end)

    def _paint_box(self, painter: QPainter, box: Box, base: QFont, bold: QFont, metrics: QFontMetrics) -> None:
        """A game's box: its two teams (seed, name cut to fit, score), each line's text drawn at its baseline."""
        tie, rect = box.tie, box.rect
        picked = self.chosen is not None and tie.id == self.chosen.id
        painter.setPen(_PENS["picked" if picked else "line"])
        painter.setBrush(_BRUSHES[tie.played])
        painter.drawRect(rect)
        seeds = self.bracket.seeds
        half = rect.height() / 2
        left, right = rect.left() + 6, rect.right() - 6
        for row, (team_id, name, score) in enumerate(((tie.home_id, tie.home, tie.home_score),
                                                     (tie.away_id, tie.away, tie.away_score))):  # fmt: skip
            baseline = rect.top() + row * half + (half + metrics.ascent() - metrics.descent()) / 2
            if not name:
                text = _("bye") if tie.bye and row == 1 and tie.match_id is None else _("to be decided")
                painter.setFont(base)
                painter.setPen(_PENS["muted"])
                painter.drawText(QPointF(left, baseline), text)
                continue
            won = tie.winner_id is not None and tie.winner_id == team_id
            painter.setFont(bold if won else base)
            painter.setPen(_PENS["ink"])
            seed = seeds.get(team_id)
            painter.drawText(
                QPointF(left, baseline), self._fitted(f"({seed}) {name}" if seed else name, won, bold)
            )
            if tie.played:
                text = str(score)
                painter.drawText(QPointF(right - metrics.horizontalAdvance(text), baseline), text)
        if tie.decided or tie.note not in ("", "bye"):  # told in full by the game's tooltip
            painter.setPen(_PENS["muted"])
            painter.drawText(QPointF(rect.right() - 9, rect.bottom() - 2), "*")

    def _fitted(self, text: str, won: bool, bold: QFont) -> str:
        """The name cut to the box (with an ellipsis), measured once per name and weight."""
        key = (text, won)
        fitted = self._fits.get(key)
        if fitted is None:
            metrics = QFontMetrics(bold if won else self.font())
            fitted = self._fits[key] = metrics.elidedText(text, Qt.TextElideMode.ElideRight, BOX_W - 12 - 28)
        return fitted

    def event(self, event: Any) -> bool:
        if event.type() == event.Type.ToolTip:
            box = self.box_at(QPointF(event.pos()))
            if box is not None:
                from PySide6.QtWidgets import QToolTip

                QToolTip.showText(event.globalPos(), tooltip(box.tie), self)
                return True
        return super().event(event)


def tooltip(tie: Any) -> str:
    """A game in words: its round, teams, score and how it was decided (plain text, names as typed)."""
    from html import escape

    parts = [_("{name} (round {round})").format(name=tie.round_name.capitalize(), round=tie.season_round)]
    if tie.home or tie.away:
        undecided = _("to be decided")
        parts.append(f"{tie.home or undecided} {tie.score} {tie.away or undecided}")
    if tie.decided:
        parts.append(tie.decided)
    if tie.note and tie.note != "bye":
        parts.append(tie.note)
    return "<br>".join(escape(p) for p in parts)
