"""The layers stay true: roster_app is Qt-free, and its rooms import each other only along the arrows below.

A room is a first-level package of roster_app (store, safety, ...) or one of its top-level modules (errors,
paths, about). Every import counts, also one inside a function or under TYPE_CHECKING: a lazy import is
still an arrow.
"""

import ast
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "roster_app"
FORBIDDEN = ("PySide6", "shiboken6", "ui")

LEAVES = {"errors", "paths", "words"}
# room -> the rooms it may import (besides itself). Reads sit below writes: a service reads through queries,
# Check League (safety) reads the ledger's balances through queries; nothing below services imports them.
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "paths": set(),
    "words": set(),
    "rules": LEAVES,
    "store": {"rules"} | LEAVES,
    "queries": {"store", "rules"} | LEAVES,
    "safety": {"queries", "store", "rules"} | LEAVES,
    "services": {"safety", "queries", "store", "rules"} | LEAVES,
    "exchange": {"safety", "queries", "store", "rules"} | LEAVES,
    "printing": {"queries", "store", "rules"} | LEAVES,
    "about": {"safety", "queries", "store", "rules"} | LEAVES,
    # the league's website: reads through the queries, the printing's data and escaping, safety's atomic writes
    "publish": {"printing", "safety", "queries", "store", "rules"} | LEAVES,
    # the entry points above the services
    "demo": {"services", "safety", "queries", "store", "rules"} | LEAVES,
    "commands": {"services", "exchange", "publish", "printing", "safety", "queries", "store", "rules"} | LEAVES,
}
MAX_TOP_LEVEL_MODULES = 6


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, relative imports resolved: `from a import b` is `a.b` when b is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                names.add(f"{base}.{alias.name}" if is_module(f"{base}.{alias.name}") else base)
    return names


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def room_of(module: str) -> str | None:
    """The room of a roster_app module (None for anything else, and for roster_app itself)."""
    parts = module.split(".")
    if parts[0] != "roster_app" or len(parts) < 2:
        return None
    name = parts[1]
    if (CORE / name).is_dir() or (CORE / f"{name}.py").is_file():
        return name
    return None


def core_files() -> list[Path]:
    return sorted(p for p in CORE.rglob("*.py") if "versions" not in p.relative_to(CORE).parts)


def circle(exc: CycleError) -> str:
    """'a -> b -> a', each importing the next (graphlib lists each node before the one that needs it)."""
    return " -> ".join(reversed(exc.args[1]))


def room_arrows() -> dict[tuple[str, str], list[str]]:
    """(from room, to room) -> the imports that make the arrow, as 'file imports module'."""
    arrows: dict[tuple[str, str], list[str]] = {}
    for path in core_files():
        source = room_of(module_name(path))
        for name in sorted(imported_modules(path)):
            target = room_of(name)
            if source and target and target != source:
                arrows.setdefault((source, target), []).append(f"{path.relative_to(ROOT)} imports {name}")
    return arrows


def test_roster_app_never_imports_qt_or_ui():
    offenders = []
    for path in core_files():
        for name in imported_modules(path):
            if name.split(".")[0] in FORBIDDEN:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_every_room_is_known():
    rooms = {p.name for p in CORE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    rooms |= {p.stem for p in CORE.glob("*.py") if p.name != "__init__.py"}
    assert rooms == set(ALLOWED), "a new room needs its arrows in ALLOWED (and a line in docs/ARCHITECTURE.md)"


def test_rooms_import_only_along_the_arrows():
    wrong = [
        why
        for (source, target), whys in sorted(room_arrows().items())
        if target not in ALLOWED[source]
        for why in whys
    ]
    assert wrong == [], "imports against the arrows:\n" + "\n".join(wrong)


def test_the_arrows_have_no_circle():
    try:
        TopologicalSorter(ALLOWED).prepare()
    except CycleError as exc:
        pytest.fail(f"the allowed arrows go round a circle: {circle(exc)}")


def test_no_two_rooms_import_each_other():
    graph: dict[str, set[str]] = {}
    for source, target in room_arrows():
        graph.setdefault(source, set()).add(target)
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        pytest.fail(f"rooms import each other round a circle: {circle(exc)}")


def test_no_module_imports_itself_round_a_circle():
    """Within a room too: a circle of modules means one of them holds what the others need (move it down)."""
    graph = {}
    for path in core_files():
        name = module_name(path)
        graph[name] = {
            m
            for m in imported_modules(path)
            if m.startswith("roster_app.")
            and m != name
            and is_module(m)
            and not name.startswith(f"{m}.")  # a module imports its own package's __init__ first
        }
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        pytest.fail(f"modules import each other round a circle: {circle(exc)}")


def test_the_leaves_import_nothing_of_ours():
    for leaf in LEAVES:
        names = imported_modules(CORE / f"{leaf}.py")
        assert not any(n == "roster_app" or n.startswith("roster_app.") for n in names), leaf


def test_the_top_level_holds_a_handful_of_modules():
    assert len(list(CORE.glob("*.py"))) <= MAX_TOP_LEVEL_MODULES


def test_the_check_catches_an_import_against_the_arrows(tmp_path, monkeypatch):
    """The check above can fail: the store importing a service is reported."""
    bad = tmp_path / "roster_app" / "store" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text("def f():\n    from roster_app.services.league import seed_new_league\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "CORE", tmp_path / "roster_app")
    (tmp_path / "roster_app" / "services").mkdir()
    (tmp_path / "roster_app" / "services" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "roster_app" / "store" / "__init__.py").write_text("", encoding="utf-8")
    arrows = room_arrows()
    assert ("store", "services") in arrows
    assert "services" not in ALLOWED["store"]


def test_roster_app_works_with_qt_blocked():
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('PySide6', 'shiboken6', 'ui'): raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from roster_app.services.league import memory_league\n"
        "from roster_app.queries import rosters\n"
        "from roster_app.demo import league\n"
        "from roster_app.services import players, teams\n"
        "db = memory_league()\n"
        "t = teams.add_team(db, name='Orcs', race='Orc').result\n"
        "players.hire_player(db, team_id=t, position='Goblin', name='Snik')\n"
        "print(len(rosters.roster(db, t)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1"


def test_the_main_window_module_does_not_import_the_orm():
    """The window must paint before SQLModel (~0.3 s) is imported: keep ui.main_window light."""
    code = "import sys, ui.app, ui.main_window; print('sqlmodel' in sys.modules, 'sqlalchemy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.stdout.split() == ["False", "False"], result.stderr
