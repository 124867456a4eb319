"""A whole round through the GUI: generate the season, report two matches (the referee chosen in the report),
run both post-match wizards with dice typed in (step 4.1: an upkeep paid and a contract signed; step 4.2: a
transfer through the real transfer wizard), and check the file: SPP, new skills, treasury and ledger, fan
factor, team rating, contracts, the referee's sheet and the league table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QSpinBox, QWizard
from sqlalchemy import select

from roster_app.queries import rosters as queries
from roster_app.queries import season as sq
from roster_app.safety.opening import open_league
from roster_app.store.models import Contract, DiceRoll, LedgerEntry, Player, Referee, RefereeMatch, ReserveEvent
from tests.helpers import team_id
from tests.season_helpers import roster_ids
from tests.ui.roster.test_roster_editing import press_enter
from tests.ui.sequences.transfer.test_transfer_wizard import Drive


@pytest.fixture
def season_file(season_file):
    """The four teams, and: the Orcs have a reserve team with a Veteran Reserve Coach (50,000 gp), the Elves a
    twelfth player (a team of 11 may not sell one), one sample Star Ref was sacked."""
    from roster_app.services.players import hire_player
    from roster_app.services.reserves import approve_reserves, hire_reserve_coach

    db = open_league(season_file)
    orcs, elves = team_id(db, "Orcland Raiders"), team_id(db, "Athelorn Avengers")
    approve_reserves(db, team_id=orcs)
    hire_reserve_coach(db, team_id=orcs, coach_type="Veteran")
    hire_player(db, team_id=elves, position="Wood Elf Lineman", name="Ithil Swiftfoot", number=12)
    with db.write() as tx:
        tx.session.scalars(select(Referee).where(Referee.name == "Gorbag Chainsaw")).one().status = "sacked"
    db.close()
    return season_file


def generate_through_the_dialog(qtbot, page):
    from ui.pages.season.fixture_dialogs import GenerateSeasonDialog

    page.generate_action.trigger()
    dialog = page.findChild(GenerateSeasonDialog)
    assert "3 rounds, 6 matches" in dialog.summary.text()
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert len(sq.fixtures(page.session.db)) == 6


def edit_cell(qtbot, view, row, column, value):
    """Edit one cell of a table through its delegate, as a commissioner would."""
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = next(e for kind in (QSpinBox, QComboBox) for e in view.findChildren(kind) if e.isVisible())
    if isinstance(editor, QSpinBox):
        editor.setValue(value)
    else:
        editor.setCurrentIndex(editor.findData(value))
    press_enter(qtbot, view, editor)


def report_through_the_dialog(qtbot, page, fixture_id, *, score, lines, mvps, gate, referee=None):
    from ui.pages.season.match_report_dialog import MatchReportDialog

    page.select_fixture(fixture_id)
    page.report_action.trigger()
    dialog = page.findChildren(MatchReportDialog)[-1]
    qtbot.waitExposed(dialog)
    home, away = dialog.fixture.home_id, dialog.fixture.away_id
    dialog.score[home].setValue(score[0])
    dialog.score[away].setValue(score[1])
    model = dialog.lines
    for player_id, key, value in lines:
        edit_cell(qtbot, dialog.view, model.row_of(player_id), model.column_index(key), value)
    for team, player_id in zip((home, away), mvps, strict=True):
        dialog.mvp[team].setCurrentIndex(dialog.mvp[team].findData(player_id))
    offered = [dialog.referee.itemText(i) for i in range(dialog.referee.count())]
    assert (
        "Gorbag Chainsaw (Star Ref)" not in offered and "Jorg Blackwhistle (Star Ref)" in offered
    )  # sacked: never
    if referee is not None:
        dialog.referee.setCurrentIndex(dialog.referee.findText(referee))
        assert "opens his match sheet" in dialog.ref_note.text()
    assert not dialog.record_button.isEnabled()  # the gate is still missing
    assert "Roll the gate or type it in" in dialog.verdict.text()
    dialog.gate.setValue(gate)
    assert dialog.record_button.isEnabled(), dialog.verdict.text()
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Accepted
    return dialog


def open_wizard(qtbot, page, fixture_id):
    from ui.sequences.postmatch.wizard import PostMatchWizard

    page.select_fixture(fixture_id)
    page.post_match_action.trigger()
    wizard = page.findChildren(PostMatchWizard)[-1]
    qtbot.waitExposed(wizard)
    return wizard


def click_next(qtbot, wizard):
    button = wizard.button(QWizard.WizardButton.NextButton)
    assert button.isEnabled(), wizard.currentPage().problems.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def transfer_an_elf_through_the_transfer_wizard(qtbot, wizard, orcs_id):
    """Step 4.2: the real transfer wizard, opened from the post-match wizard (which writes steps 1 to 4.1)."""
    from ui.sequences.postmatch.wizard import PageId
    from ui.sequences.transfer.steps import Page

    page = wizard.pages[PageId.TRANSFERS]
    assert "opening the Transfer Wizard first writes steps 1 to 4.1" in page.status.text()
    qtbot.mouseClick(page.transfer_button, Qt.MouseButton.LeftButton)
    assert "Steps 1 to 4.1 are written" in page.status.text()
    d = Drive.__new__(Drive)
    d.qtbot, d.window, d.w = qtbot, None, page.transfer_wizard
    qtbot.waitExposed(d.w)
    d.through_approach(orcs_id, "Ithil Swiftfoot")
    assert d.w.currentId() == Page.PRICE  # a free agent: his coach has no say
    d.roll(d.page.reaction_dice, 5, 5)  # + 2 (higher rating and fan factor): keen
    d.roll(d.page.tribunal_dice, 3)
    assert "100,000 gp" in d.page.price.text()  # 70,000 + 3 x 10,000
    d.forward()
    d.page.choice.choose("pay")
    d.forward()
    d.forward()  # his number 12 is free on the Orc roster
    assert "Rookie" in d.page.text.text()  # Rookies transferred sign no contract
    with qtbot.waitSignal(d.w.finished):
        d.click(QWizard.WizardButton.FinishButton)
    assert "Ithil Swiftfoot: Athelorn Avengers → Orcland Raiders, completed for 100,000 gp" in page.made.text()


def test_a_whole_round_through_the_gui(qtbot, season_window, season_file, messages):
    from ui.sequences.postmatch.wizard import PageId

    page = season_window.league_view.season_page
    db = season_window.session.db
    generate_through_the_dialog(qtbot, page)
    first, second = sq.fixtures(db)[:2]
    assert (first.home, first.away, second.home, second.away) == (
        "Orcland Raiders", "Athelorn Avengers", "Reikland Reavers", "Karak Grudgebearers")  # fmt: skip
    orcs, elves = roster_ids(db, first.home_id), roster_ids(db, first.away_id)
    humans, dwarfs = roster_ids(db, second.home_id), roster_ids(db, second.away_id)

    # -- two match reports -----------------------------------------------------------------------------
    report_through_the_dialog(qtbot, page, first.id, score=(2, 1), mvps=(orcs[0], elves[0]), gate=27_000, lines=[
        (orcs[0], "touchdowns", 2), (orcs[1], "casualties", 1), (elves[0], "touchdowns", 1),
        (elves[2], "injury", "Niggling injury")], referee="Jorg Blackwhistle (Star Ref)")  # fmt: skip
    report_through_the_dialog(qtbot, page, second.id, score=(0, 0), mvps=(humans[0], dwarfs[0]), gate=27_000,
                              lines=[])  # fmt: skip
    assert [r.status_text for r in page.fixtures_model.rows()][:2] == ["post-match due"] * 2

    # -- the first post-match wizard, every roll typed in --------------------------------------------------
    wizard = open_wizard(qtbot, page, first.id)
    assert "40,500 gp" in wizard.pages[PageId.WINNINGS].grid.text(4, 1)  # rating for winnings 106: 1,500 a 1,000
    click_next(qtbot, wizard)
    spp_page = wizard.pages[PageId.SPP]
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()  # two rolls are due
    orc_roll = spp_page.rows[(first.home_id, orcs[0], 1)]
    orc_roll.dice.type_in([4, 4])  # 8 on a double: a skill, Agility opens for an Orc Lineman
    assert "skill:Dodge" in orc_roll._keys
    orc_roll.choose("skill:Dodge")
    elf_roll = spp_page.rows[(first.away_id, elves[0], 1)]
    elf_roll.dice.type_in([6, 5])  # 11: +1 AG
    elf_roll.choose("ag")
    click_next(qtbot, wizard)
    ff_page = wizard.pages[PageId.FAN_FACTOR]
    ff_page.dice[first.home_id].type_in([5, 5, 5])  # a win: 3D6 = 15 above 6 gains one
    ff_page.dice[first.away_id].type_in([1, 1])  # a loss: 2 below 3 loses one
    assert "fan factor 6 → <b>7</b>" in ff_page.outcome[first.home_id].text()
    click_next(qtbot, wizard)

    # 4.1: the Orcs pay their Reserve Coach and roll nothing good; the scorer signs for two seasons
    affairs = wizard.pages[PageId.RESERVES_CONTRACTS]
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()  # the upkeep is not decided yet
    assert "pay the Reserve Coach's upkeep, or let him leave" in affairs.problems.text()
    reserve = affairs.reserves[first.home_id]
    qtbot.mouseClick(reserve.pay, Qt.MouseButton.LeftButton, pos=QPoint(8, reserve.pay.height() // 2))
    reserve.table_dice.type_in([2])
    assert "Nothing this time" in reserve.table_result.text()
    assert not affairs.reserves[first.away_id].isVisible()  # the Elves have no reserve team
    contract = affairs.contracts[first.home_id].seasons[orcs[0]]
    contract.setValue(2)
    assert "2,000 gp" in affairs.contracts[first.home_id].costs[orcs[0]].text()
    assert "440,500 gp → <b>428,500 gp</b>" in affairs.treasury[first.home_id].text()
    click_next(qtbot, wizard)

    # 4.2: a transfer through the transfer wizard (steps 1 to 4.1 are written first)
    transfer_an_elf_through_the_transfer_wizard(qtbot, wizard, first.home_id)
    click_next(qtbot, wizard)
    purchases = wizard.pages[PageId.PURCHASES]
    dialog = purchases.open_hire(first.home_id)
    dialog.table.selectRow([p.name for p in dialog.race.positions].index("Orc Blitzer"))
    qtbot.keyClicks(dialog.name, "Gorbag")
    assert "328,500 gp" in dialog.verdict.text()  # the treasury after 4.1 and the transfer
    qtbot.mouseClick(dialog.hire_button, Qt.MouseButton.LeftButton)
    # Ithil, a Wood Elf, is the Orcs' ally now: the re-roll's price (double after creation) carries his surcharge
    price = purchases.price_labels[first.home_id]["rerolls"].text()
    assert "130,000 gp each, including the ally surcharge (+10,000 gp for 1 ally)" in price
    purchases.buy[first.home_id]["rerolls"].setValue(1)
    assert "118,500 gp" in purchases.after[first.home_id].text()
    click_next(qtbot, wizard)
    rating = wizard.pages[PageId.RATING]
    assert (
        "Upkeep of the Veteran Reserve Coach (10,000 gp)<br>Reserve Team Table: 2 – Nothing this time<br>Sign "
        "Orcland 1 for 2 seasons (2,000 gp)" in rating.grid.text(7, 1)
    )  # written before the transfer
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert finish.isEnabled()
    qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)
    assert wizard.result() == QWizard.DialogCode.Accepted

    # -- the second wizard: left half-way, resumed where it stopped ------------------------------------------
    wizard = open_wizard(qtbot, page, second.id)
    click_next(qtbot, wizard)  # no rolls due
    click_next(qtbot, wizard)
    wizard.pages[PageId.FAN_FACTOR].dice[second.home_id].type_in([6, 6])
    wizard.reject()
    assert sq.fixtures(db)[1].status_text == "post-match started"
    wizard = open_wizard(qtbot, page, second.id)
    assert wizard.currentId() == PageId.FAN_FACTOR
    assert wizard.pages[PageId.FAN_FACTOR].dice[second.home_id].typed_faces() == [6, 6]
    wizard.pages[PageId.FAN_FACTOR].dice[second.away_id].type_in([1, 2])
    for _ in range(4):
        click_next(qtbot, wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.result() == QWizard.DialogCode.Accepted
    assert (
        len(messages) == 1 and "Write steps 1 to 4.1" in messages[0]
    )  # the one question: transfers come after 4.1

    # -- what is in the file -------------------------------------------------------------------------------
    season_window.close_league()
    db = open_league(season_file, read_only=True)
    try:
        check_the_file(db, first, second, orcs, elves, humans)
    finally:
        db.close()


def check_the_file(db, first, second, orcs, elves, humans):
    orc_rows = {r.id: r for r in queries.roster(db, first.home_id)}
    assert (orc_rows[orcs[0]].spp, orc_rows[orcs[0]].skills, orc_rows[orcs[0]].rolls_taken) == (11, ("Dodge",), 1)
    assert orc_rows[orcs[1]].spp == 2
    assert {"Gorbag", "Ithil Swiftfoot"} <= {r.name for r in orc_rows.values()}
    elf_rows = {r.id: r for r in queries.roster(db, first.away_id)}
    assert (elf_rows[elves[0]].spp, elf_rows[elves[0]].ag) == (8, 5)
    assert (elf_rows[elves[2]].status, elf_rows[elves[2]].injuries) == ("miss next game", ("Niggling injury",))
    assert "Ithil Swiftfoot" not in {r.name for r in elf_rows.values()}
    assert {r.id: r for r in queries.roster(db, second.home_id)}[humans[0]].spp == 5
    headers = {
        t: queries.team_header(db, t) for t in (first.home_id, first.away_id, second.home_id, second.away_id)
    }
    figures = {h.name: (h.treasury, h.fan_factor, h.rating, h.rerolls) for h in headers.values()}
    # the ratings count the treasury and fan factor at its price: the Orcs' Reserve Coach, upkeep and contract are
    # gone, they paid 100,000 for 70,000 of player and 10,000 of ally surcharge on a re-roll rated at 60,000; the
    # Elves got 100,000 for 70,000 of player
    assert figures == {
        "Orcland Raiders": (400_000 + 40_500 - 10_000 - 2_000 - 100_000 - 80_000 - 130_000, 7, 97, 1),
        "Athelorn Avengers": (160_000 + 13_500 + 100_000, 2, 107, 0),
        "Reikland Reavers": (450_000 + 27_000, 6, 109, 0),
        "Karak Grudgebearers": (230_000 + 27_000, 4, 107, 0),
    }
    with db.read() as session:
        orc_ledger = session.execute(
            select(LedgerEntry.kind, LedgerEntry.amount).where(LedgerEntry.match_id == first.id,
                                                               LedgerEntry.team_id == first.home_id)
        ).all()  # fmt: skip
        transfer_ledger = session.execute(
            select(LedgerEntry.team_id, LedgerEntry.amount).where(LedgerEntry.kind == "transfer")
        ).all()  # fmt: skip
        typed = session.scalars(select(DiceRoll.typed).where(DiceRoll.purpose != "Gate")).all()
        contract = session.scalars(select(Contract)).one()
        reserve_events = session.scalars(
            select(ReserveEvent.kind).where(ReserveEvent.match_id == first.id).order_by(ReserveEvent.id)
        ).all()
        sheet = session.scalars(select(RefereeMatch)).one()
        ithil = session.scalars(select(Player).where(Player.name == "Ithil Swiftfoot")).one()
    assert sorted(orc_ledger) == sorted([("winnings", 40_500), ("upkeep", -10_000), ("contract", -2_000),
                                         ("hire", -80_000), ("reroll", -130_000)])  # fmt: skip
    assert sorted(transfer_ledger) == sorted([(first.home_id, -100_000), (first.away_id, 100_000)])
    assert (contract.player_id, contract.seasons, contract.cost, contract.status) == (orcs[0], 2, 2_000, "running")
    assert reserve_events == ["upkeep", "reserve_roll"]
    assert (sheet.match_id, sheet.finished, sheet.riot) == (
        first.id,
        False,
        False,
    )  # his sheet waits for the ticks
    assert (ithil.team_id, ithil.number) == (first.home_id, 12)
    assert typed and all(typed)  # every roll of this round was typed in
    for header in headers.values():
        assert header.treasury == sum(r.amount for r in queries.ledger(db, header.id))
    table = [(r.position, r.name, r.played, r.won, r.drawn, r.lost, r.points) for r in sq.league_table(db)]
    assert table == [
        (1, "Orcland Raiders", 1, 1, 0, 0, 3),
        (2, "Karak Grudgebearers", 1, 0, 1, 0, 1),
        (2, "Reikland Reavers", 1, 0, 1, 0, 1),
        (4, "Athelorn Avengers", 1, 0, 0, 1, 0),
    ]
    assert [r.status_text for r in sq.fixtures(db)][:2] == ["done", "done"]
    assert sq.fixtures(db)[0].referee == "Jorg Blackwhistle"
    [history] = sq.team_history(db, first.home_id)
    assert (history.winnings, history.purchases, history.treasury_after) == (40_500, 322_000, 118_500)


def test_season_models_pass_the_model_tester(qtbot, qtmodeltester, season_window):
    from ui.pages.season.match_report_dialog import MatchReportDialog

    page = season_window.league_view.season_page
    db = season_window.session.db
    generate_through_the_dialog(qtbot, page)
    fixture = sq.fixtures(db)[0]
    dialog = MatchReportDialog(season_window.session, fixture, page)
    dialog.lines.set_line(0, touchdowns=1, casualties=1)
    dialog.score[fixture.home_id].setValue(1)
    dialog.gate.setValue(27_000)
    dialog.accept()
    team_page = season_window.league_view.team_page
    team_page.tabs.setCurrentWidget(team_page.history_tab)
    team_page.history_tab.show_team(fixture.home_id)
    models = [page.fixtures_model, page.standings_model, *page.leader_models.values(), dialog.lines,
              season_window.league_view.team_page.history_tab.model]  # fmt: skip
    for model in models:
        assert model.rowCount() > 0
        qtmodeltester.check(model)
