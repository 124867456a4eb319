"""The whole league as JSON, and a JSON export back into a new league file.

The JSON export is `{"format": "dugout-league", "version": 1, "tables": {name: [row, ...]}}` with one entry
per table of the schema (generated from SQLModel.metadata, so new tables are exported without code here).
An import is checked completely (format, version, tables, every value, every reference) and built in a
temporary file beside the destination, which becomes the new league only when everything went in.
Every export is written atomically (roster_app.safety.atomic).
"""

from __future__ import annotations

import json
import typing
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from itertools import repeat
from operator import eq, itemgetter
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Boolean, Column, DateTime, Float, Integer, Numeric, String, Table, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import StatementError
from sqlalchemy.types import TypeDecorator
from sqlmodel import SQLModel

from roster_app.errors import DugoutError
from roster_app.i18n import _
from roster_app.rules.limits import TEXT_LENGTH, text_limit
from roster_app.safety.atomic import atomic_path, atomic_text, json_document_problem
from roster_app.safety.check import check_league
from roster_app.store import sqlite_file
from roster_app.store.db import LeagueDB, create_schema, file_engine
from roster_app.store.ruleset import load_ruleset, ruleset_or_error
from roster_app.store.tables import league_rows

FORMAT = "dugout-league"
VERSION = 1


class ExportRefused(DugoutError):
    """The league cannot be exported whole by this Dugout; the message says why. Nothing was written."""


class ImportRefused(DugoutError):
    """The file cannot be imported as a league; the message says why. Nothing was created."""


# -- column kinds ------------------------------------------------------------------------------------
def _kind(column: Column) -> str:
    """bool / int / float / datetime / json / str: how a column's values travel in JSON."""
    sql_type = column.type.impl_instance if isinstance(column.type, TypeDecorator) else column.type
    for kind, types in (("bool", Boolean), ("int", Integer), ("float", (Float, Numeric)), ("datetime", DateTime),
                        ("json", JSON), ("str", String)):  # fmt: skip
        if isinstance(sql_type, types):
            return kind
    raise TypeError(f"column {column} has a type the exchange format does not know: {sql_type!r}")


@cache
def _json_shapes() -> dict[tuple[str, str], type]:
    """(table, column) -> list or dict for JSON columns whose model declares a list or a dict."""
    shapes = {}
    for mapper in SQLModel._sa_registry.mappers:
        for name, field in mapper.class_.model_fields.items():
            origin = typing.get_origin(field.annotation) or field.annotation
            if origin in (list, dict):
                shapes[(mapper.local_table.name, name)] = origin
    return shapes


@cache
def _json_items() -> dict[tuple[str, str], type]:
    """(table, column) -> str or int for JSON list columns whose model declares list[str] or list[int]."""
    items = {}
    for mapper in SQLModel._sa_registry.mappers:
        for name, field in mapper.class_.model_fields.items():
            args = typing.get_args(field.annotation)
            if typing.get_origin(field.annotation) is list and args and args[0] in (str, int):
                items[(mapper.local_table.name, name)] = args[0]
    return items


# Limits of what a league holds: numbers that fit the file's 64-bit integers, texts as long as the services keep
# (rules/limits.py), JSON no deeper than the house rules ever are.
INT_RANGE = (-(2**63), 2**63 - 1)
JSON_DEPTH = 32
# an export is read into memory whole: 64 teams and 10 seasons are ~52 MB, so 1 GB is no league's
EXPORT_BYTES = 1 << 30


def _depth(value: Any) -> int:
    """How deeply a JSON value nests (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, level + 1)
            if deepest > JSON_DEPTH:
                return deepest
            stack.extend((child, level + 1) for child in children)
    return deepest


def _encode(kind: str, value: Any) -> Any:
    if value is None:
        return None
    return value.isoformat() if kind == "datetime" else value


# -- JSON export -------------------------------------------------------------------------------------


def league_tables(db: LeagueDB) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table as JSON-ready dicts, in primary-key order."""
    out = {}
    for name, rows in league_rows(db).items():
        kinds = {c.name: _kind(c) for c in SQLModel.metadata.tables[name].columns}
        out[name] = [{column: _encode(kinds[column], row[column]) for column in kinds} for row in rows]
    return out


def export_json(db: LeagueDB, destination: Path | str) -> Path:
    """Write the whole league as a versioned JSON file (atomically). A league saved by a newer Dugout is
    refused: this version would silently leave out what it does not know (as `dugout copy` refuses it)."""
    from roster_app import __version__
    from roster_app.store.migrations import head_revision, is_head

    if getattr(db, "newer_file", False) or (db.schema_revision is not None and not is_head(db.schema_revision)):
        raise ExportRefused(
            _(
                "This league was saved by another version of Dugout; this one would leave out what it does not "
                "know. Export it with the Dugout that saved it (or open it once for writing here to upgrade it)."
            )
        )
    # one read: a consistent league; written row by row, never held whole in memory (issue 40)
    with db.read() as session, atomic_text(destination, verify=json_document_problem) as handle:
        league = session.execute(select(SQLModel.metadata.tables["league"].c.name).limit(1)).first()
        header = {
            "format": FORMAT,
            "version": VERSION,
            "league": league[0] if league else "",
            "exported_at": datetime.now(UTC).isoformat(),
            "dugout": __version__,
            "schema": head_revision(),
        }
        _write_document(handle, header, session)
    return Path(destination)


def _dumped(value: Any, level: int) -> str:
    """`value` as json.dump(..., indent=1) writes it `level` deep in a document."""
    return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n" + " " * level)


def _write_document(handle: Any, header: dict[str, Any], session: Any) -> None:
    """The export, written table by table and row by row (issue 40: the whole league held as dicts took ~18
    MB of memory per MB of file): the same text json.dump(header + {"tables": league_tables(db)}, indent=1)
    writes, byte for byte."""
    handle.write("{\n")
    for key, value in header.items():
        handle.write(f" {_dumped(key, 1)}: {_dumped(value, 1)},\n")
    handle.write(' "tables": {')
    for t, table in enumerate(SQLModel.metadata.sorted_tables):
        kinds = {c.name: _kind(c) for c in table.columns}
        handle.write(("," if t else "") + f"\n  {_dumped(table.name, 2)}: [")
        rows = session.execute(
            select(table).order_by(*table.primary_key.columns).execution_options(yield_per=2000)
        )
        first = True
        for row in rows.mappings():
            encoded = {column: _encode(kinds[column], row[column]) for column in kinds}
            handle.write(("\n" if first else ",\n") + "   " + _dumped(encoded, 3))
            first = False
        handle.write("]" if first else "\n  ]")
    handle.write("\n }\n}\n" if SQLModel.metadata.sorted_tables else "}\n}\n")


# -- JSON import: checking -----------------------------------------------------------------------------
def _read_document(source: Path) -> dict[str, Any]:
    problem = sqlite_file.not_a_file(source, "league export")  # a named pipe or a device is never read
    if problem is not None:
        raise ImportRefused(problem)
    if (size := source.stat().st_size) > EXPORT_BYTES:
        raise ImportRefused(
            _("'{name}' is {size:,} bytes long: too large to be a league export.").format(
                name=source.name, size=size
            )
        )
    try:
        text = source.read_text(encoding="utf-8-sig")  # with or without a byte-order mark (Windows Notepad)
    except FileNotFoundError:
        raise ImportRefused(_("There is no file at {source}.").format(source=source)) from None
    except UnicodeDecodeError:
        raise ImportRefused(
            _("'{name}' is not a Dugout league export (it is not a text file).").format(name=source.name)
        ) from None
    except OSError as exc:
        raise ImportRefused(
            _("'{name}' cannot be read ({strerror}).").format(name=source.name, strerror=exc.strerror)
        ) from None
    try:
        document = json.loads(text)
    except RecursionError:
        raise ImportRefused(
            _("'{name}' is nested too deeply to be a Dugout league export.").format(name=source.name)
        ) from None
    except json.JSONDecodeError as exc:
        raise ImportRefused(
            _("'{name}' is not valid JSON (line {lineno}, column {colno}: {msg}).").format(
                name=source.name, lineno=exc.lineno, colno=exc.colno, msg=exc.msg
            )
        ) from None
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise ImportRefused(
            _("'{name}' holds a number far too long to be in a league.").format(name=source.name)
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused(
            _("'{name}' is not a Dugout league export (its format is not '{format}').").format(
                name=source.name, format=FORMAT
            )
        )
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused(_("'{name}' has no valid format version.").format(name=source.name))
    if version > VERSION:
        raise ImportRefused(
            _(
                "'{name}' was exported by a newer Dugout (format version {version}); this Dugout reads version "
                "{version2}. Update Dugout to import it."
            ).format(name=source.name, version=version, version2=VERSION)
        )
    if not isinstance(document.get("tables"), dict):
        raise ImportRefused(_("'{name}' holds no tables.").format(name=source.name))
    return document


# Tables added after format version 1: an export made before them holds none, and imports with them empty.
LATER_TABLES = frozenset({"correction", "competition", "competition_entry", "competition_tie"})


def _check_tables(tables: dict[str, Any]) -> frozenset[str]:
    """Refuse an export without every table; the later tables it leaves out (made before them) are returned."""
    known = {t.name for t in SQLModel.metadata.sorted_tables}
    left_out = frozenset(LATER_TABLES - tables.keys())
    for name in left_out:
        tables[name] = []
    missing = sorted(known - tables.keys())
    if missing:
        raise ImportRefused(
            _("The export is incomplete: the table(s) {items} are missing.").format(items=", ".join(missing))
        )
    unknown = sorted(tables.keys() - known)
    if unknown:
        raise ImportRefused(
            _(
                "The export has table(s) this Dugout does not know ({items}); it was probably made by a newer Dugout."
            ).format(items=", ".join(unknown))
        )
    for name in known:
        if not isinstance(tables[name], list):
            raise ImportRefused(_("The table '{name}' of the export is not a list of rows.").format(name=name))
    if len(tables["league"]) != 1:
        raise ImportRefused(
            _("The export must hold exactly one league record; it holds {n}.").format(n=len(tables["league"]))
        )
    return left_out


WORDS = {"bool": "true or false", "int": "a whole number", "float": "a number", "str": "text",
         "datetime": "a date and time (ISO 8601)"}  # fmt: skip


# The types a value of each kind may have in JSON (exact types: True is not a whole number).
ACCEPTED: dict[str, tuple[type, ...]] = {"bool": (bool,), "int": (int,), "float": (int, float), "str": (str,),
                                         "datetime": (str,)}  # fmt: skip


@dataclass(frozen=True)
class _ColumnPlan:
    """How one column's values are checked and decoded (worked out once per table, not once per value)."""

    column: Column
    name: str
    kind: str
    accepted: tuple[type, ...] | None  # None: any JSON value (a JSON column)
    shape: type | None  # list or dict, for a JSON column that declares one
    may_be_empty: bool
    required: bool
    items: type | None = None  # str or int: what a JSON list column's entries must be
    text_limit: int = TEXT_LENGTH  # rules/limits.py


@cache
def _plan(table: Table) -> tuple[_ColumnPlan, ...]:
    return tuple(
        _ColumnPlan(column, column.name, _kind(column), ACCEPTED.get(_kind(column)),
                    _json_shapes().get((table.name, column.name)), column.nullable and not column.primary_key,
                    column.primary_key or (column.default is None and column.server_default is None
                                           and not column.nullable),
                    _json_items().get((table.name, column.name)), text_limit(table.name, column.name))
        for column in table.columns
    )  # fmt: skip


@cache
def _column_names(table: Table) -> frozenset[str]:
    return frozenset(table.columns.keys())


def _decoded(plan: _ColumnPlan, value: Any, where: str) -> Any:
    if value is None:
        if plan.may_be_empty:
            return None
        raise ImportRefused(_("{where}: '{name}' may not be empty.").format(where=where, name=plan.name))
    if plan.accepted is None:  # JSON
        if plan.shape is not None and not isinstance(value, plan.shape):
            raise ImportRefused(
                _("{where}: '{name}' should be a {name__}, not {shown}.").format(
                    where=where, name=plan.name, name__=plan.shape.__name__, shown=_shown(value)
                )
            )
        if plan.items is not None and not all(type(item) is plan.items for item in value):
            raise ImportRefused(_("{where}: '{name}' should be a list of {words}, not {shown}.").format(where=where, name=plan.name, words=WORDS[plan.items.__name__], shown=_shown(value)))  # fmt: skip
        if _depth(value) > JSON_DEPTH:
            raise ImportRefused(
                _("{where}: '{name}' is nested more than {json_depth} levels deep.").format(
                    where=where, name=plan.name, json_depth=JSON_DEPTH
                )
            )
        return value
    if type(value) not in plan.accepted:
        raise ImportRefused(
            _("{where}: '{name}' should be {words}, not {shown}.").format(
                where=where, name=plan.name, words=WORDS[plan.kind], shown=_shown(value)
            )
        )
    if plan.kind == "int" and not INT_RANGE[0] <= value <= INT_RANGE[1]:
        raise ImportRefused(
            _("{where}: '{name}' is {shown}, a number too large for a league.").format(
                where=where, name=plan.name, shown=_shown(value)
            )
        )
    if plan.kind == "str" and len(value) > plan.text_limit:
        raise ImportRefused(
            _("{where}: '{name}' is {n:,} characters long; a league allows {text_limit}.").format(
                where=where, name=plan.name, n=len(value), text_limit=plan.text_limit
            )
        )
    if plan.kind == "datetime":
        try:
            return _utc_moment(value)
        except ValueError:
            raise ImportRefused(
                _("{where}: '{name}' is not a date and time ({shown}).").format(
                    where=where, name=plan.name, shown=_shown(value)
                )
            ) from None
    return value


def _shown(value: Any) -> str:
    """A value quoted in a refusal, cut short: a 10 MB name is not repeated whole."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _within_limits(plan: _ColumnPlan, values: list[Any]) -> bool:
    """The fast path's check of a whole column against the limits _decoded applies value by value."""
    present = [v for v in values if v is not None]
    if not present:
        return True
    if plan.kind == "int":
        return INT_RANGE[0] <= min(present) and max(present) <= INT_RANGE[1]
    if plan.kind == "str":
        return max(map(len, present)) <= plan.text_limit
    if plan.accepted is None:
        if plan.items is not None and not all(type(item) is plan.items for v in present for item in v):
            return False
        return all(_depth(v) <= JSON_DEPTH for v in present if isinstance(v, list | dict))
    return True


def _decode_row(table: Table, index: int, row: Any) -> dict[str, Any]:
    where = _("Row {value} of the table '{name}'").format(value=index + 1, name=table.name)
    if not isinstance(row, dict):
        raise ImportRefused(_("{where} is not a record.").format(where=where))
    names = _column_names(table)
    if not names.issuperset(row):
        raise ImportRefused(
            _("{where} has unknown column(s): {items}.").format(
                where=where, items=", ".join(sorted(row.keys() - names))
            )
        )
    decoded = {}
    for plan in _plan(table):
        if plan.name in row:
            decoded[plan.name] = _decoded(plan, row[plan.name], where)
        elif plan.required:
            raise ImportRefused(_("{where} has no '{name}'.").format(where=where, name=plan.name))
    return decoded


def _utc_moment(value: str) -> datetime:
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # league times are UTC


@dataclass
class _TableRows:
    """One table's rows of an export, checked and decoded: a column at a time (`columns`, every column of the
    table: an export as Dugout writes it) or, when rows leave out defaulted columns, as records (`records`)."""

    table: Table
    columns: dict[str, list[Any]] | None = None
    records: list[dict[str, Any]] | None = None

    def __len__(self) -> int:
        if self.columns is not None:
            return len(next(iter(self.columns.values()), ()))
        return len(self.records or ())

    def column(self, name: str) -> list[Any]:
        """Every row's value of one column (None where a record leaves it out)."""
        if self.columns is not None:
            return self.columns[name]
        return [row.get(name) for row in self.records or ()]

    def as_records(self) -> list[dict[str, Any]]:
        if self.columns is None:
            return list(self.records or ())
        names = list(self.columns)
        return [dict(zip(names, values, strict=True)) for values in zip(*self.columns.values(), strict=True)]


def _by_row(table: Table, rows: list[Any]) -> _TableRows:
    """Row by row: finds the first problem and says where it is; rows may leave out defaulted columns."""
    return _TableRows(table, records=[_decode_row(table, i, row) for i, row in enumerate(rows)])


def _decode_table(table: Table, rows: list[Any]) -> _TableRows:
    """The table's rows, checked and decoded: a column at a time when every row is a record with every column
    and every value has the right type; anything else row by row."""
    names = _column_names(table)
    if not all(type(row) is dict for row in rows) or not all(map(eq, map(dict.keys, rows), repeat(names))):
        return _by_row(table, rows)
    columns = {}
    for plan in _plan(table):
        values = list(map(itemgetter(plan.name), rows))
        kinds = set(map(type, values))
        if plan.accepted is not None:
            allowed = set(plan.accepted)
        else:  # JSON: a list or a dict where the model says so, else any value
            allowed = {plan.shape} if plan.shape is not None else kinds - {type(None)}
        if plan.may_be_empty:
            allowed.add(type(None))
        if not kinds <= allowed or not _within_limits(plan, values):
            return _by_row(table, rows)
        if plan.kind == "datetime":
            try:
                values = [None if v is None else _utc_moment(v) for v in values]
            except ValueError:
                return _by_row(table, rows)
        columns[plan.name] = values
    return _TableRows(table, columns=columns)


def _check_keys(rows: _TableRows) -> None:
    table = rows.table
    names = [c.name for c in table.primary_key.columns]
    keys = list(zip(*(rows.column(n) for n in names), strict=True))
    if len(set(keys)) == len(keys):
        return
    seen: set[tuple] = set()
    for index, key in enumerate(keys):  # the first row that repeats a key
        if key in seen:
            raise ImportRefused(
                _("Row {value} of the table '{name}' repeats the key {value2}.").format(
                    value=index + 1, name=table.name, value2=key[0] if len(key) == 1 else key
                )
            )
        seen.add(key)


def _check_references(rows: dict[str, _TableRows]) -> None:
    for table in SQLModel.metadata.sorted_tables:
        for fk in table.foreign_keys:
            target, target_column, column = fk.column.table.name, fk.column.name, fk.parent.name
            present = set(rows[target].column(target_column))
            values = rows[table.name].column(column)
            if set(values) <= present | {None}:
                continue
            for index, value in enumerate(values):  # the first row that refers to nothing
                if value is not None and value not in present:
                    raise ImportRefused(
                        _(
                            "Row {value} of the table '{name}': {column} {value2} refers to a {target} that is not in the export."
                        ).format(value=index + 1, name=table.name, column=column, value2=value, target=target)
                    )


def _read(source: Path | str) -> dict[str, _TableRows]:
    return _read_export(source)[0]


def _read_export(source: Path | str) -> tuple[dict[str, _TableRows], frozenset[str]]:
    """The export's rows, checked and decoded, and the later tables it was made without."""
    document = _read_document(Path(source))
    tables = document["tables"]
    left_out = _check_tables(tables)
    rows = {}
    for table in SQLModel.metadata.sorted_tables:
        rows[table.name] = _decode_table(table, tables[table.name])
        _check_keys(rows[table.name])
    _check_references(rows)
    return rows, left_out


def read_export(source: Path | str) -> dict[str, list[dict[str, Any]]]:
    """The rows of a league export, checked and decoded; ImportRefused (with the reason) otherwise."""
    return {name: rows.as_records() for name, rows in _read(source).items()}


# -- JSON import: building -----------------------------------------------------------------------------
def _insert_columns(connection: Connection, table: Table, columns: dict[str, list[Any]]) -> None:
    """Every row of a table, given a column at a time, in one executemany: each value goes through its column
    type's bind processor (what Core's insert does row by row, done here a column at a time) and the rows go
    to the driver as tuples. About twice as fast as Core's insert for a large league."""
    dialect = connection.dialect
    compiled = insert(table).compile(dialect=dialect, column_keys=list(columns))
    ordered = []
    for key in compiled.positiontup:
        column = table.columns[key]
        processor = column.type.dialect_impl(dialect).bind_processor(dialect)
        values = columns[column.name]
        ordered.append(list(map(processor, values)) if processor is not None else values)
    connection.exec_driver_sql(compiled.string, list(zip(*ordered, strict=True)))


def _insert_records(connection: Connection, table: Table, records: list[dict[str, Any]]) -> None:
    """Records that may leave out defaulted columns: Core's insert (which fills in the defaults), one
    executemany per set of columns."""
    batches: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for row in records:
        batches.setdefault(tuple(row), []).append(row)
    for batch in batches.values():
        connection.execute(insert(table), batch)


def _fill(path: Path, rows: dict[str, _TableRows], *, league_competitions: bool = False) -> None:
    engine = file_engine(path, read_only=False)
    try:
        create_schema(engine)
        with engine.begin() as connection:
            connection.exec_driver_sql("PRAGMA defer_foreign_keys = ON")  # rows may refer to later rows
            for table in SQLModel.metadata.sorted_tables:
                found = rows[table.name]
                if found.columns is not None and len(found):
                    _insert_columns(connection, table, found.columns)
                elif found.records:
                    _insert_records(connection, table, found.records)
            if league_competitions:
                _league_competitions(connection)
    except StatementError as exc:  # IntegrityError (a duplicate name ...) or a value the column refuses
        if "full" in str(exc.orig).lower():  # SQLITE_FULL: the disk, not the export
            raise ImportRefused(
                _(
                    "The disk is full: the new league could not be written in {parent}. Nothing was created; free some "
                    "space and import again."
                ).format(parent=path.parent)
            ) from None
        raise ImportRefused(
            _("The export breaks a rule of the league file ({orig}).").format(orig=exc.orig)
        ) from None
    finally:
        engine.dispose()


def _league_competitions(connection: Connection) -> None:
    """An export made before competitions (issue 33): each season's league fixtures become its league
    competition, as the "competitions" revision does for a league file."""
    from sqlalchemy import select, update

    from roster_app.store.models import Competition, League, Match

    match, competition = Match.__table__, Competition.__table__
    current = connection.execute(select(League.__table__.c.current_season)).scalar()
    seasons = connection.execute(select(match.c.season).where(match.c.stage == "league").distinct()).scalars()
    for season in sorted(seasons):
        status = "finished" if current is not None and season < current else "open"
        made = connection.execute(insert(competition).values(season=season, name="League", format="league",
                                                             status=status)).inserted_primary_key[0]  # fmt: skip
        connection.execute(
            update(match).where(match.c.season == season, match.c.stage == "league").values(competition_id=made)
        )


# Check League's notes on what an older Dugout let happen (extra reserve rounds, empty referee sheets): the
# league's history, told when it is checked, not values an import may refuse.
HISTORY = frozenset({"reserves", "sheet"})


def _verify(path: Path) -> None:
    """The new file must open as a league: its house rules are loaded and checked the way opening it does,
    then the rules the services keep and every invariant of Check League hold, before the file is the league.
    (Its stored values need no second look: each was checked above and written through its column's type.)"""
    engine = file_engine(path, read_only=True)
    try:
        ruleset = ruleset_or_error(lambda: load_ruleset(engine))
        db = LeagueDB(engine, path=path, read_only=True)
        db._ruleset = ruleset
        found = check_league(db).problems
        problems = _service_rules(db, ruleset) + [p.text for p in found if p.code not in HISTORY]
    except DugoutError as exc:
        raise ImportRefused(_("The imported league would not open: {exc}").format(exc=exc)) from None
    finally:
        engine.dispose()
    if problems:
        shown = "\n".join(f"- {text}" for text in problems[:5])
        more = f"\n(and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise ImportRefused(
            _("The export breaks the league's rules, so no league was made:\n{shown}{more}").format(
                shown=shown, more=more
            )
        )


def _service_rules(db: LeagueDB, ruleset: Any) -> list[str]:
    """What the services refuse and Check League takes for granted: a team's race is in the house rules, a
    roster holds no more players than they allow."""
    from sqlalchemy import func, select

    from roster_app.store.models import Player, Team
    from roster_app.store.statuses import PlayerStatus

    most = ruleset.table("team_rules")["max_players"]
    found = []
    with db.read() as session:
        for team in session.scalars(select(Team).order_by(Team.id)):
            if team.race not in ruleset.races:
                found.append(
                    _("Team {id} ({name}): the race {shown} is not in the league's rules.").format(
                        id=team.id, name=team.name, shown=_shown(team.race)
                    )
                )
        on_roster = Player.status.in_(PlayerStatus.ON_ROSTER)
        counts = select(Player.team_id, func.count()).where(on_roster).group_by(Player.team_id)
        for team_id, count in session.execute(counts):
            if count > most:
                found.append(
                    _("Team {team_id} has {count:,} players on its roster; the rules allow {most}.").format(
                        team_id=team_id, count=count, most=most
                    )
                )
    return found


def import_json(source: Path | str, destination: Path | str) -> Path:
    """Create a NEW league file at `destination` from a JSON export; all of it or nothing.

    A destination that exists is refused (an import never overwrites a league).
    """
    destination = Path(destination)
    try:
        folder, taken = destination.is_dir(), destination.exists()
    except OSError as exc:  # a name longer than the disk allows, a folder that cannot be looked into
        raise ImportRefused(
            _("'{name}' cannot be a league file here ({strerror}).").format(
                name=destination.name[:60], strerror=exc.strerror
            )
        ) from None
    if folder:
        raise ImportRefused(
            _("{destination} is a folder; import into a new file, such as a name ending in .dugout.").format(
                destination=destination
            )
        )
    if taken:
        raise ImportRefused(
            _("A file already exists at {destination}; import into a new file.").format(destination=destination)
        )
    rows, left_out = _read_export(source)
    with atomic_path(destination) as temporary:
        _fill(temporary, rows, league_competitions="competition" in left_out)
        _verify(temporary)
        if destination.exists():  # created meanwhile by someone else: keep theirs
            raise ImportRefused(
                _("A file already exists at {destination}; import into a new file.").format(
                    destination=destination
                )
            )
    return destination


# -- CSV -----------------------------------------------------------------------------------------------
