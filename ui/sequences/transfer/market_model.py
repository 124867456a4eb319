"""Step 1 of a transfer: every player the buyer might approach; those who cannot be approached are greyed
with the reason."""

from __future__ import annotations

from typing import Any

from roster_app.i18n import N_, _, term
from roster_app.queries.transfers import MarketRow
from ui.kit.columns import DISPLAY, FOREGROUND, RIGHT, TOOLTIP, Column, RowTableModel, brush, gp


def _position(r: MarketRow) -> str:
    position = term("position", r.position)
    return (
        _("{position} (ally: {race})").format(position=position, race=term("race", r.race)) if r.ally else position
    )


class MarketModel(RowTableModel):
    COLUMNS = (
        Column("name", N_("Player"), lambda r: r.name, sort=lambda r: r.name.lower()),
        Column("team", N_("Team"), lambda r: r.team, sort=lambda r: (r.team.lower(), r.name.lower())),
        Column("position", N_("Position"), _position),
        Column(
            "spp",
            N_("SPP"),
            lambda r: r.spp,
            align=RIGHT,
            tip=lambda r: _("{spp} SPP: {level}").format(spp=r.spp, level=_(r.level)),
        ),
        Column("value", N_("Value"), lambda r: gp(r.value), sort=lambda r: r.value, align=RIGHT),
        Column("contract", N_("Contract"), lambda r: r.contract, sort=lambda r: (r.under_contract, r.contract)),
        Column(
            "approach",
            N_("Can be approached?"),
            lambda r: _("yes") if r.approachable else r.problem,
            sort=lambda r: (not r.approachable, r.problem or ""),
        ),  # fmt: skip
    )

    def __init__(self, parent: Any = None):
        super().__init__(parent)
        self._only_approachable = False

    def headerData(self, section: int, orientation: Any, role: int = DISPLAY) -> Any:  # noqa: N802
        """The columns' titles (kept in COLUMNS at import) in the commissioner's language."""
        value = super().headerData(section, orientation, role)
        return _(value) if isinstance(value, str) and value else value

    def set_market(self, rows: list[MarketRow]) -> None:
        self.set_rows(rows)

    def set_search(self, text: str) -> None:
        self.set_filter(text)

    def set_only_approachable(self, on: bool) -> None:
        self._only_approachable = on
        self.refilter()

    def accepts(self, row: MarketRow) -> bool:
        return row.approachable or not self._only_approachable

    def filter_text(self, row: MarketRow) -> str:
        return row.race  # found by his race too (the position column names it only for allies)

    ROLES = frozenset({FOREGROUND, TOOLTIP})

    def extra_data(self, row: MarketRow, column: Column, role: int) -> Any:
        if role == FOREGROUND and not row.approachable:
            return brush("#9a9a9a")
        if role == TOOLTIP and not row.approachable:
            return row.problem
        return None
