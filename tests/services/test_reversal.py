"""Reversing ledger rows: a new row of the opposite amount names the row it reverses; never twice."""

import pytest

from roster_app.errors import NotFound, RuleViolation
from roster_app.safety.check import check_league
from roster_app.services.players import hire_player
from roster_app.services.reversal import reverse_entries, reverse_ledger_entries
from roster_app.store.models import LedgerEntry
from tests.helpers import add_orcs, ledger_sum, snapshot, treasury


def _entry_of(db, kind):
    from sqlalchemy import select

    with db.read() as session:
        return session.scalars(select(LedgerEntry).where(LedgerEntry.kind == kind)).all()[-1]


def test_reversing_a_hire_gives_the_gold_back_with_a_linked_row(db):
    team = add_orcs(db)
    player = hire_player(db, team_id=team, position="Troll", name="Big Grunt").result
    hire = _entry_of(db, "hire")
    change = reverse_entries(db, entry_ids=[hire.id], reason="Hired by mistake")
    assert treasury(db, team) == 1_000_000 == ledger_sum(db, team)
    reversal = _entry_of(db, "reversal")
    assert (reversal.amount, reversal.reverses_id, reversal.player_id) == (110_000, hire.id, player)
    assert reversal.reason == "Hired by mistake (reverses: Hired Big Grunt, Orc Troll)"
    assert change.label == "reversal of 1 ledger row(s) (110,000 gp)"
    assert check_league(db).ok


@pytest.mark.parametrize("what", ["twice", "a reversal", "no reason", "negative"])
def test_refused_reversals_write_nothing(db, what):
    team = add_orcs(db, treasury=200_000)
    hire_player(db, team_id=team, position="Troll", name="Big Grunt")
    hire = _entry_of(db, "hire")
    reverse_entries(db, entry_ids=[hire.id], reason="Mistake")
    before = snapshot(db)
    with pytest.raises(RuleViolation):
        if what == "twice":
            reverse_entries(db, entry_ids=[hire.id], reason="Again")
        elif what == "a reversal":
            reverse_entries(db, entry_ids=[_entry_of(db, "reversal").id], reason="Undo the undo")
        elif what == "no reason":
            reverse_entries(db, entry_ids=[_entry_of(db, "opening").id], reason="  ")
        else:
            hire_player(db, team_id=team, position="Orc Blitzer", name="Grak")
            before = snapshot(db)
            reverse_entries(db, entry_ids=[_entry_of(db, "opening").id], reason="Wrong start")
    assert snapshot(db) == before


def test_a_procedure_may_reverse_into_debt_when_it_says_so(db):
    team = add_orcs(db, treasury=200_000)
    hire_player(db, team_id=team, position="Troll", name="Big Grunt")
    with db.write() as tx:
        opening = tx.session.get(LedgerEntry, _entry_of(db, "opening").id)
        reverse_ledger_entries(tx.session, [opening], "Season end", allow_negative=True)
    assert treasury(db, team) == -110_000 == ledger_sum(db, team)


def test_reversals_undo_and_redo_in_one_step(db):
    team = add_orcs(db)
    hire_player(db, team_id=team, position="Troll", name="Big Grunt")
    before = snapshot(db)
    change = reverse_entries(db, entry_ids=[_entry_of(db, "hire").id, _entry_of(db, "opening").id], reason="Reset")
    assert treasury(db, team) == 0
    db.replay(change, forward=False)
    assert snapshot(db) == before


def test_an_unknown_row_is_not_found(db):
    add_orcs(db)
    with pytest.raises(NotFound):
        reverse_entries(db, entry_ids=[999], reason="x")
    with pytest.raises(RuleViolation):
        reverse_entries(db, entry_ids=[], reason="x")
