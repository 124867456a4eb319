"""The core stays Qt-free: roster_app imports neither PySide6 nor ui, and loads without them."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("PySide6", "shiboken6", "ui")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_roster_app_never_imports_qt_or_ui():
    offenders = []
    for path in sorted((ROOT / "roster_app").rglob("*.py")):
        for name in imported_modules(path):
            if name.split(".")[0] in FORBIDDEN:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_roster_app_works_with_qt_blocked():
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('PySide6', 'shiboken6', 'ui'): raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from roster_app.store.db import memory_league\n"
        "from roster_app.queries import rosters as queries\nfrom roster_app.demo import league as demo\n"
        "from roster_app.services import players, teams\n"
        "db = memory_league()\n"
        "t = teams.add_team(db, name='Orcs', race='Orc').result\n"
        "players.hire_player(db, team_id=t, position='Goblin', name='Snik')\n"
        "print(len(queries.roster(db, t)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1"


def test_the_main_window_module_does_not_import_the_orm():
    """The window must paint before SQLModel (~0.3 s) is imported: keep ui.main_window light."""
    code = "import sys, ui.app, ui.main_window; print('sqlmodel' in sys.modules, 'sqlalchemy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.stdout.split() == ["False", "False"], result.stderr
