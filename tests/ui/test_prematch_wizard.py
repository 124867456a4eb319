"""The pre-match wizard driven through its widgets: opened from the Season page for a scheduled fixture,
Hire Freebooters, the handicaps from both ratings (typed dice, Next waits for them), the referee, Finish."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from sqlalchemy import select

from roster_app.services import reserves as reserves_svc
from roster_app.services.season import add_fixture
from roster_app.store.models import DiceRoll, Match, Player, Referee, Team
from tests.ui.test_reserves_ui import type_dice

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def fixture_window(season_window):
    """Round 1: the Orcs (ten players, a reserve side) v the Reavers, 30 rating points above them."""
    session = season_window.session
    db = session.db
    with db.write("test: the teams before the match") as tx:
        orcs = tx.session.scalars(select(Team).where(Team.name == "Orcland Raiders")).one()
        reavers = tx.session.scalars(select(Team).where(Team.name == "Reikland Reavers")).one()
        tx.session.delete(tx.session.scalars(select(Player).where(Player.team_id == orcs.id)).all()[-1])
        orcs.treasury, reavers.treasury = 200_000, orcs.treasury + 300_000
        ids = orcs.id, reavers.id
    reserves_svc.approve_reserves(db, team_id=ids[0])
    reserves_svc.hire_reserve_coach(db, team_id=ids[0], coach_type="Novice")
    match = add_fixture(db, home_team_id=ids[0], away_team_id=ids[1], round_number=1).result
    session.reload()
    page = season_window.league_view.season_page
    page.select_fixture(match)
    return season_window, match, ids


def next_button(wizard):
    return wizard.button(QWizard.WizardButton.NextButton)


def test_a_whole_pre_match_sequence(qtbot, fixture_window, messages):
    window, match, (orcs, reavers) = fixture_window
    page = window.league_view.season_page
    assert page.pre_match_action.isEnabled()
    page.pre_match_action.trigger()
    wizard = page.wizard
    qtbot.waitExposed(wizard)
    freebooters = wizard.currentPage()
    assert freebooters.title() == "Hire Freebooters"
    assert "10 players can start" in freebooters.team_labels[0].text()
    assert not freebooters.draft_buttons[1].isEnabled()  # the Reavers have 11
    qtbot.mouseClick(freebooters.draft_buttons[0], LEFT)
    dialog = freebooters.dialog
    dialog.table.select("Orc Lineman")
    qtbot.keyClicks(dialog.name, "Gorbag")
    type_dice(qtbot, dialog.dice, 6)
    qtbot.mouseClick(dialog.close_button, LEFT)
    assert "Drafted for this match: <b>#11 Gorbag, Orc Lineman</b>" in freebooters.team_labels[0].text()

    qtbot.mouseClick(next_button(wizard), LEFT)
    handicaps = wizard.currentPage()
    view = wizard.view
    assert handicaps.title() == "Handicaps" and view.underdog.id == orcs
    rating = view.teams[0].rating
    assert f"<b>{rating}</b>" in handicaps.ratings.text() and f"{view.due.difference}" in handicaps.ratings.text()
    assert view.due.rolls >= 2
    faces = [1, 4, 2, 3][: view.due.rolls]
    assert not next_button(wizard).isEnabled()  # the rolls come first
    type_dice(qtbot, handicaps.dice, faces[0])
    assert f"{view.due.rolls - 1} to go" in handicaps.verdict.text() and not next_button(wizard).isEnabled()
    for face in faces[1:]:
        type_dice(qtbot, handicaps.dice, face)
    assert handicaps.table.rowCount() == len(faces) and handicaps.table.item(1, 2).text() == "Bribe"
    assert not handicaps.dice.isEnabled() and next_button(wizard).isEnabled()
    assert not freebooters.draft_buttons[0].isEnabled()  # Hire Freebooters is over once handicaps are rolled

    qtbot.mouseClick(next_button(wizard), LEFT)
    referees = wizard.currentPage()
    assert referees.title() == "The referee"
    with window.session.db.read() as session:
        statuses = {r.name: r.status for r in session.scalars(select(Referee))}
    shown = [referees.table.item(r, 0).text() for r in range(referees.table.rowCount())]
    assert all(statuses[name.split(" (")[0]] not in ("sacked", "dead") for name in shown)
    assert referees.table.horizontalHeaderItem(3).text() == "Lately"
    assert not referees.choose_button.isEnabled()
    referees.table.selectRow(0)
    chosen = referees.selected()
    qtbot.mouseClick(referees.choose_button, LEFT)
    assert f"<b>{chosen.label.split(' (')[0]}</b> referees this match" in referees.chosen.text()
    assert not referees.choose_button.isEnabled()

    qtbot.mouseClick(next_button(wizard), LEFT)
    finish = wizard.currentPage()
    assert "Handicaps: Extra training (Orcland Raiders), Bribe (Orcland Raiders)" in finish.summary.text()
    finish.grab().save("/tmp/prematch-finish.png")
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), LEFT)
    assert messages == []
    with window.session.db.read() as session:
        state = session.get(Match, match).pre_match
        rolls = session.scalars(select(DiceRoll.purpose).where(DiceRoll.match_id == match)).all()
    assert state["finished"] and [h["handicap"] for h in state["handicaps"]][:2] == ["Extra training", "Bribe"]
    assert sorted(rolls) == ["handicap"] * len(faces) + ["rookie table"]


def test_undo_in_the_wizard_takes_a_handicap_back(qtbot, fixture_window, messages):
    window, match, _ids = fixture_window
    page = window.league_view.season_page
    wizard = page.pre_match()
    qtbot.waitExposed(wizard)
    qtbot.mouseClick(next_button(wizard), LEFT)
    handicaps = wizard.currentPage()
    type_dice(qtbot, handicaps.dice, 2)
    assert handicaps.table.rowCount() == 1
    window.session.undo_stack.undo()
    assert handicaps.table.rowCount() == 0 and handicaps.dice.isEnabled()


def test_a_played_fixture_has_no_pre_match(qtbot, fixture_window, messages):
    window, match, _ids = fixture_window
    with window.session.db.write("test: played") as tx:
        tx.session.get(Match, match).status = "played"
    window.session.reload()
    page = window.league_view.season_page
    page.select_fixture(match)
    assert not page.pre_match_action.isEnabled()
