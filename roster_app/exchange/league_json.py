"""The whole league as JSON, and a JSON export back into a new league file.

The JSON export is `{"format": "dugout-league", "version": 1, "tables": {name: [row, ...]}}` with one entry
per table of the schema (generated from SQLModel.metadata, so new tables are exported without code here).
An import is read a piece at a time and written as it is read (never the whole document in memory), checked
completely (format, version, tables, every value, key and reference) in a temporary file beside the destination,
which becomes the new league only when everything went in and the file opens as a league.
Every export is written atomically (roster_app.safety.atomic).
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from operator import itemgetter
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    Integer,
    Numeric,
    String,
    Table,
    exists,
    func,
    insert,
    select,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, StatementError
from sqlalchemy.types import TypeDecorator
from sqlmodel import SQLModel

from roster_app.errors import DugoutError
from roster_app.i18n import N_, _
from roster_app.rules.limits import TEXT_LENGTH, text_limit
from roster_app.safety.atomic import atomic_path, atomic_text, json_document_problem
from roster_app.safety.check import check_league
from roster_app.store import sqlite_file
from roster_app.store.db import LeagueDB, create_schema, file_engine
from roster_app.store.ruleset import load_ruleset, ruleset_or_error
from roster_app.store.tables import league_rows
from roster_app.words import number

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
# 64 teams and 10 seasons export to ~52 MB, so 1 GB is no league's (read a piece at a time, but read whole)
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


_encoded = json.JSONEncoder(ensure_ascii=False).encode  # one value, C's encoder (no indent)


def _indented(value: Any, pad: str) -> str:
    """`value` as json.dump(..., indent=1) writes it after `pad` ("\\n" and the spaces it is indented by), each
    plain value through C's encoder: json's own indenting encoder is Python's, and its closures, left as garbage
    a row, made the export's memory grow with the league (issue 40). A dict with a key that is not text
    (json.dumps would turn it into one) goes through json.dumps."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        if not all(type(key) is str for key in value):
            return _dumped(value, len(pad) - 1)
        inner = pad + " "
        return "{" + ",".join(f"{inner}{_encoded(k)}: {_indented(v, inner)}" for k, v in value.items()) + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        inner = pad + " "
        return "[" + ",".join(inner + _indented(item, inner) for item in value) + pad + "]"
    return _encoded(value)


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
        rows = session.execute(select(table).order_by(*table.primary_key.columns).execution_options(yield_per=500))
        first = True
        for row in rows.mappings():
            encoded = {column: _encode(kinds[column], row[column]) for column in kinds}
            handle.write(("\n" if first else ",\n") + "   " + _indented(encoded, "\n   "))
            first = False
        handle.write("]" if first else "\n  ]")
    handle.write("\n }\n}\n" if SQLModel.metadata.sorted_tables else "}\n}\n")


# -- JSON import: reading a piece at a time ------------------------------------------------------------------
CHUNK = 1 << 16  # characters read from the file at a time
BATCH = 500  # rows checked, decoded and written together (the rows held at a time, with the piece read)
_SPACE = re.compile(r"[ \t\n\r]*")


class _Stream:
    """An export's JSON text read a piece at a time (issue 40: json.loads of the whole document held ~4 MB of
    Python objects per MB of file). The document's frame (its header, the tables, their lists) is walked here;
    each value in it (a row, a header value) is decoded whole by json's own scanner, so values and refusals are
    json.loads's. Only the piece being read and the value being decoded are in memory."""

    def __init__(self, handle: typing.TextIO, name: str) -> None:
        self.handle, self.name = handle, name
        self.decoder = json.JSONDecoder()
        self.restart()

    def restart(self) -> None:
        self.handle.seek(0)
        self.text, self.at, self.ended = "", 0, False
        self.lines, self.column = 0, 0  # where the text kept begins: the lines before it, its column (0-based)

    def _more(self, wanted: int = CHUNK) -> bool:
        """Read on, at least `wanted` characters (what was taken is let go); False at the end of the file."""
        if self.ended:
            return False
        if self.at:
            done = self.text[: self.at]
            newlines = done.count("\n")
            self.lines += newlines
            self.column = len(done) - done.rfind("\n") - 1 if newlines else self.column + len(done)
            self.text, self.at = self.text[self.at :], 0
        try:
            piece = self.handle.read(max(wanted, CHUNK))
        except UnicodeDecodeError:
            raise ImportRefused(
                _("'{name}' is not a Dugout league export (it is not a text file).").format(name=self.name)
            ) from None
        except OSError as exc:
            raise ImportRefused(
                _("'{name}' cannot be read ({reason}).").format(name=self.name, reason=exc.strerror)
            ) from None
        if not piece:
            self.ended = True
            return False
        self.text += piece
        return True

    def next_char(self) -> str:
        """The next character that is not white space, not taken ('' at the end of the file)."""
        while True:
            self.at = _SPACE.match(self.text, self.at).end()
            if self.at < len(self.text):
                return self.text[self.at]
            if not self._more():
                return ""

    def take(self, char: str, expecting: str) -> None:
        if self.next_char() != char:
            raise self.invalid(expecting)
        self.at += 1

    def goes_on(self, closing: str) -> bool:
        """After an item of a list or an object: True past a comma, False past its closing bracket."""
        char = self.next_char()
        if char in (",", closing) and char:
            self.at += 1
            return char == ","
        raise self.invalid("Expecting ',' delimiter")

    def key(self) -> str:
        if self.next_char() != '"':
            raise self.invalid(
                "Expecting property name enclosed in double quotes"
            )  # i18n: keep (the JSON parser's own message, as Python's json module says it)
        name = self.value()
        self.take(":", "Expecting ':' delimiter")
        return name

    def value(self) -> Any:
        """The next JSON value, decoded whole (read on while it is cut off by the end of the text read)."""
        self.next_char()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.text, self.at)
            except json.JSONDecodeError as exc:
                cut = exc.pos >= len(self.text) - 8 or exc.msg.startswith("Unterminated string")
                if cut and self._more(len(self.text)):  # twice as much text: a long value is read in a few steps
                    continue
                raise self.invalid(exc.msg, exc.pos) from None
            except ValueError:  # a number of more than 4,300 digits, which Python will not read
                raise ImportRefused(
                    _("'{name}' holds a number far too long to be in a league.").format(name=self.name)
                ) from None
            if end < len(self.text) or not self._more(len(self.text)):  # a number at the end may go on
                self.at = end
                return value

    def items(self) -> Iterator[Any]:
        """The values of a list whose '[' was taken, up to its ']' (taken too). A value whole in the text read and
        followed by a comma is decoded and passed in place; anything else (the end of the text read, a refusal)
        goes the long way, through value() and goes_on().

        In an indented document (an export as Dugout writes it) the rows of the text read are decoded together,
        up to the last line break that begins a row (the white space between its first two rows, a comma before
        it, a '{' after it): json's scanner decodes "[" + those rows + "]" as it decodes them one by one (the JSON
        grammar has one reading of a text), at half the cost (issue 40). Where that text is not a list of whole
        values (such a line break inside a row of a document indented otherwise, a refusal), the rows go one by
        one, with json's own words for what is wrong, until more text is read."""
        if self.next_char() == "]":
            self.at += 1
            return
        decode, space, whole = self.decoder.raw_decode, _SPACE.match, self.decoder.decode
        between: str | None = None  # ",", the line break and indent between two rows, "{"
        tried = None  # the text read whose rows could not be decoded together
        while True:
            text = self.text
            if between is not None and text is not tried:
                cut = text.rfind(between, self.at)
                if cut > self.at:
                    try:
                        values = whole("[" + text[self.at : cut] + "]")
                    except (ValueError, RecursionError):  # said, if it is wrong, one row at a time
                        tried = text
                    else:
                        self.at = cut + len(between) - 1
                        yield from values
                        continue
            try:
                value, end = decode(text, self.at)
            except ValueError:  # cut by the end of the text read, or not JSON: said by value()
                value = self.value()
            else:
                if end < len(text):
                    self.at = end
                else:  # a number at the end of the text read may go on
                    value = self.value()
            yield value
            text, at = self.text, self.at
            if at < len(text) and text[at] == ",":
                self.at = space(text, at + 1).end()
                if between is None and "\n" in text[at : self.at] and text.startswith("{", self.at):
                    between = text[at : self.at + 1]
            elif not self.goes_on("]"):
                return

    def skip(self) -> None:
        """Read past the next value without keeping it (a list or an object item by item)."""
        char = self.next_char()
        if char not in ("{", "["):
            self.value()
            return
        self.at += 1
        closing = "}" if char == "{" else "]"
        if self.next_char() == closing:
            self.at += 1
            return
        while True:
            if char == "{":
                self.key()
            self.skip()
            if not self.goes_on(closing):
                return

    def end(self) -> None:
        if self.next_char():
            raise self.invalid(
                "Extra data"
            )  # i18n: keep (the JSON parser's own message, as Python's json module says it)

    def invalid(self, message: str, at: int | None = None) -> ImportRefused:
        at = self.at if at is None else at
        newline = self.text.rfind("\n", 0, at)
        line = self.lines + self.text.count("\n", 0, at) + 1
        column = at - newline if newline >= 0 else self.column + at + 1
        return ImportRefused(
            _("'{name}' is not valid JSON (line {line}, column {column}: {reason}).").format(
                name=self.name, line=line, column=column, reason=message
            )
        )


def _frame(stream: _Stream, tables: Callable[[_Stream], None], *, checked: bool) -> tuple[dict[str, Any], bool]:
    """Walk the document once: the header's format and version, and whether it holds a tables object; the tables
    are handed to `tables` when the header before them is checked (`checked`: by an earlier walk), else skipped.
    Returns the header and whether the tables were read."""
    header: dict[str, Any] = {}
    read = False
    if stream.next_char() != "{":
        stream.skip()  # valid JSON, or refused as not JSON
        stream.end()
        raise ImportRefused(_not_an_export(stream.name))
    stream.at += 1
    if stream.next_char() == "}":
        stream.at += 1
    else:
        while True:
            key = stream.key()
            if key == "tables":
                header["tables"] = stream.next_char() == "{"
                if checked or header.keys() >= {"format", "version"}:
                    if not checked:
                        _check_header(stream.name, header)
                    elif not header["tables"]:
                        raise ImportRefused(_("'{name}' holds no tables.").format(name=stream.name))
                    tables(stream)
                    read = True
                else:  # the tables before the format: read again once the header is known
                    stream.skip()
            elif key in ("format", "version"):
                header[key] = stream.value()
            else:
                stream.skip()
            if not stream.goes_on("}"):
                break
    stream.end()
    return header, read


def _not_an_export(name: str) -> str:
    return _("'{name}' is not a Dugout league export (its format is not '{format}').").format(
        name=name, format=FORMAT
    )


def _check_header(name: str, header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise ImportRefused(_not_an_export(name))
    version = header.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused(_("'{name}' has no valid format version.").format(name=name))
    if version > VERSION:
        raise ImportRefused(
            _(
                "'{name}' was exported by a newer Dugout (format version {version}); this Dugout reads version "
                "{known}. Update Dugout to import it."
            ).format(name=name, version=version, known=VERSION)
        )
    if header.get("tables") is False:
        raise ImportRefused(_("'{name}' holds no tables.").format(name=name))


def _read_stream(stream: _Stream, tables: Callable[[_Stream], None]) -> None:
    """The whole document read, its tables handed to `tables` once (after its header is checked)."""
    try:
        header, read = _frame(stream, tables, checked=False)
        _check_header(stream.name, header)
        if "tables" not in header:
            raise ImportRefused(_("'{name}' holds no tables.").format(name=stream.name))
        if not read:  # a document whose tables come before its format and version: read a second time
            stream.restart()
            _frame(stream, tables, checked=True)
    except RecursionError:
        raise ImportRefused(
            _("'{name}' is nested too deeply to be a Dugout league export.").format(name=stream.name)
        ) from None


@contextmanager
def _opened(source: Path) -> Iterator[typing.TextIO]:
    problem = sqlite_file.not_a_file(source, "league export")  # a named pipe or a device is never read
    if problem is not None:
        raise ImportRefused(problem)
    if (size := source.stat().st_size) > EXPORT_BYTES:
        raise ImportRefused(
            _("'{name}' is {size} bytes long: too large to be a league export.").format(
                name=source.name, size=number(size)
            )
        )
    try:  # with or without a byte-order mark (Windows Notepad)
        handle = source.open(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ImportRefused(_("There is no file at {source}.").format(source=source)) from None
    except OSError as exc:
        raise ImportRefused(
            _("'{name}' cannot be read ({strerror}).").format(name=source.name, strerror=exc.strerror)
        ) from None
    with handle:
        yield handle


# -- JSON import: checking ------------------------------------------------------------------------------
# Tables added after format version 1: an export made before them holds none, and imports with them empty.
LATER_TABLES = frozenset({"correction", "competition", "competition_entry", "competition_tie"})


WORDS = {"bool": N_("true or false"), "int": N_("a whole number"), "float": N_("a number"), "str": N_("text"),
         "datetime": N_("a date and time (ISO 8601)")}  # fmt: skip  # shown through _()


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
            raise ImportRefused(_("{where}: '{name}' should be a list of {words}, not {shown}.").format(where=where, name=plan.name, words=_(WORDS[plan.items.__name__]), shown=_shown(value)))  # fmt: skip
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
                where=where, name=plan.name, words=_(WORDS[plan.kind]), shown=_shown(value)
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
            _("{where}: '{name}' is {n} characters long; a league allows {text_limit}.").format(
                where=where, name=plan.name, n=number(len(value)), text_limit=plan.text_limit
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


def _within_limits(plan: _ColumnPlan, values: Sequence[Any], kinds: set[type] | None = None) -> bool:
    """The fast path's check of a whole column against the limits _decoded applies value by value (`kinds`: the
    types of the values, when known)."""
    present = values if kinds is not None and type(None) not in kinds else [v for v in values if v is not None]
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


def _by_row(table: Table, rows: list[Any], start: int = 0) -> _TableRows:
    """Row by row: finds the first problem and says where it is; rows may leave out defaulted columns."""
    return _TableRows(table, records=[_decode_row(table, i, row) for i, row in enumerate(rows, start)])


def _decode_table(table: Table, rows: list[Any], start: int = 0) -> _TableRows:
    """The table's rows, checked and decoded: a column at a time when every row is a record with every column
    and every value has the right type; anything else row by row. `start`: the rows' place in their table."""
    names, plans = _column_names(table), _plan(table)
    # every row a record of every column: as many keys as the table has columns, and none that is not one
    width = len(names)
    if not rows or not all(type(row) is dict for row in rows) or not all(map(width.__eq__, map(len, rows))):
        return _by_row(table, rows, start)
    if not names.issuperset(set().union(*rows)) or width < 2:
        return _by_row(table, rows, start)
    columns = {}
    # the rows turned into columns in one go (C's itemgetter and zip), in the plans' order
    transposed = zip(*map(itemgetter(*(plan.name for plan in plans)), rows), strict=True)
    for plan, values in zip(plans, transposed, strict=True):
        kinds = set(map(type, values))
        if plan.accepted is not None:
            allowed = set(plan.accepted)
        else:  # JSON: a list or a dict where the model says so, else any value
            allowed = {plan.shape} if plan.shape is not None else kinds - {type(None)}
        if plan.may_be_empty:
            allowed.add(type(None))
        if not kinds <= allowed or not _within_limits(plan, values, kinds):
            return _by_row(table, rows, start)
        if plan.kind == "datetime":
            try:
                values = [None if v is None else _utc_moment(v) for v in values]
            except ValueError:
                return _by_row(table, rows, start)
        columns[plan.name] = values
    return _TableRows(table, columns=columns)


# -- JSON import: building -----------------------------------------------------------------------------
def _insert_columns(connection: Connection, table: Table, columns: dict[str, list[Any]],
                    statements: dict[Any, Any] | None = None) -> None:  # fmt: skip
    """Every row of a table, given a column at a time, in one executemany: each value goes through its column
    type's bind processor (what Core's insert does row by row, done here a column at a time) and the rows go
    to the driver as tuples. About twice as fast as Core's insert for a large league. `statements`: the
    statement and processors of each table and set of columns, kept for the import's later batches."""
    key = (table, tuple(columns))
    known = statements.get(key) if statements is not None else None
    if known is None:
        dialect = connection.dialect
        compiled = insert(table).compile(dialect=dialect, column_keys=list(columns))
        writers = [
            (table.columns[name].name, _writer(table.columns[name], dialect)) for name in compiled.positiontup
        ]
        known = (compiled.string, writers)
        if statements is not None:
            statements[key] = known
    sql, writers = known
    ordered = [
        list(map(writer, columns[name])) if writer is not None else columns[name] for name, writer in writers
    ]
    connection.exec_driver_sql(sql, list(zip(*ordered, strict=True)))


def _stored_moment(value: datetime | None) -> str | None:
    """A league time as the league file's DATETIME column stores it (UTC, to the microsecond): what SQLModel's
    UTCDateTime and SQLite's DATETIME bind processors make of it, in one C call."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat(" ", "microseconds")[:-6]  # less its "+00:00"


# the moments _writer checks _stored_moment against the column's own bind processor with (before it uses it)
MOMENTS = (datetime(2026, 12, 5, 5, 26, 23, 555722, tzinfo=UTC), datetime(1, 1, 1, tzinfo=UTC),
           datetime.fromisoformat("1999-12-31T23:59:59.000001-05:30"), datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC))  # fmt: skip


def _writer(column: Column, dialect: Any) -> Callable[[Any], Any] | None:
    """How a column's values go to the driver: its type's bind processor, or for a league time a faster way to
    the same text (used only when it gives the processor's text for every one of MOMENTS and for None)."""
    processor = column.type.dialect_impl(dialect).bind_processor(dialect)
    if (
        processor is not None
        and _kind(column) == "datetime"
        and all(processor(moment) == _stored_moment(moment) for moment in (*MOMENTS, None))
    ):
        return _stored_moment
    return processor


def _insert_records(connection: Connection, table: Table, records: list[dict[str, Any]]) -> None:
    """Records that may leave out defaulted columns: Core's insert (which fills in the defaults), one
    executemany per set of columns."""
    batches: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for row in records:
        batches.setdefault(tuple(row), []).append(row)
    for batch in batches.values():
        connection.execute(insert(table), batch)


class _Building:
    """The rows of an export written into the new league file as they are read (issue 40): each batch of a
    table checked and decoded (_decode_table), a repeated key refused at its row; the tables left out, the
    league's one record and every reference checked in SQL at the end, before the transaction commits."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.seen: set[str] = set()
        self.statements: dict[Any, Any] = {}  # _insert_columns's, one a table

    def tables(self, stream: _Stream) -> None:
        """Read the tables' object, writing each table's rows a batch at a time."""
        known = {t.name: t for t in SQLModel.metadata.sorted_tables}
        stream.take(
            "{", "Expecting value"
        )  # i18n: keep (the JSON parser's own message, as Python's json module says it)
        if stream.next_char() == "}":
            stream.at += 1
            return
        while True:
            name = stream.key()
            table = known.get(name)
            if table is None:
                raise ImportRefused(
                    _(
                        "The export has table(s) this Dugout does not know ({names}); it was probably made by a "
                        "newer Dugout."
                    ).format(names=name[:60])
                )
            if name in self.seen:
                raise ImportRefused(_("The export holds the table '{table}' twice.").format(table=name))
            self.seen.add(name)
            if stream.next_char() != "[":
                raise ImportRefused(
                    _("The table '{table}' of the export is not a list of rows.").format(table=name)
                )
            stream.at += 1
            self._rows(stream, table)
            if not stream.goes_on("}"):
                return

    def _rows(self, stream: _Stream, table: Table) -> None:
        batch: list[Any] = []
        start = 0
        for row in stream.items():
            batch.append(row)
            if len(batch) == BATCH:
                self._write(table, batch, start)
                start += len(batch)
                batch = []
        if batch:
            self._write(table, batch, start)

    def _write(self, table: Table, rows: list[Any], start: int) -> None:
        found = _decode_table(table, rows, start)
        connection = self.connection
        connection.exec_driver_sql("SAVEPOINT batch")
        try:
            if found.columns is not None:
                _insert_columns(connection, table, found.columns, self.statements)
            else:
                _insert_records(connection, table, found.records or [])
        except IntegrityError:
            connection.exec_driver_sql("ROLLBACK TO batch")
            self._repeated_key(found, start)
            raise  # another rule of the file (a name two teams share): said by _build
        connection.exec_driver_sql("RELEASE batch")

    def _repeated_key(self, rows: _TableRows, start: int) -> None:
        """Refuse the first row of the batch whose key an earlier row has (the batch itself is not written)."""
        table = rows.table
        key_columns = list(table.primary_key.columns)
        keys = list(zip(*(rows.column(c.name) for c in key_columns), strict=True))
        seen: set[tuple] = set()
        for index, key in enumerate(keys):
            earlier = (
                key in seen
                or self.connection.execute(
                    select(*key_columns).where(*(c == v for c, v in zip(key_columns, key, strict=True))).limit(1)
                ).first()
            )
            if earlier:
                raise ImportRefused(
                    _("Row {row} of the table '{table}' repeats the key {key}.").format(
                        row=start + index + 1, table=table.name, key=key[0] if len(key) == 1 else key
                    )
                )
            seen.add(key)

    def finish(self) -> frozenset[str]:
        """Refuse what only the whole export shows; the later tables it was made without are returned."""
        known = {t.name for t in SQLModel.metadata.sorted_tables}
        left_out = frozenset(LATER_TABLES - self.seen)
        missing = sorted(known - self.seen - left_out)
        if missing:
            raise ImportRefused(
                _("The export is incomplete: the table(s) {names} are missing.").format(names=", ".join(missing))
            )
        league = SQLModel.metadata.tables["league"]
        leagues = self.connection.execute(select(func.count()).select_from(league)).scalar_one()
        if leagues != 1:
            raise ImportRefused(
                _("The export must hold exactly one league record; it holds {count}.").format(count=leagues)
            )
        if self.connection.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
            self._references()
            # a link SQLite finds broken that the look above does not (never seen): refused as the file would
            raise ImportRefused(
                _("The export breaks a rule of the league file ({orig}).").format(
                    orig="FOREIGN KEY constraint failed"  # i18n: keep (SQLite's own words, as a commit reports them)
                )
            )
        return left_out

    def _references(self) -> None:
        """Every reference names a row of the export: one read a foreign key (its target's key looked up). Asked
        when SQLite's own check of every link (PRAGMA foreign_key_check, one pass in C) found one broken: this
        says which, in words."""
        for table in SQLModel.metadata.sorted_tables:
            key_columns = list(table.primary_key.columns)
            for fk in sorted(table.foreign_keys, key=lambda fk: fk.parent.name):
                target = fk.column.table.alias("target")
                column = fk.parent
                dangling = (
                    select(*key_columns, column)
                    .where(column.is_not(None), ~exists().where(target.c[fk.column.name] == column))
                    .order_by(*key_columns)
                    .limit(1)
                )
                found = self.connection.execute(dangling).first()
                if found is not None:
                    key = found[0] if len(key_columns) == 1 else tuple(found[:-1])
                    raise ImportRefused(
                        _(
                            "The row {key} of the table '{table}': {column} {value} refers to a {target} that is "
                            "not in the export."
                        ).format(
                            key=key,
                            table=table.name,
                            column=column.name,
                            value=found[-1],
                            target=fk.column.table.name,
                        )  # fmt: skip
                    )


def _build(path: Path, stream: _Stream) -> None:
    """The new league file at `path`, written from the export as it is read, in one transaction."""
    # rows may refer to later rows: the links are checked once, when every row is in (_Building.finish), not
    # row by row as they are written (issue 40)
    engine = file_engine(path, read_only=False, foreign_keys=False)
    try:
        create_schema(engine)
        with engine.begin() as connection:
            building = _Building(connection)
            _read_stream(stream, building.tables)
            if "competition" in building.finish():
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
                    _("Team {team_id} has {count} players on its roster; the rules allow {most}.").format(
                        team_id=team_id, count=number(count), most=most
                    )
                )
    return found


def import_json(source: Path | str, destination: Path | str) -> Path:
    """Create a NEW league file at `destination` from a JSON export; all of it or nothing.

    A destination that exists is refused (an import never overwrites a league). The export is read a piece at a
    time and written into the new file as it is read (issue 40), never held whole in memory; a refusal anywhere
    leaves no file.
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
    source = Path(source)
    with _opened(source) as handle, atomic_path(destination) as temporary:
        _build(temporary, _Stream(handle, source.name))
        _verify(temporary)
        if destination.exists():  # created meanwhile by someone else: keep theirs
            raise ImportRefused(
                _("A file already exists at {destination}; import into a new file.").format(
                    destination=destination
                )
            )
    return destination


# -- CSV -----------------------------------------------------------------------------------------------
