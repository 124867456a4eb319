"""A league made when the bundled "lrb6" held LRB 5 data (tests/fixtures/league_lrb6_key.dugout, made by
tests/fixtures/make_league_lrb6_key.py at commit c4b4a5b) opens, keeps every table it stores, and is named for
what it holds."""

import shutil
import sqlite3
from pathlib import Path

from roster_app.rules.ruleset import load_bundled
from roster_app.safety.opening import open_league

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "league_lrb6_key.dugout"


def _tables(path):
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("SELECT key, data FROM ruleset_table"))


def test_a_league_made_with_the_old_lrb6_key_opens_as_lrb5_with_its_own_tables(tmp_path):
    league = tmp_path / "old.dugout"
    shutil.copyfile(FIXTURE, league)
    before = _tables(league)
    db = open_league(league)
    try:
        assert (db.ruleset.key, db.ruleset.name) == ("lrb5", "LRB 5 (Dugout)")
        assert len(db.ruleset.races) == 21 and "Mummy" in [p.name for p in db.ruleset.race("Khemri").positions]
        with db.read() as session:
            from sqlalchemy import select

            from roster_app.store.models import Team

            tomb = session.scalars(select(Team).where(Team.name == "Tomb Kings")).one()
            assert tomb.apothecary  # what the league stored stays; only a new hire is refused
    finally:
        db.close()
    after = _tables(league)
    # the tables Dugout added since (ADDED_LATER and the economy the league was made with), as league defaults
    added = {"kick_off", "handicap_table", "economy", "winnings_formula", "fame", "spiralling_expenses", "petty_cash",
             "casualty_table", "knockout", "post_match"}  # fmt: skip
    assert {k: v for k, v in after.items() if k not in added} == before  # every stored table kept as it was
    assert added <= set(after) and not added & set(before)
    # its races are the LRB 5 team lists as bundled now, but for the fields Dugout added since
    stored = {r["name"]: r for r in db.ruleset.table("races")["races"]}
    bundled = {r["name"]: r for r in load_bundled("lrb5").table("races")["races"]}
    assert {n: [p["name"] for p in r["positions"]] for n, r in stored.items()} == {
        n: [p["name"] for p in r["positions"]] for n, r in bundled.items()}  # fmt: skip


def test_the_old_file_opens_read_only_before_its_upgrade(tmp_path):
    league = tmp_path / "old.dugout"
    shutil.copyfile(FIXTURE, league)
    db = open_league(league, read_only=True)
    try:
        assert db.ruleset.table("kick_off")["rows"][0]["result"] == "Get the Ref"
    finally:
        db.close()
