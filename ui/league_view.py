"""The open league: the league panel beside the selected team's page."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

from ui.league_panel import LeaguePanel
from ui.team_page import TeamPage


class LeagueView(QSplitter):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.session = session
        self.panel = LeaguePanel(session, self)
        self.team_page = TeamPage(session, self)
        self.addWidget(self.panel)
        self.addWidget(self.team_page)
        self.setStretchFactor(0, 0)
        self.setStretchFactor(1, 1)
        self.setSizes([340, 1060])
        self.panel.team_selected.connect(self.team_page.show_team)
        if self.panel.team_model.rowCount():
            self.panel.team_view.selectRow(0)
        else:
            self.team_page.show_team(None)

    def current_team_id(self) -> int | None:
        return self.team_page.team_id
