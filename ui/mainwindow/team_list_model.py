"""The league panel's list of teams."""

from __future__ import annotations

from roster_app.queries.first_screen import TeamItem
from ui.kit.columns import RIGHT, Column, RowTableModel


class TeamListModel(RowTableModel):
    COLUMNS = (
        Column(
            "name", "Team", lambda t: t.name, tip=lambda t: f"{t.name}: {t.race}, coach {t.coach or 'unknown'}"
        ),
        Column("race", "Race", lambda t: t.race),
        Column("players", "Players", lambda t: t.players, align=RIGHT),
    )

    def team(self, row: int) -> TeamItem:
        return self.row(row)
