"""Counts, numbers and possessives in the words a commissioner reads: "1 season", "2 seasons", "5,000 gp",
"Orcland Raiders' roster", "the Aldermen's treasury". Every count, sum of gold or possessive Dugout writes goes
through here, and every name or reason a commissioner types is kept as `tidy` leaves it."""

from __future__ import annotations

import re

from roster_app.i18n import SOURCE_LANGUAGE, _, current_language, pgettext
from roster_app.i18n import ngettext as lookup_plural  # not the catalogue keyword: its msgids are built here

_VOWELS = "aeiou"


def english_plural(word: str, many: str | None = None) -> str:
    """The English plural of `word` (the game's nouns; `many` when it is irregular): the catalogue's msgid_plural."""
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


# Another language's nouns come from the catalogue's `words` area: tools/catalogue.py makes a plural entry of
# every count(n, "literal") ("{n} game" / "{n} games") and noun/plural("literal") ("game" / "games"); a noun
# with no entry (a word that is not a literal) stays English.
def plural(word: str, many: str | None = None) -> str:
    """The plural of `word` in the commissioner's language."""
    english = english_plural(word, many)
    return english if current_language() == SOURCE_LANGUAGE else lookup_plural(word, english, 2)


def noun(n: int, word: str, many: str | None = None) -> str:
    """The noun that goes with `n`: 'season' for 1, 'seasons' for any other number."""
    if current_language() == SOURCE_LANGUAGE:
        return word if n == 1 else english_plural(word, many)
    return lookup_plural(word, english_plural(word, many), n)


def count(n: int, word: str, many: str | None = None) -> str:
    """'1 season', '2 seasons', '0 matches', '3 casualties' (fr '2 saisons')."""
    if current_language() == SOURCE_LANGUAGE:
        return f"{n} {word if n == 1 else english_plural(word, many)}"
    return lookup_plural(f"{{n}} {word}", f"{{n}} {english_plural(word, many)}", n).replace("{n}", str(n))


def number(n: int) -> str:
    """A whole number with its thousands separated as the language does: "5,000" (fr "5 000", de "5.000")."""
    if current_language() == SOURCE_LANGUAGE:
        return f"{n:,}"
    # The language's separator is the words area's entry, written from CLDR by tools/catalogue.py update (Babel's
    # get_group_symbol): no Babel at run time, where loading its locale data cost ~20 ms of CPU before the roster.
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


def gp(amount: int) -> str:
    """Gold as the commissioner writes it: "10,000 gp" (fr "10 000 po", de "10.000 GM", es/it "10.000 mo")."""
    if current_language() == SOURCE_LANGUAGE:
        return f"{amount:,} gp"
    return _("{amount} gp").format(amount=number(amount))


def gp_suffix() -> str:
    """What follows a sum of gold in a spin box: " gp" (fr " po", de " GM"), as gp() writes it."""
    return _("{amount} gp").split("{amount}", 1)[-1]


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
