"""Windows sized to the screen they open on (issue 35: the main window opened 1280x800 and Print Preview 1000x860
on a 1366x768 laptop, their bottoms off the screen; on 1920x1080 the window stayed small in a sea of desktop).

A window is never larger than the screen's available area (the panel and task bar left out), takes a share of a
large screen, and comes back where the commissioner left it (QSettings), pulled onto the screen when that has
shrunk since (a laptop without its monitor)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

SHARE = 0.85  # of a large screen's available width and height
# The window manager's frame around the window (a title bar, borders): not known before the window is shown, so
# room is left for a usual one; the available area already leaves out panels and task bars.
DECORATION = QSize(8, 40)


def fitted_size(available: QSize, wanted: QSize, *, share: float = SHARE) -> QSize:
    """`wanted` (what the window's content needs), grown to a share of a large screen, never past the screen."""
    width = min(available.width(), max(wanted.width(), int(available.width() * share)))
    height = min(available.height(), max(wanted.height(), int(available.height() * share)))
    return QSize(width, height)


def clamped(frame: QRect, available: QRect) -> QRect:
    """A remembered frame pulled onto the available area, shrunk to it when it is larger."""
    width, height = min(frame.width(), available.width()), min(frame.height(), available.height())
    left = min(max(frame.left(), available.left()), available.right() - width + 1)
    top = min(max(frame.top(), available.top()), available.bottom() - height + 1)
    return QRect(left, top, width, height)


def available_area(widget: QWidget) -> QRect:
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def fit_to_screen(widget: QWidget, wanted: QSize, *, settings: Any = None, key: str | None = None) -> None:
    """Size `widget` to its screen: its remembered geometry (`settings`, `key`) pulled onto the screen, else
    `fitted_size`, centred."""
    area = available_area(widget)
    room = area.adjusted(DECORATION.width() // 2, DECORATION.height(), -(DECORATION.width() // 2), 0)
    remembered = settings.value(key) if settings is not None and key else None
    if remembered is not None and widget.restoreGeometry(remembered):
        widget.setGeometry(clamped(widget.geometry(), room))
        return
    size = fitted_size(room.size(), wanted)
    widget.resize(size)
    frame = size + DECORATION  # move() places the frame: centred on the available area
    widget.move(
        area.left() + (area.width() - frame.width()) // 2, area.top() + (area.height() - frame.height()) // 2
    )


def remember(widget: QWidget, settings: Any, key: str) -> None:
    """Keep the window's geometry for the next time it opens."""
    settings.setValue(key, widget.saveGeometry())
