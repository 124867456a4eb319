"""An edit clicked as soon as the league is shown, before the ORM has loaded in idle time (issue 40): the real app
(`dugout LEAGUE`, its own process, so nothing of the ORM is imported before it), a real mouse click on the roster's
first player and a real click of the Retire button. The edit waits for the ORM (the service imports it there and
then) and lands: the roster, the file, the undo stack; the idle load still finishes once, after it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from roster_app.queries import open_reads
from roster_app.safety.inspection import inspect_file
from roster_app.safety.opening import open_league
from tests.helpers import add_player, team_id

ROOT = Path(__file__).resolve().parents[3]
CLICK_EARLY = """
import json, sys
import ui.app.start
from ui.kit import ask

ORM = ("sqlalchemy", "sqlalchemy.orm", "sqlmodel", "pydantic", "roster_app.store.models")
WHEN = sys.argv.pop()  # "shown": the first turn of the event loop after league_shown; "between": after an idle step
seen = {"asked": [], "errors": [], "ready": 0}
ask.confirm = lambda parent, text, **kw: (seen["asked"].append(text), True)[1]
ask.error = lambda parent, text, **kw: seen["errors"].append(text)


def loaded():
    return [m for m in ORM if m in sys.modules]


def report(app, window, *, loading):
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QToolBar

    def click():
        from PySide6.QtCore import Qt

        page = window.league_view.team_page
        seen["loaded_at_click"], seen["engine_at_click"] = loaded(), window.session.db.engine_ready
        seen["before"] = [row.name for row in page.roster_model.rows()]
        view = page.roster_view
        where = view.visualRect(page.roster_model.index(0, 1)).center()
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, where)
        seen["selected"] = page.selected_player().name
        page.findChild(QToolBar).widgetForAction(page.retire_action).click()
        seen["loaded_after_click"] = loaded()
        seen["after"] = [row.name for row in page.roster_model.rows()]
        seen["undo"] = window.undo_action.text()

    def between():  # a turn of the event loop after the idle load's first step, before its last
        if "sqlalchemy" in sys.modules:
            seen["partly"] = True
            click()
        else:
            QTimer.singleShot(0, between)

    def ready():
        seen["ready"] += 1
        seen["loaded_at_ready"] = loaded()
        QTimer.singleShot(50, window.close)  # a second orm_ready within it would be counted

    window.league_shown.connect(lambda: QTimer.singleShot(0, click if WHEN == "shown" else between))
    window.orm_ready.connect(ready)
    window.league_failed.connect(lambda message: (seen["errors"].append(message), app.quit()))


ui.app.start.report_timing = report
from ui.app.cli import main

code = main(sys.argv[1:])
print(json.dumps(seen))
sys.exit(code)
"""


def run_app(tmp_path: Path, league: Path, when: str) -> dict:
    # the test's home (tests/conftest.py), whose cache holds the league's verdict; a socket folder of its own
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DUGOUT_TIMING="1", PYTHONPATH=str(ROOT),
               XDG_RUNTIME_DIR=str(tmp_path / "runtime"))  # fmt: skip
    (tmp_path / "runtime").mkdir(exist_ok=True)
    result = subprocess.run([sys.executable, "-c", CLICK_EARLY, str(league), when], capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1])


@pytest.mark.parametrize("when", ["shown", "between"])
def test_an_edit_clicked_before_the_orm_has_loaded_waits_for_it_and_lands(when, tmp_path, league_file):
    db = open_league(league_file)
    team = team_id(db, "Orcland Raiders")
    add_player(db, team, "Orc Lineman", "Ugrak")
    add_player(db, team, "Orc Lineman", "Snorg")
    db.close()
    inspect_file(league_file)  # its verdict remembered, as after any earlier open: the league shows with no ORM

    seen = run_app(tmp_path, league_file, when)

    assert seen["errors"] == []
    if when == "shown":  # the first turn after league_shown: nothing of the ORM, no engine
        assert (seen["loaded_at_click"], seen["engine_at_click"]) == ([], False)
    else:  # between two of the idle load's steps: SQLAlchemy in, the models not yet
        assert seen["partly"] and "sqlalchemy" in seen["loaded_at_click"]
        assert "roster_app.store.models" not in seen["loaded_at_click"]
    assert seen["before"] == ["Ugrak", "Snorg"] and seen["selected"] == "Ugrak"
    assert seen["asked"] == ["Retire Ugrak? He leaves the roster for good (no refund)."]
    assert "roster_app.store.models" in seen["loaded_after_click"]  # the click loaded what the edit needed
    assert seen["after"] == ["Snorg"]
    assert "Ugrak" in seen["undo"]  # one undoable change
    assert seen["ready"] == 1 and seen["loaded_at_ready"] == [
        "sqlalchemy", "sqlalchemy.orm", "sqlmodel", "pydantic", "roster_app.store.models"
    ]  # fmt: skip
    reopened = open_league(league_file, read_only=True)
    try:
        assert [player.name for player in open_reads.roster(reopened, team)] == ["Snorg"]
    finally:
        reopened.close()
