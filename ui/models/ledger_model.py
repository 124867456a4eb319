"""A team's ledger: every movement of gold with the running balance."""

from __future__ import annotations

from typing import Any

from roster_app.queries.rosters import LedgerRow
from ui.models.columns import CENTER, FOREGROUND, RIGHT, Column, RowTableModel, brush, gp


def _when(r: LedgerRow) -> str:
    return r.created_at.astimezone().strftime("%Y-%m-%d %H:%M") if r.created_at else ""


class LedgerModel(RowTableModel):
    COLUMNS = (
        Column("created_at", "When", _when, sort=lambda r: r.id),
        Column("season", "Season", lambda r: r.season, align=CENTER),
        Column("reason", "What", lambda r: r.reason),
        Column("kind", "Kind", lambda r: r.kind),
        Column(
            "amount",
            "Gold",
            lambda r: f"{'+' if r.amount > 0 else ''}{gp(r.amount)}",
            sort=lambda r: r.amount,
            align=RIGHT,
        ),
        Column("balance", "Treasury", lambda r: gp(r.balance), sort=lambda r: r.balance, align=RIGHT),
    )

    ROLES = frozenset({FOREGROUND})

    def extra_data(self, row: LedgerRow, column: Column, role: int) -> Any:
        if column.key == "amount":
            return brush("#1b7f3b" if row.amount > 0 else "#a32020")
        return None
