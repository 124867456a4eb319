"""No CSV Dugout writes holds a cell a spreadsheet would run as a formula (OWASP's CSV injection advice)."""

from __future__ import annotations

import csv

import pytest

from roster_app.exchange import csv_files
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team

FORMULAS = ['=HYPERLINK("http://x","click")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3+cmd", "=1+1"]


@pytest.mark.parametrize("formula", FORMULAS)
def test_formula_names_are_written_as_text_in_every_csv(db, tmp_path, formula):
    team = add_team(db, name=formula, race="Orc", coach=formula, treasury=1_000_000).result
    hire_player(db, team_id=team, position="Orc Blitzer", name=formula)
    for writer in (csv_files.export_rosters_csv, csv_files.export_ledger_csv):
        path = writer(db, tmp_path / f"{writer.__name__}.csv")
        with open(path, encoding=csv_files.CSV_ENCODING, newline="") as handle:
            cells = [cell for row in csv.reader(handle) for cell in row]
        assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and not _number(c))]
        assert f"'{formula}" in cells


def _number(cell: str) -> bool:
    try:
        int(cell.replace(",", ""))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    ("cell", "written"),
    [("=A1", "'=A1"), ("+1", "'+1"), ("-x", "'-x"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"),
     ("plain", "plain"), (-20_000, -20_000), ("", "")],
)  # fmt: skip
def test_safe_cell(cell, written):
    assert csv_files.safe_cell(cell) == written
