"""Row versions (team, player): a stale edit is refused, undo and redo keep versions going up, and an undo
is refused when another commissioner wrote the row since. Runs on SQLite and on PostgreSQL (the `db` fixture).

"Another commissioner" is a second LeagueDB on the same database: it writes without telling the first.
"""

import pytest

from roster_app.errors import CHANGED_MEANWHILE, ChangedMeanwhile, UndoConflict
from roster_app.queries.rosters import roster, team_header
from roster_app.services.players import hire_player, update_player
from roster_app.services.teams import set_coach, set_counter
from roster_app.store.db import LeagueDB
from roster_app.store.models import Player, Team
from tests.helpers import add_orcs, snapshot


def version(db, model, row_id):
    with db.read() as session:
        return session.get(model, row_id).version


@pytest.fixture
def grak(db):
    team = add_orcs(db)
    return team, hire_player(db, team_id=team, position="Orc Lineman", name="Grak").result


def test_every_write_to_a_row_gives_it_a_new_version(db, grak):
    team, pid = grak
    assert version(db, Player, pid) == 1
    team_before = version(db, Team, team)
    update_player(db, player_id=pid, field="spp", value=6)
    assert version(db, Player, pid) == 2
    set_counter(db, team_id=team, counter="rerolls", value=1)  # buys one: the treasury changes too
    assert version(db, Team, team) == team_before + 1


def test_an_edit_from_a_roster_someone_changed_since_is_refused(db, grak):
    team, pid = grak
    shown = roster(db, team)[0]  # what my screen shows
    other = LeagueDB(db.engine)  # another commissioner
    update_player(other, player_id=pid, field="name", value="Grak the Bold")
    before = snapshot(db, versions=True)
    with pytest.raises(ChangedMeanwhile, match=CHANGED_MEANWHILE) as refused:
        update_player(db, player_id=pid, field="spp", value=11, expected_version=shown.version)
    assert not refused.value.retry  # the commissioner must see the new row first
    assert snapshot(db, versions=True) == before
    fresh = roster(db, team)[0]
    assert fresh.name == "Grak the Bold"
    update_player(db, player_id=pid, field="spp", value=11, expected_version=fresh.version)  # after a reload


def test_a_team_header_edit_from_an_old_header_is_refused(db, grak):
    team, _pid = grak
    shown = team_header(db, team)
    set_coach(LeagueDB(db.engine), team_id=team, coach="Someone Else")
    before = snapshot(db, versions=True)
    with pytest.raises(ChangedMeanwhile, match=CHANGED_MEANWHILE):
        set_counter(db, team_id=team, counter="rerolls", value=2, expected_version=shown.version)
    with pytest.raises(ChangedMeanwhile, match=CHANGED_MEANWHILE):
        set_coach(db, team_id=team, coach="Grim", expected_version=shown.version)
    assert snapshot(db, versions=True) == before


def test_undo_and_redo_restore_values_with_ever_newer_versions(db, grak):
    team, pid = grak
    before = snapshot(db)
    edits = [update_player(db, player_id=pid, field="skills", value=["Block"]),
             update_player(db, player_id=pid, field="spp", value=6),
             set_counter(db, team_id=team, counter="rerolls", value=2)]  # fmt: skip
    after = snapshot(db)
    seen = [version(db, Player, pid)]
    for _round in range(2):
        for change in reversed(edits):
            db.replay(change, forward=False)
        assert snapshot(db) == before
        seen.append(version(db, Player, pid))
        for change in edits:
            db.replay(change, forward=True)
        assert snapshot(db) == after
        seen.append(version(db, Player, pid))
    assert seen == sorted(set(seen))  # never an old version again: a screen showing one must reload


def test_undo_is_refused_when_someone_else_changed_the_row_even_another_column(db, grak):
    _team, pid = grak
    rename = update_player(db, player_id=pid, field="name", value="Grak the Bold")
    update_player(LeagueDB(db.engine), player_id=pid, field="spp", value=6)  # not the name
    before = snapshot(db, versions=True)
    with pytest.raises(UndoConflict, match="changed since"):
        db.replay(rename, forward=False)
    assert snapshot(db, versions=True) == before


def test_undo_of_a_hire_and_redo_bring_the_player_back_with_a_new_version(db):
    team = add_orcs(db)
    hire = hire_player(db, team_id=team, position="Orc Lineman", name="Grak")
    db.replay(hire, forward=False)
    db.replay(hire, forward=True)
    assert version(db, Player, hire.result) == 2
    db.replay(hire, forward=False)  # and undone again: the version it was given is known to be ours
    with db.read() as session:
        assert session.get(Player, hire.result) is None


def test_a_row_changed_under_a_transaction_fails_it_and_league_run_runs_it_again(db, grak):
    """The ORM's version check: an UPDATE finds the row at another version (written after it was read), the
    transaction fails as a clash, and LeagueDB.run runs the service again on the fresh row."""
    from sqlalchemy import update

    _team, pid = grak
    calls = []

    def add_spp(league, *, player_id):
        with league.write() as tx:
            player = tx.session.get(Player, player_id)
            calls.append(player.spp)
            if len(calls) == 1:  # a write the ORM did not see, as another commissioner's would be
                staged = update(Player).where(Player.id == player_id).values(spp=3, version=Player.version + 1)
                tx.session.execute(staged.execution_options(synchronize_session=False))
            player.spp += 1
            tx.session.add(player)
        return tx.change

    with pytest.raises(ChangedMeanwhile) as clash:
        add_spp(db, player_id=pid)
    assert clash.value.retry
    calls.clear()
    db.run(add_spp, player_id=pid)
    assert calls == [0, 0]  # the first run was rolled back whole, the staged write with it
    with db.read() as session:
        assert session.get(Player, pid).spp == 1


def test_two_commissioners_at_the_same_moment_both_changes_are_kept(db, grak):
    """On a server, another commissioner commits between our read and our write: PostgreSQL fails our
    transaction (REPEATABLE READ) and LeagueDB.run runs it again, so neither change is lost."""
    if not db.on_server:
        pytest.skip("SQLite lets one writer in at a time: the other cannot commit in between")
    _team, pid = grak
    other = LeagueDB(db.engine)
    calls = []

    def add_spp(league, *, player_id):
        with league.write() as tx:
            player = tx.session.get(Player, player_id)
            if not calls:
                update_player(other, player_id=player_id, field="spp", value=player.spp + 3)
            calls.append(player.spp)
            player.spp += 1
            tx.session.add(player)
        return tx.change

    db.run(add_spp, player_id=pid)
    assert calls == [0, 3]
    with db.read() as session:
        assert session.get(Player, pid).spp == 4


def test_league_run_gives_up_after_a_few_clashes_and_never_retries_a_stale_screen(db):
    calls = []

    def clashing(league, *, retry):
        calls.append(retry)
        raise ChangedMeanwhile("The league", retry=retry)

    with pytest.raises(ChangedMeanwhile, match=CHANGED_MEANWHILE):
        db.run(clashing, retry=True)
    assert len(calls) == LeagueDB.RETRIES
    calls.clear()
    with pytest.raises(ChangedMeanwhile):
        db.run(clashing, retry=False)
    assert calls == [False]
