"""The app's table views: one look for every table (make_table), the roster's column widths, and the
league panel's lists. No ORM here: the first look (ui/mainwindow/first_look.py) uses them before SQLModel loads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from ui.kit.row_delegate import RowDelegate

RESIZE_PRECISION = 200  # rows a "fit to contents" looks at: a 2,000-row table is not measured row by row
# the rows a page's league-wide table looks at, the rows in view among them: a season's 1,792 fixtures and 256
# teams cost 77 ms at 200 rows when the Season page opens (issue 40)
LEAGUE_WIDE_PRECISION = 64
WIDEST_FIT = 420  # a column sized to its content takes at most this; longer text is elided, whole in the tooltip
ELASTIC_LEAST = 130  # the narrowest a long-text column (Skills) becomes to keep the figures beside it on screen
SQUEEZED_LEAST = 64  # the narrowest the other elastic columns (Level, Injuries ...) become
HEADER_PADDING = 14  # around a column's title in the header: a squeezed column is never narrower than its title
# the roster's long columns, narrowing together on a small screen; a position keeps room for "Wood Elf Lineman"
ROSTER_ELASTIC = ("skills", ("position", 112), "injuries", "level")


def window_settings(widget: QWidget) -> QSettings | None:
    """The main window's settings (tests give it a file of their own); None outside a window that has them."""
    while widget is not None:
        settings = getattr(widget, "settings", None)
        if isinstance(settings, QSettings):
            return settings
        widget = widget.parentWidget()
    return None


class Table(QTableView):
    """The app's table view (make_table). Its viewport's events reach Python through `viewportEvent` (`watch`),
    so nothing on the way to the first roster asks for `viewport()`: PySide6 wraps the first plain QWidget Qt
    hands it by creating every QWidget subclass of QtWidgets (~65 classes, ~10 ms of CPU)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._watchers: list[Callable[[QEvent], None]] = []

    def watch(self, watcher: Callable[[QEvent], None]) -> None:
        """Call `watcher(event)` with each of the viewport's events, before the view handles it."""
        self._watchers.append(watcher)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        for watcher in self._watchers:
            watcher(event)
        return super().viewportEvent(event)


class ColumnWidths(QObject):
    """Every column as wide as its content (header and the first rows, up to WIDEST_FIT), the last column taking
    what is left; once the commissioner drags a column, the table's widths are kept (QSettings
    `tables/<key>/widths`) and used from then on, at any window size."""

    def __init__(self, view: Table, key: str, elastic: tuple[str | tuple[str, int], ...] = ()):
        super().__init__(view)
        self.view, self.key = view, key
        self.elastic = elastic  # long-text columns that give up width first when the table is too wide
        self._fitting = False
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(28)
        header.sectionResized.connect(self._resized)
        view.model().modelReset.connect(self._reset)
        self._content: list[int] = []  # the widths the content asked for at the last fit
        self._measured_rows = False  # the last fit saw rows (not only the headers)
        self._fit_when_shown = False  # a fit asked while the table was hidden (a tab not yet looked at)
        self._room: int | None = None  # the viewport's width, from its last resize
        view.watch(self._viewport_event)
        # A width is kept only when the commissioner drags it: a press on the header itself (the application's
        # button state can be stale after a double-click that opened a dialog took the release). The header's
        # viewport is watched from the first time the mouse enters the table (no press on it can come sooner).
        self._dragging = False
        self._header_viewport: Any = None
        view.installEventFilter(self)

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802
        kind = event.type()
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
            if watched is self._header_viewport:
                self._dragging = kind == QEvent.Type.MouseButtonPress
        elif kind == QEvent.Type.Enter and watched is self.view and self._header_viewport is None:
            self._header_viewport = self.view.horizontalHeader().viewport()
            self._header_viewport.installEventFilter(self)
        return False

    def _viewport_event(self, event: QEvent) -> None:
        """The view got wider or narrower: share the width again (measured widths reused, nothing re-read)."""
        kind = event.type()
        if kind == QEvent.Type.Show and self._fit_when_shown:
            self.fit()
            return
        if kind != QEvent.Type.Resize:
            return
        self._room = event.size().width()
        if self._content and not self.saved():
            header = self.view.horizontalHeader()
            self._fitting = True
            try:
                for column, width in enumerate(self._content[: header.count()]):
                    header.resizeSection(column, width)
                self._give_up_width(header)
            finally:
                self._fitting = False

    @property
    def due(self) -> bool:
        """A fit asked while the table was hidden: made when it is first shown (measuring it now too is twice)."""
        return self._fit_when_shown

    def _setting(self) -> str:
        return f"tables/{self.key}/widths"

    def saved(self) -> list[int]:
        settings = window_settings(self.view)
        value = settings.value(self._setting()) if settings is not None else None
        try:
            return [int(w) for w in (value if isinstance(value, list) else [value] if value else [])]
        except (TypeError, ValueError):
            return []

    def _reset(self) -> None:
        """New rows: measured once they first arrive (measuring every reset would double a reset's cost, see
        bench/tables.py); a page that shows another team's rows asks `fit` itself."""
        if not self._measured_rows and self.view.model().rowCount():
            self.fit()

    def fit(self) -> None:
        header = self.view.horizontalHeader()
        saved = self.saved()
        self._fitting = True
        try:
            if len(saved) == header.count():
                for column, width in enumerate(saved):
                    header.resizeSection(column, width)
                return
            if not self.view.isVisible():  # measured when first shown: opening a league does not size its
                self._fit_when_shown = True  # hidden tabs' tables (~50 ms for a long ledger)
                return
            self._fit_when_shown = False
            self.view.resizeColumnsToContents()
            for column in range(header.count()):
                if header.sectionSize(column) > WIDEST_FIT:
                    header.resizeSection(column, WIDEST_FIT)
            self._content = [header.sectionSize(c) for c in range(header.count())]
            self._measured_rows = self.view.model().rowCount() > 0
            self._give_up_width(header)
        finally:
            self._fitting = False

    def _give_up_width(self, header: QHeaderView) -> None:
        """Too wide for the view: the elastic columns narrow together, each by its share of what it has above its
        floor (the first, Skills, down to ELASTIC_LEAST; the others down to SQUEEZED_LEAST or the floor named with
        them, `("position", 112)`), so the short figures
        after them (SPP, Value, Contract, Status) stay on screen; their text is elided, whole in the tooltip."""
        room = (self._room if self._room is not None else self.view.viewport().width()) or self.view.width()
        model = self.view.model()
        keys = [c.key for c in getattr(model, "COLUMNS", ())]
        named = [(item, None) if isinstance(item, str) else item for item in self.elastic]
        floors = {keys.index(k): least for k, least in named if k in keys}
        elastic = list(floors)
        metrics = header.fontMetrics()
        for i, column in enumerate(elastic):
            if floors[column] is None:
                floors[column] = ELASTIC_LEAST if i == 0 else SQUEEZED_LEAST
            # a squeezed column keeps its title whole (a longer word than English's: "Verletzungen")
            title = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) or ""
            floors[column] = max(floors[column], metrics.horizontalAdvance(str(title)) + HEADER_PADDING)
        widths = [header.sectionSize(c) for c in range(header.count())]
        if widths and header.stretchLastSection():  # Qt stretches the last column to at least its default size
            widths[-1] = max(widths[-1], header.defaultSectionSize())
        over = sum(widths) - room
        slack = {c: max(0, header.sectionSize(c) - floors[c]) for c in elastic}
        total = sum(slack.values())
        if over <= 0 or total <= 0:
            return
        share = min(1.0, over / total)
        for column in elastic:
            give = round(slack[column] * share)
            if give > 0:
                header.resizeSection(column, header.sectionSize(column) - give)

    def _resized(self, _column: int, _old: int, _new: int) -> None:
        # only a drag by the commissioner is kept (a fit, or the last column following the window, is not)
        if self._fitting or not self._dragging or QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton:
            return
        self.remember()

    def remember(self) -> None:
        settings = window_settings(self.view)
        if settings is not None:
            header = self.view.horizontalHeader()
            settings.setValue(self._setting(), [header.sectionSize(c) for c in range(header.count())])

    def forget(self) -> None:
        """Back to widths sized to the content (View > Reset Column Widths)."""
        settings = window_settings(self.view)
        if settings is not None:
            settings.remove(self._setting())
        self.fit()


def make_table(
    model: Any, parent: QWidget, *, key: str | None = None, elastic: tuple[str | tuple[str, int], ...] = ()
) -> QTableView:
    """A table view with the app's look; its columns sized by ColumnWidths (`key`: the model's class name;
    `elastic`: the long-text columns that narrow first)."""
    view = Table(parent)
    view.setModel(model)
    view.setSortingEnabled(True)
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(26)
    view.horizontalHeader().setHighlightSections(False)
    view.horizontalHeader().setResizeContentsPrecision(RESIZE_PRECISION)
    view.setWordWrap(False)
    view.setItemDelegate(RowDelegate(view))
    view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    view.column_widths = ColumnWidths(view, key or type(model).__name__, elastic)
    view.column_widths.fit()
    return view


def list_view(model: Any, parent: QWidget) -> QTableView:
    """The league panel's lists (teams, referees): no grid, the first column takes the width."""
    view = QTableView(parent)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.setShowGrid(False)
    view.setSortingEnabled(True)
    view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    view.setWordWrap(False)
    view.verticalHeader().setDefaultSectionSize(24)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    header.setHighlightSections(False)
    header.setResizeContentsPrecision(RESIZE_PRECISION)
    view.setItemDelegate(RowDelegate(view))
    view.content_columns = ContentColumns(view)
    return view


class ContentColumns(QObject):
    """A list's columns after the first as wide as their content (as Qt's ResizeToContents sizes them: every row
    up to RESIZE_PRECISION, and the header), measured when its rows change, not at every layout pass:
    ResizeToContents measured the 64 teams' cells again and again before the first look's first paint."""

    def __init__(self, view: QTableView):
        super().__init__(view)
        self.view = view
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.dataChanged):
            signal.connect(self.fit)
        self.fit()

    def fit(self, *_args: Any) -> None:
        for column in range(1, self.view.model().columnCount()):
            self.view.resizeColumnToContents(column)


def fit_roster_columns(view: QTableView, model: Any) -> None:
    """Every roster column sized to its content (Skills too, so it is not cut), or as the commissioner left it."""
    widths = getattr(view, "column_widths", None)
    if widths is not None:
        widths.fit()
