"""The window paints before the heavy imports: the modules on the start path stay light (issue 12)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
START_PATH = (
    "ui.app.cli",
    "ui.app.start",
    "ui.mainwindow.window",
    "ui.mainwindow.welcome",
    "ui.kit.icons",
    "ui.app.single_instance",
    "ui.app.crash",
)


def loaded_after_import(modules: tuple[str, ...], watched: tuple[str, ...]) -> dict[str, bool]:
    code = (
        f"import sys, importlib\nfor m in {modules!r}: importlib.import_module(m)\n"
        f"print(' '.join(str(w in sys.modules) for w in {watched!r}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    return dict(zip(watched, (flag == "True" for flag in result.stdout.split()), strict=True))


def test_the_start_path_imports_neither_the_orm_nor_the_network_nor_log_handlers():
    watched = ("sqlmodel", "sqlalchemy", "alembic", "PySide6.QtNetwork", "logging.handlers", "platformdirs",
               "PySide6.QtCharts")  # fmt: skip
    assert loaded_after_import(START_PATH, watched) == dict.fromkeys(watched, False)


CHARTS_LATE = """
import sys, time
from pathlib import Path
from ui.app.start import make_app
app = make_app()
from ui.mainwindow.window import MainWindow
window = MainWindow()
shown = []
window.league_shown.connect(lambda: shown.append(True))
window.open_league_later(Path(sys.argv[1]))
window.show()
deadline = time.monotonic() + 60
while not shown and time.monotonic() < deadline:
    app.processEvents()
seen = [bool(shown), "PySide6.QtCharts" in sys.modules]
view = window.league_view
view.show_page(view.history_page)
app.processEvents()
seen.append("PySide6.QtCharts" in sys.modules)
view.history_page.page_tabs.setCurrentWidget(view.history_page.charts)
app.processEvents()
seen.append("PySide6.QtCharts" in sys.modules)
print(" ".join(map(str, seen)))
"""


def test_qt_charts_is_imported_only_when_a_chart_is_first_shown(history_file, tmp_path):
    import os
    import shutil

    league = tmp_path / history_file.name
    shutil.copy(history_file, league)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))  # fmt: skip
    result = subprocess.run([sys.executable, "-c", CHARTS_LATE, str(league)], capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    opened, at_start, at_history, at_charts = result.stdout.split()
    assert opened == "True"
    # the window and the league open, the History page's tables shown: no Qt Charts; the Charts tab: Qt Charts
    assert (at_start, at_history, at_charts) == ("False", "False", "True")


def test_the_qt_namespace_is_not_made_before_the_first_paint(tmp_path):
    """`from PySide6.QtCore import Qt` builds ~100 enums (~16 ms of CPU): the start path takes it after the paint."""
    code = (
        "import os, sys\nimport ui.app.start\n"
        "def report(app, window, *, loading):\n"
        "    window.first_painted.connect(lambda: (print('Qt' in sys.modules['PySide6.QtCore'].__dict__, flush=True),"
        " os._exit(0)))\n"
        "ui.app.start.report_timing = report\nfrom ui.app.cli import main\nmain(['--demo'])\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DUGOUT_TIMING="1", PYTHONPATH=str(ROOT))
    for name in ("CONFIG", "DATA", "RUNTIME", "STATE", "CACHE"):
        env[f"XDG_{name}_HOME" if name != "RUNTIME" else "XDG_RUNTIME_DIR"] = str(tmp_path / name.lower())
    (tmp_path / "runtime").mkdir()
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                            timeout=60)  # fmt: skip
    assert result.stdout.split() == ["False"], result.stderr


ORM = ("sqlalchemy", "sqlmodel", "pydantic", "roster_app.store.models")
READY_BEFORE_ORM = """
import json, sys, time
from pathlib import Path
from ui.app.start import make_app
app = make_app()
from ui.mainwindow.window import MainWindow
window = MainWindow()
seen = {}

def loaded():
    return [m for m in %(orm)r if m in sys.modules]

def shown():
    page = window.league_view.team_page
    seen["at_shown"] = loaded()
    seen["engine_at_shown"] = window.session.db.engine_ready
    seen["header"], seen["roster"] = repr(page.header.header), repr(page.roster_model.rows())
    seen["team"] = page.team_id

def ready():
    from roster_app.queries import rosters  # the ORM path's module: its reads now go through the engine
    db = window.session.db
    seen["at_ready"], seen["engine_at_ready"] = loaded(), db.engine_ready
    seen["orm_header"] = repr(rosters.team_header(db, seen["team"]))
    seen["orm_roster"] = repr(rosters.roster(db, seen["team"]))

window.league_shown.connect(shown)
window.orm_ready.connect(ready)
if sys.argv[1] == "--demo":
    window.open_demo_later()
else:
    window.open_league_later(Path(sys.argv[1]))
window.show()
deadline = time.monotonic() + 60
while "at_ready" not in seen and time.monotonic() < deadline:
    app.processEvents()
print(json.dumps(seen))
"""


def ready_before_orm(target: str) -> dict:
    result = subprocess.run([sys.executable, "-c", READY_BEFORE_ORM % {"orm": ORM}, target], capture_output=True,
                            text=True, cwd=ROOT, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    import json

    return json.loads(result.stdout.splitlines()[-1])


@pytest.mark.parametrize("which", ["demo", "file"])
def test_the_league_is_shown_ready_for_edits_before_the_orm_is_imported(which, league_file):
    """At league_shown no SQLAlchemy, SQLModel, pydantic or models are loaded (the league reads with sqlite3); the
    main window imports them in idle time after it (orm_ready), and the page shows what the ORM path reads."""
    from roster_app.demo.league import ensure_demo
    from roster_app.safety.inspection import inspect_file

    path = ensure_demo() if which == "demo" else league_file
    if which == "file":
        from roster_app.safety.opening import open_league
        from tests.helpers import add_player, team_id

        db = open_league(path)
        add_player(db, team_id(db, "Orcland Raiders"), "Orc Lineman", "Ugrak")
        db.close()
    inspect_file(path)  # the file's verdict remembered, as after any earlier open: no row-by-row checks
    seen = ready_before_orm("--demo" if which == "demo" else str(path))
    assert (seen["at_shown"], seen["engine_at_shown"]) == ([], False)
    assert (seen["at_ready"], seen["engine_at_ready"]) == (list(ORM), True)
    assert seen["team"] is not None and seen["header"] != "None" and seen["roster"] != "[]"
    assert (seen["header"], seen["roster"]) == (seen["orm_header"], seen["orm_roster"])


FIRST_ROSTER = """
import os, sys
import ui.app.start
from PySide6 import QtWidgets
from ui.mainwindow.team_list_model import TeamListModel

asked = []  # the team list's cells asked for their look (drawn or measured)
TeamListModel.multiData = lambda self, index, span: (asked.append(1), super(TeamListModel, self).multiData(index, span))[1]

def report(app, window, *, loading):
    def done():
        print(window.first_look is not None, {probes}, flush=True)
        os._exit(0)
    window.{moment}.connect(done)

ui.app.start.report_timing = report
from ui.app.cli import main
main(sys.argv[1:])
"""


def first_roster(tmp_path, league, probes: str, moment: str = "first_roster_painted") -> list[str]:
    """What `probes` (Python expressions) say at the moment the first look's roster is painted (or at `moment`,
    a signal of the main window), and whether there was a first look."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DUGOUT_TIMING="1", PYTHONPATH=str(ROOT))
    for name in ("CONFIG", "DATA", "RUNTIME", "STATE", "CACHE"):
        env[f"XDG_{name}_HOME" if name != "RUNTIME" else "XDG_RUNTIME_DIR"] = str(tmp_path / name.lower())
    (tmp_path / "runtime").mkdir(exist_ok=True)
    result = subprocess.run([sys.executable, "-c", FIRST_ROSTER.format(probes=probes, moment=moment), str(league)],
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_the_first_roster_is_drawn_before_a_plain_qwidget_is_wrapped(tmp_path, league_file):
    """The first wrapper PySide6 makes of a plain QWidget from Qt (a view's `viewport()`) creates every QWidget
    subclass of QtWidgets (~65 classes, ~10 ms of CPU): the first look watches its tables' viewports through
    ui.kit.tables.Table instead."""
    assert first_roster(tmp_path, league_file, "'QLCDNumber' in vars(QtWidgets)") == ["True", "False"]


def test_the_first_looks_team_list_measures_its_cells_once(tmp_path, league_file):
    """Qt's ResizeToContents measured every team's cells at each layout pass (7 times for 64 teams, ~9 ms of
    CPU): the Race and Players columns are measured once for the rows shown (ui.kit.tables.ContentColumns)."""
    once = "len(asked) <= 2 * window.first_look.team_model.rowCount()"
    assert first_roster(tmp_path, league_file, once) == ["True", "True"]


def test_the_first_roster_needs_neither_openssl_nor_locale_nor_html(tmp_path, league_file):
    """hashlib's OpenSSL binding (~3 ms of CPU: ui/kit/digests.py has the start's two digests), `locale`, which
    argparse's messages import (~2 ms: `dugout FILE` is read without the parser), and `html`'s entity tables
    (~1 ms: ui.kit.basics escapes by itself)."""
    probes = "'_hashlib' in sys.modules, 'locale' in sys.modules, 'html' in sys.modules"
    assert first_roster(tmp_path, league_file, probes) == ["True", "False", "False", "False"]


def test_the_apps_style_sheet_is_set_once_the_first_roster_is_on_screen(tmp_path, league_file):
    """An application style sheet draws every widget through Qt's style-sheet style (~10 ms of CPU before the
    first roster): set after it (ui/kit/style.py), before the league view is built."""
    sheet = "QtWidgets.QApplication.instance().styleSheet() == __import__('ui.kit.style').kit.style.STYLE"
    assert first_roster(tmp_path, league_file, sheet) == ["True", "False"]
    assert first_roster(tmp_path, league_file, sheet, moment="league_shown") == ["False", "True"]
