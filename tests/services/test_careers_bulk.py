"""Every player's career read at once (`player_careers`, the website's player pages) equals his career read alone
(`player_career`), on a generated league (bench/make_league.py's generator) given what a career reads: games
awaiting their post-match sequence (some with their SPP step written), advances, SPP carried from before, refs'
calls, competitions won (a league's winner written or worked out from its table) and lines of games not played.
The SPP carried and the titles also equal the straightforward `carried_spp` and `player_titles` (issue 40)."""

# ruff: noqa: F811  (the tests take the imported league fixture by name)

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from roster_app.queries import careers
from roster_app.queries.competitions import player_titles
from roster_app.safety.opening import open_league
from tests.history_helpers import generated_league

# the same league on PostgreSQL too, as the records' test copies its own (their fixtures, given this module's
# `generated`)
from tests.services.test_history_records_generated import generated_on_server, league  # noqa: F401


def _varied(path) -> None:  # noqa: ANN001
    rng = random.Random(40)
    with sqlite3.connect(path) as conn:
        (current,) = conn.execute("SELECT current_season FROM league").fetchone()
        teams = [row[0] for row in conn.execute("SELECT id FROM team ORDER BY id")]
        for season in range(
            1, current + 1
        ):  # the league's competitions: season 1's winner written, not season 2's
            winner = teams[season % len(teams)] if season != 2 else None
            conn.execute(
                "INSERT INTO competition (season, name, format, position, status, seeding, third_place, rounds, "
                "first_round, shuffle, winner_team_id, reason, created_at) VALUES (?, 'League', 'league', 1, ?, '', "
                "0, 0, 0, 0, ?, '', '2026-01-01 00:00:00')", (season, "finished" if season < current else "drawn", winner))  # fmt: skip
            league = conn.execute("SELECT max(id) FROM competition").fetchone()[0]
            conn.execute("UPDATE match SET competition_id = ? WHERE season = ? AND id % 5 <> 0", (league, season))
            conn.execute(  # a cup of the season, won by the home side of its first game; another one abandoned
                "INSERT INTO competition (season, name, format, position, status, seeding, third_place, rounds, "
                "first_round, shuffle, winner_team_id, reason, created_at) VALUES (?, 'Spike Cup', 'knockout', 2, "
                "'finished', 'draw', 0, 0, 0, 0, NULL, '', '2026-01-01 00:00:00')", (season,))  # fmt: skip
            cup = conn.execute("SELECT max(id) FROM competition").fetchone()[0]
            games = conn.execute("SELECT id, home_team_id FROM match WHERE season = ? AND id % 5 = 0 ORDER BY id",
                                 (season,)).fetchall()  # fmt: skip
            conn.execute("UPDATE match SET competition_id = ? WHERE season = ? AND id % 5 = 0 AND id % 2 = 0",
                         (cup, season))  # fmt: skip
            if games:
                conn.execute("UPDATE competition SET winner_team_id = ? WHERE id = ?", (games[0][1], cup))
            conn.execute(
                "INSERT INTO competition (season, name, format, position, status, seeding, third_place, rounds, "
                "first_round, shuffle, winner_team_id, reason, created_at) VALUES (?, 'Old Cup', 'knockout', 3, "
                "'abandoned', 'draw', 0, 0, 0, 0, ?, 'rain', '2026-01-01 00:00:00')", (season, teams[0]))  # fmt: skip
            old = conn.execute("SELECT max(id) FROM competition").fetchone()[0]
            conn.execute("UPDATE match SET competition_id = ? WHERE season = ? AND id % 5 = 0 AND id % 2 = 1",
                         (old, season))  # fmt: skip
        matches = conn.execute("SELECT id, home_team_id, away_team_id FROM match ORDER BY id").fetchall()
        refs = [row[0] for row in conn.execute("SELECT id FROM referee")]
        for mid, home, away in matches:
            lines = conn.execute("SELECT player_id, team_id FROM match_player WHERE match_id = ? ORDER BY id",
                                 (mid,)).fetchall()  # fmt: skip
            if mid % 3 == 0 and lines:  # awaiting the post-match sequence: the SPP step written for one side
                side = rng.choice((home, away))
                advances = {str(lines[0][0]): ["Block"]} if lines[0][1] == side else {}
                state = {"done": {str(side): ["winnings", "spp"]} if mid % 2 else {str(side): ["winnings"]},
                         "results": {str(side): {"advances": advances}}}  # fmt: skip
                conn.execute(
                    "UPDATE match SET status = 'played', post_match = ? WHERE id = ?", (json.dumps(state), mid)
                )
            elif mid % 11 == 0:
                conn.execute(
                    "UPDATE match SET status = 'scheduled' WHERE id = ?", (mid,)
                )  # lines of a game not played
            elif mid % 4 == 0 and lines:  # a completed game with an advance
                state = {"results": {str(lines[-1][1]): {"advances": {str(lines[-1][0]): ["Dodge", "Guard"]}}}}
                conn.execute("UPDATE match SET post_match = ? WHERE id = ?", (json.dumps(state), mid))
            if refs and lines and mid % 2 == 0:  # a finished sheet, with calls on some players (or none)
                calls = [{"player_id": lines[0][0], "call": "warning", "turn": 3, "why": "a foul"},
                         {"player_id": lines[-1][0], "call": "sent off", "turn": 7},
                         {"player_id": lines[-1][0], "call": "foul spotted"}] if mid % 4 == 0 else []  # fmt: skip
                for _sheet in range(2 if mid % 8 == 0 else 1):
                    conn.execute(
                        "INSERT INTO referee_match (referee_id, match_id, in_range, actions, riot, turns_played, "
                        "casualties, sent_off, state, out_for_match, escaped, result, spp_gained, finished, created_at, "
                        "calls) VALUES (?, ?, '[]', '[]', 0, 16, 0, '[]', 'standing', 0, 0, 'kept', 0, ?, "
                        "'2026-01-01 00:00:00', ?)", (refs[mid % len(refs)], mid, mid % 6 != 0, json.dumps(calls)))  # fmt: skip
        conn.execute("UPDATE player SET spp = spp + 5 WHERE id % 3 = 0")  # SPP from before the league's games
        conn.execute("UPDATE player SET spp = 0 WHERE id % 7 = 0")  # and fewer than his games gave (corrected)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    path = tmp_path_factory.mktemp("generated") / "league.dugout"
    generated_league(path)
    _varied(path)
    db = open_league(path, read_only=True)
    yield path, db
    db.close()


def test_every_career_read_at_once_equals_each_career_read_alone(league, monkeypatch):
    path, db = league
    with sqlite3.connect(path) as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM player ORDER BY id")]
    monkeypatch.setattr(careers, "CAREERS_AT_ONCE", 7)  # several batches
    together = careers.player_careers(db, [*reversed(ids), ids[0], 10**9])  # a repeat and a player not in it
    assert set(together) == set(ids)
    alone = {pid: careers.player_career(db, pid) for pid in ids}
    assert together == alone
    # what the generated league gives them: each thing a career reads is there for some
    assert sum(len(c.games) for c in alone.values()) > 500
    assert any(c.titles for c in alone.values()) and any(len(c.titles) > 1 for c in alone.values())
    assert any(c.calls for c in alone.values()) and any(c.spp_before for c in alone.values())
    assert any(g.advances for c in alone.values() for g in c.games)
    assert any(c.contracts for c in alone.values())
    # the SPP carried and the titles as the straightforward reads give them
    with db.engine.connect() as conn:
        carried = careers.carried_spp(conn)
    assert {pid: c.spp_before for pid, c in alone.items() if c.spp_before} == carried
    from sqlalchemy import select

    from roster_app.store.models import Match, MatchPlayer

    round_players = (
        select(MatchPlayer.player_id)
        .join(Match, Match.id == MatchPlayer.match_id)
        .where(Match.season == 2, Match.round == 1)
    )
    with db.engine.connect() as conn:  # a few players' (their games), many (every game awaiting its sequence)
        among = set(conn.execute(round_players).scalars())
        for chosen in (round_players, sorted(among), sorted(among)[:3], ids[: careers.FEW_CARRIED + 1]):
            wanted = among if chosen is round_players else set(chosen)
            assert careers.carried_spp(conn, chosen) == {p: v for p, v in carried.items() if p in wanted}
    with sqlite3.connect(path) as conn:  # the refs' calls on him, from every finished sheet of his games
        sheets = conn.execute(
            "SELECT mp.player_id, s.match_id, s.calls, r.name FROM referee_match s JOIN referee r ON r.id = "
            "s.referee_id JOIN match_player mp ON mp.match_id = s.match_id WHERE s.finished ORDER BY s.match_id, s.id"
        ).fetchall()
    calls: dict = {}
    for pid, mid, said, ref in sheets:
        calls.setdefault(pid, []).extend(
            (mid, c.get("turn"), c["call"], c.get("why", ""), ref)
            for c in json.loads(said)
            if c["player_id"] == pid and c["call"] in ("warning", "sent off")
        )
    for pid, career in alone.items():
        assert career.calls == (tuple(calls.get(pid, ())) if career.games else ())
        assert career.titles == tuple(f"{h.competition}, season {h.season}" for h in player_titles(db, pid))


def test_a_team_s_timeline_over_plain_sql_counts_its_gold_as_the_chart_s_read_does(league):
    """team_timeline reads plain SQL (the driver on SQLite); treasury_after_games reads through SQLAlchemy: the
    treasury after each game, the rows behind it and every game's result agree."""
    path, db = league
    with sqlite3.connect(path) as conn:
        teams = [row[0] for row in conn.execute("SELECT id FROM team ORDER BY id")]
        ledger = dict(conn.execute("SELECT team_id, sum(amount) FROM ledger_entry GROUP BY team_id").fetchall())
    for team in teams:
        for season in (None, 2):
            timeline = careers.team_timeline(db, team, season=season)
            chart = careers.treasury_after_games(db, team, season=season)
            assert [(p.round, p.treasury) for p in timeline.points] == chart
            assert all(p.ledger[-1].balance == p.treasury for p in timeline.points if p.ledger)
        whole = careers.team_timeline(db, team)
        assert whole.points and whole.points[-1].treasury == ledger.get(
            team, 0
        )  # the last game is after every row
        assert whole.opening + sum(line.amount for p in whole.points for line in p.ledger) == ledger.get(team, 0)


def test_a_referee_s_career_over_plain_sql_counts_his_finished_sheets_and_calls(league):
    path, db = league
    with sqlite3.connect(path) as conn:
        refs = [row[0] for row in conn.execute("SELECT id FROM referee ORDER BY id")]
        sheets = conn.execute(
            "SELECT referee_id, id, match_id, calls FROM referee_match WHERE finished ORDER BY id"
        )
        expected: dict = {}
        for ref, sheet, match, calls in sheets.fetchall():
            kinds = [c["call"] for c in json.loads(calls)]
            expected.setdefault(ref, []).append((sheet, match, kinds.count("sent off"), kinds.count("warning"),
                                                 kinds.count("foul spotted")))  # fmt: skip
    assert refs and expected
    for ref in refs:
        career = careers.referee_career(db, ref)
        got = [(g.sheet_id, g.match_id, g.sent_off, g.warnings, g.fouls_spotted) for g in career.games]
        assert got == expected.get(ref, [])
        assert all(isinstance(g.riot, bool) for g in career.games) and isinstance(career.is_star, bool)
        assert all(g.fixture.count(" v ") == 1 for g in career.games if g.match_id)
