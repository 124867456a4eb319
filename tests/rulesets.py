"""Test helpers that edit a league's own ruleset (positions with flags the bundled lists do not have)."""

from __future__ import annotations

import copy

from sqlalchemy import select

from roster_app.store.db import LeagueDB
from roster_app.store.models import RulesetTable


def add_position(db: LeagueDB, race: str, *, name: str, cost: int, flags: list[str], max: int = 1) -> None:
    """Add a position (e.g. a Star Player or a Daemon) to `race` in the league's ruleset."""
    with db.write("test ruleset edit") as tx:
        row = tx.session.scalars(select(RulesetTable).where(RulesetTable.key == "races")).one()
        data = copy.deepcopy(row.data)
        for entry in data["races"]:
            if entry["name"] == race:
                entry["positions"].append({
                    "name": name, "max": max, "cost": cost, "ma": 6, "st": 3, "ag": 3, "av": 8, "skills": [],
                    "normal": ["General"], "double": ["Strength"], "flags": flags,
                })  # fmt: skip
        row.data = data
        row.is_default = False
        tx.session.add(row)
