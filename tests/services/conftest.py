"""The service suite runs twice: on a league in memory (SQLite) and on a shared league (PostgreSQL).

The PostgreSQL runs carry the `postgres` marker. They exist only when DATABASE_URL (or, in CI,
DUGOUT_REQUIRE_POSTGRES) is set, so a run without a server is not flooded with one skip line per test;
tests/store/test_shared_league.py skips with the reason instead.
"""

from __future__ import annotations

import os

import pytest

from tests.rulesets import RULESET_KEYS

BACKENDS = ["sqlite"]
if os.environ.get("DATABASE_URL") or os.environ.get("DUGOUT_REQUIRE_POSTGRES"):
    BACKENDS.append(pytest.param("postgresql", marks=pytest.mark.postgres))


# The referee, reserve, contract and transfer rules hold on every bundled ruleset: these modules'
# tests run on a league of each (the rest on the default, LRB 4.0). In test_reserves and
# test_postmatch_affairs (the slowest) only the tests marked `each_ruleset` do, a subset their docstrings
# name; test_transfer_properties builds its league of each ruleset itself (a module-scoped file).
EACH_RULESET = {"test_referees", "test_contracts", "test_transfers", "test_match_referee"}


def pytest_generate_tests(metafunc):
    if "db" not in metafunc.fixturenames:
        return
    if metafunc.module.__name__.rpartition(".")[2] in EACH_RULESET or metafunc.definition.get_closest_marker(
        "each_ruleset"
    ):
        metafunc.parametrize("ruleset_key", RULESET_KEYS)


@pytest.fixture
def ruleset_key():
    return "lrb4"


@pytest.fixture(params=BACKENDS)
def db(request, ruleset_key):
    """A new Test League: in memory, or in a database of its own on the PostgreSQL server."""
    if request.param == "postgresql":
        yield request.getfixturevalue("pg_db")  # closed (and its database dropped) by pg_db
        return
    from roster_app.services.league import memory_league

    league = memory_league(ruleset_key=ruleset_key)
    yield league
    league.close()
