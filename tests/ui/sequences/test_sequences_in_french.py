"""Issue 39, the sequences area: every string ui/sequences marks has its translation in resources/locale/<lang>/
sequences.po in French, German, Spanish and Italian with the same placeholders; and the match pad played in French
shows French words while the game keeps its keys (a ref's action and state are stored as the rules name them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import roster_app.i18n as i18n
from tests.ui.sequences.match_pad.test_match_pad import key, pad_game  # noqa: F401  (pad_game: the fixture, by name)

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("fr", "de", "es", "it")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "term": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# a possessive passes the owner both ways ({owner} or {name}: "{owner} roster" / "Effectif de {name}"), an
# article-bearing word too ({a_race} or {race}: "an Orc" / "un Orc")
SWAPS = {"{owner}": "{name}", "{buyer_owner}": "{buyer}", "{seller_owner}": "{seller}", "{a_race}": "{race}",
         "{a_team_race}": "{team_race}", "{a_position}": "{position}"}  # fmt: skip


def marked() -> dict[tuple[str | None, str | tuple[str, ...]], str]:
    """Every msgid the sources of ui/sequences mark (with its context), from Babel's extractor."""
    found = {}
    for filename, _line, message, _comments, context in extract_from_dir(
        str(ROOT / "ui" / "sequences"), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        found[(context, message)] = filename
    return found


def catalogue(code: str):
    with open(ROOT / "resources" / "locale" / code / "sequences.po", "rb") as po:
        return read_po(po)


def kept(msgid: str, translation: str) -> bool:
    want, got = set(PLACEHOLDER.findall(msgid)), set(PLACEHOLDER.findall(translation))
    return all(p in got or SWAPS.get(p) in got for p in want) and all(
        g in want or g in {SWAPS.get(p) for p in want} for g in got
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_marked_string_of_the_sequences_is_translated_with_its_placeholders(code):
    po = catalogue(code)
    plural = {"fr": "(n > 1)"}.get(code, "(n != 1)")
    assert po.num_plurals == 2 and po.plural_expr == plural
    missing, dropped = [], []
    for context, message in marked():
        entry = po.get(message if isinstance(message, str) else message[0], context=context)
        strings = entry.string if entry is not None and isinstance(entry.string, tuple) else (
            (entry.string,) if entry is not None else ("",))  # fmt: skip
        if not all(strings):
            missing.append(message)
            continue
        singular, plural_id = (message, message) if isinstance(message, str) else message
        dropped += [(message, s) for s, m in zip(strings, (singular, plural_id), strict=False) if not kept(m, s)]
    assert missing == [] and dropped == []


@pytest.fixture
def french(tmp_path, monkeypatch):
    """The app in French, from the sequences catalogue compiled the way Babel compiles it."""
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "dugout.mo", "wb") as mo:
        write_mo(mo, catalogue("fr"))
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.translations.cache_clear()
    i18n.set_language("fr")
    yield
    i18n.set_language("en")
    i18n.translations.cache_clear()


def test_the_pad_in_french_shows_french_words_and_stores_the_rules_keys(french, qtbot, pad_game):  # noqa: F811
    pad = pad_game["pad"]
    assert pad.windowTitle().startswith("Feuille de match : ")
    assert pad.buttons["casualty"].text().startswith("Élimination") and pad.buttons["riot"].text().startswith(
        "Émeute"
    )
    assert pad.buttons["end turn"].toolTip().startswith("Le tour de l'arbitre")
    assert pad.ref_state.currentText() == "debout" and pad.ref_state.currentData() == "standing"
    pad.pitch.click((12, 7))
    key(qtbot, pad, "Ctrl+L")  # the ref placed
    pad.pitch.click((15, 7), ball=True)
    key(qtbot, pad, "Ctrl+4")  # he watches like a hawk: the combo shows it in French
    assert pad.action.currentText() == "surveiller comme un faucon"
    key(qtbot, pad, "N")
    assert pad.game.state.actions[0] == "watch like a hawk"  # the key the rules read, whatever the language
    assert "Tour 2 sur 16" in pad.turn.text()
