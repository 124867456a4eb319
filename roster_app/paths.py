"""Where Dugout finds its bundled resources and keeps the user's files."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

APP_NAME = "Dugout"
LEAGUE_SUFFIX = ".dugout"
DEMO_NAME = "Old World Classic"  # the demo league (roster_app.demo builds it)


@cache
def resources_dir() -> Path:
    """The resources folder: inside a PyInstaller bundle, in a checkout, or installed as dugout_resources."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / "resources").is_dir():
        return Path(bundle) / "resources"
    checkout = Path(__file__).resolve().parent.parent / "resources"
    if (checkout / "rulesets").is_dir():
        return checkout
    import dugout_resources  # installed wheel: resources/ ships as this package

    return Path(dugout_resources.__file__).resolve().parent


def data_dir() -> Path:
    """The user's data folder (leagues, the demo league, backups); created on first use."""
    import platformdirs

    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    import platformdirs

    path = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def demo_path() -> Path:
    """Where the demo league lives (roster_app.demo.league.ensure_demo builds it there)."""
    return data_dir() / f"{DEMO_NAME}{LEAGUE_SUFFIX}"
