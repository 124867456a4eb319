"""The page shown when no league is open: open the demo league, start a new one, or open a file."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class WelcomePage(QWidget):
    new_league = Signal()
    open_league = Signal()
    open_demo = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        title = QLabel("<h1>Dugout</h1><p>The league commissioner's desk.</p>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(title)
        for text, signal in (("Open the demo league", self.open_demo), ("Start a new league…", self.new_league),
                             ("Open a league file…", self.open_league)):  # fmt: skip
            button = QPushButton(text)
            button.setMinimumWidth(260)
            button.clicked.connect(signal)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
