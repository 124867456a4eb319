"""League > Rules: every table shown and edited through real editors; refusals name the rows; undo; files."""

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox

from roster_app.rules.dicetables import check_ranges
from roster_app.rules.ruleset import TABLES
from roster_app.rules.spp import star_player_rolls
from roster_app.rules.transfers import tribunal_price
from roster_app.safety.opening import open_league
from roster_app.services.players import hire_player, update_player
from tests.conftest import file_digest
from tests.helpers import snapshot, team_id, treasury
from tests.ui.roster.test_roster_editing import press_enter
from ui.kit.checklist_editor import ChecklistEditor


@pytest.fixture
def rules(qtbot, open_window):
    open_window.rules_action.trigger()
    window = open_window.rules_window
    qtbot.waitExposed(window)
    return window


def column(widget, key):
    return next(i for i, f in enumerate(widget.section.fields) if f.key == key)


def setting_row(widget, key):
    return next(i for i, f in enumerate(widget.section.fields) if f.key == key)


def open_editor(widget, row, col):
    """Open a cell's editor and return it."""
    index = widget.model.index(row, col)
    widget.view.setCurrentIndex(index)
    widget.view.edit(index)
    return widget.view.indexWidget(index)


def type_number(qtbot, widget, row, col, value):
    """Type a number into a cell's spin box and press Enter (as a commissioner would)."""
    editor = open_editor(widget, row, col)
    assert isinstance(editor, QSpinBox)
    editor.lineEdit().selectAll()
    qtbot.keyClicks(editor.lineEdit(), str(value))
    press_enter(qtbot, widget.view, editor)


def badge(rules, key):
    model = rules.table_model
    return model.data(model.index(model.row_for_key(key), 1))


def value_in_file(path, key):
    db = open_league(path, read_only=True)
    try:
        return db.ruleset.table(key)
    finally:
        db.close()


def test_the_rules_window_lists_every_table_with_where_it_comes_from(rules):
    model = rules.table_model
    assert [model.row(i).title for i in range(model.rowCount())] == list(TABLES.values())
    assert {badge(rules, key) for key in TABLES} == {"from the article", "from LRB 4.0", "from LRB 5",
                                                     "league default", "from LRB 6", "league's own"}  # fmt: skip
    rules.show_table("economy")  # LRB 4.0's economy: no public source gives it, the league's own stands in
    assert "The league's own (no public source gives these figures; they stand in)" in rules.note.text()
    assert (badge(rules, "referee_rules"), badge(rules, "races"), badge(rules, "tribunal")) == (
        "from the article", "from LRB 4.0", "league default")  # fmt: skip
    rules.show_table("races")
    assert "From LRB 4.0 (as FUMBBL's game client has it)" in rules.note.text()  # issue 35: in words
    assert "93b5e46" not in rules.note.text() and "christerk/ffb" in rules.note.toolTip()
    rules.show_table("tribunal")
    assert "League default: named by the articles but not printed, so Dugout made one up" in rules.note.text()
    for key, title in TABLES.items():
        page = rules.show_table(key)
        assert rules.heading.text() == title
        assert page.sections and all(w.model.rowCount() for w in page.sections)


def test_every_model_passes_the_model_tester(qtmodeltester, rules):
    qtmodeltester.check(rules.table_model)
    for key in TABLES:
        page = rules.show_table(key)
        for widget in [*page.sections, *page.details.values()]:
            qtmodeltester.check(widget.model)


def test_the_next_transfer_price_follows_a_tribunal_table_edited_in_the_window(
    qtbot, open_window, rules, league_file
):
    db = open_window.session.db
    pid = open_window.session.run(hire_player, team_id=team_id(db, "Orcland Raiders"), position="Orc Lineman",
                                  name="Ugrub").result  # fmt: skip
    open_window.session.run(update_player, player_id=pid, field="spp", value=16)
    rolls, cost, die = star_player_rolls(16, db.ruleset), db.ruleset.position("Orc", "Orc Lineman").cost, 4
    assert tribunal_price(cost, rolls, die, ruleset=db.ruleset) == 50_000 + 2 * 10_000 + 4 * 10_000

    settings = rules.show_table("tribunal").section(())
    type_number(qtbot, settings, setting_row(settings, "per_roll"), 1, 25000)

    assert tribunal_price(cost, rolls, die, ruleset=db.ruleset) == 50_000 + 2 * 25_000 + 4 * 10_000
    assert value_in_file(league_file, "tribunal")["per_roll"] == 25_000
    assert settings.model.data(settings.model.index(setting_row(settings, "per_roll"), 1)) == "25,000 gp"
    assert badge(rules, "tribunal") == "house rule" and rules.badge.text() == "house rule"
    assert rules.undo_action.text() == "Undo Tribunal Table: per star player roll 25,000 gp"

    rules.undo_action.trigger()
    assert tribunal_price(cost, rolls, die, ruleset=db.ruleset) == 50_000 + 2 * 10_000 + 4 * 10_000
    assert badge(rules, "tribunal") == "league default"
    assert "Based on: League default" not in rules.note.text()


def test_player_reaction_modifiers_read_as_words_not_keys(rules):
    modifiers = rules.show_table("player_reaction").section(("modifiers",))
    shown = [modifiers.model.data(modifiers.model.index(r, 0)) for r in range(modifiers.model.rowCount())]
    assert shown == ["The buyer's team rating is higher", "The buyer's fan factor is higher",
                     "The player is under contract"]  # fmt: skip


@pytest.mark.parametrize(
    ("row", "key", "value", "words"),
    [
        (1, "to", 11, "Star Player Table, rows 2 and 3 (10-11, 11): the ranges overlap at 11"),
        (0, "from", 3, "Star Player Table, row 1 (3-9): no row covers a roll of 2"),
    ],
)
def test_ranges_that_overlap_or_leave_a_gap_are_refused_naming_the_rows(
    qtbot, open_window, rules, messages, league_file, row, key, value, words
):
    before, digest = snapshot(open_window.session.db), file_digest(league_file)
    table = rules.show_table("star_player_table").section(("rows",))
    shown = table.model.data(table.model.index(row, column(table, key)))
    type_number(qtbot, table, row, column(table, key), value)
    assert any(words in m and "Nothing was changed" in m for m in messages), messages
    assert snapshot(open_window.session.db) == before and file_digest(league_file) == digest
    assert table.model.data(table.model.index(row, column(table, key))) == shown
    assert badge(rules, "star_player_table") == "league default"  # lrb4: the 3rd-edition table, made up


def test_where_a_row_ends_the_next_one_starts(qtbot, open_window, rules):
    table = rules.show_table("player_reaction").section(("rows",))
    type_number(qtbot, table, 0, column(table, "to"), 6)
    rows = open_window.session.db.ruleset.table("player_reaction")["rows"]
    assert [(r["from"], r["to"]) for r in rows] == [(None, 6), (7, 8), (9, None)]
    assert table.model.data(table.model.index(1, column(table, "from"))) == "7"
    rules.undo_action.trigger()
    assert table.model.data(table.model.index(1, column(table, "from"))) == "6"


def test_an_open_ended_bound_is_the_lowest_value_of_its_spin_box(qtbot, open_window, rules):
    table = rules.show_table("player_table").section(("rows",))
    col = column(table, "from")
    assert table.model.data(table.model.index(0, col)) == "open"
    type_number(qtbot, table, 0, col, 1)
    assert open_window.session.db.ruleset.table("player_table")["rows"][0]["from"] == 1
    editor = open_editor(table, 0, col)
    assert editor.specialValueText() == "open"
    editor.setValue(editor.minimum())
    press_enter(qtbot, table.view, editor)
    assert open_window.session.db.ruleset.table("player_table")["rows"][0]["from"] is None


def test_rows_are_added_by_splitting_and_removed_into_their_neighbour(qtbot, open_window, rules):
    db = open_window.session.db
    table = rules.show_table("reserve_team_table").section(("rows",))
    table.select_row(2)
    table.buttons["add"].click()
    rows = db.ruleset.table("reserve_team_table")["rows"]
    assert [(r["from"], r["to"], r["result"]) for r in rows] == [(1, 2, "nothing"), (3, 4, "promising"),
                                                                 (5, 5, "player"), (6, 6, "player")]  # fmt: skip
    assert table.current_row() == 3 and table.model.rowCount() == 4
    table.select_row(1)
    table.buttons["remove"].click()
    rows = db.ruleset.table("reserve_team_table")["rows"]
    check_ranges("Reserve Team Table", rows, "D6")
    assert [(r["from"], r["to"]) for r in rows] == [(1, 4), (5, 5), (6, 6)]


def test_a_row_with_no_room_to_split_says_so(qtbot, open_window, rules, messages):
    before = snapshot(open_window.session.db)
    table = rules.show_table("rookie_table").section(("rows",))
    table.select_row(0)
    table.buttons["add"].click()
    assert any("Row 1 (1) covers a single result" in m for m in messages)
    assert snapshot(open_window.session.db) == before


def test_a_choice_is_made_in_a_combo_box(qtbot, open_window, rules):
    table = rules.show_table("rookie_table").section(("rows",))
    editor = open_editor(table, 4, column(table, "stat"))
    assert isinstance(editor, QComboBox)
    assert [editor.itemText(i) for i in range(editor.count())] == ["none", "ma", "st", "ag", "av"]
    editor.setCurrentIndex(editor.findData("av"))
    press_enter(qtbot, table.view, editor)
    assert open_window.session.db.ruleset.table("rookie_table")["rows"][4]["stat"] == "av"


def test_a_yes_no_setting_is_a_check_box(open_window, rules):
    races = rules.show_table("races").section(("races",))
    orc = next(i for i in range(races.model.rowCount()) if races.model.entry(i)["name"] == "Orc")
    index = races.model.index(orc, column(races, "reserves"))
    assert races.model.flags(index) & Qt.ItemFlag.ItemIsUserCheckable
    assert races.model.setData(index, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert open_window.session.db.ruleset.race("Orc").reserves is False


def test_skill_access_of_a_position_is_a_checklist_of_categories(qtbot, open_window, rules):
    page = rules.show_table("races")
    races, positions = page.section(("races",)), page.section(("positions",))
    races.select_row(next(i for i in range(races.model.rowCount()) if races.model.entry(i)["name"] == "Orc"))
    assert "of Orc" in positions.title.text()
    blitzer = next(
        i for i in range(positions.model.rowCount()) if positions.model.entry(i)["name"] == "Orc Blitzer"
    )
    col = column(positions, "normal")
    editor = open_editor(positions, blitzer, col)
    assert isinstance(editor, ChecklistEditor)
    assert editor.values() == ["General", "Strength"]
    editor.item_for("Agility").setCheckState(Qt.CheckState.Checked)
    press_enter(qtbot, positions.view, editor.list)
    assert open_window.session.db.ruleset.position("Orc", "Orc Blitzer").normal == (
        "General",
        "Strength",
        "Agility",
    )


def test_renaming_a_skill_a_position_starts_with_is_refused(qtbot, open_window, rules, messages):
    before = snapshot(open_window.session.db)
    skills = rules.show_table("skills").section(("skills",))
    editor = open_editor(skills, 0, column(skills, "name"))
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "Blocking")
    press_enter(qtbot, skills.view, editor)
    assert any("'Block' is not a skill of the Skills table" in m for m in messages), messages
    assert snapshot(open_window.session.db) == before


def test_the_next_hire_costs_what_the_team_list_says(qtbot, open_window, rules):
    db = open_window.session.db
    page = rules.show_table("races")
    races, positions = page.section(("races",)), page.section(("positions",))
    races.select_row(next(i for i in range(races.model.rowCount()) if races.model.entry(i)["name"] == "Orc"))
    type_number(qtbot, positions, 0, column(positions, "cost"), 55000)
    assert positions.model.entry(0)["name"] == "Orc Lineman"
    tid = team_id(db, "Orcland Raiders")
    assert open_window.session.run(hire_player, team_id=tid, position="Orc Lineman", name="Snaga") is not None
    assert treasury(db, tid) == 1_000_000 - 55_000


def test_reset_to_default_puts_the_table_back(qtbot, open_window, rules):
    db = open_window.session.db
    settings = rules.show_table("gate").section(())
    type_number(qtbot, settings, setting_row(settings, "per_die"), 1, 2000)
    assert rules.reset_button.isEnabled() and rules.badge.text() == "house rule"
    rules.reset_button.click()
    assert db.ruleset.table("gate")["per_die"] == 1000
    assert not rules.reset_button.isEnabled() and rules.badge.text() == "league default"
    assert settings.model.data(settings.model.index(setting_row(settings, "per_die"), 1)) == "1000"


def test_export_then_import_through_the_window(qtbot, open_window, rules, monkeypatch, tmp_path):
    from ui.kit import ask

    db = open_window.session.db
    exported = tmp_path / "house rules"
    monkeypatch.setattr(ask, "save_path", lambda *a, **k: str(exported))
    rules.export_button.click()
    path = tmp_path / "house rules.json"
    assert json.loads(path.read_text())["tables"]["tribunal"]["per_roll"] == 10_000
    before = dict(db.ruleset.tables)

    settings = rules.show_table("tribunal").section(())
    type_number(qtbot, settings, setting_row(settings, "per_roll"), 1, 30000)
    monkeypatch.setattr(ask, "open_path", lambda *a, **k: str(path))
    rules.import_button.click()
    assert dict(db.ruleset.tables) == before
    assert "Tribunal Table" in rules.status.text()
    assert settings.model.data(settings.model.index(setting_row(settings, "per_roll"), 1)) == "10,000 gp"


def test_import_through_the_window_reads_a_file_with_a_byte_order_mark(qtbot, open_window, rules, monkeypatch,
                                                                        tmp_path, messages):  # fmt: skip
    """Issue 36: League > Rules > Import refused a file saved by Windows Notepad (UTF-8 with a byte-order mark)."""
    from ui.kit import ask

    db = open_window.session.db
    path = tmp_path / "notepad.json"
    monkeypatch.setattr(ask, "save_path", lambda *a, **k: str(path))
    rules.export_button.click()
    document = json.loads(path.read_text())
    document["tables"]["tribunal"]["per_roll"] = 20_000
    path.write_text(json.dumps(document), encoding="utf-8-sig")
    monkeypatch.setattr(ask, "open_path", lambda *a, **k: str(path))
    rules.import_button.click()
    assert not messages, messages
    assert db.ruleset.table("tribunal")["per_roll"] == 20_000
    assert "Tribunal Table" in rules.status.text()


def test_a_broken_import_is_refused_with_the_row_named_and_nothing_changes(
    qtbot, open_window, rules, monkeypatch, tmp_path, messages, league_file
):
    from ui.kit import ask

    path = tmp_path / "broken.json"
    monkeypatch.setattr(ask, "save_path", lambda *a, **k: str(path))
    rules.export_button.click()
    document = json.loads(path.read_text())
    document["tables"]["player_reaction"]["rows"][1]["from"] = 5
    path.write_text(json.dumps(document))
    before, digest = snapshot(open_window.session.db), file_digest(league_file)
    monkeypatch.setattr(ask, "open_path", lambda *a, **k: str(path))
    rules.import_button.click()
    assert any("Player Reaction Table and modifiers, rows 1 and 2" in m and "overlap at 5" in m for m in messages)
    assert snapshot(open_window.session.db) == before and file_digest(league_file) == digest


def test_a_read_only_league_shows_its_rules_but_changes_nothing(qtbot, window, league_file):
    window.open_league_later(league_file, read_only=True)
    with qtbot.waitSignal(window.league_shown, timeout=10_000):
        window.show()
    window.rules_action.trigger()
    rules = window.rules_window
    page = rules.show_table("reserve_coaches")
    coaches = page.section(("coaches",))
    assert not coaches.model.flags(coaches.model.index(0, 1)) & Qt.ItemFlag.ItemIsEditable
    assert not coaches.buttons["add"].isEnabled() and not rules.import_button.isEnabled()
    assert rules.export_button.isEnabled()


def test_closing_the_league_closes_its_rules_window(qtbot, open_window, rules):
    open_window.close_league()
    assert open_window.rules_window is None


def test_source_lines_are_typed_one_per_line(qtbot, open_window, rules):
    from ui.kit.checklist_editor import LinesEditor

    races = rules.show_table("races").section(("races",))
    editor = open_editor(races, 0, column(races, "source_lines"))
    assert isinstance(editor, LinesEditor)
    editor.text.setPlainText("LRB 4.0\n0-12 Hobgoblins 40,000 6 3 3 7 None\n\n")
    qtbot.keyClick(editor.text, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: races.view.indexWidget(races.model.index(0, column(races, "source_lines"))) is None)
    first = open_window.session.db.ruleset.table("races")["races"][0]
    assert first["source_lines"] == ["LRB 4.0", "0-12 Hobgoblins 40,000 6 3 3 7 None"]


def test_the_roster_reads_the_new_spp_levels_at_once(qtbot, open_window, rules):
    db = open_window.session.db
    pid = open_window.session.run(hire_player, team_id=team_id(db, "Orcland Raiders"), position="Orc Lineman",
                                  name="Ugrub").result  # fmt: skip
    open_window.session.run(update_player, player_id=pid, field="spp", value=6)
    roster = open_window.league_view.team_page.roster_model
    assert roster.row(0).level == "Experienced"
    levels = rules.show_table("spp_levels").section(("levels",))
    type_number(qtbot, levels, 1, column(levels, "min_spp"), 7)
    assert roster.row(0).level == "Rookie"


@pytest.mark.parametrize("key", ["skills", "star_player_table"])
def test_every_sections_title_buttons_and_headings_are_whole(qtbot, rules, key):
    """At 1366 px: a small grid is never narrower than its title and buttons ("Categories Add Remove Up Down"),
    and a column is as wide as its heading ("Or instead (the coach chooses)")."""
    rules.resize(1320, 700)
    page = rules.show_table(key)
    QApplication.processEvents()
    for section in page.sections:
        title = section.title
        assert title.width() >= title.sizeHint().width(), section.section.title
        for name, button in section.buttons.items():
            assert button.width() >= button.sizeHint().width(), (section.section.title, name)
        header = section.view.horizontalHeader()
        for column in range(header.count()):
            heading = str(section.model.headerData(column, Qt.Orientation.Horizontal))
            if section.model.rowCount() and header.sectionSize(column) > 48:  # a narrow 1-16 number keeps 48 px
                assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(heading), heading


# -- the league's economy ------------------------------------------------------------------------------------------
@pytest.fixture
def older_lrb6_window(qtbot, window, tmp_path):
    """An LRB 6 league made before each edition had its own economy (it plays the one it was made with), one
    match played in season 1."""
    from roster_app.queries import season as sq
    from roster_app.services.league import create_league
    from roster_app.services.season import generate_season
    from tests.helpers import show_league
    from tests.rulesets import play_economy_as_made
    from tests.season_helpers import build_teams, report

    path = tmp_path / "older.dugout"
    db = create_league(path, name="Old Nuffle Cup", ruleset_key="lrb6")
    build_teams(db, 2)
    play_economy_as_made(db)
    generate_season(db)
    report(db, sq.fixtures(db)[0].id, 1, 0)
    db.close()
    show_league(qtbot, window, path)
    window.rules_action.trigger()
    qtbot.waitExposed(window.rules_window)
    return window


def test_the_economy_switch_is_refused_mid_season_and_made_at_its_end_after_a_preview(
    qtbot, older_lrb6_window, messages
):
    import random

    from roster_app.queries import season as sq
    from roster_app.rules.economy import economy
    from roster_app.services.contracts import end_season
    from roster_app.services.postmatch.write import auto_draft, finish_post_match

    window, rules = older_lrb6_window, older_lrb6_window.rules_window
    rules.economy_button.click()
    assert messages[-1].startswith("Season 1 is under way (a match has been played)")
    assert "Switch from 3rd edition (as the league was made)'s economy to LRB 6's" in messages[-1]
    assert economy(window.session.db.ruleset).edition == "3rd edition (as the league was made)"
    window.session.run(
        end_season, abandon_reason="the season is ended early for the switch", made_by="Commissioner"
    )
    rules.economy_button.click()
    assert messages[-1].startswith("The post-match sequence of a season 1 match is not finished")
    db = window.session.db
    match_id = sq.fixtures(db, season=1)[0].id
    window.session.run(finish_post_match, match_id=match_id,
                       draft=auto_draft(db, match_id=match_id, rng=random.Random(2)))  # fmt: skip
    rules.economy_button.click()
    preview = messages[-1]
    assert preview.startswith("Switch from 3rd edition (as the league was made)'s economy to LRB 6's:")
    assert "- A new team: Team rating 100 -> Team value 1,000,000 gp" in preview
    import re

    assert re.search(r"\n- Orcland Raiders: Team rating 1\d\d -> Team value \d{3},000 gp\n", preview), preview
    assert economy(window.session.db.ruleset).edition == "LRB 6"
    assert rules.status.text() == "The league plays LRB 6's economy from now on."
    rules.show_table("economy")
    assert (
        "From LRB 6 (as OBBLM (the online league manager) and FUMBBL's game client have it)" in rules.note.text()
    )
    rules.grab().save("/tmp/rules_economy.png")


def test_star_players_and_inducements_are_house_rules_with_their_source(qtbot, open_window, rules, league_file):
    """Issue 32: the tables are in the Rules window with where they come from; a star's cost is edited in place
    (a house rule, in the file)."""
    assert badge(rules, "star_players") == "league's own"  # LRB 4.0: no public source gives the profiles
    stars = rules.show_table("star_players").section(("stars",))
    rules.grab().save("/tmp/rules-star-players.png")
    row = next(
        r for r in range(stars.model.rowCount()) if stars.model.data(stars.model.index(r, 0)) == "Griff Oberwald"
    )
    type_number(qtbot, stars, row, column(stars, "cost"), 300000)
    assert value_in_file(league_file, "star_players")["stars"][row]["cost"] == 300_000
    assert badge(rules, "star_players") == "house rule"
    rules.show_table("inducements")
    assert "OBBLM" in rules.note.text() or "obblm" in rules.note.text()


def test_a_badge_is_drawn_alone_in_its_cell_in_any_language(qtbot, open_window, rules):
    """The badges' column: nothing but the badge (a base paint with no index drew the last text the delegate read
    behind a narrower badge: "propre à la ligue" behind "du LRB 5"); "from LRB 5" in French is "du LRB 5"."""
    from PySide6.QtGui import QColor

    from roster_app import i18n

    i18n.set_language("fr")
    rules.table_model.set_rows(list(rules.table_model.rows()))  # read again in French, as a reopened window
    view = rules.table_view
    view.resizeColumnToContents(1)
    QApplication.processEvents()
    image = view.viewport().grab().toImage()
    metrics = view.fontMetrics()
    checked = 0
    for row in range(rules.table_model.rowCount()):
        text = rules.table_model.index(row, 1).data()
        if not text.startswith("du LRB"):
            continue
        cell = view.visualRect(rules.table_model.index(row, 1))
        if cell.bottom() > image.height():
            break
        half = (metrics.horizontalAdvance(text) + 14) // 2
        left = range(cell.left() + 1, cell.center().x() - half - 2)
        right = range(cell.center().x() + half + 3, cell.right())
        ink = [x for x in (*left, *right) for y in range(cell.top() + 4, cell.bottom() - 4)
               if QColor(image.pixel(x, y)).lightness() < 150 and row != view.currentIndex().row()]  # fmt: skip
        assert ink == [], (row, text)
        checked += 1
    assert checked >= 3
