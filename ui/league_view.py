"""The open league: pages in tabs. "Teams" is the league panel beside the selected team's page; league-wide
views (contracts, referees, transfers, season ...) add their own page with `add_page`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from ui.league_panel import LeaguePanel
from ui.team_page import TeamPage


class LeagueView(QTabWidget):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.setDocumentMode(True)
        self.teams_page = QSplitter(Qt.Orientation.Horizontal, self)
        self.panel = LeaguePanel(session, self.teams_page)
        self.team_page = TeamPage(session, self.teams_page)
        self.teams_page.addWidget(self.panel)
        self.teams_page.addWidget(self.team_page)
        self.teams_page.setStretchFactor(0, 0)
        self.teams_page.setStretchFactor(1, 1)
        self.teams_page.setSizes([290, 1110])
        self.add_page(self.teams_page, "Teams")
        self.panel.team_selected.connect(self.team_page.show_team)
        if self.panel.team_model.rowCount():
            self.panel.team_view.selectRow(0)
        else:
            self.team_page.show_team(None)
        from ui.season_page import install_season

        install_season(self)

    def add_page(self, widget: QWidget, title: str) -> int:
        """Add a league-wide page (a tab); returns its index."""
        return self.addTab(widget, title)

    def show_page(self, widget: QWidget) -> None:
        self.setCurrentWidget(widget)

    def current_team_id(self) -> int | None:
        return self.team_page.team_id
