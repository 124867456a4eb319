"""The words a commissioner reads, in the commissioner's language: gettext catalogues (resources/locale/<lang>/
LC_MESSAGES/dugout.mo, extracted and compiled with Babel) for the Qt-free core and the window alike.

Mark a string where it is written: `_("Team {name} is full.").format(name=team.name)` (never an f-string inside
`_()`: the catalogue holds the text with its placeholders), `ngettext("{n} game", "{n} games", n)` for a plural,
`N_("...")` for a string kept in a table and translated where it is shown. The app's language follows the system
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG) unless Preferences choose one; `language(code)` runs a block (a printout)
in another language.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from roster_app.paths import resources_dir

DOMAIN = "dugout"
SOURCE_LANGUAGE = "en"
# The languages Dugout ships a catalogue for, in the order Preferences lists them.
LANGUAGES = ("en", "fr", "de", "es", "it")

_app: gettext.NullTranslations = gettext.NullTranslations()
_app_language = SOURCE_LANGUAGE
# A block run in another language (a printout in the league's print language) sets this for its own context only.
_override: ContextVar[tuple[str, gettext.NullTranslations] | None] = ContextVar("dugout_language", default=None)


def locale_dir():
    return resources_dir() / "locale"


def system_language() -> str:
    """The first language of the system's that Dugout speaks (gettext's order of variables), else English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        for item in value.split(":"):
            code = normalise(item)
            if code:
                return code
        if value:
            break
    return SOURCE_LANGUAGE


def normalise(code: str | None) -> str | None:
    """'fr_FR.UTF-8' -> 'fr'; None for a language Dugout has no catalogue for ('C', 'POSIX', 'pt')."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


@cache
def translations(code: str) -> gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, str(locale_dir()), languages=[code], fallback=True)


def set_language(code: str | None) -> str:
    """Speak `code` from now on (None or an unknown code: the system's language). Returns the language chosen."""
    global _app, _app_language
    chosen = normalise(code) or system_language()
    _app, _app_language = translations(chosen), chosen
    return chosen


def current_language() -> str:
    override = _override.get()
    return override[0] if override else _app_language


def _active() -> gettext.NullTranslations:
    override = _override.get()
    return override[1] if override else _app


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Run a block in `code` (None: the app's own language), e.g. a roster printed in English for a tournament."""
    chosen = normalise(code) or _app_language
    token = _override.set((chosen, translations(chosen)))
    try:
        yield chosen
    finally:
        _override.reset(token)


def _(message: str) -> str:
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _active().pgettext(context, message)


def N_(message: str) -> str:
    """Marks a string for the catalogue without translating it here (it is translated where it is shown)."""
    return message


def term(kind: str, name: str) -> str:
    """A word of the game as the commissioner's language has it: `term("skill", "Block")`, kinds "race",
    "position", "skill", "star", "inducement", "injury", "level", and "table": a text of a ruleset's table (its note,
    a row's text, a kick-off result, a handicap, a step's title, an effect, a Star Ref's description, a worth name),
    `term("table", row["text"])`. The league file keeps the ruleset's own key or text; a house rule's own name or
    text has no entry and stays as typed."""
    return _active().pgettext(kind, name)
