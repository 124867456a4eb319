"""The league's "Contracts" page: every contract with its tally, filtered by team; signing, renewing and
ending the season from here."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QHeaderView, QLabel, QPushButton, QWidget

from roster_app.i18n import _, ngettext
from roster_app.queries import contracts as contract_queries
from roster_app.queries import rosters as queries
from roster_app.queries.clock import Act
from roster_app.services.contracts import end_season
from roster_app.words import noun
from ui.careers.links import Link, link_careers
from ui.careers.opening import show_career
from ui.kit import ask
from ui.kit.page_layout import league_page_layout
from ui.kit.tables import make_table
from ui.pages.contracts.contracts_model import ContractsModel
from ui.sequences.postmatch.link import SequenceLink

TABLES = {"contract", "player", "team", "season", "league", "match"}


def _names(names: tuple[str, ...]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def end_season_question(preview: contract_queries.SeasonPreview) -> str:
    """The confirmation text for ending the season, in plain words."""
    lines = [
        _("End season {season} and start season {next}?").format(season=preview.season, next=preview.season + 1)
    ]
    if preview.running:
        lines.append(
            ngettext("Each of the {n} running contract(s) gets a tally mark.",
                     "Each of the {n} running contract(s) gets a tally mark.", preview.running).format(n=preview.running)
        )  # fmt: skip
    if preview.expiring:
        lines.append(
            _("These contracts end, and the players become free agents: {players}.").format(
                players=_names(preview.expiring)
            )
        )
    if preview.still_to_play:
        lines.append(
            _(
                "Season {season} still has games to play: {games}. Ending it now abandons them: you give a reason and "
                "your name (a commissioner's correction, in the history)."
            ).format(season=preview.season, games="; ".join(preview.still_to_play))
        )
    if preview.sequences_due:
        lines.append(
            _(
                "The post-match sequence is still due for: {games}. Winnings, SPP, fan factor, reserve affairs, "
                "contracts and purchases of those matches are not written yet: run each sequence first "
                "(Season > Post-Match Sequence…) unless you mean to leave them."
            ).format(games="; ".join(preview.sequences_due))
        )
    lines.append(_("You can undo this until the next change."))
    return "\n\n".join(lines)


class ContractsPage(QWidget):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.team_filter = QComboBox(self)
        self.team_filter.setObjectName("contractTeamFilter")
        self.team_filter.setMinimumWidth(220)
        self.summary = QLabel(self)
        self.sign_button = QPushButton(_("Sign or Renew…"), self)
        self.sign_button.setToolTip(_("Sign or renew the contract of the selected row's player"))
        self.end_button = QPushButton(_("End Season…"), self)
        self.model = ContractsModel(self)
        self.view = make_table(self.model, self)
        self.view.setObjectName("contractsView")
        self.view.setEditTriggers(self.view.EditTrigger.NoEditTriggers)
        self.view.sortByColumn(self.model.COLUMNS.index(self._column("status")), Qt.SortOrder.AscendingOrder)

        bar = QHBoxLayout()
        bar.addWidget(QLabel(_("Team:")))
        bar.addWidget(self.team_filter)
        bar.addSpacing(12)
        bar.addWidget(self.summary, 1)
        bar.addWidget(self.sign_button)
        bar.addWidget(self.end_button)
        self.sequence = SequenceLink(session, Act.CONTRACTS, self)
        layout = league_page_layout(
            self, bar, self.view,
            _("One tally mark per season passed. A player is a free agent once the last season of his contract is "
              "over; his team may renew him (at his current star player rolls) before anyone can approach him."),
        )  # fmt: skip
        layout.insertWidget(1, self.sequence)

        self.team_filter.currentIndexChanged.connect(lambda _i: self.refresh({"contract"}))
        self.sign_button.clicked.connect(self.sign_selected)
        self.end_button.clicked.connect(self.end_season)
        self.view.selectionModel().selectionChanged.connect(lambda *_a: self._update_buttons())
        self.view.doubleClicked.connect(lambda _i: self.sign_selected())
        link_careers(self.view, self, [Link(_("Player's Career…"), "player", lambda r: r.player_id),
                                       Link(_("Team's Timeline…"), "team", lambda r: r.team_id)], show_career, double_click=False)  # fmt: skip
        session.changed.connect(self.refresh)
        self.refresh(None)
        self.view.resizeColumnsToContents()
        header = self.view.horizontalHeader()
        for key, least in (("player", 180), ("position", 150), ("team", 170), ("status", 130)):
            column = self.model.COLUMNS.index(self._column(key))
            header.resizeSection(column, max(least, header.sectionSize(column) + 16))
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)

    def _column(self, key: str) -> Any:
        return next(c for c in self.model.COLUMNS if c.key == key)

    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not tables & TABLES:
            return
        db = self.session.db
        if tables is None or tables & {"team"}:
            self._fill_teams(queries.teams(db))
        team_id = self.team_filter.currentData()
        if team_id is None:
            self.sequence.show_league()
        else:
            self.sequence.show_team(team_id)
        rows = contract_queries.contracts(db, team_id=team_id)
        self.model.set_rows(rows)
        running = sum(r.status in ("running", "final season") for r in rows)
        free = sum(r.status == "free agent" for r in rows)
        final = sum(r.status == "final season" for r in rows)
        season = queries.league_info(db).season
        self.summary.setText(
            _(
                "Season {season} · <b>{running}</b> running ({final} in their final season) · "
                "<b>{free}</b> {agents} whose contract ended"
            ).format(season=season, running=running, final=final, free=free, agents=noun(free, "free agent"))
        )
        self._update_buttons()

    def _fill_teams(self, teams: list[Any]) -> None:
        current = self.team_filter.currentData()
        self.team_filter.blockSignals(True)
        self.team_filter.clear()
        self.team_filter.addItem(_("All teams"), None)
        for team in teams:
            self.team_filter.addItem(team.name, team.id)
        index = self.team_filter.findData(current)
        self.team_filter.setCurrentIndex(max(0, index))
        self.team_filter.blockSignals(False)

    def show_team(self, team_id: int | None) -> None:
        self.team_filter.setCurrentIndex(max(0, self.team_filter.findData(team_id)))

    def selected_row(self) -> Any:
        rows = self.view.selectionModel().selectedRows()
        return self.model.row(rows[0].row()) if rows else None

    def _update_buttons(self) -> None:
        writable = not self.session.read_only
        self.sign_button.setEnabled(writable and self.selected_row() is not None)
        self.end_button.setEnabled(writable)

    def sign_selected(self) -> None:
        row = self.selected_row()
        if row is None or self.session.read_only:
            return
        from ui.roster.contract_dialog import ContractDialog

        dialog = ContractDialog(self.session, row.player_id, self)
        dialog.open()

    def end_season(self) -> None:
        """Ask (naming what will happen), then end the season as one undoable step."""
        preview = contract_queries.season_preview(self.session.db)
        if not ask.confirm(self, end_season_question(preview), title=_("End Season"), yes=_("End Season")):
            return
        abandon = {}
        if preview.still_to_play:
            reason = ask.text(self, _("Why does the season end with games unplayed?"), title=_("End Season"))
            made_by = reason and ask.text(
                self, _("Your name (the commissioner who abandons them):"), title=_("End Season")
            )
            if not reason or not made_by:
                return
            abandon = {"abandon_reason": reason, "made_by": made_by}
        change = self.session.run(end_season, parent=self, **abandon)
        if change is not None:
            ask.info(self, self._ended_text(change.result), title=_("Season ended"))

    @staticmethod
    def _ended_text(result: Any) -> str:
        text = _("Season {season} is over; season {next} has begun.").format(
            season=result.season, next=result.season + 1
        )
        if result.expired:
            text += "\n\n" + _("Now free agents: {players}.").format(players=_names(result.expired))
        return text
