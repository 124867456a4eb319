"""The layout every league-wide page shares: a bar of figures and buttons, the table, a hint in grey."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QTableView, QVBoxLayout, QWidget


def league_page_layout(page: QWidget, bar: QHBoxLayout, view: QTableView, hint: str) -> QVBoxLayout:
    note = QLabel(hint, page)
    note.setWordWrap(True)
    note.setStyleSheet("color: #5b6470")
    layout = QVBoxLayout(page)
    layout.setContentsMargins(6, 6, 6, 6)
    layout.addLayout(bar)
    layout.addWidget(view, 1)
    layout.addWidget(note)
    return layout
