"""Typing into widgets as a commissioner does: the keys, then Enter."""

from __future__ import annotations

from PySide6.QtCore import Qt


def type_value(qtbot, spin, value) -> None:  # noqa: ANN001
    """Select the spin box's text, type `value`, press Enter (the header saves on Enter)."""
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Return)
