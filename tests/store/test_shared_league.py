"""A league shared by several commissioners: PostgreSQL behind the same code (issue 13).

Opening and creating a league on a server, its migrations, `dugout copy` between a file and a server (both
ways, without loss), Check League there, and two commissioners editing the same player. The tests that
need a server are marked `postgres` and skip without DATABASE_URL (tests/postgres.py).
"""

import pytest
from sqlalchemy import create_engine, text

from roster_app.commands.copy import main as copy_main
from roster_app.errors import CHANGED_MEANWHILE, ChangedMeanwhile, CopyRefused, ServerError, UndoConflict
from roster_app.exchange.league_copy import copy_league
from roster_app.safety.opening import open_database, open_server_league
from roster_app.services.league import create_server_league
from roster_app.store.address import is_database_url
from roster_app.store.server import NoLeagueThere, display_url, server_url
from tests.helpers import add_orcs, snapshot

postgres = pytest.mark.postgres


# -- addresses (no server needed) -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("target", "shared"),
    [("postgresql://coach@server/league", True), ("postgres://server/league", True),
     ("postgresql+psycopg://coach@server:5433/league", True), ("league.dugout", False),
     ("/home/coach/postgresql/league.dugout", False), ("sqlite:///league.dugout", False)],
)  # fmt: skip
def test_a_server_address_is_told_from_a_league_file(target, shared):
    assert is_database_url(target) is shared


@pytest.mark.parametrize(
    ("address", "words"),
    [("postgresql://coach@server", "names no database"), ("mysql://coach@server/league", "not a PostgreSQL"),
     ("postgresql://coach@server:port/league", "not a database address")],
)  # fmt: skip
def test_a_wrong_address_is_explained(address, words):
    with pytest.raises(ServerError, match=words):
        server_url(address)


def test_the_address_shown_and_remembered_never_holds_the_password():
    url = "postgresql://coach:s3cret@server:5433/league"
    assert server_url(url).drivername == "postgresql+psycopg"
    assert display_url(server_url(url)) == "postgresql://coach@server:5433/league"


def test_without_the_driver_a_shared_league_says_how_to_get_it(monkeypatch):
    """The bundle ships no PostgreSQL driver (packaging/dugout.spec): a plain message, not a traceback."""
    import sys

    monkeypatch.setitem(sys.modules, "psycopg", None)  # importing it now fails, as in the bundle
    with pytest.raises(ServerError, match=r"pip install 'dugout\[postgres\]'"):
        open_database("postgresql://coach@server/league")


def test_a_server_that_cannot_be_reached_is_explained_in_plain_words():
    with pytest.raises(ServerError, match="cannot reach the database 'league' on 127.0.0.1"):
        open_database("postgresql://coach@127.0.0.1:9/league")  # nothing listens on port 9


# -- opening and creating on a server ---------------------------------------------------------------
@postgres
def test_a_new_shared_league_opens_like_a_file_without_a_lock_or_backups(pg_url):
    db = create_server_league(pg_url, name="  Old World Classic ")
    try:
        assert db.on_server and db.path is None and db.lock is None and not db.read_only
        assert db.location == display_url(pg_url)
        assert db.ruleset.race("Orc").reroll_cost == 60_000
        team = add_orcs(db)
        with db.read() as session:
            assert session.execute(text("SELECT name FROM league")).scalar() == "Old World Classic"
            assert session.execute(text("SELECT treasury FROM team WHERE id = :t"), {"t": team}).scalar() > 0
    finally:
        db.close()
    with pytest.raises(ServerError, match="already holds a league"):
        create_server_league(pg_url, name="Another")


@postgres
def test_an_empty_database_says_so_and_a_foreign_one_is_left_alone(pg_url):
    with pytest.raises(NoLeagueThere, match="no league"):
        open_database(pg_url)
    engine = create_engine(server_url(pg_url))
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE notes (body text)")
    with pytest.raises(ServerError, match="holds other tables, not a Dugout league"):
        open_database(pg_url)
    with engine.connect() as conn:  # untouched
        assert (
            conn.exec_driver_sql(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ).scalar()
            == 1
        )
    engine.dispose()


@postgres
def test_migrations_build_the_same_schema_as_the_models_on_postgresql(pg_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    from roster_app.store.migrations import upgrade_engine

    engine = create_engine(server_url(pg_url))
    upgrade_engine(engine)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), SQLModel.metadata)
    engine.dispose()
    assert diff == []


@postgres
def test_an_older_shared_league_is_upgraded_when_opened_and_read_only_leaves_it(pg_url):
    from alembic import command

    from roster_app.store.migrations import alembic_config, head_revision
    from roster_app.store.server import inspect_server, server_engine

    db = create_server_league(pg_url, name="Old World Classic")
    team = add_orcs(db)
    db.close()
    engine = server_engine(pg_url)
    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "referees")  # the schema before row versions
    open_server_league(pg_url, read_only=True).close()
    assert inspect_server(engine)[0] == "referees"  # looking never upgrades
    db = open_server_league(pg_url)
    try:
        assert inspect_server(engine)[0] == db.schema_revision == head_revision()
        assert any("upgraded" in notice for notice in db.notices)
        from roster_app.store.models import Team

        with db.read() as session:
            assert session.get(Team, team).version == 1
    finally:
        db.close()
        engine.dispose()


@postgres
def test_two_commissioners_opening_an_older_league_at_once_upgrade_it_once(pg_url):
    from concurrent.futures import ThreadPoolExecutor

    from alembic import command

    from roster_app.store.migrations import alembic_config, head_revision
    from roster_app.store.server import inspect_server, server_engine

    create_server_league(pg_url, name="Old World Classic").close()
    engine = server_engine(pg_url)
    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "referees")
    with ThreadPoolExecutor(2) as pool:
        opened = list(pool.map(lambda _n: open_server_league(pg_url), range(2)))
    for db in opened:
        db.close()
    assert inspect_server(engine)[0] == head_revision()
    engine.dispose()


# -- dugout copy ------------------------------------------------------------------------------------
@postgres
def test_a_league_goes_from_a_file_to_a_server_and_back_without_loss(night_file, pg_url, tmp_path):
    """Every row of every table, ids and row versions included; the server's id sequences go on after them."""
    from roster_app.safety.opening import open_league

    copy_league(night_file, pg_url)
    back = tmp_path / "back.dugout"
    copy_league(pg_url, back)
    original, returned, shared = (open_league(night_file, read_only=True), open_league(back, read_only=True),
                                  open_server_league(pg_url))  # fmt: skip
    try:
        assert snapshot(returned, versions=True) == snapshot(original, versions=True)
        assert snapshot(shared, versions=True) == snapshot(original, versions=True)
        assert sum(len(rows) for rows in snapshot(original).values()) > 200
        with original.read() as session:
            largest = session.execute(text("SELECT max(id) FROM team")).scalar()
        assert add_orcs(shared, name="Newcomers") == largest + 1  # the sequence continues after the copied ids
    finally:
        for db in (original, returned, shared):
            db.close()


@postgres
def test_copy_never_overwrites_a_league(night_file, pg_league_url, league_file, tmp_path):
    before = snapshot(open_server_league(pg_league_url, read_only=True))
    with pytest.raises(ServerError, match="already holds a league"):
        copy_league(night_file, pg_league_url)
    with pytest.raises(CopyRefused, match="already exists"):
        copy_league(pg_league_url, league_file)
    assert snapshot(open_server_league(pg_league_url, read_only=True)) == before
    assert not list(tmp_path.glob(".*"))  # no temporary file left beside


@postgres
def test_the_copy_command_both_ways(night_file, pg_url, tmp_path, capsys):
    assert copy_main([str(night_file), pg_url]) == 0
    assert display_url(pg_url) in capsys.readouterr().out
    assert copy_main([pg_url, str(tmp_path / "again.dugout")]) == 0
    assert copy_main([pg_url, str(tmp_path / "again.dugout")]) == 1
    assert "already exists" in capsys.readouterr().err


def test_an_older_league_file_is_copied_from_an_upgraded_copy_and_left_as_it_was(tmp_path):
    """The source is only read: an older file is upgraded in a temporary copy (here into a new file)."""
    import shutil
    from pathlib import Path

    from roster_app.safety.inspection import inspect_file
    from tests.conftest import file_digest

    old = tmp_path / "old.dugout"
    shutil.copy(Path(__file__).parent.parent / "fixtures" / "league_0001.dugout", old)
    digest = file_digest(old)
    copy_league(old, tmp_path / "new.dugout")
    assert file_digest(old) == digest and inspect_file(old) == "0001"
    from roster_app.store.migrations import head_revision

    assert inspect_file(tmp_path / "new.dugout") == head_revision()


# -- Check League on a server ----------------------------------------------------------------------
@postgres
def test_check_league_runs_on_a_shared_league_and_repairs_after_a_local_copy(pg_league_url, capsys):
    from roster_app.commands.check import main as check_main
    from roster_app.paths import data_dir
    from roster_app.safety.check import check_target

    db = open_server_league(pg_league_url)
    team = add_orcs(db)
    db.close()
    assert check_target(pg_league_url).ok
    engine = create_engine(server_url(pg_league_url))
    with engine.begin() as conn:  # a treasury that no longer equals its ledger
        conn.exec_driver_sql(f"UPDATE team SET treasury = treasury + 5000 WHERE id = {team}")
    engine.dispose()
    report = check_target(pg_league_url)
    assert [p.code for p in report.problems] == ["treasury"]
    assert check_main([pg_league_url, "--repair"]) == 0
    assert "No problems found" in capsys.readouterr().out
    copies = list((data_dir() / "shared").glob("* backups/*before repair.dugout"))
    assert len(copies) == 1  # the league as it was, kept on this computer first


# -- two commissioners ------------------------------------------------------------------------------
@postgres
def test_two_commissioners_editing_the_same_player(pg_league_url):
    """Both see Grak; the first renames him; the second's edit from the old screen is refused, not written."""
    from roster_app.queries.rosters import roster
    from roster_app.services.players import hire_player, update_player

    mine, theirs = open_server_league(pg_league_url), open_server_league(pg_league_url)
    try:
        team = add_orcs(mine)
        pid = hire_player(mine, team_id=team, position="Orc Lineman", name="Grak").result
        my_screen, their_screen = roster(mine, team)[0], roster(theirs, team)[0]
        mine.run(update_player, player_id=pid, field="name", value="Grak the Bold",
                 expected_version=my_screen.version)  # fmt: skip
        before = snapshot(theirs, versions=True)
        with pytest.raises(ChangedMeanwhile, match=CHANGED_MEANWHILE):
            theirs.run(update_player, player_id=pid, field="spp", value=11, expected_version=their_screen.version)
        assert snapshot(theirs, versions=True) == before
        rename = update_player(mine, player_id=pid, field="number", value=7)
        update_player(theirs, player_id=pid, field="spp", value=11)  # after their reload
        with pytest.raises(UndoConflict):
            mine.replay(rename, forward=False)  # they changed him since: my undo would hide that
        assert roster(mine, team)[0].number == 7
    finally:
        mine.close()
        theirs.close()


@postgres
def test_batch_commands_read_a_shared_league_too(pg_league_url, tmp_path):
    import json

    from ui.app.cli import main

    db = open_server_league(pg_league_url)
    add_orcs(db)
    db.close()
    assert main(["export", pg_league_url, "-o", str(tmp_path / "league.json")]) == 0
    exported = json.loads((tmp_path / "league.json").read_text(encoding="utf-8"))
    assert [t["name"] for t in exported["tables"]["team"]] == ["Orcland Raiders"]
    assert main(["check", pg_league_url]) == 0
