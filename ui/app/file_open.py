"""macOS hands a double-clicked league to the running app as a FileOpen event, not as a second process.

Installed on the application on macOS only (an application-wide event filter sees every event).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject


class FileOpenFilter(QObject):
    def __init__(self, window: Any):
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.FileOpen and event.file():  # type: ignore[attr-defined]
            from ui.app.single_instance import handle_message, message_for

            handle_message(self.window, message_for(event.file()))  # type: ignore[attr-defined]
            return True
        return False
