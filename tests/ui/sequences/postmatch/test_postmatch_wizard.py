"""The post-match wizard's pages: validity from the rules, rolls kept, the plan follows the league."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from roster_app.queries import season as sq
from roster_app.services.postmatch.plan import load_draft
from roster_app.services.season import generate_season
from tests.season_helpers import report, roster_ids


@pytest.fixture
def wizard(qtbot, season_window):
    from ui.sequences.postmatch.wizard import PostMatchWizard

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
    from ui.sequences.postmatch.wizard import PageId

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
        dice.type_in([2] * len(dice.faces))
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
    from ui.sequences.postmatch.wizard import PageId

    wizard.next()
    [row] = wizard.pages[PageId.SPP].rows.values()
    qtbot.mouseClick(row.dice.roll_button, Qt.MouseButton.LeftButton)
    faces = row.dice.typed_faces()
    assert all(faces)
    wizard.reject()
    draft = load_draft(wizard.session.db, wizard.match_id)
    [[entry]] = [entries for team in draft.teams.values() for entries in team.rolls.values()]
    assert (entry.faces, entry.typed) == (faces, False)
    assert draft.page == PageId.SPP


def test_the_plan_follows_a_change_made_elsewhere(qtbot, wizard):
    from ui.sequences.postmatch.wizard import PageId

    grid = wizard.pages[PageId.WINNINGS].grid
    assert "450,000 gp" in grid.text(5, 1)
    from roster_app.services.reserves import approve_reserves, hire_reserve_coach

    home = wizard.plan.home.team_id
    wizard.session.run(approve_reserves, team_id=home)
    wizard.session.run(hire_reserve_coach, team_id=home, coach_type="Novice")  # may be hired at any time
    assert "430,000 gp" in grid.text(5, 1)


@pytest.fixture
def reserve_wizard(qtbot, season_window):
    """The first match (0-0) of a league whose Orcs have a Veteran Reserve Coach; the wizard is on step 4.1."""
    from roster_app.services.reserves import approve_reserves, hire_reserve_coach
    from ui.sequences.postmatch.wizard import PageId, PostMatchWizard

    session = season_window.session
    generate_season(session.db)
    m = sq.fixtures(session.db)[0]
    approve_reserves(session.db, team_id=m.home_id)
    hire_reserve_coach(session.db, team_id=m.home_id, coach_type="Veteran")
    report(session.db, m.id, 0, 0, lines=[])
    session.changed.emit({"match"})
    w = PostMatchWizard(session, m.id, season_window, rng=random.Random(4))
    w.show()
    w.next()
    w.next()
    for dice in w.pages[PageId.FAN_FACTOR].dice.values():
        dice.type_in([2] * len(dice.faces))
    w.next()
    assert w.currentId() == PageId.RESERVES_CONTRACTS
    return w, m


def test_a_reserve_roll_by_dugout_is_kept_and_cannot_be_made_again(qtbot, reserve_wizard):
    from ui.sequences.postmatch.wizard import PageId, PostMatchWizard

    w, m = reserve_wizard
    box = w.pages[PageId.RESERVES_CONTRACTS].reserves[m.home_id]
    assert not box.table_part.isVisible()  # the upkeep comes first
    box.pay.click()
    assert box.table_part.isVisible() and not next_enabled(w)  # roll, or choose not to
    qtbot.mouseClick(box.table_dice.roll_button, Qt.MouseButton.LeftButton)
    faces = box.table_dice.typed_faces()
    assert all(faces) and not box.table_dice.roll_button.isEnabled() and not box.table_dice.faces[0].isEnabled()
    assert not box.pay.isEnabled() and not box.leave.isEnabled() and not box.no_roll.isEnabled()
    assert load_draft(w.session.db, m.id).team(m.home_id).reserves.table[0].faces == faces  # saved at once
    w.reject()
    again = PostMatchWizard(w.session, m.id, w.parent(), rng=random.Random(9))
    again.show()
    assert again.currentId() == PageId.RESERVES_CONTRACTS
    box = again.pages[PageId.RESERVES_CONTRACTS].reserves[m.home_id]
    assert box.table_dice.typed_faces() == faces and not box.table_dice.roll_button.isEnabled()
    again.reject()


def test_letting_the_coach_go_or_not_rolling_completes_step_4_1(qtbot, reserve_wizard):
    from ui.sequences.postmatch.wizard import PageId

    w, m = reserve_wizard
    box = w.pages[PageId.RESERVES_CONTRACTS].reserves[m.home_id]
    box.pay.click()
    box.no_roll.click()
    assert next_enabled(w) and "No Reserve Team Table roll this time" in box.outcome.text()
    box.no_roll.click()
    box.leave.click()
    assert next_enabled(w) and "The Veteran Reserve Coach leaves" in box.outcome.text()
    assert not box.table_part.isVisible()


def test_the_transfer_wizard_waits_for_a_complete_step_4_1(qtbot, reserve_wizard):
    from ui.sequences.postmatch.wizard import PageId

    w, _m = reserve_wizard
    w.next()  # QWizard.next() ignores the page's completeness: 4.1 still has a decision to make
    page = w.pages[PageId.TRANSFERS]
    assert w.currentId() == PageId.TRANSFERS
    assert not page.transfer_button.isEnabled()
    assert "pay the Reserve Coach's upkeep" in page.problems.text()


def test_the_wizard_finishes_reserve_affairs_begun_on_the_reserves_tab(qtbot, season_window, messages):
    """Issue 22: step 4.1 used to dead-end ("finish them there first"); it continues the round instead."""
    from roster_app.queries import rosters as queries
    from roster_app.rules.dice import typed_roll
    from roster_app.services import reserves
    from roster_app.services.postmatch.draft import DiceEntry, PostMatchDraft
    from roster_app.services.postmatch.write import run_post_match_steps
    from ui.sequences.postmatch.wizard import PageId, PostMatchWizard

    session = season_window.session
    db = session.db
    generate_season(db)
    m = sq.fixtures(db)[0]
    reserves.approve_reserves(db, team_id=m.home_id)
    reserves.hire_reserve_coach(db, team_id=m.home_id, coach_type="Veteran")
    report(db, m.id, 0, 0, lines=[])
    draft = PostMatchDraft()
    for team in (m.home_id, m.away_id):
        draft.team(team).fan_roll = DiceEntry([2, 2], typed=True)
    run_post_match_steps(db, match_id=m.id, steps=["winnings", "spp", "fan_factor"], draft=draft)
    reserves.pay_reserve_upkeep(db, team_id=m.home_id)  # on the Reserves tab ...
    reserves.roll_reserve_table(db, team_id=m.home_id, roll=typed_roll("D6", [6]))  # ... a youngster is ready
    session.changed.emit(None)
    paid = queries.team_header(db, m.home_id).treasury

    w = PostMatchWizard(session, m.id, season_window, rng=random.Random(4))
    w.show()
    assert w.currentId() == PageId.RESERVES_CONTRACTS
    box = w.pages[PageId.RESERVES_CONTRACTS].reserves[m.home_id]
    assert "begun on the Reserves tab" in box.text.text()
    assert box.pay.isChecked() and not box.pay.isEnabled() and not box.leave.isEnabled()
    assert box.table_dice.typed_faces() == [6] and not box.table_dice.faces[0].isEnabled()
    assert box.player_part.isVisible() and not next_enabled(w)
    box.player_dice.type_in([5])
    box.choose_player("Black Orc Blocker", "Grunt", 13)
    assert next_enabled(w), w.pages[PageId.RESERVES_CONTRACTS].problems.text()
    while w.currentId() != PageId.RATING:
        w.next()
    finish = w.button(QWizard.WizardButton.FinishButton)
    qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)
    assert w.result() == QWizard.DialogCode.Accepted
    assert [r.name for r in queries.roster(db, m.home_id)][-1] == "Grunt"
    assert queries.team_header(db, m.home_id).treasury == paid  # the upkeep was paid once, on the tab


def test_the_window_and_the_team_panels_keep_their_size_between_steps(qtbot, reserve_wizard):
    from PySide6.QtWidgets import QGroupBox

    from ui.sequences.postmatch.wizard import PageId

    w, m = reserve_wizard
    box = w.pages[PageId.RESERVES_CONTRACTS].reserves[m.home_id]
    box.pay.click()
    box.table_dice.type_in([6])
    box.player_dice.type_in([5])
    sizes = {w.size().toTuple()}
    while w.currentId() != PageId.RATING:
        page = w.pages[w.currentId()]
        panels = [b.width() for b in page.findChildren(QGroupBox) if b.title().endswith(("0-0)",))]
        assert len(set(panels)) <= 1, (w.currentId(), panels)  # the two teams side by side, equal
        w.next()
        sizes.add(w.size().toTuple())
    assert len(sizes) == 1


def test_typed_in_fan_factor_dice_lock_once_used_like_rolled_ones(qtbot, wizard):
    from ui.sequences.postmatch.wizard import PageId

    wizard.next()
    [row] = wizard.pages[PageId.SPP].rows.values()
    row.dice.type_in([3, 3])
    row.choose(row._keys[1])
    wizard.next()
    page = wizard.pages[PageId.FAN_FACTOR]
    team_id, dice = next(iter(page.dice.items()))
    dice.type_in([2] * len(dice.faces))
    assert not dice.faces[0].isEnabled() and not dice.roll_button.isEnabled()  # used: it stands
    assert dice.change_button.isVisibleTo(dice)
    qtbot.mouseClick(dice.change_button, Qt.MouseButton.LeftButton)  # a slip in typing: type it again
    assert dice.faces[0].isEnabled() and not dice.roll_button.isEnabled()
    dice.type_in([3] * len(dice.faces))
    assert wizard.draft.team(team_id).fan_roll.faces == [3] * len(dice.faces)
    assert not dice.faces[0].isEnabled()
    other = [d for t, d in page.dice.items() if t != team_id][0]
    qtbot.mouseClick(other.roll_button, Qt.MouseButton.LeftButton)
    assert not other.faces[0].isEnabled() and not other.change_button.isVisibleTo(other)  # Dugout's roll stands


# -- an edition whose winnings come from dice and FAME (LRB 6) ------------------------------------------------
@pytest.fixture
def lrb6_wizard(qtbot, window, tmp_path):
    from roster_app.services.league import create_league
    from tests.helpers import show_league
    from tests.season_helpers import build_teams
    from ui.sequences.postmatch.wizard import PostMatchWizard

    path = tmp_path / "lrb6.dugout"
    db = create_league(path, name="Nuffle Cup", ruleset_key="lrb6")
    build_teams(db, 2)
    db.close()
    view = show_league(qtbot, window, path)
    view.show_page(view.season_page)
    session = window.session
    generate_season(session.db)
    m = sq.fixtures(session.db)[0]
    report(session.db, m.id, 1, 0)
    session.changed.emit({"match"})
    w = PostMatchWizard(session, m.id, window, rng=random.Random(4))
    w.show()
    return w


def test_lrb6_winnings_wait_for_the_winnings_roll_and_take_fame(qtbot, lrb6_wizard):
    from ui.sequences.postmatch.wizard import DiceWinningsPage, PageId

    w = lrb6_wizard
    # LRB 6's order (christerk/ffb's end game: MVP, winnings, fan factor): the sequence opens on the MVP's page
    assert w.currentPage() is w.pages[PageId.SPP]
    assert w.currentPage().title() == "1. MVP, Star Player Points and improvement rolls"
    w.grab().save("/tmp/lrb6_first_step.png")
    for row in w.pages[PageId.SPP].rows.values():
        row.dice.type_in([3, 3])
        row.choose(row._keys[1])
    assert next_enabled(w)
    w.button(QWizard.WizardButton.NextButton).click()
    page = w.pages[PageId.WINNINGS]
    assert w.currentPage() is page
    assert isinstance(page, DiceWinningsPage)
    assert page.title() == "2. Winnings (D6 + FAME) less spiralling expenses"
    assert not next_enabled(w) and "the winnings roll is still to be made" in page.problems.text()
    home, away = w.plan.home.team_id, w.plan.away.team_id
    page.fame[home].setValue(1)
    page.dice[home].type_in([4])
    page.dice[away].type_in([2])
    assert next_enabled(w)
    assert w.plan.home.winnings.amount == (4 + 1 + 1) * 10_000 and w.plan.away.winnings.amount == 2 * 10_000
    assert w.pages[PageId.RATING].title() == "5. New team value"
    assert w.pages[PageId.RATING]._line(w.plan.home)[0].startswith("610,000 gp → <b>")
    page.grab().save("/tmp/lrb6_winnings.png")
    w.button(QWizard.WizardButton.NextButton).click()
    assert w.currentPage() is w.pages[PageId.FAN_FACTOR] and w.currentPage().title() == "3. Fan factor"
    for dice in w.pages[PageId.FAN_FACTOR].dice.values():
        dice.type_in([2] * len(dice.faces))
    w.button(QWizard.WizardButton.NextButton).click()
    assert w.currentPage() is w.pages[PageId.RESERVES_CONTRACTS]  # the seed's purchases section, at its place
    assert w.currentPage().title() == "4.1 Reserve affairs and contracts"


def test_an_lrb6_team_header_shows_its_team_value_and_expenses(qtbot, lrb6_wizard):
    w = lrb6_wizard
    w.close()
    header = w.parent().league_view.team_page.header
    assert header.figure_titles["value"].text() == "Team value"
    assert header.figures["value"].text() == "610,000 gp"  # Orcland Raiders: 11 Linemen and fan factor 6
    assert header.figure_titles["winnings_rating"].text() == "Spiralling expenses"
    assert header.figures["winnings_rating"].text() == "0 gp"
    assert not header.figures["rating"].isVisibleTo(header)
    header.grab().save("/tmp/lrb6_header.png")


def test_a_coach_who_leaves_in_step_4_1_may_be_replaced_there(qtbot, reserve_wizard):
    """Issue 35, item 10: the Reserve Coach was hired only outside the sequence; seed 001: "You may hire another
    Coach as soon as you have the money"."""
    from ui.sequences.postmatch.wizard import PageId

    w, m = reserve_wizard
    page = w.pages[PageId.RESERVES_CONTRACTS]
    combo = page.hire_coach[m.home_id]
    assert not combo.isVisible()  # his coach is there: no second one
    page.reserves[m.home_id].leave.click()
    assert combo.isVisible() and combo.currentData() is None
    combo.setCurrentIndex(combo.findData("Novice"))
    combo.activated.emit(combo.currentIndex())
    assert w.draft.team(m.home_id).reserves.hire == "Novice"
    lines = w.plan.team(m.home_id).affairs.lines
    assert ("Hire a Novice Reserve Coach (his affairs start after the next match)", -20_000) in lines
    assert "20,000 gp" in combo.currentText()
    w.resize(1366, 728)
    w.grab().save("/tmp/postmatch-hire-coach-1366.png")


def test_lrb6_winnings_take_the_fame_of_the_fans_counted_before_the_match(qtbot, window, tmp_path):
    """Issue 31: the fans counted in the pre-match (Orcland Raiders 15,000, Reikland Reavers 7,000) give each
    team's FAME; the winnings page shows it and takes no FAME typed in."""
    from roster_app.rules.dice import typed_roll
    from roster_app.services.league import create_league
    from roster_app.services.prematch import roll_fans
    from tests.helpers import show_league
    from tests.season_helpers import build_teams
    from ui.sequences.postmatch.wizard import PageId, PostMatchWizard

    path = tmp_path / "lrb6.dugout"
    db = create_league(path, name="Nuffle Cup", ruleset_key="lrb6")
    build_teams(db, 2)
    generate_season(db)
    m = sq.fixtures(db)[0]
    roll_fans(db, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [4, 5]))
    roll_fans(db, match_id=m.id, team_id=m.away_id, roll=typed_roll("2D6", [1, 1]))
    report(db, m.id, 1, 0)
    db.close()
    show_league(qtbot, window, path)
    w = PostMatchWizard(window.session, m.id, window, rng=random.Random(4))
    w.show()
    for row in w.pages[PageId.SPP].rows.values():
        row.dice.type_in([3, 3])
        row.choose(row._keys[1])
    w.button(QWizard.WizardButton.NextButton).click()
    page = w.pages[PageId.WINNINGS]
    assert w.currentPage() is page
    home, away = w.plan.home.team_id, w.plan.away.team_id
    assert not page.fame[home].isEnabled() and page.fame[home].value() == 2 and page.fame[away].value() == 0
    assert page.grid.text(2, 1) == "2 (15,000 fans v 7,000)"
    page.dice[home].type_in([4])
    page.dice[away].type_in([2])
    assert w.plan.home.winnings.amount == (4 + 2 + 1) * 10_000 and w.plan.away.winnings.amount == 2 * 10_000
    w.grab().save("/tmp/lrb6_winnings_fans.png")


def test_every_page_at_the_wizards_smallest_cuts_no_word(qtbot, wizard):
    """Issue 35, item 10: the post-match rows were cut ("or type the di", "se these dic", "(rolled by Dugout)") when
    the wizard was narrower than the teams' rows; at its smallest every word of every page is whole."""
    from tests.ui.test_screens_fit import cut_widgets
    from ui.kit.dice_input import DiceInput

    seen = 0
    while True:
        page = wizard.currentPage()
        for dice in page.findChildren(DiceInput):
            if dice.isVisibleTo(page) and dice.roll_button.isEnabled():
                dice.roll_button.click()
        for row in getattr(page, "rows", {}).values():
            if getattr(row, "_keys", None):
                row.choose(row._keys[1])
        wizard.resize(wizard.minimumSize())
        qtbot.wait(20)
        assert cut_widgets(page) == [], page.title()
        seen += 1
        next_button = wizard.button(QWizard.WizardButton.NextButton)
        if not next_button.isVisible():
            break
        assert next_button.isEnabled(), page.title()
        next_button.click()
    assert seen >= 6


def test_the_winnings_page_in_french_writes_its_numbers_and_title_the_french_way(qtbot, season_window):
    """'Affluence : 46 000 spectateurs' (a comma would read as a decimal point in French), the game's round and
    season in French."""
    from roster_app import i18n
    from ui.sequences.postmatch.wizard import PostMatchWizard

    session = season_window.session
    generate_season(session.db)
    m = sq.fixtures(session.db)[0]
    report(session.db, m.id, 2, 0, gate=46_000)
    i18n.set_language("fr")
    w = PostMatchWizard(session, m.id, season_window, rng=random.Random(4))
    qtbot.addWidget(w)
    w.show()
    subtitle = w.currentPage().subTitle().replace("\u202f", " ").replace("\xa0", " ")
    assert "46 000 spectateurs" in subtitle and "46,000" not in subtitle, subtitle
    assert "journée" in subtitle and "saison" in subtitle and "round" not in subtitle, subtitle
