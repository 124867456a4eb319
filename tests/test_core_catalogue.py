"""The core area's catalogue (resources/locale/<lang>/core.po): a refusal from the core reaches the commissioner in
French, and English comes back after it. (Every marked string translated with its placeholders, in every area and
language: tests/i18n/test_catalogues.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from roster_app import i18n
from roster_app.errors import RuleViolation
from roster_app.services.teams import add_team

ROOT = Path(__file__).resolve().parent.parent


def catalogue(language: str):
    with open(ROOT / "resources" / "locale" / language / "core.po", "rb") as po:
        return read_po(po, locale=language)


@pytest.fixture
def french(tmp_path, monkeypatch):
    """The core catalogue compiled on its own (tools/catalogue.py merges every area into dugout.mo) and chosen."""
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{i18n.DOMAIN}.mo", "wb") as mo:
        write_mo(mo, catalogue("fr"))
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.translations.cache_clear()
    try:
        assert i18n.set_language("fr") == "fr"
        yield
    finally:
        i18n.set_language("en")
        i18n.translations.cache_clear()


def test_a_core_refusal_comes_out_in_french(db, french):
    with pytest.raises(RuleViolation) as refused:
        add_team(db, name="  ", race="Orc")
    assert str(refused.value) == "Une équipe a besoin d'un nom."
    add_team(db, name="Orcland Raiders", race="Orc")
    with pytest.raises(RuleViolation) as refused:
        add_team(db, name="orcland raiders", race="Orc")
    assert str(refused.value) == "Il y a déjà une équipe nommée 'Orcland Raiders' dans cette ligue."


def test_english_stays_english_after_french(db, french):
    i18n.set_language("en")
    with pytest.raises(RuleViolation, match=r"^A team needs a name\.$"):
        add_team(db, name="", race="Orc")
