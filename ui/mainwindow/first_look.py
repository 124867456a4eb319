"""The first look: the Teams page as a league file holds it, drawn before the league is open (issue 12).

Opening a league imports the ORM (~0.3 s), locks, checks and maybe backs up the file; on a large league that
takes a while. Meanwhile the window shows what `roster_app.queries.first_screen.peek` read with plain sqlite3: the
league's teams and one roster, read-only. The league view replaces it once the league is open (or the
welcome page does, if the file is refused). Imports no ORM.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget

from roster_app.i18n import _, term
from ui.kit.app_style import whole_tab_labels
from ui.kit.style import styled
from ui.kit.tables import ROSTER_ELASTIC, list_view, make_table
from ui.mainwindow.team_list_model import TeamListModel
from ui.roster.roster_model import RosterModel


class FirstLook(QTabWidget):
    """Teams page lookalike over a FirstLook snapshot; `roster_painted` once its roster is on screen."""

    roster_painted = Signal()

    def __init__(self, look: Any, parent: QWidget | None = None):
        super().__init__(parent)
        whole_tab_labels(self)
        self.look = look
        self.setDocumentMode(True)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)

        panel = QWidget(splitter)
        title = QLabel(
            f"<b style='font-size:15pt'>{_escape(look.league.name)}</b><br>"
            + _("Season {season} · {ruleset}").format(
                season=look.league.season, ruleset=_escape(look.league.ruleset_name)
            ),
            panel,
        )
        title.setWordWrap(True)
        self.team_model = TeamListModel(panel)
        self.team_model.set_rows(look.teams)
        self.team_view = list_view(self.team_model, panel)
        self.team_view.setEnabled(False)  # nothing to choose until the league is open
        panel_layout = QVBoxLayout(panel)
        panel_layout.setContentsMargins(6, 6, 6, 6)
        panel_layout.addWidget(title)
        panel_layout.addWidget(QLabel(_("<b>Teams</b>"), panel))
        panel_layout.addWidget(self.team_view, 1)

        team = QWidget(splitter)
        shown = next((t for t in look.teams if t.id == look.team_id), None)
        heading = QLabel(f"{_escape(shown.name)} · {_escape(term('race', shown.race))}" if shown else "", team)
        styled(heading, "teamTitle")  # drawn before the app's style sheet is set
        self.status = QLabel(_("Opening the league…"), team)
        self.roster_model = RosterModel(None, team)  # no session: read-only
        self.roster_model.set_rows(look.roster)
        self.roster_view = make_table(self.roster_model, team, elastic=ROSTER_ELASTIC)
        self.roster_view.setObjectName("firstLookRoster")  # its columns fitted by make_table: the rows are in
        if shown is not None:
            self.team_view.selectRow(self.team_model.row_of(shown.id))
        team_layout = QVBoxLayout(team)
        team_layout.setContentsMargins(6, 6, 6, 6)
        team_layout.addWidget(heading)
        team_layout.addWidget(self.status)
        team_layout.addWidget(self.roster_view, 1)

        splitter.addWidget(panel)
        splitter.addWidget(team)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([290, 1110])
        self.addTab(splitter, _("Teams"))
        self._roster_shown = False
        self.roster_view.watch(self._roster_event)  # not a filter on viewport(): see ui.kit.tables.Table

    def _roster_event(self, event: QEvent) -> None:
        if not self._roster_shown and event.type() == QEvent.Type.Paint:
            self._roster_shown = True
            QTimer.singleShot(0, self.roster_painted.emit)  # after the paint event: the roster is drawn


class PaintWatch(QObject):
    """Calls `then` once, when `widget` has painted for the first time (just after its paint event)."""

    def __init__(self, widget: QWidget, then: Any):
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and self._then is not None:
            then, self._then = self._then, None
            watched.removeEventFilter(self)
            QTimer.singleShot(0, then)  # after the paint event: the roster is drawn
        return False


def _escape(text: Any) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
