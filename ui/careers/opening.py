"""Showing a career from a page: the function the pages hand to the links (links.py).

The career windows (windows.py) read the careers' queries and draw charts: they are imported the first time a
career is shown, not with the pages on the way to the first paint (tests/ui/app/test_start_path.py).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QWidget


def show_career(kind: str, db: Any, row_id: int, parent: QWidget | None, **options: Any) -> QDialog:
    from ui.careers.windows import show_career as show

    return show(kind, db, row_id, parent, **options)
