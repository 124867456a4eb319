"""The league as JSON and back (an equal league), CSV exports, refusals that leave nothing behind, atomic writes."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster_app.exchange import csv_files
from roster_app.exchange import league_json as exchange
from roster_app.exchange.league_json import ImportRefused, export_json, import_json
from roster_app.safety.atomic import ExportError
from roster_app.safety.opening import open_league
from roster_app.words import tidy
from tests.helpers import snapshot
from tests.printing.league_night import FILLED_TABLES, LEDGER_LINES, ORCS


@pytest.fixture
def export_file(night_db, tmp_path) -> Path:
    return export_json(night_db, tmp_path / "night.json")


def _edited(export_file: Path, edit) -> Path:  # noqa: ANN001
    document = json.loads(export_file.read_text(encoding="utf-8"))
    edit(document)
    export_file.write_text(json.dumps(document), encoding="utf-8")
    return export_file


def test_export_then_import_gives_an_equal_league(night_db, export_file, tmp_path):
    before = snapshot(night_db)
    assert all(before[name] for name in FILLED_TABLES)  # every table of the schema has rows to carry
    imported = open_league(import_json(export_file, tmp_path / "copy.dugout"))
    try:
        assert snapshot(imported) == before
        assert imported.ruleset.table("league_points") == night_db.ruleset.table("league_points")
    finally:
        imported.close()


def test_the_export_is_versioned_and_covers_every_table(export_file):
    from sqlmodel import SQLModel

    document = json.loads(export_file.read_text(encoding="utf-8"))
    assert (document["format"], document["version"]) == ("dugout-league", 1)
    assert set(document["tables"]) == {t.name for t in SQLModel.metadata.sorted_tables}
    assert document["league"] == "Old World Classic"


@given(name=st.text(min_size=1, max_size=30).filter(tidy), amount=st.integers(-(10**9), 10**9))  # a name kept
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_text_and_amount_survive_the_round_trip(tmp_path_factory, name, amount):
    from roster_app.services.league import memory_league
    from roster_app.services.teams import add_team

    folder = tmp_path_factory.mktemp("prop")
    db = memory_league(name=name)
    try:
        add_team(db, name=name, race="Orc", coach=name, treasury=max(amount, 0))
        imported = open_league(import_json(export_json(db, folder / "x.json"), folder / "x.dugout"))
        assert snapshot(imported) == snapshot(db)
        imported.close()
    finally:
        db.close()


BAD_EXPORTS = [
    ("not json", lambda d: None, "is not valid JSON"),
    ("another format", lambda d: d.update(format="something-else"), "is not a Dugout league export"),
    ("a newer version", lambda d: d.update(version=2), "newer Dugout (format version 2)"),
    ("no version", lambda d: d.pop("version"), "no valid format version"),
    ("a missing table", lambda d: d["tables"].pop("player"), "table(s) player are missing"),
    ("an unknown table", lambda d: d["tables"].update(spaceships=[]), "does not know (spaceships)"),
    ("a row that is not a record", lambda d: d["tables"]["team"].append(5), "Row 5 of the table 'team' is not a record"),
    ("a wrong type", lambda d: d["tables"]["player"][0].update(ma="fast"), "'ma' should be a whole number"),
    ("a list that is not a list", lambda d: d["tables"]["player"][0].update(skills="Block"), "'skills' should be a list"),
    ("a missing value", lambda d: d["tables"]["player"][0].pop("name"), "Row 1 of the table 'player' has no 'name'"),
    ("an unknown column", lambda d: d["tables"]["team"][0].update(colour="red"), "unknown column(s): colour"),
    ("a bad date", lambda d: d["tables"]["team"][0].update(created_at="yesterday"), "is not a date and time"),
    ("a broken reference", lambda d: d["tables"]["player"][0].update(team_id=999),
     "team_id 999 refers to a team that is not in the export"),
    ("a repeated key", lambda d: d["tables"]["team"].append(dict(d["tables"]["team"][0])), "repeats the key 1"),
    ("two teams of one name", lambda d: d["tables"]["team"][1].update(name=d["tables"]["team"][0]["name"]),
     "breaks a rule of the league file (UNIQUE constraint failed: team.name)"),
    ("two leagues", lambda d: d["tables"]["league"].append(dict(d["tables"]["league"][0], id=2)),
     "exactly one league record"),
    ("broken house rules", lambda d: d["tables"]["ruleset_table"][0].update(data={"nonsense": 1}),
     "The imported league would not open"),
    ("house rules beyond any league", lambda d: next(r for r in d["tables"]["ruleset_table"]
     if r["key"] == "team_rules")["data"].update(starting_treasury=10**30), "(at most 1,000,000,000)"),
    ("a number of 5,000 digits", None, "holds a number far too long to be in a league"),  # Python's ValueError
    ("a characteristic no player has", lambda d: d["tables"]["player"][0].update(ma=10**12),
     "a characteristic is from 1 to 10"),
    ("negative re-rolls", lambda d: d["tables"]["team"][0].update(rerolls=-3), "a team has 0 or more"),
    ("a shirt number past 99", lambda d: d["tables"]["player"][0].update(number=100_000), "run from 1 to 99"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "edit", "reason"), BAD_EXPORTS, ids=[b[0] for b in BAD_EXPORTS])
def test_a_bad_export_is_refused_with_the_reason_and_leaves_nothing(export_file, tmp_path, what, edit, reason):
    if what == "not json":
        export_file.write_text('{"format": "dugout-league", "version": 1, "tables": {', encoding="utf-8")
    elif edit is None:  # json.dumps cannot write it either
        text = export_file.read_text(encoding="utf-8")
        export_file.write_text(text.replace('"treasury": ', '"treasury": 1' + "0" * 5000 + ', "x": ', 1))
    else:
        _edited(export_file, edit)
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(ImportRefused) as refused:
        import_json(export_file, tmp_path / "new.dugout")
    assert reason in str(refused.value)
    assert sorted(os.listdir(tmp_path)) == before  # no league, no temporary file, no journal


def test_rows_may_leave_out_columns_that_have_a_default(export_file, tmp_path):
    """Rows with every column go in through the driver in bulk, the others through Core (defaults filled in)."""

    def trim(document):  # noqa: ANN001
        team = document["tables"]["team"][0]
        for column in ("fan_factor", "rerolls", "apothecary", "created_at"):
            team.pop(column)

    from sqlalchemy import select

    from roster_app.store.models import Team

    imported = open_league(import_json(_edited(export_file, trim), tmp_path / "trimmed.dugout"))
    try:
        with imported.read() as session:
            teams = session.scalars(select(Team).order_by(Team.id)).all()
        assert (teams[0].fan_factor, teams[0].rerolls, teams[0].apothecary) == (0, 0, False)
        assert teams[0].created_at is not None
        assert len(teams) > 1 and teams[1].fan_factor != 0  # a full row kept its values
    finally:
        imported.close()


def test_a_league_file_is_not_an_export(night_file, tmp_path):
    with pytest.raises(ImportRefused, match="not a Dugout league export"):
        import_json(night_file, tmp_path / "new.dugout")
    assert not (tmp_path / "new.dugout").exists()


def test_an_import_never_overwrites_a_file(export_file, tmp_path):
    existing = tmp_path / "mine.dugout"
    existing.write_bytes(b"precious")
    with pytest.raises(ImportRefused, match="already exists"):
        import_json(export_file, existing)
    assert existing.read_bytes() == b"precious"


def test_an_interrupted_export_leaves_no_half_written_file(night_db, tmp_path, monkeypatch):
    def write_then_fail(handle, header, session):  # noqa: ANN001 - the export is written row by row
        handle.write('{"format": "dugout-league", "tables": {')
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(exchange, "_write_document", write_then_fail)
    with pytest.raises(ExportError, match="No space left on device"):
        export_json(night_db, tmp_path / "league.json")
    assert os.listdir(tmp_path) == []


def test_an_interrupted_export_keeps_the_previous_file(night_db, tmp_path, monkeypatch):
    target = tmp_path / "league.json"
    target.write_text("the export of last week", encoding="utf-8")
    monkeypatch.setattr(exchange, "_write_document", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("crash")))
    with pytest.raises(RuntimeError):
        export_json(night_db, target)
    assert target.read_text(encoding="utf-8") == "the export of last week"
    assert os.listdir(tmp_path) == ["league.json"]


def test_an_export_to_a_missing_folder_is_refused_plainly(night_db, tmp_path):
    with pytest.raises(ExportError, match="does not exist"):
        export_json(night_db, tmp_path / "nowhere" / "league.json")


@pytest.mark.parametrize("where", ["", ".", ".."])
def test_an_export_or_import_to_no_file_name_is_refused_plainly(
    night_db, export_file, tmp_path, monkeypatch, where
):
    monkeypatch.chdir(tmp_path)  # `-o ""` on the command line: Path("") raised Python's ValueError
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(ExportError, match="No file name was given"):
        export_json(night_db, where)
    with pytest.raises(ImportRefused, match="is a folder; import into a new file"):
        import_json(export_file, where)
    assert sorted(os.listdir(tmp_path)) == before


def _csv_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_rosters_as_csv(night_db, tmp_path):
    rows = _csv_rows(csv_files.export_rosters_csv(night_db, tmp_path / "rosters.csv"))
    assert len(rows) == 13 + 12 + 11 + 11
    grak = next(r for r in rows if r["Name"] == "Grak Skullsplitta")
    assert grak["Team"] == ORCS and grak["Position"] == "Orc Blitzer" and grak["SPP"] == "58"
    assert grak["Gained skills"] == "Mighty Blow; Tackle; Guard; Dauntless"
    assert grak["Contract"].startswith("| of 3")


def test_the_ledger_as_csv_adds_up_to_the_treasury(night_db, tmp_path):
    from roster_app.printing.data import team_ids
    from roster_app.queries import rosters as queries

    [orcs] = team_ids(night_db, [ORCS])
    rows = _csv_rows(csv_files.export_ledger_csv(night_db, tmp_path / "ledger.csv", team_ids=[orcs]))
    assert len(rows) > LEDGER_LINES
    assert {r["Team"] for r in rows} == {ORCS}
    assert (
        sum(int(r["Amount"]) for r in rows)
        == int(rows[-1]["Balance"])
        == queries.team_header(night_db, orcs).treasury
    )


def test_the_csv_ledger_names_a_correction_in_its_kind_column(db, tmp_path):
    from roster_app.services.corrections import correct_gold
    from roster_app.services.teams import add_team

    team = add_team(db, name="Orcland Raiders", race="Orc").result
    correct_gold(db, team_id=team, amount=5_000, made_by="Ann", reason="Gate short by 5,000")
    path = csv_files.export_ledger_csv(db, tmp_path / "ledger.csv")
    with path.open(encoding=csv_files.CSV_ENCODING, newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["Kind"], r["Reason"], r["Amount"]) for r in rows][-1] == (
        "correction", "Commissioner's correction by Ann: Gate short by 5,000", "5000")  # fmt: skip


def test_an_export_made_before_the_refs_calls_were_kept_imports_with_none(export_file, tmp_path):
    """referee_match.calls came with the match pad's calls (issue 34): an older export's sheets have none."""

    def older(document):  # noqa: ANN001
        for row in document["tables"]["referee_match"]:
            row.pop("calls")

    from sqlalchemy import select

    from roster_app.store.models import RefereeMatch

    imported = open_league(import_json(_edited(export_file, older), tmp_path / "older.dugout"))
    try:
        with imported.read() as session:
            sheets = session.scalars(select(RefereeMatch)).all()
        assert sheets and all(sheet.calls == [] for sheet in sheets)
    finally:
        imported.close()


def test_the_export_is_written_row_by_row_as_json_dump_would_write_it(night_db, export_file, tmp_path):
    """The export streams the league table by table (issue 40): the same text json.dump writes of the whole
    league held in memory, byte for byte."""
    from roster_app.store.migrations import head_revision

    text = export_file.read_text(encoding="utf-8")
    written = json.loads(text)
    document = {key: written[key] for key in ("format", "version", "league", "exported_at", "dugout")}
    document |= {"schema": head_revision(), "tables": exchange.league_tables(night_db)}
    assert list(written) == list(document)
    assert text == json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def test_the_export_does_not_hold_the_league_in_memory(night_db, tmp_path):
    """A league grown by 20,000 ledger rows exports in less memory than half its file (the league held as
    dicts took ~18 MB per MB of file, issue 40)."""
    import sqlite3
    import tracemalloc

    with sqlite3.connect(night_db.path) as conn:
        conn.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) "
            "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at) "
            "SELECT (SELECT min(id) FROM team), 1, 'correction', 'grown ' || i, 1, '2026-01-01 10:00:00.000000' "
            "FROM n UNION ALL SELECT (SELECT min(id) FROM team), -1, 'correction', 'shrunk ' || i, 1, "
            "'2026-01-01 10:00:00.000000' FROM n"
        )
    tracemalloc.start()
    try:
        out = export_json(night_db, tmp_path / "grown.json")
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(json.loads(out.read_text(encoding="utf-8"))["tables"]["ledger_entry"]) > 20_000
    assert peak < out.stat().st_size / 2, (peak, out.stat().st_size)
