"""The commissioner's corrections of a team, newest first: when, what, the change, the reason and who."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roster_app.i18n import N_
from ui.kit.columns import CENTER, Column, RowTableModel

if TYPE_CHECKING:  # the row types only: corrections queries load the ORM, and the league shows before it
    from roster_app.queries.corrections import CorrectionRow


def _when(r: CorrectionRow) -> str:
    return r.created_at.astimezone().strftime("%Y-%m-%d %H:%M") if r.created_at else ""


class CorrectionsModel(RowTableModel):
    COLUMNS = (
        Column("created_at", N_("When"), _when, sort=lambda r: r.id),
        Column("season", N_("Season"), lambda r: r.season, align=CENTER),
        Column("kind", N_("Correction"), lambda r: r.kind_label),
        Column("subject", N_("Of"), lambda r: r.subject),
        Column("change", N_("Change"), lambda r: r.change),
        Column("reason", N_("Reason"), lambda r: r.reason, tip=lambda r: f"{r.reason} ({r.made_by})"),
        Column("made_by", N_("By"), lambda r: r.made_by),
    )
