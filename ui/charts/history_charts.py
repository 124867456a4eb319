"""The History page's charts of a season: teams compared (rating, treasury, fan factor after each round), the
SPP leaders, and each ref's turns in range game by game. Each is drawn when its tab is first shown."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTabWidget, QWidget

from roster_app.i18n import _
from roster_app.queries import charts
from roster_app.queries.season import StandingRow
from ui.charts.view import ChartArea, TeamChart, TeamPicker, picker_split

FIRST_TICKED = 4  # the top of the table is compared until the commissioner ticks others


class HistoryCharts(QTabWidget):
    def __init__(self, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.season: int | None = None
        self.round: int | None = None  # the History page's "after round N"
        self.picker = TeamPicker(self)
        self.team_chart = TeamChart(self._team_chart, [], self)
        self.team_chart.area.empty.setText(_("Nothing to chart: tick a team that has played this season."))
        self.addTab(picker_split(self.picker, self.team_chart, self), _("Teams"))
        self.leaders = ChartArea(
            lambda: charts.spp_leaders_chart(self.session.db, self.season, upto_round=self.round), self
        )
        self.addTab(self.leaders, _("SPP leaders"))
        self.referees = ChartArea(lambda: charts.upto(charts.referee_turns_chart(self.session.db, self.season),
                                                      self.round), self,
                                  empty_text=_("No referee has finished a match sheet this season."))  # fmt: skip
        self.addTab(self.referees, _("Referees"))
        self.picker.list.itemChanged.connect(lambda _item: self.team_chart.set_teams(self.picker.ticked()))

    def _team_chart(self, team_ids: list[int], measure: str) -> charts.Chart:
        return charts.upto(charts.team_chart(self.session.db, team_ids, measure, season=self.season), self.round)

    def set_season(self, number: int, table: list[StandingRow], rnd: int | None = None) -> None:
        """Chart `number` as it stood after round `rnd` (None: all of it): the teams of its table offered, the
        ticks kept where the team is still there."""
        kept = set(self.picker.ticked()) if self.season is not None else set()
        self.season, self.round = number, rnd
        ids = [row.id for row in table]
        ticked = (kept & set(ids)) or set(ids[:FIRST_TICKED])
        self.picker.set_teams([(row.id, row.name) for row in table], ticked)
        self.team_chart.team_ids = [i for i in ids if i in ticked]
        for area in (self.team_chart.area, self.leaders, self.referees):
            area.refresh()
