"""One ruleset table in the Rules window: its sections (settings, lists, a list inside a list) as grids.

The sections come from the table's shape (roster_app.rules.table_layout); each grid is a model/view pair
with the Rules delegate. A list inside a list (a race's positions) shows the entries of the row selected
above it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.errors import DugoutError
from roster_app.i18n import N_, _
from roster_app.rules.table_layout import Section, sections
from ui.kit import ask
from ui.kit.basics import text_html
from ui.rules.delegate import RuleDelegate
from ui.rules.models import EntriesModel, SettingsModel

ROW_HEIGHT = 26
WIDE = ("text", "effect", "description")  # long texts: the column that takes the room left
SHORT = ("settings", "values", "named", "fixed")
RANGE_HINT = N_("Rows follow each other: where a row ends, the next one starts. Add splits the selected row.")


def _table_view(model: Any, parent: QWidget) -> QTableView:
    view = QTableView(parent)
    view.setModel(model)
    view.setItemDelegate(RuleDelegate(view))
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.AnyKeyPressed
    )
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
    view.horizontalHeader().setHighlightSections(False)
    view.setWordWrap(False)
    return view


class SectionWidget(QWidget):
    """A titled grid with Add / Remove / Move buttons where entries can be added."""

    current_changed = Signal(object)  # the selected row or None

    def __init__(self, session: Any, table: str, section: Section, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.section = section
        settings = section.kind == "settings"
        self.model = SettingsModel(session, table, section, self) if settings else EntriesModel(session, table, section, self)  # fmt: skip
        self.view = _table_view(self.model, self)
        self.view.setObjectName(f"section_{'_'.join(map(str, section.path)) or 'settings'}")
        self.title = QLabel(f"<b>{text_html(_(section.title))}</b>", self)
        self.buttons: dict[str, QToolButton] = {}

        self.top = top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title)
        top.addSpacing(12)
        if section.can_add:
            self._add_buttons(top)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(top)
        if section.ranges:
            hint = QLabel(_(RANGE_HINT), self)
            hint.setObjectName("rulesHint")
            layout.addWidget(hint)
        layout.addWidget(self.view)
        self.view.selectionModel().selectionChanged.connect(lambda *_a: self._selection_changed())
        self.model.modelReset.connect(self._selection_changed)

    def _add_buttons(self, layout: QHBoxLayout) -> None:
        item = _(self.section.item)
        specs = [("add", _("Add"), _("Add after the selected {item}").format(item=item), self.add),
                 ("remove", _("Remove"), _("Remove the selected {item}").format(item=item), self.remove)]  # fmt: skip
        if self.section.kind in ("rows", "values") and not self.section.ranges:
            specs += [("up", _("Up"), _("Move the selected {item} up").format(item=item), lambda: self.move(-1)),
                      ("down", _("Down"), _("Move the selected {item} down").format(item=item),
                       lambda: self.move(1))]  # fmt: skip
        for name, text, tip, slot in specs:
            button = QToolButton(self)
            button.setText(text)
            button.setToolTip(tip)
            button.setAutoRaise(True)
            button.clicked.connect(slot)
            layout.addWidget(button)
            self.buttons[name] = button

    # -- data -------------------------------------------------------------------------------------------
    def load(self, data: Any, path: tuple[Any, ...] | None = None) -> None:
        row = self.current_row()
        if isinstance(self.model, SettingsModel):
            self.model.load(data)
        else:
            self.model.load(data, path)
        if self.current_row() is None and row is not None and self.model.rowCount():
            self.select_row(min(row, self.model.rowCount() - 1))
        self._selection_changed()

    def fit(self) -> None:
        """Columns fit their contents; long texts take the room that is left."""
        header = self.view.horizontalHeader()
        self.view.resizeColumnsToContents()
        fields = self.model.section.fields
        if isinstance(self.model, SettingsModel):
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
            # the values as wide as they are: a fixed 200 put right-aligned numbers out of sight
            header.resizeSection(1, min(max(header.sectionSize(1) + 16, 80), 240))
            header.setStretchLastSection(False)
            self._fit_width()
            return
        for column, field in enumerate(fields):
            narrow = field.kind == "int" and (field.check.high or 99) <= 16
            least = 220 if self.section.kind == "values" else 140 if field.kind == "text" else 70
            most = 180 if field.kind in ("texts", "opt_texts") else 260
            title = self.model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
            most = max(most, header.fontMetrics().horizontalAdvance(str(title or "")) + 24)  # the heading whole
            header.resizeSection(column, 48 if narrow else min(max(header.sectionSize(column), least), most))
        wide = [c for c, f in enumerate(fields) if f.key in WIDE]
        header.setStretchLastSection(False)
        for column in wide[-1:]:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        if not wide:
            self._fit_width()

    def _fit_width(self) -> None:
        """A grid without a long text column is as wide as its columns (no empty band on the right)."""
        header = self.view.horizontalHeader()
        columns = sum(header.sectionSize(c) for c in range(header.count()))
        scroll = self.view.verticalScrollBar().sizeHint().width() if self.model.rowCount() > 8 else 0
        # never narrower than the title and its buttons above it ("Categories  Add Remove Up Down")
        least = self.top.minimumSize().width()
        self.view.setMaximumWidth(max(columns + 2 * self.view.frameWidth() + scroll, least))
        if least > columns:
            self.view.horizontalHeader().setStretchLastSection(True)

    def fitted_height(self) -> int:
        """The height that shows every row without scrolling (title and hint included)."""
        view = ROW_HEIGHT * max(self.model.rowCount(), 1) + self.view.horizontalHeader().sizeHint().height()
        view += 2 * self.view.frameWidth() + 2
        return self.sizeHint().height() - self.view.sizeHint().height() + view

    # -- selection --------------------------------------------------------------------------------------
    def current_row(self) -> int | None:
        rows = self.view.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def select_row(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.view.selectRow(row)
            self.view.scrollTo(self.model.index(row, 0))

    def _selection_changed(self) -> None:
        row = self.current_row()
        writable = not self.session.read_only and self.model.path is not None
        count = self.model.rowCount()
        states = {"add": writable, "remove": writable and row is not None and count > 1,
                  "up": writable and bool(row), "down": writable and row is not None and row < count - 1}  # fmt: skip
        for name, button in self.buttons.items():
            button.setEnabled(states[name])
        self.current_changed.emit(row)

    # -- row actions (each one undo step, checked by the service) ----------------------------------------
    def add(self) -> None:
        try:
            row = self.model.add_row(self.current_row())
        except DugoutError as exc:
            ask.error(self.window(), str(exc))
            return
        if row is not None:
            self.select_row(row)

    def remove(self) -> None:
        row = self.current_row()
        if row is not None and self.model.remove_row(row):
            self.select_row(min(row, self.model.rowCount() - 1))

    def move(self, step: int) -> None:
        row = self.current_row()
        if row is not None and self.model.move_row(row, step):
            self.select_row(row + step)


class TablePage(QWidget):
    """Every section of one ruleset table, stacked; a nested list follows the row selected above it."""

    def __init__(self, session: Any, table: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.table = table
        self.data: Any = None
        self.sections: list[SectionWidget] = []
        self.details: dict[int, SectionWidget] = {}  # index of the master section -> its detail
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.setChildrenCollapsible(False)
        row: QSplitter | None = None  # short sections side by side (settings, categories, named values)
        for section in sections(table):
            short = section.kind in SHORT
            if short and row is None:
                row = QSplitter(Qt.Orientation.Horizontal, splitter)
                splitter.addWidget(row)
            holder = row if short else splitter
            widget = SectionWidget(session, table, section, holder)
            holder.addWidget(widget)
            self.sections.append(widget)
            if not short:
                row = None
            if section.detail is not None:
                detail = SectionWidget(session, table, section.detail, splitter)
                self.details[len(self.sections) - 1] = detail
                splitter.addWidget(detail)
                widget.current_changed.connect(lambda _row, m=widget, d=detail: self._show_detail(m, d))
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter, 1)
        layout.addStretch(0)  # takes the room a table of short sections does not need

    def section(self, path: tuple[str, ...]) -> SectionWidget:
        """The section whose collection sits at `path` ("settings" has the path ())."""
        for widget in [*self.sections, *self.details.values()]:
            if widget.section.path == path:
                return widget
        raise KeyError(path)

    def load(self, data: Any) -> None:
        """Show the league's current data of the table (after every change to the ruleset)."""
        first = self.data is None
        self.data = data
        for index, widget in enumerate(self.sections):
            widget.load(data, widget.section.path)
            if index in self.details:
                if widget.current_row() is None and widget.model.rowCount():
                    widget.select_row(0)
                self._show_detail(widget, self.details[index])
        if first:
            self._fit()

    def _show_detail(self, master: SectionWidget, detail: SectionWidget) -> None:
        row = master.current_row()
        if row is None or self.data is None:
            detail.load(self.data, None)
            detail.title.setText(f"<b>{text_html(_(detail.section.title))}</b>")
            return
        name = master.model.entry(row).get("name", "")
        detail.load(self.data, (*master.section.path, row, *detail.section.path))
        detail.title.setText(
            _("<b>{section}</b> of {name}").format(
                section=text_html(_(detail.section.title)), name=text_html(name)
            )
            if name
            else f"<b>{text_html(_(detail.section.title))}</b>"
        )
        detail.fit()

    def _fit(self) -> None:
        """Short sections take the height they need; long lists (and a nested list most) share the rest."""
        for widget in [*self.sections, *self.details.values()]:
            widget.fit()
        sizes, stretchy = [], False
        for index in range(self.splitter.count()):
            part = self.splitter.widget(index)
            widgets = [part.widget(i) for i in range(part.count())] if isinstance(part, QSplitter) else [part]
            if isinstance(part, QSplitter):
                self._fit_row(part, widgets)
            long = any(w.section.kind == "rows" and w.model.rowCount() > 8 for w in widgets)
            is_detail = part in self.details.values()
            stretchy = stretchy or long or is_detail
            self.splitter.setStretchFactor(index, 2 if is_detail else int(long))
            fitted = max(w.fitted_height() for w in widgets)
            sizes.append(
                420 if is_detail else 260 if long else min(fitted, 330 if self.splitter.count() > 1 else 560)
            )
        self.splitter.setSizes(sizes)
        if not stretchy:  # nothing long: every part keeps its height and the page's stretch takes the rest
            for index, height in enumerate(sizes):
                part = self.splitter.widget(index)
                for widget in (
                    [part.widget(i) for i in range(part.count())] if isinstance(part, QSplitter) else [part]
                ):
                    widget.setMaximumHeight(height)

    @staticmethod
    def _fit_row(row: QSplitter, widgets: list[SectionWidget]) -> None:
        """Side-by-side sections get the width of their columns; the last one takes what is left."""
        widths = []
        for widget in widgets:
            header = widget.view.horizontalHeader()
            columns = sum(header.sectionSize(c) for c in range(header.count())) + 24
            widths.append(max(columns, widget.top.minimumSize().width()))  # its title and buttons whole too
        for index in range(len(widgets)):
            row.setStretchFactor(index, int(index == len(widgets) - 1))
            # never squeezed below its columns: a squeezed grid hid its right-aligned values off to the right
            widgets[index].setMinimumWidth(min(widths[index], 460))
        row.setSizes(widths)
