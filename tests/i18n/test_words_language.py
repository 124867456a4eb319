"""roster_app/words.py in the commissioner's language: counted nouns through the catalogue's `words` area (plural
forms), numbers and gold in the language's format (Babel, CLDR), possessives English-only."""

from __future__ import annotations

import pytest

from roster_app import i18n, words


@pytest.mark.parametrize(
    ("language", "one", "two", "zero"),
    [("en", "1 game", "2 games", "0 games"), ("fr", "1 match", "2 matchs", "0 match"),  # fr: 0 is singular
     ("de", "1 Spiel", "2 Spiele", "0 Spiele"), ("es", "1 partido", "2 partidos", "0 partidos"),
     ("it", "1 partita", "2 partite", "0 partite")],
)  # fmt: skip
def test_a_count_takes_the_language_s_plural_forms(language, one, two, zero):
    with i18n.language(language):
        assert (words.count(1, "game"), words.count(2, "game"), words.count(0, "game")) == (one, two, zero)


@pytest.mark.parametrize("language", ["fr", "de", "es", "it"])
def test_every_counted_noun_comes_from_the_catalogue(language):
    """Each plural entry of the words area (tools/catalogue.py makes one of every count/noun/plural call with a
    literal word) is what words.py writes: the singular for one, the plural for many, as the PO file has them."""
    from tools import catalogue

    elsewhere = {catalogue.mo_key(m) for area in catalogue.AREAS if area != "words"
                 if catalogue.po_path(language, area).is_file()
                 for m in catalogue.read(catalogue.po_path(language, area), language) if m.id}  # fmt: skip
    # a noun another area translates too is the agreement test's (test_catalogues.py)
    entries = [m for m in catalogue.read(catalogue.po_path(language, "words"), language)
               if isinstance(m.id, tuple) and catalogue.mo_key(m) not in elsewhere]  # fmt: skip
    assert len(entries) >= 10
    many = 2  # a plural in every language (fr: n > 1)
    with i18n.language(language):
        for m in entries:
            one, other = m.id
            if one.startswith("{n} "):
                word, english_many = one[4:], other[4:]
                assert words.count(1, word, english_many) == m.string[0].replace("{n}", "1")
                assert words.count(many, word, english_many) == m.string[1].replace("{n}", str(many))
            else:
                assert words.noun(1, one, other) == m.string[0] and words.noun(many, one, other) == m.string[1]
                assert words.plural(one, other) == m.string[1]


def test_a_word_with_no_entry_stays_english():
    """A noun that is not a literal at its call (a ruleset's word) has no entry: English rules, no error."""
    with i18n.language("fr"):
        assert words.count(2, "Wood Elf Lineman") == "2 Wood Elf Linemen"


@pytest.mark.parametrize(
    ("language", "number", "gold"),
    [("en", "1,000", "1,000 gp"), ("fr", "1\u202f000", "1\u202f000 po"), ("de", "1.000", "1.000 GM"),
     ("es", "1.000", "1.000 mo"), ("it", "1.000", "1.000 mo")],
)  # fmt: skip
def test_numbers_and_gold_in_the_language_s_format(language, number, gold):
    """CLDR's separators, as Babel has them (es groups a four-digit number too in Babel's default pattern)."""
    with i18n.language(language):
        assert words.number(1000) == number and words.gp(1000) == gold
        assert words.gp(-12_500).startswith("-12") and words.gp(0).startswith("0 ")


def test_possessive_stays_english():
    with i18n.language("fr"):
        assert words.possessive("Orcland Raiders") == "Orcland Raiders'"


@pytest.mark.parametrize("language", ["fr", "de", "es", "it"])
@pytest.mark.parametrize("n", [0, 7, 999, 1000, 12_500, -12_500, 1_250_000, -1_000_000_000])
def test_a_number_is_what_cldr_says(language, n):
    """words.number reads the separator from the catalogue (written from CLDR by tools/catalogue.py): the same
    text as Babel's format_decimal, without loading Babel."""
    from babel.numbers import format_decimal

    with i18n.language(language):
        assert words.number(n) == format_decimal(n, locale=language)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_start_path_imports_no_babel(language):
    """Loading the catalogue costs a few ms: counts, numbers and gold need no Babel in any language."""
    import subprocess
    import sys

    code = (f"import sys; from roster_app import i18n, words; i18n.set_language('{language}');"
            "print(words.gp(5000), words.count(2, 'game'), 'babel' in sys.modules)")  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split()[-1] == "False" and ("po" in result.stdout) == (language == "fr")
