"""File > Publish League Website…: the folder and Show money in a small dialog, then the website written; a
folder of other files asks first; the folder is remembered for the league."""

from __future__ import annotations

import pytest

from roster_app.publish.folder import MANIFEST
from tests.helpers import show_league
from ui.kit import ask


@pytest.fixture
def story_window(qtbot, window, history_file, tmp_path):
    import shutil

    show_league(qtbot, window, shutil.copy(history_file, tmp_path / history_file.name))
    return window


def _open_dialog(qtbot, window):  # noqa: ANN202
    actions = window.print_actions
    assert actions.publish_action in window.file_menu.actions() and actions.publish_action.isEnabled()
    actions.publish_action.trigger()
    dialog = actions.publish_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def test_publish_the_league_into_a_new_folder(qtbot, story_window, tmp_path, messages):
    dialog = _open_dialog(qtbot, story_window)
    assert dialog.folder.text().endswith("website") and not dialog.show_money.isChecked()
    dialog.folder.clear()
    assert not dialog.publish_button.isEnabled()  # no folder, nothing to publish to
    site = tmp_path / "league site"
    qtbot.keyClicks(dialog.folder, str(site))
    dialog.show_money.click()
    dialog.publish_button.click()
    qtbot.waitUntil(lambda: (site / MANIFEST).exists())
    team_pages = [p for p in (site / "teams").glob("*-*.html")]
    assert len(team_pages) == 4 and messages == []
    assert any("Treasury" in p.read_text(encoding="utf-8") for p in team_pages)
    assert "pages published in" in story_window.statusBar().currentMessage()
    again = _open_dialog(qtbot, story_window)  # the league's folder and choice remembered
    assert again.chosen_folder() == str(site) and again.show_money.isChecked()
    again.reject()


def test_a_folder_of_other_files_asks_first_and_keeps_them(qtbot, story_window, tmp_path, monkeypatch, messages):
    folder = tmp_path / "documents"
    folder.mkdir()
    (folder / "letter.txt").write_text("dear coaches")
    dialog = _open_dialog(qtbot, story_window)
    dialog.folder.setText(str(folder))
    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: (messages.append(text), False)[1])
    dialog.publish_button.click()
    assert "already holds other files (letter.txt)" in messages[-1] and not (folder / "index.html").exists()
    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: (messages.append(text), True)[1])
    dialog = _open_dialog(qtbot, story_window)
    dialog.folder.setText(str(folder))
    dialog.publish_button.click()
    qtbot.waitUntil(lambda: (folder / "index.html").exists())
    assert (folder / "letter.txt").read_text() == "dear coaches"


def test_a_folder_that_cannot_be_written_is_said_in_words(qtbot, story_window, monkeypatch):
    said = []
    monkeypatch.setattr(ask, "error", lambda parent, text, **kw: said.append(text))
    dialog = _open_dialog(qtbot, story_window)
    dialog.folder.setText("/proc/sys/league-site")
    dialog.publish_button.click()
    assert said and "cannot be written" in said[0] and "Nothing was published" in said[0]


def test_choose_fills_the_folder(qtbot, story_window, tmp_path, monkeypatch):
    monkeypatch.setattr(ask, "folder", lambda parent, **kw: str(tmp_path / "chosen"))
    dialog = _open_dialog(qtbot, story_window)
    dialog.choose_button.click()
    assert dialog.chosen_folder() == str(tmp_path / "chosen")
    dialog.reject()
