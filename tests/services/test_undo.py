"""Undo and redo replay exactly what a service wrote, in one transaction."""

import pytest

from roster_app.errors import UndoConflict
from roster_app.services.players import hire_player, update_player
from roster_app.services.teams import rename_team, set_counter
from tests.helpers import add_orcs, snapshot, treasury


def test_undo_restores_the_exact_previous_state_and_redo_the_next(db):
    team = add_orcs(db)
    before = snapshot(db)
    change = hire_player(db, team_id=team, position="Troll", name="Big Grunt")
    after = snapshot(db)
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert snapshot(db) == after


def test_undo_of_an_edit_and_of_staff_purchases(db):
    team = add_orcs(db)
    pid = hire_player(db, team_id=team, position="Orc Lineman", name="Bob").result
    before = snapshot(db)
    edits = [update_player(db, player_id=pid, field="skills", value=["Block"]),
             set_counter(db, team_id=team, counter="rerolls", value=2),
             rename_team(db, team_id=team, name="Da Boyz")]  # fmt: skip
    assert treasury(db, team) == 950_000 - 120_000
    for change in reversed(edits):
        db.replay(change, forward=False)
    assert snapshot(db) == before


def test_undo_refuses_when_the_league_changed_since(db):
    team = add_orcs(db)
    first = set_counter(db, team_id=team, counter="rerolls", value=1)
    set_counter(db, team_id=team, counter="rerolls", value=2)
    before = snapshot(db)
    with pytest.raises(UndoConflict, match="changed since"):
        db.replay(first, forward=False)  # out of order: the later purchase is still there
    assert snapshot(db) == before
