"""One SQLite dialect for every engine a test process makes, so a statement is compiled once per process.

SQLAlchemy caches a compiled statement per engine, keyed by the engine's dialect: a new league (a copy of the
memory league, a league file opened) started with an empty cache and compiled every statement again, about a
third of the service suite's time. The app opens one league and keeps its engine, so it compiles each statement
once; the tests make a few thousand engines. Here every SQLite engine made without dialect options gets the same
(initialised) pysqlite dialect and one statement cache: the SQL run is the same, compiled once.

Engines for PostgreSQL, or made with options that shape the dialect, keep their own.
"""

from __future__ import annotations

from typing import Any

# create_engine's keywords that only choose the pool or how the DBAPI connects: the dialect is the same
POOL_ONLY = frozenset({"creator", "poolclass", "connect_args"})
STATEMENTS = 5000  # compiled statements kept (the whole suite compiles fewer than this)


def share_sqlite_dialect() -> None:
    import sqlalchemy
    from sqlalchemy.engine import make_url
    from sqlalchemy.util import LRUCache

    make = sqlalchemy.create_engine
    if getattr(make, "shares_dialect", False):
        return
    probe = make("sqlite+pysqlite://")
    with probe.connect():  # the dialect reads the SQLite library's version and features on a first connection
        pass
    dialect = probe.dialect
    statements = LRUCache(STATEMENTS)
    probe.dispose()

    def create_engine(url: Any, **kwargs: Any) -> Any:
        engine = make(url, **kwargs)
        plain = make_url(url)
        if (
            plain.drivername in ("sqlite", "sqlite+pysqlite")
            and not plain.query
            and kwargs.keys() <= POOL_ONLY
            and type(engine.dialect) is type(dialect)
        ):
            engine.dialect = dialect
            engine.update_execution_options(compiled_cache=statements)
        return engine

    create_engine.shares_dialect = True  # type: ignore[attr-defined]
    sqlalchemy.create_engine = create_engine
