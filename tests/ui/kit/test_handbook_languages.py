"""Issue 39: the handbook in the commissioner's language. resources/handbook/handbook.<lang>.html holds the league
night's sections translated and every other section in English, so every anchor (the menus' MENU_SECTIONS, F1's
help keys, the contents' links) and every image of the English handbook is there; the handbook window opens the
translated file in its language and the English one for a language without one."""

import re

import pytest

from roster_app.i18n import language
from ui.kit.handbook import MENU_SECTIONS, HandbookWindow, handbook_path

LANGUAGES = ("fr", "de", "es", "it")
# the league night's sections, translated in every language (the anchor each begins at, the English words it had)
TRANSLATED = {"night": "A league night from start to end", "postmatch": "The post-match sequence</h2>",
              "newleague": "asks for the league's name", "handicaps": "The team with the lower rating makes one roll",
              "matchpad": "The match pad</h2>", "prematch": "The pre-match sequence: Hire Freebooters"}  # fmt: skip


def read(path) -> str:
    return path.read_text(encoding="utf-8")


def marks(text: str, attribute: str) -> list[str]:
    return re.findall(rf'{attribute}="([^"]+)"', text)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_translated_handbook_keeps_every_anchor_link_and_image_of_the_english_one(code):
    english, translated = read(handbook_path("en")), read(handbook_path(code))
    assert handbook_path(code).name == f"handbook.{code}.html"
    for attribute in ("name", "id", "href", "src"):
        assert marks(translated, attribute) == marks(english, attribute), attribute
    assert set(MENU_SECTIONS.values()) <= set(marks(translated, "name"))
    folder = handbook_path(code).parent
    assert all((folder / image).exists() for image in marks(translated, "src"))


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_league_night_sections_are_translated_and_the_rest_stays_in_english(code):
    english, translated = read(handbook_path("en")), read(handbook_path(code))
    for words in TRANSLATED.values():
        assert words in english and words not in translated, words
    assert "Reserve affairs (step 4.1)" in translated  # a section not translated yet keeps the English text
    assert f'<html lang="{code}">' in translated


def test_the_handbook_follows_the_language_and_falls_back_to_english():
    assert handbook_path("en").name == "handbook.html"
    assert handbook_path("pt").name == "handbook.html"  # no handbook.pt.html: the English one
    with language("de"):
        assert handbook_path().name == "handbook.de.html"
    with language("en"):
        assert handbook_path().name == "handbook.html"


def test_the_handbook_window_shows_the_french_handbook_in_french(qtbot):
    with language("fr"):
        window = HandbookWindow()
    qtbot.addWidget(window)
    text = window.browser.toPlainText()
    assert "Un soir de ligue du début à la fin" in text and "A league night from start to end" not in text


def test_the_tool_keeps_the_translated_sections_and_takes_the_english_handbook_s_new_ones():
    """tools/handbook_languages.py, after another branch changed the English handbook: a new section comes in
    English, a translated one is kept, one whose anchors moved is English again, a dropped one goes."""
    import importlib.util

    from ui.kit.handbook import handbook_path as path

    spec = importlib.util.spec_from_file_location(
        "handbook_languages", path().parents[2] / "tools" / "handbook_languages.py"
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    english = ('<html><p><a href="#a">A</a></p>\n<h2><a name="a"></a>Alpha</h2>\n<p>one</p>\n'
               '<h2><a name="b"></a>Beta</h2>\n<p><a href="#a">see</a></p>\n<h2><a name="new"></a>New</h2>\n<p>n</p>\n')  # fmt: skip
    french = ('<html lang="fr"><p><a href="#a">Á</a></p>\n<h2><a name="a"></a>Alpha FR</h2>\n<p>un</p>\n'
              '<h2><a name="b"></a>Bêta</h2>\n<p>voir</p>\n<h2><a name="gone"></a>Parti</h2>\n')  # fmt: skip
    rebuilt = tool.rebuild(english, french)
    assert rebuilt == ('<html lang="fr"><p><a href="#a">Á</a></p>\n<h2><a name="a"></a>Alpha FR</h2>\n<p>un</p>\n'
                       '<h2><a name="b"></a>Beta</h2>\n<p><a href="#a">see</a></p>\n'
                       '<h2><a name="new"></a>New</h2>\n<p>n</p>\n')  # fmt: skip
