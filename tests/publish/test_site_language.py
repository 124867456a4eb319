"""The website in the print language (issue 39): every page in it, and a publish in another language makes every
page again (the digests know the language)."""

from __future__ import annotations

import re

import pytest

from tests.printing.catalogues import compile_printing, speak_printing
from tests.publish.conftest import publish, site_pages


@pytest.fixture(scope="module")
def printing_catalogues(tmp_path_factory):
    return compile_printing(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def translated(printing_catalogues, monkeypatch):
    yield from speak_printing(monkeypatch, printing_catalogues)


def test_the_site_in_french_then_again_in_english(translated, seasons_db, tmp_path):
    folder = tmp_path / "site"
    french = publish(seasons_db, folder, language="fr")
    pages = site_pages(folder)
    front = pages["index.html"]
    assert '<html lang="fr">' in front and "Le classement" in front and ">Équipes</a>" in front
    assert "The league table" not in front and "Skip to the page" not in front
    assert "published in" in french.summary()  # told to the commissioner in the app's language
    for path, page in pages.items():
        assert not re.search(r"\[\[|\]\]|\$[a-z]", page), path
        assert ">Home<" not in page and ">Teams<" not in page, path
    teams = [page for path, page in pages.items() if path.startswith("teams/") and path != "teams/index.html"]
    assert teams and all("L&#x27;effectif" in page for page in teams)  # the section title, escaped
    english = publish(seasons_db, folder)
    html = sorted(p for p in french.written if p.endswith(".html"))
    assert sorted(english.written) == html  # every page made again, in English (the style sheet is the same)
    front = site_pages(folder)["index.html"]
    assert '<html lang="en">' in front and "The league table" in front and "Le classement" not in front
    assert publish(seasons_db, folder).written == []  # and English again keeps them
