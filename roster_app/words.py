"""Counts and possessives in the words a commissioner reads: "1 season", "2 seasons", "Orcland Raiders'
roster", "the Aldermen's treasury". Every count or possessive Dugout writes goes through here."""

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


def possessive(name: str) -> str:
    """ "Orcland Raiders'" (a name ending in s), "the Aldermen's", "Grak's"."""
    name = name.rstrip()
    return f"{name}'" if re.search(r"s$", name, re.IGNORECASE) else f"{name}'s"
