"""League > Rules…: every table of the league's ruleset, shown and edited in place (house rules).

A non-modal window beside the main one: the list of tables on the left ("league default" until edited),
the selected table on the right. Every edit is a service call (checked, one undo step, refused with the
table, row and problem named); Undo/Redo here share the league's undo history.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QKeySequence, QPainter, QPen, QShortcut, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.errors import DugoutError
from roster_app.i18n import N_, _, term
from roster_app.queries.ruleset import rule_tables
from roster_app.services.economy import economy_preview, preview_words, switch_economy
from roster_app.services.ruleset import export_ruleset, import_ruleset, reset_table
from roster_app.words import possessive
from ui.kit import ask
from ui.rules.models import RuleTablesModel, badge_key, badge_text
from ui.rules.page import TablePage

RULESET_FILTER = N_("Dugout rulesets (*.json);;All files (*)")  # translated in ask
STYLE = """
#rulesHeading { font-size: 15pt; font-weight: 600; }
#rulesNote, #rulesHint, #rulesStatus { color: #5b6470; }
"""
BADGE_COLORS = {
    "league default": ("#fdecea", "#9a3b2e"),
    "house rule": ("#fff1d6", "#8a5a00"),
    "from the article": ("#e6f4ea", "#1e6b3a"),
}  # "from LRB ..." and the rest: grey


class BadgeDelegate(QStyledItemDelegate):
    """Draws the status column as a small rounded badge."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        # background and selection only: the cell drawn without its text (a base paint() with an invalid index
        # drew the text the delegate had read last: Qt keeps the role data it fetched between calls)
        cell = QStyleOptionViewItem(option)
        self.initStyleOption(cell, index)
        cell.text = ""
        style = cell.widget.style() if cell.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, cell, painter, cell.widget)
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        fill, ink = BADGE_COLORS.get(badge_key(text), ("#eef1f5", "#5b6470"))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = option.fontMetrics
        room = option.rect.width() - 4  # inside its own cell: never over the table's name beside it
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room - 14)
        width = min(metrics.horizontalAdvance(text) + 14, room)
        rect = QRect(0, 0, width, metrics.height() + 4)
        rect.moveCenter(option.rect.center())
        painter.setPen(QPen(QColor(ink).lighter(160)))
        painter.setBrush(QColor(fill))
        painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        painter.setPen(QColor(ink))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # noqa: N802
        hint = super().sizeHint(option, index)
        return QSize(hint.width() + 18, hint.height())  # the badge's rounded ends


class RulesWindow(QDialog):
    """The league's ruleset, table by table."""

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.pages: dict[str, TablePage] = {}
        self._key: str | None = None
        self.setWindowTitle(_("Rules — Dugout"))
        self.setStyleSheet(STYLE)
        self.setModal(False)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.resize(1320, 700)  # fits a 1366x768 laptop with its title bar and panel

        self.table_model = RuleTablesModel(self)
        self.table_view = self._table_list()
        self.heading = QLabel(self)
        self.heading.setObjectName("rulesHeading")
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # a table's title is league data
        self.badge = QLabel(self)
        self.badge.setObjectName("rulesBadge")
        self.badge.setTextFormat(Qt.TextFormat.PlainText)
        self.note = QLabel(self)
        self.note.setTextFormat(Qt.TextFormat.PlainText)  # a league's notes are typed text
        self.note.setObjectName("rulesNote")
        self.note.setWordWrap(True)
        self.reset_button = QPushButton(_("Reset to default"), self)
        self.reset_button.setToolTip(
            _("Put this table back as the league's ruleset ships it (Undo brings yours back)")
        )
        self.reset_button.clicked.connect(self.reset_current)
        self.stack = QStackedWidget(self)
        self.status = QLabel(self)
        self.status.setObjectName("rulesStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # names a path or a table

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.table_view)
        splitter.addWidget(self._right_side())
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([300, 1020])
        layout.addWidget(splitter, 1)
        layout.addLayout(self._bottom_bar())
        self._help_key()

        session.changed.connect(self.refresh)
        self.table_view.selectionModel().currentRowChanged.connect(
            lambda current, _p: self.show_table_at(current.row())
        )
        self.refresh({"ruleset_table"})
        self.table_view.selectRow(0)

    # -- building ---------------------------------------------------------------------------------------
    def _table_list(self) -> QTableView:
        view = QTableView(self)
        view.setObjectName("rulesTables")
        view.setModel(self.table_model)
        view.setItemDelegateForColumn(1, BadgeDelegate(view))
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setShowGrid(False)
        view.setWordWrap(False)
        view.horizontalHeader().hide()
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(28)
        view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)  # whole badges
        view.horizontalHeader().setHighlightSections(False)
        view.setMinimumWidth(250)
        return view

    def _right_side(self) -> QWidget:
        side = QWidget(self)
        head = QHBoxLayout()
        head.addWidget(self.heading)
        head.addWidget(self.badge)
        head.addStretch(1)
        head.addWidget(self.reset_button)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(8, 0, 0, 0)
        layout.addLayout(head)
        layout.addWidget(self.note)
        layout.addWidget(self.stack, 1)
        return side

    def _help_key(self) -> None:
        """F1: the handbook's section on house rules."""
        from ui.kit.handbook import open_handbook

        key = QShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents), self)
        key.activated.connect(lambda: open_handbook(self, "rules"))

    def _bottom_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        # the window's own history: its Undo takes back rule edits only (issue 35: it undid "match sheet opened")
        stack = self.rules_undo = QUndoStack(self)
        for action, keys in ((stack.createUndoAction(self, _("Undo")), QKeySequence.StandardKey.Undo),
                             (stack.createRedoAction(self, _("Redo")), QKeySequence.StandardKey.Redo)):  # fmt: skip
            action.setShortcut(QKeySequence(keys))
            self.addAction(action)
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            bar.addWidget(button)
        self.undo_action, self.redo_action = self.actions()[-2:]
        bar.addWidget(self.status, 1)
        self.import_button = QPushButton(_("Import…"), self)
        self.import_button.setToolTip(_("Replace tables with those of a ruleset file (checked first)"))
        self.import_button.clicked.connect(self.import_file)
        self.export_button = QPushButton(_("Export…"), self)
        self.export_button.setToolTip(_("Save the league's ruleset as a readable JSON file"))
        self.export_button.clicked.connect(self.export_file)
        self.economy_button = QPushButton(_("Economy…"), self)
        self.economy_button.setToolTip(
            _("Switch the league to its edition's economy at a season's end (a preview first)")
        )
        self.economy_button.clicked.connect(self.switch_economy)
        close = QPushButton(_("Close"), self)
        close.clicked.connect(self.close)
        for button in (self.economy_button, self.import_button, self.export_button, close):
            bar.addWidget(button)
        return bar

    # -- showing ----------------------------------------------------------------------------------------
    def current_key(self) -> str | None:
        return self._key

    def show_table(self, key: str) -> TablePage:
        """Select a table by key and return its page."""
        self.table_view.selectRow(self.table_model.row_for_key(key))
        return self.pages[key]

    def show_table_at(self, row: int) -> None:
        if not 0 <= row < self.table_model.rowCount():
            return
        key = self._key = self.table_model.row(row).key
        if key not in self.pages:
            page = TablePage(self.session, key, self.stack)
            self.pages[key] = page
            self.stack.addWidget(page)
            page.load(self.session.db.ruleset.table(key))
        self.stack.setCurrentWidget(self.pages[key])
        self._show_heading()

    def _show_heading(self) -> None:
        key = self.current_key()
        if key is None:
            return
        info = self.table_model.row(self.table_model.row_for_key(key))
        self.heading.setText(info.title)
        badge = (info.source_badge or "as shipped") if info.is_default else "house rule"
        self.badge.setText(badge_text(badge))
        self.badge.setProperty("houseRule", not info.is_default)
        self.badge.setStyleSheet(self._badge_style(badge))
        edited = (
            _("Edited for this league on {date}. ").format(date=f"{info.updated_at:%d %b %Y}")
            if not info.is_default and info.updated_at
            else ""
        )
        based = _("Based on: ") if not info.is_default else ""
        note = term("table", info.note) if info.note else ""  # the ruleset's note translated; a typed one as typed
        self.note.setText(f"{edited}{note}\n{based}{info.source}." if info.source else f"{edited}{note}")
        self.note.setToolTip(
            _("Recorded source: {source}").format(source=info.source_detail) if info.source_detail else ""
        )
        self.reset_button.setEnabled(not info.is_default and not self.session.read_only)

    @staticmethod
    def _badge_style(text: str) -> str:
        fill, ink = BADGE_COLORS.get(text, ("#eef1f5", "#5b6470"))
        return f"background: {fill}; color: {ink}; border-radius: 9px; padding: 2px 9px;"

    def refresh(self, tables: set[str] | None) -> None:
        """Re-read the ruleset after any change that touched it (edits, undo, import)."""
        if tables is not None and "ruleset_table" not in tables:
            return
        self.table_model.set_rows(rule_tables(self.session.db))
        ruleset = self.session.db.ruleset
        for key, page in self.pages.items():
            page.load(ruleset.table(key))
        self._show_heading()
        read_only = self.session.read_only
        self.import_button.setEnabled(not read_only)
        self.economy_button.setEnabled(not read_only)

    # -- buttons ----------------------------------------------------------------------------------------
    def reset_current(self) -> None:
        key = self.current_key()
        if (
            key is not None
            and self.session.run(reset_table, parent=self, key=key, undo_stack=self.rules_undo) is not None
        ):
            self.status.setText(_("The {table} is the league default again.").format(table=self.heading.text()))

    def switch_economy(self) -> None:
        """The league's edition's economy, at a season's end, after a preview of what changes."""
        try:
            preview = economy_preview(self.session.db)
        except DugoutError as exc:
            ask.info(self, str(exc), title=_("The league's economy"))
            return
        words = preview_words(preview)
        if preview.refusal:
            ask.info(self, f"{preview.refusal}\n\n{words}" if preview.changes else preview.refusal,
                     title=_("The league's economy"))  # fmt: skip
            return
        if not ask.confirm(self, words, title=_("The league's economy"), yes=_("Switch")):
            return
        if self.session.run(switch_economy, parent=self) is not None:
            self.status.setText(
                _("The league plays {owner} economy from now on.").format(
                    owner=possessive(preview.edition_after), name=preview.edition_after
                )
            )

    def export_file(self) -> None:
        path = ask.save_path(self, title=_("Export the league's ruleset"), filter=RULESET_FILTER)
        if not path:
            return
        path = path if path.lower().endswith(".json") else f"{path}.json"
        if self.session.run(export_ruleset, parent=self, path=Path(path)) is not None:
            self.status.setText(_("The ruleset was exported to {path}.").format(path=path))

    def import_file(self) -> None:
        path = ask.open_path(self, title=_("Import a ruleset"), filter=RULESET_FILTER)
        if not path:
            return
        change = self.session.run(import_ruleset, parent=self, path=Path(path), undo_stack=self.rules_undo)
        if change is None:
            return
        titles = [self.table_model.row(self.table_model.row_for_key(k)).title for k in change.result]
        self.status.setText(
            _("Imported from {file}: {tables}.").format(file=Path(path).name, tables=", ".join(titles)) if titles else
            _("{file} holds the same tables as the league: nothing changed.").format(file=Path(path).name)
        )  # fmt: skip
