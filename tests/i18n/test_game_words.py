"""The game's words (issue 39): every race, position, skill, Star Player, inducement and injury of the bundled
rulesets has its term in French, German, Spanish and Italian (resources/locale/<lang>/game.po, msgctxt = kind), each
entry saying where it comes from: OBBLM's or NAFLM's translations, Dugout's own translation, or kept in English."""

from __future__ import annotations

import pytest

from roster_app import i18n
from roster_app.i18n import term
from tools import catalogue
from tools.catalogue import LANGUAGES

SOURCES = ("NAFLM lang/translations.xml", "OBBLM lang/translations.xml", "Dugout's translation", "Kept in English")


def game_po(language):
    return {(m.context, m.id): m for m in catalogue.read(catalogue.po_path(language, "game"), language) if m.id}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_bundled_rulesets_has_a_term(language):
    words = catalogue.ruleset_words()
    entries = game_po(language)
    assert {k for k in words} <= set(entries)
    assert [k for k in words if not entries[k].string] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_term_says_where_it_comes_from(language):
    unsourced = [f"{ctx} | {msgid}" for (ctx, msgid), m in game_po(language).items()
                 if not any(s in " ".join(m.user_comments) for s in SOURCES)]  # fmt: skip
    assert unsourced == []
    kept = [k for k, m in game_po(language).items() if m.string == k[1] and "Kept in English" not in " ".join(m.user_comments)
            and "lang/translations.xml" not in " ".join(m.user_comments) and "Dugout's translation" not in " ".join(m.user_comments)]  # fmt: skip
    assert kept == []


# How many of the game's words each language takes from a public source (OBBLM's, NAFLM's translations): French
# has nearly all of them, Spanish most, German and Italian none (those files carry no game words in them).
PUBLIC_SHARE = {"fr": 0.75, "es": 0.6, "de": 0.0, "it": 0.0}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coverage_by_public_sources(language):
    # the words only: the tables' texts (notes, rows, effects: kind "table") have no public translation
    entries = {k: m for k, m in game_po(language).items() if k[0] != "table"}
    public = [k for k, m in entries.items() if "lang/translations.xml" in " ".join(m.user_comments)]
    skills = [k for k in entries if k[0] == "skill"]
    public_skills = [k for k in public if k[0] == "skill"]
    assert len(public) / len(entries) >= PUBLIC_SHARE[language]
    if language in ("fr", "es"):
        assert len(public_skills) >= 0.9 * len(skills)  # OBBLM's and NAFLM's skill names


@pytest.mark.parametrize(
    ("language", "kind", "key", "shown"),
    [("fr", "skill", "Block", "Blocage"), ("es", "skill", "Sure Hands", "Manos Seguras"),
     ("de", "skill", "Dodge", "Ausweichen"), ("it", "skill", "Dodge", "Dodge"), ("fr", "race", "Wood Elf", "Elfe Sylvain"),
     ("fr", "position", "Lineman", "Trois-quart"), ("de", "inducement", "Wizard", "Zauberer"),
     ("es", "injury", "Dead", "Muerto"), ("en", "skill", "Block", "Block")],
)  # fmt: skip
def test_term_shows_the_word_in_the_language_and_the_league_keeps_its_key(language, kind, key, shown):
    with i18n.language(language):
        assert term(kind, key) == shown
        assert (
            term("skill", "Gutrippers' Own Skill") == "Gutrippers' Own Skill"
        )  # a house rule's name stays as typed
