"""House rules: the league's own copy of its ruleset, edited table by table, reset, exported and imported.

Every table is checked (its shape, its dice ranges, and what it shares with other tables) before anything
is written; a refusal names the table, the row and the problem. A table is marked "league default" while
it equals the bundled table of the league's ruleset.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from roster_app.errors import NotFound, RulesetError, RuleViolation
from roster_app.i18n import _
from roster_app.queries.fetch import current_season, league_row
from roster_app.rules.ruleset import TABLES, Ruleset, load_bundled
from roster_app.rules.schema import check_links, check_table
from roster_app.safety.atomic import atomic_text, json_problem
from roster_app.safety.backups import backup_open_league
from roster_app.store import sqlite_file
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, RulesetTable, utcnow
from roster_app.words import number

FORMAT = "dugout-ruleset"
FORMAT_VERSION = 1
META_KEYS = ("table", "note", "source")  # words about a table, not rules: ignored when comparing with the default


def title_of(key: str) -> str:
    if key not in TABLES:
        raise RuleViolation(_("'{key}' is not a table Dugout knows.").format(key=key))
    return _(TABLES[key])


def bundled_default(ruleset_key: str, key: str) -> Any | None:
    """The table as the bundled ruleset has it, or None when this Dugout does not bundle that ruleset."""
    try:
        return load_bundled(ruleset_key).table(key)
    except (NotFound, RulesetError):
        return None


def is_league_default(data: Any, default: Any) -> bool:
    def rules_only(value: Any) -> Any:
        return {k: v for k, v in value.items() if k not in META_KEYS} if isinstance(value, dict) else value

    return default is not None and rules_only(data) == rules_only(default)


def _problem(exc: RulesetError) -> str:
    title = _(TABLES[exc.where]) if exc.where in TABLES else exc.where
    return f"{title}, {exc.entry}: {exc.problem}" if exc.entry else f"{title}: {exc.problem}"


def season_refusal(session: Session) -> str | None:
    """Why the economy cannot change now (a season under way, a post-match sequence unfinished), or None."""
    season = current_season(session)
    played = session.scalars(select(Match).where(Match.season == season, Match.status != "scheduled")).first()
    if played is not None:
        return (_("Season {season} is under way (a match has been played): the league's economy changes only at a " "season's end, so that every match of a season is paid by the same rules. End the season first " "(League > End Season), then switch.").format(season=season))  # fmt: skip
    open_sequence = session.scalars(select(Match).where(Match.status == "played")).first()
    if open_sequence is not None:
        return (_("The post-match sequence of a season {season} match is not finished: finish it with the economy it " "was played under, then switch.").format(season=open_sequence.season))  # fmt: skip
    return None


def check_economy_edit(session: Session, ruleset: Ruleset, changed: Mapping[str, Any]) -> None:
    """An edit that changes the Economy table's rules mid-season is refused in words (its notes may change)."""
    data = changed.get("economy")
    if data is None or is_league_default(data, ruleset.table("economy")):
        return
    refusal = season_refusal(session)
    if refusal:
        raise RuleViolation(_("{refusal} Nothing was changed.").format(refusal=refusal))


def check_tables(db: LeagueDB, changed: Mapping[str, Any]) -> None:
    """Check the tables about to replace the league's (RulesetError names the table by its key)."""
    for key, data in changed.items():
        check_table(key, data)
    check_links({**db.ruleset.tables, **changed})


def _row(session: Session, key: str) -> RulesetTable:
    row = session.get(RulesetTable, key)
    return row if row is not None else RulesetTable(key=key, data={})


def _store(session: Session, key: str, data: Any, default: Any) -> bool:
    """Write one table; False when it already held exactly this data."""
    row = _row(session, key)
    if row.data == data:
        return False
    row.data = copy.deepcopy(data)
    row.is_default = is_league_default(data, default)
    row.updated_at = utcnow()
    session.add(row)
    return True


def set_table(db: LeagueDB, *, key: str, data: Any, what: str | None = None) -> Change:
    """Replace one table of the league's ruleset (checked first); `what` says what changed, for the undo text."""
    title = title_of(key)
    try:
        check_tables(db, {key: data})
    except RulesetError as exc:
        raise RuleViolation(_("{problem}. Nothing was changed.").format(problem=_problem(exc))) from None
    default = bundled_default(db.ruleset.key, key)
    with db.write() as tx:
        check_economy_edit(tx.session, db.ruleset, {key: data})
        _store(tx.session, key, data, default)
        tx.label = f"{title}: {what}" if what else _("edit of the {title}").format(title=title)
        tx.result = key
    return tx.change


def reset_table(db: LeagueDB, *, key: str) -> Change:
    """Put one table back as the bundled ruleset has it ("Reset to default")."""
    title = title_of(key)
    default = bundled_default(db.ruleset.key, key)
    if default is None:
        raise RuleViolation(
            _(
                "This Dugout does not bundle the league's ruleset ({name}), so the {title} has no default to go back "
                "to."
            ).format(name=db.ruleset.name, title=title)
        )
    try:
        check_tables(db, {key: default})
    except RulesetError as exc:
        raise RuleViolation(
            _("The default {title} does not fit the league's other tables: {problem}.").format(
                title=title, problem=_problem(exc)
            )
        ) from None
    with db.write() as tx:
        check_economy_edit(tx.session, db.ruleset, {key: default})
        _store(tx.session, key, default, default)
        tx.label = _("reset of the {title} to the league default").format(title=title)
        tx.result = key
    return tx.change


# -- files ----------------------------------------------------------------------------------------------
RULESET_BYTES = 10 << 20  # a whole ruleset exports as ~60 KB; a file is read into memory whole


def _read_document(path: Path) -> Any:
    problem = sqlite_file.not_a_file(path, "ruleset file")  # a named pipe would never finish reading
    if problem is not None:
        raise RuleViolation(_("{problem} Nothing was imported.").format(problem=problem))
    if (size := path.stat().st_size) > RULESET_BYTES:
        raise RuleViolation(
            _("'{name}' is {size} bytes long: too large to be a ruleset. Nothing was imported.").format(
                name=path.name, size=number(size)
            )
        )
    try:  # utf-8-sig: a byte-order mark (Windows Notepad saves one) is read past, as a spreadsheet program does
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except RecursionError:
        raise RuleViolation(
            _("'{name}' is nested too deeply to be a ruleset. Nothing was imported.").format(name=path.name)
        ) from None
    except json.JSONDecodeError as exc:
        raise RuleViolation(
            _(
                "'{name}' is not a readable ruleset: line {lineno} column {colno} is not valid JSON ({msg}). Nothing "
                "was imported."
            ).format(name=path.name, lineno=exc.lineno, colno=exc.colno, msg=exc.msg)
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or _("it is not a text file")
        raise RuleViolation(
            _("'{name}' cannot be read ({reason}). Nothing was imported.").format(name=path.name, reason=reason)
        ) from None
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise RuleViolation(
            _("'{name}' holds a number far too long to be a rule. Nothing was imported.").format(name=path.name)
        ) from None


def tables_in(document: Any, name: str) -> dict[str, Any]:
    """The tables a ruleset file holds: an exported ruleset, or one table file as Dugout ships them."""
    if isinstance(document, dict) and isinstance(document.get("tables"), dict):
        tables = document["tables"]
    elif isinstance(document, dict) and document.get("table") in TABLES:
        tables = {document["table"]: document}
    else:
        raise RuleViolation(
            _("'{name}' is not a Dugout ruleset: it holds no tables. Nothing was imported.").format(name=name)
        )
    unknown = [key for key in tables if key not in TABLES]
    if unknown:
        raise RuleViolation(
            _("'{name}' holds tables Dugout does not know ({items}). Nothing was imported.").format(
                name=name, items=", ".join(unknown)
            )
        )
    return dict(tables)


def import_ruleset(db: LeagueDB, *, path: Path | str) -> Change:
    """Replace the league's tables with those of a ruleset file, every one checked first, in one transaction.

    Tables the file does not hold are kept. The result is the list of table keys that changed.
    """
    path = Path(path)
    tables = tables_in(_read_document(path), path.name)
    try:
        check_tables(db, tables)
    except RulesetError as exc:
        raise RuleViolation(
            _("'{name}' was not imported. {problem}.").format(name=path.name, problem=_problem(exc))
        ) from None
    ruleset_key = db.ruleset.key
    backup_open_league(db, reason="before import")
    with db.write() as tx:
        check_economy_edit(tx.session, db.ruleset, tables)
        changed = [key for key in TABLES if key in tables and
                   _store(tx.session, key, tables[key], bundled_default(ruleset_key, key))]  # fmt: skip
        tx.label = _("import of the ruleset from {name}").format(name=path.name)
        tx.result = changed
    return tx.change


def ruleset_document(db: LeagueDB) -> dict[str, Any]:
    """The league's ruleset as an export file holds it: what it is, which tables are house rules, every table."""
    ruleset = db.ruleset
    with db.read() as session:
        league = league_row(session).name
        edited = set(session.scalars(select(RulesetTable.key).where(RulesetTable.is_default.is_(False))))
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "name": ruleset.name,
        "key": ruleset.key,
        "league": league,
        "exported_at": datetime.now(UTC).replace(microsecond=0).isoformat(),
        "house_rules": [key for key in TABLES if key in edited],
        "tables": {key: ruleset.table(key) for key in TABLES},
    }


def export_ruleset(db: LeagueDB, *, path: Path | str) -> Change:
    """Write the league's ruleset to a readable JSON file (a temporary file first, then renamed into place).

    Nothing in the league changes, so the Change is empty; its result is the path written.
    """
    path = Path(path)
    text = json.dumps(ruleset_document(db), indent=2, ensure_ascii=False) + "\n"
    with atomic_text(path, verify=json_problem) as handle:  # beside it, checked, then renamed: never half a file
        handle.write(text)
    return Change(_("export of the ruleset to {name}").format(name=path.name), result=path)
