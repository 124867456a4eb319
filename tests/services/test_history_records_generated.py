"""The league's records of a generated league (bench/make_league.py's generator, its lines varied) equal a
straightforward computation over every match line (issue 40: the records read in fewer, grouped passes)."""

from __future__ import annotations

import os
import random
import sqlite3

import pytest

from roster_app.queries import history
from roster_app.queries.careers import carried_spp
from roster_app.safety.opening import open_league
from tests.history_helpers import generated_league

TOTALS = ("touchdowns", "casualties", "spp")


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    path = tmp_path_factory.mktemp("generated") / "league.dugout"
    generated_league(path)
    rng = random.Random(40)
    with sqlite3.connect(path) as conn:  # lines of every size, some games not yet played, ties at the top
        ids = [row[0] for row in conn.execute("SELECT id FROM match_player")]
        for line in ids:
            td, cas = rng.choice((0, 0, 0, 1, 1, 2, 3)), rng.choice((0, 0, 1, 1, 2, 4))
            conn.execute("UPDATE match_player SET touchdowns = ?, casualties = ?, spp = ?, mvp = ? WHERE id = ?",
                         (td, cas, 3 * td + 2 * cas + rng.choice((0, 0, 1)), rng.random() < 0.08, line))  # fmt: skip
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


@pytest.fixture(scope="module")
def generated_on_server(generated, pg_databases):
    """The generated league copied to a PostgreSQL database (the same rows: the statements run there too)."""
    from roster_app.exchange.league_copy import copy_league
    from roster_app.safety.opening import open_server_league

    path, _db = generated
    url = pg_databases.create()
    copy_league(path, url)
    db = open_server_league(url, read_only=True)
    yield path, db
    db.close()
    pg_databases.drop(url)


# the PostgreSQL runs only with a server named (tests/services/conftest.py: no skip line a test without one)
BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("DATABASE_URL") or os.environ.get("DUGOUT_REQUIRE_POSTGRES")
                         else [])  # fmt: skip


@pytest.fixture(params=[b if b == "sqlite" else pytest.param(b, marks=pytest.mark.postgres) for b in BACKENDS])
def league(request):
    """The generated league: its file, and the league open from the file or from its copy on a server."""
    return request.getfixturevalue("generated" if request.param == "sqlite" else "generated_on_server")


@pytest.mark.parametrize("few", [history.FEW_PLAYERS, 0])
@pytest.mark.parametrize("upto", [None, (2, 3), (3, 1)])
def test_the_records_of_a_generated_league_equal_a_straightforward_computation(league, upto, few, monkeypatch):
    """`few`: a game record's first line searched among its holders' lines (the default here: a handful of
    players hold each best line), or over every line of its season (0: as when hundreds share a small best)."""
    monkeypatch.setattr(history, "FEW_PLAYERS", few)
    path, db = league
    expected = straightforward(path, db, upto)
    rows = {row.key: row for row in history.records(db, upto=upto) if row.key not in ("transfer", "contract")}
    got = {
        key: (row.value, row.holder_id, None if key.endswith("_career") else row.season)
        for key, row in rows.items()
    }
    assert got == expected
    assert len(expected) == 9


def leaders_straightforward(path, season, upto_round, league_only, limit):  # noqa: ANN001, ANN201
    """Each leaders' list from the lines one by one: a player's total with each team (named), highest first, then
    by name; ties share a rank."""
    with sqlite3.connect(path) as conn:
        lines = conn.execute(
            "SELECT p.id, p.name, t.name, p.position, mp.touchdowns, mp.casualties, mp.spp, mp.mvp, m.round, m.stage "
            "FROM match_player mp JOIN match m ON m.id = mp.match_id JOIN player p ON p.id = mp.player_id "
            "JOIN team t ON t.id = mp.team_id WHERE m.season = ? AND m.status IN ('played', 'completed')", (season,)
        ).fetchall()  # fmt: skip
    out = {}
    for i, what in enumerate((*history.LEADERS, "mvp"), start=4):
        totals: dict = {}
        for line in lines:
            if (upto_round is None or line[8] <= upto_round) and (not league_only or line[9] == "league"):
                totals[line[:4]] = totals.get(line[:4], 0) + int(line[i])
        ranked = sorted(((-t, key[1], key) for key, t in totals.items() if t > 0))[:limit]
        rows = []
        for place, (total, _name, key) in enumerate(ranked, start=1):
            rank = rows[-1][-1] if rows and rows[-1][4] == -total else place
            rows.append((*key, -total, rank))
        out[what] = rows
    return out


def test_a_season_s_leaders_lists_from_one_pass_equal_a_straightforward_computation(league):
    """queries.season.leaders_of (the four lists of a season's history in one pass, the Season page's three) gives
    each list as the lines one by one give it, and as leaders_by gives it alone: the same players, totals, order
    and shared ranks, as a season stands, after a round and in one competition's games."""
    from sqlalchemy import func

    from roster_app.queries import season as sq
    from roster_app.queries.history import LEAGUE_CHOICE, _mvps, in_competition

    path, db = league
    sums = {**{what: func.sum(sq.LEADER_COLUMNS[what]) for what in history.LEADERS}, "mvp": _mvps()}
    for season, upto_round, league_only, limit in [(1, None, False, 5), (2, 3, False, 10), (3, None, True, 3),
                                                   (2, None, False, 200)]:  # fmt: skip
        where = (in_competition(LEAGUE_CHOICE),) if league_only else ()
        lists = sq.leaders_of(db, sums, season=season, limit=limit, upto_round=upto_round, where=where)
        expected = leaders_straightforward(path, season, upto_round, league_only, limit)
        got = {
            what: [(r.id, r.name, r.team, r.position, r.value, r.rank) for r in rows]
            for what, rows in lists.items()
        }
        assert got == expected and all(expected.values())
        for what in history.LEADERS:
            alone = sq.leaders_by(db, sums[what], season=season, limit=limit, upto_round=upto_round, where=where)
            assert lists[what] == alone
        assert sq.leaders_lists(db, list(history.LEADERS), season=season, limit=limit, upto_round=upto_round,
                                where=where) == {what: lists[what] for what in history.LEADERS}  # fmt: skip
    ranks = [row.rank for row in lists["touchdowns"]]  # every player of season 2: ties share a rank
    assert len(set(ranks)) < len(ranks)
