"""The open league: pages in tabs. "Teams" is the league panel beside the selected team's page; league-wide
views (contracts, referees, transfers, season ...) add their own page with `add_page`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from roster_app.i18n import N_, _
from ui.kit.app_style import whole_tab_labels
from ui.mainwindow.league_panel import LeaguePanel
from ui.pages.team.page import TeamPage


class LeagueView(QTabWidget):
    def __init__(self, session: Any, parent: QWidget | None = None, *, team_id: int | None = None):
        super().__init__(parent)
        whole_tab_labels(self)
        self.session = session
        self.setDocumentMode(True)
        self.teams_page = QSplitter(Qt.Orientation.Horizontal, self)
        self.panel = LeaguePanel(session, self.teams_page)
        self.team_page = TeamPage(session, self.teams_page)
        self.teams_page.addWidget(self.panel)
        self.teams_page.addWidget(self.team_page)
        self.teams_page.setStretchFactor(0, 0)
        self.teams_page.setStretchFactor(1, 1)
        self.teams_page.setSizes([290, 1110])  # the referees' names fit beside race, status and SPP
        self._lazy: dict[str, tuple[QWidget, Callable[[], QWidget]]] = {}
        self.currentChanged.connect(self._build_shown)
        self.add_page(self.teams_page, N_("Teams"))
        self.add_lazy_page("referees_page", N_("Referees"), self._referees_page)
        self.panel.referee_selected.connect(self.show_referee)
        self._add_contracts_page()
        self._add_transfers_page()
        self.panel.team_selected.connect(self.team_page.show_team)
        if self.panel.team_model.rowCount():  # the team asked for (shown last time), else the first
            row = self.panel.team_model.row_of(team_id) if team_id is not None else -1
            self.panel.team_view.selectRow(max(row, 0))
        else:
            self.team_page.show_team(None)
        from ui.pages.season.page import install_season

        install_season(self)
        self.add_lazy_page("history_page", N_("History"), self._history_page)

    def _history_page(self) -> QWidget:
        from ui.pages.history.page import HistoryPage

        return HistoryPage(self.session, self)

    def _referees_page(self) -> QWidget:
        from ui.pages.referees.page import RefereesPage

        return RefereesPage(self.session, self)

    def _add_contracts_page(self) -> None:
        def build() -> QWidget:
            from ui.pages.contracts.page import ContractsPage

            return ContractsPage(self.session, self)

        self.add_lazy_page("contracts_page", N_("Contracts"), build)

    def _add_transfers_page(self) -> None:
        def build() -> QWidget:
            from ui.pages.transfers.page import TransfersPage

            return TransfersPage(self.session, self)

        self.add_lazy_page("transfers_page", N_("Transfers"), build)

    def add_page(self, widget: QWidget, title: str) -> int:
        """Add a league-wide page (a tab) titled `title` (English, marked N_: shown translated); returns its index."""
        index = self.addTab(widget, _(title))
        self.tabBar().setTabData(index, title)  # the English title: the handbook's section, `show_page_titled`
        return index

    def add_lazy_page(self, name: str, title: str, build: Callable[[], QWidget]) -> int:
        """A page made (and its data read) the first time it is shown or `self.<name>` is asked for: opening
        a large league reads only what the Teams page shows (issue 12)."""
        placeholder = QWidget(self)
        self._lazy[name] = (placeholder, build)
        return self.add_page(placeholder, title)

    def __getattr__(self, name: str) -> Any:  # only for attributes not found: the pages not made yet
        lazy = self.__dict__.get("_lazy")
        if lazy is not None and name in lazy:
            return self._build_page(name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def _build_page(self, name: str) -> QWidget:
        placeholder, build = self._lazy.pop(name)
        page = build()
        setattr(self, name, page)
        index, current = self.indexOf(placeholder), self.currentIndex()
        self.blockSignals(True)  # the tab swap is not the user changing pages
        title, english = self.tabText(index), self.tabBar().tabData(index)
        self.removeTab(index)
        self.insertTab(index, page, title)
        self.tabBar().setTabData(index, english)
        self.setCurrentIndex(current)
        self.blockSignals(False)
        placeholder.deleteLater()
        return page

    def _build_shown(self, index: int) -> None:
        shown = self.widget(index)
        name = next((n for n, (placeholder, _b) in self._lazy.items() if placeholder is shown), None)
        if name is not None:
            self._build_page(name)

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
            shown = (self.tabText(index), self.tabBar().tabData(index) or "")
            if title.lower() in (text.replace("&", "").lower() for text in shown):
                self.setCurrentIndex(index)
                return True
        return False

    def english_title(self, index: int) -> str:
        """The page's title in English (the handbook's sections are named by it)."""
        return (self.tabBar().tabData(index) or self.tabText(index)).replace("&", "")

    def current_team_id(self) -> int | None:
        return self.team_page.team_id
