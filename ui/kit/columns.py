"""Declaring a table model's columns once: header, getter, editor kind, sort key, alignment."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from roster_app.i18n import N_, _
from roster_app.words import number
from ui.kit.basics import plain_tip

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column:
    key: str
    header: str
    get: Callable[[Any], Any]  # row -> display value
    edit: str | None = None  # editor kind for the delegate, None = read-only
    sort: Callable[[Any], Any] | None = None  # row -> sort key (defaults to get)
    align: Qt.AlignmentFlag = LEFT
    tip: Callable[[Any], str] | None = None
    width: int | None = None


# The stored statuses (keys: never translated where stored) in the commissioner's words: `shown(status)`.
STATUS_WORDS = {
    "active": N_("active"), "injured": N_("injured"), "dead": N_("dead"), "retired": N_("retired"),
    "fired": N_("fired"), "miss next game": N_("miss next game"), "available": N_("available"),
    "sacked": N_("sacked"), "open": N_("open"), "drawn": N_("drawn"), "finished": N_("finished"),
    "abandoned": N_("abandoned"), "played": N_("played"), "scheduled": N_("scheduled"),
    "transferred": N_("transferred"),
}  # fmt: skip


def stage_shown(stage: str | None) -> str:
    """A fixture's stage (a stored key) as the commissioner reads it (rules.competitions.stage_words)."""
    from roster_app.rules.competitions import stage_words

    return stage_words(stage)


def shown(status: str | None) -> str:
    """A stored status word as the commissioner reads it (an unknown one as stored)."""
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else (status or "")


def gp(amount: int) -> str:
    """A sum of gold in a table's cell: its figure with the language's thousands separator ("120,000", "120 000")."""
    return number(amount)


FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
BACKGROUND = int(Qt.ItemDataRole.BackgroundRole.value)
FONT = int(Qt.ItemDataRole.FontRole.value)


@cache
def brush(colour: str) -> QBrush:
    """A brush of one colour, made once (extra_data runs for every painted cell)."""
    return QBrush(QColor(colour))


@cache
def font(*, bold: bool = False, monospace: bool = False) -> QFont:
    """A font made once (a QFont is not cheap to make for every painted cell)."""
    made = QFont("monospace") if monospace else QFont()
    if monospace:
        made.setStyleHint(QFont.StyleHint.Monospace)
    made.setBold(bold)
    return made


# Roles as plain ints: data() runs for every cell and role of every paint, and comparing an int with a
# PySide6 enum member costs an attribute lookup each time.
DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
EDIT = int(Qt.ItemDataRole.EditRole.value)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
READ_ONLY_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
EDITABLE_FLAGS = READ_ONLY_FLAGS | Qt.ItemFlag.ItemIsEditable


class RowTableModel(QAbstractTableModel):
    """A table model over a list of frozen row objects with declared columns; sorts and filters inside the
    model (a proxy over a Python model is ~15x slower).

    data() stays a few microseconds: a row's display values are made once, when it is first drawn, and
    kept until the rows change (set_rows, or a dataChanged a subclass emits after replacing a row).
    """

    COLUMNS: tuple[Column, ...] = ()
    # The roles extra_data answers (e.g. {FOREGROUND, FONT}); None asks it for every other role. Declaring
    # them keeps a repaint cheap: a delegate asks ~7 roles of every cell it draws.
    ROLES: frozenset[int] | None = None
    EditRole = Qt.ItemDataRole.EditRole
    RowRole = int(Qt.ItemDataRole.UserRole.value) + 1  # the row object itself

    def __init__(self, parent: Any = None):
        super().__init__(parent)
        self._rows: list[Any] = []  # the rows shown, in order
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._all: list[Any] | None = None  # every row while a filter is set (None: no filter)
        self._words: tuple[str, ...] = ()
        self._cells: dict[int, tuple[Any, ...]] = {}  # id(row) -> its display values
        self._texts: dict[int, str] = {}  # id(row) -> its lower-case text, for filtering
        columns = self.COLUMNS
        self._getters = tuple(c.get for c in columns)
        self._aligns = tuple(int(c.align.value) for c in columns)
        self._headers = tuple(_(c.header) if c.header else "" for c in columns)  # titles are marked N_
        self._custom_data = type(self).extra_data is not RowTableModel.extra_data
        self._data_overridden = type(self).data is not RowTableModel.data
        # The roles data() looks further into (None: all): edit, tool tip, the row, and extra_data's.
        self._asked: frozenset[int] | None = None
        if not self._custom_data or self.ROLES is not None:
            self._asked = frozenset({EDIT, TOOLTIP, self.RowRole, *(self.ROLES or ())})
        self.dataChanged.connect(self._forget_cells)

    def _forget_cells(self, *_args: Any) -> None:
        self._cells.clear()
        self._texts.clear()

    # -- the row set -----------------------------------------------------------------------
    def set_rows(self, rows: list[Any]) -> None:
        """Replace the rows; a reset only when the set of rows changed, else dataChanged for what moved."""
        self._forget_cells()  # before the new rows are looked at: a freed row's id may be a new row's
        rows = self._sorted(list(rows))
        if self._all is not None:
            self._all = rows
            rows = self._filtered(rows)
        old_ids = [getattr(r, "id", None) for r in self._rows]
        new_ids = [getattr(r, "id", None) for r in rows]
        if old_ids == new_ids and rows:
            changed = [i for i, (a, b) in enumerate(zip(self._rows, rows, strict=True)) if a != b]
            self._rows = rows
            if changed:
                last = self.columnCount() - 1
                self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))
            return
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def row(self, index: int) -> Any:
        return self._rows[index]

    def rows(self) -> list[Any]:
        return list(self._rows)

    def row_of(self, row_id: Any) -> int:
        for i, r in enumerate(self._rows):
            if getattr(r, "id", None) == row_id:
                return i
        return -1

    def display_values(self, row: Any) -> tuple[Any, ...]:
        """What each column shows for `row` (made once per row and kept)."""
        key = id(row)
        cells = self._cells.get(key)
        if cells is None:
            cells = self._cells[key] = tuple([get(row) for get in self._getters])
        return cells

    # -- filtering inside the model ----------------------------------------------------------
    def set_filter(self, text: str) -> None:
        """Show only the rows whose columns (and `filter_text`) hold every word of `text`, in any case."""
        words = tuple(text.lower().split())
        if words == self._words:
            return
        narrower = self._all is not None and all(any(o in w for w in words) for o in self._words)
        self._words = words
        self.refilter(within_shown=narrower)

    def refilter(self, *, within_shown: bool = False) -> None:
        """Apply the filter again (a subclass calls it when `accepts` changes its mind).

        `within_shown`: the filter only narrowed (a word was typed on), so only the rows shown are tested.
        """
        if self._all is None:
            self._all = self._rows
        # Narrowing: the rows shown already meet the subclass's condition (unchanged since; else refilter()
        # would have been called without within_shown), so only the words are looked at.
        shown = self._filtered(self._rows, condition=False) if within_shown else self._filtered(self._all)
        if not self._words and not self._has_condition():
            shown, self._all = self._all, None
        if len(shown) == len(self._rows) and all(a is b for a, b in zip(shown, self._rows, strict=True)):
            return
        self.beginResetModel()
        self._rows = shown
        self.endResetModel()

    def _filtered(self, rows: list[Any], *, condition: bool = True) -> list[Any]:
        """The rows that meet the subclass's condition (`accepts`) and hold every word typed. One word at a
        time over the rows' texts (a list comprehension each): a keystroke in a 2,000-row table is a few ms."""
        if condition and self._has_condition():
            accepts = self.accepts
            rows = [r for r in rows if accepts(r)]
        if not self._words:
            return rows
        known = self._texts
        texts = [known.get(id(r)) for r in rows]
        if None in texts:
            texts = [self._text(r) if t is None else t for r, t in zip(rows, texts, strict=True)]
        pairs = list(zip(rows, texts, strict=True))
        for word in self._words:
            pairs = [pair for pair in pairs if word in pair[1]]
        return [row for row, _text in pairs]

    def _text(self, row: Any) -> str:
        """The row's columns (and `filter_text`) in lower case, as the filter looks at them (kept)."""
        extra = self.filter_text(row)
        values = self.display_values(row)
        text = self._texts[id(row)] = "\x00".join(
            [*map(str, values), extra] if extra else map(str, values)
        ).lower()
        return text

    def accepts(self, row: Any) -> bool:
        """A subclass's own condition for showing a row (besides the words typed); call refilter() when it changes."""
        return True

    def _has_condition(self) -> bool:
        return type(self).accepts is not RowTableModel.accepts

    def filter_text(self, row: Any) -> str:
        """Words a row is also found by, beyond what its columns show (e.g. a player's race)."""
        return ""

    # -- Qt model API ----------------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        # One call into Python instead of QAbstractTableModel's two (rowCount and columnCount).
        if 0 <= row < len(self._rows) and 0 <= column < len(self._getters) and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._headers):
            if role == DISPLAY:
                return self._headers[section]
            if role == ALIGNMENT:
                return self._aligns[section]
        return None

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        r = index.row()
        if r < 0:  # an invalid index
            return None
        if role == DISPLAY:
            row = self._rows[r]
            cells = self._cells.get(id(row))
            if cells is None:
                cells = self.display_values(row)
            return cells[index.column()]
        if role == ALIGNMENT:
            return self._aligns[index.column()]
        if self._asked is not None and role not in self._asked:
            return None
        return self._role_data(self._rows[r], index.column(), role)

    def _role_data(self, row: Any, c: int, role: int) -> Any:
        column = self.COLUMNS[c]
        if role == EDIT:
            return self.edit_value(row, column)
        if role == TOOLTIP and column.tip is not None:
            return plain_tip(column.tip(row))
        if role == self.RowRole:
            return row
        value = self.extra_data(row, column, role) if self._custom_data else None
        return plain_tip(value) if role == TOOLTIP and isinstance(value, str) else value

    def cell_look(self, r: int, c: int) -> tuple[Any, int, Any, Any, Any]:
        """Text, alignment, foreground brush, background brush and font of a cell (ui/kit/row_delegate.py
        draws a cell with one call to this instead of seven calls to data() through Qt)."""
        row = self._rows[r]
        text = self.display_values(row)[c]
        if not self._custom_data:
            return text, self._aligns[c], None, None, None
        asked, column = self._asked, self.COLUMNS[c]
        return (
            text,
            self._aligns[c],
            self.extra_data(row, column, FOREGROUND) if asked is None or FOREGROUND in asked else None,
            self.extra_data(row, column, BACKGROUND) if asked is None or BACKGROUND in asked else None,
            self.extra_data(row, column, FONT) if asked is None or FONT in asked else None,
        )

    def multiData(self, index: Index, span: Any) -> None:  # noqa: N802
        """Every role a delegate asks for one cell, in one call (Qt 6's delegates ask ~7 roles per cell:
        one call into Python instead of seven keeps a repaint within a frame)."""
        r = index.row()
        if r < 0:
            return
        if self._data_overridden:  # a subclass answers data() itself
            for item in span:
                item.setData(self.data(index, item.role()))
            return
        row, c = self._rows[r], index.column()
        asked = self._asked
        for item in span:
            role = item.role()
            if role == DISPLAY:
                item.setData(self.display_values(row)[c])
            elif role == ALIGNMENT:
                item.setData(self._aligns[c])
            elif asked is None or role in asked:
                item.setData(self._role_data(row, c, role))

    def edit_value(self, row: Any, column: Column) -> Any:
        return getattr(row, column.key, column.get(row))

    def extra_data(self, row: Any, column: Column, role: int) -> Any:
        return None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "flags" not in cls.__dict__ and any(c.edit for c in cls.COLUMNS):
            cls.flags = RowTableModel._editable_flags  # type: ignore[method-assign]
        # else Qt's own flags() answers (enabled, selectable) without a call into Python for every cell

    def _editable_flags(self, index: Index) -> Qt.ItemFlag:
        r = index.row()
        if r < 0:
            return Qt.ItemFlag.NoItemFlags
        if self.COLUMNS[index.column()].edit and self.is_editable(self._rows[r]):
            return EDITABLE_FLAGS
        return READ_ONLY_FLAGS

    def is_editable(self, row: Any) -> bool:
        return True

    # -- sorting inside the model (a proxy over a Python model is ~15x slower) ----------------
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.COLUMNS):
            return
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        before = [(self._rows[i.row()], i.column()) for i in persistent]
        if self._all is not None:
            self._all = self._sorted(self._all)
            self._rows = self._filtered(self._all)
        else:
            self._rows = self._sorted(self._rows)
        where = {id(r): i for i, r in enumerate(self._rows)}
        self.changePersistentIndexList(persistent, [self.index(where[id(r)], c) for r, c in before])
        self.layoutChanged.emit()

    def _sorted(self, rows: list[Any]) -> list[Any]:
        if self._sort is None or not rows:
            return rows
        column, order = self._sort
        col = self.COLUMNS[column]
        keys = list(map(col.sort or col.get, rows))
        reverse = order == Qt.SortOrder.DescendingOrder
        if any(k is None for k in keys):  # None sorts last (first when descending)
            keys = [(True, 0) if k is None else (False, k) for k in keys]
        ranked = sorted(range(len(rows)), key=keys.__getitem__, reverse=reverse)
        return [rows[i] for i in ranked]
