"""The window in French (issue 39): its words come from resources/locale/fr/window.po (compiled here, as
tools/catalogue.py does for the app), while the English keys behind them keep working: the handbook's section of
the page in front, a page named on the command line, a stored status edited as its key."""

from __future__ import annotations

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from PySide6.QtCore import Qt

from roster_app import i18n
from roster_app.paths import resources_dir


@pytest.fixture
def french(tmp_path, monkeypatch):
    """The app in French, from the window area's catalogue alone; English again afterwards."""
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(resources_dir() / "locale" / "fr" / "window.po", "rb") as po, open(folder / "dugout.mo", "wb") as mo:
        write_mo(mo, read_po(po))
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    i18n.translations.cache_clear()
    assert i18n.set_language("fr") == "fr"
    yield
    i18n.set_language("en")
    i18n.translations.cache_clear()


def test_the_menus_and_pages_read_in_french_with_their_accelerators(french, open_window):
    menus = [a.text() for a in open_window.menuBar().actions()]
    assert menus[:3] == ["&Fichier", "&Édition", "&Ligue"]
    view = open_window.league_view
    titles = [view.tabText(i) for i in range(view.count())]
    assert titles[:3] == ["Équipes", "Arbitres", "Contrats"]
    assert open_window.statusBar().currentMessage() != "Ready"


def test_the_handbook_section_follows_the_page_whatever_its_words(french, open_window):
    view = open_window.league_view
    view.setCurrentIndex(0)
    tabs = view.team_page.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == "Réserves"))
    assert open_window.handbook_section() == "reserves"
    view.show_page(view.contracts_page)
    assert open_window.handbook_section() == "contracts"
    assert view.show_page_titled("Transfers") and open_window.handbook_section() == "transfers"
    assert view.show_page_titled("histoire") and open_window.handbook_section() == "story"


def test_a_stored_status_reads_in_french_and_is_edited_as_its_key(french, season_window, qtbot):
    model = season_window.league_view.team_page.roster_model
    qtbot.waitUntil(lambda: model.rowCount() > 0)
    status = next(c for c, column in enumerate(model.COLUMNS) if column.key == "status")
    skills = next(c for c, column in enumerate(model.COLUMNS) if column.key == "skills")
    assert model.headerData(skills, Qt.Orientation.Horizontal) == "Compétences"
    index = model.index(0, status)
    assert model.data(index, Qt.ItemDataRole.DisplayRole) == "actif"
    assert model.data(index, Qt.ItemDataRole.EditRole) == "active"
