"""Issue 35, item 3: the Rules window's editors round-trip every stored value (double-clicking "Gold per rating
point" showed 10,000 as 9,999 and Enter saved it as a house rule), and a letter typed into a number cell is
answered with a word."""

import pytest
from PySide6.QtCore import Qt

from roster_app.rules.ruleset import TABLES, load_bundled
from roster_app.rules.schema import SHAPES, Check, MapOf
from roster_app.rules.table_layout import DICE_CHOICES, Field
from tests.ui.roster.test_roster_editing import press_enter
from tests.ui.rules.test_rules_window import open_editor, rules, setting_row  # noqa: F401 - the fixture
from ui.rules.delegate import RuleDelegate
from ui.rules.models import _number_range


def stored_values(spec, data):
    """(check, optional, value) for every value a table holds, walking its shape."""
    if isinstance(spec, Check):
        yield spec, data
    elif isinstance(spec, MapOf):
        for value in (data or {}).values():
            yield from stored_values(spec.spec, value)
    elif isinstance(spec, list):
        for row in data or []:
            yield from stored_values(spec[0], row)
    elif isinstance(spec, dict):
        for key, sub in spec.items():
            name = key.rstrip("?")
            if isinstance(data, dict) and name in data:
                yield from stored_values(sub, data[name])


@pytest.mark.parametrize("key", ["lrb4", "lrb5", "lrb6"])
def test_every_number_and_dice_of_every_table_fits_its_editor(qtbot, key):
    ruleset = load_bundled(key)
    seen = 0
    for table in TABLES:
        for check, value in stored_values(SHAPES[table], ruleset.table(table)):
            if check.kind in ("int", "gold", "opt_int") and value is not None:
                low, high = _number_range(Field(("x",), "x", check))
                editor = RuleDelegate._spin(None, check.kind, (low, high))
                editor.setValue(value)
                assert editor.value() == value, (table, value, low, high)
                seen += 1
            elif check.kind == "dice":
                assert value in DICE_CHOICES, (table, value)
    assert seen > 500


def test_gold_per_rating_point_opens_as_it_is_and_enter_keeps_it(qtbot, open_window, rules):  # noqa: F811
    settings = rules.show_table("team_rating").section(())
    row = setting_row(settings, "value_divisor")
    before = settings.model.data(settings.model.index(row, 1), Qt.ItemDataRole.EditRole)
    assert before == 10_000
    editor = open_editor(settings, row, 1)
    assert editor.value() == 10_000 and "10000" in editor.text().replace(",", "")
    press_enter(qtbot, settings.view, editor)
    assert rules.table_model.data(rules.table_model.index(rules.table_model.row_for_key("team_rating"), 1)) == (
        "league default")  # fmt: skip


def test_a_letter_in_a_number_cell_is_answered_with_a_word(qtbot, open_window, rules):  # noqa: F811
    settings = rules.show_table("team_rating").section(())
    editor = open_editor(settings, setting_row(settings, "value_divisor"), 1)
    qtbot.keyClicks(editor.lineEdit(), "x")
    assert editor.refusal.startswith("'x' is not a number: type a whole number from 1 to 1,000,000")


def test_the_rules_windows_undo_takes_back_rule_edits_only(qtbot, open_window, rules):  # noqa: F811
    """Issue 35, item 10: the Rules window's Undo offered "Undo match sheet of ... opened" (a league action)."""
    from roster_app.queries.rosters import roster
    from roster_app.services.players import hire_player
    from tests.helpers import team_id
    from tests.ui.rules.test_rules_window import type_number

    db = open_window.session.db
    open_window.session.run(hire_player, team_id=team_id(db, "Orcland Raiders"), position="Orc Lineman", name="Ug")
    assert open_window.undo_action.isEnabled() and not rules.undo_action.isEnabled()
    settings = rules.show_table("tribunal").section(())
    type_number(qtbot, settings, setting_row(settings, "per_roll"), 1, 25000)
    assert rules.undo_action.text() == "Undo Tribunal Table: per star player roll 25,000 gp"
    rules.undo_action.trigger()
    assert not rules.undo_action.isEnabled() and db.ruleset.table("tribunal")["per_roll"] == 10_000
    assert "Ug" in [p.name for p in roster(db, team_id(db, "Orcland Raiders"))]  # the hire stands
