"""A team's reserve history: approval, coaches, upkeep, every roll with its dice, new and drafted players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from roster_app.i18n import N_
from ui.kit.columns import Column, RowTableModel

if TYPE_CHECKING:  # the row type only: queries.reserves loads the ORM, and the league shows before it does
    from roster_app.queries.reserves import ReserveEventRow

# rows that move the team forward in green, losses in red
GOOD = {"new_player", "draft", "coach_hired", "approved"}
BAD = {"coach_left", "player_lost", "nothing_affordable", "withdrawn"}


def _when(r: ReserveEventRow) -> str:
    return r.created_at.astimezone().strftime("%Y-%m-%d %H:%M") if r.created_at else ""


class ReserveHistoryModel(RowTableModel):
    COLUMNS = (
        Column("created_at", N_("When"), _when, sort=lambda r: r.id),
        Column("title", N_("What"), lambda r: r.title),
        Column("detail", N_("Details"), lambda r: r.detail, tip=lambda r: r.detail),
        Column("roll", N_("Dice"), lambda r: r.roll),
    )

    def extra_data(self, row: ReserveEventRow, column: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and column.key == "title":
            if row.kind in GOOD:
                return QBrush(QColor("#1b7f3b"))
            if row.kind in BAD:
                return QBrush(QColor("#a32020"))
        return None
