"""The core area's catalogue (resources/locale/<lang>/core.po): every string roster_app marks (except printing and
publish, which the printing area owns) is translated in French, German, Spanish and Italian with the same
placeholders, and a refusal from the core reaches the commissioner in French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from roster_app import i18n
from roster_app.errors import RuleViolation
from roster_app.services.teams import add_team

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "roster_app"
NOT_CORE = ("printing", "publish", "words.py")  # the printing area's; words.py is the words area's
LANGUAGES = ("fr", "de", "es", "it")
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None, "term": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")


def core_messages() -> dict[str, list[str]]:
    """msgid -> where it is marked, for every string the core area marks."""
    found: dict[str, list[str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(CORE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        if filename.split("/")[0] in NOT_CORE or context:
            continue
        for msgid in message if isinstance(message, tuple) else (message,):
            found.setdefault(msgid, []).append(f"{filename}:{lineno}")
    return found


def catalogue(language: str):
    with open(ROOT / "resources" / "locale" / language / "core.po", "rb") as po:
        return read_po(po, locale=language)


def placeholders_fit(msgid: str, text: str) -> bool:
    """The same placeholders; a possessive's {owner} may be written with the owner's own name instead ({name} when
    the message has no other name, {owner_name}), so a language can build its own phrase."""
    wanted, have = set(PLACEHOLDER.findall(msgid)), set(PLACEHOLDER.findall(text))
    allowed = set(wanted)
    for name in wanted:
        if name.startswith("owner"):
            allowed.add(f"{name}_name")
            if name == "owner" and "name" not in wanted:
                allowed.add("name")
    plain = {name for name in wanted if not name.startswith("owner")}
    return have <= allowed and plain <= have


def test_the_core_marks_strings():
    messages = core_messages()
    assert len(messages) > 250  # services, safety, rules, exchange, commands ... speak through the catalogue
    assert "A team needs a name." in messages


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_core_string_is_translated_with_its_placeholders(language):
    cat = catalogue(language)
    assert cat.locale.language == language
    missing, broken = [], []
    for msgid, where in core_messages().items():
        entry = cat.get(msgid)
        if entry is None or not entry.string:
            missing.append(f"{where[0]}: {msgid!r}")
        elif not placeholders_fit(msgid, entry.string if isinstance(entry.string, str) else entry.string[0]):
            broken.append(f"{where[0]}: {msgid!r} -> {entry.string!r}")
    assert not missing, f"{len(missing)} core strings have no {language} translation:\n" + "\n".join(missing[:40])
    assert not broken, f"{language} translations that change placeholders:\n" + "\n".join(broken[:40])


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
