"""The post-match wizard's pages: validity from the rules, rolls kept, the plan follows the league."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from roster_app import season_queries as sq
from roster_app.postmatch_plan import load_draft
from roster_app.services.players import hire_player
from roster_app.services.season import generate_season
from tests.season_helpers import report, roster_ids


@pytest.fixture
def wizard(qtbot, season_window):
    from ui.wizards.postmatch_wizard import PostMatchWizard

    session = season_window.session
    generate_season(session.db)
    m = sq.fixtures(session.db)[0]
    home = roster_ids(session.db, m.home_id)
    report(session.db, m.id, 2, 0, lines=[{"player_id": home[0], "touchdowns": 2}], home_mvp=home[0])
    session.changed.emit({"match"})
    w = PostMatchWizard(session, m.id, season_window, rng=random.Random(4))
    w.show()
    return w


def next_enabled(w) -> bool:
    return w.button(QWizard.WizardButton.NextButton).isEnabled()


def test_next_waits_for_every_roll_and_purchases_must_be_affordable(qtbot, wizard):
    from ui.wizards.postmatch_wizard import PageId

    wizard.next()
    assert wizard.currentId() == PageId.SPP and not next_enabled(wizard)
    page = wizard.pages[PageId.SPP]
    [row] = page.rows.values()
    row.dice.type_in([3, 3])
    assert not next_enabled(wizard)  # rolled, nothing chosen yet
    assert "Choose what" in page.problems.text()
    row.choose(row._keys[1])
    assert next_enabled(wizard)
    wizard.next()
    ff = wizard.pages[PageId.FAN_FACTOR]
    for dice in ff.dice.values():
        dice.type_in([2] * len(dice.spins))
    for _ in range(3):
        wizard.next()
    purchases = wizard.pages[PageId.PURCHASES]
    team_id = wizard.plan.home.team_id
    purchases.buy[team_id]["rerolls"].setValue(8)
    assert not next_enabled(wizard)
    assert "treasury holds" in purchases.problems.text()
    purchases.buy[team_id]["rerolls"].setValue(1)
    assert next_enabled(wizard)


def test_a_roll_by_dugout_is_kept_when_the_wizard_is_closed(qtbot, wizard):
    from ui.wizards.postmatch_wizard import PageId

    wizard.next()
    [row] = wizard.pages[PageId.SPP].rows.values()
    qtbot.mouseClick(row.dice.roll_button, Qt.MouseButton.LeftButton)
    faces = row.dice.faces()
    assert all(faces)
    wizard.reject()
    draft = load_draft(wizard.session.db, wizard.match_id)
    [[entry]] = [entries for team in draft.teams.values() for entries in team.rolls.values()]
    assert (entry.faces, entry.typed) == (faces, False)
    assert draft.page == PageId.SPP


def test_the_plan_follows_a_change_made_elsewhere(qtbot, wizard):
    from ui.wizards.postmatch_wizard import PageId

    grid = wizard.pages[PageId.WINNINGS].grid
    assert "450,000 gp" in grid.text(5, 1)
    wizard.session.run(hire_player, team_id=wizard.plan.home.team_id, position="Goblin", name="Snik")
    assert "410,000 gp" in grid.text(5, 1)
