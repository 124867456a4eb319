"""What a service changed, row by row, so that it can be undone and redone exactly.

A write transaction records every inserted, updated and deleted row (from the ORM flush) as plain data:
table name, primary key, values before and after. Undo applies the inverse in one transaction, redo applies
it again; both refuse (UndoConflict) when the league no longer matches what was recorded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sqlalchemy import and_, delete, insert, inspect, select, update
from sqlalchemy.orm import Session, attributes
from sqlmodel import SQLModel

from roster_app.errors import UndoConflict


@dataclass(frozen=True)
class RowChange:
    table: str
    key: tuple[Any, ...]
    before: dict[str, Any] | None  # None: the row was inserted
    after: dict[str, Any] | None  # None: the row was deleted

    @property
    def kind(self) -> str:
        if self.before is None:
            return "insert"
        return "delete" if self.after is None else "update"


@dataclass
class Change:
    """The outcome of one service call: one transaction, one undo step."""

    label: str
    rows: tuple[RowChange, ...] = ()
    result: Any = None
    undoable: bool = True

    @property
    def tables(self) -> set[str]:
        return {row.table for row in self.rows}

    @property
    def empty(self) -> bool:
        return not self.rows


def _table_order() -> dict[str, int]:
    """Each table's place in dependency order (worked out once: sorting the tables costs ~1 ms a flush)."""
    return _order_of(len(SQLModel.metadata.tables))


@cache
def _order_of(_tables: int) -> dict[str, int]:  # keyed by the number of tables, in case one is added
    return {table.name: index for index, table in enumerate(SQLModel.metadata.sorted_tables)}


def _columns(obj: Any) -> Iterable[tuple[str, str]]:
    """(attribute key, column name) for every column of the object's table."""
    return _column_keys(inspect(obj).mapper).items()


@cache
def _column_keys(mapper: Any) -> dict[str, str]:
    """{attribute key: column name} of a mapper's columns (worked out once a mapper)."""
    return {prop.key: prop.columns[0].name for prop in mapper.column_attrs}


def _key(obj: Any) -> tuple[Any, ...]:
    return tuple(inspect(obj).mapper.primary_key_from_instance(obj))


def _values(obj: Any) -> dict[str, Any]:
    return {column: getattr(obj, key) for key, column in _columns(obj)}


@dataclass
class Recorder:
    """Listens to one Session's flushes and keeps the rows in the order they must be replayed."""

    rows: list[RowChange] = field(default_factory=list)
    _pending: list[RowChange] = field(default_factory=list)

    def attach(self, session: Session) -> None:
        from sqlalchemy import event

        event.listen(session, "before_flush", self._before_flush)
        event.listen(session, "after_flush", self._after_flush)

    def _before_flush(self, session: Session, _context: Any, _instances: Any) -> None:
        order = _table_order()
        updates, deletes = [], []
        for obj in session.dirty:
            state = inspect(obj)
            columns = _column_keys(state.mapper)
            before, after = {}, {}
            for key in [k for k in state.committed_state if k in columns]:  # the attributes set since loaded
                column = columns[key]
                history = attributes.get_history(obj, key)
                if history.added or history.deleted:
                    after[column] = history.added[0] if history.added else None
                    before[column] = history.deleted[0] if history.deleted else None
            if after:
                updates.append(RowChange(state.mapper.local_table.name, _key(obj), before, after))
        for obj in session.deleted:
            deletes.append(RowChange(inspect(obj).mapper.local_table.name, _key(obj), _values(obj), None))
        deletes.sort(key=lambda r: (-order[r.table], r.key))
        self._pending = updates + deletes

    def _after_flush(self, session: Session, _context: Any) -> None:
        order = _table_order()
        inserts = [
            RowChange(inspect(obj).mapper.local_table.name, _key(obj), None, _values(obj)) for obj in session.new
        ]
        inserts.sort(key=lambda r: (order[r.table], r.key))
        self.rows.extend(inserts + self._pending)
        self._pending = []


def _where(table: Any, key: tuple[Any, ...]) -> Any:
    return and_(*(column == value for column, value in zip(table.primary_key.columns, key, strict=True)))


def _current(session: Session, table: Any, key: tuple[Any, ...]) -> dict[str, Any] | None:
    row = session.execute(select(table).where(_where(table, key))).mappings().first()
    return dict(row) if row is not None else None


def _conflict(label: str) -> UndoConflict:
    return UndoConflict(
        f"'{label}' cannot be undone or redone: the league was changed since (perhaps in another window "
        "or by another commissioner). Nothing was changed."
    )


def _apply_row(session: Session, row: RowChange, label: str, *, forward: bool) -> None:
    table = SQLModel.metadata.tables[row.table]
    expect, target = (row.before, row.after) if forward else (row.after, row.before)
    current = _current(session, table, row.key)
    if expect is None:  # the row must not exist yet: insert it
        if current is not None:
            raise _conflict(label)
        session.execute(insert(table).values(**target))
        return
    if current is None or any(current.get(k) != v for k, v in expect.items()):
        raise _conflict(label)
    if target is None:
        session.execute(delete(table).where(_where(table, row.key)))
    else:
        session.execute(update(table).where(_where(table, row.key)).values(**target))


def apply(session: Session, change: Change, *, forward: bool) -> None:
    """Replay `change` (forward=True: redo) or its inverse (undo) inside the caller's transaction."""
    rows = change.rows if forward else tuple(reversed(change.rows))
    for row in rows:
        _apply_row(session, row, change.label, forward=forward)
