"""Rosters and ledgers as CSV for spreadsheets (UTF-8 with a byte-order mark), written atomically."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from roster_app.queries import rosters as queries
from roster_app.safety.atomic import atomic_text, text_problem
from roster_app.store.db import LeagueDB

CSV_ENCODING = "utf-8-sig"  # the byte-order mark lets spreadsheet programs read names with accents
ROSTER_COLUMNS = ["Team", "Number", "Name", "Race", "Position", "MA", "ST", "AG", "AV", "Starting skills",  # i18n: keep (the CSV file format's columns)
                  "Gained skills", "Injuries", "SPP", "Level", "Rolls due", "Value", "Status", "Contract"]  # fmt: skip  # i18n: keep (the CSV file format's columns)
LEDGER_COLUMNS = ["Team", "Date", "Season", "Kind", "Reason", "Amount", "Balance"]


def _teams(db: LeagueDB, team_ids: Iterable[int] | None) -> list[queries.TeamItem]:
    teams = queries.teams(db)
    if team_ids is None:
        return teams
    wanted = list(team_ids)
    by_id = {t.id: t for t in teams}
    return [by_id[i] for i in wanted if i in by_id]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula (`=HYPERLINK(..)`, `+cmd|..`, `@SUM(..)`) gets a leading
    single quote, as OWASP advises; numbers (a negative amount) are numbers and stay as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _write_csv(destination: Path | str, header: list[str], rows: Iterable[list[Any]]) -> Path:
    """Every CSV Dugout writes goes through here, so every text cell is neutralised."""
    with atomic_text(destination, encoding=CSV_ENCODING, newline="", verify=text_problem(CSV_ENCODING)) as handle:
        writer = csv.writer(handle)
        writer.writerow([safe_cell(cell) for cell in header])
        writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return Path(destination)


write_csv = _write_csv  # the one writer, for the other CSV exports (history_files.py)


def export_rosters_csv(db: LeagueDB, destination: Path | str, *, team_ids: Iterable[int] | None = None) -> Path:
    """The players on the rosters of the teams (all teams by default), one line each."""

    def lines() -> Iterable[list[Any]]:
        for team in _teams(db, team_ids):
            for p in queries.roster(db, team.id):
                yield [team.name, p.number, p.name, p.race, p.position, p.ma, p.st, p.ag, p.av,
                       "; ".join(p.starting_skills), "; ".join(p.skills), "; ".join(p.injuries), p.spp, p.level,
                       p.rolls_due, p.value, p.status, p.contract_text]  # fmt: skip

    return _write_csv(destination, ROSTER_COLUMNS, lines())


def export_ledger_csv(db: LeagueDB, destination: Path | str, *, team_ids: Iterable[int] | None = None) -> Path:
    """Every ledger entry of the teams (all teams by default) with the running balance."""

    def lines() -> Iterable[list[Any]]:
        for team in _teams(db, team_ids):
            for r in queries.ledger(db, team.id):
                stamp = (
                    r.created_at.isoformat(timespec="seconds")
                    if hasattr(r.created_at, "isoformat")
                    else r.created_at
                )
                yield [team.name, stamp, r.season, r.kind, r.reason, r.amount, r.balance]

    return _write_csv(destination, LEDGER_COLUMNS, lines())
