"""Check League: SQLite's checks and the league's invariants in plain words; safe repairs in one step after
a backup; a second run finds nothing; the command's exit code says whether problems remain."""

import json
import sqlite3

import pytest

from roster_app.safety import backups
from roster_app.safety.check import check_file, check_league
from roster_app.safety.opening import open_league
from roster_app.services.players import hire_player
from roster_app.services.repair import repair_league
from tests.conftest import file_digest
from tests.helpers import ledger_sum, snapshot, treasury
from ui.app.cli import main as dugout


@pytest.fixture
def league(league_file):
    """The league file with two Orcs hired (team 1; players 1 and 2)."""
    db = open_league(league_file, backup=False)
    hire_player(db, team_id=1, position="Orc Blitzer", name="Grak")
    hire_player(db, team_id=1, position="Goblin", name="Snik")
    db.close()
    return league_file


def _sql(path, *statements):
    with sqlite3.connect(path) as conn:  # foreign keys are off here, as in any other tool
        for statement in statements:
            conn.execute(statement)


def _dump(path):
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return list(conn.iterdump())


def test_a_sound_league_has_no_problems(league):
    report = check_file(league)
    assert report.ok and report.text() == "No problems found: the league is sound."
    assert dugout(["check", str(league)]) == 0


REPAIRABLE = {
    "treasury": (["UPDATE team SET treasury = treasury + 25000"], "treasury shows 905,000 gp but the ledger adds up to 880,000 gp"),
    "status": (["UPDATE player SET status = ' Active' WHERE id = 1"], "Grak (Orcland Raiders) has the status ' Active'"),
    "season": (["DELETE FROM season"], "Season 1 (the current one) has no record"),
    "link": (["UPDATE ledger_entry SET player_id = 99 WHERE player_id = 1"], "points at player that does not exist (player_id)"),
    "default-rules": (["UPDATE ruleset_table SET data = '{\"levels\": 3}' WHERE key = 'spp_levels'"], "'SPP levels' is damaged"),
    "missing-rules": (["DELETE FROM ruleset_table WHERE key = 'gate'"], "'Gate' is missing"),
}  # fmt: skip


@pytest.mark.parametrize("damage", REPAIRABLE, ids=list(REPAIRABLE))
def test_safe_repairs_are_made_after_a_backup_and_a_second_run_is_clean(league, damage, capsys):
    statements, words = REPAIRABLE[damage]
    _sql(league, *statements)
    report = check_file(league)
    assert len(report.problems) == 1 and words in report.problems[0].text, report.text()
    assert report.repairable
    assert dugout(["check", str(league)]) == 1  # found, not repaired without --repair
    damaged = _dump(league)
    assert dugout(["check", str(league), "--repair"]) == 0
    assert "Repaired 1 problem(s)" in capsys.readouterr().out
    assert check_file(league).ok
    kept = [b for b in backups.list_backups(league) if b.reason == "before repair"]
    assert len(kept) == 1 and _dump(kept[0].path) == damaged  # the league as it was before the repair


def test_a_treasury_is_never_moved_by_a_repair_the_ledger_gets_a_correction_row(league):
    _sql(league, "UPDATE team SET treasury = treasury - 40000")
    db = open_league(league)
    shown = treasury(db, 1)
    change = repair_league(db)
    assert treasury(db, 1) == shown == ledger_sum(db, 1)
    assert [r.after["kind"] for r in change.rows if r.table == "ledger_entry"] == ["correction"]
    assert check_league(db).ok
    db.replay(change, forward=False)  # the repairs are one undo step
    assert not check_league(db).ok
    db.close()


REPORTED_ONLY = {
    "unknown-status": ("UPDATE player SET status = 'on loan' WHERE id = 1", "'on loan', which is not a player status"),
    "missing-team": ("UPDATE player SET team_id = 42 WHERE id = 2", "points at team that does not exist"),
    "spp": ("UPDATE player SET spp = 5, rolls_taken = 1 WHERE id = 1", "taken 1 star player roll but 5 SPP earn only 0"),
    "numbers": ("UPDATE player SET number = 1", "has 2 players wearing number 1"),
    "negative": ("UPDATE ledger_entry SET amount = amount - 2000000 WHERE kind = 'opening'", "negative treasury"),
    "edited-rules": ("UPDATE ruleset_table SET data = '[]', is_default = 0 WHERE key = 'gate'", "edited, so it must be corrected by hand"),
    # values no service writes (a file written by another program, an import): Check League and the import say so
    "number-0": ("UPDATE player SET number = 0 WHERE id = 1", "wears number 0; a roster's numbers run from 1 to 99"),
    "number-100": ("UPDATE player SET number = 100000 WHERE id = 1", "wears number 100000; a roster's numbers run from 1 to 99"),
    "stat-0": ("UPDATE player SET av = 0 WHERE id = 1", "has AV 0; a characteristic is from 1 to 10"),
    "stat-huge": ("UPDATE player SET ma = 1000000000000 WHERE id = 1", "has MA 1000000000000; a characteristic is from 1 to 10"),
    "rerolls": ("UPDATE team SET rerolls = -3", "has -3 for its re-rolls; a team has 0 or more"),
    "cheerleaders": ("UPDATE team SET cheerleaders = -1", "has -1 for its cheerleaders; a team has 0 or more"),
}  # fmt: skip


@pytest.mark.parametrize("damage", REPORTED_ONLY, ids=list(REPORTED_ONLY))
def test_problems_without_a_safe_repair_are_reported_and_left_alone(league, damage):
    statement, words = REPORTED_ONLY[damage]
    _sql(league, statement)
    if damage == "negative":
        _sql(league, "UPDATE team SET treasury = treasury - 2000000")
    report = check_file(league)
    assert any(words in p.text for p in report.problems), report.text()
    assert not any(words in p.text for p in report.repairable)
    assert "Not repaired automatically" in report.text()
    before = file_digest(league)
    assert dugout(["check", str(league), "--repair"]) == 1
    if not report.repairable:
        assert file_digest(league) == before


def _contract(path, **values):
    row = {"player_id": 1, "team_id": 1, "signed_season": 1, "seasons": 2, "served": 0, "rolls_at_signing": 0,
           "cost": 0, "status": "running", "renewal": 0, "created_at": "2026-01-01 10:00:00.000000", **values}  # fmt: skip
    _sql(path, f"INSERT INTO contract ({', '.join(row)}) VALUES ({', '.join(repr(v) for v in row.values())})")


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"seasons": 6}, "lasts 6 seasons, outside 1-5"),
        ({"seasons": 3, "served": 4}, "has 4 season(s) served of 3"),
        ({"served": -1}, "has -1 season(s) served of 2"),
        ({"status": "paused"}, "'paused', which is not a contract status"),
        ({"team_id": 2}, "running with a team he no longer plays for"),
        ({"player_id": 77}, "belongs to a player who does not exist"),
    ],
)
def test_contract_problems(league, values, words):
    if values.get("team_id") == 2:
        _sql(league, "INSERT INTO team (id, name, race, coach, treasury, fan_factor, rerolls, assistant_coaches, "
                     "cheerleaders, apothecary, reserves_approved, created_at) VALUES (2, 'Elves', 'Wood Elf', '', "
                     "0, 0, 0, 0, 0, 0, 0, '2026-01-01 10:00:00.000000')")  # fmt: skip
    _contract(league, **values)
    assert any(words in p.text for p in check_file(league).problems), check_file(league).text()


def test_two_running_contracts_and_mismatched_reversals(league):
    _contract(league)
    _contract(league)
    _sql(
        league,
        "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at, reverses_id) "
        "SELECT team_id, 1, 'reversal', 'x', 1, created_at, id FROM ledger_entry WHERE kind = 'hire' LIMIT 1",
        "UPDATE team SET treasury = treasury + 1",
    )
    texts = [p.text for p in check_file(league).problems]
    assert any("Grak has 2 running contracts at once" in t for t in texts), texts
    assert any("does not undo the row it reverses" in t for t in texts), texts


def test_a_damaged_file_is_reported_not_repaired(league):
    data = bytearray(league.read_bytes())
    data[4096 * 3 : 4096 * 3 + 64] = b"\xff" * 64  # scribble over a b-tree page header
    league.write_bytes(bytes(data))
    report = check_file(league)
    assert not report.ok and not report.repairable
    assert "damaged" in report.text() or "not a Dugout league" in report.text()
    assert dugout(["check", str(league), "--repair"]) == 1
    assert league.read_bytes() == bytes(data)


def test_repair_refuses_while_another_dugout_has_the_league(league, capsys):
    _sql(league, "DELETE FROM season")
    db = open_league(league)
    before = snapshot(db)
    assert dugout(["check", str(league), "--repair"]) == 2
    assert "in use by Dugout" in capsys.readouterr().err
    assert snapshot(db) == before
    db.close()


# -- referees' match sheets an older Dugout could leave ----------------------------------------------
def _game(path):
    """Team 2 and one scheduled game of round 1 between the two teams (match 1)."""
    _sql(path, "INSERT INTO team (id, name, race, coach, treasury, fan_factor, rerolls, assistant_coaches, "
               "cheerleaders, apothecary, reserves_approved, created_at) VALUES (2, 'Da Boyz', 'Orc', '', "
               "1000000, 0, 0, 0, 0, 0, 0, '2026-01-01 10:00:00.000000')",
         "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at) "
         "VALUES (2, 1000000, 'opening', 'x', 1, '2026-01-01 10:00:00.000000')",
         "INSERT INTO match (id, season, round, home_team_id, away_team_id, status, stage, home_score, away_score, "
         "home_casualties, away_casualties, gate, riot, post_match) "
         "VALUES (1, 1, 1, 1, 2, 'scheduled', 'league', 0, 0, 0, 0, 0, 0, '{}')")  # fmt: skip


def _sheet(path, referee_id, match_id, *, ticks=0, finished=False):
    in_range = json.dumps([True] * ticks + [False] * (16 - ticks))
    match = "NULL" if match_id is None else match_id
    _sql(path, "INSERT INTO referee_match (referee_id, match_id, in_range, actions, riot, turns_played, casualties, "
               "sent_off, state, out_for_match, escaped, result, spp_gained, finished, created_at) VALUES "
               f"({referee_id}, {match}, '{in_range}', '{json.dumps([None] * 16)}', 0, 16, 0, '[]', 'standing', 0, "
               f"0, '{'kept' if finished else ''}', 0, {int(finished)}, '2026-01-01 10:00:00.000000')")  # fmt: skip


def _sheets(path):
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT referee_id, match_id, finished FROM referee_match ORDER BY id").fetchall()


SHEETS_REPAIRED = {
    "second-empty": ([(1, 1, 12, True), (2, 1, 0, False)], "has 2 referee's match sheets: Jorg Blackwhistle's (finished), "
                     "Thrudd the Impartial's (open, empty)", [(1, 1, 1)]),
    "unlinked-empty": ([(1, None, 0, False)], "Jorg Blackwhistle's match sheet 1 belongs to no fixture and holds nothing", []),
}  # fmt: skip


@pytest.mark.parametrize("damage", SHEETS_REPAIRED, ids=list(SHEETS_REPAIRED))
def test_an_empty_second_or_unlinked_sheet_is_discarded(league, damage):
    sheets, words, kept = SHEETS_REPAIRED[damage]
    _game(league)
    for ref, match, ticks, finished in sheets:
        _sheet(league, ref, match, ticks=ticks, finished=finished)
    report = check_file(league)
    assert [p.text for p in report.problems] == [p.text for p in report.repairable], report.text()
    assert len(report.problems) == 1 and words in report.problems[0].text, report.text()
    assert dugout(["check", str(league), "--repair"]) == 0
    assert _sheets(league) == kept
    assert check_file(league).ok


SHEETS_REPORTED = {
    "two-finished": ([(1, 1, 12, True), (2, 1, 6, True)], "The game is counted on 2 cards; no repair is safe"),
    "second-with-ticks": ([(1, 1, 12, True), (2, 1, 3, False)], "Thrudd the Impartial's (open). One game has one"),
    "unlinked-with-ticks": ([(1, None, 3, False)], "belongs to no fixture: give it its game (Link to Fixture…"),
    "unlinked-finished": ([(1, None, 12, True)], "it is finished and counted on his card once, but names no game"),
}  # fmt: skip


@pytest.mark.parametrize("damage", SHEETS_REPORTED, ids=list(SHEETS_REPORTED))
def test_a_sheet_with_entries_or_a_finished_duplicate_is_reported_and_left(league, damage):
    sheets, words = SHEETS_REPORTED[damage]
    _game(league)
    for ref, match, ticks, finished in sheets:
        _sheet(league, ref, match, ticks=ticks, finished=finished)
    report = check_file(league)
    assert len(report.problems) == 1 and words in report.problems[0].text, report.text()
    assert not report.repairable and "Not repaired automatically" in report.text()
    before = file_digest(league)
    assert dugout(["check", str(league), "--repair"]) == 1
    assert file_digest(league) == before


# -- Check League reads a league in a fixed number of statements (issue 40) ---------------------------------
def _statements_of_check(path):
    """The SQL statements check_league runs on the league at `path` (every one the ORM sends to the file)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    seen = []

    def count(conn, cursor, statement, *args):
        seen.append(statement)

    db = open_league(path, backup=False)
    event.listen(Engine, "before_cursor_execute", count)
    try:
        report = check_league(db)
    finally:
        event.remove(Engine, "before_cursor_execute", count)
        db.close()
    return report, seen


def _more_games(path, games):
    """`games` more played games of round 2 on, each with its referee's finished sheet, and a ledger row and its
    reversal for each: rows every per-row look-up of a check would read one by one."""
    statements = []
    for n in range(2, games + 2):
        statements.append(
            "INSERT INTO match (id, season, round, home_team_id, away_team_id, status, stage, home_score, "
            "away_score, home_casualties, away_casualties, gate, riot, post_match) "
            f"VALUES ({n}, 1, {n}, 1, 2, 'scheduled', 'league', 0, 0, 0, 0, 0, 0, '{{}}')"
        )
        statements += [
            "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at, match_id) "
            f"VALUES (2, {n}, 'winnings', 'x', 1, '2026-01-01 10:00:00.000000', {n})",
            "INSERT INTO ledger_entry (team_id, amount, kind, reason, season, created_at, reverses_id) "
            f"SELECT 2, -{n}, 'reversal', 'x', 1, created_at, max(id) FROM ledger_entry",
        ]
    _sql(path, *statements)
    for n in range(2, games + 2):
        _sheet(path, 1 + n % 2, n, ticks=4, finished=True)


def test_check_league_runs_as_many_statements_for_forty_games_as_for_one(league):
    _game(league)
    _sheet(league, 1, 1, ticks=4, finished=True)
    small, small_statements = _statements_of_check(league)
    _more_games(league, 40)
    large, large_statements = _statements_of_check(league)
    assert small.ok and large.ok, large.text()
    assert len(large_statements) == len(small_statements), "a check looks rows up one by one"
    # the sheet check still sees a second sheet among many games, and names its game
    _sheet(league, 2, 17, ticks=3)
    report, statements = _statements_of_check(league)
    assert [p.text for p in report.problems if "referee's match sheets" in p.text], report.text()
    assert len(statements) <= len(small_statements) + 5  # the problem's sheets, its game and its title


@pytest.mark.parametrize(("status", "ended"), [("dead", "died"), ("retired", "ended")])
def test_a_contract_left_running_ends_as_the_services_end_one(league, status, ended):
    """The repair of a running contract whose player has gone ends it with the word the services use: 'died' for
    a dead player (as a death at full time does), 'ended' for one who retired."""
    _contract(league)
    _sql(league, f"UPDATE player SET status = '{status}' WHERE id = 1")
    assert any(f"still runs, but he is {status}" in p.text for p in check_file(league).problems)
    db = open_league(league, backup=False)
    try:
        repair_league(db)
    finally:
        db.close()
    with sqlite3.connect(league) as conn:
        assert conn.execute("SELECT status FROM contract").fetchall() == [(ended,)]
    assert not any("still runs" in p.text for p in check_file(league).problems)
