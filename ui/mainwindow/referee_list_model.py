"""The league panel's list of referees."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from roster_app.i18n import N_, _, term
from roster_app.queries.open_reads import RefereeItem
from ui.kit.columns import RIGHT, Column, RowTableModel, shown


class RefereeListModel(RowTableModel):
    COLUMNS = (
        # the race is in the tooltip (and on the card): a Race column left the names cut in the narrow panel
        Column(
            "name",
            N_("Referee"),
            lambda r: f"★ {r.name}" if r.is_star else r.name,
            tip=lambda r: (_("★ Star Ref ") if r.is_star else "") + f"{r.name}, {term('race', r.race)}",
        ),
        Column("status", N_("Status"), lambda r: shown(r.status)),
        Column("spp", N_("SPP"), lambda r: r.spp, align=RIGHT),
    )

    def extra_data(self, row: RefereeItem, column: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and row.status in ("sacked", "dead"):
            return QBrush(QColor("#8a8a8a"))
        return None
