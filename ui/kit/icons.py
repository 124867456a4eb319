"""Dugout's application icon, from the PNGs rendered from resources/icons/dugout.svg.

PNGs, not the SVG, so the window needs no SVG plugin and nothing is rendered at start-up (QIcon reads a
file only when a size is drawn). packaging/make_icons.py makes them.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
APP_ID = "org.dugout.Dugout"  # the desktop file, AppStream id and icon name on Linux


@cache
def app_icon() -> QIcon:
    from roster_app.paths import resources_dir

    icon = QIcon()
    folder = resources_dir() / "icons" / "png"
    for size in ICON_SIZES:
        path = folder / f"dugout-{size}.png"
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    return icon
