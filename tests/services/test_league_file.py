"""Creating and opening league files; anything that is not a Dugout league is refused and left untouched."""

import sqlite3

import pytest

from roster_app.errors import LeagueFileError
from roster_app.safety.opening import open_league
from roster_app.services.league import create_league
from roster_app.store.db import APPLICATION_ID
from tests.conftest import file_digest


def test_a_new_league_has_our_application_id_foreign_keys_and_its_own_ruleset(tmp_path):
    path = tmp_path / "new.dugout"
    db = create_league(path, name="  Spring League ")
    db.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("SELECT name FROM league").fetchone()[0] == "Spring League"
        assert conn.execute("SELECT count(*) FROM ruleset_table").fetchone()[0] >= 20
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    db = open_league(path)
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    assert db.ruleset.race("Orc").reroll_cost == 60_000
    db.close()


def test_creating_over_an_existing_file_is_refused(tmp_path):
    path = tmp_path / "x.dugout"
    path.write_bytes(b"precious")
    with pytest.raises(LeagueFileError, match="already exists"):
        create_league(path, name="X")
    assert path.read_bytes() == b"precious"


def _other_sqlite(path):
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text)")
        conn.execute("INSERT INTO notes VALUES ('shopping')")
    return "another program"


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.write_bytes(b""), "empty"),
        (lambda p: p.write_bytes(b"\x00garbage\xff" * 100), "not a database"),
        (lambda p: p.write_text("name,race\nOrcs,Orc\n"), "not a database"),
        (_other_sqlite, "another program"),
    ],
    ids=["empty", "garbage", "csv", "other-sqlite"],
)
def test_files_that_are_not_leagues_are_refused_and_untouched(tmp_path, make, words):
    path = tmp_path / "suspicious.dugout"
    make(path)
    before = file_digest(path)
    with pytest.raises(LeagueFileError, match=words):
        open_league(path)
    assert file_digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["suspicious.dugout"]  # no sidecar files


def test_a_missing_file_is_explained(tmp_path):
    with pytest.raises(LeagueFileError, match="There is no file"):
        open_league(tmp_path / "nowhere.dugout")


def test_a_truncated_league_is_refused(league_file):
    data = league_file.read_bytes()
    league_file.write_bytes(data[: len(data) // 3])
    before = file_digest(league_file)
    with pytest.raises(LeagueFileError):
        open_league(league_file)
    assert file_digest(league_file) == before


def test_read_only_open_refuses_writes(league_file):
    from roster_app.errors import ReadOnlyLeague
    from roster_app.services.teams import add_team

    db = open_league(league_file, read_only=True)
    with pytest.raises(ReadOnlyLeague):
        add_team(db, name="Other", race="Human")
    db.close()


def test_migrations_build_the_same_schema_as_the_models(tmp_path):
    """Upgrading an empty database through every revision gives exactly the models' schema."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import create_engine
    from sqlmodel import SQLModel

    from roster_app.store.migrations import upgrade_engine

    engine = create_engine(f"sqlite:///{tmp_path / 'm.db'}")
    upgrade_engine(engine)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), SQLModel.metadata)
    assert diff == []


@pytest.mark.parametrize("where", ["name too long", "inside a file"])
def test_a_league_that_cannot_be_made_there_is_refused_in_words(tmp_path, where):
    """Python's OSError reached the New League dialog (a name longer than the disk allows, a folder that is a file)."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder")
    path = tmp_path / ("x" * 300 + ".dugout") if where == "name too long" else blocker / "league.dugout"
    with pytest.raises(LeagueFileError, match="cannot be a league file here|could not be made in"):
        create_league(path, name="Spring Cup")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_an_import_into_a_name_too_long_is_refused_in_words(file_db, tmp_path):
    from roster_app.exchange.league_json import ImportRefused, export_json, import_json

    exported = export_json(file_db, tmp_path / "league.json")
    with pytest.raises(ImportRefused, match="cannot be a league file here"):
        import_json(exported, tmp_path / ("x" * 300 + ".dugout"))
