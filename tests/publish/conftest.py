"""Leagues to publish: two seasons played through the services (tests/history_helpers.py), and the demo."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

TODAY = date(2026, 12, 4)


@pytest.fixture(scope="module")
def seasons_db(two_seasons_league):
    """Two seasons played and ended (a final in the second), read-only for the tests of a module."""
    from tests.league_files import memory_copy

    league = memory_copy(two_seasons_league)
    yield league
    league.close()


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory, new_demo_file) -> Path:
    """The demo league (its half-played season): a copy per module (tests/conftest.py)."""
    from tests.league_files import copy_league

    return copy_league(new_demo_file, tmp_path_factory.mktemp("demo"))


def publish(db, folder: Path, **options):  # noqa: ANN001, ANN201
    from roster_app.publish import publish_league

    return publish_league(db, folder, today=TODAY, **options)


def site_pages(folder: Path) -> dict[str, str]:
    """Every HTML page of a published site by its path in the folder."""
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.html"))
    }
