"""Step 1 of a transfer: every player the buyer might approach; those who cannot be approached are greyed
with the reason."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from roster_app.transfer_queries import MarketRow
from ui.models.columns import RIGHT, Column, RowTableModel, gp


def _position(r: MarketRow) -> str:
    return f"{r.position} (ally: {r.race})" if r.ally else r.position


class MarketModel(RowTableModel):
    COLUMNS = (
        Column("name", "Player", lambda r: r.name, sort=lambda r: r.name.lower()),
        Column("team", "Team", lambda r: r.team, sort=lambda r: (r.team.lower(), r.name.lower())),
        Column("position", "Position", _position),
        Column("spp", "SPP", lambda r: r.spp, align=RIGHT, tip=lambda r: f"{r.spp} SPP: {r.level}"),
        Column("value", "Value", lambda r: gp(r.value), sort=lambda r: r.value, align=RIGHT),
        Column("contract", "Contract", lambda r: r.contract, sort=lambda r: (r.under_contract, r.contract)),
        Column(
            "approach",
            "Can be approached?",
            lambda r: "yes" if r.approachable else r.problem,
            sort=lambda r: (not r.approachable, r.problem or ""),
        ),  # fmt: skip
    )

    def __init__(self, parent: Any = None):
        super().__init__(parent)
        self._all: list[MarketRow] = []
        self._search = ""
        self._only_approachable = False

    def set_market(self, rows: list[MarketRow]) -> None:
        self._all = list(rows)
        self._apply()

    def set_search(self, text: str) -> None:
        self._search = text.strip().lower()
        self._apply()

    def set_only_approachable(self, on: bool) -> None:
        self._only_approachable = on
        self._apply()

    def _apply(self) -> None:
        words = self._search.split()

        def keep(r: MarketRow) -> bool:
            text = f"{r.name} {r.team} {r.race} {r.position} {r.contract}".lower()
            return all(w in text for w in words) and (r.approachable or not self._only_approachable)

        self.set_rows([r for r in self._all if keep(r)])

    def extra_data(self, row: MarketRow, column: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and not row.approachable:
            return QBrush(QColor("#9a9a9a"))
        if role == Qt.ItemDataRole.ToolTipRole and not row.approachable:
            return row.problem
        return None
