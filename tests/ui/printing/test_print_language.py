"""Printouts in the league's print language (issue 39): `dugout print --language`, and the window's print-language
setting (Preferences write it) for File > Export PDF."""

from __future__ import annotations

import pytest

from tests.printing.catalogues import compile_printing, speak_printing
from tests.printing.pdf_text import pdf_pages
from tests.ui.printing.test_print_actions import answer_save, choose, night_window  # noqa: F401 - a fixture
from ui.app.cli import main
from ui.printing.actions import PRINT_LANGUAGE_KEY


@pytest.fixture(scope="module")
def printing_catalogues(tmp_path_factory):
    return compile_printing(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def translated(printing_catalogues, monkeypatch):
    yield from speak_printing(monkeypatch, printing_catalogues)


def test_dugout_print_in_french(qapp, translated, night_file, tmp_path, capsys):
    out = tmp_path / "fr.pdf"
    assert main(["print", str(night_file), "--table", "--team", "Orcland Raiders", "--contracts", "--referees",
                 "--language", "fr", "-o", str(out)]) == 0  # fmt: skip
    pages = pdf_pages(out)
    assert "Classement" in pages[0] and "Page 1 sur 5" in pages[0] and "League table" not in pages[0]
    assert "effectif de l'équipe" in pages[1] and "Grak Skullsplitta" in pages[1] and "Treasury" not in pages[1]
    assert "Feuille des contrats" in pages[2] and "Joueurs sous contrat" in pages[2]
    assert "découpez chaque carte" in pages[3] and "Portée : à 9 cases du ballon" in pages[3]
    assert "Old World Classic · saison 1" in pages[4]


def test_dugout_print_refuses_a_language_it_does_not_speak(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["print", "league.dugout", "--language", "pt", "-o", "x.pdf"])
    assert stop.value.code == 2 and "--language" in capsys.readouterr().err


def test_export_pdf_in_the_print_language_of_the_settings(qtbot, translated, night_window, tmp_path, monkeypatch):  # noqa: F811
    night_window.settings.setValue(PRINT_LANGUAGE_KEY, "de")
    answer_save(monkeypatch, tmp_path / "kader.pdf")
    choose(qtbot, night_window, night_window.print_actions.pdf_action)
    [page] = pdf_pages(tmp_path / "kader.pdf")
    assert "Teamkader" in page and "Seite 1 von 1" in page and "Athelorn Avengers" in page
    assert "Page 1 of 1" not in page and "team roster" not in page
    night_window.settings.remove(PRINT_LANGUAGE_KEY)
    answer_save(monkeypatch, tmp_path / "roster.pdf")
    choose(qtbot, night_window, night_window.print_actions.pdf_action)
    [page] = pdf_pages(tmp_path / "roster.pdf")
    assert "team roster" in page and "Page 1 of 1" in page  # no setting: the app's language, English here
