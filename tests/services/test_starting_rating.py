"""A starting team rates 100 whatever it buys with its 1,000,000 gp (3rd edition, the Spike Magazine system):
players, re-rolls, staff and fan factor count at their price, the rest stays in the treasury."""

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster_app.errors import DugoutError
from roster_app.queries import rosters as queries
from roster_app.rules.ruleset import load_bundled
from roster_app.services.league import memory_league
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team, set_counter
from tests.helpers import ledger_sum, treasury

COUNTERS = ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders", "apothecary")


@cache
def races(key: str) -> dict[str, list[str]]:
    return {r.name: [p.name for p in r.positions] for r in load_bundled(key).races.values()}


@st.composite
def purchases(draw):
    """A ruleset, a race, and the buying at creation in any order: hires, and more of a counter (fewer is not
    refunded, so it is not a purchase)."""
    key = draw(st.sampled_from(["lrb4", "lrb5", "lrb6"]))
    race = draw(st.sampled_from(sorted(races(key))))
    buy = st.one_of(
        st.tuples(st.just("hire"), st.sampled_from(races(key)[race])),
        st.tuples(st.just("counter"), st.sampled_from(COUNTERS), st.integers(1, 6)),
    )
    return key, race, draw(st.lists(buy, min_size=1, max_size=24))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=purchases())
def test_a_starting_team_rates_100_whatever_it_bought(plan):
    key, race, buys = plan
    db = memory_league(ruleset_key=key)
    team = add_team(db, name="New Team", race=race).result
    bought = 0
    for number, buy in enumerate(buys, start=1):
        try:
            if buy[0] == "hire":
                hire_player(db, team_id=team, position=buy[1], name=f"Player {number}")
            else:
                has = int(getattr(queries.team_header(db, team), buy[1]))
                set_counter(db, team_id=team, counter=buy[1], value=1 if buy[1] == "apothecary" else has + buy[2])
            bought += 1
        except DugoutError:
            pass  # over the budget or a limit: refused, nothing written
    header = queries.team_header(db, team)
    assert treasury(db, team) == ledger_sum(db, team) == 1_000_000 - header.value
    assert (header.rating, header.winnings_rating) == (100, 100), (bought, header)
    db.close()


def test_buying_fan_factor_at_creation_keeps_the_rating_at_100(db):
    team = add_team(db, name="New Team", race="Orc").result
    set_counter(db, team_id=team, counter="fan_factor", value=3)
    header = queries.team_header(db, team)
    assert (header.treasury, header.value, header.rating) == (970_000, 30_000, 100)
