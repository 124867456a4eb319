"""The open league: pages in tabs. "Teams" is the league panel beside the selected team's page; league-wide
views (contracts, referees, transfers, season ...) add their own page with `add_page`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from ui.league_panel import LeaguePanel
from ui.referees_page import RefereesPage
from ui.team_page import TeamPage


class LeagueView(QTabWidget):
    def __init__(self, session: Any, parent: QWidget | None = None, *, team_id: int | None = None):
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
        self.referees_page = RefereesPage(session, self)
        self.add_page(self.referees_page, "Referees")
        self.panel.referee_selected.connect(self.show_referee)
        self._add_contracts_page()
        self._add_transfers_page()
        self.panel.team_selected.connect(self.team_page.show_team)
        if self.panel.team_model.rowCount():  # the team asked for (shown last time), else the first
            row = self.panel.team_model.row_of(team_id) if team_id is not None else -1
            self.panel.team_view.selectRow(max(row, 0))
        else:
            self.team_page.show_team(None)
        from ui.season_page import install_season

        install_season(self)

    def _add_contracts_page(self) -> None:
        from ui.contracts_page import ContractsPage

        self.contracts_page = ContractsPage(self.session, self)
        self.add_page(self.contracts_page, "Contracts")

    def _add_transfers_page(self) -> None:
        from ui.transfers_page import TransfersPage

        self.transfers_page = TransfersPage(self.session, self)
        self.add_page(self.transfers_page, "Transfers")

    def add_page(self, widget: QWidget, title: str) -> int:
        """Add a league-wide page (a tab); returns its index."""
        return self.addTab(widget, title)

    def show_page(self, widget: QWidget) -> None:
        self.setCurrentWidget(widget)

    def show_referee(self, referee_id: int | None) -> None:
        """Open a referee's card on the Referees page (the league panel's referee list)."""
        if referee_id is not None:
            self.referees_page.select_referee(referee_id)
            self.show_page(self.referees_page)

    def show_page_titled(self, title: str) -> bool:
        """Show the page whose tab reads `title` (case-insensitive); False if there is none."""
        for index in range(self.count()):
            if self.tabText(index).replace("&", "").lower() == title.lower():
                self.setCurrentIndex(index)
                return True
        return False

    def current_team_id(self) -> int | None:
        return self.team_page.team_id
