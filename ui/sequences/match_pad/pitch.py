"""The pitch grid: 26 x 15 squares; a click puts the ref, a right-click (or Shift+click) the ball."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from roster_app.i18n import _
from roster_app.rules.matchpad import PITCH

GRASS, LINE, REF, BALL = QColor("#3f7d3a"), QColor("#d9e8d0"), QColor("#111111"), QColor("#8a4b16")


class PitchGrid(QWidget):
    squares_changed = Signal(object, object)  # ref square, ball square: (x, y) or None

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.ref: tuple[int, int] | None = None
        self.ball: tuple[int, int] | None = None
        self.setMinimumSize(26 * 12, 15 * 12)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setToolTip(_("Click: the ref's square. Right-click or Shift+click: the ball's square."))
        self.setAccessibleName(_("Pitch: click the ref's square, right-click the ball's"))

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(26 * 18, 15 * 18)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return width * PITCH[1] // PITCH[0]

    def _cell(self) -> float:
        return min(self.width() / PITCH[0], self.height() / PITCH[1])

    def square_at(self, point: QPointF) -> tuple[int, int] | None:
        cell = self._cell()
        x, y = int(point.x() // cell), int(point.y() // cell)
        return (x, y) if 0 <= x < PITCH[0] and 0 <= y < PITCH[1] else None

    def set_squares(self, ref: tuple[int, int] | None, ball: tuple[int, int] | None) -> None:
        self.ref, self.ball = ref, ball
        self.update()

    def click(self, square: tuple[int, int], *, ball: bool = False) -> None:
        """Put the ref (or the ball) on a square, as a click does."""
        if ball:
            self.ball = square
        else:
            self.ref = square
        self.update()
        self.squares_changed.emit(self.ref, self.ball)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        square = self.square_at(event.position())
        if square is None:
            return
        ball = event.button() == Qt.MouseButton.RightButton or bool(
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        self.click(square, ball=ball)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802
        cell = self._cell()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(QRectF(0, 0, cell * PITCH[0], cell * PITCH[1]), GRASS)
        painter.setPen(QPen(LINE, 1))
        for x in range(PITCH[0] + 1):
            painter.drawLine(QPointF(x * cell, 0), QPointF(x * cell, PITCH[1] * cell))
        for y in range(PITCH[1] + 1):
            painter.drawLine(QPointF(0, y * cell), QPointF(PITCH[0] * cell, y * cell))
        painter.setPen(QPen(LINE, 3))
        for x in (1, PITCH[0] // 2, PITCH[0] - 1):  # the end zones and the line of scrimmage
            painter.drawLine(QPointF(x * cell, 0), QPointF(x * cell, PITCH[1] * cell))
        for square, colour, stripe in ((self.ball, BALL, False), (self.ref, REF, True)):
            if square is None:
                continue
            rect = QRectF(square[0] * cell + 2, square[1] * cell + 2, cell - 4, cell - 4)
            painter.setPen(QPen(Qt.GlobalColor.white, 2))
            painter.setBrush(colour)
            painter.drawEllipse(rect)
            if stripe:  # the ref's black and white stripes
                painter.drawLine(
                    rect.center() - QPointF(0, rect.height() / 2), rect.center() + QPointF(0, rect.height() / 2)
                )
        painter.end()
