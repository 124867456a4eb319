"""The bundled DejaVu Sans (resources/fonts, licence beside it), registered with Qt.

Without any system font Qt draws every letter as a box; the one-folder bundle may run on such a machine
(a minimal desktop, a container, CI), so the bundled app registers DejaVu Sans at start-up
(`ui.app.start.make_app`). Batch commands that draw text (PDF printing) call `register_bundled_fonts()` too.
"""

from __future__ import annotations

from functools import cache

FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


@cache
def register_bundled_fonts() -> tuple[str, ...]:
    """Register the bundled fonts once per process (needs a QGuiApplication); returns their families."""
    from PySide6.QtGui import QFontDatabase

    from roster_app.paths import resources_dir

    families: list[str] = []
    for name in FONT_FILES:
        font_id = QFontDatabase.addApplicationFont(str(resources_dir() / "fonts" / name))
        if font_id >= 0:
            families += [f for f in QFontDatabase.applicationFontFamilies(font_id) if f not in families]
    return tuple(families)
