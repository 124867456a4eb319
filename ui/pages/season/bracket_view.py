"""A tournament's bracket drawn with QPainter (issue 33): a column a round, each game a box with its two teams,
their seeds and scores (the winner in bold), a knock-out's games joined to the one their winners go to. A Swiss
open's rounds are columns of pairings. Click a game to choose it; double-click opens it (its report, or its
post-match sequence); right-click offers its report, pre-match sequence and match pad (the Season page's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QMenu, QSizePolicy, QWidget

from roster_app.i18n import _

BOX_W, BOX_H = 200, 46
GAP_X, GAP_Y = 44, 12
MARGIN, HEAD = 10, 26
INK, MUTED, LINE, SHADE, PICKED = "#111111", "#7a828c", "#8a939e", "#eef1f5", "#2f6db5"
TEXT, BOLD_TEXT, MUTED_TEXT = 0, 1, 2  # a text's font and pen


@dataclass(frozen=True)
class Box:
    """Where a game is drawn."""

    rect: QRectF
    tie: Any  # a queries.competitions.TieRow
    x: float = 0.0  # the rect's top left, kept as numbers (reading them back from Qt costs a call each)
    y: float = 0.0


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
            boxes.append(Box(QRectF(x, y, BOX_W, BOX_H), tie, x, y))
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
        self._prepared_font = QFont()
        self._lines: list[QLineF] = []
        self._lines_key: Any = None
        self._size = QSize(BOX_W + 2 * MARGIN, BOX_H + HEAD)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(False)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        self.setAttribute(
            Qt.WidgetAttribute.WA_OpaquePaintEvent
        )  # paintEvent fills what it paints: no fill before
        _make_pens()
        self._prepare()

    def show_bracket(self, bracket: Any) -> None:
        chosen = self.chosen.id if self.chosen is not None else None
        if bracket is not None and bracket == self.bracket and self.font() == self._prepared_font:
            self.bracket = bracket  # unchanged (the page refreshed after another change): its layout stands
            self.update()
            return
        self.bracket = bracket
        self._prepared_font = QFont(self.font())
        self.boxes, self._size = layout(bracket) if bracket is not None else ([], QSize(0, 0))
        self.chosen = next((b.tie for b in self.boxes if b.tie.id == chosen), None)
        self._prepare()
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
    def _prepare(self) -> None:
        """What paintEvent draws, worked out once a bracket is shown (a repaint, a scroll, only draws): each box's
        texts at their baselines grouped by font and pen, the lines joining the games, the rounds' headings."""
        self._texts: list[list[tuple[int, int, int, str]]] = []  # per box: (group, x, y, text)
        if self.bracket is None:
            self._lines, self._lines_key = [], None
            return
        base = QFont(self.font())
        bold = QFont(base)
        bold.setBold(True)
        self._fonts = (base, bold)
        metrics = QFontMetrics(base)
        seeds = self.bracket.seeds
        half = BOX_H / 2
        lift = (half + metrics.ascent() - metrics.descent()) / 2
        for box in self.boxes:
            tie, top = box.tie, box.y
            left, right = int(box.x + 6), box.x + BOX_W - 6
            texts = []
            for row, (team_id, name, score) in enumerate(((tie.home_id, tie.home, tie.home_score),
                                                         (tie.away_id, tie.away, tie.away_score))):  # fmt: skip
                baseline = int(top + row * half + lift)
                if not name:
                    text = _("bye") if tie.bye and row == 1 and tie.match_id is None else _("to be decided")
                    texts.append((MUTED_TEXT, left, baseline, text))
                    continue
                won = tie.winner_id is not None and tie.winner_id == team_id
                seed = seeds.get(team_id)
                fitted = self._fitted(f"({seed}) {name}" if seed else name, won, bold)
                texts.append((BOLD_TEXT if won else TEXT, left, baseline, fitted))
                if tie.played:
                    text = str(score)
                    texts.append((BOLD_TEXT if won else TEXT, int(right - metrics.horizontalAdvance(text)), baseline,
                                  text))  # fmt: skip
            if tie.decided or tie.note not in ("", "bye"):  # told in full by the game's tooltip
                texts.append(
                    (MUTED_TEXT, int(box.x + BOX_W + 3), int(top + lift), "*")
                )  # beside, clear of the score
            self._texts.append(texts)
        swiss = self.bracket.competition.format == "swiss"
        key = (swiss, tuple((b.tie.round, b.tie.position, b.x, b.y) for b in self.boxes))
        if key != self._lines_key:  # the lines follow the bracket's shape, not its results
            self._lines, self._lines_key = self._joining_lines(swiss), key

    def _joining_lines(self, swiss: bool) -> list[QLineF]:
        """The lines from each knock-out game to the one its winner goes to."""
        lines: list[QLineF] = []
        if not swiss:
            where = {(b.tie.round, b.tie.position): b for b in self.boxes if not b.tie.third_place}
            for (number, position), box in where.items():
                target = where.get((number + 1, position // 2))
                if target is None:
                    continue
                right, y, end = box.x + BOX_W, box.y + BOX_H / 2, target.y + BOX_H / 2
                middle = right + GAP_X / 2
                lines += [QLineF(right, y, middle, y), QLineF(middle, y, middle, end),
                          QLineF(middle, end, target.x, end)]  # fmt: skip
        return lines

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        """Only what the exposed part shows (a scroll area shows a part of a 64-team cup): the boxes in one call
        a shade, the lines in one call, the texts a font and pen at a time (the view paints every pixel itself)."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        exposed = QRectF(event.rect())
        painter.fillRect(exposed, _BRUSHES[False])
        if self.bracket is None:
            return
        base, bold = self._fonts
        self._paint_heads(painter, bold, exposed)
        if self._lines:
            painter.setPen(_PENS["line"])
            painter.drawLines(self._lines)
        shown = [i for i, box in enumerate(self.boxes) if box.rect.intersects(exposed)]
        painter.setPen(_PENS["line"])
        for played in (False, True):  # a game to play is white, on white: its box is only its outline
            rects = [self.boxes[i].rect for i in shown if self.boxes[i].tie.played is played]
            if rects:
                painter.setBrush(_BRUSHES[played] if played else Qt.BrushStyle.NoBrush)
                painter.drawRects(rects)
        picked = next((self.boxes[i] for i in shown if self.chosen is not None and self.boxes[i].tie.id == self.chosen.id),
                      None)  # fmt: skip
        if picked is not None:
            painter.setPen(_PENS["picked"])
            painter.setBrush(_BRUSHES[picked.tie.played])
            painter.drawRect(picked.rect)
        for group, font, pen in ((TEXT, base, "ink"), (BOLD_TEXT, bold, "ink"), (MUTED_TEXT, base, "muted")):
            painter.setFont(font)
            painter.setPen(_PENS[pen])
            for i in shown:
                for kind, x, y, text in self._texts[i]:
                    if kind == group:
                        painter.drawText(x, y, text)
        painter.end()

    def _paint_heads(self, painter: QPainter, bold: QFont, exposed: QRectF) -> None:
        if exposed.top() > HEAD:
            return
        painter.setFont(bold)
        painter.setPen(_PENS["ink"])
        for column, name in enumerate(self.bracket.round_names):
            x = MARGIN + column * (BOX_W + GAP_X)
            painter.drawText(QRectF(x, 2, BOX_W, HEAD - 6), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             name[:1].upper() + name[1:])  # fmt: skip

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
