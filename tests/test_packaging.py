"""pyproject.toml lists every package (resources ships as dugout_resources), and resources are found."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_python_package_is_listed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("roster_app", "ui")
             for p in (ROOT / top).rglob("__init__.py")}  # fmt: skip
    data = {".".join(("dugout_resources", *d.relative_to(ROOT / "resources").parts))
            for d in (ROOT / "resources").rglob("*") if d.is_dir() and d.name != "__pycache__"}  # fmt: skip
    migrations = {"roster_app.store.migrations.versions"}  # Alembic's revisions: no __init__.py
    assert (
        found | {"dugout_resources"} | data | migrations == listed
    )  # data folders too: setuptools warns for each one missing


def test_pyside6_is_pinned_below_6_12_on_python_3_11():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    deps = config["project"]["dependencies"]
    assert "PySide6-Essentials>=6.11.3,<6.12; python_version < '3.12'" in deps


def test_resources_are_found():
    from roster_app.paths import resources_dir

    assert (resources_dir() / "rulesets" / "lrb4" / "races.json").is_file()


def test_pyside6_addons_has_the_same_pin_as_essentials():
    """Qt Charts comes from PySide6-Addons, which needs PySide6-Essentials of its own version."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    deps = config["project"]["dependencies"]
    essentials = sorted(d.removeprefix("PySide6-Essentials") for d in deps if d.startswith("PySide6-Essentials"))
    addons = sorted(d.removeprefix("PySide6-Addons") for d in deps if d.startswith("PySide6-Addons"))
    assert addons == essentials and len(addons) == 2  # both Python version markers
