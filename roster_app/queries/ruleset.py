"""Read side of the league's house rules: the list of its ruleset tables for the Rules window."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from roster_app.i18n import _
from roster_app.rules.ruleset import TABLES, provenance, source_badge, source_detail
from roster_app.store.db import LeagueDB
from roster_app.store.models import RulesetTable


@dataclass(frozen=True)
class RuleTableRow:
    """One table of the league's ruleset: its title, whether it is still the league default, and its note."""

    key: str
    title: str
    is_default: bool
    updated_at: datetime | None
    note: str
    source: str = ""  # where its numbers come from, in words ("From LRB 6 (...)", "League default (...)")
    source_badge: str = ""  # the same, short: "from the article", "from LRB 6", "league default"
    source_detail: str = ""  # the file and commit it was read from (a tooltip for whoever checks it)

    @property
    def id(self) -> str:
        return self.key


def rule_tables(db: LeagueDB) -> list[RuleTableRow]:
    """Every table of the league's ruleset, in the order of TABLES."""
    with db.read() as session:
        rows = {row.key: row for row in session.scalars(select(RulesetTable))}
    out = []
    for key, title in TABLES.items():
        row = rows.get(key)
        data = row.data if row is not None else {}
        note = data.get("note", "") if isinstance(data, dict) else ""
        out.append(RuleTableRow(key, _(title), row is None or row.is_default, row.updated_at if row else None, note,
                                provenance(data), source_badge(data), source_detail(data)))  # fmt: skip
    return out
