"""File > Print League Magazine…: the round chosen in its dialog, then printed, previewed or saved as a PDF
(over the two seasons of tests/history_helpers.py)."""

from __future__ import annotations

import shutil

import pytest

from tests.printing.pdf_text import pdf_pages
from ui.kit import ask


@pytest.fixture
def story_window(qtbot, window, history_file, tmp_path):
    path = shutil.copy(history_file, tmp_path / history_file.name)
    window.open_league_later(path)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    return window


def _open_dialog(qtbot, window):  # noqa: ANN202
    actions = window.print_actions
    assert actions.magazine_action in window.file_menu.actions() and actions.magazine_action.isEnabled()
    actions.magazine_action.trigger()
    dialog = actions.magazine_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def test_the_latest_round_is_offered_first(qtbot, story_window):
    dialog = _open_dialog(qtbot, story_window)
    choice = dialog.round_choice
    # season 1: rounds 1-3; season 2: rounds 1-3 and the final in round 4; season 3 has no game yet
    assert [choice.itemText(i) for i in range(choice.count())][:2] == ["Season 2, round 4", "Season 2, round 3"]
    assert choice.count() == 3 + 4 and dialog.chosen_round() == (2, 4)
    dialog.reject()


def test_export_pdf_of_an_earlier_round(qtbot, story_window, tmp_path, monkeypatch, messages):
    out = tmp_path / "magazine.pdf"
    monkeypatch.setattr(ask, "save_path", lambda parent, **kw: str(out))
    dialog = _open_dialog(qtbot, story_window)
    dialog.choose_round(1, 1)
    dialog.choice_buttons["pdf"].click()
    qtbot.waitUntil(out.exists)
    front, _back, pictures = pdf_pages(out)
    assert "The round in pictures" in pictures
    assert "season 1 · the league magazine" in front and "Round 1" in front
    # the table after round 1 (P W D L Pts): Orcland won 3-1, Reikland and Karak drew 1-1
    assert "1 Orcland Raiders 1 1 0 0 3" in front and "4 Athelorn Avengers 1 0 0 1 0" in front
    assert "Orcland Raiders beat Athelorn Avengers 3-1" in front
    assert "Karak Grudgebearers" in front and "Karak Grudgebearers beat" not in front  # round 3's game is not news
    # after round 1 Orcland 1 leads with his 2 TD (after round 2 Reikland 1 has 1 + 2 = 3 too)
    assert "Top scorers: Orcland 1 of Orcland Raiders leads the way with 2 TD" in front
    assert messages == []


def test_print_the_magazine(qtbot, story_window, tmp_path, monkeypatch, messages):
    out = tmp_path / "printed.pdf"

    def print_setup(parent, printer):  # noqa: ANN001, ANN202 - the print dialog's OK, to a PDF file
        printer.setOutputFileName(str(out))
        return True

    monkeypatch.setattr(ask, "print_setup", print_setup)
    dialog = _open_dialog(qtbot, story_window)
    dialog.choice_buttons["print"].click()
    qtbot.waitUntil(out.exists)
    front = pdf_pages(out)[0]
    assert "Orcland Raiders beat Karak Grudgebearers 2-1" in front  # the final, the latest round
    assert messages == []


def test_preview_the_magazine(qtbot, story_window):
    dialog = _open_dialog(qtbot, story_window)
    dialog.choose_round(2, 2)
    dialog.choice_buttons["preview"].click()
    preview = story_window.print_actions.preview_dialog
    qtbot.waitUntil(preview.isVisible)
    assert "magazine" in preview.windowTitle().lower()
    preview.reject()


def test_a_league_without_a_game_has_no_magazine_to_print(qtbot, open_window):
    dialog = _open_dialog(qtbot, open_window)
    assert dialog.round_choice.count() == 0
    assert not any(button.isEnabled() for button in dialog.choice_buttons.values())
    dialog.reject()
