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


def test_an_lrb6_pre_match_gives_money_for_inducements_instead_of_handicaps(qtbot, window, tmp_path, messages):
    from roster_app.queries import season as sq
    from roster_app.services.league import create_league
    from roster_app.services.season import generate_season
    from tests.helpers import show_league
    from tests.season_helpers import build_teams

    path = tmp_path / "lrb6.dugout"
    db = create_league(path, name="Nuffle Cup", ruleset_key="lrb6")
    build_teams(db, 2)  # Orcland Raiders 610,000 gp of team value, Reikland Reavers 600,000
    generate_season(db)
    match = sq.fixtures(db)[0].id
    db.close()
    view = show_league(qtbot, window, path)
    view.show_page(view.season_page)
    page = view.season_page
    page.select_fixture(match)
    page.pre_match_action.trigger()
    wizard = page.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == PageId.FREEBOOTERS  # Star Players, mercenaries and inducements first (issue 32)
    assert "petty cash 10,000 gp" in wizard.pages[PageId.FREEBOOTERS].values.text()
    money = wizard.pages[PageId.HANDICAPS]
    assert money.title() == "Money for inducements"
    assert "TV <b>610,000 gp</b>" in money.ratings.text() and "TV <b>600,000 gp</b>" in money.ratings.text()
    assert money.verdict.text() == "<b>Reikland Reavers</b> get <b>10,000 gp</b> for inducements."
    assert "LRB 6 has no handicaps" in money.bands.text()
    assert not money.dice.isVisibleTo(money)
    # Fans and FAME (issue 31): each team's 2D6 + fan factor x 1,000, the FAME the winnings read after the match
    assert money.fans_box.isVisibleTo(money) and not money.isComplete()
    money.fans_dice[0].type_in([4, 5])  # Orcland Raiders, fan factor 6: (9 + 6) x 1,000
    assert "15,000 fans" in money.fans_labels[0].text() and not money.isComplete()
    money.fans_dice[1].type_in([1, 1])  # Reikland Reavers, fan factor 5: (2 + 5) x 1,000, less than half
    assert "15,000 fans, FAME <b>2</b>" in money.fans_labels[0].text()
    assert "7,000 fans, FAME <b>0</b>" in money.fans_labels[1].text()
    assert money.isComplete() and not money.fans_dice[0].isEnabled()
    assert messages == []
    money.resize(wizard.currentPage().size())
    money.grab().save("/tmp/prematch-inducement-money.png")


def test_esc_asks_before_typed_dice_are_lost(qtbot, fixture_window, monkeypatch):
    """Issue 35, item 4: the pre-match keeps each step as it is made; dice typed in and not used would be lost."""
    from ui.kit import ask

    asked: list[str] = []
    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: (asked.append(text), False)[1])
    window, _match, _ids = fixture_window
    page = window.league_view.season_page
    page.pre_match_action.trigger()
    wizard = page.wizard
    qtbot.waitExposed(wizard)
    qtbot.mouseClick(next_button(wizard), LEFT)
    handicaps = wizard.currentPage()
    handicaps.dice.set_faces([3])  # typed, not used yet
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert wizard.isVisible() and "dice typed in and not used yet are lost" in asked[-1]
    handicaps.dice.clear()
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert not wizard.isVisible() and len(asked) == 1


def test_f1_in_the_pre_match_opens_its_section_and_the_handicaps_on_their_page(qtbot, fixture_window):
    from tests.ui.kit.test_handbook_sections import press_f1

    window, _match, _ids = fixture_window
    page = window.league_view.season_page
    page.pre_match_action.trigger()
    wizard = page.wizard
    qtbot.waitExposed(wizard)
    assert press_f1(wizard).section == "prematch"
    qtbot.mouseClick(next_button(wizard), LEFT)
    assert press_f1(wizard).section == "handicaps"


def test_hire_freebooters_buys_a_star_a_mercenary_and_two_inducements(qtbot, fixture_window, messages):
    """Issue 32 by clicks: the Reavers hire Helmut Wulf, a mercenary Lineman and two inducements; Next buys them
    in one transaction (a ledger row each, from the treasury: LRB 4.0 gives no petty cash); both values show
    the spending; after the game the star's share of the gate comes off the Reavers' winnings."""
    from roster_app.rules import freebooters as fb
    from roster_app.services.postmatch.write import pay_winnings
    from roster_app.store.models import LedgerEntry
    from tests.season_helpers import report

    window, match, (orcs, reavers) = fixture_window
    page = window.league_view.season_page
    page.pre_match_action.trigger()
    wizard = page.wizard
    qtbot.waitExposed(wizard)
    freebooters = wizard.currentPage()
    shop = freebooters.shops[1]
    ruleset = window.session.db.ruleset
    treasury_before = freebooters.shops[1].treasury
    row = next(i for i in range(shop.stars.count()) if shop.stars.item(i).text().startswith("Helmut Wulf"))
    shop.stars.setCurrentRow(row)
    qtbot.keyClick(shop.stars, Qt.Key.Key_Space)  # ticks the star
    assert shop.order().stars == ("Helmut Wulf",)
    shop.merc_position.setCurrentIndex(shop.merc_position.findData("Lineman"))
    qtbot.keyClicks(shop.merc_name, "Hans Sold")
    qtbot.mouseClick(shop.add_merc, LEFT)
    assert shop.merc_list.count() == 1
    qtbot.keyClick(shop.counts["Bribes"], Qt.Key.Key_Up)
    qtbot.keyClick(shop.counts["Bloodweiser Babes"], Qt.Key.Key_Up)
    lineman = ruleset.position("Human", "Lineman")
    total = fb.stars(ruleset)["Helmut Wulf"].cost + lineman.cost + 30_000 + 100_000 + 50_000
    assert f"+ freebooters <b>{total:,} gp</b>" in freebooters.values.text()
    assert f"Total <b>{total:,} gp" in shop.total.text()
    shot(wizard, "freebooters-shop")
    wizard.pages[PageId.FREEBOOTERS].grab().save("/tmp/prematch-freebooters-shop.png")
    assert next_button(wizard).isEnabled()
    qtbot.mouseClick(next_button(wizard), LEFT)
    assert wizard.currentPage().title() == "Handicaps"
    assert "Hired for this game: <b>Helmut Wulf (Star Player)" in shop.total.text()
    assert not shop.stars.isEnabled()  # bought: nothing more to choose
    with window.session.db.read() as session:
        rows = session.scalars(select(LedgerEntry).where(LedgerEntry.team_id == reavers,
                                                         LedgerEntry.kind == fb.LEDGER_KIND)).all()  # fmt: skip
        treasury = session.get(Team, reavers).treasury
    assert len(rows) == 4 and sum(r.amount for r in rows) == -total and treasury == treasury_before - total
    assert messages == []
    wizard.reject()
    report(window.session.db, match, 1, 2)
    from ui.sequences.postmatch.wizard import PageId as PostPageId
    from ui.sequences.postmatch.wizard import PostMatchWizard

    post = PostMatchWizard(window.session, match, window)
    post.show()
    grid = post.pages[PostPageId.WINNINGS].grid
    shown = post.plan.away.winnings.gate_share
    assert shown > 0 and f"<b>{shown:,} gp</b> to Helmut Wulf" in grid.text(6, 2)  # shown in the winnings step
    assert grid.text(6, 1) == "no Star Player hired"
    report_box = post.pages[PostPageId.WINNINGS].freebooters  # the star's game, under his own name
    td, cas, mvp, record = report_box.rows[f"{reavers}:Helmut Wulf"]
    td.setValue(1)
    mvp.setChecked(True)
    record.click()
    from roster_app.queries.freebooters import star_careers

    career = star_careers(window.session.db)["Helmut Wulf"]
    assert (career.touchdowns, career.mvps, career.teams) == (1, 1, ("Reikland Reavers",))
    post.reject()
    pay_winnings(window.session.db, match_id=match)
    with window.session.db.read() as session:
        winnings = session.scalars(select(LedgerEntry.amount).where(
            LedgerEntry.team_id == reavers, LedgerEntry.kind == "winnings")).one()  # fmt: skip
        share = session.scalars(select(LedgerEntry).where(
            LedgerEntry.team_id == reavers, LedgerEntry.kind == fb.GATE_SHARE_KIND)).one()  # fmt: skip
    assert share.amount == -(winnings * ruleset.table("star_gate_share")["percent_per_star"] // 100) == -shown
    assert "Helmut Wulf" in share.reason
