"""Names with markup, formulas and the full 60 characters show as typed: in the main window, the team header,
the referee cards and the printed sheets (never an image, a live link or an empty header)."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from roster_app.printing.document import PrintRequest, build_document
from roster_app.services import referees as ref_svc
from roster_app.services.league import create_league
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team

LEAGUE = "<img src=x><a href=y>z</a>"
TEAMS = ["<script>alert(1)</script>", '=HYPERLINK("x")', "W" * 60]
PLAYER = "<b>Grak</b> & <i>co</i>"
REFEREE = "<a href=x>Hans</a>"


def shown(label) -> str:
    """What a label shows a reader: its text as plain text, or its rich text as rendered."""
    if label.textFormat() == Qt.TextFormat.PlainText:
        return label.text()
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


@pytest.fixture
def hostile_file(tmp_path):
    path = tmp_path / "hostile.dugout"
    db = create_league(path, name=LEAGUE)
    for name in TEAMS:
        team = add_team(db, name=name, race="Orc", coach=name).result
        hire_player(db, team_id=team, position="Orc Blitzer", name=PLAYER)
    ref_svc.create_referee(db, name=REFEREE, race="Human", description="<img src=file:///etc/passwd>")
    db.close()
    return path


@pytest.fixture
def hostile_window(qtbot, window, hostile_file):
    window.open_league_later(hostile_file)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    return window


def test_the_league_panel_and_team_header_show_names_as_typed(qtbot, hostile_window):
    view = hostile_window.league_view
    assert shown(view.panel.title).startswith(LEAGUE)
    header = view.team_page.header
    for name in TEAMS:
        view.panel.select_team(next(t.id for t in view.panel.team_model.rows() if t.name == name))
        qtbot.waitUntil(lambda n=name: header.title.text() == n)
        assert shown(header.title) == name
    hostile_window.grab().save("/tmp/harden-hostile-window.png")


def test_the_referee_cards_show_names_and_descriptions_as_typed(qtbot, hostile_window):
    from roster_app.queries import referees as rq
    from ui.printing.referee_card import skills_html

    view = hostile_window.league_view
    view.show_page(view.referees_page)
    card = next(c for c in rq.referee_cards(hostile_window.session.db) if c.name == REFEREE)
    doc = QTextDocument()
    doc.setHtml(skills_html(card))
    assert "<img src=file:///etc/passwd>" in doc.toPlainText()
    view.referees_page.grab().save("/tmp/harden-hostile-cards.png")


def test_the_printed_sheets_show_names_as_typed(hostile_window, tmp_path):
    from tests.printing.pdf_text import pdf_pages
    from ui.printing.layout import write_pdf

    db = hostile_window.session.db
    ids = tuple(t.id for t in hostile_window.league_view.panel.team_model.rows())
    document = build_document(db, PrintRequest(team_ids=ids, ledgers=True, table=True, referees=True))
    text = ""
    for section in document.sections:
        doc = QTextDocument()
        doc.setHtml(str(section.html))
        text += doc.toPlainText()
    for name in TEAMS + [PLAYER]:
        assert name in text
    path = tmp_path / "cards.pdf"  # the cards are painted as on screen: their names read back from the PDF
    write_pdf(build_document(db, PrintRequest(referees=True)), path)
    assert REFEREE in " ".join(pdf_pages(path))


def test_a_blob_team_name_is_refused_in_words_without_a_first_look(qtbot, window, messages, hostile_file):
    with sqlite3.connect(hostile_file) as conn:
        conn.execute("UPDATE team SET name = CAST(name AS BLOB) WHERE id = 1")
    window.open_league_later(hostile_file)
    window.show()
    qtbot.waitUntil(lambda: bool(messages), timeout=10_000)
    assert any("cannot be read" in m for m in messages)


def test_messages_show_names_as_typed(qtbot):
    """QMessageBox guesses rich text from a tag: every message of ask.py is plain text."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ui.kit import ask

    seen = []

    def close_box():
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        seen.append((box.textFormat(), box.text()))
        box.close()

    QTimer.singleShot(0, close_box)
    ask.error(None, "<b>Orcs</b> cannot sign <img src=x>")
    assert seen == [(Qt.TextFormat.PlainText, "<b>Orcs</b> cannot sign <img src=x>")]


# A league whose every name is hostile, walked page by page, wizard by wizard: see tests/ui/hostile.py.


@pytest.fixture
def hostile_league(qtbot, window, tmp_path):
    from tests.ui.hostile import build_hostile_league

    window.open_league_later(build_hostile_league(tmp_path / "hostile season.dugout"))
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    return window


def test_every_page_of_the_main_window_shows_names_as_typed(qtbot, hostile_league):
    from tests.ui.hostile import TEAMS, markers_shown, names_not_as_typed

    view = hostile_league.league_view
    wrong, seen = [], set()
    for team in view.panel.team_model.rows():
        view.panel.select_team(team.id)
        for index in range(view.team_page.tabs.count()):
            view.team_page.tabs.setCurrentIndex(index)
            wrong += names_not_as_typed(hostile_league)
            seen |= markers_shown(hostile_league)
    for index in range(view.count()):
        view.setCurrentIndex(index)
        wrong += names_not_as_typed(hostile_league)
        seen |= markers_shown(hostile_league)
        hostile_league.grab().save(f"/tmp/escape2-page-{index}.png")
    assert sorted(set(wrong)) == [], "\n".join(sorted(set(wrong)))
    assert {"ZqLeague", "ZqRef", "ZqOrcs", "ZqCoachO", "ZqP0n1"} <= seen, seen
    assert len(TEAMS) == 4


def _fixture_of(window, played: bool = False):
    from roster_app.queries import season as sq
    from roster_app.services.season import generate_season
    from tests.season_helpers import report

    session = window.session
    generate_season(session.db)
    fixture = sq.fixtures(session.db)[0]
    if played:
        report(session.db, fixture.id, 1, 0)
    session.changed.emit({"match"})
    window.league_view.show_page(window.league_view.season_page)
    window.league_view.season_page.select_fixture(fixture.id)
    return fixture


def test_the_pre_match_wizard_shows_names_as_typed(qtbot, hostile_league):
    from tests.ui.hostile import walk_wizard
    from ui.sequences.prematch.wizard import PageId

    _fixture_of(hostile_league)
    wizard = hostile_league.league_view.season_page.pre_match(start=PageId.FREEBOOTERS)
    qtbot.waitExposed(wizard)
    wrong, seen, titles = walk_wizard(qtbot, wizard)
    assert wrong == [], "\n".join(wrong)
    assert titles[-1] == "Ready for kick-off" and len(titles) >= 3, titles
    assert {"ZqOrcs", "ZqElves", "ZqRef"} <= seen, seen


def test_the_post_match_wizard_shows_names_as_typed(qtbot, hostile_league):
    from tests.ui.hostile import walk_wizard
    from ui.sequences.postmatch.wizard import PostMatchWizard

    fixture = _fixture_of(hostile_league, played=True)
    wizard = PostMatchWizard(hostile_league.session, fixture.id, hostile_league)
    wizard.show()
    qtbot.waitExposed(wizard)
    wrong, seen, titles = walk_wizard(qtbot, wizard)
    assert wrong == [], "\n".join(wrong)
    assert len(titles) >= 4, titles


def test_the_transfer_wizard_shows_names_as_typed(qtbot, hostile_league):
    from tests.helpers import after_match
    from tests.ui.hostile import walk_wizard

    session = hostile_league.session
    buyer, seller = (t.id for t in hostile_league.league_view.panel.team_model.rows()[:2])
    after_match(session.db, buyer, step="purchases", opponent=seller)  # the buyer may buy now
    session.reload()
    hostile_league.transfer_action.trigger()
    wizard = hostile_league.league_view.transfers_page.wizard
    qtbot.waitExposed(wizard)
    page = wizard.currentPage()
    page.buyer.setCurrentIndex(page.buyer.findData(buyer))
    page.view.selectRow(next(r for r in range(page.model.rowCount()) if page.model.row(r).approachable))
    wrong, seen, titles = walk_wizard(qtbot, wizard)
    assert wrong == [], "\n".join(wrong)
    assert len(titles) >= 5, titles


def test_the_match_pad_shows_names_as_typed(qtbot, hostile_league, monkeypatch):
    from tests.ui.hostile import REFEREE, markers_shown, names_not_as_typed
    from ui.kit import ask
    from ui.sequences.match_pad.registry import OPEN

    fixture = _fixture_of(hostile_league)
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: next(
        i for i, o in enumerate(options) if o.startswith(REFEREE)))  # fmt: skip
    page = hostile_league.league_view.season_page
    page.pad_action.trigger()
    pad = OPEN[fixture.id]
    qtbot.waitExposed(pad)
    try:
        wrong = names_not_as_typed(pad)
        pad.grab().save("/tmp/escape2-pad.png")
        assert wrong == [], "\n".join(wrong)
        assert {"ZqRef"} <= markers_shown(pad)
    finally:
        OPEN.pop(fixture.id, None)


def test_the_dialogs_show_names_as_typed(qtbot, hostile_league, monkeypatch):
    """The fixture, hire, referee sheet, referee rolls and advance, correction and print dialogs."""
    from roster_app.queries import referees as rq
    from tests.ui.hostile import REFEREE, markers_shown, names_not_as_typed
    from ui.kit import ask
    from ui.pages.referees.referee_advance_dialog import RefereeAdvanceDialog
    from ui.pages.season.fixture_dialogs import AddFixtureDialog, GenerateSeasonDialog
    from ui.pages.team.correction_dialog import CorrectionDialog
    from ui.printing.print_choice_dialog import PrintChoiceDialog
    from ui.roster.hire_dialog import HireDialog
    from ui.sequences.referee_sheet.rolls_dialog import RefereeRollsDialog

    session = hostile_league.session
    teams = hostile_league.league_view.panel.team_model.rows()
    fixture = _fixture_of(hostile_league)
    monkeypatch.setattr(ask, "pick", lambda parent, label, options, **kw: next(
        i for i, o in enumerate(options) if o.startswith(REFEREE)))  # fmt: skip
    sheet = hostile_league.league_view.season_page.referee_sheet()
    referee = next(c for c in rq.referee_cards(session.db) if c.name == REFEREE).id
    dialogs = [GenerateSeasonDialog(session, hostile_league), AddFixtureDialog(session, 1, hostile_league),
               HireDialog(session, teams[0].id, hostile_league), sheet,
               RefereeRollsDialog(session, referee, parent=hostile_league),
               RefereeAdvanceDialog(session, referee, hostile_league),
               CorrectionDialog(session, hostile_league, team_id=teams[0].id),
               PrintChoiceDialog(teams, teams[0].id, parent=hostile_league)]  # fmt: skip
    wrong, seen = [], set()
    for dialog in dialogs:
        dialog.show()
        wrong += names_not_as_typed(dialog)
        seen |= markers_shown(dialog)
        dialog.grab().save(f"/tmp/escape2-{type(dialog).__name__}.png")
        dialog.close()
    assert fixture is not None and sorted(set(wrong)) == [], "\n".join(sorted(set(wrong)))
    assert {"ZqOrcs", "ZqElves", "ZqRef"} <= seen, seen


def test_input_dialogs_show_their_question_as_typed(qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog, QLabel

    from ui.kit import ask

    seen = []

    def answer():
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QInputDialog) and w.isVisible())
        seen.append([(label.textFormat(), label.text()) for label in box.findChildren(QLabel)])
        box.accept()

    QTimer.singleShot(0, answer)
    assert ask.pick(None, "Who referees <b>Orcs</b> v <img src=x>?", ["<a href=y>Hans</a>"]) == 0
    QTimer.singleShot(0, answer)
    assert ask.number(None, "Move <b>Orcs</b> to round:", value=3, minimum=1, maximum=9) == 3
    QTimer.singleShot(0, answer)
    assert ask.text(None, "Rename &amp; <i>Elves</i>:", value="x") == "x"
    plain = Qt.TextFormat.PlainText
    assert seen == [[(plain, "Who referees <b>Orcs</b> v <img src=x>?")], [(plain, "Move <b>Orcs</b> to round:")],
                    [(plain, "Rename &amp; <i>Elves</i>:")]]  # fmt: skip


def test_the_undo_action_and_the_recent_leagues_show_an_ampersand_as_typed(qtbot, hostile_window, tmp_path):
    """In a menu "&" marks the shortcut letter: "Tom & Jerry" showed as "Tom _Jerry" in Edit > Undo."""
    window = hostile_window
    team = window.league_view.current_team_id()
    window.session.run(hire_player, team_id=team, position="Orc Lineman", name="Tom & Jerry")
    action = window.undo_action
    assert action.text() == "&Undo hire of Tom && Jerry, Orc Lineman"
    odd = tmp_path / "Salt & Pepper Cup.dugout"
    create_league(odd, name="Salt & Pepper").close()
    window.open_league(odd)
    window._fill_recent()
    texts = [a.text() for a in window.recent_menu.actions()]
    assert str(odd).replace("&", "&&") in texts


def test_the_competitions_tab_and_a_new_tournament_show_names_as_typed(qtbot, hostile_league):
    """A cup named with markup, drawn among the hostile teams: its list, summary, standing and bracket (painted
    text), and the New Tournament dialog's entrants."""
    from roster_app.services.competitions import create_competition, draw_competition
    from tests.ui.hostile import CUP, markers_shown, names_not_as_typed
    from ui.pages.season.competitions_panel import NewTournamentDialog

    session = hostile_league.session
    teams = [t.id for t in hostile_league.league_view.panel.team_model.rows()]
    cup = session.run(create_competition, name=CUP, format="knockout", team_ids=teams).result
    session.run(draw_competition, competition_id=cup, seeding="draw", faces=[1, 2, 3, 4])
    page = hostile_league.league_view.season_page
    hostile_league.league_view.show_page(page)
    page.views.setCurrentWidget(page.competitions)
    panel = page.competitions
    qtbot.waitUntil(lambda: any("ZqCup" in panel.list.item(i).text() for i in range(panel.list.count())))
    panel.list.setCurrentRow(next(i for i in range(panel.list.count()) if "ZqCup" in panel.list.item(i).text()))
    wrong = names_not_as_typed(panel)
    seen = markers_shown(panel)
    panel.grab().save("/tmp/escape2-competitions.png")
    dialog = NewTournamentDialog(session, hostile_league)
    dialog.show()
    wrong += names_not_as_typed(dialog)
    seen |= markers_shown(dialog)
    dialog.close()
    assert sorted(set(wrong)) == [], "\n".join(sorted(set(wrong)))
    assert {"ZqCup", "ZqOrcs", "ZqElves"} <= seen, seen
