"""The open league as the GUI sees it: the LeagueDB, its undo stack, and a signal when data changed.

Widgets never write the database: they call `LeagueSession.run(service, ...)`. The service runs in one
transaction; its Change goes on the QUndoStack (undo/redo replay the recorded rows) and `changed` tells
every view which tables moved so it refreshes only what it shows. Refusals are shown in plain words.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QWidget

from roster_app.i18n import _
from ui.kit import ask
from ui.kit.basics import mnemonic_safe

log = logging.getLogger(__name__)


class ServiceCommand(QUndoCommand):
    """One undo step = one service call. Keeps the recorded rows, never widgets or ORM objects."""

    def __init__(self, session: LeagueSession, change: Any):
        # The text after "\n" goes into the Undo/Redo actions, where "&" marks a shortcut letter ("Tom & Jerry"
        # showed as "Tom _Jerry"): doubled there; before it, as typed (the command's own text).
        super().__init__(f"{change.label}\n{mnemonic_safe(change.label)}")
        self._session = session
        self._change = change
        self._applied = True  # the service already ran when the command is pushed

    def redo(self) -> None:
        if self._applied:
            return
        self._session._replay(self._change, forward=True)
        self._applied = True

    def undo(self) -> None:
        self._session._replay(self._change, forward=False)
        self._applied = False


class LeagueSession(QObject):
    """Holds the open league. `changed(tables)` fires after every write, undo and redo."""

    changed = Signal(object)  # set of table names
    failed = Signal(str)

    def __init__(self, db: Any, parent: QObject | None = None):
        super().__init__(parent)
        self.db = db
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(200)

    @property
    def read_only(self) -> bool:
        return self.db.read_only

    def run(
        self,
        service: Callable[..., Any],
        /,
        *,
        parent: QWidget | None = None,
        undo_stack: QUndoStack | None = None,
        **kwargs: Any,
    ) -> Any:
        """Run a service; on refusal show why and return None. Returns the service's Change otherwise.

        `undo_stack`: a window with its own undo history (the match pad) keeps its steps there.

        On a shared league a clash with another commissioner's change is retried (LeagueDB.run); a change
        based on rows someone else changed meanwhile is refused and every view reloads.
        """
        from roster_app.errors import ChangedMeanwhile, DugoutError

        try:
            change = self.db.run(service, **kwargs)
        except DugoutError as exc:
            self._refuse(parent, str(exc))
            if isinstance(exc, ChangedMeanwhile):
                self.reload()
            return None
        stack = undo_stack if undo_stack is not None else self.undo_stack
        if change.undoable and not change.empty:
            stack.push(ServiceCommand(self, change))
        elif not change.undoable:
            stack.clear()  # history before a procedure that cannot be undone would not apply
        self.changed.emit(change.tables)
        return change

    def reload(self) -> None:
        """Every view reads the league again (a shared league shows what other commissioners changed)."""
        from sqlmodel import SQLModel

        self.changed.emit(set(SQLModel.metadata.tables))

    def _refuse(self, parent: QWidget | None, message: str) -> None:
        self.failed.emit(message)
        ask.error(parent or self._window(), message)

    def _window(self) -> QWidget | None:
        parent = self.parent()
        return parent if isinstance(parent, QWidget) else None

    def _replay(self, change: Any, *, forward: bool) -> None:
        from roster_app.errors import DugoutError

        try:
            self.db.replay(change, forward=forward)
        except DugoutError as exc:
            # The stack has already moved: drop the history so it cannot disagree with the league.
            QTimer.singleShot(0, self.undo_stack.clear)
            self._refuse(None, f"{exc}\n\n" + _("The undo history was cleared."))
            return
        self.changed.emit(change.tables)

    def close(self) -> None:
        self.undo_stack.clear()
        self.db.close()
