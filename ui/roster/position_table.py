"""A team list to choose a position from: one row per position (reserve_queries.PositionOffer), the rows that
cannot be chosen greyed out with the reason as their tooltip."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem, QWidget

from roster_app.i18n import N_, _, term
from roster_app.rules.roster import gp
from ui.kit.basics import plain_tip

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class PositionTable(QTableWidget):
    def __init__(
        self, parent: QWidget | None = None, *, price_header: str | None = None, cost_header: str = N_("Cost")
    ):
        self.price_header = price_header
        headers = [  # the callers' headers are marked N_ (a caller's own words pass through unchanged)
            _("Position"), _(cost_header), *([_(price_header)] if price_header else []),
            _("MA"), _("ST"), _("AG"), _("AV"), _("On roster"), _("Skills"),
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
            cells = [(term("position", offer.name), None), (gp(offer.cost), RIGHT)]
            if self.price_header:
                cells.append((gp(offer.price), RIGHT))
            cells += [(offer.ma, Qt.AlignmentFlag.AlignCenter), (offer.st, Qt.AlignmentFlag.AlignCenter),
                      (offer.ag, Qt.AlignmentFlag.AlignCenter), (offer.av, Qt.AlignmentFlag.AlignCenter),
                      (_("{n} of {most}").format(n=offer.taken, most=offer.limit), Qt.AlignmentFlag.AlignCenter),
                      (", ".join(term("skill", s) for s in offer.skills), None)]  # fmt: skip
            for column, (value, align) in enumerate(cells):
                item = QTableWidgetItem(str(value))
                if align is not None:
                    item.setTextAlignment(align)
                item.setToolTip(plain_tip(offer.problem or ", ".join(term("skill", s) for s in offer.skills)))
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
        return _("Choose a position.") if offer is None else offer.problem

    def select(self, name: str) -> None:
        """Select a position by name (keyboard users and tests)."""
        self.selectRow([o.name for o in self.offers].index(name))
