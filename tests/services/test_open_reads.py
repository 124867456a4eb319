"""The open league's reads (roster_app/queries/open_reads.py) give the same rows over plain sqlite3, before the
league's engine is made, as through the engine (text(), the path a server league and every later read take)."""

import pytest

from roster_app.queries import open_reads
from roster_app.safety.opening import open_league
from roster_app.services.players import retire_player
from tests.helpers import add_player, signed, team_id


@pytest.fixture(scope="module")
def busy_file(tmp_path_factory):
    """The demo league (seasons played, contracts, referees) with an ally on the Orcs and a retired Human."""
    from roster_app.demo.league import build_demo

    path = tmp_path_factory.mktemp("open_reads") / "Busy.dugout"
    db = build_demo(path)
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
