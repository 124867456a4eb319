"""Tiny widget makers shared by dialogs: a wrapping rich-text label, a button Enter never presses."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget


def rich_label(parent: QWidget, text: str = "") -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def quiet_button(text: str, parent: QWidget) -> QPushButton:
    """A push button that is never the dialog's default: Enter typed in a dice box must not press it."""
    button = QPushButton(text, parent)
    button.setAutoDefault(False)
    return button


def right_aligned(*widgets: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addStretch(1)
    for widget in widgets:
        row.addWidget(widget)
    return row


def _escape(text: str) -> str:
    """html.escape(text, quote=False), without importing `html` (its entity tables, ~1 ms on the start path)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def text_html(text: object) -> str:
    """User-typed text to put inside a rich label: shown as typed, never read as markup."""
    return _escape(str(text))


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label shown exactly as typed: a name's `<b>` or `&amp;` is never read as markup."""
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def mnemonic_safe(text: object) -> str:
    """A name on a button, check box or group box: Qt reads `&` there as a shortcut marker."""
    return str(text).replace("&", "&&")


def counted_suffix(spin: QWidget, word: str) -> None:
    """A spin box's unit counted with its value ("1 season", "2 seasons"), kept so as the value changes."""
    from roster_app.words import noun

    def show(value: int) -> None:
        spin.setSuffix(f" {noun(value, word)}")

    spin.valueChanged.connect(show)
    show(spin.value())


def plain_tip(text: str | None) -> str | None:
    """A tooltip shown as typed: Qt reads a tooltip that looks like markup (a name's `<b>`, `&lt;`) as rich text,
    so such a one goes as escaped rich text, its lines kept."""
    if not text or not GuiQt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre-wrap'>{_escape(text)}</p>"
