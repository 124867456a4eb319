"""A sentence the league keeps with its parts, so each reader sees it in their own language (a ledger row's
reason).

A ledger row keeps its English sentence in `reason` (the JSON export, the CSV, an older Dugout read it) and the
sentence's msgid with its parts in `words` (JSON). Shown, the msgid is translated and each part shown in the reader's
language too: gold in their format, a game word (a position) by its term, a count with its noun, a possessive, a
sentence inside a sentence. Only the sentences of roster_app/phrases/ledger.py are read back from a file: a row whose
words are missing, unreadable or name another sentence (an older row, a hand-edited file) shows the English it keeps.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from roster_app import words
from roster_app.i18n import _, language, term

DEEPEST = 3  # a sentence inside a sentence inside a sentence (a reversal of a correction) at most
LONGEST = 4000  # characters of a row's stored words


@dataclass(frozen=True)
class Gold:
    amount: int


@dataclass(frozen=True)
class Number:
    """A whole number with the language's thousands separator ("72,000", fr "72 000")."""

    n: int


@dataclass(frozen=True)
class Term:
    """A game word: `Term("position", "Orc Blitzer")` (a house rule's own name has no entry: shown as typed)."""

    kind: str
    key: str


@dataclass(frozen=True)
class Count:
    """`Count(3, "season")`: "3 seasons", the noun from the words catalogue."""

    n: int
    noun: str


@dataclass(frozen=True)
class Owner:
    """A possessive ("Grak's", "the Raiders'"); the sentence gets the bare name too, as {name}."""

    name: str


@dataclass(frozen=True)
class Phrase:
    msgid: str
    parts: dict[str, Any] = field(default_factory=dict)

    def shown(self) -> str:
        """The sentence in the language of the moment."""
        return _(self.msgid).format(**{key: _show(value) for key, value in self.parts.items()})

    def english(self) -> str:
        with language("en"):
            return self.shown()

    def dumps(self) -> str:
        return json.dumps(_encode(self), ensure_ascii=False, separators=(",", ":"))


def phrase(msgid: str, **parts: Any) -> Phrase:
    """`phrase(HIRED, name=player.name, label=Term("position", label))` with a sentence of ledger_words."""
    return Phrase(msgid, parts)


def _show(value: Any) -> str:
    if isinstance(value, Phrase):
        return value.shown()
    if isinstance(value, Gold):
        return words.gp(value.amount)
    if isinstance(value, Number):
        return words.number(value.n)
    if isinstance(value, Term):
        return term(value.kind, value.key)
    if isinstance(value, Count):
        return words.count(value.n, value.noun)
    if isinstance(value, Owner):
        return words.possessive(value.name)
    return str(value)


def _encode(value: Any) -> Any:
    if isinstance(value, Phrase):
        return {"m": value.msgid, "a": {key: _encode(part) for key, part in value.parts.items()}}
    if isinstance(value, Gold):
        return {"gp": value.amount}
    if isinstance(value, Number):
        return {"number": value.n}
    if isinstance(value, Term):
        return {"term": [value.kind, value.key]}
    if isinstance(value, Count):
        return {"count": [value.n, value.noun]}
    if isinstance(value, Owner):
        return {"owner": value.name}
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return value
    raise TypeError(f"a phrase's part is text, a whole number or a part of roster_app.phrases: {value!r}")


def loads(text: str | None) -> Phrase | None:
    """The phrase a row keeps; None when there is none or it cannot be trusted (then the row's English is shown)."""
    if not text or not isinstance(text, str) or len(text) > LONGEST:
        return None
    try:
        value = _decode(json.loads(text), 0)
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
    return value if isinstance(value, Phrase) else None


def _decode(value: Any, depth: int) -> Any:
    from roster_app.phrases.ledger import SENTENCES

    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return value
    if not isinstance(value, dict) or len(value) > 2:
        raise ValueError("not a part")
    if set(value) == {"m", "a"}:
        if depth >= DEEPEST or value["m"] not in SENTENCES or not isinstance(value["a"], dict):
            raise ValueError("not a sentence of the ledger")
        return Phrase(value["m"], {str(k): _decode(v, depth + 1) for k, v in value["a"].items()})
    ((tag, inner),) = value.items() if len(value) == 1 else (("", None),)
    if tag == "gp" and _whole(inner):
        return Gold(inner)
    if tag == "number" and _whole(inner):
        return Number(inner)
    if tag == "term" and isinstance(inner, list) and len(inner) == 2 and all(isinstance(x, str) for x in inner):
        return Term(*inner)
    if (
        tag == "count"
        and isinstance(inner, list)
        and len(inner) == 2
        and _whole(inner[0])
        and isinstance(inner[1], str)
    ):
        return Count(*inner)
    if tag == "owner" and isinstance(inner, str):
        return Owner(inner)
    raise ValueError("not a part")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def said(stored_words: str | None, reason: str) -> str:
    """What a ledger row says in the reader's language: its phrase translated, else the English it keeps."""
    found = loads(stored_words)
    if found is None:
        return reason
    try:
        return found.shown()
    except (KeyError, IndexError, ValueError):  # a translation naming a part the row does not have
        return reason
