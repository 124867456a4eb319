"""The league's own ruleset, read from its tables: the league row names the ruleset, `ruleset_table` holds
each table as the league edited it. Opening a file, a server and the JSON import read it the same way."""

from __future__ import annotations

import sqlite3
import sys
from typing import TYPE_CHECKING, Any

from roster_app.errors import LeagueFileError, RulesetError
from roster_app.i18n import _
from roster_app.rules.ruleset import Ruleset, from_stored

if TYPE_CHECKING:  # no SQLAlchemy at import: a league file is shown before the ORM loads
    from sqlalchemy.engine import Engine

LEAGUE_SQL = "SELECT ruleset_name, ruleset_key FROM league ORDER BY id LIMIT 1"
RULES_SQL = "SELECT key, data FROM ruleset_table"


def load_ruleset(engine: Engine) -> Ruleset:
    """The league's ruleset, read through its own connection."""
    with engine.connect() as conn:
        return ruleset_from_rows(conn.exec_driver_sql(LEAGUE_SQL).first(), conn.exec_driver_sql(RULES_SQL).all())


def ruleset_from_rows(league: Any, rows: list[Any]) -> Ruleset:
    """The ruleset stored in a league (roster_app.rules.ruleset.from_stored: validated once per run)."""
    if league is None:
        raise LeagueFileError(_("The league file has no league record."))
    return from_stored(league[0], league[1], rows)


def ruleset_or_error(load: Any) -> Ruleset:
    """Run a ruleset loader, turning a damaged or unreadable ruleset into a LeagueFileError."""
    try:
        return load()
    except RulesetError as exc:
        raise LeagueFileError(_("The league's house rules are damaged: {exc}").format(exc=exc)) from None
    except (ValueError, TypeError, AttributeError, sqlite3.Error, *_sqlalchemy_errors()) as exc:
        raise LeagueFileError(_("The league's house rules cannot be read ({exc}).").format(exc=exc)) from None


def _sqlalchemy_errors() -> tuple[type[Exception], ...]:
    """SQLAlchemy's error class once it is imported (before that, nothing can raise it)."""
    exc = sys.modules.get("sqlalchemy.exc")
    return (exc.SQLAlchemyError,) if exc is not None else ()
