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
    from ui.delegates.referee_card_delegate import skills_html

    view = hostile_window.league_view
    view.show_page(view.referees_page)
    card = next(c for c in rq.referee_cards(hostile_window.session.db) if c.name == REFEREE)
    doc = QTextDocument()
    doc.setHtml(skills_html(card))
    assert "<img src=file:///etc/passwd>" in doc.toPlainText()
    view.referees_page.grab().save("/tmp/harden-hostile-cards.png")


def test_the_printed_sheets_show_names_as_typed(hostile_window):
    db = hostile_window.session.db
    ids = tuple(t.id for t in hostile_window.league_view.panel.team_model.rows())
    document = build_document(db, PrintRequest(team_ids=ids, ledgers=True, table=True, referees=True))
    text = ""
    for section in document.sections:
        doc = QTextDocument()
        doc.setHtml(str(section.html))
        text += doc.toPlainText()
    for name in [*TEAMS, PLAYER, REFEREE]:
        assert name in text


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

    from ui.dialogs import ask

    seen = []

    def close_box():
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        seen.append((box.textFormat(), box.text()))
        box.close()

    QTimer.singleShot(0, close_box)
    ask.error(None, "<b>Orcs</b> cannot sign <img src=x>")
    assert seen == [(Qt.TextFormat.PlainText, "<b>Orcs</b> cannot sign <img src=x>")]
