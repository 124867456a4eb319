"""Careers reached from every table where a player, team or referee appears.

`link_careers(view, page, links, show)` adds one right-click action a link ("Career of the Player…") on the row under
the cursor, and opens the first link on double-click where a double-click does nothing else. Each link reads
the id from the view's row object (RowTableModel.row), so the pages keep their own models and layouts.
`show(kind, db, id, parent, **options)` opens the career window: the wiring here never imports the windows
(windows.py links its own tables with these, and a page hands over opening.show_career).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractItemView, QWidget

KINDS = ("player", "team", "referee")
ShowCareer = Callable[..., Any]  # (kind, db, row id, parent, **options) -> the career window


@dataclass(frozen=True)
class Link:
    text: str  # the action's text: "Player's Career…", "Buyer's Timeline…"
    kind: str  # player, team or referee
    id_of: Callable[[Any], int | None]  # the row object -> the id (None: nothing to open for this row)
    options: Callable[[Any], dict] | None = None  # extra arguments of the dialog (a team's season)
    missing: str = ""  # said when the row has nobody to open ("No referee has been chosen for this game yet.")


def _current_row(view: QAbstractItemView) -> Any:
    index = view.currentIndex()
    if not index.isValid():
        return None
    return view.model().row(index.row())


def open_link(view: QAbstractItemView, page: QWidget, link: Link, show: ShowCareer, row: Any = None) -> Any:
    """Open the career window `link` names for `row` (the view's current row by default); None if there is none."""
    row = row if row is not None else _current_row(view)
    row_id = link.id_of(row) if row is not None else None
    if not row_id:
        if row is not None and link.missing:
            from ui.kit import ask

            ask.info(page, link.missing, title=link.text.rstrip("…"))
        return None
    options = link.options(row) if link.options else {}
    db = page.session.db if hasattr(page, "session") else page.db  # a page of the league, or a career window
    return show(link.kind, db, row_id, page, **options)


def link_careers(
    view: QAbstractItemView, page: QWidget, links: list[Link], show: ShowCareer, *, double_click: bool = True
) -> list[QAction]:
    """Right-click actions on `view` for each link (added after the view's own actions, if it has some);
    `double_click`: the first link opens on a double-click (not where a double-click already edits or opens)."""
    from PySide6.QtCore import Qt  # the Qt namespace is costly: not at import, before the first paint

    if view.contextMenuPolicy() != Qt.ContextMenuPolicy.ActionsContextMenu:
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    elif view.actions():
        separator = QAction(view)
        separator.setSeparator(True)
        view.addAction(separator)
    actions = []
    for link in links:
        action = QAction(link.text, view)
        action.setObjectName(f"career_{link.kind}")
        action.triggered.connect(lambda _checked=False, lk=link: open_link(view, page, lk, show))
        view.addAction(action)
        actions.append(action)
    view.career_actions = actions  # for tests and for the pages that enable them with the selection
    if double_click and links:
        view.doubleClicked.connect(
            lambda index: open_link(view, page, links[0], show, view.model().row(index.row()))
        )
    return actions
