"""Counts, numbers and possessives in the words a commissioner reads: "1 season", "2 seasons", "5,000 gp",
"Orcland Raiders' roster", "the Aldermen's treasury". Every count, sum of gold or possessive Dugout writes goes
through here, and every name or reason a commissioner types is kept as `tidy` leaves it."""

from __future__ import annotations

import re

_VOWELS = "aeiou"


def plural(word: str, many: str | None = None) -> str:
    """The plural of `word` (English rules for the game's nouns; `many` when it is irregular)."""
    if many is not None:
        return many
    lower = word.lower()
    if lower.endswith("man") and not lower.endswith("human"):
        return word[:-3] + word[-3:-2] + ("EN" if word[-2:].isupper() else "en")
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in _VOWELS:
        return word[:-1] + "ies"
    return word + "s"


def noun(n: int, word: str, many: str | None = None) -> str:
    """The noun that goes with `n`: 'season' for 1, 'seasons' for any other number."""
    return word if n == 1 else plural(word, many)


def count(n: int, word: str, many: str | None = None) -> str:
    """'1 season', '2 seasons', '0 matches', '3 casualties'."""
    return f"{n} {noun(n, word, many)}"


def number(n: int) -> str:
    """A whole number with its thousands separated: "5,000", "-12,500", "7"."""
    return f"{n:,}"


def gp(amount: int) -> str:
    """Gold as the commissioner writes it: "10,000 gp"."""
    return f"{number(amount)} gp"


def possessive(name: str) -> str:
    """ "Orcland Raiders'" (a name ending in s), "the Aldermen's", "Grak's"."""
    name = name.rstrip()
    return f"{name}'" if re.search(r"s$", name, re.IGNORECASE) else f"{name}'s"


# Characters no typed name or reason keeps: control characters other than whitespace (a NUL cuts a name short in
# other programs) and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which
# make a name show as another ("\u202eredaeR" reads "Reader"). Whitespace is left to str.split.
_HIDDEN = dict.fromkeys(
    c
    for c in (*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A))
    if not chr(c).isspace()
)


def tidy(text: object) -> str:
    """Typed text as Dugout keeps it: without hidden characters, every run of whitespace one space, trimmed."""
    return " ".join(str(text).translate(_HIDDEN).split())
