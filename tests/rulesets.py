"""Test helpers for rulesets: edit a league's own ruleset (positions with flags the bundled lists do not have),
and name a race's position for a role on whichever ruleset a test runs (`position`)."""

from __future__ import annotations

import copy

from sqlalchemy import select

from roster_app.rules.ruleset import Ruleset
from roster_app.store.db import LeagueDB
from roster_app.store.models import RulesetTable

RULESET_KEYS = ("lrb4", "lrb5", "lrb6")  # every bundled ruleset: the modules that run on each


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


def position(db: LeagueDB | Ruleset, race: str, role: str) -> str:
    """The name `race`'s position for `role` has in the league's ruleset, so one test runs on every ruleset.

    "Lineman" is the race's basic Lineman ("Orc Lineman" in LRB 4.0, "Lineman" in LRB 5/6; the Dwarf
    Longbeard or Blocker); any other role is the position of that name or ending in it ("Blitzer" is
    "Orc Blitzer" in LRB 4.0). A role the race has no (single) position for fails the test in words.
    """
    ruleset = db if isinstance(db, Ruleset) else db.ruleset
    team = ruleset.race(race)
    if role == "Lineman":
        return team.basic_lineman.name
    found = [p.name for p in team.positions if p.name == role] or [
        p.name for p in team.positions if p.name.endswith(f" {role}")
    ]
    if len(found) != 1:
        raise AssertionError(f"{ruleset.name}: the {race} team list has no single {role!r} ({found or 'none'})")
    return found[0]


def positions(db: LeagueDB | Ruleset, race: str, *roles: str) -> tuple[str, ...]:
    return tuple(position(db, race, role) for role in roles)


def play_economy_as_made(db: LeagueDB) -> None:
    """Let the league play the 3rd-edition economy an older league was made with (the Match Winnings Table by
    the gate, lrb4's Fan Factor Table, the seed's post-match order), whatever its ruleset: for tests whose gold is worked out that way."""
    from roster_app.rules.ruleset import economy_as_made, load_bundled
    from roster_app.services.ruleset import set_table

    set_table(db, key="fan_factor", data=load_bundled("lrb4").table("fan_factor"))
    set_table(db, key="economy", data=economy_as_made())
    set_table(db, key="post_match", data=load_bundled("lrb4").table("post_match"))  # the seed's order, as made
