"""Numbers have bounds in the services (issue 36): one definition of the most gold, SPP and count Dugout keeps
(rules/limits.py), refused in words by every service, reported by Check League; a property drives the services
with integers far past the bounds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster_app.errors import DugoutError, RuleViolation
from roster_app.rules.limits import MOST_GOLD, MOST_SPP
from roster_app.safety.check import check_league
from roster_app.services.corrections import correct_fan_factor, correct_gold, correct_spp
from roster_app.services.players import hire_player, update_player
from roster_app.services.teams import add_team, set_counter
from tests.helpers import add_orcs, ledger_sum, snapshot, treasury

SIGNED = {"made_by": "Ann Marsh", "reason": "Counted wrongly"}


@pytest.mark.parametrize("amount", [2**63, -(2**63), 2**62, 2**64 + 5, MOST_GOLD + 1, -(MOST_GOLD + 1)])
def test_a_gold_correction_past_the_most_dugout_keeps_is_refused_in_words(db, amount):
    team = add_orcs(db)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=r"A gold correction is -2,000,000,000 to 2,000,000,000"):
        correct_gold(db, team_id=team, amount=amount, **SIGNED)
    assert snapshot(db) == before


def test_a_gold_correction_may_fill_a_treasury_to_the_most_and_no_further(db):
    team = add_orcs(db)
    room = MOST_GOLD - treasury(db, team)
    with pytest.raises(RuleViolation, match=f"can add at most {room:,} gp"):
        correct_gold(db, team_id=team, amount=room + 1, **SIGNED)
    correct_gold(db, team_id=team, amount=room, **SIGNED)
    assert treasury(db, team) == MOST_GOLD == ledger_sum(db, team)
    assert check_league(db).ok


@pytest.mark.parametrize("spp", [2**63, 2**62, MOST_SPP + 1])
def test_an_spp_correction_past_the_most_is_refused_in_words(db, spp):
    team = add_orcs(db)
    grak = hire_player(db, team_id=team, position="Orc Lineman", name="Grak").result
    with pytest.raises(RuleViolation, match="SPP is 0 to 1,000,000"):
        correct_spp(db, player_id=grak, spp=spp, **SIGNED)


def test_check_league_reports_gold_and_spp_past_the_most(league_file):
    import contextlib
    import sqlite3

    from roster_app.safety.check import check_file

    with contextlib.closing(sqlite3.connect(league_file)) as conn, conn:
        conn.execute(f"UPDATE team SET treasury = {2**62}")
        conn.execute(f"UPDATE ledger_entry SET amount = {2**62}")  # the treasury still equals its ledger
    found = [p.text for p in check_file(league_file).problems]
    assert any("Dugout keeps at most 2,000,000,000 gp" in text for text in found)
    assert any("a ledger row moves at most 2,000,000,000 gp" in text for text in found)


# -- the property: integers past every bound, through the services ---------------------------------------
HUGE = st.one_of(
    st.integers(),
    st.integers(min_value=2**31 - 5, max_value=2**31 + 5),
    st.integers(min_value=MOST_GOLD - 5, max_value=MOST_GOLD + 5),
    st.integers(min_value=2**62, max_value=2**70),
    st.integers(max_value=-(2**62)),
)
SERVICES = {
    "gold": lambda db, ids, n: correct_gold(db, team_id=ids["team"], amount=n, **SIGNED),
    "spp": lambda db, ids, n: correct_spp(db, player_id=ids["player"], spp=n, **SIGNED),
    "fan factor": lambda db, ids, n: correct_fan_factor(db, team_id=ids["team"], fan_factor=n, **SIGNED),
    "new team": lambda db, ids, n: add_team(db, name=f"Team {abs(n) % 10**9}", race="Orc", treasury=n),
    "re-rolls": lambda db, ids, n: set_counter(db, team_id=ids["team"], counter="rerolls", value=n),
    "player value": lambda db, ids, n: update_player(db, player_id=ids["player"], field="value", value=n),
    "player spp": lambda db, ids, n: update_player(db, player_id=ids["player"], field="spp", value=n),
    "shirt number": lambda db, ids, n: update_player(db, player_id=ids["player"], field="number", value=n),
}


@pytest.fixture
def bounded_league(db):
    team = add_orcs(db)
    player = hire_player(db, team_id=team, position="Orc Lineman", name="Grak").result
    return db, {"team": team, "player": player}


@given(steps=st.lists(st.tuples(st.sampled_from(sorted(SERVICES)), HUGE), min_size=1, max_size=8))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_integers_past_the_bounds_are_refused_in_words_and_the_league_stays_sound(bounded_league, steps):
    db, ids = bounded_league
    for service, number in steps:
        before = snapshot(db)
        try:
            SERVICES[service](db, ids, number)
        except DugoutError:
            assert snapshot(db) == before  # refused: nothing written
        # no OverflowError, TypeError or database error gets here: any of them fails the test
    report = check_league(db)
    assert report.ok, report.text()
    with db.read() as session:
        from sqlmodel import select

        from roster_app.store.models import Player, Team

        assert all(0 <= t.treasury <= MOST_GOLD for t in session.scalars(select(Team)))
        assert all(0 <= p.spp <= MOST_SPP and 0 <= p.value <= MOST_GOLD for p in session.scalars(select(Player)))
