"""File > Print, Print Preview, Export PDF, Export and Import, driven through the main window's menu."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from tests.printing.pdf_text import pdf_pages
from ui.kit import ask

TEAMS = ("Athelorn Avengers", "Karak Grudgebearers", "Orcland Raiders", "Reikland Reavers")


@pytest.fixture
def night_window(qtbot, window, night_file, tmp_path):
    """The main window showing a copy of the league-night league (the first team, Athelorn Avengers, selected)."""
    copy = shutil.copy(night_file, tmp_path / "night.dugout")
    window.open_league_later(copy)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    return window


def answer_save(monkeypatch, path: Path) -> None:
    monkeypatch.setattr(ask, "save_path", lambda parent, **kw: str(path))


def choose(qtbot, window, action, *, scope: str = "current", teams: tuple[str, ...] = ()) -> None:  # noqa: ANN001
    """Trigger a print action, pick what to print in the choice dialog, and press its OK button."""
    action.trigger()
    dialog = window.print_actions.choice_dialog
    qtbot.waitUntil(dialog.isVisible)
    getattr(dialog, f"{scope}_radio").setChecked(True)
    if scope == "chosen":
        for row in range(dialog.team_list.count()):
            item = dialog.team_list.item(row)
            item.setCheckState(check_state(item.text() in teams))
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    ok.click()


def check_state(on: bool):  # noqa: ANN201
    from PySide6.QtCore import Qt

    return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked


def test_the_print_commands_need_an_open_league(qtbot, window, night_file, tmp_path):
    actions = window.print_actions
    assert not actions.print_action.isEnabled() and not actions.pdf_action.isEnabled()
    assert actions.import_action.isEnabled()
    assert window.open_league(shutil.copy(night_file, tmp_path / "n.dugout"))
    assert all(action.isEnabled() for action in actions.league_actions)
    texts = [a.text() for a in window.file_menu.actions()]
    assert {"&Print…", "Print Pre&view…", "Export P&DF…", "&Import League from JSON…"} <= set(texts)


def test_export_pdf_of_the_current_team(qtbot, night_window, tmp_path, monkeypatch, messages):
    answer_save(monkeypatch, tmp_path / "avengers")  # the .pdf suffix is added
    choose(qtbot, night_window, night_window.print_actions.pdf_action)
    [page] = pdf_pages(tmp_path / "avengers.pdf")
    assert "Athelorn Avengers" in page and "Jordell Freshbreeze" in page and "Page 1 of 1" in page
    assert messages == []


def test_export_pdf_of_chosen_teams(qtbot, night_window, tmp_path, monkeypatch):
    answer_save(monkeypatch, tmp_path / "two.pdf")
    choose(qtbot, night_window, night_window.print_actions.pdf_action, scope="chosen",
           teams=("Orcland Raiders", "Reikland Reavers"))  # fmt: skip
    pages = pdf_pages(tmp_path / "two.pdf")
    assert len(pages) == 2
    assert "Orcland Raiders" in pages[0] and "Reikland Reavers" in pages[1]
    assert "Athelorn Avengers" not in " ".join(pages)


def test_nothing_to_print_cannot_be_confirmed(qtbot, night_window):
    night_window.print_actions.pdf_action.trigger()
    dialog = night_window.print_actions.choice_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.chosen_radio.setChecked(True)
    dialog.team_list.item(0).setCheckState(check_state(False))
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    dialog.referees.setChecked(True)
    assert ok.isEnabled()
    dialog.reject()


def test_print_sends_the_whole_league_to_the_printer(qtbot, night_window, tmp_path, monkeypatch):
    printed = tmp_path / "printer.pdf"

    def print_dialog(parent, printer) -> bool:  # noqa: ANN001 - the system dialog, answered: print to a file
        printer.setOutputFileName(str(printed))
        return True

    monkeypatch.setattr(ask, "print_setup", print_dialog)
    choose(qtbot, night_window, night_window.print_actions.print_action, scope="league")
    pages = pdf_pages(printed)
    assert len(pages) == 8 and "League table" in pages[0] and "Page 8 of 8" in pages[-1]
    for team in TEAMS:
        assert any(team in page for page in pages[1:5])


def test_a_print_dialog_cancelled_prints_nothing(qtbot, night_window, monkeypatch):
    monkeypatch.setattr(ask, "print_setup", lambda parent, printer: False)
    choose(qtbot, night_window, night_window.print_actions.print_action)
    assert "sent to the printer" not in night_window.statusBar().currentMessage()


def test_print_preview_shows_every_page(qtbot, night_window):
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    choose(qtbot, night_window, night_window.print_actions.preview_action, scope="league")
    preview = night_window.print_actions.preview_dialog
    qtbot.waitUntil(preview.isVisible)
    qtbot.waitUntil(lambda: preview.findChild(QPrintPreviewWidget).pageCount() == 8)
    preview.reject()


def test_a_pdf_to_a_missing_folder_is_refused_plainly(qtbot, night_window, tmp_path, monkeypatch, messages):
    answer_save(monkeypatch, tmp_path / "nowhere" / "out.pdf")
    choose(qtbot, night_window, night_window.print_actions.pdf_action)
    assert len(messages) == 1 and "does not exist" in messages[0]


def test_json_export_then_import_opens_the_new_league(qtbot, night_window, tmp_path, monkeypatch, messages):
    from tests.helpers import snapshot

    exported = tmp_path / "export.json"
    answer_save(monkeypatch, exported)
    night_window.print_actions.json_action.trigger()
    assert exported.exists()
    original = snapshot(night_window.session.db)
    monkeypatch.setattr(ask, "open_path", lambda parent, **kw: str(exported))
    answer_save(monkeypatch, tmp_path / "imported")
    with qtbot.waitSignal(night_window.league_shown, timeout=10_000):
        night_window.print_actions.import_action.trigger()
    assert Path(night_window.session.db.path) == (tmp_path / "imported.dugout").resolve()
    assert snapshot(night_window.session.db) == original
    # the window never changes league silently, and an export of the open league has its very name
    [question] = messages
    name = night_window.windowTitle().split(" — ")[0]
    assert f"Both leagues are called “{name}”" in question and "Open it now in place of" in question
    assert night_window.windowTitle() == f"{name} — imported.dugout — Dugout"


def test_an_import_not_opened_leaves_the_open_league(qtbot, night_window, tmp_path, monkeypatch, messages):
    exported = tmp_path / "export.json"
    answer_save(monkeypatch, exported)
    night_window.print_actions.json_action.trigger()
    before = night_window.session.db.path
    monkeypatch.setattr(ask, "open_path", lambda parent, **kw: str(exported))
    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: False)
    answer_save(monkeypatch, tmp_path / "imported")
    night_window.print_actions.import_action.trigger()
    assert (tmp_path / "imported.dugout").exists()
    assert night_window.session.db.path == before


def test_a_bad_import_is_refused_with_the_reason(qtbot, night_window, tmp_path, monkeypatch, messages):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "dugout-league", "version": 7, "tables": {}}', encoding="utf-8")
    monkeypatch.setattr(ask, "open_path", lambda parent, **kw: str(bad))
    answer_save(monkeypatch, tmp_path / "new.dugout")
    night_window.print_actions.import_action.trigger()
    assert len(messages) == 1 and "newer Dugout (format version 7)" in messages[0]
    assert not (tmp_path / "new.dugout").exists()


@pytest.mark.parametrize(("what", "header"), [("rosters", "Team,Number,Name"), ("ledger", "Team,Date,Season")])
def test_csv_exports_through_the_menu(qtbot, night_window, tmp_path, monkeypatch, what, header):
    answer_save(monkeypatch, tmp_path / what)
    action = (
        night_window.print_actions.rosters_csv_action
        if what == "rosters"
        else night_window.print_actions.ledger_csv_action
    )
    action.trigger()
    assert (tmp_path / f"{what}.csv").read_text(encoding="utf-8-sig").startswith(header)


def test_leaving_the_whole_league_gives_back_the_documents_chosen_before(qtbot, night_window):
    night_window.print_actions.preview_action.trigger()
    dialog = night_window.print_actions.choice_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.ledgers.setChecked(True)
    dialog.league_radio.setChecked(True)
    assert len(dialog.request().team_ids) == 4 and dialog.request().contracts and dialog.request().referees
    dialog.current_radio.setChecked(True)
    request = dialog.request()
    assert len(request.team_ids) == 1 and request.rosters and request.ledgers
    assert not (request.table or request.contracts or request.referees)
    dialog.reject()


def test_export_pdf_of_the_match_sheets_of_the_next_round(qtbot, night_window, tmp_path, monkeypatch, messages):
    answer_save(monkeypatch, tmp_path / "sheets.pdf")
    night_window.print_actions.pdf_action.trigger()
    dialog = night_window.print_actions.choice_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.chosen_radio.setChecked(True)
    for row in range(dialog.team_list.count()):
        dialog.team_list.item(row).setCheckState(check_state(False))
    assert not dialog.sheets_round.isEnabled()
    dialog.match_sheets.setChecked(True)
    assert dialog.sheets_round.isEnabled() and dialog.sheets_round.text() == "the next to play"
    assert dialog.request().match_sheets and dialog.request().sheets_round is None
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    pages = pdf_pages(tmp_path / "sheets.pdf")
    assert len(pages) == 2 and "Reikland Reavers v Karak Grudgebearers" in pages[0]
    assert messages == []
