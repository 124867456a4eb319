"""macOS hands a double-clicked league to the running app as a FileOpen event, not as a second process.

Installed on the application on macOS only (an application-wide event filter sees every event).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject


class FileOpenFilter(QObject):
    def __init__(self, window: Any):
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.FileOpen and event.file():  # type: ignore[attr-defined]
            self.window.open_league_later(Path(event.file()))  # type: ignore[attr-defined]
            self.window.raise_()
            return True
        return False
