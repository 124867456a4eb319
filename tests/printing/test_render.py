"""HTML of the printed documents (Qt-free): every user string escaped, every template placeholder filled."""

from __future__ import annotations

import re
from datetime import date

import pytest

from roster_app.printing import render
from roster_app.printing.document import PrintRequest, build_document, whole_league
from roster_app.services.players import hire_player
from roster_app.services.teams import add_team
from tests.printing.league_night import ORCS

NASTY = 'Da <b>Boyz</b> & "Ladz"'


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_user_strings_are_escaped_in_every_document(db):
    team = add_team(db, name=NASTY, race="Orc", coach="<script>x</script>").result
    hire_player(db, team_id=team, position="Goblin", name="Snik <i>the</i> Sneak")
    document = build_document(db, PrintRequest((team,), ledgers=True, table=True, contracts=True, referees=True,
                                               match_sheet=True))  # fmt: skip
    html = "".join(section.html for section in document.sections)
    assert "<b>Boyz</b>" not in html and "<script>" not in html and "<i>the</i>" not in html
    assert "Da &lt;b&gt;Boyz&lt;/b&gt; &amp; &quot;Ladz&quot;" in html
    assert "Snik &lt;i&gt;the&lt;/i&gt; Sneak" in html


def test_no_placeholder_is_left_unfilled(night_db):
    document = build_document(night_db, whole_league(night_db))
    for section in document.sections:
        assert not re.search(r"\$\w", section.html), section.title


def test_the_whole_league_is_in_league_night_order(night_db):
    document = build_document(night_db, whole_league(night_db), today=date(2025, 3, 1))
    titles = [s.title for s in document.sections]
    assert titles[0] == "league table"
    assert titles[1:5] == [f"{name} \u2014 roster" for name in
                           ("Athelorn Avengers", "Karak Grudgebearers", "Orcland Raiders", "Reikland Reavers")]  # fmt: skip
    assert titles[5] == "contract sheet"
    assert titles[6:] == ["referee cards (1 of 2)", "referee cards (2 of 2)"]  # 10 cards, 9 to a page
    assert document.heading.printed_on == date(2025, 3, 1)


def test_a_roster_has_a_line_for_every_place_on_the_team(night_db):
    [orcs] = render.data.team_ids(night_db, [ORCS])
    sheet = render.data.roster_sheet(night_db, orcs)
    html = render.roster_section(sheet, render.data.heading(night_db)).html
    assert html.count('<td class="num name">') == 13  # the Orcs' players
    assert html.count('<td class="num muted">') == 16 - 13  # blank lines to write new players in
    text = _text(html)
    assert "Grak Skullsplitta" in text and "Mighty Blow" in text and "Orc Blitzer" in text
    assert '<span class="gained">Mighty Blow</span>' in html  # gained skills stand out from starting ones
    assert "| of 3" in text  # the contract tally


def test_a_player_with_rolls_due_is_marked(db):
    from roster_app.services.players import update_player

    team = add_team(db, name="Orcs", race="Orc").result
    player = hire_player(db, team_id=team, position="Orc Blitzer", name="Grak").result
    update_player(db, player_id=player, field="spp", value=16)
    html = render.roster_section(render.data.roster_sheet(db, team), render.data.heading(db)).html
    assert "2 rolls due" in html


@pytest.mark.parametrize(("amount", "text"), [(0, "0"), (1000, "1,000"), (-50000, "\u221250,000")])
def test_gold_is_written_with_separators(amount, text):
    assert render.gold(amount) == text


def test_the_match_sheet_has_a_box_for_every_turn(db):
    section = render.match_sheet_section(render.data.referee_rules(db.ruleset), render.data.heading(db))
    assert section.html.count("\u2610</td>") == 16
    text = _text(section.html)
    assert "9 squares (Mole Eyes 7, Eagle Eyes 11)" in text
    assert "4 turns or fewer" in text and "12 turns or more" in text


def test_the_match_sheet_has_room_for_the_refs_calls(db):
    text = _text(render.match_sheet_section(render.data.referee_rules(db.ruleset), render.data.heading(db)).html)
    assert "Players sent off" in text and "Warnings (assisted a block or foul on the ref)" in text
    assert "Fouls spotted" in text and "Fouls missed" in text and "Fast Runner may Go For It" in text


def test_an_empty_league_still_prints_its_documents(db):
    document = build_document(db, PrintRequest(table=True, contracts=True, referees=True))
    text = _text("".join(s.html for s in document.sections))
    assert "No league match has been played" in text
    assert "No player is under contract" in text


def test_nothing_chosen_is_an_empty_request():
    assert PrintRequest().empty and PrintRequest((1,), rosters=False).empty
    assert not PrintRequest((1,)).empty and not PrintRequest(match_sheet=True).empty


def test_the_league_table_lists_the_results_and_the_matches_still_to_play(night_db):
    document = build_document(night_db, PrintRequest(table=True))
    text = _text(document.sections[0].html)
    assert "Results" in text and "Orcland Raiders 2 \u2013 1 Reikland Reavers 3 \u2013 1" in text
    assert "friendly Reikland Reavers 5 \u2013 0 Karak Grudgebearers" in text  # shown, though not counted
    fixtures = text.split("Still to play")[1]
    assert "3 league Reikland Reavers v Karak Grudgebearers" in fixtures


def test_the_printed_ledger_marks_a_correction_with_its_reason_and_who_made_it(db):
    from roster_app.services.corrections import correct_fan_factor, correct_gold

    team = add_team(db, name="Orcland Raiders", race="Orc").result
    correct_gold(db, team_id=team, amount=-25_000, made_by="Ann <Marsh>", reason="Gate counted twice")
    correct_fan_factor(db, team_id=team, fan_factor=3, made_by="Bo", reason="Roll misread")
    statement = render.data.ledger_statement(db, team)
    html = render.ledger_section(statement, render.data.heading(db)).html
    assert '<span class="flag">correction</span>' in html  # the gold row stands out as a correction
    text = _text(html)
    assert "correction by Ann &lt;Marsh&gt;: Gate counted twice" in text  # escaped, with who and why
    assert "Commissioner's corrections" in text  # every correction of the team, gold or not, newest first
    assert text.index("fan factor 0 to 3") < text.index("treasury 1,000,000 gp to 975,000 gp")
    assert "Roll misread (Bo)" in text


def test_a_ledger_without_corrections_prints_no_corrections_list(db):
    team = add_team(db, name="Orcland Raiders", race="Orc").result
    html = render.ledger_section(render.data.ledger_statement(db, team), render.data.heading(db)).html
    assert "corrections" not in html and "correction<" not in html


def test_a_roster_shows_its_allies_and_what_they_cost(db):
    from roster_app.services.players import new_player
    from roster_app.services.teams import set_counter
    from roster_app.store.models import Match, Team

    orcs = add_team(db, name="Orcland Raiders", race="Orc").result
    rivals = add_team(db, name="Rivals", race="Orc").result
    hire_player(db, team_id=orcs, position="Orc Lineman", name="Grak")
    set_counter(db, team_id=orcs, counter="fan_factor", value=5)
    with db.write("test: an ally who has played a match") as tx:
        team = tx.session.get(Team, orcs)
        new_player(tx.session, db.ruleset, team, position="Troll Slayer", name="Gotrek", race="Dwarf")
        tx.session.add(Match(season=1, round=1, home_team_id=orcs, away_team_id=rivals, status="completed"))
    html = render.roster_section(render.data.roster_sheet(db, orcs), render.data.heading(db)).html
    text = _text(html)
    assert "Gotrek" in text and "ally (Dwarf)" in text  # on his line
    assert "Fan factor 5 (4 with 1 ally)" in text
    assert "Allies (1) #2 Gotrek (Dwarf Troll Slayer)" in text
    assert "re-rolls 130,000 gp each (+10,000 gp for 1 ally)" in text  # doubled after the first match
    # fan factor counts at its price in the staff table and the team value: 50,000 + 90,000 + 5 x 10,000
    assert "Fan factor 5 10,000 50,000" in text
    assert "Team value 190,000" in text


def test_a_roster_without_allies_has_no_allies_line(db):
    orcs = add_team(db, name="Orcland Raiders", race="Orc").result
    hire_player(db, team_id=orcs, position="Orc Lineman", name="Grak")
    text = _text(render.roster_section(render.data.roster_sheet(db, orcs), render.data.heading(db)).html)
    assert "Allies" not in text and "with 1 ally" not in text


def test_a_page_keeps_every_stylesheet_rule_that_can_match_it():
    css = (
        "/* a comment { x: 1 } */ body { color: #111; } .kicker { color: #222; } td.num, th.num { text-align: center; }"
        " table.grid td { vertical-align: top; } table.cards { border-style: dashed; } a:hover { color: red; }"
    )
    page = '<p class="kicker">x</p><table class="grid"><tr><th class="num">#</th><td>1</td></tr></table>'
    kept = render.rules_used(css, page)
    assert kept.splitlines() == [
        "body { color: #111; }",
        ".kicker { color: #222; }",
        "td.num, th.num { text-align: center; }",  # a td and the class num: it may match
        "table.grid td { vertical-align: top; }",
        "a:hover { color: red; }",  # not a plain selector: kept
    ]


def test_a_roster_shows_what_the_team_is_worth_as_its_edition_names_it(db):
    from roster_app.services.league import memory_league

    orcs = add_team(db, name="Orcland Raiders", race="Orc").result
    hire_player(db, team_id=orcs, position="Orc Lineman", name="Grak")
    text = _text(render.roster_section(render.data.roster_sheet(db, orcs), render.data.heading(db)).html)
    # LRB 4.0: (50,000 + 950,000 treasury) / 10,000 = 100
    assert "Team rating 100 Treasury" in text and "Rating on the Match Winnings Table 100" in text
    lrb6 = memory_league(ruleset_key="lrb6")
    try:
        orcs = add_team(lrb6, name="Orcland Raiders", race="Orc").result
        hire_player(lrb6, team_id=orcs, position="Lineman", name="Grak")
        text = _text(render.roster_section(render.data.roster_sheet(lrb6, orcs), render.data.heading(lrb6)).html)
        assert "Team value (players, staff, re-rolls, fan factor) 50,000 Treasury 950,000" in text
        assert "Spiralling expenses after a match 0" in text and "Match Winnings Table" not in text
    finally:
        lrb6.close()
