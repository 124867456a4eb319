"""A knock-out draw writes each tie once, with its first-round game (issue 40): the ties keep the bracket's order
(their keys by round and place, the third-place game last), byes and all, and the draw undoes and redoes whole."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from roster_app.services import competitions as sc
from roster_app.store.models import CompetitionTie
from tests.competition_helpers import league_of
from tests.helpers import snapshot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("entrants", [6, 8])
def test_a_draw_writes_each_tie_once_in_the_brackets_order_and_undoes_whole(db, entrants):
    ids = league_of(db, entrants)
    cid = sc.create_competition(db, name="Spike Cup", format="knockout", team_ids=ids, third_place=True).result
    before = snapshot(db)
    change = sc.draw_competition(db, competition_id=cid, seeding="hand", order=ids)
    after = snapshot(db)
    with db.read() as session:
        ties = list(session.scalars(select(CompetitionTie).where(CompetitionTie.competition_id == cid)
                                    .order_by(CompetitionTie.id)))  # fmt: skip
    total = max(t.round for t in ties)
    third = [t for t in ties if t.round == total and t.position == 1]
    assert [(t.round, t.position) for t in ties] == sorted(
        (t.round, t.position) for t in ties if t not in third
    ) + [(total, 1)]
    first = [t for t in ties if t.round == 1]
    assert all(t.match_id is not None for t in first if not t.bye)
    assert any(t.bye for t in first) == (entrants == 6)
    tie_rows = [row for row in change.rows if row.table == "competition_tie"]
    assert {
        row.kind for row in tie_rows if row.after and row.after.get("round") == 1 and not row.after["bye"]
    } == {"insert"}
    assert not [row for row in tie_rows if row.kind == "update" and "match_id" in (row.after or {})]
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert snapshot(db) == after
