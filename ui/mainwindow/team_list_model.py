"""The league panel's list of teams."""

from __future__ import annotations

from roster_app.i18n import N_, _, term
from roster_app.queries.first_screen import TeamItem
from ui.kit.columns import RIGHT, Column, RowTableModel


class TeamListModel(RowTableModel):
    COLUMNS = (
        Column(
            "name",
            N_("Team"),
            lambda t: t.name,
            tip=lambda t: _("{team}: {race}, coach {coach}").format(
                team=t.name, race=term("race", t.race), coach=t.coach or _("unknown")
            ),
        ),
        Column("race", N_("Race"), lambda t: term("race", t.race)),
        Column("players", N_("Players"), lambda t: t.players, align=RIGHT),
    )

    def team(self, row: int) -> TeamItem:
        return self.row(row)
