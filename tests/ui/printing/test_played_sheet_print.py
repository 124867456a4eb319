"""Issue 34: the referee's sheet of a game played, from `dugout print --played-sheets` and from the window's
Export PDF (its choice dialog's box), read back from the PDF."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from tests.printing.pdf_text import pdf_pages
from tests.printing.test_played_sheet import _played
from tests.ui.printing.test_print_actions import answer_save, check_state
from ui.app.cli import main


@pytest.fixture
def played_file(tmp_path):
    from roster_app.services.league import create_league

    path = tmp_path / "played.dugout"
    db = create_league(path, name="Old World Classic")
    _played(db)
    db.close()
    return path


def _check(pages: list[str]) -> None:
    text = " ".join(" ".join(pages).split())
    assert "sheet of a game played" in text and "Orcland Raiders 0 – 0 Reikland Reavers" in text
    assert "Sent off 2 · warnings 1 · fouls spotted 2 · fouls missed 0" in text
    assert "Reikland 4" in text and "assisted the block on the ref" in text
    assert "rotten eggs" in text and "Turns within range: 7 of 16" in text


def test_dugout_print_played_sheets_prints_the_refs_calls(qapp, played_file, tmp_path, capsys):
    out = tmp_path / "played.pdf"
    assert main(["print", str(played_file), "--played-sheets", "-o", str(out)]) == 0, capsys.readouterr().err
    _check(pdf_pages(out))
    assert main(["print", str(played_file), "--played-sheets", "--round", "4", "-o", str(tmp_path / "x.pdf")]) == 1
    assert "Round 4 of season 1 has no game played with a referee of the league" in capsys.readouterr().err


def test_export_pdf_of_the_refs_sheets_from_the_window(
    qtbot, window, played_file, tmp_path, monkeypatch, messages
):
    window.open_league_later(played_file)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    answer_save(monkeypatch, tmp_path / "sheets.pdf")
    window.print_actions.pdf_action.trigger()
    dialog = window.print_actions.choice_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.chosen_radio.setChecked(True)
    for row in range(dialog.team_list.count()):
        dialog.team_list.item(row).setCheckState(check_state(False))
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and not dialog.played_round.isEnabled()
    dialog.played_sheets.click()
    assert ok.isEnabled() and dialog.played_round.isEnabled() and dialog.played_round.text() == "the latest played"
    dialog.grab().save("/tmp/played_sheets_dialog.png")
    ok.click()
    _check(pdf_pages(tmp_path / "sheets.pdf"))
    assert messages == []
