"""The Referees page: the league's refs as a grid of cards or a table (one model), and what a commissioner
does with them: new/edit/delete, the match sheet, advancement, and the rolls of the ref's turn."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QLabel,
    QListView,
    QStackedWidget,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from roster_app.queries import referees as rq
from roster_app.services import referees as svc
from ui.careers.links import Link, link_careers
from ui.careers.opening import show_career
from ui.kit import ask
from ui.kit.tables import make_table
from ui.pages.referees.referee_model import RefereeModel
from ui.printing.referee_card import RefereeCardDelegate

REFEREE_TABLES = {"referee", "referee_match", "dice_roll", "ruleset_table"}


def _card_view(model: RefereeModel, parent: QWidget) -> QListView:
    view = QListView(parent)
    view.setObjectName("refereeCards")
    view.setModel(model)
    view.setViewMode(QListView.ViewMode.IconMode)
    view.setItemDelegate(RefereeCardDelegate(view))
    view.setUniformItemSizes(True)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setMovement(QListView.Movement.Static)
    view.setWrapping(True)
    view.setSpacing(3)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    view.setStyleSheet("QListView#refereeCards { background: #e9e4d8; }")
    return view


def _table_view(model: RefereeModel, parent: QWidget) -> QTableView:
    view = make_table(model, parent)
    view.setObjectName("refereeTable")
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(model.column_index("skills"), QHeaderView.ResizeMode.Stretch)
    return view


class RefereesPage(QWidget):
    referee_selected = Signal(object)  # referee id or None

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.model = RefereeModel(self)
        self.card_view = _card_view(self.model, self)
        self.table_view = _table_view(self.model, self)
        self.views = QStackedWidget(self)
        self.views.addWidget(self.card_view)
        self.views.addWidget(self.table_view)
        self.show_gone = QCheckBox(_("Show sacked and dead"))
        self.show_gone.setChecked(True)
        self.show_gone.toggled.connect(lambda _on: self.refresh(None))
        self.summary = QLabel(self)
        self.summary.setObjectName("refereeSummary")

        self._build_actions()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.views, 1)
        layout.addWidget(self.summary)

        for view in (self.card_view, self.table_view):
            view.selectionModel().selectionChanged.connect(self._selection_changed)
            view.doubleClicked.connect(lambda _index: self.open_sheet())
            link_careers(
                view, self, [Link(_("Career…"), "referee", lambda r: r.id)], show_career, double_click=False
            )  # sheet
        session.changed.connect(self.refresh)
        self.refresh(None)

    def _action(self, text: str, slot: Any, tip: str = "") -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip or text)
        action.triggered.connect(slot)
        self.toolbar.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.toolbar = QToolBar(self)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.new_action = self._action(_("New Referee…"), self.new_referee, _("Create a referee: race, then name"))
        self.edit_action = self._action(_("Edit…"), self.edit_referee, _("Correct the selected referee's card"))
        self.delete_action = self._action(_("Delete"), self.delete_referee)
        self.toolbar.addSeparator()
        self.sheet_action = self._action(_("Match Sheet…"), self.open_sheet,
                                         _("Choose this ref for a fixture and keep his match sheet"))  # fmt: skip
        self.advance_action = self._action(_("Advance…"), self.advance, _("Star Player roll and its advance"))
        self.rolls_action = self._action(
            _("Rolls…"), self.rolls, _("Send-off and penalty rolls of the ref's turn")
        )
        self.recovered_action = self._action(_("Mark Recovered"), self.mark_recovered,
                                             _("An injured ref is fit to referee again"))  # fmt: skip
        self.toolbar.addSeparator()
        group = QActionGroup(self)
        self.cards_action = QAction(_("Cards"), self, checkable=True, checked=True)
        self.table_action = QAction(_("Table"), self, checkable=True)
        for action, index in ((self.cards_action, 0), (self.table_action, 1)):
            group.addAction(action)
            action.triggered.connect(lambda _on, i=index: self.show_view(i))
            self.toolbar.addAction(action)
        self.toolbar.addSeparator()
        self.toolbar.addWidget(self.show_gone)
        self.toolbar.addSeparator()
        self.pdf_action = self._action(
            _("Cards as PDF…"), self.save_pdf, _("Print the cards shown: nine to an A4 page")
        )

    # -- showing -------------------------------------------------------------------------------------
    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not tables & REFEREE_TABLES:
            return
        selected = self.selected_id()
        cards = rq.referee_cards(self.session.db)
        shown = cards if self.show_gone.isChecked() else [c for c in cards if c.status not in ("sacked", "dead")]
        self.model.set_rows(shown)
        if selected is not None and self.model.row_of(selected) >= 0:
            self.select_referee(selected)
        stars = sum(c.is_star for c in cards)
        chosen = sum(c.choosable for c in cards)
        self.summary.setText(
            _(
                "{league} league referee(s), {stars} Star Ref(s); {chosen} may be chosen for a match. "
                "Double-click a card for his match sheet (one for each fixture)."
            ).format(league=len(cards) - stars, stars=stars, chosen=chosen)
        )
        self._selection_changed()

    def show_view(self, index: int) -> None:
        selected = self.selected_id()
        self.views.setCurrentIndex(index)
        (self.cards_action if index == 0 else self.table_action).setChecked(True)
        if selected is not None:
            self.select_referee(selected)

    def current_view(self) -> QAbstractItemView:
        return self.card_view if self.views.currentIndex() == 0 else self.table_view

    def selected_card(self) -> rq.RefereeCard | None:
        rows = self.current_view().selectionModel().selectedIndexes()
        return self.model.row(rows[0].row()) if rows else None

    def selected_id(self) -> int | None:
        card = self.selected_card()
        return card.id if card else None

    def select_referee(self, referee_id: int) -> None:
        row = self.model.row_of(referee_id)
        if row < 0 and not self.show_gone.isChecked():
            self.show_gone.setChecked(True)
            row = self.model.row_of(referee_id)
        if row < 0:
            return
        index = self.model.index(row, 0)
        self.card_view.setCurrentIndex(index)
        self.table_view.selectRow(row)
        self.current_view().scrollTo(index)

    def _selection_changed(self, *_args: Any) -> None:
        card = self.selected_card()
        writable = not self.session.read_only
        has = card is not None and writable
        self.edit_action.setEnabled(has)
        self.delete_action.setEnabled(has)
        self.new_action.setEnabled(writable)
        sheet_ok = has and (card.open_sheet_id is not None or card.choosable)
        self.sheet_action.setEnabled(sheet_ok)
        self.sheet_action.setText(_("Continue Match Sheet…") if card and card.open_sheet_id else _("Match Sheet…"))
        self.advance_action.setEnabled(has and not card.is_star and bool(card.rolls_due or card.waiting_roll))
        self.rolls_action.setEnabled(has)
        self.recovered_action.setEnabled(has and card.status == "injured")
        self.referee_selected.emit(card.id if card else None)

    def card_index(self, referee_id: int) -> QModelIndex:
        return self.model.index(self.model.row_of(referee_id), 0)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(1200, 800)

    # -- actions -------------------------------------------------------------------------------------
    def new_referee(self) -> None:
        from ui.pages.referees.referee_dialog import RefereeDialog

        dialog = RefereeDialog(self.session, None, self)
        dialog.accepted.connect(lambda: self.select_referee(dialog.referee_id))
        dialog.open()

    def edit_referee(self) -> None:
        card = self.selected_card()
        if card is None:
            return
        from ui.pages.referees.referee_dialog import RefereeDialog

        RefereeDialog(self.session, card.id, self).open()

    def delete_referee(self) -> None:
        card = self.selected_card()
        if card is None:
            return
        if ask.confirm(self, _("Delete {referee} from the league?").format(referee=card.name), yes=_("Delete")):
            self.session.run(svc.delete_referee, parent=self, referee_id=card.id)

    def open_sheet(self) -> Any:
        """Open the selected ref's match sheet; starting one chooses him for a fixture without a sheet."""
        card = self.selected_card()
        if card is None or self.session.read_only:
            return None
        sheet_id = card.open_sheet_id
        if sheet_id is None:
            sheet_id = self._start_sheet(card)
            if sheet_id is None:
                return None
        from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog

        dialog = RefereeSheetDialog(self.session, sheet_id, self)
        dialog.open()
        return dialog

    def _start_sheet(self, card: rq.RefereeCard) -> int | None:
        """Ask which game the ref referees (one sheet a game) and open his sheet for it."""
        if card.problem:
            ask.error(self, card.problem)
            return None
        fixtures = rq.fixtures_without_sheet(self.session.db)
        if not fixtures:
            ask.info(self, _("Every fixture of this season already has its referee's match sheet, or there are no "
                           "fixtures yet: generate the season or add a fixture on the Season page."))  # fmt: skip
            return None
        index = ask.pick(self, _("Which game does {referee} referee?").format(referee=card.name), [f.title for f in fixtures],
                         title=_("New match sheet"))  # fmt: skip
        if index is None:
            return None
        change = self.session.run(
            svc.start_match_sheet, parent=self, referee_id=card.id, match_id=fixtures[index].id
        )
        return change.result if change is not None else None

    def advance(self) -> Any:
        card = self.selected_card()
        if card is None:
            return None
        from ui.pages.referees.referee_advance_dialog import RefereeAdvanceDialog

        dialog = RefereeAdvanceDialog(self.session, card.id, self)
        dialog.open()
        return dialog

    def rolls(self) -> Any:
        card = self.selected_card()
        if card is None:
            return None
        from ui.sequences.referee_sheet.rolls_dialog import RefereeRollsDialog

        dialog = RefereeRollsDialog(self.session, card.id, card.open_sheet_id, self)
        dialog.open()
        return dialog

    def mark_recovered(self) -> None:
        card = self.selected_card()
        if card is not None:
            self.session.run(svc.edit_referee, parent=self, referee_id=card.id, status="available")

    def save_pdf(self) -> None:
        path = ask.save_path(self, title=_("Save the referee cards as PDF"), filter=N_("PDF (*.pdf)"))
        if not path:
            return
        from ui.printing.referee_cards import save_cards_pdf

        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        try:
            pages = save_cards_pdf(self.model.rows(), path)
        except OSError as exc:
            ask.error(self, _("The PDF could not be written: {error}.").format(error=exc.strerror or exc))
            return
        ask.info(
            self,
            _("{cards} card(s) on {pages} page(s): {path}").format(
                cards=self.model.rowCount(), pages=pages, path=path
            ),
        )
