"""A team's ledger: every movement of gold with the running balance; a correction stands out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roster_app.i18n import N_, _
from ui.kit.columns import CENTER, FONT, FOREGROUND, RIGHT, Column, RowTableModel, brush, font, gp

if TYPE_CHECKING:  # the row type only: queries.rosters loads the ORM, and the league shows before it does
    from roster_app.queries.rosters import LedgerRow

CORRECTION = "correction"  # the ledger kind of a commissioner's correction (and of a Check League repair)
CORRECTION_TIP = N_("A correction made outside the league's timeline: the team's History tab lists who and why.")
# the ledger's kinds (stored keys) as the commissioner reads them; a kind not listed shows as stored
KINDS = {
    "correction": N_("Correction"), "opening": N_("opening"), "hire": N_("hire"), "reroll": N_("re-roll"),
    "reserve": N_("reserve"), "contract": N_("contract"), "upkeep": N_("upkeep"), "staff": N_("staff"),
    "transfer": N_("transfer"), "winnings": N_("winnings"), "expenses": N_("expenses"),
    "competition": N_("competition"), "reversal": N_("reversal"), "super pro": N_("super pro"),
}  # fmt: skip


def _when(r: LedgerRow) -> str:
    return r.created_at.astimezone().strftime("%Y-%m-%d %H:%M") if r.created_at else ""


def _tip(r: LedgerRow) -> str:
    return _(CORRECTION_TIP) if r.kind == CORRECTION else r.reason


class LedgerModel(RowTableModel):
    COLUMNS = (
        Column("created_at", N_("When"), _when, sort=lambda r: r.id),
        Column("season", N_("Season"), lambda r: r.season, align=CENTER),
        Column("reason", N_("What"), lambda r: r.reason, tip=_tip),
        Column("kind", N_("Kind"), lambda r: _(KINDS[r.kind]) if r.kind in KINDS else r.kind, tip=_tip),
        Column(
            "amount",
            N_("Gold"),
            lambda r: f"{'+' if r.amount > 0 else ''}{gp(r.amount)}",
            sort=lambda r: r.amount,
            align=RIGHT,
        ),
        Column("balance", N_("Treasury"), lambda r: gp(r.balance), sort=lambda r: r.balance, align=RIGHT),
    )

    ROLES = frozenset({FOREGROUND, FONT})

    def extra_data(self, row: LedgerRow, column: Column, role: int) -> Any:
        correction = row.kind == CORRECTION and column.key == "kind"
        if role == FONT:
            return font(bold=True) if correction else None
        if column.key == "amount":
            return brush("#1b7f3b" if row.amount > 0 else "#a32020")
        return brush("#8b1e1e") if correction else None
