"""The selected team: header, roster table (with its delegates and actions) and ledger."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _
from roster_app.queries import open_reads as queries
from ui.careers.links import Link, link_careers
from ui.careers.opening import show_career
from ui.kit import ask
from ui.kit.app_style import whole_tab_labels
from ui.kit.tables import ROSTER_ELASTIC, fit_roster_columns, make_table
from ui.pages.team.header import TeamHeaderWidget
from ui.pages.team.ledger_model import LedgerModel
from ui.pages.team.reserves_tab import ReservesTab
from ui.roster.choice_delegate import ChoiceDelegate
from ui.roster.list_text_delegate import ListTextDelegate
from ui.roster.roster_model import RosterModel
from ui.roster.skills_delegate import SkillsDelegate
from ui.roster.spin_delegate import SpinDelegate

# ORM-bound modules (services, queries over sqlmodel) are imported where used: the league shows before the
# ORM loads (tests/ui/app/test_start_path.py).

ROSTER_TABLES = {"player", "team", "contract", "ruleset_table", "ledger_entry"}


class TeamPage(QWidget):
    player_selected = Signal(object)

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.team_id: int | None = None

        self.header = TeamHeaderWidget(session, self)
        self.roster_model = RosterModel(session, self)
        self.roster_view = make_table(self.roster_model, self, elastic=ROSTER_ELASTIC)
        self.roster_view.setObjectName("rosterView")
        self.roster_view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self._install_delegates()

        self.show_former = QCheckBox(_("Show former players"))
        self.show_former.toggled.connect(lambda _on: self.refresh({"player"}))

        # Ctrl+H belongs to Team > Hire Player: a second owner of the key would make Qt fire neither.
        self.hire_action = QAction(_("Hire Player…"), self)
        self.hire_action.setToolTip(_("Hire players for this team (Ctrl+H)"))
        self.hire_action.triggered.connect(self.hire)
        self.retire_action = QAction(_("Retire Player"), self)
        self.retire_action.triggered.connect(lambda: self.retire(fired=False))
        self.fire_action = QAction(_("Fire Player"), self)
        self.fire_action.triggered.connect(lambda: self.retire(fired=True))
        self.contract_action = QAction(_("Contract…"), self)
        self.contract_action.setToolTip(_("Sign or renew the selected player's contract"))
        self.contract_action.triggered.connect(self.sign_contract)

        toolbar = QToolBar(self)
        toolbar.addAction(self.hire_action)
        toolbar.addAction(self.retire_action)
        toolbar.addAction(self.fire_action)
        toolbar.addAction(self.contract_action)
        toolbar.addSeparator()
        self.roster_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.roster_view.addActions([self.contract_action, self.retire_action, self.fire_action])
        link_careers(
            self.roster_view, self, [Link(_("Career…"), "player", lambda r: r.id)], show_career, double_click=False
        )  # edits
        toolbar.addWidget(self.show_former)

        roster_tab = QWidget(self)
        roster_layout = QVBoxLayout(roster_tab)
        roster_layout.setContentsMargins(0, 0, 0, 0)
        roster_layout.addWidget(toolbar)
        roster_layout.addWidget(self.roster_view)

        self.ledger_model = LedgerModel(self)
        self.ledger_view = make_table(self.ledger_model, self)

        self.tabs = QTabWidget(self)
        whole_tab_labels(self.tabs)
        self.tabs.addTab(roster_tab, _("Roster"))
        self.tabs.addTab(self.ledger_view, _("Ledger"))
        self._ledger_stale = False  # the team or its ledger changed while the Ledger tab was not shown
        self.tabs.currentChanged.connect(lambda _i: self._ledger_stale and self._read_ledger())
        self.reserves_tab = ReservesTab(session, self)
        self.tabs.addTab(self.reserves_tab, _("Reserves"))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.header)
        layout.addWidget(self.tabs, 1)

        self.roster_view.selectionModel().selectionChanged.connect(self._selection_changed)
        session.changed.connect(self.refresh)
        self._selection_changed()

    def _install_delegates(self) -> None:
        view, model = self.roster_view, self.roster_model
        spin, choice = SpinDelegate(view), ChoiceDelegate(view)
        kinds = {"number": spin, "stat": spin, "count": spin, "gold": spin, "position": choice, "status": choice,
                 "skills": SkillsDelegate(view), "injuries": ListTextDelegate(view)}  # fmt: skip
        for column, spec in enumerate(model.COLUMNS):
            if spec.edit in kinds:
                view.setItemDelegateForColumn(column, kinds[spec.edit])

    # -- showing -------------------------------------------------------------------------------
    def show_team(self, team_id: int | None) -> None:
        self.team_id = team_id
        self.refresh(None)
        self.reserves_tab.show_team(team_id)
        self._fit_columns()  # a new team too: its empty roster sized to the headers, not stretched

    def _fit_columns(self) -> None:
        fit_roster_columns(self.roster_view, self.roster_model)

    def refresh(self, tables: set[str] | None) -> None:
        """Re-read what the change touched (None: everything)."""
        if tables is not None and not (tables & ROSTER_TABLES):
            return
        db = self.session.db
        if self.team_id is None:
            self.header.show_header(None)
            self.roster_model.set_rows([])
            self.ledger_model.set_rows([])
            return
        self.header.show_header(queries.team_header(db, self.team_id))
        self.roster_model.set_rows(queries.roster(db, self.team_id, include_former=self.show_former.isChecked()))
        if tables is None or "ledger_entry" in tables:
            self._read_ledger()
        self._selection_changed()

    def _read_ledger(self) -> None:
        """The team's ledger, read when its tab is shown: opening a league, or choosing a team, does not wait
        for a long ledger the Roster tab hides (~10 ms for 1,500 lines)."""
        if self.tabs.currentWidget() is not self.ledger_view:
            self._ledger_stale = True
            return
        self._ledger_stale = False
        from roster_app.queries.rosters import ledger

        self.ledger_model.set_rows(ledger(self.session.db, self.team_id) if self.team_id is not None else [])

    def selected_player(self) -> Any:
        rows = self.roster_view.selectionModel().selectedRows()
        return self.roster_model.row(rows[0].row()) if rows else None

    def _selection_changed(self, *_args: Any) -> None:
        player = self.selected_player()
        writable = not self.session.read_only and self.team_id is not None
        self.hire_action.setEnabled(writable)
        on_roster = player is not None and player.on_roster
        self.retire_action.setEnabled(writable and on_roster)
        self.fire_action.setEnabled(writable and on_roster)
        self.contract_action.setEnabled(writable and on_roster)
        self.player_selected.emit(player)

    # -- actions ---------------------------------------------------------------------------------
    def hire(self) -> Any:
        """Hire Player…: refused up front, in the clock's words, when the team may not hire now (issue 35: the
        dialog opened and refused only after a name was typed)."""
        if self.team_id is None:
            return None
        from roster_app.queries.clock import team_moment
        from roster_app.rules.clock import Act
        from ui.roster.hire_dialog import HireDialog

        now = team_moment(self.session.db, self.team_id)
        refusal = now.refusal(Act.PURCHASES) if now is not None else None
        if refusal:
            ask.error(self, refusal)
            return None
        dialog = HireDialog(self.session, self.team_id, self)
        dialog.open()
        return dialog

    def retire(self, *, fired: bool) -> None:
        player = self.selected_player()
        if player is None:
            return
        verb = _("Fire") if fired else _("Retire")
        question = (
            _("Fire {player}? He leaves the roster for good (no refund).")
            if fired
            else _("Retire {player}? He leaves the roster for good (no refund).")
        )
        if not ask.confirm(self, question.format(player=player.name), yes=verb):
            return
        from roster_app.services.players import retire_player

        self.session.run(retire_player, parent=self, player_id=player.id, fired=fired)

    def sign_contract(self) -> None:
        player = self.selected_player()
        if player is None:
            return
        from ui.roster.contract_dialog import ContractDialog

        dialog = ContractDialog(self.session, player.id, self)
        dialog.open()

    def select_player(self, player_id: int) -> None:
        row = self.roster_model.row_of(player_id)
        if row >= 0:
            self.roster_view.selectRow(row)
            self.roster_view.scrollTo(self.roster_model.index(row, 0))

    def edit_cell(self, player_id: int, key: str) -> None:
        """Open the editor of one cell (keyboard users and tests)."""
        row = self.roster_model.row_of(player_id)
        index = self.roster_model.index(row, self.roster_model.column_index(key))
        self.roster_view.setCurrentIndex(index)
        self.roster_view.edit(index)
