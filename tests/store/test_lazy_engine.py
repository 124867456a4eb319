"""A league file's LeagueDB makes its engine at the first use (store/db.py): until then it reads over plain
sqlite3 (`db.fetch()`), says where it lives and whether it is shared, and closes without making one."""

import pytest

from roster_app.safety.opening import open_league
from roster_app.store.db import LeagueDB
from roster_app.store.ruleset import LEAGUE_SQL


def test_a_league_file_reads_and_closes_without_making_its_engine(league_file):
    db = open_league(league_file)
    assert (db.engine_ready, db.on_server, db.location) == (False, False, str(league_file.resolve()))
    with db.fetch() as fetch:
        assert fetch("SELECT name FROM team WHERE coach = :coach", {"coach": "Grim"}) == [("Orcland Raiders",)]
    db.forget_ruleset()
    assert db.ruleset.name  # read again over sqlite3
    db.close()
    assert not db.engine_ready


def test_the_first_write_makes_the_engine_and_reads_then_go_through_it(league_file):
    from roster_app.services.league import rename_league

    db = open_league(league_file)
    try:
        rename_league(db, name="Renamed")
        assert db.engine_ready and not db.on_server
        with db.fetch() as fetch:
            assert fetch(LEAGUE_SQL, {})  # through the engine now
            assert fetch("SELECT name FROM league", {}) == [("Renamed",)]
    finally:
        db.close()


def test_a_league_given_its_engine_reads_through_it(db):
    assert db.engine_ready and db.location == ""
    with db.fetch() as fetch:
        assert fetch("SELECT count(*) FROM team", {}) == [(0,)]


def test_a_league_db_needs_an_engine_or_a_way_to_make_one(league_file, db):
    with pytest.raises(TypeError):
        LeagueDB()
    with pytest.raises(TypeError):
        LeagueDB(db.engine, make_engine=lambda: db.engine)
    with pytest.raises(TypeError):
        LeagueDB(make_engine=lambda: db.engine)  # made later: a league file, whose path it reads meanwhile
