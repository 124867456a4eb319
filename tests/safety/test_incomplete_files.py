"""A league missing a table or a column, or holding a value of the wrong kind, is refused in words before
any screen, command or backup reads it; a newer league is never exported with parts left out."""

from __future__ import annotations

import sqlite3

import pytest

from roster_app.commands.check import main as check_main
from roster_app.errors import LeagueFileError
from roster_app.exchange.league_json import ExportRefused, export_json
from roster_app.queries.first_screen import peek
from roster_app.safety import backups
from roster_app.safety.check import check_file
from roster_app.safety.opening import open_league
from tests.conftest import file_digest
from ui.printing.commands import export_main


def _drop(table):
    def damage(path):
        with sqlite3.connect(path) as conn:
            conn.execute(f'DROP TABLE "{table}"')

    return damage


def _drop_column(path):
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE player DROP COLUMN injuries")


@pytest.mark.parametrize(
    ("damage", "words"),
    [(_drop("ledger_entry"), "ledger_entry are missing"), (_drop("contract"), "contract are missing"),
     (_drop("correction"), "correction are missing"), (_drop_column, "lost its column(s) injuries")],
    ids=["no-ledger", "no-contracts", "no-corrections", "no-injuries-column"],
)  # fmt: skip
def test_a_league_missing_part_of_the_schema_is_refused_everywhere(league_file, damage, words, capsys):
    damage(league_file)
    before, beside = file_digest(league_file), sorted(p.name for p in league_file.parent.iterdir())
    with pytest.raises(LeagueFileError, match=words.replace("(", r"\(").replace(")", r"\)")):
        open_league(league_file)
    report = check_file(league_file)
    assert not report.ok and words in report.text()
    assert check_main([str(league_file)]) == 1
    assert export_main([str(league_file), "-o", str(league_file.with_suffix(".json"))]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and words in err
    assert file_digest(league_file) == before
    assert sorted(p.name for p in league_file.parent.iterdir()) == beside  # no backup, no export, no lock
    assert not backups.list_backups(league_file)


@pytest.mark.parametrize(
    "sql",
    ["UPDATE team SET name = CAST(name AS BLOB) WHERE id = 1", "UPDATE league SET name = CAST(name AS BLOB)",
     "UPDATE league SET current_season = 'one'", "UPDATE ruleset_table SET data = CAST(data AS BLOB) WHERE key = 'spp_levels'"],
    ids=["blob-team-name", "blob-league-name", "text-as-season", "blob-rules"],
)  # fmt: skip
def test_the_first_look_reads_only_values_of_the_right_kind(league_file, sql):
    assert peek(league_file) is not None
    with sqlite3.connect(league_file) as conn:
        conn.execute(sql)
    assert peek(league_file) is None  # the league is then opened (and refused) the usual way
    with pytest.raises(LeagueFileError, match="cannot be read"):
        open_league(league_file)


def test_a_blob_player_skill_list_is_not_shown_in_the_first_look(league_file):
    from roster_app.safety.opening import open_league as open_it
    from roster_app.services.players import hire_player

    db = open_it(league_file)
    from tests.helpers import team_id

    hire_player(db, team_id=team_id(db, "Orcland Raiders"), position="Orc Blitzer", name="Grak")
    db.close()
    with sqlite3.connect(league_file) as conn:
        conn.execute("""UPDATE player SET skills = '[1, {"a": 2}]'""")
    assert peek(league_file) is None


def test_a_league_of_a_newer_dugout_is_not_exported(league_file, tmp_path, capsys):
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'f00d_from_the_future'")
    db = open_league(league_file)
    try:
        assert db.newer_file
        with pytest.raises(ExportRefused, match="another version of Dugout"):
            export_json(db, tmp_path / "out.json")
    finally:
        db.close()
    assert export_main([str(league_file), "-o", str(tmp_path / "out.json")]) == 1
    assert "another version of Dugout" in capsys.readouterr().err
    assert not (tmp_path / "out.json").exists()
