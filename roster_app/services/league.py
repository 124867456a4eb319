"""The league itself: seeding a new league file, renaming it."""

from __future__ import annotations

from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.rules.ruleset import TABLES, Ruleset
from roster_app.services.common import league_row
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import League, Referee, RulesetTable, Season


def seed_new_league(db: LeagueDB, *, name: str, ruleset: Ruleset) -> Change:
    """Fill a new, empty league file: the league record, its own copy of the ruleset, season 1, sample Star Refs."""
    with db.write(f"create league {name}") as tx:
        session = tx.session
        session.add(League(name=name, ruleset_name=ruleset.name, ruleset_key=ruleset.key))
        for key in TABLES:
            session.add(RulesetTable(key=key, data=ruleset.table(key), is_default=True))
        session.add(Season(number=1))
        add_sample_star_refs(session, ruleset)
        tx.undoable = False
    return tx.change


def add_sample_star_refs(session: Session, ruleset: Ruleset) -> None:
    for ref in ruleset.table("star_refs")["refs"]:
        session.add(
            Referee(
                name=ref["name"], race=ref["race"], is_star=True, is_sample=True,
                ma=ref["ma"], st=ref["st"], ag=ref["ag"], av=ref["av"],
                skills=list(ref["skills"]), equipment=list(ref["equipment"]),
                description=ref.get("description", ""),
            )
        )  # fmt: skip


def rename_league(db: LeagueDB, *, name: str) -> Change:
    name = name.strip()
    if not name:
        raise RuleViolation("A league needs a name.")
    with db.write(f"rename league to {name}") as tx:
        league = league_row(tx.session)
        league.name = name
        tx.session.add(league)
    return tx.change
