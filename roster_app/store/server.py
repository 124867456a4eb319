"""A league shared by several commissioners: the same models, services and migrations on PostgreSQL.

A league file is one SQLite file guarded by a lock file; a shared league is a PostgreSQL database named by
a URL (`postgresql://USER@HOST/DATABASE`). What differs in the store lives here: the engine (psycopg 3, times
in UTC, REPEATABLE READ transactions), what the database holds (a Dugout league, nothing, or something else),
id sequences after a copy, and what the server's errors mean in plain words. Opening one (an older schema
upgraded under an advisory lock) is safety/opening.py; creating one in an empty database is services/league.py.
There is no lock file and there are no file backups: the database keeps commissioners apart (row versions,
REPEATABLE READ, a clash retried by LeagueDB.run).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Integer, create_engine, func, inspect, select, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlmodel import SQLModel

from roster_app.errors import ChangedMeanwhile, DugoutError, ServerError
from roster_app.i18n import _
from roster_app.store.address import SCHEMES
from roster_app.store.ruleset import LEAGUE_SQL, RULES_SQL

LEAGUE_TABLES = {"league", "team", "player", "alembic_version"}
RETRY_STATES = {
    "40001": "two commissioners changed the same rows at once",  # serialization_failure  # i18n: keep (a developer's note on the SQLSTATE)
    "40P01": "two commissioners waited on each other",  # deadlock_detected  # i18n: keep (a developer's note on the SQLSTATE)
    "23505": "two commissioners added the same thing at once",  # unique_violation  # i18n: keep (a developer's note on the SQLSTATE)
}


class NoLeagueThere(ServerError):
    """The database is reachable and empty: a league can be created (or copied) into it."""


def server_url(text: str | URL) -> URL:
    """The URL Dugout connects with (psycopg 3), or ServerError saying what is wrong with it."""
    try:
        url = make_url(text) if isinstance(text, str) else text
    except (ArgumentError, ValueError):
        raise ServerError(
            _("'{text}' is not a database address. Write it as postgresql://USER@HOST/DATABASE.").format(text=text)
        ) from None
    if url.get_backend_name() not in SCHEMES:
        raise ServerError(
            _("Shared leagues live on PostgreSQL; '{display_url}' is not a PostgreSQL address.").format(
                display_url=display_url(url)
            )
        )
    if not url.database:
        raise ServerError(_("The address names no database: write it as postgresql://USER@HOST/DATABASE."))
    if url.drivername in SCHEMES:
        url = url.set(drivername="postgresql+psycopg")
    return url


def display_url(url: str | URL) -> str:
    """The address as shown to people and stored in settings: never with its password."""
    url = make_url(url) if isinstance(url, str) else url
    # URL.set(password=None) keeps the password: the named tuple's own _replace drops it
    return url._replace(password=None, drivername=url.get_backend_name()).render_as_string(hide_password=False)


def server_engine(url: str | URL) -> Engine:
    """An engine on a league server: psycopg 3, UTC, REPEATABLE READ (a write never overwrites unseen work)."""
    url = server_url(url)
    try:
        return create_engine(
            url,
            isolation_level="REPEATABLE READ",
            pool_pre_ping=True,
            connect_args={"options": "-c timezone=UTC", "application_name": "Dugout", "connect_timeout": 10},
        )
    except (NoSuchModuleError, ModuleNotFoundError):
        raise ServerError(
            _(
                "Shared leagues need the PostgreSQL driver, which this Dugout does not have. Install it with "
                "`pip install 'dugout[postgres]'` (psycopg 3)."
            )
        ) from None


def where(engine: Engine) -> str:
    url = engine.url
    return _("the database '{database}' on {value}").format(
        database=url.database, value=url.host or _("this computer")
    )


def server_error(exc: BaseException, engine: Engine | None = None) -> DugoutError:
    """A database error of a shared league in plain words; a clash between commissioners can be retried."""
    orig = getattr(exc, "orig", None) or exc
    state = getattr(orig, "sqlstate", None) or ""
    detail = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    if state in RETRY_STATES:
        return ChangedMeanwhile(_("The league"), retry=True)
    if state.startswith("08") or (isinstance(exc, DBAPIError) and exc.connection_invalidated) or not state:
        place = where(engine) if engine is not None else _("the league server")
        return ServerError(
            _("Dugout cannot reach {place} ({detail}). Nothing was changed.").format(place=place, detail=detail)
        )
    if state == "42501":
        return ServerError(
            _("The database user may not do this ({detail}). Nothing was changed.").format(detail=detail)
        )
    if state.startswith("53"):
        return ServerError(
            _("The league server is out of room or resources ({detail}). Nothing was changed.").format(
                detail=detail
            )
        )
    return ServerError(
        _("The league server refused the change ({detail}). Nothing was changed.").format(detail=detail)
    )


def inspect_server(engine: Engine) -> tuple[str, tuple[Any, list[Any]]]:
    """Like safety.inspection.inspect_file for a server: the schema revision, the league row and its ruleset rows.

    NoLeagueThere for an empty database; ServerError for one holding something else or out of reach.
    """
    try:
        with engine.connect() as conn:
            names = set(inspect(conn).get_table_names())
            if not names:
                raise NoLeagueThere(
                    _("There is no league in {where} yet (the database is empty).").format(where=where(engine))
                )
            if not names >= LEAGUE_TABLES:
                raise ServerError(_("{capitalize} holds other tables, not a Dugout league. Nothing was changed.").format(capitalize=where(engine).capitalize()))  # fmt: skip
            revision = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            if not isinstance(revision, str):
                raise ServerError(_("{capitalize} holds an incomplete Dugout league (its schema version is missing).").format(capitalize=where(engine).capitalize()))  # fmt: skip
            return revision, (conn.exec_driver_sql(LEAGUE_SQL).first(), conn.exec_driver_sql(RULES_SQL).all())
    except DBAPIError as exc:
        raise server_error(exc, engine) from None


def prepare_empty(engine: Engine) -> None:
    """Refuse a database that holds a league, or any table of one: nothing is ever overwritten.

    Tables of other programs may stay: a league can live beside them.
    """
    try:
        with engine.connect() as conn:
            ours = set(inspect(conn).get_table_names()) & (set(SQLModel.metadata.tables) | {"alembic_version"})
    except DBAPIError as exc:
        raise server_error(exc, engine) from None
    if ours:
        what = _("a league") if "league" in ours else _("part of a league")
        raise ServerError(_("{capitalize} already holds {what}; use an empty database. Nothing was changed.").format(capitalize=where(engine).capitalize(), what=what))  # fmt: skip


def drop_version_table(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")


def reset_sequences(connection: Any) -> None:
    """After rows were inserted with their own ids: each id sequence goes on after the largest id."""
    for table in SQLModel.metadata.sorted_tables:
        columns = list(table.primary_key.columns)
        if len(columns) != 1 or not isinstance(columns[0].type, Integer):
            continue
        name = columns[0].name
        sequence = connection.execute(
            text("SELECT pg_get_serial_sequence(:table, :column)"), {"table": table.name, "column": name}
        ).scalar()
        if sequence:
            largest = connection.execute(select(func.max(columns[0]))).scalar()
            connection.execute(text("SELECT setval(:sequence, :next, false)"),
                               {"sequence": sequence, "next": (largest or 0) + 1})  # fmt: skip
