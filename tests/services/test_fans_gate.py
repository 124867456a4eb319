"""Issue 31: the gate follows the league's edition. In LRB 5/6 (economy winnings "fame_dice") a game's gate is
both teams' fans counted before the match (christerk/ffb StepSpectators: (2D6 + fan factor) x 1,000 each), shown
and never rolled again; LRB 4 keeps the 3rd edition's gate (one D6 per point of both fan factors x 1,000)."""

import random

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import season as sq
from roster_app.rules.dice import typed_roll
from roster_app.services.league import memory_league
from roster_app.services.prematch import roll_fans
from roster_app.services.season import generate_season
from roster_app.store.models import DiceRoll, Match
from tests.helpers import snapshot
from tests.season_helpers import build_teams, report


@pytest.fixture
def lrb6():
    """Orcland Raiders (fan factor 6) v Reikland Reavers (fan factor 5), LRB 6."""
    db = memory_league(ruleset_key="lrb6")
    build_teams(db, 2)
    generate_season(db)
    yield db
    db.close()


def _gate(db, match_id: int) -> int:
    with db.read() as session:
        return session.get(Match, match_id).gate


def test_lrb6_gate_is_both_teams_fans_counted_before_the_match(lrb6):
    """Orcland Raiders roll 4+5 (+6): 15,000 fans; Reikland Reavers 1+1 (+5): 7,000. The gate is 22,000."""
    [m] = sq.fixtures(lrb6)
    roll_fans(lrb6, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [4, 5]))
    roll_fans(lrb6, match_id=m.id, team_id=m.away_id, roll=typed_roll("2D6", [1, 1]))
    before = snapshot(lrb6)
    with pytest.raises(RuleViolation, match="The gate of this game is 22,000 spectators, both teams' fans"):
        report(lrb6, m.id, 1, 0, gate=33_000)
    with pytest.raises(RuleViolation, match="In LRB 6 the gate is not rolled with the report"):
        report(lrb6, m.id, 1, 0, gate=None, gate_faces=[3] * 11)
    assert snapshot(lrb6) == before
    with lrb6.read() as session:
        rolls = len(session.scalars(select(DiceRoll)).all())
    report(lrb6, m.id, 1, 0, gate=None, rng=random.Random(1))
    assert _gate(lrb6, m.id) == 22_000
    with lrb6.read() as session:
        purposes = [r.purpose for r in session.scalars(select(DiceRoll).order_by(DiceRoll.id)).all()[rolls:]]
    assert "Gate" not in purposes  # the fans' dice are the gate's: nothing rolled again


def test_lrb6_gate_typed_as_counted_is_taken(lrb6):
    [m] = sq.fixtures(lrb6)
    roll_fans(lrb6, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [6, 6]))
    roll_fans(lrb6, match_id=m.id, team_id=m.away_id, roll=typed_roll("2D6", [2, 3]))
    report(lrb6, m.id, 0, 0, gate=(12 + 6 + 5 + 5) * 1_000)
    assert _gate(lrb6, m.id) == 28_000


def test_lrb6_fans_not_counted_are_named_and_nothing_is_written(lrb6):
    [m] = sq.fixtures(lrb6)
    roll_fans(lrb6, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [4, 5]))
    before = snapshot(lrb6)
    with pytest.raises(RuleViolation, match="The fans of Reikland Reavers have not been counted: in LRB 6 they"):
        report(lrb6, m.id, 1, 0, gate=None)
    with pytest.raises(RuleViolation, match="in steps of 1,000 spectators; 7500 cannot be right"):
        report(lrb6, m.id, 1, 0, gate=7_500)
    assert snapshot(lrb6) == before
    # the away fans counted now, through the same service, make the gate
    roll_fans(lrb6, match_id=m.id, team_id=m.away_id, roll=typed_roll("2D6", [1, 1]))
    report(lrb6, m.id, 1, 0, gate=None)
    assert _gate(lrb6, m.id) == 22_000


def test_lrb6_gate_typed_where_no_fans_were_counted_is_the_commissioners(lrb6):
    [m] = sq.fixtures(lrb6)
    report(lrb6, m.id, 1, 0, gate=20_000)
    assert _gate(lrb6, m.id) == 20_000


def test_lrb4_keeps_the_third_editions_gate():
    """LRB 4: one D6 per point of both fan factors (Orcland Raiders 6 + Reikland Reavers 5: 11 dice) x 1,000."""
    db = memory_league()
    build_teams(db, 2)
    generate_season(db)
    [m] = sq.fixtures(db)
    with pytest.raises(RuleViolation, match="counts no FAME"):
        roll_fans(db, match_id=m.id, team_id=m.home_id)
    report(db, m.id, 1, 0, gate=None, gate_faces=[2] * 11)
    assert _gate(db, m.id) == 22_000
    db.close()
