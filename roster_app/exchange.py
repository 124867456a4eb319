"""Exchanging a league with other programs: the whole league as JSON (and back), rosters and ledgers as CSV.

The JSON export is `{"format": "dugout-league", "version": 1, "tables": {name: [row, ...]}}` with one entry
per table of the schema (generated from SQLModel.metadata, so new tables are exported without code here).
An import is checked completely (format, version, tables, every value, every reference) and built in a
temporary file beside the destination, which becomes the new league only when everything went in.
Every export is written atomically (roster_app.atomic).
"""

from __future__ import annotations

import csv
import json
import typing
from collections.abc import Iterable
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Boolean, Column, DateTime, Float, Integer, Numeric, String, Table, insert, select
from sqlalchemy.exc import StatementError
from sqlalchemy.types import TypeDecorator
from sqlmodel import SQLModel

from roster_app import queries
from roster_app.atomic import atomic_path, atomic_text
from roster_app.db import LeagueDB, _init_schema, _make_sqlite_engine, open_league
from roster_app.errors import DugoutError

FORMAT = "dugout-league"
VERSION = 1
CSV_ENCODING = "utf-8-sig"  # the byte-order mark lets spreadsheet programs read names with accents


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


def _encode(kind: str, value: Any) -> Any:
    if value is None:
        return None
    return value.isoformat() if kind == "datetime" else value


# -- JSON export -------------------------------------------------------------------------------------
def league_rows(db: LeagueDB) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table (the schema's tables, parents first) as plain dicts, in primary-key order,
    read in one transaction (a consistent league even while others write)."""
    with db.read() as session:
        return {
            table.name: [
                dict(row) for row in session.execute(select(table).order_by(*table.primary_key.columns)).mappings()
            ]
            for table in SQLModel.metadata.sorted_tables
        }


def league_tables(db: LeagueDB) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table as JSON-ready dicts, in primary-key order."""
    out = {}
    for name, rows in league_rows(db).items():
        kinds = {c.name: _kind(c) for c in SQLModel.metadata.tables[name].columns}
        out[name] = [{column: _encode(kinds[column], row[column]) for column in kinds} for row in rows]
    return out


def export_json(db: LeagueDB, destination: Path | str) -> Path:
    """Write the whole league as a versioned JSON file (atomically)."""
    from roster_app import __version__
    from roster_app.migrations import head_revision

    tables = league_tables(db)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "league": tables["league"][0]["name"] if tables["league"] else "",
        "exported_at": datetime.now(UTC).isoformat(),
        "dugout": __version__,
        "schema": head_revision(),
        "tables": tables,
    }
    with atomic_text(destination) as handle:
        json.dump(document, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    return Path(destination)


# -- JSON import: checking -----------------------------------------------------------------------------
def _read_document(source: Path) -> dict[str, Any]:
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ImportRefused(f"There is no file at {source}.") from None
    except UnicodeDecodeError:
        raise ImportRefused(f"'{source.name}' is not a Dugout league export (it is not a text file).") from None
    except OSError as exc:
        raise ImportRefused(f"'{source.name}' cannot be read ({exc.strerror}).") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportRefused(
            f"'{source.name}' is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused(f"'{source.name}' is not a Dugout league export (its format is not '{FORMAT}').")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused(f"'{source.name}' has no valid format version.")
    if version > VERSION:
        raise ImportRefused(
            f"'{source.name}' was exported by a newer Dugout (format version {version}); "
            f"this Dugout reads version {VERSION}. Update Dugout to import it."
        )
    if not isinstance(document.get("tables"), dict):
        raise ImportRefused(f"'{source.name}' holds no tables.")
    return document


def _check_tables(tables: dict[str, Any]) -> None:
    known = {t.name for t in SQLModel.metadata.sorted_tables}
    missing = sorted(known - tables.keys())
    if missing:
        raise ImportRefused(f"The export is incomplete: the table(s) {', '.join(missing)} are missing.")
    unknown = sorted(tables.keys() - known)
    if unknown:
        raise ImportRefused(
            f"The export has table(s) this Dugout does not know ({', '.join(unknown)}); "
            "it was probably made by a newer Dugout."
        )
    for name in known:
        if not isinstance(tables[name], list):
            raise ImportRefused(f"The table '{name}' of the export is not a list of rows.")
    if len(tables["league"]) != 1:
        raise ImportRefused(f"The export must hold exactly one league record; it holds {len(tables['league'])}.")


WORDS = {"bool": "true or false", "int": "a whole number", "float": "a number", "str": "text",
         "datetime": "a date and time (ISO 8601)"}  # fmt: skip


def _decode_value(table: Table, column: Column, value: Any, where: str) -> Any:
    kind = _kind(column)
    if value is None:
        if column.nullable and not column.primary_key:
            return None
        raise ImportRefused(f"{where}: '{column.name}' may not be empty.")
    ok = {
        "bool": isinstance(value, bool),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "float": isinstance(value, int | float) and not isinstance(value, bool),
        "str": isinstance(value, str),
        "datetime": isinstance(value, str),
        "json": True,
    }[kind]
    shape = _json_shapes().get((table.name, column.name))
    if kind == "json" and shape is not None and not isinstance(value, shape):
        raise ImportRefused(f"{where}: '{column.name}' should be a {shape.__name__}, not {value!r}.")
    if not ok:
        raise ImportRefused(f"{where}: '{column.name}' should be {WORDS[kind]}, not {value!r}.")
    if kind == "datetime":
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise ImportRefused(f"{where}: '{column.name}' is not a date and time ({value!r}).") from None
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # league times are UTC
    return value


def _decode_row(table: Table, index: int, row: Any) -> dict[str, Any]:
    where = f"Row {index + 1} of the table '{table.name}'"
    if not isinstance(row, dict):
        raise ImportRefused(f"{where} is not a record.")
    unknown = sorted(row.keys() - set(table.columns.keys()))
    if unknown:
        raise ImportRefused(f"{where} has unknown column(s): {', '.join(unknown)}.")
    decoded = {}
    for column in table.columns:
        if column.name in row:
            decoded[column.name] = _decode_value(table, column, row[column.name], where)
        elif column.primary_key or (column.default is None and not column.nullable):
            raise ImportRefused(f"{where} has no '{column.name}'.")
    return decoded


def _check_keys(table: Table, rows: list[dict[str, Any]]) -> None:
    names = [c.name for c in table.primary_key.columns]
    seen: set[tuple] = set()
    for index, row in enumerate(rows):
        key = tuple(row[n] for n in names)
        if key in seen:
            raise ImportRefused(
                f"Row {index + 1} of the table '{table.name}' repeats the key {key[0] if len(key) == 1 else key}."
            )
        seen.add(key)


def _check_references(rows: dict[str, list[dict[str, Any]]]) -> None:
    for table in SQLModel.metadata.sorted_tables:
        for fk in table.foreign_keys:
            target, target_column = fk.column.table.name, fk.column.name
            present = {r.get(target_column) for r in rows[target]}
            for index, row in enumerate(rows[table.name]):
                value = row.get(fk.parent.name)
                if value is not None and value not in present:
                    raise ImportRefused(
                        f"Row {index + 1} of the table '{table.name}': {fk.parent.name} {value} refers to "
                        f"a {target} that is not in the export."
                    )


def read_export(source: Path | str) -> dict[str, list[dict[str, Any]]]:
    """The rows of a league export, checked and decoded; ImportRefused (with the reason) otherwise."""
    document = _read_document(Path(source))
    tables = document["tables"]
    _check_tables(tables)
    rows = {}
    for table in SQLModel.metadata.sorted_tables:
        rows[table.name] = [_decode_row(table, i, row) for i, row in enumerate(tables[table.name])]
        _check_keys(table, rows[table.name])
    _check_references(rows)
    return rows


# -- JSON import: building -----------------------------------------------------------------------------
def _fill(path: Path, rows: dict[str, list[dict[str, Any]]]) -> None:
    engine = _make_sqlite_engine(path, read_only=False)
    try:
        _init_schema(engine)
        with engine.begin() as connection:
            connection.exec_driver_sql("PRAGMA defer_foreign_keys = ON")  # rows may refer to later rows
            for table in SQLModel.metadata.sorted_tables:
                for row in rows[table.name]:  # one by one: rows may leave out different defaulted columns
                    connection.execute(insert(table).values(**row))
    except StatementError as exc:  # IntegrityError (a duplicate name ...) or a value the column refuses
        raise ImportRefused(f"The export breaks a rule of the league file ({exc.orig}).") from None
    finally:
        engine.dispose()


def _verify(path: Path) -> None:
    try:
        open_league(path).close()  # loads and checks the league's ruleset, like opening it in the app
    except DugoutError as exc:
        raise ImportRefused(f"The imported league would not open: {exc}") from None


def import_json(source: Path | str, destination: Path | str) -> Path:
    """Create a NEW league file at `destination` from a JSON export; all of it or nothing.

    A destination that exists is refused (an import never overwrites a league).
    """
    destination = Path(destination)
    if destination.exists():
        raise ImportRefused(f"A file already exists at {destination}; import into a new file.")
    rows = read_export(source)
    with atomic_path(destination) as temporary:
        _fill(temporary, rows)
        _verify(temporary)
        if destination.exists():  # created meanwhile by someone else: keep theirs
            raise ImportRefused(f"A file already exists at {destination}; import into a new file.")
    return destination


# -- CSV -----------------------------------------------------------------------------------------------
ROSTER_COLUMNS = ["Team", "Number", "Name", "Race", "Position", "MA", "ST", "AG", "AV", "Starting skills",
                  "Gained skills", "Injuries", "SPP", "Level", "Rolls due", "Value", "Status", "Contract"]  # fmt: skip
LEDGER_COLUMNS = ["Team", "Date", "Season", "Kind", "Reason", "Amount", "Balance"]


def _teams(db: LeagueDB, team_ids: Iterable[int] | None) -> list[queries.TeamItem]:
    teams = queries.teams(db)
    if team_ids is None:
        return teams
    wanted = list(team_ids)
    by_id = {t.id: t for t in teams}
    return [by_id[i] for i in wanted if i in by_id]


def _write_csv(destination: Path | str, header: list[str], rows: Iterable[list[Any]]) -> Path:
    with atomic_text(destination, encoding=CSV_ENCODING, newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return Path(destination)


def export_rosters_csv(db: LeagueDB, destination: Path | str, *, team_ids: Iterable[int] | None = None) -> Path:
    """The players on the rosters of the teams (all teams by default), one line each."""

    def lines() -> Iterable[list[Any]]:
        for team in _teams(db, team_ids):
            for p in queries.roster(db, team.id):
                yield [team.name, p.number, p.name, p.race, p.position, p.ma, p.st, p.ag, p.av,
                       "; ".join(p.starting_skills), "; ".join(p.skills), "; ".join(p.injuries), p.spp, p.level,
                       p.rolls_due, p.value, p.status, p.contract_text]  # fmt: skip

    return _write_csv(destination, ROSTER_COLUMNS, lines())


def export_ledger_csv(db: LeagueDB, destination: Path | str, *, team_ids: Iterable[int] | None = None) -> Path:
    """Every ledger entry of the teams (all teams by default) with the running balance."""

    def lines() -> Iterable[list[Any]]:
        for team in _teams(db, team_ids):
            for r in queries.ledger(db, team.id):
                stamp = (
                    r.created_at.isoformat(timespec="seconds")
                    if hasattr(r.created_at, "isoformat")
                    else r.created_at
                )
                yield [team.name, stamp, r.season, r.kind, r.reason, r.amount, r.balance]

    return _write_csv(destination, LEDGER_COLUMNS, lines())
