"""The bundled rulesets' own texts (issue 39): each table's note, its rows' texts, the kick-off results, the handicaps,
the post-match steps' titles, the effects of skills, inducements and referee skills, the Star Refs' descriptions and
the economy's worth names are the game area's `table` words (tools/catalogue.py `ruleset_words`), shown through
`term("table", text)`: a French commissioner reads them in French wherever the app shows them, while the league file
keeps the ruleset's text and a text the commissioner typed stays as typed."""

from __future__ import annotations

import json
import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from roster_app import i18n
from roster_app.i18n import term
from roster_app.rules.dicetables import lookup
from tests.printing.pdf_text import pdf_pages
from tests.ui.conftest import messages, open_window, season_file, season_window, window  # noqa: F401 - fixtures
from tests.ui.pages.team.test_reserves_ui import type_dice
from tests.ui.roster.test_roster_editing import press_enter
from tests.ui.rules.test_rules_window import column, open_editor
from tests.ui.sequences.match_pad.test_match_pad import pad_game  # noqa: F401 - a fixture
from tests.ui.sequences.postmatch.test_postmatch_wizard import lrb6_wizard, reserve_wizard  # noqa: F401 - fixtures
from tests.ui.sequences.prematch.test_prematch_wizard import fixture_window, next_button  # noqa: F401 - a fixture
from tools import catalogue

RULESETS = ("resources/rulesets/lrb4", "resources/rulesets/lrb5", "resources/rulesets/lrb6")
YOUNGSTER = "A youngster is ready: roll on the Player Table now"


@pytest.fixture
def french():
    """The app in French from the committed catalogues (tests/i18n/test_catalogues.py: they are up to date)."""
    assert i18n.set_language("fr") == "fr"
    yield
    i18n.set_language("en")


def table_words(root=catalogue.ROOT) -> dict[str, list[str]]:
    return {name: where for (kind, name), where in catalogue.ruleset_words(root).items() if kind == "table"}


# -- the extraction ----------------------------------------------------------------------------------------------
def test_the_tables_texts_of_every_bundled_ruleset_are_table_words_and_their_keys_are_not():
    words = table_words()
    assert words[YOUNGSTER] == list(RULESETS)  # LRB 5 and 6 inherit LRB 4.0's (the seed's) reserve team table
    assert words["Keen to move"] == list(RULESETS)  # the player reaction's modifier text
    assert words["Bribe"] == list(RULESETS) and words["Pitch Invasion"] == list(RULESETS)
    assert words["2. Winnings (D6 + FAME) less spiralling expenses"] == ["resources/rulesets/lrb6"]  # a step title
    assert words["Team value"] == ["resources/rulesets/lrb5", "resources/rulesets/lrb6"]  # economy's worth_name
    assert words["Sees everything, twice."] == list(RULESETS)  # a Star Ref's description
    assert "Re-roll a failed dodge once a turn; Stumbles become pushes." in words  # a skill's effect
    assert "May Go For It." in words  # a referee skill's effect
    # every table's note, the ruleset's own too
    for folder in RULESETS:
        for path in (catalogue.ROOT / folder).glob("*.json"):
            note = json.loads(path.read_text(encoding="utf-8")).get("note")
            assert note is None or folder in words[note], path
    # the keys the code reads are not texts: the reserve team table's results, an inducement's team, a skill's name
    for key in ("nothing", "promising", "player", "listens", "refuses", "any", "no_apothecary", "Block", "Dodge"):
        assert key not in words


def test_a_text_added_to_a_ruleset_is_extracted_and_a_key_added_is_not(tmp_path):
    shutil.copytree(catalogue.ROOT / "resources" / "rulesets", tmp_path / "resources" / "rulesets")
    path = tmp_path / "resources" / "rulesets" / "lrb4" / "kick_off.json"
    table = json.loads(path.read_text(encoding="utf-8"))
    table["rows"][0]["text"] = "A dragon lands on the pitch and eats the ball."
    table["rows"][0]["result"] = "Dragon"
    table["rows"][0]["referee_out"] = True
    table["note"] = "The league's own Kick-Off Table, with dragons."
    path.write_text(json.dumps(table), encoding="utf-8")
    path = tmp_path / "resources" / "rulesets" / "lrb4" / "reserve_team_table.json"
    table = json.loads(path.read_text(encoding="utf-8"))
    table["rows"][0]["result"] = "nothing_at_all"
    path.write_text(json.dumps(table), encoding="utf-8")
    words = table_words(tmp_path)
    assert words["A dragon lands on the pitch and eats the ball."] == list(RULESETS)  # LRB 5 and 6 inherit it
    assert words["Dragon"] == list(RULESETS)  # a kick-off result is its name, shown
    assert words["The league's own Kick-Off Table, with dragons."] == list(RULESETS)
    assert "nothing_at_all" not in words and "Get the Ref" not in words  # a key; the row's old result is gone
    assert "Get the Ref" in table_words()


@pytest.mark.parametrize("language", catalogue.LANGUAGES)
def test_every_table_word_reads_in_the_language(language):
    """Through the compiled catalogue (the .mo), as the app reads them: all but a few kept as they are ("TV")."""
    words = table_words()
    with i18n.language(language):
        same = [text for text in words if term("table", text) == text]
        assert term("table", "My league's own kick-off text") == "My league's own kick-off text"  # typed: as typed
    assert len(same) <= 4, same
    assert term("table", YOUNGSTER) == YOUNGSTER  # English as the ruleset has it


# -- the Rules window ----------------------------------------------------------------------------------------------
@pytest.fixture
def french_rules(french, qtbot, open_window):  # noqa: F811
    open_window.rules_action.trigger()
    window_ = open_window.rules_window
    qtbot.waitExposed(window_)
    return window_


def test_the_rules_window_in_french_shows_the_rulesets_texts_translated_and_edits_the_stored_ones(
    qtbot,
    french_rules,
    open_window,  # noqa: F811
):
    rules = french_rules
    grid = rules.show_table("reserve_team_table").section(("rows",))
    model, col = grid.model, column(grid, "text")
    assert model.headerData(col, Qt.Orientation.Horizontal) == "Texte"  # "Says": the column labels are translated
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(2)] == ["De", "À"]
    index = model.index(2, col)
    assert model.data(index) == "Un jeune est prêt : lancez maintenant sur la table des joueurs"
    assert model.data(index, Qt.ItemDataRole.EditRole) == YOUNGSTER  # the league file keeps the ruleset's text
    note = open_window.session.db.ruleset.table("reserve_team_table")["note"]
    assert rules.note.text().startswith(term("table", note)) and note not in rules.note.text()  # the table's note
    rules.resize(1366, 700)
    rules.grab().save("/tmp/rules-reserve-fr.png")
    editor = open_editor(grid, 2, col)
    assert isinstance(editor, QLineEdit) and editor.text() == YOUNGSTER  # the editor edits what is stored
    editor.selectAll()
    qtbot.keyClicks(editor, "Un jeune du coin arrive")
    press_enter(qtbot, grid.view, editor)
    assert (
        open_window.session.db.ruleset.table("reserve_team_table")["rows"][2]["text"] == "Un jeune du coin arrive"
    )
    assert model.data(model.index(2, col)) == "Un jeune du coin arrive"  # the commissioner's own text, as typed
    # a coded choice reads in French too: the player reaction's conditions
    modifiers = rules.show_table("player_reaction").section(("modifiers",))
    assert modifiers.model.data(modifiers.model.index(0, 0)) == "La cote de l'équipe de l'acheteur est plus haute"


def test_every_label_title_and_item_of_the_rules_window_is_marked():
    """The Rules window's words come from roster_app/rules/table_layout.py: each is a core msgid (N_ there, _()
    where shown), so no column of any table reads in English in another language."""
    from roster_app.rules import table_layout
    from roster_app.rules.schema import SHAPES
    from tests.i18n.checks import extracted  # the project's extraction, once per test process

    marked = {key[0] for key in extracted()["core"]}
    shown = set()
    for table in SHAPES:
        for section in table_layout.sections(table):
            for part in (section, section.detail) if section.detail else (section,):
                shown |= {part.title, part.item, *(f.label for f in part.fields)}
    assert sorted(shown - marked) == []


# -- league night -------------------------------------------------------------------------------------------------
def test_the_post_match_reserve_team_roll_reads_in_french(french, qtbot, reserve_wizard):  # noqa: F811
    from ui.sequences.postmatch.wizard import PageId

    w, m = reserve_wizard  # built in French: on step 4.1 of a 0-0 game, the Orcs with a Veteran Reserve Coach
    session = w.session
    # the steps' titles from the league's post_match table, in French
    assert w.pages[PageId.WINNINGS].title() == "1. Gains"
    page = w.pages[PageId.RESERVES_CONTRACTS]
    assert w.currentId() == PageId.RESERVES_CONTRACTS and page.title() == "4.1 Affaires de la réserve et contrats"
    box = page.reserves[m.home_id]
    box.pay.click()
    type_dice(qtbot, box.table_dice, 6)
    rows = session.db.ruleset.table("reserve_team_table")["rows"]
    total = int(box.table_result.text().split("<b>")[1].split("</b>")[0])
    row = lookup(rows, total)
    assert row["result"] == "player" and row["text"] == YOUNGSTER
    assert "Un jeune est prêt : lancez maintenant sur la table des joueurs" in box.table_result.text()
    assert YOUNGSTER not in box.table_result.text()
    w.resize(1366, 728)
    w.grab().save("/tmp/postmatch-reserves-fr.png")
    w.reject()


def test_an_lrb6_post_match_step_reads_in_french_as_its_edition_titles_it(french, lrb6_wizard):  # noqa: F811
    from ui.sequences.postmatch.wizard import PageId

    title = "2. Winnings (D6 + FAME) less spiralling expenses"  # LRB 6's own title: only the table word has it
    assert lrb6_wizard.pages[PageId.WINNINGS].title() == term("table", title) != title
    assert "FAME" in lrb6_wizard.pages[PageId.WINNINGS].title()
    lrb6_wizard.reject()


def test_the_pre_match_handicaps_read_in_french(french, qtbot, fixture_window, messages):  # noqa: F811
    window_, match, (orcs, _reavers) = fixture_window
    page = window_.league_view.season_page
    page.pre_match_action.trigger()
    wizard = page.wizard
    qtbot.waitExposed(wizard)
    qtbot.mouseClick(next_button(wizard), Qt.MouseButton.LeftButton)
    handicaps = wizard.currentPage()
    for face in (1, 4, 2, 3)[: wizard.view.due.rolls]:
        type_dice(qtbot, handicaps.dice, face)
    table = handicaps.table
    assert (table.item(0, 2).text(), table.item(1, 2).text()) == ("Entraînement supplémentaire", "Pot-de-vin")
    bribe = "Once in this match, a player of the team sent off stays on the pitch on a D6 roll of 2+."
    assert table.item(1, 3).text() == term("table", bribe) != bribe and "2+" in table.item(1, 3).text()
    wizard.resize(1366, 728)
    wizard.grab().save("/tmp/prematch-handicaps-fr.png")
    with window_.session.db.read() as session:
        from roster_app.store.models import Match

        stored = session.get(Match, match).pre_match["handicaps"]
    assert [h["handicap"] for h in stored][:2] == [
        "Extra training",
        "Bribe",
    ]  # the league keeps the ruleset's words
    assert stored[1]["text"] == bribe
    wizard.reject()


def test_the_match_pads_kick_off_reads_in_french(french, qtbot, pad_game, messages):  # noqa: F811
    pad = pad_game["pad"]
    pad.kick_off_dice.type_in([5, 5])
    row = next(r for r in pad.session.db.ruleset.table("kick_off")["rows"] if r["from"] <= 10 <= r["to"])
    assert row["result"] == "Blitz!" and term("table", row["text"]) != row["text"]
    assert pad.notice.text() == f"Coup d'envoi 10 : {term('table', 'Blitz!')}. {term('table', row['text'])}"
    assert pad.log.item(pad.log.count() - 1).text().endswith(f"Coup d'envoi 10 : {term('table', 'Blitz!')}")
    assert pad.game.events[-1].data["result"] == "Blitz!"  # the league keeps the table's own words
    assert messages == []


# -- on paper -----------------------------------------------------------------------------------------------------
def test_a_printed_referee_card_in_french_carries_the_star_refs_translated_description(qapp, night_file, tmp_path):
    from ui.app.cli import main

    out = tmp_path / "arbitres.pdf"
    assert main(["print", str(night_file), "--referees", "--language", "fr", "-o", str(out)]) == 0
    text = " ".join(pdf_pages(out))
    assert "Élégant, rapide et friand de citations d'articles et d'alinéas." in text
    assert "Elegant, quick and fond of quoting paragraph and clause." not in text
    assert "Sees everything, twice." not in text
    assert "Peut se tenir jusqu'à 11 cases du ballon au lieu de 9." in text  # a referee skill's effect
    english = tmp_path / "referees.pdf"
    assert main(["print", str(night_file), "--referees", "-o", str(english)]) == 0
    assert "Elegant, quick and fond of quoting paragraph and clause." in " ".join(pdf_pages(english))


# -- tools/catalogue.py fill ----------------------------------------------------------------------------------------
def test_fill_writes_the_untranslated_entries_keeps_placeholders_and_the_other_areas_words(tmp_path):
    shutil.copytree(catalogue.LOCALE / "fr", tmp_path / "resources" / "locale" / "fr")
    path = tmp_path / "resources" / "locale" / "fr" / "game.po"
    po = catalogue.read(path, "fr")
    for msgid in (YOUNGSTER, "Team rating", "Keen to move"):
        po.get(msgid, context="table").string = ""
    catalogue.write(path, po)
    core = (tmp_path / "resources" / "locale" / "fr" / "core.po").read_bytes()
    given = {YOUNGSTER: "Un jeune arrive", "Team rating": "Cote", "Keen to move": "Pressé {name}"}
    filled, problems = catalogue.fill("game", "fr", given, context="table", root=tmp_path)
    assert filled == 2 and len(problems) == 1 and "placeholders" in problems[0]  # "{name}" is not in the msgid
    po = catalogue.read(path, "fr")
    assert po.get(YOUNGSTER, context="table").string == "Un jeune arrive"
    assert po.get("Team rating", context="table").string == "Cote d'équipe"  # as the other areas translate it
    assert po.get("Keen to move", context="table").string == ""  # refused: left for a translator
    assert "Dugout's translation" in " ".join(po.get(YOUNGSTER, context="table").user_comments)
    assert (tmp_path / "resources" / "locale" / "fr" / "core.po").read_bytes() == core  # one area's file only
    assert catalogue.fill("game", "fr", {YOUNGSTER: "Autre"}, context="table", root=tmp_path)[0] == 0  # kept
    assert catalogue.fill("game", "fr", {YOUNGSTER: "Autre"}, context="table", root=tmp_path, replace=True)[0] == 1
    assert catalogue.read(path, "fr").get(YOUNGSTER, context="table").string == "Autre"
