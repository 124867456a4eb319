"""What a service changed, row by row, so that it can be undone and redone exactly.

A write transaction records every inserted, updated and deleted row (from the ORM flush) as plain data:
table name, primary key, values before and after. Undo applies the inverse in one transaction, redo applies
it again; both refuse (UndoConflict) when the league no longer matches what was recorded.

Rows with a version column (team, player: SQLAlchemy's version_id_col) are recorded with their version. An
undo or redo is itself a change: it writes a new version (never an old one, which another commissioner's
screen may still show), and it is refused when anyone else wrote the row since this league last did, even
to a column the change did not touch (LeagueDB keeps the versions it wrote: `apply(versions=...)`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from sqlalchemy import and_, delete, insert, inspect, select, update
from sqlalchemy.orm import Session, attributes
from sqlmodel import SQLModel

from roster_app.errors import UndoConflict
from roster_app.i18n import _


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


@cache
def version_columns() -> dict[str, str]:
    """Table name -> its version column, for the tables whose rows carry a version."""
    return {
        mapper.local_table.name: mapper.version_id_col.name
        for mapper in SQLModel._sa_registry.mappers
        if mapper.version_id_col is not None
    }


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
    _pending: list[tuple[Any, RowChange]] = field(default_factory=list)

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
                updates.append((obj, RowChange(state.mapper.local_table.name, _key(obj), before, after)))
        for obj in session.deleted:
            deletes.append((None, RowChange(inspect(obj).mapper.local_table.name, _key(obj), _values(obj), None)))
        deletes.sort(key=lambda pair: (-order[pair[1].table], pair[1].key))
        self._pending = updates + deletes

    def _after_flush(self, session: Session, _context: Any) -> None:
        order = _table_order()
        inserts = [
            RowChange(inspect(obj).mapper.local_table.name, _key(obj), None, _values(obj)) for obj in session.new
        ]
        inserts.sort(key=lambda r: (order[r.table], r.key))
        self.rows.extend(inserts + [_with_version(obj, row) for obj, row in self._pending])
        self._pending = []


def _with_version(obj: Any, row: RowChange) -> RowChange:
    """An updated row with the version it had and the one the flush gave it (the ORM bumps it itself)."""
    column = version_columns().get(row.table)
    if obj is None or column is None:
        return row
    key = next(k for k, c in _columns(obj) if c == column)
    new = getattr(obj, key)
    return replace(row, before={**row.before, column: new - 1}, after={**row.after, column: new})


def _where(table: Any, key: tuple[Any, ...]) -> Any:
    return and_(*(column == value for column, value in zip(table.primary_key.columns, key, strict=True)))


def _current(session: Session, table: Any, key: tuple[Any, ...]) -> dict[str, Any] | None:
    row = session.execute(select(table).where(_where(table, key))).mappings().first()
    return dict(row) if row is not None else None


def _conflict(label: str) -> UndoConflict:
    return UndoConflict(
        _(
            "'{label}' cannot be undone or redone: the league was changed since (perhaps in another window or by "
            "another commissioner). Nothing was changed."
        ).format(label=label)
    )


Versions = dict[tuple[str, tuple[Any, ...]], int]  # (table, key) -> the version a league last wrote there


def written_versions(rows: Iterable[RowChange]) -> dict[tuple[str, tuple[Any, ...]], int | None]:
    """The version each versioned row has after `rows` were written (None: the row was deleted)."""
    out: dict[tuple[str, tuple[Any, ...]], int | None] = {}
    for row in rows:
        column = version_columns().get(row.table)
        if column is not None:
            out[(row.table, row.key)] = row.after[column] if row.after is not None else None
    return out


def _apply_row(session: Session, row: RowChange, label: str, *, forward: bool, versions: dict) -> None:
    table = SQLModel.metadata.tables[row.table]
    expect, target = (row.before, row.after) if forward else (row.after, row.before)
    column = version_columns().get(row.table)
    current = _current(session, table, row.key)
    if expect is None:  # the row must not exist yet: insert it
        if current is not None:
            raise _conflict(label)
        if column is not None:  # a row that comes back is not the row a screen may still show: a new version
            target = {**target, column: target[column] + 1}
        session.execute(insert(table).values(**target))
    else:
        if current is None or any(current.get(k) != v for k, v in expect.items() if k != column):
            raise _conflict(label)
        # The row's version must be the one this league wrote last: anyone else's write is a conflict,
        # even to a column this change did not touch.
        if column is not None and current[column] != versions.get((row.table, row.key), expect[column]):
            raise _conflict(label)
        if target is None:
            session.execute(delete(table).where(_where(table, row.key)))
        else:
            if column is not None:
                target = {**target, column: current[column] + 1}  # versions only go up, even on undo
            session.execute(update(table).where(_where(table, row.key)).values(**target))
    if column is not None:
        versions[(row.table, row.key)] = target[column] if target is not None else None


def apply(session: Session, change: Change, *, forward: bool, versions: Versions | None = None) -> Versions:
    """Replay `change` (forward=True: redo) or its inverse (undo) inside the caller's transaction.

    `versions` are the row versions the league last wrote itself (LeagueDB keeps them); returns them as
    they are after this replay (the caller keeps them once the transaction is committed).
    """
    versions = dict(versions or {})
    rows = change.rows if forward else tuple(reversed(change.rows))
    for row in rows:
        _apply_row(session, row, change.label, forward=forward, versions=versions)
    return versions
