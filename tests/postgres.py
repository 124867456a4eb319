"""PostgreSQL for the shared-league tests.

DATABASE_URL names a database on a server where the tests may create and drop databases (the user needs
CREATEDB; .ci/run starts a throwaway server as in RECIPES.md). Without it these tests skip, saying why; with
DUGOUT_REQUIRE_POSTGRES=1 (CI) they fail instead, so a broken server can never pass unnoticed.

Every test gets a database of its own: a copy of a template league made once per run (CREATE DATABASE ...
TEMPLATE takes a fraction of a second; building and seeding a league takes longer).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

REASON = "DATABASE_URL is not set: the shared-league tests need a PostgreSQL server (.ci/run starts one)"
TEMPLATE_LEAGUE = "Test League"  # the same league memory_league() makes


def database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url:
        return url
    if os.environ.get("DUGOUT_REQUIRE_POSTGRES"):
        pytest.fail("DUGOUT_REQUIRE_POSTGRES is set but DATABASE_URL is not: the PostgreSQL tests cannot run")
    pytest.skip(REASON)


class Databases:
    """Creates and drops the databases of one test run on the server DATABASE_URL points at."""

    def __init__(self, url: str):
        from sqlalchemy import create_engine

        from roster_app.store.server import server_url

        self.base = server_url(url)
        self.run = uuid.uuid4().hex[:8]
        self.admin = create_engine(self.base, isolation_level="AUTOCOMMIT")
        self.made: list[str] = []
        self._templates: dict[str, str] = {}  # ruleset key -> the template league's URL
        self._count = 0

    def url(self, name: str) -> str:
        return self.base.set(database=name).render_as_string(hide_password=False)

    def create(self, *, template: str | None = None) -> str:
        """A new database (empty, or a copy of `template`); returns its URL."""
        self._count += 1
        name = f"dugout_{self.run}_{self._count}"
        clause = f' TEMPLATE "{template}" STRATEGY FILE_COPY' if template else ""
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"{clause}')
        self.made.append(name)
        return self.url(name)

    def drop(self, url: str) -> None:
        from sqlalchemy.engine import make_url

        name = make_url(url).database
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if name in self.made:
            self.made.remove(name)

    def league(self, ruleset_key: str = "lrb4") -> str:
        """A new database holding a copy of the template league of that ruleset (one Test League, nothing else)."""
        if ruleset_key not in self._templates:
            from roster_app.services.league import create_server_league

            url = self.create()
            create_server_league(url, name=TEMPLATE_LEAGUE, ruleset_key=ruleset_key).close()
            self._templates[ruleset_key] = url
        from sqlalchemy.engine import make_url

        return self.create(template=make_url(self._templates[ruleset_key]).database)

    def close(self) -> None:
        for name in list(self.made):
            with self.admin.connect() as conn:
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.made.clear()
        self.admin.dispose()


@pytest.fixture(scope="session")
def pg_databases() -> Iterator[Databases]:
    databases = Databases(database_url())
    yield databases
    databases.close()


@pytest.fixture
def pg_url(pg_databases) -> Iterator[str]:
    """The URL of a new, empty database."""
    url = pg_databases.create()
    yield url
    pg_databases.drop(url)


@pytest.fixture
def pg_league_url(request, pg_databases) -> Iterator[str]:
    """The URL of a new database holding a Test League (like the `db` fixture's, of its ruleset when the
    test runs on each ruleset: tests/services/conftest.py)."""
    key = request.getfixturevalue("ruleset_key") if "ruleset_key" in request.fixturenames else "lrb4"
    url = pg_databases.league(key)
    yield url
    pg_databases.drop(url)


@pytest.fixture
def pg_db(pg_league_url):
    """A shared league on PostgreSQL, open for writing: the PostgreSQL twin of the `db` fixture."""
    from roster_app.safety.opening import open_server_league

    league = open_server_league(pg_league_url)
    yield league
    league.close()
