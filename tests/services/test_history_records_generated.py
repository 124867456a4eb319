"""The league's records of a generated league (bench/make_league.py's generator, its lines varied) equal a
straightforward computation over every match line (issue 40: the records read in fewer, grouped passes)."""

from __future__ import annotations

import random
import sqlite3

import pytest

import bench.make_league as make
from roster_app.queries import history
from roster_app.queries.careers import carried_spp
from roster_app.safety.opening import open_league

TOTALS = ("touchdowns", "casualties", "spp")


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    path = tmp_path_factory.mktemp("generated") / "league.dugout"
    saved = make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS
    make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS = 8, 2, 3, 20
    try:
        make.generate(path)
    finally:
        make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS = saved
    rng = random.Random(40)
    with sqlite3.connect(path) as conn:  # lines of every size, some games not yet played, ties at the top
        ids = [row[0] for row in conn.execute("SELECT id FROM match_player")]
        for line in ids:
            td, cas = rng.choice((0, 0, 0, 1, 1, 2, 3)), rng.choice((0, 0, 1, 1, 2, 4))
            conn.execute("UPDATE match_player SET touchdowns = ?, casualties = ?, spp = ? WHERE id = ?",
                         (td, cas, 3 * td + 2 * cas + rng.choice((0, 0, 1)), line))  # fmt: skip
        conn.execute("UPDATE match SET status = 'scheduled' WHERE id % 17 = 0")
    db = open_league(path, read_only=True)
    yield path, db
    db.close()


def straightforward(path, db, upto=None):  # noqa: ANN001, ANN201
    """Every record computed from the lines one by one: the best line (first to reach it), every player's
    season and career totals (a tie goes to the total whose first game came first, then the lower player id)."""
    with sqlite3.connect(path) as conn:
        lines = conn.execute(
            "SELECT mp.player_id, mp.touchdowns, mp.casualties, mp.spp, m.id, m.season, m.round FROM match_player mp "
            "JOIN match m ON m.id = mp.match_id WHERE m.status IN ('played', 'completed')"
        ).fetchall()
        listed = {pid for (pid,) in conn.execute("SELECT id FROM player WHERE team_id IS NOT NULL")}
    if upto is not None:
        lines = [line for line in lines if (line[5], line[6]) <= upto]
    with db.read() as session:
        carried = carried_spp(session)
    out = {}
    for i, what in enumerate(TOTALS, start=1):
        best = min(((-line[i], line[5], line[6], line[4], line[0]) for line in lines if line[i] > 0), default=None)
        if best is not None:
            out[f"{what}_game"] = (-best[0], best[4], best[1])
        seasons: dict = {}
        careers: dict = {pid: [spp, 0] for pid, spp in carried.items()} if what == "spp" else {}
        for line in lines:
            season = seasons.setdefault((line[0], line[5]), [0, line[4]])
            season[0] += line[i]
            season[1] = min(season[1], line[4])
            career = careers.setdefault(line[0], [0, line[4]])
            career[0] += line[i]
            career[1] = min(career[1], line[4]) if career[1] else line[4]
        top = min(((-t, first, pid, season) for (pid, season), (t, first) in seasons.items()
                   if t > 0 and pid in listed), default=None)  # fmt: skip
        if top is not None:
            out[f"{what}_season"] = (-top[0], top[2], top[3])
        top = min(
            ((-t, first, pid) for pid, (t, first) in careers.items() if t > 0 and pid in listed), default=None
        )
        if top is not None:
            out[f"{what}_career"] = (-top[0], top[2], None)
    return out


@pytest.mark.parametrize("upto", [None, (2, 3), (3, 1)])
def test_the_records_of_a_generated_league_equal_a_straightforward_computation(generated, upto):
    path, db = generated
    expected = straightforward(path, db, upto)
    rows = {row.key: row for row in history.records(db, upto=upto) if row.key not in ("transfer", "contract")}
    got = {
        key: (row.value, row.holder_id, None if key.endswith("_career") else row.season)
        for key, row in rows.items()
    }
    assert got == expected
    assert len(expected) == 9
