"""The printouts in French, German, Spanish and Italian (issue 39): a roster, the referee cards, the contract sheet
and the league table print with no English heading left, while English prints as before. (Every marked text
translated with its placeholders: tests/i18n/test_catalogues.py.)"""

from __future__ import annotations

import html
import re
from datetime import date
from pathlib import Path

import pytest

from roster_app import i18n
from roster_app.printing import render
from roster_app.printing.document import PrintRequest, build_document
from tests.printing.catalogues import LANGUAGES, compile_printing, speak_printing
from tests.printing.league_night import ORCS

ROOT = Path(__file__).resolve().parents[2]
AREA_SOURCES = ("roster_app/printing", "roster_app/publish", "ui/printing")

# The headings, labels and notes of the four league-night documents as English prints them (template texts and
# the Python-built ones): none may be left in a printout in another language.
HEADINGS = {
    "roster": ["team roster", "Player", "Position", "Skills", "roster column::Injuries", "Value", "Contract", "Team", "Treasury",
               "Fan factor", "Players on the roster", "League record this season", "League position",
               "Staff, re-rolls and fan factor", "Cost", "Total", "Players", "Team value", "Team re-rolls",
               "Assistant coaches", "Cheerleaders", "Apothecary", "Rating on the Match Winnings Table",
               "Team value (players, staff, re-rolls, fan factor)",
               "Skills in <b>bold</b> were gained in the league; the others come with the position."],
    "referee cards": ["cut round each card"],
    "contract sheet": ["Contract sheet", "Players under contract", "Free agents who could sign now", "Player",
                       "Position", "Rolls", "Signed", "Until", "Tally", "Paid", "State", "Team",
                       "Players with at least one star player roll and no contract running. Price of a contract "
                       "of each length:"],
    "league table": ["League table", "Pos", "Team", "Coach", "Race", "Results", "Round", "Stage", "Home", "Score",
                     "Away", "Casualties", "Teams level on points are separated by $tie_breakers."],
}  # fmt: skip
HEADING_ELEMENT = re.compile(
    r'<(?:th|h1|h2)(?:\s[^>]*)?>(.*?)</(?:th|h1|h2)>|<td class="(?:label|total|name)"[^>]*>(.*?)</td>'
    r'|<p class="(?:kicker|note|subtitle)"[^>]*>(.*?)</p>',
    re.DOTALL,
)


@pytest.fixture(scope="module")
def printing_catalogues(tmp_path_factory):
    return compile_printing(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def translated(printing_catalogues, monkeypatch):
    yield from speak_printing(monkeypatch, printing_catalogues)


def _heading_texts(section_html: str) -> set[str]:
    """The text of every heading, header cell, label and note of a printed section, every part of them between
    tags and dots, and every cell's text."""
    texts = set()
    for groups in HEADING_ELEMENT.findall(section_html):
        texts.add(html.unescape(" ".join(re.sub(r"<[^>]+>", "", "".join(groups)).split())))
    parts = re.split(r"\s*(?:<[^>]+>|&#183;|&#9986;|\u00b7)\s*", section_html)
    texts.update(html.unescape(" ".join(part.split())) for part in parts if part.strip())
    return texts


def _shows(texts: set[str], text: str, *, prefix: bool) -> bool:
    return any(t.startswith(text) for t in texts) if prefix else text in texts


def _league_night(db, team_id: int):
    request = PrintRequest((team_id,), rosters=True, table=True, contracts=True, referees=True)
    return build_document(db, request, today=date(2025, 3, 1))


@pytest.mark.parametrize("code", LANGUAGES)
def test_league_night_prints_with_no_english_heading_left(translated, night_db, code):
    [orcs] = render.data.team_ids(night_db, [ORCS])
    english = _league_night(night_db, orcs)
    document = build_document(night_db, PrintRequest((orcs,), rosters=True, table=True, contracts=True, referees=True),
                              today=date(2025, 3, 1), language=code)  # fmt: skip
    assert document.language == code
    assert len(document.sections) == len(english.sections)
    kinds = ["league table", "roster", "contract sheet", "referee cards"]
    catalogue = i18n.translations(code)
    changed = 0
    for section, original in zip(document.sections, english.sections, strict=True):
        kind = next(k for k in kinds if original.title.endswith(k) or original.title.startswith(k))
        shown = _heading_texts(section.html)
        for heading in HEADINGS[kind]:
            # the text as printed, up to its first $value ("Teams level on points are separated by ")
            prefix = "$" in heading or len(heading) > 40  # a note may go on with more (the legend)
            context, _sep, message = heading.rpartition("::")
            translated = catalogue.pgettext(context, message) if context else catalogue.gettext(message)
            text = html.unescape(re.sub(r"<[^>]+>", "", message)).split("$")[0].strip()
            translation = html.unescape(re.sub(r"<[^>]+>", "", translated)).split("$")[0].strip()
            if translation == text:  # a word both languages share ("Coach", "Position" in German) stays
                continue
            changed += 1
            assert not _shows(shown, text, prefix=prefix), f"{code}, {original.title}: {text!r} is in English"
            assert _shows(shown, translation, prefix=prefix), f"{code}, {original.title}: no {translation!r}"
        assert not re.search(r"\$\w|\[\[|\]\]", section.html), section.title  # every mark and $var filled
    assert changed > 40  # the headings checked are really in another language
    assert "Orcland Raiders" in document.sections[1].html  # the league's own names stay as typed
    assert document.footer != english.footer


def test_a_printout_in_another_language_leaves_english_as_it_was(translated, night_db):
    [orcs] = render.data.team_ids(night_db, [ORCS])
    before = _league_night(night_db, orcs)
    build_document(night_db, PrintRequest((orcs,), rosters=True, table=True), language="de")
    after = _league_night(night_db, orcs)
    assert [s.html for s in after.sections] == [s.html for s in before.sections]
    assert [s.title for s in after.sections] == [s.title for s in before.sections]
    assert i18n.current_language() == "en" and after.language == "en"
    assert "<h1>League table</h1>" in after.sections[0].html


def test_words_of_the_printout_in_french(translated, night_db):
    [orcs] = render.data.team_ids(night_db, [ORCS])
    document = build_document(night_db, PrintRequest((orcs,), rosters=True, ledgers=True, table=True),
                              today=date(2025, 3, 1), language="fr")  # fmt: skip
    titles = [s.title for s in document.sections]
    assert titles[0] == "classement" and titles[1] == "Orcland Raiders \u2014 effectif"
    roster, ledger = document.sections[1].html, document.sections[2].html
    assert "saison" in roster and "Équipe" in roster
    assert re.search(r"\d{1,2} \w+\.? \d{4}", ledger), "a ledger's dates as French writes them"
    assert document.footer.startswith(document.heading.league) and "saison" in document.footer
    with i18n.language("fr"):
        assert render._ordinal(1) == "1er" and render._ordinal(2) == "2e"
        assert render._date(date(2025, 3, 1)) == "1 mars 2025"
    with i18n.language("de"):
        assert render._ordinal(3) == "3." and render._date(date(2025, 3, 1)) == "01.03.2025"
    assert render._ordinal(22) == "22nd" and render._date(date(2025, 3, 1)) == "2025-03-01"


def test_no_marked_text_hides_inside_an_f_string():
    """The catalogue's extractor does not read inside f-strings: a `_("...")` there would never be translated."""
    hidden = re.compile(r"""\bf(["'])(?:(?!\1).)*?\{[^}\n]*\b(?:_|ngettext|pgettext|N_)\(""")
    found = [f"{path.relative_to(ROOT)}:{number}" for folder in AREA_SOURCES for path in sorted((ROOT / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if hidden.search(line)]  # fmt: skip
    assert not found
