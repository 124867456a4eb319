"""Bad files: a clear message, the file byte for byte untouched, and no file left beside it."""

import contextlib
import random
import sqlite3
from collections import Counter

import pytest

from roster_app.errors import DugoutError, LeagueFileError
from roster_app.safety.check import check_file
from roster_app.safety.opening import open_league
from roster_app.services.league import create_league
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team
from tests.conftest import file_digest


@pytest.fixture(scope="module")
def small_league(tmp_path_factory):
    """A small league with two teams, players and ledger rows (its bytes)."""
    path = tmp_path_factory.mktemp("source") / "source.dugout"
    db = create_league(path, name="Flip League")
    orcs = add_team(db, name="Orcland Raiders", race="Orc", coach="Grim").result
    humans = add_team(db, name="Reikland Reavers", race="Human").result
    for position, name in [("Orc Blitzer", "Grak"), ("Goblin", "Snik"), ("Troll", "Big Grunt")]:
        hire_player(db, team_id=orcs, position=position, name=name)
    hire_player(db, team_id=humans, position="Catcher", name="Griff")
    db.close()
    return path.read_bytes()


def _flip(data: bytes, rng: random.Random) -> bytes:
    flipped = bytearray(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3, 8))):
        bit = rng.randrange(len(flipped) * 8)
        flipped[bit // 8] ^= 1 << (bit % 8)
    return bytes(flipped)


def test_a_thousand_bit_flipped_leagues_never_crash_dugout_nor_change_the_file(tmp_path, small_league):
    path = tmp_path / "flipped.dugout"
    rng = random.Random(20261129)
    outcomes: Counter[str] = Counter()
    for _ in range(1000):
        data = _flip(small_league, rng)
        path.write_bytes(data)
        beside = set(tmp_path.iterdir())
        try:
            db = open_league(path)  # only a DugoutError may escape
        except DugoutError as exc:
            assert str(exc)
            assert set(tmp_path.iterdir()) == beside  # no journal, lock or backup left behind
            outcomes["refused"] += 1
        else:
            db.close()
            outcomes["opened"] += 1
            if outcomes["opened"] % 25 == 0:
                check_file(path)  # Check League reads every row: it reports, never crashes
        assert path.read_bytes() == data
        assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(("-journal", "-wal", ".lock"))]
    assert outcomes["refused"] >= 100 and outcomes["opened"] >= 100, outcomes


def _damage_a_value(path):
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE team SET treasury = 'lots' WHERE id = 1")


def _drop_schema_version(path):
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM alembic_version")


def _bad_date(path):
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE team SET created_at = '2026-02-30 10:00:00.000000'")


def _not_utf8(path):
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE team SET name = CAST(X'4f72ff63' AS TEXT)")


def _bad_json(path):
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE ruleset_table SET data = '{\"levels\": [' WHERE key = 'spp_levels'")


def _a_trigger(path):  # gold appeared in a treasury at the next edit, beside a ledger that never saw it
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TRIGGER rich AFTER UPDATE ON team BEGIN UPDATE team SET treasury = 999999999 "
                     "WHERE id = NEW.id AND treasury <> 999999999; END")  # fmt: skip


def _a_view(path):
    with sqlite3.connect(path) as conn:
        conn.execute('CREATE VIEW "<b>x</b>" AS SELECT * FROM team')


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (_a_trigger, "holds database code that Dugout never makes (trigger 'rich')"),
        (_a_view, "(view '<b>x</b>')"),
        (_damage_a_value, "cannot be read"),
        (_drop_schema_version, "schema version is missing"),
        (_bad_date, "cannot be read"),
        (_not_utf8, "cannot be read"),
        (_bad_json, "cannot be read"),
    ],
    ids=[
        "a-trigger",
        "a-view",
        "text-in-a-number",
        "no-schema-version",
        "impossible-date",
        "not-utf8",
        "broken-json",
    ],
)
def test_damaged_values_are_refused_before_any_screen_reads_them(league_file, damage, words):
    damage(league_file)
    before = file_digest(league_file)
    beside = sorted(p.name for p in league_file.parent.iterdir())
    with pytest.raises(LeagueFileError) as refused:
        open_league(league_file)
    assert words in str(refused.value)
    assert any(words in p.text for p in check_file(league_file).problems)  # Check League says the same
    assert file_digest(league_file) == before
    assert sorted(p.name for p in league_file.parent.iterdir()) == beside


def test_a_truncated_league_leaves_no_sidecar_files(league_file):
    league_file.write_bytes(league_file.read_bytes()[:20_000])
    before = file_digest(league_file)
    with pytest.raises(LeagueFileError):
        open_league(league_file)
    assert file_digest(league_file) == before
    assert sorted(p.name for p in league_file.parent.iterdir()) == ["test.dugout"]


def _journal_mode(path):
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return conn.execute("PRAGMA journal_mode").fetchone()[0]


def test_a_league_another_program_switched_to_wal_is_put_back_in_rollback_journal_mode(league_file):
    with contextlib.closing(sqlite3.connect(league_file)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")  # what DB Browser for SQLite and others may do
    read_only = open_league(league_file, read_only=True)
    read_only.close()
    assert _journal_mode(league_file) == "wal"  # a read-only open changes nothing
    db = open_league(league_file)
    try:
        assert any("journal mode" in notice for notice in db.notices)
        assert _journal_mode(league_file) == "delete"
        add_team(db, name="Reikland Reavers", race="Human", coach="Ann")
    finally:
        db.close()
    folder = league_file.parent
    left = [p.name for p in folder.rglob("*") if p.name.endswith(("-wal", "-shm", "-journal"))]
    assert left == []  # neither beside the league nor beside its opening backup
