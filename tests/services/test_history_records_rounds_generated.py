"""The records after a round read from the round's players (records_broken's read) equal the records read in
full after that round, on a generated league with lines of every size and many ties at the top (issue 40: the
records' grouped pass a season at a time, its tie-break's first games read for the tied players only)."""

from __future__ import annotations

from roster_app.queries import history
from tests.services.test_history_records_generated import generated  # noqa: F401 - the generated league


def test_the_records_after_each_round_of_a_generated_league_equal_the_records_then(generated):  # noqa: F811
    _path, db = generated
    rounds = history.league_rounds(db)
    assert len({season for season, _round in rounds}) == 3
    for season, rnd in rounds[:: max(1, len(rounds) // 8)] + rounds[-1:]:  # early, middle and last rounds
        before = history.records(db, upto=(season, rnd - 1) if rnd > 1 else (season - 1, 10**6))
        with db.read() as session:
            after = history._records_after_round(session, {r.key: r for r in before}, season, rnd)
        full = [
            r for r in history.records(db, upto=(season, rnd)) if r.key.endswith(("_game", "_season", "_career"))
        ]
        assert after == full, (season, rnd)
