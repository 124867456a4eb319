"""The league panel: the league's teams and referees; selecting a team shows it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from roster_app.i18n import _
from roster_app.queries import open_reads as queries  # no ORM: the league shows before it loads (test_start_path)
from ui.careers.links import Link, link_careers
from ui.careers.opening import show_career
from ui.kit.basics import text_html
from ui.kit.tables import list_view
from ui.mainwindow.referee_list_model import RefereeListModel
from ui.mainwindow.team_list_model import TeamListModel


def _heading(text: str, buddy: QWidget) -> QLabel:
    """A bold heading whose mnemonic (Alt + the underlined letter) puts the focus in `buddy`."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    label.setBuddy(buddy)
    return label


class LeaguePanel(QWidget):
    team_selected = Signal(object)  # team id or None
    referee_selected = Signal(object)
    add_team_requested = Signal()  # the Add Team… button: the window opens League > Add Team…

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.title = QLabel("")
        self.title.setObjectName("leagueTitle")
        self.title.setWordWrap(True)
        self.team_model = TeamListModel(self)
        self.team_view = list_view(self.team_model, self)
        self.team_view.setObjectName("teamList")
        self.add_team_button = QPushButton(_("Add Team…"))
        self.add_team_button.setToolTip(_("Add a new team to the league (League > Add Team…)"))
        self.add_team_button.clicked.connect(self.add_team_requested)
        self.referee_model = RefereeListModel(self)
        self.referee_view = list_view(self.referee_model, self)
        self.referee_view.setObjectName("refereeList")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(_heading(_("Tea&ms"), self.team_view))  # Alt+M: the teams from the keyboard
        layout.addWidget(self.team_view, 3)
        layout.addWidget(self.add_team_button)
        layout.addWidget(_heading(_("&Referees"), self.referee_view))
        layout.addWidget(self.referee_view, 2)

        self.team_view.selectionModel().selectionChanged.connect(self._team_changed)
        self.referee_view.selectionModel().selectionChanged.connect(self._referee_changed)
        self.referee_view.clicked.connect(self._referee_changed)  # the same ref again: show his card again
        link_careers(
            self.team_view, self, [Link(_("Timeline…"), "team", lambda r: r.id)], show_career, double_click=False
        )
        link_careers(
            self.referee_view,
            self,
            [Link(_("Career…"), "referee", lambda r: r.id)],
            show_career,
            double_click=False,
        )
        session.changed.connect(self.refresh)
        self.refresh(None)

    def refresh(self, tables: set[str] | None) -> None:
        db = self.session.db
        if tables is None or tables & {"league", "season"}:
            info = queries.league_info(db)
            suffix = _(" (read-only)") if info.read_only else ""
            self.title.setText(
                f"<b style='font-size:15pt'>{text_html(info.name)}</b><br>"
                + _("Season {season} · {ruleset}").format(season=info.season, ruleset=text_html(info.ruleset_name))
                + suffix
            )
        if tables is None or tables & {"team", "player"}:
            selected = self.selected_team_id()
            self.team_model.set_rows(queries.teams(db))
            if selected is not None:
                self.select_team(selected)
        if tables is None or tables & {"referee"}:
            self.referee_model.set_rows(queries.referees(db))
        self.add_team_button.setEnabled(not self.session.read_only)

    def selected_team_id(self) -> int | None:
        rows = self.team_view.selectionModel().selectedRows()
        return self.team_model.row(rows[0].row()).id if rows else None

    def select_team(self, team_id: int) -> None:
        row = self.team_model.row_of(team_id)
        if row >= 0 and self.selected_team_id() != team_id:
            self.team_view.selectRow(row)

    def _team_changed(self, *_args: Any) -> None:
        self.team_selected.emit(self.selected_team_id())

    def _referee_changed(self, *_args: Any) -> None:
        rows = self.referee_view.selectionModel().selectedRows()
        self.referee_selected.emit(self.referee_model.row(rows[0].row()).id if rows else None)
