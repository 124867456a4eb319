"""Step 1: the buying team and the player (a searchable list of the league; who cannot be approached is
greyed, with the reason)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QWizard

from roster_app.i18n import _, term
from roster_app.queries import rosters as queries
from roster_app.queries import transfers as transfer_queries
from roster_app.rules.transfers import ally_penalties
from ui.careers.links import Link, link_careers
from ui.careers.opening import show_career
from ui.kit.basics import text_html as h
from ui.kit.tables import make_table
from ui.sequences.transfer.market_model import MarketModel
from ui.sequences.transfer.pages.base import TransferPage, article, red, text_label


class ChoosePlayerPage(TransferPage):
    def __init__(self, wizard: QWizard):
        super().__init__(wizard, _("Step 1 of 10: Decide which player to buy"),
                         _("Choose the buying team, then the player. Players who cannot be approached now are "
                           "greyed, with the reason."))  # fmt: skip
        self.buyer = QComboBox(self)
        self.buyer.setObjectName("buyerTeam")
        self.search = QLineEdit(self)
        self.search.setObjectName("playerSearch")
        self.search.setPlaceholderText(_("Search by player, team, race or position…"))
        self.search.setClearButtonEnabled(True)
        self.only_open = QCheckBox(_("Only players who can be approached"), self)
        self.model = MarketModel(self)
        # the reason a player cannot be approached narrows first (whole on hover, and under the table once chosen)
        self.view = make_table(self.model, self, elastic=("approach", ("position", 140), ("team", 140)))
        self.view.setObjectName("marketView")
        self.view.setEditTriggers(self.view.EditTrigger.NoEditTriggers)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # double-click keeps choosing the player; a right-click opens his career or his team's timeline
        link_careers(self.view, self, [Link(_("Player's Career…"), "player", lambda r: r.id),
                                       Link(_("Team's Timeline…"), "team", lambda r: r.team_id)], show_career,
                     double_click=False)  # fmt: skip
        self.verdict = text_label(self, "choiceVerdict")

        top = QHBoxLayout()
        top.addWidget(QLabel(_("Buying team:")))
        top.addWidget(self.buyer, 1)
        find = QHBoxLayout()
        find.addWidget(QLabel(_("Find:")))
        find.addWidget(self.search, 1)
        find.addWidget(self.only_open)
        self.layout_.addLayout(top)
        self.layout_.addLayout(find)
        self.layout_.addWidget(self.view, 1)
        self.layout_.addWidget(self.verdict)

        self.buyer.currentIndexChanged.connect(lambda _i: self._load_market())
        self.search.textChanged.connect(self.model.set_search)
        self.only_open.toggled.connect(self.model.set_only_approachable)
        self.view.selectionModel().selectionChanged.connect(lambda *_a: self._selection_changed())
        self.model.modelReset.connect(self._selection_changed)

    def initializePage(self) -> None:  # noqa: N802
        self.buyer.blockSignals(True)
        self.buyer.clear()
        for team in queries.teams(self.tw.session.db):
            self.buyer.addItem(_("{team} ({race}, {players} players)").format(team=team.name, race=term("race", team.race),
                                                                                players=team.players), team.id)  # fmt: skip
        self.buyer.setCurrentIndex(max(0, self.buyer.findData(self.draft.buyer_id)))
        self.buyer.blockSignals(False)
        self._load_market()
        if self.draft.player_id is not None:
            self.select_player(self.draft.player_id)

    def _load_market(self) -> None:
        self.draft.buyer_id = self.buyer.currentData()
        rows = (
            transfer_queries.transfer_market(self.tw.session.db, self.draft.buyer_id)
            if self.draft.buyer_id
            else []
        )
        self.model.set_market(rows)
        self.view.resizeColumnsToContents()
        header = self.view.horizontalHeader()
        for column, widest in enumerate((170, 160, 175, 50, 80, 120)):  # the reason column takes the rest
            header.resizeSection(column, min(header.sectionSize(column), widest))

    def select_player(self, player_id: int) -> None:
        row = self.model.row_of(player_id)
        if row >= 0:
            self.view.selectRow(row)
            self.view.scrollTo(self.model.index(row, 0))

    def selected(self) -> Any:
        rows = self.view.selectionModel().selectedRows()
        return self.model.row(rows[0].row()) if rows else None

    def _selection_changed(self) -> None:
        row = self.selected()
        self.draft.player_id = row.id if row is not None else None
        if row is None:
            self.verdict.setText(_("Choose the player the buying team wants."))
        elif not row.approachable:
            self.verdict.setText(
                red(
                    _("{player} cannot be approached: {problem}").format(
                        player=h(row.name), problem=h(row.problem)
                    )
                )
            )
        else:
            ruleset = self.tw.session.db.ruleset
            race = term("race", row.race)
            ally = (" " + _("He is {a_race}, so for this team he would be an <b>ally</b> ({penalties}).").format(
                a_race=f"{article(race)} {race}", race=race, penalties=ally_penalties(ruleset)) if row.ally else "")  # fmt: skip
            standing = _("under contract: his head coach may refuse to sell him") if row.under_contract else _(
                "a free agent: his head coach has no say, and the Tribunal Table sets the price")  # fmt: skip
            self.verdict.setText(_("<b>{player}</b>, {position} of {team} ({spp} SPP, {level}), is {standing}.").format(
                player=h(row.name), position=term("position", row.position), team=h(row.team), spp=row.spp,
                level=_(row.level), standing=standing) + ally)  # fmt: skip
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802
        row = self.selected()
        return self.draft.buyer_id is not None and row is not None and row.approachable

    def validatePage(self) -> bool:  # noqa: N802
        self.draft.terms = transfer_queries.deal(self.tw.session.db, self.draft.player_id, self.draft.buyer_id)
        return True
