"""The Rules window's models: the list of the league's tables, and one grid per section of a table.

A section model shows one part of a ruleset table (its settings, a list of rows, named values). It never
writes: an edit becomes "the table as it will be" (roster_app.rules.table_edit) and goes to
`services.ruleset.set_table` through the session, so it is checked, written as one undo step, or refused
with the table, row and problem named (and then nothing changes).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QWidget

from roster_app.i18n import N_, _, term
from roster_app.queries.ruleset import RuleTableRow
from roster_app.rules import table_edit
from roster_app.rules.table_layout import CODE_WORDS, DICE_CHOICES, Field, Section, options
from roster_app.services.ruleset import set_table
from roster_app.words import number
from ui.kit.columns import CENTER, LEFT, RIGHT, Column, Index, RowTableModel

KindRole = Qt.ItemDataRole.UserRole + 20  # the editor a cell needs (Field.kind)
RangeRole = Qt.ItemDataRole.UserRole + 21  # (lowest, highest) for number editors
OptionsRole = Qt.ItemDataRole.UserRole + 22  # [(value, label)] for choices, checklists and suggestions

DIMMED = QColor("#8a8f98")
OPEN = N_("open")  # how an open-ended range bound reads (translated where shown)
# choices stored as codes ("buyer_rating_higher") and read as words ("The buyer's team rating is higher")
CODED = ("flags", "tie_breakers", "reaction_conditions")


# the badges Dugout words itself, keys of the colours (a ruleset's own badge, "from LRB 6", stays as it has it)
BADGE_WORDS = {"as shipped": N_("as shipped"), "house rule": N_("house rule"), "league default": N_("league default"),
               "from the article": N_("from the article")}  # fmt: skip


def badge_text(badge: str) -> str:
    """The badge's words in the commissioner's language: "from LRB 6" names an edition, kept as it is."""
    if badge in BADGE_WORDS:
        return _(BADGE_WORDS[badge])
    if badge == "league's own":
        return _("league's own")
    if badge.startswith("from "):
        return _("from {edition}").format(edition=badge.removeprefix("from "))
    return badge


def badge_key(text: str) -> str:
    """The badge's key from its words as shown (the delegate colours by key)."""
    return next((key for key, words in BADGE_WORDS.items() if _(words) == text), text)


def _status(row: RuleTableRow) -> str:
    return badge_text((row.source_badge or "as shipped") if row.is_default else "house rule")


class RuleTablesModel(RowTableModel):
    """Every table of the league's ruleset with a badge: where it comes from ("from the article", "from
    LRB 6", "league default": invented by Dugout) until edited, then "house rule"."""

    COLUMNS = (
        Column("title", N_("Table"), lambda r: r.title, tip=lambda r: term("table", r.note) if r.note else ""),
        Column("status", "", _status, align=CENTER,
               tip=lambda r: r.source if r.is_default else _("Edited for this league. {source}").format(source=r.source)),
    )  # fmt: skip

    def row_for_key(self, key: str) -> int:
        return self.row_of(key)


# -- showing a value ---------------------------------------------------------------------------------------
def choice_label(value: Any) -> str:
    """A stored choice in words: a code Dugout words itself, else the ruleset's word (an inducement's effect)."""
    if value is None:
        return _("none")
    if str(value) in CODE_WORDS:
        return _(CODE_WORDS[str(value)])
    words = term("table", str(value))
    return words if words != str(value) else words.replace("_", " ")


def display(field: Field, value: Any) -> str:
    """A value as a commissioner reads it in a cell (and in an undo text)."""
    kind = field.kind
    if kind == "bool":
        return _("yes") if value else _("no")
    if value is None:
        if kind == "opt_texts":
            return _("any")
        return _(OPEN) if field.is_bound else ""
    if kind == "gold":
        return _("{gold} gp").format(gold=number(value))
    coded = field.options_from in CODED
    if kind in ("texts", "opt_texts"):
        return ", ".join(choice_label(v) if coded else v for v in value)
    if kind == "choice" or coded:
        return choice_label(value)
    if kind == "text":
        return term("table", str(value))  # a ruleset's own text translated; a commissioner's own has no entry
    return str(value)


def _number_range(field: Field) -> tuple[int, int]:
    check = field.check
    low = check.low if check.low is not None else -99
    high = check.high if check.high is not None else (10_000_000 if field.kind == "gold" else 9_999)
    return low, high


class SectionModel(QAbstractTableModel):
    """Shared by the section models: the table data shown, the league's tables for choices, and commit()."""

    def __init__(self, session: Any, table: str, section: Section, parent: Any = None):
        super().__init__(parent)
        self.session = session
        self.table = table
        self.section = section
        self.data_now: Any = None  # the whole table as the league has it now
        self.path: tuple[Any, ...] | None = None  # where this section's collection sits (None: nothing shown)

    @property
    def writable(self) -> bool:
        return not self.session.read_only

    def commit(self, data: Any, what: str) -> bool:
        """Hand the edited table to the service; False when it was refused (nothing changed)."""
        parent = self.parent() if isinstance(self.parent(), QWidget) else None
        stack = getattr(parent.window(), "rules_undo", None) if parent is not None else None  # the window's own
        change = self.session.run(set_table, parent=parent, key=self.table, data=data, what=what, undo_stack=stack)
        return change is not None

    def field_data(self, field: Field, value: Any, role: int) -> Any:
        """The roles every cell of a field answers, whatever the section's shape."""
        if role == Qt.ItemDataRole.DisplayRole:
            return None if field.kind == "bool" else display(field, value)
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == Qt.ItemDataRole.CheckStateRole and field.kind == "bool":
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if field.kind == "int" and (field.check.high or 99) <= 16:
                return int(CENTER)  # characteristics and limits
            return int(RIGHT if field.kind in ("int", "gold", "opt_int") else LEFT)
        if role == Qt.ItemDataRole.ForegroundRole and value is None and field.is_bound:
            return QBrush(DIMMED)
        if role == Qt.ItemDataRole.ToolTipRole and field.is_bound and value is None:
            return _("Open-ended: every result beyond the other bound, modifiers included")
        if role == KindRole:
            return field.kind
        if role == RangeRole and field.kind in ("int", "gold", "opt_int"):
            return _number_range(field)
        if role == OptionsRole:
            return self.options_for(field)
        return None

    def options_for(self, field: Field) -> list[tuple[Any, str]]:
        if field.kind == "choice":
            return [(o, choice_label(o)) for o in field.check.options]
        if field.kind == "dice":
            return [(d, d) for d in DICE_CHOICES]
        if field.options_from:
            tables = self.session.db.ruleset.tables
            coded = field.options_from in CODED
            return [(o, choice_label(o) if coded else o) for o in options(field.options_from, tables)]
        return []

    def field_flags(self, field: Field, editable: bool = True) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not (editable and self.writable):
            return flags
        if field.kind == "bool":
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        return flags | Qt.ItemFlag.ItemIsEditable

    @staticmethod
    def edited_value(field: Field, value: Any, role: int) -> tuple[bool, Any]:
        """(accepted, value) from a setData call: a check box gives a CheckState, an editor the value."""
        if role == Qt.ItemDataRole.CheckStateRole and field.kind == "bool":
            return True, Qt.CheckState(value) == Qt.CheckState.Checked
        if role != Qt.ItemDataRole.EditRole or field.kind == "bool":
            return False, None
        if isinstance(value, str) and field.kind in ("text", "dice"):
            value = value.strip()
        return True, value

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:  # noqa: N802
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        headers = self.headers()
        return headers[section] if 0 <= section < len(headers) else None

    def headers(self) -> list[str]:
        return []


class SettingsModel(SectionModel):
    """A table's single values, one per line: "Per star player roll | 10,000 gp"."""

    def load(self, data: Any) -> None:
        first = self.data_now is None
        self.data_now = data
        self.path = ()
        if first:
            self.beginResetModel()
            self.endResetModel()
        elif self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 1))

    def headers(self) -> list[str]:
        return [_("Setting"), _("Value")]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() or self.data_now is None else len(self.section.fields)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 2

    def value(self, row: int) -> Any:
        return table_edit.cell(self.section, None, self.data_now, self.section.fields[row])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        field = self.section.fields[index.row()]
        if index.column() == 0:
            if role == Qt.ItemDataRole.DisplayRole:
                return _(field.label)
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(QColor("#3d4450"))
            return None
        return self.field_data(field, self.value(index.row()), role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.column() == 0:
            return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return self.field_flags(self.section.fields[index.row()])

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if not index.isValid() or index.column() != 1 or not self.writable:
            return False
        field = self.section.fields[index.row()]
        accepted, value = self.edited_value(field, value, role)
        if not accepted or value == self.value(index.row()):
            return False
        data = table_edit.replaced(self.data_now, field.path, value)
        return self.commit(data, f"{_(field.label).lower()} {display(field, value)}")


class EntriesModel(SectionModel):
    """A list of entries (rows, values, named values or a fixed set), one column per field."""

    def __init__(self, session: Any, table: str, section: Section, parent: Any = None):
        super().__init__(session, table, section, parent)
        self._entries: list[tuple[Any, Any]] = []

    def load(self, data: Any, path: tuple[Any, ...] | None) -> None:
        """Show the collection at `path` of `data` (None: nothing, e.g. no master row selected)."""
        entries = table_edit.entries(data, self.section, path) if path is not None else []
        same_shape = path == self.path and [k for k, _ in entries] == [k for k, _ in self._entries]
        self.data_now, self.path = data, path
        if same_shape and entries:
            changed = [i for i, (a, b) in enumerate(zip(self._entries, entries, strict=True)) if a != b]
            self._entries = entries
            if changed:
                self.dataChanged.emit(
                    self.index(min(changed), 0), self.index(max(changed), self.columnCount() - 1)
                )
            return
        self.beginResetModel()
        self._entries = entries
        self.endResetModel()

    def headers(self) -> list[str]:
        return [_(f.label) for f in self.section.fields]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.section.fields)

    def entry(self, row: int) -> Any:
        return self._entries[row][1]

    def value(self, row: int, column: int) -> Any:
        key, entry = self._entries[row]
        return table_edit.cell(self.section, key, entry, self.section.fields[column])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        field = self.section.fields[index.column()]
        if role == Qt.ItemDataRole.FontRole and self._is_fixed_name(field):
            font = QFont()
            font.setBold(True)
            return font
        return self.field_data(field, self.value(index.row(), index.column()), role)

    def _is_fixed_name(self, field: Field) -> bool:
        return self.section.kind == "fixed" and field.key == "name"

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        field = self.section.fields[index.column()]
        return self.field_flags(field, editable=not self._is_fixed_name(field))

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if not index.isValid() or not self.writable or self.path is None:
            return False
        field = self.section.fields[index.column()]
        accepted, value = self.edited_value(field, value, role)
        if not accepted or value == self.value(index.row(), index.column()) or self._is_fixed_name(field):
            return False
        data = table_edit.with_cell(self.data_now, self.section, self.path, index.row(), field, value)
        return self.commit(data, f"{self.label(index.row())}, {_(field.label).lower()} {display(field, value)}")

    def label(self, row: int) -> str:
        key, entry = self._entries[row]
        return table_edit.entry_label(self.section, key, entry)

    # -- rows: add, remove, move (each one undo step) ------------------------------------------------------
    def add_row(self, after: int | None) -> int | None:
        """Add an entry after row `after` (a range table splits that row); returns the new row or None.

        Raises RuleViolation when a range row has no room to split (nothing is written).
        """
        if self.path is None:
            return None
        choices = [value for value, _label in self.options_for(self.section.fields[0])]
        data, row = table_edit.with_row_added(self.data_now, self.section, self.path, after, choices)
        return row if self.commit(data, _("new {item}").format(item=_(self.section.item))) else None

    def remove_row(self, row: int) -> bool:
        if self.path is None:
            return False
        data = table_edit.with_row_removed(self.data_now, self.section, self.path, row)
        return self.commit(data, _("{row} removed").format(row=self.label(row)))

    def move_row(self, row: int, step: int) -> bool:
        if self.path is None or not 0 <= row + step < self.rowCount():
            return False
        data = table_edit.with_row_moved(self.data_now, self.path, row, step)
        return self.commit(
            data, (_("{row} moved up") if step < 0 else _("{row} moved down")).format(row=self.label(row))
        )
