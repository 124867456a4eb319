"""Migrations: applied on open after a verified backup, all or nothing; a newer file is never downgraded."""

import shutil
import sqlite3
import textwrap
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import select

from roster_app.errors import LeagueFileError, ReadOnlyLeague
from roster_app.safety import backups
from roster_app.safety.check import check_file
from roster_app.safety.opening import open_league
from roster_app.services.teams import add_team
from roster_app.store import migrations
from tests.conftest import file_digest

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "league_0001.dugout"


def _rows(path: Path) -> dict[str, list[dict]]:
    """Every row of every table, as {column: value}."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        conn.row_factory = sqlite3.Row
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            t: [dict(r) for r in conn.execute(f'SELECT * FROM "{t}"')] for t in tables if t != "alembic_version"
        }


def test_the_fixture_holds_rows_in_every_table_of_the_first_schema():
    rows = _rows(FIXTURE)
    assert all(rows.values()), [t for t, r in rows.items() if not r]
    with sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == ("0001",)


def test_the_head_constant_is_alembics_head():
    # Opening a current league compares its stamp with HEAD and imports no Alembic: a new revision must
    # update HEAD, or every league would be "upgraded" (or refused as newer) on each open.
    assert migrations.head_revision() == migrations.HEAD
    assert migrations.is_head(migrations.head_revision())


def _upgrade_keeps_every_row(tmp_path: Path) -> Path:
    league = tmp_path / "founders.dugout"
    shutil.copyfile(FIXTURE, league)
    before = _rows(league)
    db = open_league(league)
    assert db.schema_revision == migrations.head_revision()
    db.close()
    after = _rows(league)
    # Tables added to the ruleset since (the Handicap Table, revision "prematch"; the Kick-Off Table, revision
    # "rulesdata"; the economy the league was made with and the tables an edition's economy reads, revision
    # "economy"; the Casualty Table, revision "leaguenight"; the rule for level knock-out games, revision
    # "competitions"; the seed's post-match sequence, revision "postmatchorder") come as league defaults: the rows
    # a migration adds.
    added = {r["key"] for r in after["ruleset_table"]} - {r["key"] for r in before["ruleset_table"]}
    assert added == {"handicap_table", "kick_off", "economy", "winnings_formula", "fame", "spiralling_expenses",
                     "petty_cash", "casualty_table", "knockout", "post_match"}  # fmt: skip
    after["ruleset_table"] = [r for r in after["ruleset_table"] if r["key"] not in added]
    for table, rows in before.items():
        kept = [{k: row.get(k) for k in rows[0]} for row in after[table]]
        assert sorted(map(repr, kept)) == sorted(map(repr, rows)), table
    # The first schema's league holds a +70,000 gp 'refund' row no Dugout ever wrote: Check League reports it with
    # the correction path (issue 36: gold that explains nothing is never called sound), and nothing else.
    found = check_file(league).problems
    assert [(p.code, "'refund'" in p.text, p.fix) for p in found] == [("ledger", True, None)], found
    return league


def test_upgrading_the_first_schema_keeps_every_row(tmp_path):
    _upgrade_keeps_every_row(tmp_path)


def test_an_upgraded_league_gets_the_default_handicap_table_and_empty_pre_matches(tmp_path):
    league = _upgrade_keeps_every_row(tmp_path)
    db = open_league(league)
    try:
        assert db.ruleset.table("handicap_table")["dice"] == "D6"
        with db.read() as session:
            from roster_app.store.models import Match, RulesetTable

            assert session.get(RulesetTable, "handicap_table").is_default
            assert {str(m.pre_match) for m in session.scalars(select(Match))} <= {"{}"}
    finally:
        db.close()


@pytest.fixture
def extra_revisions(tmp_path, monkeypatch):
    """A copy of the migrations folder to which a test adds revisions after today's head."""
    folder = tmp_path / "migrations"
    shutil.copytree(migrations.MIGRATIONS_DIR, folder, ignore=shutil.ignore_patterns("__pycache__", "__init__.py"))
    base = migrations.head_revision()

    def add(revision: str, body: str, down: str | None = None) -> None:
        (folder / "versions" / f"{revision}.py").write_text(
            f"from alembic import op\nimport sqlalchemy as sa\nrevision = {revision!r}\n"
            f"down_revision = {(down or base)!r}\nbranch_labels = None\ndepends_on = None\n\n"
            + textwrap.dedent(body)
        )
        migrations._script.cache_clear()
        migrations.head_revision.cache_clear()

    monkeypatch.setattr(migrations, "MIGRATIONS_DIR", folder)
    yield add
    migrations._script.cache_clear()
    migrations.head_revision.cache_clear()


ADD_NICKNAME = """
def upgrade():
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("nickname", sa.String(), nullable=False, server_default=""))
    op.create_table("trophy", sa.Column("id", sa.Integer(), primary_key=True), sa.Column("name", sa.String()))
    op.execute("INSERT INTO trophy (name) SELECT name FROM league")
"""


def test_an_upgrade_runs_after_a_verified_backup_and_keeps_every_row(tmp_path, extra_revisions):
    extra_revisions("9001_nickname", ADD_NICKNAME)
    league = _upgrade_keeps_every_row(tmp_path)
    assert _rows(league)["trophy"] == [{"id": 1, "name": "Founders' Cup"}]
    made = [b for b in backups.list_backups(league) if b.reason == "before upgrade"]
    assert len(made) == 1 and file_digest(made[0].path) != file_digest(league)
    assert _rows(made[0].path) == _rows(FIXTURE)  # the backup is the league as it was


FAILS_HALFWAY = """
def upgrade():
    with op.batch_alter_table("team") as batch:
        batch.add_column(sa.Column("motto", sa.String(), nullable=False, server_default=""))
    op.execute("UPDATE team SET treasury = 0")
    raise RuntimeError("a bug in this revision")
"""


def test_a_failing_migration_leaves_the_file_byte_identical(tmp_path, extra_revisions):
    extra_revisions("9002_broken", FAILS_HALFWAY)
    league = tmp_path / "founders.dugout"
    shutil.copyfile(FIXTURE, league)
    before = file_digest(league)
    with pytest.raises(LeagueFileError, match="could not be upgraded .*a bug in this revision.* not changed"):
        open_league(league)
    assert file_digest(league) == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.is_dir()) == ["founders.dugout"]
    db = open_league(league, read_only=True)  # the old version can still be read
    assert db.schema_revision == "0001"
    db.close()


def test_a_file_from_a_newer_dugout_opens_read_only_and_is_never_changed(league_file):
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'f00d_from_the_future'")
    before = file_digest(league_file)
    db = open_league(league_file)
    assert db.read_only and db.newer_file and "newer version of Dugout" in db.read_only_reason
    with pytest.raises(ReadOnlyLeague):
        add_team(db, name="Elves", race="Wood Elf")
    db.close()
    assert file_digest(league_file) == before
    assert sorted(p.name for p in league_file.parent.iterdir()) == ["test.dugout"]


def test_an_upgraded_leagues_fixtures_become_each_seasons_league_competition(tmp_path):
    """Revision "competitions": every league fixture of a season belongs to that season's league competition
    (an ended season's is finished); friendlies and typed finals stay outside any competition."""
    import sqlite3

    league = _upgrade_keeps_every_row(tmp_path)
    with closing(sqlite3.connect(league)) as conn:
        current = conn.execute("SELECT current_season FROM league").fetchone()[0]
        comps = conn.execute("SELECT id, season, name, format, status FROM competition").fetchall()
        league_games = conn.execute("SELECT season, competition_id FROM match WHERE stage = 'league'").fetchall()
        others = conn.execute("SELECT competition_id FROM match WHERE stage <> 'league'").fetchall()
    assert league_games, "the fixture holds league games"
    by_season = {season: cid for cid, season, name, fmt, status in comps}
    assert {(s, by_season[s]) for s, _ in league_games} == set(league_games)
    assert all(name == "League" and fmt == "league" for _, _, name, fmt, _ in comps)
    assert all((status == "finished") == (season < current) for _, season, _, _, status in comps)
    assert all(cid is None for (cid,) in others)
