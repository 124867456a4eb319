"""Crash safety: killing Dugout at any statement of a commit leaves the league exactly before or after it;
a full disk or an I/O error during a commit is reported plainly and leaves no partial rows."""

import sqlite3

import pytest
from sqlalchemy import event

from roster_app.errors import LeagueFileError
from roster_app.safety.check import check_league
from roster_app.safety.opening import open_league
from roster_app.services.league import create_league
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team
from tests.crash import crash_at_every_statement
from tests.helpers import player_id, snapshot


def _league_with_orcs(path):
    db = create_league(path, name="Crash League")
    add_team(db, name="Orcland Raiders", race="Orc", coach="Grim")
    hire_player(db, team_id=1, position="Orc Lineman", name="Bob")
    db.close()


def _league_with_a_pending_transfer(path):
    """The transfer market of tests/transfer_helpers.py, with Gotrek approached by the Orcs (transfer 1)."""
    from roster_app.services.transfers import record_approach
    from tests.transfer_helpers import market

    db = create_league(path, name="Transfer League")
    teams = market(db)
    record_approach(db, player_id=player_id(db, "Gotrek"), buyer_team_id=teams["orcs"])
    db.close()


def _league_with_a_completed_transfer(path):
    _league_with_a_pending_transfer(path)
    db = open_league(path, backup=False)
    transfer(db)
    db.close()


# Module-level calls, so the crash worker can import them by name.
def hire(db):
    hire_player(db, team_id=1, position="Troll", name="Big Grunt")


def new_team(db):
    add_team(db, name="Reikland Reavers", race="Human", coach="Otto")


def transfer(db):
    """Steps 6-10 of a transfer in one commit: two rolls, two ledger rows each way, the move, the contract."""
    from roster_app.queries.transfers import deal_terms
    from roster_app.services.transfers import complete_transfer
    from roster_app.store.models import Player, Team
    from tests.transfer_helpers import dice

    with db.read() as session:
        terms = deal_terms(session, db.ruleset, session.get(Player, player_id(db, "Gotrek")), session.get(Team, 1))
    complete_transfer(db, transfer_id=1, reaction_roll=dice("2D6", 5, 4, modifier=terms.modifier), price=150_000,
                      tribunal_roll=dice("D6", 3), contract_seasons=2)  # fmt: skip


def reverse(db):
    from roster_app.services.transfers import reverse_transfer

    reverse_transfer(db, transfer_id=1)


def import_from_battlescribe(db):
    """A BattleScribe roster imported (issue 38): a team, its players, its opening ledger row, its history row."""
    from roster_app.exchange.foreign import plan_import, read_team_files
    from roster_app.services.foreign_teams import import_teams
    from tests.exchange.foreign_samples import ROSTER

    files = read_team_files([ROSTER], db.ruleset)
    guesses = plan_import(files, db.ruleset).guesses
    preview = plan_import(files, db.ruleset, choices={g.key: g.proposal for g in guesses})
    import_teams(db, teams=[t.as_dict() for t in preview.teams], made_by="Crash Tester")


# -- the match pad: every event saved as it is made --------------------------------------------------------
def _pad_holder():
    import os
    import socket

    return f"{socket.gethostname()} {os.getpid()} crash"


def _league_mid_game(path):
    """Two teams of eleven, a fixture refereed by a custom ref, its pad claimed and two turns played."""
    from roster_app.services import matchpad as pad
    from roster_app.services.referees import create_referee, start_match_sheet
    from roster_app.services.season import add_fixture
    from tests.season_helpers import build_teams

    db = create_league(path, name="Pad League")
    home, away = build_teams(db, 2)
    match = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    start_match_sheet(db, referee_id=create_referee(db, name="Ranulf", race="Human").result, match_id=match)
    pad.open_pad(db, match_id=match, holder="earlier-pad")
    for _turn in range(2):
        pad.record_event(db, match_id=match, holder="earlier-pad", kind="end turn",
                         data={"action": "move", "in_range": True})  # fmt: skip
    pad.open_pad(db, match_id=match, holder="the pad", take_over=True)
    db.close()


def pad_event(db):
    from roster_app.services import matchpad as pad

    pad.record_event(db, match_id=1, holder="the pad", kind="touchdown", player_id=1)


def pad_evening(db):
    """The rest of a game at the table, event by event (the crash test kills it part-way)."""
    from roster_app.services import matchpad as pad

    holder = _pad_holder()  # this process's pad: the pad left open when it is killed
    pad.open_pad(db, match_id=1, holder=holder, take_over=True)
    for player in range(1, 9):
        pad.record_event(db, match_id=1, holder=holder, kind="completion", player_id=player)


# (league setup, call, spill): spill=True makes SQLite write changed pages into the file before COMMIT
CALLS = [
    (_league_with_orcs, hire, False),  # nothing reaches the file before COMMIT
    (_league_with_a_pending_transfer, transfer, True),  # pages reach the file early: a hot journal to roll back
    (_league_with_a_completed_transfer, reverse, True),
    (_league_mid_game, pad_event, False),  # one event of the match pad
    (_league_with_orcs, import_from_battlescribe, True),  # teams from another tool, one commit
]


@pytest.mark.parametrize(
    ("setup", "call", "spill"), CALLS, ids=[f"{c.__name__}{'-spilled' if s else ''}" for _, c, s in CALLS]
)
def test_killing_the_process_at_each_statement_leaves_the_league_before_or_after(tmp_path, setup, call, spill):
    league = tmp_path / "league.dugout"
    setup(league)
    outcomes = crash_at_every_statement(league, call, spill=spill)
    assert outcomes == ["before"] * (len(outcomes) - 1) + ["after"]  # all of it, only once COMMIT returned
    db = open_league(league.with_name("crash.dugout"))
    assert check_league(db).ok, check_league(db).text()
    db.close()


def test_a_crash_with_pages_already_written_is_rolled_back_on_open(tmp_path):
    """The hot journal a killed writer leaves is rolled back when the league is next opened, after a raw
    copy of both files is kept; a read-only open says why it cannot open the league yet."""
    from roster_app.errors import InterruptedSave
    from tests.crash import run_child

    league = tmp_path / "league.dugout"
    _league_with_orcs(league)
    before = snapshot(db := open_league(league, backup=False))
    db.close()
    code, _ = run_child(league, new_team, kill_at=6, spill=True)
    assert code == -9
    assert league.with_name("league.dugout-journal").exists()
    with pytest.raises(InterruptedSave, match="was being saved"):
        open_league(league, read_only=True)
    db = open_league(league)
    assert snapshot(db) == before
    assert any("put back as it was" in n for n in db.notices)
    db.close()
    kept = list((tmp_path / "league backups").glob("interrupted */league.dugout-journal"))
    assert len(kept) == 1


# -- a full disk, an I/O error ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("error", "words"),
    [("database or disk is full", "The disk is full"), ("disk I/O error", "the disk reported an error")],
)
@pytest.mark.parametrize("fail_at", [2, 5, 8, 10])
def test_an_error_during_a_commit_is_explained_and_writes_nothing(file_db, error, words, fail_at):
    before = snapshot(file_db)
    seen = 0

    def fail(*_args):
        nonlocal seen
        seen += 1
        if seen == fail_at:
            raise sqlite3.OperationalError(error)

    event.listen(file_db.engine, "before_cursor_execute", fail)
    with pytest.raises(LeagueFileError, match=f"{words}.*Nothing was changed"):
        hire_player(file_db, team_id=1, position="Troll", name="Big Grunt")
    event.remove(file_db.engine, "before_cursor_execute", fail)
    assert snapshot(file_db) == before
    hire_player(file_db, team_id=1, position="Troll", name="Big Grunt")  # and the league still works


def test_a_really_full_database_refuses_the_write_and_keeps_the_league(file_db):
    """SQLite's own SQLITE_FULL: the file may not grow by a page."""
    with file_db.engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
        conn.exec_driver_sql(f"PRAGMA max_page_count = {pages}")
    before = snapshot(file_db)
    with pytest.raises(LeagueFileError, match="The disk is full"):
        for n in range(200):  # fill the free space in the last pages, then one more page is refused
            add_team(file_db, name=f"Team {n} " + "x" * 40, race="Human", coach="c" * 100)
            before = snapshot(file_db)
    assert snapshot(file_db) == before
    assert check_league(file_db).ok


def test_a_kill_in_the_middle_of_a_game_resumes_with_every_recorded_event(tmp_path):
    from roster_app.queries.matchpad import read_game
    from roster_app.services import matchpad as pad
    from tests.crash import run_child
    from ui.sequences.match_pad.opening import holder_gone

    league = tmp_path / "league.dugout"
    _league_mid_game(league)
    code, statements = run_child(league, pad_evening, kill_at=10_000)  # a whole run: how many statements
    assert code == 0
    _league_mid_game(league.with_name("fresh.dugout"))
    league.unlink()
    league.with_name("fresh.dugout").rename(league)
    code, _ = run_child(league, pad_evening, kill_at=statements // 2)  # killed half-way through the evening
    assert code == -9
    db = open_league(league, backup=False)
    game = read_game(db, 1)
    done = [e for e in game.events if e.kind == "completion"]
    assert 0 < len(done) < 8 and [e.player_id for e in done] == list(range(1, len(done) + 1))
    assert game.state.turn == 3  # the two turns played before, and every completion saved before the kill
    assert holder_gone(game.holder)  # the killed pad's claim: taken over by the next pad, nothing asked
    pad.open_pad(db, match_id=1, holder="next-pad", take_over=True)
    pad.record_event(db, match_id=1, holder="next-pad", kind="completion", player_id=9)
    assert len(read_game(db, 1).events) == len(game.events) + 1
    assert check_league(db).ok, check_league(db).text()
    db.close()
