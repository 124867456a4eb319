"""The JSON import read a piece at a time (issue 40): the same league as the whole document read at once, the
same refusals in words, nothing written when the export is cut short or broken late in the file, and the
document never held whole in memory."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roster_app.exchange import league_json as exchange
from roster_app.exchange.league_json import ImportRefused, export_json, import_json
from roster_app.safety.opening import open_league
from tests.helpers import snapshot


@pytest.fixture
def export_file(night_db, tmp_path) -> Path:
    return export_json(night_db, tmp_path / "night.json")


def _refused(source: Path, folder: Path) -> str:
    """Import `source` into `folder`, expect a refusal, check nothing was left there; the refusal's words."""
    before = sorted(os.listdir(folder))
    with pytest.raises(ImportRefused) as refused:
        import_json(source, folder / "new.dugout")
    assert sorted(os.listdir(folder)) == before  # no league, no temporary file, no journal
    return str(refused.value)


def test_pieces_of_a_few_characters_give_the_same_league(night_db, export_file, tmp_path, monkeypatch):
    """Read 7 characters at a time and written 3 rows at a time, every row, key and number is cut by the end of
    a piece somewhere: the league is the one exported."""
    monkeypatch.setattr(exchange, "CHUNK", 7)
    monkeypatch.setattr(exchange, "BATCH", 3)
    imported = open_league(import_json(export_file, tmp_path / "copy.dugout"))
    try:
        assert snapshot(imported) == snapshot(night_db)
    finally:
        imported.close()


@pytest.mark.parametrize("kept", [0.02, 0.5, 0.97, -2])
def test_an_export_cut_short_is_refused_in_words_and_writes_nothing(export_file, tmp_path, monkeypatch, kept):
    """Cut anywhere (in the header, among the ledger's rows, in the last table, before its last bracket), after
    rows of earlier tables were written into the new file: refused as not valid JSON, nothing left behind."""
    monkeypatch.setattr(exchange, "CHUNK", 4096)
    text = export_file.read_text(encoding="utf-8")
    cut = text[: int(len(text) * kept)] if kept > 0 else text[:kept]
    export_file.write_text(cut, encoding="utf-8")
    words = _refused(export_file, tmp_path)
    assert "is not valid JSON" in words and "night.json" in words


def test_a_syntax_error_late_in_the_file_is_placed_as_json_places_it(export_file, tmp_path, monkeypatch):
    """The line and column of a broken comma deep in the file, many pieces after the first, are json.loads's."""
    monkeypatch.setattr(exchange, "CHUNK", 1000)
    text = export_file.read_text(encoding="utf-8")
    at = text.index('"ledger_entry"')
    at = text.index("},\n", at + len(text[at:]) // 2)  # a row's end (a row's words may hold "}," in a string)
    broken = text[: at + 1] + " ;" + text[at + 2 :]
    export_file.write_text(broken, encoding="utf-8")
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(broken)
    words = _refused(export_file, tmp_path)
    assert f"(line {expected.value.lineno}, column {expected.value.colno}: " in words, words


def test_a_late_repeated_key_is_refused_at_its_row(export_file, tmp_path, monkeypatch):
    """A key repeated many batches after its first row: the refusal names the row and the key."""
    monkeypatch.setattr(exchange, "BATCH", 2)
    document = json.loads(export_file.read_text(encoding="utf-8"))
    ledger = document["tables"]["ledger_entry"]
    ledger.append(dict(ledger[0]))
    export_file.write_text(json.dumps(document), encoding="utf-8")
    words = _refused(export_file, tmp_path)
    assert f"Row {len(ledger)} of the table 'ledger_entry' repeats the key {ledger[0]['id']}." in words


def test_a_table_given_twice_is_refused(export_file, tmp_path):
    text = export_file.read_text(encoding="utf-8")
    export_file.write_text(text.replace('"tables": {', '"tables": {\n  "referee": [],', 1), encoding="utf-8")
    assert "The export holds the table 'referee' twice." in _refused(export_file, tmp_path)


def test_a_reference_to_nothing_in_a_later_table_is_refused(export_file, tmp_path):
    """The references are checked once every table is in (a row may refer to a later table's row)."""
    document = json.loads(export_file.read_text(encoding="utf-8"))
    document["tables"]["ledger_entry"][-1]["team_id"] = 999
    export_file.write_text(json.dumps(document), encoding="utf-8")
    assert "team_id 999 refers to a team that is not in the export" in _refused(export_file, tmp_path)


def test_tables_before_the_format_are_read_once_the_format_is_known(night_db, export_file, tmp_path):
    """JSON's objects have no order: an export whose tables come before its format and version imports the same
    league (its tables are read a second time, after the format is known)."""
    document = json.loads(export_file.read_text(encoding="utf-8"))
    reordered = {"tables": document.pop("tables"), **document}
    export_file.write_text(json.dumps(reordered), encoding="utf-8")
    imported = open_league(import_json(export_file, tmp_path / "copy.dugout"))
    try:
        assert snapshot(imported) == snapshot(night_db)
    finally:
        imported.close()


def test_tables_of_another_format_are_not_written(export_file, tmp_path):
    """A document of another format is refused for its format, even when its tables come first."""
    document = json.loads(export_file.read_text(encoding="utf-8"))
    reordered = {"tables": document.pop("tables"), **document, "format": "something-else"}
    export_file.write_text(json.dumps(reordered), encoding="utf-8")
    assert "is not a Dugout league export (its format is not 'dugout-league')" in _refused(export_file, tmp_path)


def test_deep_nesting_inside_a_row_is_refused_in_words(export_file, tmp_path):
    text = export_file.read_text(encoding="utf-8")
    export_file.write_text(text.replace('"team": [', '"team": [' + "[" * 100_000 + "]" * 100_000 + ",", 1))
    assert "nested too deeply" in _refused(export_file, tmp_path)


def test_the_import_does_not_hold_the_export_in_memory(night_file, tmp_path, monkeypatch):
    """A league grown by 40,000 ledger rows (0 gp of expenses for a game the team played: a sound league) is read
    and written into the new file with a peak of Python memory under a third of its export's size; read whole,
    the document took ~4 MB per MB of file (issue 40). What comes after (the new file opened and checked as a
    league, Check League's reads) is the opening's own cost, not the export's. (Imported once before, so the
    modules an import loads are not counted.)"""
    import tracemalloc

    grown = tmp_path / "grown.dugout"
    shutil.copy2(night_file, grown)
    with sqlite3.connect(grown) as conn:
        conn.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000) "
            "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at, match_id) "
            "SELECT m.home_team_id, 0, 'expenses', 'Spiralling expenses ' || i, m.season, "
            "'2026-01-01 10:00:00.000000', m.id FROM n, (SELECT * FROM match WHERE status = 'completed' "
            "ORDER BY id LIMIT 1) AS m"
        )
    league = open_league(grown, read_only=True)
    try:
        source = export_json(league, tmp_path / "grown.json")
    finally:
        league.close()
    import_json(source, tmp_path / "first.dugout")
    build, peaks = exchange._build, []

    def measured(path, stream):  # noqa: ANN001, ANN202 - the real build, its peak kept
        tracemalloc.start()
        try:
            build(path, stream)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()

    monkeypatch.setattr(exchange, "_build", measured)
    imported = open_league(import_json(source, tmp_path / "imported.dugout"), read_only=True)
    try:
        with imported.read() as session:
            from sqlalchemy import func, select

            from roster_app.store.models import LedgerEntry

            assert session.scalar(select(func.count()).select_from(LedgerEntry)) > 40_000
    finally:
        imported.close()
    assert peaks[0] < source.stat().st_size / 3, (peaks, source.stat().st_size)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)


@given(row=st.dictionaries(st.text(max_size=6), JSON_VALUES, min_size=1, max_size=6))
@settings(max_examples=200, deadline=None)
def test_a_row_is_written_as_json_dump_writes_it(row):
    """The export writes each row with C's encoder a value (json's indenting encoder left garbage a row, issue
    40): the same text json.dumps(indent=1) gives, nested lists and dicts, texts and numbers included."""
    assert exchange._indented(row, "\n   ") == exchange._dumped(row, 3)
