"""Properties: whatever sequence of roster operations runs, the treasury equals the ledger and no gold
appears from nowhere; refused operations change nothing."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster_app.errors import DugoutError
from roster_app.services.players import hire_player, retire_player
from roster_app.services.teams import set_counter
from tests.helpers import ledger_sum, snapshot, treasury

POSITIONS = ["Orc Lineman", "Goblin", "Orc Blitzer", "Black Orc Blocker", "Orc Thrower", "Troll"]
operation = st.one_of(
    st.tuples(st.just("hire"), st.sampled_from(POSITIONS)),
    st.tuples(st.just("retire"), st.integers(0, 20)),
    st.tuples(st.just("counter"), st.sampled_from(["rerolls", "cheerleaders", "apothecary"]), st.integers(0, 9)),
    st.tuples(st.just("undo"), st.integers(0, 5)),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(operation, min_size=1, max_size=30))
def test_treasury_always_equals_the_ledger(ops):
    from roster_app.services.league import memory_league
    from roster_app.services.teams import add_team

    db = memory_league()
    team = add_team(db, name="Orcs", race="Orc", treasury=700_000).result
    changes, players = [], []
    spent_on_record = 0
    for op in ops:
        before = snapshot(db)
        try:
            if op[0] == "hire":
                change = hire_player(db, team_id=team, position=op[1], name="P")
                players.append(change.result)
            elif op[0] == "retire" and players:
                change = retire_player(db, player_id=players[op[1] % len(players)])
            elif op[0] == "counter":
                change = set_counter(
                    db, team_id=team, counter=op[1], value=op[2] if op[1] != "apothecary" else op[2] % 2
                )
            elif op[0] == "undo" and changes:
                db.replay(changes.pop(), forward=False)
                continue
            else:
                continue
            changes.append(change)
        except DugoutError:
            assert snapshot(db) == before
        assert treasury(db, team) == ledger_sum(db, team) >= 0
        spent_on_record = 700_000 - treasury(db, team)
        assert spent_on_record >= 0
    db.close()
