"""Printouts in the language Preferences chose for them (issue 39): Print, Preview and Export PDF build the
document inside `i18n.language(print language)`, the window staying in its own."""

from __future__ import annotations

import pytest

from roster_app import i18n, words
from roster_app.printing import document
from tests.printing.pdf_text import pdf_pages
from tests.ui.printing.test_print_actions import answer_save, choose, night_window  # noqa: F401 - the fixture


@pytest.fixture
def built_in(monkeypatch):
    """The language each document was built in, and its gold as words.gp wrote it then (the real build runs)."""
    seen: list[tuple[str, str]] = []
    build = document.build_document

    def build_and_note(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        seen.append((i18n.current_language(), words.gp(1_000)))
        return build(*args, **kwargs)

    monkeypatch.setattr(document, "build_document", build_and_note)
    return seen


@pytest.mark.parametrize(("chosen", "language", "gold"), [("fr", "fr", "1\u202f000 po"), ("de", "de", "1.000 GM"),
                                                           ("", "en", "1,000 gp")])  # fmt: skip
def test_a_roster_is_built_in_the_printouts_language(qtbot, night_window, tmp_path, monkeypatch, settings, built_in,  # noqa: F811
                                                     chosen, language, gold):  # fmt: skip
    settings.setValue("language/print", chosen)
    answer_save(monkeypatch, tmp_path / "avengers")
    choose(qtbot, night_window, night_window.print_actions.pdf_action)
    assert built_in == [(language, gold)]
    [page] = pdf_pages(tmp_path / "avengers.pdf")
    assert "Athelorn Avengers" in page
    assert i18n.current_language() == "en" and words.gp(1_000) == "1,000 gp"  # the window's language is untouched
