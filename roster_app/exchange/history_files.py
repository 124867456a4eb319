"""The history tables for the league's web page: JSON (everything) or CSV (one table a file), written atomically.

CSV goes through csv_files' writer, so a name that looks like a formula is neutralised.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from roster_app.exchange.csv_files import write_csv
from roster_app.queries import history
from roster_app.safety.atomic import atomic_text, json_problem
from roster_app.store.db import LeagueDB

TABLE_COLUMNS = ["Season", "Position", "Team", "Race", "Played", "Won", "Drawn", "Lost", "TD for", "TD against",
                 "Cas for", "Cas against", "Points", "Champion"]  # fmt: skip  # i18n: keep (the CSV file format's columns)
AWARD_COLUMNS = ["Season", "Award", "Player", "Team", "Value"]
REFEREE_COLUMNS = ["Season", "Referee", "Matches", "Awards", "Sackings", "Deaths"]
RECORD_COLUMNS = ["Record", "Value", "Holder", "Team", "Season", "Where"]
CSV_TABLES = ("seasons", "awards", "referees", "records")


def _seasons(db: LeagueDB) -> list[history.SeasonHistory]:
    return [history.season_history(db, number) for number in history.season_numbers(db)]


def _season_json(s: history.SeasonHistory) -> dict[str, Any]:
    return {
        "season": s.number, "finished": s.finished, "matches": s.matches, "champion": s.champion or None,
        "table": [{k: v for k, v in asdict(row).items() if k != "id"} for row in s.table],
        "awards": [{k: v for k, v in asdict(a).items() if k != "player_id"} for a in s.awards],
        "leaders": {what: [{"rank": r.rank, "player": r.name, "team": r.team, "value": r.value} for r in rows]
                    for what, rows in s.leaders.items()},
        "referees": [{k: v for k, v in asdict(r).items() if k != "id"} for r in s.referees],
    }  # fmt: skip


def _stars_json(db: LeagueDB) -> list[dict[str, Any]]:
    """Each Star Player hired in the league with his career under his own name (issue 32), whoever hired him."""
    from roster_app.queries.freebooters import star_careers

    return [{"name": c.name, "teams": list(c.teams), "games": len(c.games), "touchdowns": c.touchdowns,
             "casualties": c.casualties, "mvps": c.mvps,
             "played": [{k: v for k, v in asdict(g).items() if k != "match_id"} for g in c.games]}
            for c in star_careers(db).values()]  # fmt: skip


def history_data(db: LeagueDB) -> dict[str, Any]:
    """Every season as history, the league's records and the Star Players' careers, as plain JSON-friendly data."""
    records = [{k: v for k, v in asdict(r).items() if k != "holder_id"} for r in history.records(db)]
    return {
        "seasons": [_season_json(s) for s in _seasons(db)],
        "records": records,
        "star_players": _stars_json(db),
    }


def export_history_json(db: LeagueDB, destination: Path | str) -> Path:
    text = json.dumps(history_data(db), ensure_ascii=False, indent=1)
    with atomic_text(destination, encoding="utf-8", verify=json_problem) as handle:
        handle.write(text)
    return Path(destination)


def _rows(db: LeagueDB, table: str) -> tuple[list[str], Iterable[list[Any]]]:
    if table == "records":
        return RECORD_COLUMNS, [[r.title, r.value, r.holder, r.team, r.season or "", r.detail]
                                for r in history.records(db)]  # fmt: skip
    seasons = _seasons(db)
    if table == "seasons":
        return TABLE_COLUMNS, [[s.number, r.position, r.name, r.race, r.played, r.won, r.drawn, r.lost, r.td_for,
                                r.td_against, r.cas_for, r.cas_against, r.points, "yes" if r.id == s.champion_id else ""]
                               for s in seasons for r in s.table]  # fmt: skip
    if table == "awards":
        return AWARD_COLUMNS, [[s.number, a.title, a.name, a.team, a.value] for s in seasons for a in s.awards]
    if table == "referees":
        return REFEREE_COLUMNS, [[s.number, r.name, r.matches, r.awards, r.sackings, r.deaths]
                                 for s in seasons for r in s.referees]  # fmt: skip
    raise ValueError(f"no history table {table!r}")


def export_history_csv(db: LeagueDB, destination: Path | str, *, table: str = "seasons") -> Path:
    """One history table as CSV: the final tables of every season, the awards, the refs' seasons or the records."""
    header, rows = _rows(db, table)
    return write_csv(destination, header, rows)
