"""The pitch's squares: where a square is, and how many squares apart two are (the Blood Bowl way)."""

from __future__ import annotations

from collections.abc import Sequence

from roster_app.errors import RuleViolation
from roster_app.i18n import _

PITCH = (26, 15)  # squares of a Blood Bowl pitch: 26 long, 15 wide


def check_square(square: Sequence[int]) -> tuple[int, int]:
    width, height = PITCH
    if len(square) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in square):
        raise RuleViolation(_("A square of the pitch is two whole numbers."))
    x, y = square
    if not (0 <= x < width and 0 <= y < height):
        raise RuleViolation(
            _("The pitch is {width} by {height} squares; ({value}, {value2}) is off it.").format(
                width=width, height=height, value=x + 1, value2=y + 1
            )
        )
    return x, y


def squares_apart(a: Sequence[int], b: Sequence[int]) -> int:
    """Squares between two squares, counted the Blood Bowl way: the larger of the two distances."""
    (ax, ay), (bx, by) = check_square(a), check_square(b)
    return max(abs(ax - bx), abs(ay - by))
