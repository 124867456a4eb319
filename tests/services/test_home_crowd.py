"""Issue 35, item 6: the Handicap Table's "Home crowd" (+1 fan factor for this match) counts for the gate: the
report's gate dice are the fan factors in play plus what the handicaps add; a league made before keeps its table
and gets the row's +1 on upgrade."""

import json
import sqlite3

from roster_app.queries import prematch as pq
from roster_app.rules.dice import typed_roll
from roster_app.rules.ruleset import load_bundled
from roster_app.services import prematch as svc
from roster_app.services.matches import record_match
from roster_app.store.models import Match, RulesetTable, Team
from tests.helpers import add_orcs, in_pre_match, refused


def fixture_with_home_crowd(db):
    """Ratings 100 and 110 (the home team rolls one handicap: a typed 3, Home crowd); fan factors 2 and 3."""
    home = add_orcs(db, "Orcland Raiders", treasury=1_000_000)
    away = add_orcs(db, "Gouged Eye", treasury=1_100_000)
    match = in_pre_match(db, home, opponent=away)
    assert svc.roll_handicap(db, match_id=match, roll=typed_roll("D6", [3])).result["handicap"] == "Home crowd"
    with db.write("test: fan factors") as tx:
        tx.session.get(Team, home).fan_factor, tx.session.get(Team, away).fan_factor = 2, 3
    return match


def test_home_crowd_adds_one_to_the_fan_factor_the_gate_uses(db):
    match = fixture_with_home_crowd(db)
    assert pq.fan_factors_for(db, match) == (3, 3)
    refused(db, lambda: record_match(db, match_id=match, home_score=0, away_score=0, gate_faces=[3] * 5),
            "The gate is 6 D6")  # fmt: skip
    refused(db, lambda: record_match(db, match_id=match, home_score=0, away_score=0, gate=40_000),
            "from 6,000 to 36,000")  # fmt: skip
    record_match(db, match_id=match, home_score=0, away_score=0, gate_faces=[4] * 6)
    with db.read() as session:
        assert session.get(Match, match).gate == 24_000


def test_a_handicap_without_a_fan_factor_adds_nothing(db):
    home = add_orcs(db, "Orcland Raiders", treasury=1_000_000)
    away = add_orcs(db, "Gouged Eye", treasury=1_100_000)
    match = in_pre_match(db, home, opponent=away)
    svc.roll_handicap(db, match_id=match, roll=typed_roll("D6", [4]))  # Bribe
    with db.write("test: fan factors") as tx:
        tx.session.get(Team, home).fan_factor, tx.session.get(Team, away).fan_factor = 2, 3
    assert pq.fan_factors_for(db, match) == (2, 3)


def test_an_older_league_gets_the_home_crowd_fan_factor_and_the_casualty_table_on_upgrade(league_file):
    from roster_app.safety.opening import open_league

    with sqlite3.connect(league_file) as conn:
        data = json.loads(
            conn.execute("SELECT data FROM ruleset_table WHERE key = 'handicap_table'").fetchone()[0]
        )
        for row in data["rows"]:
            row.pop("fan_factor", None)
        conn.execute("UPDATE ruleset_table SET data = ? WHERE key = 'handicap_table'", (json.dumps(data),))
        conn.execute("DELETE FROM ruleset_table WHERE key = 'casualty_table'")
        conn.execute("UPDATE alembic_version SET version_num = 'competitions'")  # before leaguenight
    db = open_league(league_file)
    try:
        rows = db.ruleset.table("handicap_table")["rows"]
        assert [r.get("fan_factor") for r in rows if r["handicap"] == "Home crowd"] == [1]
        assert all("fan_factor" not in r for r in rows if r["handicap"] != "Home crowd")
        assert db.ruleset.table("casualty_table") == load_bundled().table("casualty_table")
        with db.read() as session:
            assert session.get(RulesetTable, "casualty_table").is_default
    finally:
        db.close()
