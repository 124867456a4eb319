"""Shared fixtures. Qt runs offscreen; every test gets its own data folder and settings."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("LC_ALL", "C.UTF-8")
# The suite reads English on any machine (issue 39: Dugout follows the system's language): a test that wants
# another language says so (`i18n.language("fr")`, or monkeypatch.setenv).
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402

# Property tests explore new examples on every developer run; CI (.ci/run sets HYPOTHESIS_PROFILE=ci) replays
# the same derandomized examples, so its verdict on a commit is reproducible. Either way a failure prints the
# blob that reproduces it (@reproduce_failure).
hypothesis_settings.register_profile("dev", print_blob=True)
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# Every SQLite engine of a test process shares one dialect, so each statement is compiled once (tests/engines.py).
from tests.engines import share_sqlite_dialect  # noqa: E402
from tests.league_files import copy_league, made_once  # noqa: E402

share_sqlite_dialect()


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path_factory, monkeypatch):
    """platformdirs and QSettings write into a temporary home, never the developer's."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    return home


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that switched the app's language (Preferences, set_language) leaves English behind it."""
    yield
    from roster_app import i18n

    if i18n.current_language() != i18n.SOURCE_LANGUAGE:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    import sys

    if "ui.kit.language" in sys.modules:
        sys.modules["ui.kit.language"].install_qt_translator(i18n.SOURCE_LANGUAGE)


@pytest.fixture
def db():
    """An in-memory league with the default ruleset."""
    from roster_app.services.league import memory_league

    league = memory_league()
    yield league
    league.close()


@pytest.fixture(scope="session")
def new_league_file(tmp_path_factory) -> Path:
    """The league file of `league_file`, made once per test process; never opened."""

    def build(path: Path) -> None:
        from roster_app.services.league import create_league
        from roster_app.services.teams import add_team

        league = create_league(path, name="Test League")
        add_team(league, name="Orcland Raiders", race="Orc", coach="Grim")
        league.close()

    return made_once(tmp_path_factory, "test.dugout", build)


@pytest.fixture(scope="session")
def new_demo_file(tmp_path_factory) -> Path:
    """The demo league (roster_app.demo.league.build_demo: its half-played season), made once per test process;
    never opened: copy it (`demo_league_file`)."""

    def build(path: Path) -> None:
        from roster_app.demo.league import build_demo

        build_demo(path).close()

    return made_once(tmp_path_factory, "demo.dugout", build)


@pytest.fixture
def demo_league_file(tmp_path, new_demo_file) -> Path:
    """A copy of the demo league, tmp_path / "demo.dugout"."""
    return copy_league(new_demo_file, tmp_path)


@pytest.fixture
def league_file(tmp_path, new_league_file) -> Path:
    """A league file with one Orc team (coach Grim) and nothing else (a copy of `new_league_file`)."""
    return copy_league(new_league_file, tmp_path)


@pytest.fixture
def file_db(league_file):
    from roster_app.safety.opening import open_league

    league = open_league(league_file)
    yield league
    league.close()


def file_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture(scope="module")
def night_file(tmp_path_factory) -> Path:
    """A league on league night (tests/printing/league_night.py), built once per module; open it read-only."""
    from tests.printing.league_night import build_league_night

    return build_league_night(tmp_path_factory.mktemp("night") / "Old World Classic.dugout")


@pytest.fixture
def night_db(night_file):
    from roster_app.safety.opening import open_league

    league = open_league(night_file, read_only=True)
    yield league
    league.close()


from tests.postgres import pg_databases, pg_db, pg_league_url, pg_url  # noqa: E402, F401 - shared-league fixtures


@pytest.fixture(scope="session")
def new_history_file(tmp_path_factory) -> Path:
    """A league file with two seasons played and ended (tests/history_helpers.py), made once per test process."""

    def build(path: Path) -> None:
        from roster_app.services.league import create_league
        from tests.history_helpers import two_seasons

        db = create_league(path, name="Two Seasons")
        try:
            two_seasons(db)
        finally:
            db.close()

    return made_once(tmp_path_factory, "Two Seasons.dugout", build)


@pytest.fixture(scope="session")
def two_seasons_league():
    """Two seasons played and ended (tests/history_helpers.py) in memory, made once per test process: never
    use it, copy it (tests/league_files.py: memory_copy)."""
    from roster_app.services.league import memory_league
    from tests.history_helpers import two_seasons

    league = two_seasons(memory_league())
    yield league
    league.close()


@pytest.fixture(scope="module")
def history_file(tmp_path_factory, new_history_file) -> Path:
    """A league file with two seasons played and ended (tests/history_helpers.py): a copy per module."""
    return copy_league(new_history_file, tmp_path_factory.mktemp("history"))
