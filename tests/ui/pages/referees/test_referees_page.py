"""The Referees page through the real widgets: cards and table over one model, the match sheet, advancement,
rolls, and the league panel opening a ref's card."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListView

from roster_app.errors import RuleViolation
from roster_app.queries import referees as rq
from roster_app.safety.opening import open_league
from roster_app.services import referees as svc
from tests.helpers import new_fixture, snapshot


@pytest.fixture
def page(open_window):
    view = open_window.league_view
    view.show_page(view.referees_page)
    return view.referees_page


@pytest.fixture
def picks(monkeypatch):
    """The lists the app asks the commissioner to choose from; the first entry is chosen."""
    from ui.kit import ask

    seen: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: (seen.append((label, options)), 0)[1])
    return seen


@pytest.fixture
def fixture(open_window):
    """A fixture waiting for its referee (a friendly of Orcland Raiders and a second team)."""
    return new_fixture(open_window.session.db)


def new_ref(window, name="Hans Pfeiffer", race="Human"):
    return window.session.run(svc.create_referee, name=name, race=race).result


def card_row(page, referee_id):
    return page.model.row(page.model.row_of(referee_id))


def test_the_model_passes_the_model_tester(qtmodeltester, page):
    assert page.model.rowCount() == 8
    qtmodeltester.check(page.model)


def test_one_model_is_shown_as_cards_and_as_a_table(qtbot, open_window, page):
    assert open_window.league_view.tabText(1) == "Referees"
    assert page.card_view.model() is page.table_view.model() is page.model
    assert page.card_view.viewMode() == QListView.ViewMode.IconMode
    assert page.views.currentWidget() is page.card_view
    page.table_action.trigger()
    assert page.views.currentWidget() is page.table_view
    rid = new_ref(open_window)
    page.select_referee(rid)
    page.cards_action.trigger()
    assert page.selected_id() == rid  # the selection follows from one view to the other
    image = page.card_view.grab()
    assert not image.isNull() and image.width() > 600


def test_creating_a_referee_through_the_dialog(qtbot, open_window, page, league_file):
    from ui.pages.referees.referee_dialog import RefereeDialog

    page.new_referee()
    dialog = open_window.findChild(RefereeDialog)
    qtbot.waitExposed(dialog)
    assert not dialog.ok_button.isEnabled()
    dialog.race.setCurrentText("Dwarf")
    assert "MA 4" in dialog.profile.text() and "AV 9" in dialog.profile.text()
    dialog.race.setCurrentText("Chaos")  # a position named with its race is not named twice
    assert "Chaos Beastman:" in dialog.profile.text() and "Chaos Chaos" not in dialog.profile.text()
    dialog.race.setCurrentText("Dwarf")
    qtbot.keyClicks(dialog.name, "Borri Keeneye")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    db = open_league(league_file, read_only=True)
    [borri] = [c for c in rq.referee_cards(db) if c.name == "Borri Keeneye"]
    db.close()
    assert (borri.race, borri.ma, borri.av, borri.spp) == ("Dwarf", 4, 9, 0)
    assert page.selected_id() == borri.id


def test_the_edit_dialog_checks_prerequisites_inline(qtbot, open_window, page):
    from ui.pages.referees.referee_dialog import RefereeDialog

    rid = new_ref(open_window, race="Skaven")
    page.select_referee(rid)
    page.edit_referee()
    dialog = open_window.findChild(RefereeDialog)
    qtbot.waitExposed(dialog)

    def tick(skill):
        for i in range(dialog.skills.count()):
            if dialog.skills.item(i).data(Qt.ItemDataRole.UserRole) == skill:
                dialog.skills.item(i).setCheckState(Qt.CheckState.Checked)

    tick("Horns")
    assert not dialog.ok_button.isEnabled()
    assert "only together with Blitz" in dialog.problem.text()
    tick("Blitz")
    assert dialog.ok_button.isEnabled()
    dialog.equipment["Whistle"].setChecked(True)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    card = card_row(page, rid)
    assert set(card.skill_names) == {"Blitz", "Horns"} and card.equipment_names == ("Whistle",)


def test_ticking_12_turns_and_finishing_gives_the_card_10_spp(
    qtbot, open_window, page, messages, league_file, fixture, picks
):
    from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog

    rid = new_ref(open_window)
    page.select_referee(rid)
    dialog = page.open_sheet()
    assert isinstance(dialog, RefereeSheetDialog)
    qtbot.waitExposed(dialog)
    assert len(dialog.ticks) == 16
    for tick in dialog.ticks[:12]:
        qtbot.mouseClick(tick, Qt.MouseButton.LeftButton)
    assert "12 of 16 turns in range" in dialog.verdict.text() and "Refereeing Award" in dialog.verdict.text()
    assert card_row(page, rid).open_sheet_id is not None
    qtbot.mouseClick(dialog.finish_button, Qt.MouseButton.LeftButton)
    assert messages[-1].startswith("Refereeing Award: 12 of 16 turns in range. +10 SPP.")
    assert "Star Player roll is due" in messages[-1]
    card = card_row(page, rid)
    assert (card.spp, card.awards, card.matches, card.level, card.rolls_due) == (10, 1, 1, "Experienced", 1)
    assert card.open_sheet_id is None
    tip = page.card_index(rid).data(Qt.ItemDataRole.ToolTipRole)
    assert "10 SPP (Experienced); 1 match, 1 award, 0 casualties" in tip
    db = open_league(league_file, read_only=True)
    assert rq.referee_card(db, rid).spp == 10
    db.close()
    open_window.undo_action.trigger()  # the end of the match is one undo step
    assert card_row(page, rid).spp == 0


def test_a_riot_closes_the_turns_not_played(qtbot, open_window, page, fixture, picks):
    rid = new_ref(open_window)
    page.select_referee(rid)
    dialog = page.open_sheet()
    qtbot.mouseClick(dialog.riot, Qt.MouseButton.LeftButton)
    dialog.turns_played.setValue(8)
    assert [t.isEnabled() for t in dialog.ticks] == [True] * 8 + [False] * 8
    assert "Riot ended the match after turn 8" in dialog.ticks[10].toolTip()
    for tick in dialog.ticks[:6]:
        qtbot.mouseClick(tick, Qt.MouseButton.LeftButton)
    assert "6 of 8 turns in range (a Riot)" in dialog.verdict.text()
    assert "Refereeing Award" in dialog.verdict.text()


def test_a_ref_knocked_out_in_the_first_half_comes_back(qtbot, open_window, page, fixture, picks):
    rid = new_ref(open_window)
    page.select_referee(rid)
    dialog = page.open_sheet()
    dialog.state.setCurrentText("knocked out")
    assert "In which turn" in dialog.state_hint.text()
    dialog.out_turn.setValue(3)
    enabled = [t.isEnabled() for t in dialog.ticks]
    assert enabled == [True, True] + [False] * 6 + [True] * 8


def test_get_the_ref_with_escapist_typed_in(qtbot, open_window, page, fixture, picks):
    jorg = next(r.id for r in page.model.rows() if r.name == "Jorg Blackwhistle")
    page.select_referee(jorg)
    dialog = page.open_sheet()
    assert dialog.gtr_dice.isVisibleTo(dialog)
    assert not dialog.gtr_button.isVisibleTo(dialog)  # an Escapist rolls to evade it
    dialog.gtr_dice.type_in([2])
    assert "out for the match" in dialog.gtr_result.text()
    assert not dialog.gtr_dice.isEnabled()  # recorded once
    assert not any(t.isEnabled() for t in dialog.ticks)
    assert "did not referee" in dialog.verdict.text()


def test_get_the_ref_without_escapist_is_one_click_recorded_once(qtbot, open_window, page, fixture, picks):
    rid = new_ref(open_window)
    page.select_referee(rid)
    dialog = page.open_sheet()
    assert dialog.gtr_button.isVisibleTo(dialog) and not dialog.gtr_dice.isVisibleTo(dialog)  # nothing to roll
    dialog.gtr_turn.setValue(5)
    qtbot.mouseClick(dialog.gtr_button, Qt.MouseButton.LeftButton)
    assert "before turn 5" in dialog.gtr_result.text() and "out for the match" in dialog.gtr_result.text()
    assert not dialog.gtr_button.isEnabled() and not dialog.gtr_turn.isEnabled()  # it happened: not again


def test_sacked_refs_cannot_be_chosen_from_the_page(qtbot, open_window, page, messages):
    rid = new_ref(open_window)
    open_window.session.run(svc.edit_referee, referee_id=rid, status="sacked")
    page.select_referee(rid)
    assert not page.sheet_action.isEnabled()
    assert page.open_sheet() is None
    assert messages == ["Hans Pfeiffer was sacked and may never referee in this league again."]
    page.show_gone.setChecked(False)
    assert page.model.row_of(rid) == -1


def test_advancement_through_the_dialog(qtbot, open_window, page):
    rid = new_ref(open_window)
    session = open_window.session
    sheet = session.run(svc.start_match_sheet, referee_id=rid, match_id=new_fixture(session.db)).result
    for turn in range(1, 13):
        session.run(svc.record_sheet, sheet_id=sheet, turn=turn, in_range=True)
    session.run(svc.finish_match, sheet_id=sheet)
    page.select_referee(rid)
    assert page.advance_action.isEnabled()
    dialog = page.advance()
    qtbot.waitExposed(dialog)
    assert not dialog.take_button.isEnabled()
    dialog.dice.type_in([4, 6])
    assert "10" in dialog.result.text()
    assert card_row(page, rid).waiting_roll == 10
    dialog.select_option("stat", "ma")
    qtbot.mouseClick(dialog.take_button, Qt.MouseButton.LeftButton)
    card = card_row(page, rid)
    assert (card.ma, card.rolls_due, card.waiting_roll) == (7, 0, None)
    assert not dialog.dice.isEnabled()


def test_send_off_and_penalty_rolls_are_recorded(qtbot, open_window, page):
    jorg = next(r.id for r in page.model.rows() if r.name == "Jorg Blackwhistle")
    page.select_referee(jorg)
    dialog = page.rolls()
    qtbot.waitExposed(dialog)
    assert dialog.player.count() == 0  # no game: nothing to choose from, and no demo name either
    assert dialog.player.lineEdit().placeholderText() == "Player's number and name"
    qtbot.keyClicks(dialog.player.lineEdit(), "#7 Grak")
    dialog.send_dice.set_faces([4])
    qtbot.mouseClick(dialog.send_dice.use_button, Qt.MouseButton.LeftButton)
    assert "sent off" in dialog.send_result.text()
    dialog.penalty_dice.type_in([3, 4])
    assert "no effect" in dialog.penalty_result.text()
    assert dialog.history.count() == 2
    assert [r.purpose for r in rq.referee_rolls(open_window.session.db, jorg)] == [
        "Whistle penalty",
        "send-off: #7 Grak",
    ]


def test_selecting_a_ref_in_the_league_panel_opens_his_card(qtbot, open_window):
    view = open_window.league_view
    panel = view.panel
    assert view.currentIndex() == 0
    row = next(
        i for i in range(panel.referee_model.rowCount()) if panel.referee_model.row(i).name == "Skritch Quickpaw"
    )
    panel.referee_view.selectRow(row)
    assert view.currentWidget() is view.referees_page
    assert view.referees_page.selected_card().name == "Skritch Quickpaw"
    view.show_page(view.teams_page)
    index = panel.referee_model.index(row, 0)
    qtbot.mouseClick(panel.referee_view.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.referee_view.visualRect(index).center())  # fmt: skip
    assert view.currentWidget() is view.referees_page


def test_the_cards_print_nine_to_an_a4_page(qtbot, open_window, page, messages, monkeypatch, tmp_path):
    from pypdf import PdfReader

    from ui.kit import ask

    for i in range(3):
        new_ref(open_window, name=f"Ref {i}")
    target = tmp_path / "cards"
    monkeypatch.setattr(ask, "save_path", lambda parent, **kw: str(target))
    page.pdf_action.trigger()
    reader = PdfReader(str(tmp_path / "cards.pdf"))
    assert len(reader.pages) == 2  # 11 cards
    first = " ".join(reader.pages[0].extract_text().split())
    assert "Jorg Blackwhistle" in first and "Range: within 11 squares of the ball" in first
    assert messages == [f"11 card(s) on 2 page(s): {target}.pdf"]


def test_each_tick_is_saved_at_once_and_undone_on_its_own(qtbot, open_window, page, league_file, fixture, picks):
    rid = new_ref(open_window)
    page.select_referee(rid)
    dialog = page.open_sheet()
    qtbot.mouseClick(dialog.ticks[0], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.ticks[1], Qt.MouseButton.LeftButton)
    db = open_league(league_file, read_only=True)
    assert rq.sheet_view(db, dialog.sheet_id).ticked == 2  # on disk while the match goes on
    db.close()
    assert open_window.undo_action.text().endswith("match sheet of Hans Pfeiffer: turn 2 in range")
    open_window.undo_action.trigger()
    assert [t.isChecked() for t in dialog.ticks[:3]] == [True, False, False]


def test_discarding_a_sheet_closes_it(qtbot, open_window, page, messages, fixture, picks):
    rid = new_ref(open_window)
    page.select_referee(rid)
    dialog = page.open_sheet()
    with qtbot.waitSignal(dialog.rejected):
        qtbot.mouseClick(dialog.discard_button, Qt.MouseButton.LeftButton)
    assert card_row(page, rid).open_sheet_id is None
    assert page.sheet_action.text() == "Match Sheet…"


def test_a_new_sheet_asks_which_fixture_and_names_it(qtbot, open_window, page, fixture, picks, messages):
    from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog

    rid = new_ref(open_window)
    page.select_referee(rid)
    dialog = page.open_sheet()
    assert picks == [
        ("Which game does Hans Pfeiffer referee?", ["friendly, round 1: Orcland Raiders v Orc Team 2"])
    ]
    assert isinstance(dialog, RefereeSheetDialog)
    assert "Friendly, round 1: Orcland Raiders v Orc Team 2" in dialog.heading.text()
    assert "Orcland Raiders v Orc Team 2" in dialog.windowTitle()
    assert not dialog.link_button.isVisibleTo(dialog)
    dialog.grab().save("/tmp/refsheet_sheet.png")


def test_a_second_sheet_for_a_game_cannot_be_made_from_the_page(
    qtbot, open_window, page, fixture, picks, messages
):
    session = open_window.session
    jorg = next(r.id for r in page.model.rows() if r.name == "Jorg Blackwhistle")
    session.run(svc.start_match_sheet, referee_id=jorg, match_id=fixture)
    rid = new_ref(open_window)
    page.select_referee(rid)
    before = snapshot(session.db)
    assert page.open_sheet() is None
    assert picks == []  # the one fixture has its sheet: nothing to choose from
    assert messages[-1].startswith("Every fixture of this season already has its referee's match sheet")
    with pytest.raises(RuleViolation, match="already a match sheet for friendly, round 1"):
        svc.start_match_sheet(session.db, referee_id=rid, match_id=fixture)
    assert snapshot(session.db) == before


@pytest.mark.parametrize(("name", "status"), [("Hans Pfeiffer", "sacked"), ("Jorg Blackwhistle", "dead")])
def test_the_status_editor_does_not_offer_a_way_back(qtbot, open_window, page, messages, name, status):
    from ui.pages.referees.referee_dialog import RefereeDialog

    new_ref(open_window)
    rid = next(r.id for r in page.model.rows() if r.name == name)
    open_window.session.run(svc.edit_referee, referee_id=rid, status=status)
    page.select_referee(rid)
    page.edit_referee()
    dialog = open_window.findChild(RefereeDialog)
    qtbot.waitExposed(dialog)
    offered = [dialog.status.itemText(i) for i in range(dialog.status.count())]
    assert offered == ["sacked", "dead"] and dialog.status.currentText() == status
    assert not page.recovered_action.isEnabled()
    before = snapshot(open_window.session.db)
    page.mark_recovered()  # even asked directly, the service refuses in words
    assert "undo that change" in messages[-1]
    assert snapshot(open_window.session.db) == before


def test_a_printed_card_is_the_screen_card_without_its_reminders(qtbot, open_window, page, messages, monkeypatch,
                                                                 tmp_path, fixture, picks):  # fmt: skip
    from tests.printing.pdf_text import pdf_pages
    from ui.kit import ask

    rid = new_ref(open_window)
    page.select_referee(rid)
    page.open_sheet().reject()
    assert card_row(page, rid).open_sheet_id is not None  # the screen card says "on a match sheet"
    target = tmp_path / "cards"
    monkeypatch.setattr(ask, "save_path", lambda parent, **kw: str(target))
    page.pdf_action.trigger()
    text = " ".join(pdf_pages(tmp_path / "cards.pdf"))
    assert "Hans Pfeiffer" in text
    assert "match sheet" not in text.lower()
