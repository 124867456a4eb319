"""The league is shown before the ORM is imported; the main window imports it in idle time after `league_shown`
(ui/mainwindow/window.py `_load_orm_later`, `orm_ready`). An edit made before that makes the league's engine itself;
a league closed or replaced meanwhile gets no engine."""

import shutil

import pytest

from roster_app.errors import LeagueFileError
from roster_app.queries import open_reads
from roster_app.services.players import hire_player


def shown(qtbot, window, path):
    window.open_league_later(path)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    assert not window.session.db.engine_ready  # the idle import has not made it yet
    return window.session.db


def test_an_edit_right_after_the_league_is_shown_makes_the_engine_and_can_be_undone(qtbot, window, league_file):
    db = shown(qtbot, window, league_file)
    team = window.league_view.current_team_id()
    change = window.session.run(hire_player, team_id=team, position="Orc Lineman", name="Ugrak")
    assert change is not None and db.engine_ready
    assert [p.name for p in open_reads.roster(db, team)] == ["Ugrak"]
    assert [p.name for p in window.league_view.team_page.roster_model.rows()] == ["Ugrak"]
    window.undo_group.undo()
    assert open_reads.roster(db, team) == [] and window.league_view.team_page.roster_model.rows() == []
    with qtbot.waitSignal(window.orm_ready, timeout=10_000):
        pass  # the idle import still finishes, with the engine the edit made
    assert window.session.db is db and db.engine_ready


def test_a_league_closed_before_the_idle_import_ran_gets_no_engine(qtbot, window, league_file):
    db = shown(qtbot, window, league_file)
    window.close_league()
    with qtbot.waitSignal(window.orm_ready, timeout=10_000):
        pass
    assert not db.engine_ready
    with pytest.raises(LeagueFileError, match="closed"):
        db.engine  # noqa: B018 - a closed league's engine is never made


def test_a_league_replaced_before_the_idle_import_ran_gets_no_engine(qtbot, window, league_file, tmp_path):
    other = tmp_path / "other.dugout"
    shutil.copy(league_file, other)
    first = shown(qtbot, window, league_file)
    ready = []
    window.orm_ready.connect(lambda: ready.append(window.session.db))
    assert window.open_league(other)
    second = window.session.db
    with qtbot.waitSignal(window.orm_ready, timeout=10_000):
        pass
    qtbot.wait(20)  # the first league's steps, had they gone on, would have run by now
    assert ready == [second]  # once, for the league open now
    assert not first.engine_ready and second.engine_ready


def test_a_window_deleted_before_the_idle_import_ran_gets_no_more_steps(qtbot, settings, league_file):
    """The idle steps run with the window as their context: a window closed and deleted meanwhile (a test's, or a
    window built again in another language) is not called on; it raised "Signal source has been deleted"."""
    from ui.mainwindow.window import MainWindow

    window = MainWindow(settings)
    window.open_league_later(league_file)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    gone = []
    window.destroyed.connect(lambda *_: gone.append(True))
    window.close_league()
    window.deleteLater()
    qtbot.waitUntil(lambda: bool(gone), timeout=5_000)
    qtbot.wait(50)  # the steps that were queued would have run by now (pytest-qt fails on an exception in them)
    assert gone == [True]
