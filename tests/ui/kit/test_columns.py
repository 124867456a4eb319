"""Columns sized to their content, cut text whole in a tooltip, widths kept per table (issue 22)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QStyleOptionViewItem, QToolTip

from tests.helpers import add_player, team_id


def columns_width(view) -> int:
    header = view.horizontalHeader()
    return sum(header.sectionSize(c) for c in range(header.count()))


def test_a_new_teams_roster_keeps_every_column_on_screen(qtbot, open_window):
    open_window.resize(1366, 768)
    qtbot.wait(10)
    view = open_window.league_view.team_page.roster_view
    model = view.model()
    header = view.horizontalHeader()
    assert model.rowCount() == 0
    assert header.sectionSize(model.column_index("ma")) < 60  # not as wide as Name
    for key in ("spp", "value", "contract"):
        assert header.sectionViewportPosition(model.column_index(key)) + 20 < view.viewport().width(), key


def test_skills_are_not_cut_when_there_is_room(qtbot, open_window):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    add_player(db, tid, "Black Orc Blocker", "Grak", skills=["Block", "Dodge", "Mighty Blow"])
    open_window.resize(1920, 1080)
    open_window.session.changed.emit(None)
    page = open_window.league_view.team_page
    page.show_team(tid)
    view, model = page.roster_view, page.roster_model
    column = model.column_index("skills")
    text = model.index(0, column).data()
    assert "Mighty Blow" in text
    assert view.horizontalHeader().sectionSize(column) > view.fontMetrics().horizontalAdvance(text)


def test_a_cut_cell_shows_its_whole_text_in_a_tooltip(qtbot, open_window):
    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    add_player(db, tid, "Black Orc Blocker", "Grak", skills=["Block", "Dodge", "Mighty Blow", "Guard"])
    open_window.session.changed.emit(None)
    page = open_window.league_view.team_page
    page.show_team(tid)
    view, model = page.roster_view, page.roster_model
    index = model.index(0, model.column_index("name"))  # a column without a tooltip of its own
    view.horizontalHeader().resizeSection(index.column(), 24)
    option = QStyleOptionViewItem()
    option.rect = view.visualRect(index)
    option.fontMetrics = view.fontMetrics()
    event = QHelpEvent(
        QEvent.Type.ToolTip, option.rect.center(), view.viewport().mapToGlobal(option.rect.center())
    )
    assert view.itemDelegate().helpEvent(event, view, option, index)
    assert QToolTip.text() == "Grak"
    QToolTip.hideText()


def test_a_columns_width_is_remembered(qtbot, open_window, settings):
    from ui.mainwindow.window import MainWindow

    view = open_window.league_view.team_page.roster_view
    column = view.model().column_index("name")
    view.horizontalHeader().resizeSection(column, 233)
    view.column_widths.remember()  # what a drag of the header's edge ends with
    assert settings.value("tables/RosterModel/widths")
    again = MainWindow(settings)
    qtbot.addWidget(again)
    again.open_league_later(open_window.session.db.path)
    open_window.close_league()
    with qtbot.waitSignal(again.league_shown, timeout=10_000):
        again.show()
    assert again.league_view.team_page.roster_view.horizontalHeader().sectionSize(column) == 233


def test_referee_names_fit_the_side_list(qtbot, open_window):
    panel = open_window.league_view.panel
    view, model = panel.referee_view, panel.referee_model
    qtbot.wait(10)
    widest = max(view.fontMetrics().horizontalAdvance(model.index(r, 0).data()) for r in range(model.rowCount()))
    assert view.horizontalHeader().sectionSize(0) > widest
    assert "," in model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)  # "Name, Race"


def test_the_rules_windows_values_are_in_sight(qtbot, open_window):
    open_window.show_rules()
    window = open_window.rules_window
    page = window.show_table("referee_rules")
    window.show()
    qtbot.waitExposed(window)
    settings = page.section(())
    view = settings.view
    index = view.model().index(0, 1)
    rect = view.visualRect(index)
    assert index.data() and rect.right() <= view.viewport().width(), (rect, view.viewport().width())
    assert view.viewport().rect().contains(QPoint(rect.right() - 2, rect.center().y()))


def test_the_transfers_history_shows_date_player_from_and_to_whole(qtbot, window, night_file, tmp_path):
    import shutil

    window.open_league_later(shutil.copy(night_file, tmp_path / "night.dugout"))
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    window.resize(1366, 768)
    view = window.league_view
    view.show_page(view.transfers_page)
    qtbot.wait(10)
    table, model = view.transfers_page.view, view.transfers_page.model
    assert model.rowCount()
    header = table.horizontalHeader()
    for key in ("when", "player", "seller", "buyer"):
        column = [c.key for c in model.COLUMNS].index(key)
        text = model.index(0, column).data()
        assert header.sectionSize(column) > table.fontMetrics().horizontalAdvance(text), (key, text)
        assert header.sectionViewportPosition(column) + header.sectionSize(column) <= table.viewport().width()


def test_at_1366_the_rosters_status_stays_on_screen_and_skills_do_not_narrow_alone(qtbot, open_window):
    from ui.kit.tables import ELASTIC_LEAST

    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    for n, skills in enumerate((["Block", "Dodge", "Mighty Blow", "Guard", "Tackle"], ["Block"], [])):
        add_player(db, tid, "Black Orc Blocker", f"Grak {n}", skills=skills, spp=40)  # an Emerging Star
    open_window.resize(1366, 768)
    open_window.session.changed.emit(None)
    page = open_window.league_view.team_page
    page.show_team(tid)
    qtbot.wait(10)
    view, model = page.roster_view, page.roster_model
    header = view.horizontalHeader()
    status = model.column_index("status")
    assert header.sectionViewportPosition(status) + header.sectionSize(status) <= view.viewport().width()
    skills, level = model.column_index("skills"), model.column_index("level")
    assert header.sectionSize(skills) > ELASTIC_LEAST
    assert header.sectionSize(level) < view.column_widths._content[level]  # Level gave its share too


def test_a_hidden_tabs_table_is_sized_when_first_shown(qtbot, open_window):
    """Opening a league does not measure the tables of tabs not yet looked at (the Ledger's, ~50 ms when long)."""
    from roster_app.services.common import post
    from roster_app.store.models import Team

    db = open_window.session.db
    tid = team_id(db, "Orcland Raiders")
    with db.write() as tx:
        post(
            tx.session,
            tx.session.get(Team, tid),
            12_345,
            kind="winnings",
            reason="A long reason for a ledger row, to be measured",
        )
        tx.label = "gold"
    page = open_window.league_view.team_page
    page.show_team(tid)
    view = page.ledger_view
    assert not view.isVisible() and view.column_widths._fit_when_shown
    reason = [c.key for c in view.model().COLUMNS].index("reason")
    before = view.horizontalHeader().sectionSize(reason)
    page.tabs.setCurrentWidget(view)
    qtbot.waitUntil(view.isVisible)
    assert not view.column_widths._fit_when_shown
    assert view.horizontalHeader().sectionSize(reason) > before


def test_a_column_dragged_wider_is_remembered(qtbot, open_window, settings):
    """The header's viewport is watched from the first time the mouse enters the table (ui.kit.tables.Table)."""
    from PySide6.QtTest import QTest

    view = open_window.league_view.team_page.roster_view
    header = view.horizontalHeader()
    column = view.model().column_index("name")
    edge = QPoint(header.sectionViewportPosition(column) + header.sectionSize(column) - 1, header.height() // 2)
    before = header.sectionSize(column)
    QTest.mouseMove(view.viewport(), QPoint(5, 5))  # the mouse comes in over the rows, then to the header
    QTest.mouseMove(header.viewport(), edge)
    QTest.mousePress(header.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, edge)
    QTest.mouseMove(header.viewport(), edge + QPoint(40, 0))
    QTest.mouseRelease(header.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       edge + QPoint(40, 0))  # fmt: skip
    assert header.sectionSize(column) > before
    assert settings.value("tables/RosterModel/widths")[column] in (
        header.sectionSize(column),
        str(header.sectionSize(column)),
    )


def test_the_team_list_fits_its_races_and_counts_again_when_they_change(qtbot, open_window):
    """The side list's columns after the first are as wide as Qt's ResizeToContents would make them, measured
    when the rows change (ui.kit.tables.ContentColumns)."""
    import dataclasses

    view = open_window.league_view.panel.team_view
    model, header = view.model(), view.horizontalHeader()

    def content(column: int) -> int:
        return max(view.sizeHintForColumn(column), header.sectionSizeHint(column))

    assert [header.sectionSize(c) for c in (1, 2)] == [content(1), content(2)]
    rows = model.rows()
    model.set_rows([dataclasses.replace(rows[0], race="Chaos Chosen of the Northern Wastes"), *rows[1:]])
    assert header.sectionSize(1) == content(1) > view.fontMetrics().horizontalAdvance("Chaos Chosen of the")
