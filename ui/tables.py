"""The app's table views: one look for every table (make_table), the roster's column widths, and the
league panel's lists. No ORM here: the first look (ui/first_look.py) uses them before SQLModel loads."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from ui.delegates.row_delegate import RowDelegate

RESIZE_PRECISION = 200  # rows a "fit to contents" looks at: a 2,000-row table is not measured row by row


def make_table(model: Any, parent: QWidget) -> QTableView:
    view = QTableView(parent)
    view.setModel(model)
    view.setSortingEnabled(True)
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(26)
    view.horizontalHeader().setHighlightSections(False)
    view.horizontalHeader().setResizeContentsPrecision(RESIZE_PRECISION)
    view.setWordWrap(False)
    view.setItemDelegate(RowDelegate(view))
    view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    return view


def list_view(model: Any, parent: QWidget) -> QTableView:
    """The league panel's lists (teams, referees): no grid, the first column takes the width."""
    view = QTableView(parent)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.setShowGrid(False)
    view.setSortingEnabled(True)
    view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    view.setWordWrap(False)
    view.verticalHeader().setDefaultSectionSize(24)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    header.setHighlightSections(False)
    header.setResizeContentsPrecision(RESIZE_PRECISION)
    view.setItemDelegate(RowDelegate(view))
    return view


def fit_roster_columns(view: QTableView, model: Any) -> None:
    """Narrow columns fit their contents; the skills column takes the room that is left."""
    view.resizeColumnsToContents()
    header = view.horizontalHeader()
    for key in ("number", "ma", "st", "ag", "av"):
        header.resizeSection(model.column_index(key), 38)
    for key, widest in (("name", 160), ("position", 135), ("level", 150), ("injuries", 100)):
        column = model.column_index(key)
        header.resizeSection(column, min(header.sectionSize(column), widest))
    header.setSectionResizeMode(model.column_index("skills"), QHeaderView.ResizeMode.Stretch)
