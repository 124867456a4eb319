"""The pre-match wizard driven through its widgets: opened from the Season page for a scheduled fixture,
Hire Freebooters, the handicaps from both ratings (typed dice, Next waits for them), the referee, Finish."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard
from sqlalchemy import select

from roster_app.services import reserves as reserves_svc
from roster_app.services.season import add_fixture
from roster_app.store.models import DiceRoll, Match, Player, Referee, Team
from tests.ui.pages.team.test_reserves_ui import type_dice
from ui.sequences.prematch.wizard import PageId

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


def shot(wizard, name):
    """Each page looked at on a 1366x768 laptop: nothing cut (the page fits the wizard's room)."""
    wizard.resize(1366, 728)
    QApplication.processEvents()
    page = wizard.currentPage()
    assert page.minimumSizeHint().height() <= page.height() + 1 and page.minimumSizeHint().width() <= page.width()
    wizard.grab().save(f"/tmp/prematch-{name}-1366.png")


def test_a_whole_pre_match_sequence(qtbot, fixture_window, messages, monkeypatch):
    from ui.kit import ask
    from ui.sequences.match_pad.opening import OPEN

    monkeypatch.setattr(ask, "pick", lambda *a, **kw: pytest.fail("the pad asked for a ref the pre-match chose"))
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
    shot(wizard, "freebooters")

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
    shot(wizard, "handicaps")

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
    shot(wizard, "referee")

    qtbot.mouseClick(next_button(wizard), LEFT)
    finish = wizard.currentPage()
    assert "Handicaps: Extra training (Orcland Raiders), Bribe (Orcland Raiders)" in finish.summary.text()
    assert finish.open_pad.isChecked() and finish.open_pad.isEnabled()
    shot(wizard, "finish")
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), LEFT)
    pad = wizard.match_pad  # Finish opened the match pad with the ref the pre-match chose
    assert pad is not None and OPEN[match] is pad and pad.isVisible()
    assert pad.game.state.ref.name == chosen.label.split(" (")[0]
    assert "Handicaps: <b>Extra training</b>, <b>Bribe</b>" in pad.handicap_labels[orcs].text()
    assert "Bribe: " in pad.handicap_labels[orcs].toolTip() and not pad.handicap_labels[reavers].isVisibleTo(pad)
    gorbag = [pad.lists[orcs].item(i).text() for i in range(pad.lists[orcs].count()) if "Gorbag" in
              pad.lists[orcs].item(i).text()]  # fmt: skip
    assert gorbag == ["11  Gorbag (freebooter)"]  # the drafted player plays this fixture
    pad.close()
    assert match not in OPEN
    assert messages == []
    with window.session.db.read() as session:
        state = session.get(Match, match).pre_match
        rolls = session.scalars(select(DiceRoll.purpose).where(DiceRoll.match_id == match)).all()
    assert state["finished"] and [h["handicap"] for h in state["handicaps"]][:2] == ["Extra training", "Bribe"]
    assert sorted(rolls) == ["handicap"] * len(faces) + ["rookie table"]


def test_finish_without_the_pad_and_a_normal_ref_stands(qtbot, fixture_window, messages, monkeypatch):
    from ui.kit import ask
    from ui.sequences.match_pad.opening import OPEN

    monkeypatch.setattr(ask, "pick", lambda *a, **kw: pytest.fail("the pre-match chose a normal ref already"))
    window, match, _ids = fixture_window
    wizard = window.league_view.season_page.pre_match()
    qtbot.waitExposed(wizard)
    for _page in range(3):  # on to Finish: the handicaps rolled, no referee chosen
        while wizard.currentId() == PageId.HANDICAPS and wizard.view.rolls_left:
            type_dice(qtbot, wizard.currentPage().dice, 1)
        qtbot.mouseClick(next_button(wizard), LEFT)
    assert wizard.currentId() == PageId.FINISH
    finish = wizard.currentPage()
    finish.open_pad.setChecked(False)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), LEFT)
    assert wizard.match_pad is None and match not in OPEN
    wizard = window.league_view.season_page.pre_match()  # opened again: finished, the pad still offered
    assert wizard.currentId() == PageId.FINISH and wizard.pages[PageId.FINISH].open_pad.isEnabled()
    wizard.accept()
    pad = wizard.match_pad
    assert pad is not None and pad.game.state.ref is None and "a normal ref" in pad.verdict.text()
    pad.close()
    assert messages == []


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


def test_a_refs_note_is_cut_at_the_edge_whole_on_hover_and_said_when_chosen(qtbot, fixture_window, messages):
    """At the wizard's own size no column hides behind a sideways scroll bar: an injured ref's long note takes
    the width left, whole in its tooltip and under the table when his row is chosen."""
    window, match, _ids = fixture_window
    with window.session.db.write("test: a ref is hurt") as tx:
        ref = tx.session.scalars(select(Referee).order_by(Referee.id)).first()
        ref.status, name = "injured", ref.name
    window.session.reload()
    page = window.league_view.season_page
    page.pre_match_action.trigger()
    wizard = page.wizard
    qtbot.waitExposed(wizard)
    qtbot.mouseClick(next_button(wizard), LEFT)
    handicaps = wizard.currentPage()
    for face in [1, 4, 2, 3][: wizard.view.due.rolls]:
        type_dice(qtbot, handicaps.dice, face)
    qtbot.mouseClick(next_button(wizard), LEFT)
    referees = wizard.currentPage()
    assert referees.title() == "The referee"
    QApplication.processEvents()
    table = referees.table
    assert table.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    header = table.horizontalHeader()
    assert header.sectionViewportPosition(5) + 40 < table.viewport().width()  # the note's column is on screen
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text().startswith(name))
    note = table.item(row, 5).text()
    assert note and table.item(row, 5).toolTip() == note
    table.selectRow(row)
    assert note in referees.chosen.text() and not referees.choose_button.isEnabled()
    wizard.reject()
