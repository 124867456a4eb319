"""File > Import Teams… (issue 38): the files chosen, the preview with its guessed names in combo boxes, what
cannot come across, Import by a click; one undo step takes the teams out again."""

from __future__ import annotations

import pytest

from tests.exchange.foreign_samples import BOTOCS, NAFLM, ROSTER
from tests.helpers import show_league


@pytest.fixture
def six_window(qtbot, window, tmp_path):
    from roster_app.services.league import create_league

    path = tmp_path / "six.dugout"
    create_league(path, name="Six", ruleset_key="lrb6").close()
    show_league(qtbot, window, path)
    return window


def _open(qtbot, window, monkeypatch, *paths):
    from ui.kit import ask

    monkeypatch.setattr(ask, "open_paths", lambda *a, **k: [str(p) for p in paths])
    window.import_teams_action.trigger()
    dialog = window.import_teams_dialog
    qtbot.waitExposed(dialog)
    return dialog


def _team_names(window):
    from roster_app.queries.rosters import teams

    return sorted(t.name for t in teams(window.session.db))


def test_the_preview_shows_teams_players_guesses_and_losses_and_imports_by_a_click(qtbot, six_window, monkeypatch,
                                                                                    messages):  # fmt: skip
    dialog = _open(qtbot, six_window, monkeypatch, NAFLM, BOTOCS, ROSTER)
    tree = dialog.teams_tree
    assert [tree.topLevelItem(i).text(0).partition(": ")[0] for i in range(tree.topLevelItemCount())] == [
        "Orcland Raiders", "Altdorf Aldermen", "Skavenblight Scramblers", "Da Krumpin' Krew"]  # fmt: skip
    queek = next(
        tree.topLevelItem(2).child(i) for i in range(3) if tree.topLevelItem(2).child(i).text(1) == "Queek"
    )
    assert queek.text(7) == ""  # Stiff Arm: no such skill, left out until the commissioner says otherwise
    losses = [dialog.losses_list.item(i).text() for i in range(dialog.losses_list.count())]
    assert any("at most 1 Troll" in loss for loss in losses)
    assert not dialog.import_button.isEnabled()  # guesses unchecked, nobody signed
    combo = dialog.combos[("skill", "", "Stiff Arm")]
    combo.setCurrentIndex(combo.findText("Fend"))  # the commissioner's choice
    queek = next(
        tree.topLevelItem(2).child(i) for i in range(3) if tree.topLevelItem(2).child(i).text(1) == "Queek"
    )
    assert queek.text(7) == "Fend"
    qtbot.keyClicks(dialog.signed_by, "Jo Commish")
    assert not dialog.import_button.isEnabled()
    dialog.confirm_box.click()
    assert dialog.import_button.isEnabled()
    dialog.import_button.click()
    assert _team_names(six_window) == ["Altdorf Aldermen", "Da Krumpin' Krew", "Orcland Raiders",
                                       "Skavenblight Scramblers"]  # fmt: skip
    assert messages and "4 teams imported" in messages[-1]
    six_window.undo_action.trigger()
    assert _team_names(six_window) == []


def test_a_refused_file_holds_the_import_until_the_others_are_chosen(qtbot, six_window, monkeypatch, tmp_path,
                                                                      messages):  # fmt: skip
    bad = tmp_path / "broken.xml"
    bad.write_text("<teams><team>", encoding="utf-8")
    dialog = _open(qtbot, six_window, monkeypatch, NAFLM, bad)
    losses = [dialog.losses_list.item(i).text() for i in range(dialog.losses_list.count())]
    assert losses[0].startswith("Refused: broken.xml: the XML is broken at line 1")
    qtbot.keyClicks(dialog.signed_by, "Jo")
    assert not dialog.import_button.isEnabled()
    assert dialog.skip_box.isVisible()
    dialog.skip_box.click()
    dialog.import_button.click()
    assert _team_names(six_window) == ["Altdorf Aldermen", "Orcland Raiders"]


def test_the_preview_looks_right(qtbot, six_window, monkeypatch, messages):
    dialog = _open(qtbot, six_window, monkeypatch, NAFLM, BOTOCS, ROSTER)
    dialog.grab().save("/tmp/import_teams_preview.png")


def test_a_guessed_position_changed_in_its_combo_box(qtbot, window, league_file, monkeypatch, messages):
    """An LRB 4.0 league names the Orc positions "Orc Blitzer", "Orc Lineman": guessed, and changeable."""
    show_league(qtbot, window, league_file)
    dialog = _open(qtbot, window, monkeypatch, ROSTER)
    combo = dialog.combos[("position", "Orc", "Lineman")]
    assert combo.currentText() == "Orc Lineman"
    combo.setCurrentIndex(combo.findText("(do not bring these players)"))
    krew = dialog.teams_tree.topLevelItem(0)
    assert [krew.child(i).text(1) for i in range(krew.childCount())] == ["Gorkil", "Big Ugg"]
    losses = [dialog.losses_list.item(i).text() for i in range(dialog.losses_list.count())]
    assert any("Muzgash" in loss and "no position for 'Lineman'" in loss for loss in losses)


def test_names_from_a_file_are_shown_as_typed(qtbot, six_window, monkeypatch, tmp_path, messages):
    from xml.sax.saxutils import escape

    from tests.exchange.foreign_samples import naflm_file, naflm_player, naflm_team
    from tests.ui.hostile import TEAMS, markers_shown, names_not_as_typed, player_name

    players = "".join(naflm_player(escape(player_name(0, n)), str(n)) for n in range(1, 4))
    path = naflm_file(tmp_path / "hostile.xml", naflm_team(escape(TEAMS[0][0]), "12", players))
    dialog = _open(qtbot, six_window, monkeypatch, path)
    assert names_not_as_typed(dialog) == []
    assert {"ZqOrcs", "ZqP0n1", "ZqP0n3"} <= markers_shown(dialog)
