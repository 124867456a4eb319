"""GUI fixtures: a main window with a league file open, and captured messages instead of dialogs."""

from __future__ import annotations

import pytest

from tests.helpers import show_league


@pytest.fixture
def messages(monkeypatch):
    """Every message the app would show, captured (no modal dialog is ever opened)."""
    from ui.kit import ask

    seen: list[str] = []
    monkeypatch.setattr(ask, "error", lambda parent, text, **kw: seen.append(text))
    monkeypatch.setattr(ask, "info", lambda parent, text, **kw: seen.append(text))
    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: (seen.append(text), True)[1])
    return seen


@pytest.fixture
def window(qtbot, settings, messages):
    from ui.mainwindow.window import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    return win


@pytest.fixture
def open_window(qtbot, window, league_file):
    """The main window showing `league_file` (loaded after the first paint, as in real use)."""
    show_league(qtbot, window, league_file)
    return window


@pytest.fixture
def season_file(tmp_path):
    """A league file with the four teams of tests/season_helpers.py (no fixtures yet)."""
    from roster_app.services.league import create_league
    from tests.season_helpers import build_teams

    path = tmp_path / "season.dugout"
    db = create_league(path, name="Old World Classic")
    build_teams(db)
    db.close()
    return path


@pytest.fixture
def season_window(qtbot, window, season_file):
    """The main window showing `season_file`, on its Season page."""
    view = show_league(qtbot, window, season_file)
    view.show_page(view.season_page)
    return window


@pytest.fixture
def history_window(qtbot, window, history_file, tmp_path):
    """The main window over a copy of the two-season league (tests/conftest.py), its History page in front."""
    import shutil

    view = show_league(qtbot, window, shutil.copy(history_file, tmp_path / history_file.name))
    view.show_page(view.history_page)
    return window
