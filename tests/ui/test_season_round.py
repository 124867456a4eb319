"""A whole round through the GUI: generate the season, report two matches, run both post-match wizards with
dice typed in, and check the file: SPP, new skills, treasury and ledger, fan factor, team rating, league table."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox, QWizard
from sqlalchemy import select

from roster_app import queries
from roster_app import season_queries as sq
from roster_app.db import open_league
from roster_app.models import DiceRoll, LedgerEntry
from tests.season_helpers import roster_ids
from tests.ui.test_roster_editing import press_enter


def generate_through_the_dialog(qtbot, page):
    from ui.dialogs.fixture_dialogs import GenerateSeasonDialog

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


def report_through_the_dialog(qtbot, page, fixture_id, *, score, lines, mvps, gate):
    from ui.dialogs.match_report_dialog import MatchReportDialog

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
    for team_id, player_id in zip((home, away), mvps, strict=True):
        dialog.mvp[team_id].setCurrentIndex(dialog.mvp[team_id].findData(player_id))
    assert not dialog.record_button.isEnabled()  # the gate is still missing
    assert "Roll the gate or type it in" in dialog.verdict.text()
    dialog.gate.setValue(gate)
    assert dialog.record_button.isEnabled(), dialog.verdict.text()
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Accepted
    return dialog


def open_wizard(qtbot, page, fixture_id):
    from ui.wizards.postmatch_wizard import PostMatchWizard

    page.select_fixture(fixture_id)
    page.post_match_action.trigger()
    wizard = page.findChildren(PostMatchWizard)[-1]
    qtbot.waitExposed(wizard)
    return wizard


def click_next(qtbot, wizard):
    button = wizard.button(QWizard.WizardButton.NextButton)
    assert button.isEnabled(), wizard.currentPage().problems.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_whole_round_through_the_gui(qtbot, season_window, season_file, messages):
    from ui.wizards.postmatch_wizard import PageId

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
        (elves[2], "injury", "Niggling injury")])  # fmt: skip
    report_through_the_dialog(qtbot, page, second.id, score=(0, 0), mvps=(humans[0], dwarfs[0]), gate=27_000,
                              lines=[])  # fmt: skip
    assert [r.status_text for r in page.fixtures_model.rows()][:2] == ["post-match due"] * 2

    # -- the first post-match wizard, every roll typed in --------------------------------------------------
    wizard = open_wizard(qtbot, page, first.id)
    assert "54,000 gp" in wizard.pages[PageId.WINNINGS].grid.text(4, 1)
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
    click_next(qtbot, wizard)  # 4.1
    click_next(qtbot, wizard)  # 4.2
    click_next(qtbot, wizard)  # 4.3
    purchases = wizard.pages[PageId.PURCHASES]
    dialog = purchases.open_hire(first.home_id)
    dialog.table.selectRow([p.name for p in dialog.race.positions].index("Orc Blitzer"))
    qtbot.keyClicks(dialog.name, "Gorbag")
    assert "504,000 gp" in dialog.verdict.text()  # the treasury with this match's winnings
    qtbot.mouseClick(dialog.hire_button, Qt.MouseButton.LeftButton)
    purchases.buy[first.home_id]["rerolls"].setValue(1)
    assert "304,000 gp" in purchases.after[first.home_id].text()
    click_next(qtbot, wizard)
    rating = wizard.pages[PageId.RATING]
    assert "102" in rating.grid.text(1, 1) and "104" in rating.grid.text(1, 2)
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
    assert wizard.pages[PageId.FAN_FACTOR].dice[second.home_id].faces() == [6, 6]
    wizard.pages[PageId.FAN_FACTOR].dice[second.away_id].type_in([1, 2])
    for _ in range(4):
        click_next(qtbot, wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.result() == QWizard.DialogCode.Accepted
    assert messages == []

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
    assert "Gorbag" in {r.name for r in orc_rows.values()}
    elf_rows = {r.id: r for r in queries.roster(db, first.away_id)}
    assert (elf_rows[elves[0]].spp, elf_rows[elves[0]].ag) == (8, 5)
    assert (elf_rows[elves[2]].status, elf_rows[elves[2]].injuries) == ("miss next game", ("Niggling injury",))
    assert {r.id: r for r in queries.roster(db, second.home_id)}[humans[0]].spp == 5
    headers = {
        t: queries.team_header(db, t) for t in (first.home_id, first.away_id, second.home_id, second.away_id)
    }
    figures = {h.name: (h.treasury, h.fan_factor, h.rating, h.rerolls) for h in headers.values()}
    assert figures == {
        "Orcland Raiders": (450_000 + 54_000 - 80_000 - 120_000, 7, 102, 1),
        "Athelorn Avengers": (230_000 + 27_000, 2, 104, 0),
        "Reikland Reavers": (450_000 + 40_500, 6, 105, 0),
        "Karak Grudgebearers": (230_000 + 40_500, 4, 105, 0),
    }
    with db.read() as session:
        orc_ledger = session.execute(
            select(LedgerEntry.kind, LedgerEntry.amount).where(LedgerEntry.match_id == first.id,
                                                               LedgerEntry.team_id == first.home_id)
        ).all()  # fmt: skip
        typed = session.scalars(select(DiceRoll.typed).where(DiceRoll.purpose != "Gate")).all()
    assert sorted(orc_ledger) == sorted([("winnings", 54_000), ("hire", -80_000), ("reroll", -120_000)])
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
    [history] = sq.team_history(db, first.home_id)
    assert (history.winnings, history.purchases, history.treasury_after) == (54_000, 200_000, 304_000)


def test_season_models_pass_the_model_tester(qtbot, qtmodeltester, season_window):
    from ui.dialogs.match_report_dialog import MatchReportDialog

    page = season_window.league_view.season_page
    db = season_window.session.db
    generate_through_the_dialog(qtbot, page)
    fixture = sq.fixtures(db)[0]
    dialog = MatchReportDialog(season_window.session, fixture, page)
    dialog.lines.set_line(0, touchdowns=1, casualties=1)
    dialog.score[fixture.home_id].setValue(1)
    dialog.gate.setValue(27_000)
    dialog.accept()
    season_window.league_view.team_page.history_tab.show_team(fixture.home_id)
    models = [page.fixtures_model, page.standings_model, *page.leader_models.values(), dialog.lines,
              season_window.league_view.team_page.history_tab.model]  # fmt: skip
    for model in models:
        assert model.rowCount() > 0
        qtmodeltester.check(model)
