"""The league's "Transfers" page: the history of approaches and transfers; a new transfer; a reversal."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from roster_app.i18n import _
from roster_app.queries import transfers as transfer_queries
from roster_app.queries.clock import Act
from roster_app.rules.roster import gp
from roster_app.services.transfers import reverse_transfer
from roster_app.words import noun
from ui.careers.links import Link, link_careers
from ui.careers.opening import show_career
from ui.kit import ask
from ui.kit.page_layout import league_page_layout
from ui.kit.tables import make_table
from ui.pages.transfers.transfers_model import TransfersModel
from ui.sequences.postmatch.link import SequenceLink

TABLES = {"transfer", "dice_roll", "team", "player", "match"}


class TransfersPage(QWidget):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.wizard: Any = None
        self.buyers: list[str] = []  # the teams at step 4.2 now: only they may buy
        self.summary = QLabel(self)
        self.new_button = QPushButton(_("Transfer a Player…"), self)
        self.reverse_button = QPushButton(_("Reverse Transfer…"), self)
        self.reverse_button.setToolTip(
            _("The commissioner undoes a completed transfer with reversing ledger rows")
        )
        self.model = TransfersModel(self)
        self.view = make_table(self.model, self)
        self.view.setObjectName("transfersView")
        self.view.setEditTriggers(self.view.EditTrigger.NoEditTriggers)
        self.view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        link_careers(self.view, self, [
            Link(_("Player's Career…"), "player", lambda r: r.player_id),
            Link(_("Seller's Timeline…"), "team", lambda r: r.seller_id),
            Link(_("Buyer's Timeline…"), "team", lambda r: r.buyer_id),
        ], show_career)  # fmt: skip
        bar = QHBoxLayout()
        bar.addWidget(self.summary, 1)
        bar.addWidget(self.new_button)
        bar.addWidget(self.reverse_button)
        self.sequence = SequenceLink(session, Act.TRANSFERS, self)
        layout = league_page_layout(
            self, bar, self.view,
            _("Every approach is kept, whether the deal was completed, refused or pulled out of: a player may be "
              "approached once after each match his team plays. A reversed transfer stays in the history; its gold "
              "goes back through reversing ledger rows."),
        )  # fmt: skip
        layout.insertWidget(1, self.sequence)
        self.new_button.clicked.connect(self.open_wizard)
        self.reverse_button.clicked.connect(self.reverse_selected)
        self.view.selectionModel().selectionChanged.connect(lambda *_a: self._update_buttons())
        session.changed.connect(self.refresh)
        self.refresh(None)

    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not tables & TABLES:
            return
        self.buyers = self.sequence.show_league()
        rows = transfer_queries.transfers(self.session.db)
        self.model.set_rows(rows)
        done = sum(r.status == "completed" for r in rows)
        self.summary.setText(
            _("<b>{n}</b> {approaches} · <b>{done}</b> completed {transfers}").format(
                n=len(rows), approaches=noun(len(rows), "approach"), done=done, transfers=noun(done, "transfer"))
        )  # fmt: skip
        self._update_buttons()

    def selected_row(self) -> Any:
        rows = self.view.selectionModel().selectedRows()
        return self.model.row(rows[0].row()) if rows else None

    def _update_buttons(self) -> None:
        writable = not self.session.read_only
        row = self.selected_row()
        self.new_button.setEnabled(writable and bool(self.buyers))
        self.new_button.setToolTip("" if self.buyers else self.sequence.label.text())
        self.reverse_button.setEnabled(writable and row is not None and row.reversible)

    def open_wizard(self, *, buyer_id: int | None = None, player_id: int | None = None) -> Any:
        from ui.sequences.transfer.wizard import TransferWizard

        if self.wizard is not None:  # one wizard at a time; the last one is kept only until the next opens
            self.wizard.deleteLater()
        self.wizard = TransferWizard(self.session, self.window(), buyer_id=buyer_id, player_id=player_id)
        self.wizard.open()
        return self.wizard

    def reverse_selected(self) -> None:
        row = self.selected_row()
        if row is None or not row.reversible:
            return
        question = _("Reverse the transfer of {player} from {seller} to {buyer} for {price}?\n\n{player} goes back "
                     "to {seller}; {buyer} get the price and the contract back, {seller} pay the price back. Reversing "
                     "ledger rows are written; nothing is deleted.").format(
            player=row.player, seller=row.seller, buyer=row.buyer, price=gp(row.price or 0))  # fmt: skip
        if ask.confirm(self, question, title=_("Reverse transfer"), yes=_("Reverse")):
            self.session.run(reverse_transfer, parent=self, transfer_id=row.id)
