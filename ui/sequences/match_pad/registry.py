"""The pads this Dugout has open, one a game: opening.py adds a pad, the pad's window takes itself off when it
closes. A leaf below both, so the window never imports the opening that makes it."""

from __future__ import annotations

from typing import Any

OPEN: dict[int, Any] = {}  # match id -> the pad window this Dugout has open on it
