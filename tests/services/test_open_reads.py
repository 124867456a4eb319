"""The open league's reads (roster_app/queries/open_reads.py) give the same rows over plain sqlite3, before the
league's engine is made, as through the engine (text(), the path a server league and every later read take)."""

import pytest

from roster_app.queries import open_reads
from roster_app.safety.opening import open_league
from roster_app.services.players import retire_player
from tests.helpers import add_player, signed, team_id


@pytest.fixture(scope="module")
def busy_file(tmp_path_factory, new_demo_file):
    """The demo league (seasons played, contracts, referees) with an ally on the Orcs and a retired Human."""
    from tests.league_files import copy_league

    path = copy_league(new_demo_file, tmp_path_factory.mktemp("open_reads"), "Busy.dugout")
    db = open_league(path, backup=False)
    try:
        orcs, humans = team_id(db, "Orcland Raiders"), team_id(db, "Reikland Reavers")
        ally = add_player(db, orcs, "Orc Lineman", "Gotrek Ally", race="Dwarf", spp=20)  # the Orcs' ally
        signed(db, ally, 2)
        former = add_player(db, humans, "Lineman", "Old Hans")
        retire_player(db, player_id=former)
    finally:
        db.close()
    return path


READS = {
    "league_info": lambda db, _t: open_reads.league_info(db),
    "teams": lambda db, _t: open_reads.teams(db),
    "referees": lambda db, _t: open_reads.referees(db),
    "team_headers": lambda db, _t: open_reads.team_headers(db),
    "team_headers of some": lambda db, t: open_reads.team_headers(db, t),
    "team_headers of none": lambda db, _t: open_reads.team_headers(db, []),
    "team_header": lambda db, t: open_reads.team_header(db, t[0]),
    "roster": lambda db, t: open_reads.roster(db, t[1]),
    "roster with former players": lambda db, t: open_reads.roster(db, t[1], include_former=True),
    "rosters": lambda db, t: open_reads.rosters(db, t),
}


@pytest.mark.parametrize("read", READS)
def test_a_read_gives_the_same_rows_over_sqlite3_and_over_the_engine(busy_file, read):
    db = open_league(busy_file, read_only=True)
    try:
        with db.fetch() as fetch:
            ids = [row[0] for row in fetch("SELECT id FROM team ORDER BY name", {})]
        assert not db.engine_ready
        plain = READS[read](db, ids[:2])
        assert not db.engine_ready  # read over sqlite3
        db.engine  # noqa: B018 - made: the same read now goes through it
        assert READS[read](db, ids[:2]) == plain
    finally:
        db.close()
    assert plain or read == "team_headers of none"  # something was read (none asked for: none read)


def test_the_busy_league_has_what_the_reads_must_get_right(busy_file):
    db = open_league(busy_file, read_only=True)
    try:
        headers = open_reads.team_headers(db)
        assert any(h.allies for h in headers.values()) and any(h.apothecary for h in headers.values())
        assert all(isinstance(h.apothecary, bool) for h in headers.values())
        humans = next(h.id for h in headers.values() if h.name == "Reikland Reavers")
        former = [p for p in open_reads.roster(db, humans, include_former=True) if not p.on_roster]
        assert [p.name for p in former] == ["Old Hans"]
        assert any(p.contract_seasons for p in open_reads.roster(db, humans))
        assert all(isinstance(r.is_star, bool) for r in open_reads.referees(db)) and open_reads.referees(db)
        assert not db.engine_ready
    finally:
        db.close()


def test_the_reads_agree_with_the_orm_on_every_backend(db):
    """In memory and on PostgreSQL (tests/services/conftest.py): the same SQL through text(), the figures the ORM's
    team sheet gives, an ally, a contract, a former player and a star referee."""
    from roster_app.queries.rosters import team_sheet
    from roster_app.rules.team import team_value
    from roster_app.store.models import Referee, Team
    from tests.helpers import add_orcs

    orcs = add_orcs(db)
    ally = add_player(db, orcs, "Orc Lineman", "Gotrek Ally", race="Dwarf", spp=20)
    signed(db, ally, 2)
    retire_player(db, player_id=add_player(db, orcs, "Orc Lineman", "Old Ugrak"))
    with db.write("test: referees") as tx:
        for name, star in (("Zed", False), ("Alf", True)):
            tx.session.add(Referee(name=name, race="Human", is_star=star, ma=6, st=3, ag=3, av=8))
    header = open_reads.team_header(db, orcs)
    with db.read() as session:
        assert header.value == team_value(team_sheet(session, session.get(Team, orcs)), db.ruleset)
    assert header.allies == (f"#{open_reads.roster(db, orcs)[0].number} Gotrek Ally (Dwarf Orc Lineman)",)
    assert header.apothecary is False and header.players == 1
    roster = open_reads.roster(db, orcs, include_former=True)
    assert [(p.name, p.on_roster, p.contract_seasons, p.ally) for p in roster] == [
        ("Gotrek Ally", True, 2, True), ("Old Ugrak", False, None, False)]  # fmt: skip
    assert [(t.name, t.players) for t in open_reads.teams(db)] == [("Orcland Raiders", 1)]
    refs = open_reads.referees(db)  # the league's own referees first, then the star referees, by name
    assert [(r.name, r.is_star) for r in refs if r.name in ("Zed", "Alf")] == [("Zed", False), ("Alf", True)]
    assert [r.is_star for r in refs] == sorted(r.is_star for r in refs)
    stars = [r.name.lower() for r in refs if r.is_star]
    assert stars == sorted(stars)
    assert open_reads.league_info(db).name == "Test League"
