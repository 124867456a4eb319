"""A team list to choose a position from: one row per position (reserve_queries.PositionOffer), the rows that
cannot be chosen greyed out with the reason as their tooltip."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem, QWidget

from roster_app.rules.roster import gp
from ui.kit.basics import plain_tip

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class PositionTable(QTableWidget):
    def __init__(
        self, parent: QWidget | None = None, *, price_header: str | None = None, cost_header: str = "Cost"
    ):
        self.price_header = price_header
        headers = [
            "Position", cost_header, *([price_header] if price_header else []),
            "MA", "ST", "AG", "AV", "On roster", "Skills",
        ]  # fmt: skip
        super().__init__(0, len(headers), parent)
        self.setHorizontalHeaderLabels(headers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)  # the skills take the room that is left
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long skill lists elide
        self.offers: list[Any] = []

    def set_offers(self, offers: Sequence[Any]) -> None:
        """Show the positions and select the first one that can be chosen."""
        self.offers = list(offers)
        self.setRowCount(len(self.offers))
        for row, offer in enumerate(self.offers):
            cells = [(offer.name, None), (gp(offer.cost), RIGHT)]
            if self.price_header:
                cells.append((gp(offer.price), RIGHT))
            cells += [(offer.ma, Qt.AlignmentFlag.AlignCenter), (offer.st, Qt.AlignmentFlag.AlignCenter),
                      (offer.ag, Qt.AlignmentFlag.AlignCenter), (offer.av, Qt.AlignmentFlag.AlignCenter),
                      (f"{offer.taken} of {offer.limit}", Qt.AlignmentFlag.AlignCenter), (", ".join(offer.skills), None)]  # fmt: skip
            for column, (value, align) in enumerate(cells):
                item = QTableWidgetItem(str(value))
                if align is not None:
                    item.setTextAlignment(align)
                item.setToolTip(plain_tip(offer.problem or ", ".join(offer.skills)))
                if offer.problem:
                    item.setForeground(Qt.GlobalColor.gray)
                self.setItem(row, column, item)
        self.resizeColumnsToContents()
        self.selectRow(next((i for i, o in enumerate(self.offers) if not o.problem), 0))

    def selected(self) -> Any:
        rows = self.selectionModel().selectedRows()
        return self.offers[rows[0].row()] if rows else None

    def problem(self) -> str | None:
        """Why the selected position cannot be chosen (or that none is selected), None when it can."""
        offer = self.selected()
        return "Choose a position." if offer is None else offer.problem

    def select(self, name: str) -> None:
        """Select a position by name (keyboard users and tests)."""
        self.selectRow([o.name for o in self.offers].index(name))
