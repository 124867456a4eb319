"""The JSON import's fast paths (issue 40) give what the plain ones give: rows decoded together as json.loads
decodes the list, a table's columns checked together as its rows one by one, league times written as the
column's own bind processor writes them."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine
from sqlmodel import SQLModel

from roster_app.exchange import league_json as exchange
from roster_app.exchange.league_json import ImportRefused, export_json

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)
ROWS = st.lists(st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=5) | JSON_VALUES, max_size=12)


def _items(text: str, chunk: int, monkeypatch) -> list:  # noqa: ANN001
    """The values of the list `text` as the import reads them, `chunk` characters at a time."""
    monkeypatch.setattr(exchange, "CHUNK", chunk)
    stream = exchange._Stream(io.StringIO(text), "rows.json")
    stream.take("[", "Expecting value")
    values = list(stream.items())
    stream.end()
    return values


@given(rows=ROWS, indent=st.sampled_from([None, 0, 1, 2, 3]), chunk=st.sampled_from([5, 64, 4096]))
@settings(max_examples=150, deadline=None)
def test_rows_decoded_together_are_the_rows_json_decodes(rows, indent, chunk):
    """Any list, indented any way (rows whose nested values break lines as the rows do included), read in pieces
    of any size: the values json.loads gives."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        text = json.dumps(rows, indent=indent)
        assert _items(text, chunk, monkeypatch) == json.loads(text)


def test_a_line_break_like_a_rows_inside_a_row_is_read_one_row_at_a_time(monkeypatch):
    """A document indented so a row's nested record begins a line as a row does: the rows decoded together
    from such a cut are not a list of whole rows, so those rows go one at a time, to the same values."""
    text = '[\n {"a": 1},\n {"b": [1,\n {"c": 2},\n {"d": "x,\\n {"}]},\n {"e": 3}, 4,\n {"f": {}}\n]'
    assert _items(text, 4096, monkeypatch) == json.loads(text)


@pytest.mark.parametrize("broken", [',\n   {"id": 2,, "x": 1}', ',\n   {"id": 2}, ]', ',\n   {"id": 1e999999}'])
def test_a_fault_among_rows_decoded_together_is_placed_as_json_places_it(broken, monkeypatch):
    text = "[\n   " + ",\n   ".join(json.dumps({"id": i}) for i in range(50)) + broken + ",\n   {}\n]"
    try:
        expected = json.loads(text)
    except json.JSONDecodeError as error:
        with pytest.raises(ImportRefused) as refused:
            _items(text, 4096, monkeypatch)
        assert f"(line {error.lineno}, column {error.colno}: {error.msg})" in str(refused.value)
    else:
        assert _items(text, 4096, monkeypatch) == expected


def test_a_tables_columns_checked_together_are_its_rows_checked_one_by_one(night_db, tmp_path):
    """Every table of an export: the columns the fast path decodes are the records the plain path decodes."""
    document = json.loads(export_json(night_db, tmp_path / "night.json").read_text(encoding="utf-8"))
    fast_tables = 0
    for table in SQLModel.metadata.sorted_tables:
        rows = document["tables"][table.name]
        if not rows:
            continue
        fast, plain = exchange._decode_table(table, rows), exchange._by_row(table, rows)
        assert fast.columns is not None, table.name  # an export as Dugout writes it takes the fast path
        fast_tables += 1
        for column in table.columns:
            assert list(fast.column(column.name)) == plain.column(column.name), (table.name, column.name)
    assert fast_tables >= 8


@pytest.mark.parametrize(
    ("change", "words"),
    [(lambda row: row.pop("reason"), "has no 'reason'"), (lambda row: row.update(extra=1), "unknown column(s): extra"),
     (lambda row: row.update(amount=True), "'amount' should be a whole number, not True"),
     (lambda row: row.update(amount=2**63), "a number too large for a league"),
     (lambda row: row.update(created_at="yesterday"), "is not a date and time ('yesterday')")],
)  # fmt: skip
def test_a_row_the_fast_path_cannot_take_is_refused_at_its_row(night_db, tmp_path, change, words):
    document = json.loads(export_json(night_db, tmp_path / "night.json").read_text(encoding="utf-8"))
    rows = document["tables"]["ledger_entry"][:20]
    change(rows[13])
    with pytest.raises(ImportRefused) as refused:
        exchange._decode_table(SQLModel.metadata.tables["ledger_entry"], rows, 100)
    assert "Row 114 of the table 'ledger_entry'" in str(refused.value) and words in str(refused.value)


@given(
    moment=st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
    offset=st.integers(-23 * 60, 23 * 60),
)
@settings(max_examples=300, deadline=None)
def test_a_league_time_is_written_as_its_columns_bind_processor_writes_it(moment, offset):
    engine = create_engine("sqlite://")
    column = SQLModel.metadata.tables["ledger_entry"].c.created_at
    processor = column.type.dialect_impl(engine.dialect).bind_processor(engine.dialect)
    assert exchange._writer(column, engine.dialect) is exchange._stored_moment
    aware = moment.replace(tzinfo=timezone(timedelta(minutes=offset)))
    assert exchange._stored_moment(aware) == processor(aware)
    assert exchange._stored_moment(aware.astimezone(UTC)) == processor(aware.astimezone(UTC))
