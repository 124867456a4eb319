"""Issue 39, the sequences area: the match pad played in French shows French words while the game keeps its keys (a
ref's action and state are stored as the rules name them). Every marked string translated with its placeholders:
tests/i18n/test_catalogues.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import roster_app.i18n as i18n
from tests.ui.sequences.match_pad.test_match_pad import key, pad_game  # noqa: F401  (pad_game: the fixture, by name)

ROOT = Path(__file__).resolve().parents[3]


def catalogue(code: str):
    with open(ROOT / "resources" / "locale" / code / "sequences.po", "rb") as po:
        return read_po(po)


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
    # the French rulebook's words: a casualty is a "sortie"
    assert pad.buttons["casualty"].text().startswith("Sortie") and pad.buttons["riot"].text().startswith("Émeute")
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
