"""League files made once per test process, for fixtures (tests/conftest.py) to copy."""

from __future__ import annotations

from pathlib import Path

import pytest


def made_once(tmp_path_factory, name: str, build) -> Path:  # noqa: ANN001 - build(path) makes the league file
    """A league file made once per test process (each xdist worker makes its own) in user folders of its own,
    for fixtures to copy: making a league writes and syncs its file many times, a copy is one write."""
    folder = tmp_path_factory.mktemp(name)
    with pytest.MonkeyPatch.context() as patch:
        for kind in ("DATA", "CONFIG", "STATE", "CACHE"):
            patch.setenv(f"XDG_{kind}_HOME", str(folder / "home" / kind.lower()))
        build(folder / name)
    return folder / name


def copy_league(made: Path, folder: Path, name: str | None = None) -> Path:
    import shutil

    return Path(shutil.copy(made, folder / (name or made.name)))


def memory_copy(db):  # noqa: ANN001, ANN201 - a LeagueDB in memory, and its copy
    """A copy of a league in memory (sqlite3's backup): for module fixtures that start from a league made once."""
    from roster_app.store.db import LeagueDB, memory_engine

    return LeagueDB(memory_engine(copy_of=db.engine))
