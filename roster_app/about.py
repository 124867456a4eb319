"""What Help > About tells: the version, the rulesets, and where the league's files live (Qt-free)."""

from __future__ import annotations

import json
import platform
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from roster_app import __version__
from roster_app.paths import data_dir, log_dir, resources_dir
from roster_app.safety.backups import backups_dir


@dataclass(frozen=True)
class BundledRuleset:
    key: str
    name: str
    version: int


@dataclass(frozen=True)
class OpenLeague:
    name: str
    path: Path
    ruleset_name: str
    edited_tables: tuple[str, ...]  # house rules: ruleset tables changed from the bundled defaults
    backups: Path
    read_only: bool


@dataclass(frozen=True)
class AboutFacts:
    version: str
    python: str
    rulesets: tuple[BundledRuleset, ...]
    data_dir: Path
    log_dir: Path
    league: OpenLeague | None


def bundled_rulesets() -> tuple[BundledRuleset, ...]:
    """Every ruleset shipped with this Dugout, from the manifests only (no table is loaded)."""
    out = []
    for manifest in sorted((resources_dir() / "rulesets").glob("*/ruleset.json")):
        data = json.loads(manifest.read_text(encoding="utf-8"))
        out.append(BundledRuleset(manifest.parent.name, data["name"], int(data.get("version", 1))))
    return tuple(out)


def open_league_facts(db: Any) -> OpenLeague:
    from sqlalchemy import select

    from roster_app.queries.rosters import league_info
    from roster_app.store.models import RulesetTable

    info = league_info(db)
    with db.read() as session:
        edited = session.scalars(select(RulesetTable.key).where(RulesetTable.is_default.is_(False))).all()
    path = Path(db.path)
    return OpenLeague(info.name, path, info.ruleset_name, tuple(sorted(edited)), backups_dir(path), info.read_only)


def about_facts(db: Any = None) -> AboutFacts:
    """The facts for the About box; `db` is the open league (or None)."""
    league = open_league_facts(db) if db is not None and db.path is not None else None
    return AboutFacts(
        version=__version__,
        python=f"Python {platform.python_version()}",
        rulesets=bundled_rulesets(),
        data_dir=data_dir(),
        log_dir=log_dir(),
        league=league,
    )
