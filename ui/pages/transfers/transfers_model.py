"""The league's transfer history: every approach and how it ended, with its rolls and price."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont

from roster_app.i18n import N_, _
from roster_app.queries.transfers import TransferRow
from roster_app.words import count
from ui.kit.columns import CENTER, RIGHT, Column, RowTableModel, gp

STATUS_COLOURS = {"completed": "#1b7f3b", "reversed": "#8a8a8a", "refused by coach": "#a32020",
                  "refused by player": "#a32020", "pulled out": "#9a5b00", "approached": "#5b6470"}  # fmt: skip
# an approach's outcome (a stored key) as the commissioner reads it
STATUS_TEXT = {
    "approached": N_("approach only"), "completed": N_("completed"), "reversed": N_("reversed"),
    "refused by coach": N_("refused by coach"), "refused by player": N_("refused by player"),
    "pulled out": N_("pulled out"),
}  # fmt: skip


def _when(r: TransferRow) -> str:
    return r.created_at.strftime("%Y-%m-%d") if r.created_at else ""


def _contract(r: TransferRow) -> str:
    if r.status not in ("completed", "reversed"):
        return ""
    return count(r.contract_seasons, "season") if r.contract_seasons else _("none (Rookie)")


def _player(r: TransferRow) -> str:
    notes = [n for n, on in ((_("under contract"), r.under_contract), (_("ally"), r.ally)) if on]
    return f"{r.player} ({', '.join(notes)})" if notes else r.player


class TransfersModel(RowTableModel):
    COLUMNS = (
        Column("when", N_("Date"), _when, sort=lambda r: r.id),
        Column("season", N_("Season"), lambda r: r.season, align=CENTER),
        Column("player", N_("Player"), _player, sort=lambda r: r.player.lower()),
        Column("seller", N_("From"), lambda r: r.seller),
        Column("buyer", N_("To"), lambda r: r.buyer),
        Column(
            "status", N_("Outcome"), lambda r: _(STATUS_TEXT[r.status]) if r.status in STATUS_TEXT else r.status
        ),
        Column("reaction", N_("Player Reaction"), lambda r: r.reaction),
        Column("tribunal", N_("Tribunal roll"), lambda r: r.tribunal),
        Column(
            "price",
            N_("Price"),
            lambda r: gp(r.price) if r.price is not None else "",
            sort=lambda r: r.price or 0,
            align=RIGHT,
        ),  # fmt: skip
        Column("contract", N_("New contract"), _contract),
    )

    def extra_data(self, row: TransferRow, column: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and column.key == "status":
            return QBrush(QColor(STATUS_COLOURS.get(row.status, "#000000")))
        if role == Qt.ItemDataRole.ForegroundRole and row.status == "reversed":
            return QBrush(QColor("#8a8a8a"))
        if role == Qt.ItemDataRole.FontRole and column.key == "status" and row.status == "completed":
            font = QFont()
            font.setBold(True)
            return font
        return None
