"""League-wide reads over the large league against the plain SQL aggregate run with raw sqlite3 (connection
open, same run, interleaved): the league table, the leaders, the treasury of every team from its ledger, and
a team's match history. Each within 2x.

    python bench/queries.py [--reps N]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import interleaved, large_league_main, record  # noqa: E402
from roster_app.store import sqlite_file  # noqa: E402

STANDINGS_SQL = """
WITH sides AS (
    SELECT home_team_id AS team_id, home_score AS tf, away_score AS ta, home_casualties AS cf, away_casualties AS ca
    FROM match WHERE season = :season AND stage = 'league' AND status IN ('played', 'completed')
    UNION ALL
    SELECT away_team_id, away_score, home_score, away_casualties, home_casualties
    FROM match WHERE season = :season AND stage = 'league' AND status IN ('played', 'completed')
)
SELECT t.id, t.name, t.race, count(s.team_id), sum(s.tf > s.ta), sum(s.tf = s.ta), sum(s.tf < s.ta),
       coalesce(sum(s.tf), 0), coalesce(sum(s.ta), 0), coalesce(sum(s.cf), 0), coalesce(sum(s.ca), 0),
       3 * sum(s.tf > s.ta) + sum(s.tf = s.ta) AS points
FROM team t LEFT JOIN sides s ON s.team_id = t.id
GROUP BY t.id
ORDER BY points DESC, coalesce(sum(s.tf), 0) - coalesce(sum(s.ta), 0) DESC, lower(t.name)
"""

LEADERS_SQL = """
SELECT p.id, p.name, t.name, p.position, sum(mp.{column}) AS total
FROM player p JOIN match_player mp ON mp.player_id = p.id JOIN match m ON m.id = mp.match_id
JOIN team t ON t.id = mp.team_id
WHERE m.season = :season AND m.status IN ('played', 'completed')
GROUP BY p.id, p.name, t.name, p.position HAVING total > 0 ORDER BY total DESC, p.name LIMIT 10
"""

BALANCES_SQL = """
SELECT t.id, t.name, t.treasury, coalesce(sum(l.amount), 0), count(l.id)
FROM team t LEFT JOIN ledger_entry l ON l.team_id = t.id GROUP BY t.id ORDER BY t.id
"""


def measure(path: Path, reps: int) -> None:
    from roster_app.queries import ledger as ledger_queries
    from roster_app.queries import season as season_queries
    from roster_app.safety.opening import open_league

    db = open_league(path, read_only=True)
    conn = sqlite_file.connect(path, read_only=True)
    try:
        season = conn.execute("SELECT current_season FROM league").fetchone()[0]
        teams = [row[0] for row in conn.execute("SELECT id FROM team ORDER BY id LIMIT 4")]
        raw = lambda sql, **p: conn.execute(sql, p).fetchall()  # noqa: E731
        floor, ms, times = interleaved(lambda: season_queries.league_table(db),
                                       lambda: raw(STANDINGS_SQL, season=season), reps)  # fmt: skip
        record("league table (standings)", "raw sqlite3 aggregate", floor, ms, 2.0, note=f"read {times} times")
        floor, ms, _ = interleaved(lambda: [season_queries.leaders(db, w) for w in season_queries.LEADER_COLUMNS],
                                lambda: [raw(LEADERS_SQL.format(column=w), season=season)
                                         for w in season_queries.LEADER_COLUMNS], reps)  # fmt: skip
        record("leaders (touchdowns, casualties, SPP)", "raw sqlite3 aggregates", floor, ms, 2.0)
        floor, ms, _ = interleaved(lambda: ledger_queries.balances(db), lambda: raw(BALANCES_SQL), reps)
        rows = conn.execute("SELECT count(*) FROM ledger_entry").fetchone()[0]
        record("treasury of every team from its ledger", "raw sqlite3 aggregate", floor, ms, 2.0,
               note=f"{rows:,} ledger rows")  # fmt: skip
        # the app's one SQL aggregate (roster_app/queries/season.py), run raw
        floor, ms, times = interleaved(lambda: [season_queries.team_history(db, t) for t in teams],
                                       lambda: [raw(season_queries.HISTORY_SQL, team=t) for t in teams], reps)  # fmt: skip
        record(f"{len(teams)} teams' match histories", "raw sqlite3 aggregate", floor, ms, 2.0,
               note=f"read {times} times" if times > 1 else "")  # fmt: skip
    finally:
        conn.close()
        db.close()


def main(argv: list[str] | None = None) -> int:
    return large_league_main(measure, argv, reps=9, qt=False)


if __name__ == "__main__":
    sys.exit(main())
