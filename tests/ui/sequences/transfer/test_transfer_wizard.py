"""The real transfer wizard driven through its widgets, checking the league file after each deal."""

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QWizard
from sqlalchemy import select

from roster_app.safety.opening import open_league
from roster_app.store.models import Contract, DiceRoll, LedgerEntry, Player, Team, Transfer
from tests.helpers import snapshot, treasury
from tests.transfer_helpers import market
from ui.sequences.transfer.steps import Page
from ui.sequences.transfer.wizard import TransferWizard

Button = QWizard.WizardButton


@pytest.fixture(scope="module")
def market_template(tmp_path_factory):
    """The transfer league (Grak under contract with Orc Rivals), built once per module and copied per test."""
    from roster_app.services.league import create_league
    from tests.helpers import signed

    path = tmp_path_factory.mktemp("market") / "template.dugout"
    db = create_league(path, name="Transfer League")
    teams = market(db)
    with db.read() as session:
        grak = session.scalars(select(Player.id).where(Player.name == "Grak")).one()
    signed(db, grak, 3)
    db.close()
    return path, teams


def _set_treasury(path, team, amount):
    from roster_app.queries.fetch import get_team
    from roster_app.services.common import post

    db = open_league(path)
    with db.write() as tx:
        t = get_team(tx.session, team)
        post(tx.session, t, amount - t.treasury, kind="correction", reason="test: a poorer buyer")
    db.close()


@pytest.fixture
def market_window(qtbot, window, tmp_path, market_template, request):
    template, teams = market_template
    path = tmp_path / "transfers.dugout"
    shutil.copy(template, path)
    if getattr(request, "param", None):
        _set_treasury(path, teams["orcs"], request.param["buyer_treasury"])
    window.open_league_later(path)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    window.path, window.teams = path, teams
    return window


class Drive:
    """Clicks through the wizard the way a commissioner does, checking each button is really enabled."""

    def __init__(self, qtbot, window):
        self.qtbot, self.window = qtbot, window
        window.transfer_action.trigger()
        self.w = window.league_view.transfers_page.wizard
        assert isinstance(self.w, TransferWizard)
        qtbot.waitExposed(self.w)

    @property
    def page(self):
        return self.w.currentPage()

    def click(self, which):
        button = self.w.button(which)
        assert button.isVisible() and button.isEnabled(), f"{which} is not available on page {self.w.currentId()}"
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    def forward(self):
        """Next, or the commit button on a page that records something."""
        self.click(Button.CommitButton if self.w.button(Button.CommitButton).isVisible() else Button.NextButton)

    def choose(self, buyer_id, player):
        page = self.page
        page.buyer.setCurrentIndex(page.buyer.findData(buyer_id))
        page.search.clear()
        self.qtbot.keyClicks(page.search, player)
        rows = [r.name for r in page.model.rows()]
        assert rows == [player], rows
        page.view.selectRow(0)
        self.forward()

    def roll(self, dice, *faces):
        for spin, face in zip(dice.faces, faces, strict=True):
            spin.setValue(face)
        self.qtbot.mouseClick(dice.use_button, Qt.MouseButton.LeftButton)

    def through_approach(self, buyer_id, player):
        self.choose(buyer_id, player)
        assert self.w.currentId() == Page.APPROACH
        assert "Record the Approach" in self.w.button(Button.CommitButton).text().replace("&", "")
        self.forward()


def read(window, query):
    db = open_league(window.path, read_only=True)
    try:
        with db.read() as session:
            return session.scalars(query).all()
    finally:
        db.close()


def file_treasury(window, team):
    db = open_league(window.path, read_only=True)
    try:
        return treasury(db, team)
    finally:
        db.close()


def team_of(window, name):
    return read(window, select(Player.team_id).where(Player.name == name))[0]


def test_a_free_agent_transfer_start_to_finish(qtbot, market_window):
    orcs, dwarfs = market_window.teams["orcs"], market_window.teams["dwarfs"]
    d = Drive(qtbot, market_window)
    d.through_approach(orcs, "Gotrek")
    assert [t.status for t in read(market_window, select(Transfer))] == ["approached"]  # written at step 2
    assert d.w.currentId() == Page.PRICE  # a free agent: step 3 is skipped
    assert "not needed" in d.w.steps.text()
    price = d.page
    assert "+1 if the buyer's fan factor is higher" in price.intro.text()
    assert not d.w.button(Button.NextButton).isEnabled()
    d.roll(price.reaction_dice, 5, 4)  # 9 + 1 = 10: keen
    assert "10: Keen" in price.outcome.text()
    assert not d.w.button(Button.NextButton).isEnabled()  # the tribunal roll is still to come
    d.roll(price.tribunal_dice, 3)
    assert "150,000 gp" in price.price.text()  # 90,000 + 3 x 10,000 + 3 x 10,000
    d.forward()
    last = d.page
    assert "300,000 gp → <b>150,000 gp</b>" in last.text.text()
    last.choice.choose("pay")
    d.forward()
    assert d.w.currentId() == Page.MOVEMENTS
    assert "is an ally" in d.page.ally.text()
    assert d.page.number.value() == 12  # his number 1 is taken on the Orc roster
    d.forward()
    contract = d.page
    contract.seasons.setValue(2)
    assert "6,000 gp" in contract.cost.text() and "144,000 gp" in contract.cost.text()
    with qtbot.waitSignal(d.w.finished):
        d.click(Button.FinishButton)
    assert d.w.result() == QDialog.DialogCode.Accepted

    assert (file_treasury(market_window, orcs), file_treasury(market_window, dwarfs)) == (144_000, 200_000)
    assert team_of(market_window, "Gotrek") == orcs
    [transfer] = read(market_window, select(Transfer))
    assert (transfer.status, transfer.price, transfer.contract_seasons, transfer.ally) == (
        "completed",
        150_000,
        2,
        True,
    )
    kinds = sorted(
        (e.kind, e.amount)
        for e in read(market_window, select(LedgerEntry).where(LedgerEntry.transfer_id == transfer.id))
    )
    assert kinds == [("contract", -6_000), ("transfer", -150_000), ("transfer", 150_000)]
    contract_row = read(market_window, select(Contract).where(Contract.transfer_id == transfer.id))[0]
    assert (contract_row.team_id, contract_row.seasons) == (orcs, 2)
    rolls = read(market_window, select(DiceRoll).where(DiceRoll.transfer_id == transfer.id))
    assert sorted((r.purpose, r.total, r.typed) for r in rolls) == [
        ("player reaction", 10, True),
        ("tribunal", 3, True),
    ]
    page = market_window.league_view.transfers_page
    assert (
        page.model.rows()[0].status == "completed"
        and page.model.rows()[0].reaction == "5 + 4 +1 = 10 (typed): keen"
    )


def test_an_under_contract_transfer_at_the_sellers_price(qtbot, market_window):
    orcs, rivals = market_window.teams["orcs"], market_window.teams["rivals"]
    d = Drive(qtbot, market_window)
    d.through_approach(orcs, "Grak")
    assert d.w.currentId() == Page.CONSENT
    assert not d.w.button(Button.CommitButton).isEnabled()  # the selling coach has not answered
    d.page.choice.choose("allow")
    assert d.w.button(Button.CommitButton).text().replace("&", "") == "Go On"
    d.forward()
    price = d.page
    assert price.tribunal_dice is None
    d.roll(price.reaction_dice, 6, 5)  # 11 - 1 = 10: keen
    assert "not below Grak's original price, <b>80,000 gp</b>" in price.price_text.text()
    assert "fixed part is <b>100,000 gp</b>" in price.price_text.text()  # guide: 80,000 + 2 rolls
    assert price.asked.minimum() == 80_000
    price.asked.setValue(125_000)
    d.forward()
    d.page.choice.choose("pay")
    d.forward()
    d.forward()
    d.page.seasons.setValue(1)
    assert d.page.seasons.text() == "1 season"  # counted in words, never "1 seasons"
    d.page.seasons.setValue(2)
    assert d.page.seasons.text() == "2 seasons"
    d.page.seasons.setValue(1)
    with qtbot.waitSignal(d.w.finished):
        d.click(Button.FinishButton)
    assert file_treasury(market_window, orcs) == 300_000 - 125_000 - 2_000
    assert file_treasury(market_window, rivals) == 100_000 - 6_000 + 125_000  # it paid his first contract
    assert team_of(market_window, "Grak") == orcs
    statuses = {(c.team_id, c.status) for c in read(market_window, select(Contract))}
    assert statuses == {(rivals, "transferred"), (orcs, "running")}


def test_the_selling_coach_refuses(qtbot, market_window):
    orcs = market_window.teams["orcs"]
    d = Drive(qtbot, market_window)
    d.through_approach(orcs, "Grak")
    before = snapshot(market_window.session.db)
    d.page.choice.choose("refuse")
    assert d.w.button(Button.CommitButton).text().replace("&", "") == "Record the Refusal"
    d.forward()
    assert d.w.currentId() == Page.DEAL_OFF and "refused to sell Grak" in d.page.text.text()
    with qtbot.waitSignal(d.w.finished):
        d.click(Button.FinishButton)
    after = snapshot(market_window.session.db)
    assert {t for t in after if after[t] != before[t]} == {"transfer"}
    assert [t.status for t in read(market_window, select(Transfer))] == ["refused by coach"]
    assert team_of(market_window, "Grak") == market_window.teams["rivals"]


def test_the_player_refuses_on_the_reaction_roll(qtbot, market_window):
    d = Drive(qtbot, market_window)
    d.through_approach(market_window.teams["orcs"], "Gotrek")
    d.roll(d.page.reaction_dice, 1, 2)  # 3 + 1 = 4: refuses
    assert "refuses" in d.page.outcome.text() and not d.page.price_panel.isVisible()
    d.forward()
    assert "He cannot be approached again" in d.page.text.text()
    d.click(Button.FinishButton)
    [transfer] = read(market_window, select(Transfer))
    assert (transfer.status, transfer.reaction_total) == ("refused by player", 4)
    assert [r.faces for r in read(market_window, select(DiceRoll))] == [[1, 2]]
    assert read(market_window, select(LedgerEntry).where(LedgerEntry.kind == "transfer")) == []
    # the market now greys him, with the reason
    d2 = Drive(qtbot, market_window)
    d2.page.buyer.setCurrentIndex(d2.page.buyer.findData(market_window.teams["rivals"]))
    qtbot.keyClicks(d2.page.search, "Gotrek")
    d2.page.view.selectRow(0)
    assert not d2.w.button(Button.NextButton).isEnabled()
    assert "already approached since" in d2.page.verdict.text()


def test_pulling_out_at_step_5(qtbot, market_window):
    d = Drive(qtbot, market_window)
    d.through_approach(market_window.teams["orcs"], "Gotrek")
    d.roll(d.page.reaction_dice, 3, 3)  # 7: listens, +10,000 gp
    d.roll(d.page.tribunal_dice, 6)
    assert "190,000 gp" in d.page.price.text()  # 120,000 + 6 x 10,000 + 10,000
    d.forward()
    d.page.choice.choose("pull out")
    assert d.w.button(Button.CommitButton).text().replace("&", "") == "Record the Pull-Out"
    d.forward()
    d.click(Button.FinishButton)
    [transfer] = read(market_window, select(Transfer))
    assert (transfer.status, transfer.price) == ("pulled out", 190_000)
    assert len(read(market_window, select(DiceRoll))) == 2
    assert file_treasury(market_window, market_window.teams["orcs"]) == 300_000
    assert team_of(market_window, "Gotrek") == market_window.teams["dwarfs"]


@pytest.mark.parametrize("market_window", [{"buyer_treasury": 100_000}], indirect=True)
def test_a_buyer_without_enough_gold_can_only_pull_out(qtbot, market_window):
    d = Drive(qtbot, market_window)
    d.through_approach(market_window.teams["orcs"], "Gotrek")
    d.roll(d.page.reaction_dice, 6, 6)
    d.roll(d.page.tribunal_dice, 1)  # 130,000 gp
    d.forward()
    last = d.page
    assert "cannot pay" in last.text.text() and "holds only 100,000 gp" in last.text.text()
    assert not last.choice.buttons["pay"].isEnabled()
    assert last.choice.chosen() == "pull out"
    d.forward()
    d.click(Button.FinishButton)
    assert [t.status for t in read(market_window, select(Transfer))] == ["pulled out"]
    assert file_treasury(market_window, market_window.teams["orcs"]) == 100_000


def test_cancel_after_the_roll_keeps_only_the_approach(qtbot, market_window):
    d = Drive(qtbot, market_window)
    d.through_approach(market_window.teams["orcs"], "Gotrek")
    d.roll(d.page.reaction_dice, 6, 6)
    before = snapshot(market_window.session.db)
    d.click(Button.CancelButton)
    assert snapshot(market_window.session.db) == before
    assert [t.status for t in read(market_window, select(Transfer))] == ["approached"]
    assert read(market_window, select(DiceRoll)) == []


def test_a_failure_at_finish_writes_nothing_of_steps_6_to_10_and_says_why(qtbot, market_window, messages):
    from roster_app.queries.fetch import get_team
    from roster_app.services.common import post

    orcs = market_window.teams["orcs"]
    d = Drive(qtbot, market_window)
    d.through_approach(orcs, "Gotrek")
    d.roll(d.page.reaction_dice, 6, 6)
    d.roll(d.page.tribunal_dice, 1)
    d.forward()
    d.page.choice.choose("pay")
    d.forward()
    d.forward()
    # meanwhile, another window spends the Orcs' gold
    with market_window.session.db.write() as tx:
        post(tx.session, get_team(tx.session, orcs), -250_000, kind="correction", reason="spent elsewhere")
    before = snapshot(market_window.session.db)
    d.click(Button.FinishButton)
    assert d.w.isVisible() and d.w.currentId() == Page.CONTRACT
    assert any("only 50,000 gp" in m for m in messages)
    assert snapshot(market_window.session.db) == before


def test_the_market_and_history_models_pass_the_model_tester(qtbot, market_window, qtmodeltester):
    d = Drive(qtbot, market_window)
    d.page.buyer.setCurrentIndex(d.page.buyer.findData(market_window.teams["dwarfs"]))
    qtmodeltester.check(d.page.model)
    greyed = {(r.team, r.problem) for r in d.page.model.rows() if not r.approachable}
    assert greyed == {("Orcland Raiders", "Orcland Raiders has only 11 players: no one may buy from a team of 11 "
                                          "or fewer.")}  # fmt: skip
    d.page.only_open.setChecked(True)
    assert all(r.approachable for r in d.page.model.rows())
    qtmodeltester.check(market_window.league_view.transfers_page.model)


def test_reversal_from_the_transfers_page(qtbot, market_window, messages):
    from roster_app.queries.transfers import deal_terms
    from roster_app.services.transfers import complete_transfer, record_approach
    from tests.transfer_helpers import dice

    session = market_window.session
    db, orcs = session.db, market_window.teams["orcs"]
    with db.read() as s:
        gotrek = s.scalars(select(Player).where(Player.name == "Gotrek")).one()
        terms = deal_terms(s, db.ruleset, gotrek, s.get(Team, orcs))
    tid = session.run(record_approach, player_id=terms.player_id, buyer_team_id=orcs).result
    session.run(complete_transfer, transfer_id=tid, reaction_roll=dice("2D6", 6, 6, modifier=terms.modifier),
                price=130_000, tribunal_roll=dice("D6", 1), contract_seasons=1)  # fmt: skip
    page = market_window.league_view.transfers_page
    page.view.selectRow(page.model.row_of(tid))
    assert page.reverse_button.isEnabled()
    qtbot.mouseClick(page.reverse_button, Qt.MouseButton.LeftButton)
    assert any(m.startswith("Reverse the transfer of Gotrek") for m in messages)
    assert team_of(market_window, "Gotrek") == market_window.teams["dwarfs"]
    assert file_treasury(market_window, orcs) == 300_000
    assert page.model.rows()[0].status == "reversed" and not page.reverse_button.isEnabled()


def test_the_transfer_price_follows_a_tribunal_table_edited_in_the_rules_window(qtbot, market_window):
    """Issue 8: a house rule typed into League > Rules changes the very next transfer's price."""
    from tests.ui.rules.test_rules_window import setting_row, type_number

    market_window.rules_action.trigger()
    rules = market_window.rules_window
    qtbot.waitExposed(rules)
    settings = rules.show_table("tribunal").section(())
    type_number(qtbot, settings, setting_row(settings, "per_roll"), 1, 25000)
    rules.close()

    d = Drive(qtbot, market_window)
    d.through_approach(market_window.teams["orcs"], "Gotrek")
    price = d.page
    d.roll(price.reaction_dice, 5, 4)
    d.roll(price.tribunal_dice, 3)
    assert "195,000 gp" in price.price.text()  # 90,000 + 3 rolls x 25,000 (was 10,000) + 3 x 10,000


def test_the_market_fits_the_wizard_with_its_reasons_cut_and_whole_on_hover(qtbot, market_window):
    """Step 1 at the wizard's own size (it fits a 1366x768 laptop): every column on screen, no sideways scroll
    bar; the long "Can be approached?" reason is what narrows, its whole text in the tooltip."""
    d = Drive(qtbot, market_window)
    page = d.page
    QApplication.processEvents()
    view, model = page.view, page.model
    header = view.horizontalHeader()
    assert d.w.height() <= 700
    assert header.length() <= view.viewport().width() + 1 and not view.horizontalScrollBar().isVisible()
    approach = [c.key for c in model.COLUMNS].index("approach")
    blocked = next(r for r in range(model.rowCount()) if not model.row(r).approachable)
    index = model.index(blocked, approach)
    assert index.data(Qt.ItemDataRole.ToolTipRole) and model.row(blocked).problem in index.data(
        Qt.ItemDataRole.ToolTipRole
    )
    name = [c.key for c in model.COLUMNS].index("name")
    assert header.sectionSize(name) >= view.fontMetrics().horizontalAdvance(model.index(0, name).data())
    d.w.reject()


def test_a_deal_under_way_is_not_thrown_away_without_a_question(qtbot, market_window, monkeypatch):
    """Issue 35, item 4: Esc threw the deal away (the approach spent, the typed roll lost) with no question."""
    from PySide6.QtWidgets import QApplication

    from ui.kit import ask

    asked: list[str] = []
    answer = {"close": False}
    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: (asked.append(text), answer["close"])[1])
    d = Drive(qtbot, market_window)
    d.click(Button.CancelButton)  # nothing begun: it closes without a question
    assert not d.w.isVisible() and asked == []
    d = Drive(qtbot, market_window)
    d.through_approach(market_window.teams["orcs"], "Gotrek")
    qtbot.keyClick(d.w, Qt.Key.Key_Escape)
    assert d.w.isVisible() and "The approach stands" in asked[-1]
    d.click(Button.CancelButton)
    d.w.close()
    QApplication.processEvents()
    assert d.w.isVisible() and len(asked) == 3  # Esc, Cancel and the window's close each asked; each kept it open
    answer["close"] = True
    d.click(Button.CancelButton)
    assert not d.w.isVisible()


def test_f1_in_the_transfer_wizard_opens_its_section(qtbot, market_window):
    from tests.ui.kit.test_handbook_sections import press_f1

    assert press_f1(Drive(qtbot, market_window).w).section == "transfers"


def test_the_market_refuses_a_star_player_in_words_naming_him(qtbot, window, tmp_path, market_template, messages):
    """A Star Player typed onto a roster from paper: the wizard's market says he can never be transferred (seed
    001), naming the star, and Next stays disabled."""
    template, teams = market_template
    path = tmp_path / "transfers.dugout"
    shutil.copy(template, path)
    db = open_league(path)
    star = db.ruleset.table("star_players")["stars"][0]["name"]
    with db.write("test: a star written onto a roster") as tx:
        gotrek = tx.session.scalars(select(Player).where(Player.name == "Gotrek")).one()
        # the star's name as his name and his position, as a roster from paper has him
        gotrek.name = gotrek.position = star
    db.close()
    window.open_league_later(path)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    d = Drive(qtbot, window)
    page = d.page
    page.buyer.setCurrentIndex(page.buyer.findData(teams["orcs"]))
    qtbot.keyClicks(page.search, star)
    assert [r.name for r in page.model.rows()] == [star]
    page.view.selectRow(0)
    assert f"{star} cannot be approached" in page.verdict.text()
    assert f"{star} is a Star Player" in page.verdict.text() and "can never be transferred" in page.verdict.text()
    assert not d.w.button(Button.NextButton).isEnabled()
    d.w.resize(1366, 768)
    assert d.w.grab().save("/tmp/transfer_star.png")
    assert messages == []
