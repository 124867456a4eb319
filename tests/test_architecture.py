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

LEAVES = {"errors", "paths", "words", "i18n", "phrases"}
# room -> the rooms it may import (besides itself). Reads sit below writes: a service reads through queries,
# Check League (safety) reads the ledger's balances through queries; nothing below services imports them.
ALLOWED: dict[str, set[str]] = {
    "paths": set(),
    # the catalogues: finds them under resources (paths); words' plurals and numbers speak the language
    "i18n": {"paths"},
    "words": {"i18n", "paths"},
    "errors": {"i18n", "paths"},
    # a sentence kept with its parts (a ledger row's reason), shown in the reader's language
    "phrases": {"i18n", "words", "paths"},
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


def test_the_leaves_import_only_other_leaves():
    """The leaves sit under every room: they import nothing of ours but one another along ALLOWED."""
    for leaf in LEAVES:
        files = [CORE / f"{leaf}.py"] if (CORE / f"{leaf}.py").is_file() else sorted((CORE / leaf).rglob("*.py"))
        names = set().union(*(imported_modules(path) for path in files))
        ours = {n.split(".")[1] for n in names if n.startswith("roster_app.")}
        assert "roster_app" not in names and ours - {leaf} <= ALLOWED[leaf], leaf


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
    """The window must paint before SQLModel (~0.3 s) is imported: keep ui.mainwindow.window light."""
    code = "import sys, ui.app.start, ui.mainwindow.window; print('sqlmodel' in sys.modules, 'sqlalchemy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.stdout.split() == ["False", "False"], result.stderr


# The Qt half. A ui room is a first-level package of ui (kit, roster, ...), or one page (pages.team) or one
# sequence (sequences.postmatch). The window wires the pages; pages open sequences; what two rooms share sits
# below both (roster, records, careers, printing, charts), and kit, feature-free, at the bottom.
UI = ROOT / "ui"
UI_PAGES = {f"pages.{page}" for page in ("team", "season", "referees", "contracts", "transfers", "history")}
UI_ALLOWED: dict[str, set[str]] = {
    "kit": set(),
    "charts": {"kit"},
    "roster": {"kit"},
    "records": {"roster", "kit"},
    "careers": {"charts", "kit"},
    "printing": {"charts", "kit"},
    "rules": {"kit"},
    "sequences.referee_sheet": {"kit"},
    "sequences.transfer": {"careers", "kit"},
    "sequences.postmatch": {"sequences.transfer", "roster", "kit"},
    "sequences.match_pad": {"sequences.postmatch", "kit"},
    "sequences.prematch": {"sequences.match_pad", "roster", "kit"},
    "pages.team": {"sequences.prematch", "sequences.postmatch", "careers", "roster", "kit"},
    "pages.season": {"sequences.prematch", "sequences.match_pad", "sequences.postmatch", "sequences.referee_sheet"}
    | {"careers", "records", "roster", "kit"},
    "pages.referees": {"sequences.referee_sheet", "careers", "printing", "kit"},
    "pages.contracts": {"sequences.postmatch", "careers", "roster", "kit"},
    "pages.transfers": {"sequences.transfer", "sequences.postmatch", "careers", "kit"},
    "pages.history": {"careers", "records", "charts", "kit"},
    "mainwindow": UI_PAGES | {"printing", "rules", "careers", "roster", "kit"},
    "app": {"mainwindow", "kit"},
}
UI_MAX_TOP_LEVEL_MODULES = 2  # ui/__init__.py and at most one more


def ui_room_of(module: str) -> str | None:
    """The ui room of a module (None for anything outside ui, and for ui, ui.pages, ui.sequences themselves)."""
    parts = module.split(".")
    if parts[0] != "ui" or len(parts) < 2:
        return None
    if parts[1] in ("pages", "sequences"):
        return f"{parts[1]}.{parts[2]}" if len(parts) > 2 and (UI / parts[1] / parts[2]).is_dir() else None
    if (UI / parts[1]).is_dir() or (UI / f"{parts[1]}.py").is_file():
        return parts[1]
    return None


def ui_files() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def ui_imports(path: Path) -> set[str]:
    """The ui modules `path` imports (lazy and TYPE_CHECKING ones too), not counting its own packages."""
    name = module_name(path)
    return {
        m
        for m in imported_modules(path)
        if m.split(".")[0] == "ui" and m != name and is_module(m) and not name.startswith(f"{m}.")
    }


def ui_room_arrows() -> dict[tuple[str, str], list[str]]:
    arrows: dict[tuple[str, str], list[str]] = {}
    for path in ui_files():
        source = ui_room_of(module_name(path))
        for name in sorted(ui_imports(path)):
            target = ui_room_of(name)
            if source and target and target != source:
                arrows.setdefault((source, target), []).append(f"{path.relative_to(ROOT)} imports {name}")
    return arrows


def test_every_ui_room_is_known():
    rooms = {ui_room_of(module_name(p)) for p in ui_files()} - {None}
    assert rooms == set(UI_ALLOWED), (
        "a new ui room needs its arrows in UI_ALLOWED (and a line in docs/ARCHITECTURE.md)"
    )


def test_ui_rooms_import_only_along_the_arrows():
    wrong = [
        why
        for (source, target), whys in sorted(ui_room_arrows().items())
        if target not in UI_ALLOWED[source]
        for why in whys
    ]
    assert wrong == [], "ui imports against the arrows:\n" + "\n".join(wrong)


def test_the_ui_arrows_have_no_circle():
    try:
        TopologicalSorter(UI_ALLOWED).prepare()
    except CycleError as exc:
        pytest.fail(f"the allowed ui arrows go round a circle: {circle(exc)}")


def test_the_ui_arrows_keep_the_rules_of_the_rooms():
    """kit imports nothing of ui; a page never imports another page; a sequence never imports a page."""
    assert UI_ALLOWED["kit"] == set()
    for room, targets in UI_ALLOWED.items():
        if room.startswith(("pages.", "sequences.")):
            assert not any(t.startswith("pages.") for t in targets), room


def test_kit_imports_nothing_of_ui_outside_kit():
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((UI / "kit").rglob("*.py"))
        for name in sorted(ui_imports(path))
        if not name.startswith("ui.kit.")
    ]
    assert offenders == []


def test_no_two_ui_rooms_import_each_other():
    graph: dict[str, set[str]] = {}
    for source, target in ui_room_arrows():
        graph.setdefault(source, set()).add(target)
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        pytest.fail(f"ui rooms import each other round a circle: {circle(exc)}")


def test_no_ui_module_imports_itself_round_a_circle():
    graph = {module_name(path): ui_imports(path) for path in ui_files()}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        pytest.fail(f"ui modules import each other round a circle: {circle(exc)}")


def test_ui_top_level_holds_at_most_two_modules():
    assert len(list(UI.glob("*.py"))) <= UI_MAX_TOP_LEVEL_MODULES, sorted(p.name for p in UI.glob("*.py"))


def test_ui_packages_are_empty():
    """Importing a package runs nothing (start-up stays lazy) and re-exports nothing (imports name the module);
    ui's own __init__ may say what ui is."""
    full = [str(p.relative_to(ROOT)) for p in UI.rglob("__init__.py") if p.read_text(encoding="utf-8").strip()]
    assert full == ["ui/__init__.py"]
    assert [type(node) for node in ast.parse((UI / "__init__.py").read_text(encoding="utf-8")).body] == [ast.Expr]


def test_the_ui_check_catches_a_page_importing_a_sibling_and_a_circle(tmp_path, monkeypatch):
    """The checks above can fail: a sequence importing a page, and two kit modules importing each other."""
    this = sys.modules[__name__]
    for folder in ("ui", "ui/kit", "ui/pages", "ui/pages/team", "ui/sequences", "ui/sequences/prematch"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "ui/pages/team/page.py").write_text("", encoding="utf-8")
    (tmp_path / "ui/sequences/prematch/wizard.py").write_text(
        "def f():\n    from ui.pages.team.page import TeamPage\n", encoding="utf-8"
    )
    (tmp_path / "ui/kit/a.py").write_text("from ui.kit import b\n", encoding="utf-8")
    (tmp_path / "ui/kit/b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ui.kit.a import x\n", encoding="utf-8"
    )
    monkeypatch.setattr(this, "ROOT", tmp_path)
    monkeypatch.setattr(this, "UI", tmp_path / "ui")
    assert ui_room_arrows() == {
        ("sequences.prematch", "pages.team"): ["ui/sequences/prematch/wizard.py imports ui.pages.team.page"]
    }
    with pytest.raises(
        pytest.fail.Exception, match="ui.kit.a -> ui.kit.b -> ui.kit.a|ui.kit.b -> ui.kit.a -> ui.kit.b"
    ):
        test_no_ui_module_imports_itself_round_a_circle()
