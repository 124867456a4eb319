"""A season's tournaments on paper (issue 33): the league table's printout (and so the whole-league printout and
`dugout print LEAGUE --table`) gives each tournament a page of its own, a cup's bracket or a Swiss open's standing;
the magazine reports the round's cup games and crowns the champions; the tie-breakers are named in words."""

from __future__ import annotations

import random

import pytest

from roster_app.printing.document import PrintRequest, build_document, whole_league
from roster_app.printing.magazine import magazine_data, magazine_sections
from roster_app.queries import competitions as cq
from roster_app.services import competitions as sc
from roster_app.services.league import memory_league
from roster_app.services.season import generate_season
from tests.competition_helpers import league_of, play, play_round


@pytest.fixture
def cup_db():
    db = memory_league()
    ids = league_of(db, 6)
    cup = sc.create_competition(db, name="Spike Cup", format="knockout", team_ids=ids, third_place=True).result
    sc.draw_competition(db, competition_id=cup, seeding="hand", order=ids)
    swiss = sc.create_competition(
        db, name="Open", format="swiss", team_ids=ids[:5], rounds=2, first_round=9
    ).result
    sc.draw_competition(db, competition_id=swiss, seeding="hand", order=ids[:5])
    yield db, cup, swiss
    db.close()


def _sections(db):
    return {s.title: s.html for s in build_document(db, PrintRequest((), rosters=False, table=True)).sections}


def test_each_tournament_prints_on_its_own_page(cup_db):
    db, cup, swiss = cup_db
    play_round(db, cup)
    pages = _sections(db)
    assert list(pages) == ["league table", "Spike Cup \u2014 bracket", "Open \u2014 standing"]
    bracket = pages["Spike Cup \u2014 bracket"]
    for words in ("Quarter-final (round 1)", "Semi-final (round 2)", "Final (round 3)", "Third-place game",
                  "(1) Team 1", '<span class="gained">(4) Team 4</span> 1', "bye", "to be decided"):  # fmt: skip
        assert words in bracket, words
    assert "Pos" in pages["Open \u2014 standing"] and "Swiss round 1" in pages["Open \u2014 standing"]
    assert [s.title for s in build_document(db, whole_league(db)).sections][1:3] == list(pages)[1:]


def test_a_level_game_decided_by_a_roll_off_prints_how(cup_db):
    db, cup, _swiss = cup_db
    tie = cq.bracket(db, cup).rounds[0][1]
    play(db, tie.match_id, 2, 2, overtime=True, roll_off=[1, 6])
    assert "after overtime and a roll-off (1-6)" in _sections(db)["Spike Cup \u2014 bracket"]


def test_a_name_that_is_markup_is_printed_as_typed():
    db = memory_league()
    ids = league_of(db, 2)
    cid = sc.create_competition(db, name="<b>Cup</b> & Co", format="knockout", team_ids=ids).result
    sc.draw_competition(db, competition_id=cid, seeding="draw", rng=random.Random(1))
    page = _sections(db)["<b>Cup</b> & Co \u2014 bracket"]
    assert "&lt;b&gt;Cup&lt;/b&gt; &amp; Co" in page and "<b>Cup</b>" not in page


def test_the_magazine_reports_the_cup_games_and_crowns_the_champion():
    db = memory_league()
    ids = league_of(db, 2)
    generate_season(db)
    cid = sc.create_competition(db, name="Spike Cup", format="knockout", team_ids=ids).result
    sc.draw_competition(db, competition_id=cid, seeding="hand", order=ids)
    final = cq.bracket(db, cid).rounds[0][0]
    play(db, final.match_id, 1, 1, overtime=True, roll_off=[2, 5])
    story = magazine_data(db, round_number=final.season_round)
    assert story.champions == (("Spike Cup", "Team 2"),)
    front = magazine_sections(story, build_document(db, PrintRequest((), rosters=False, table=True)).heading)[0]
    text = front.html
    assert "In the Spike Cup final, Team 2 beat Team 1 1-1 after overtime and a roll-off (2-5)" in text
    assert "Team 2 are the Spike Cup champions!" in text


def test_the_tie_breakers_are_named_in_words_under_the_table():
    from roster_app.services.ruleset import set_table

    db = memory_league()
    league_of(db, 2)
    points = dict(db.ruleset.table("league_points"), tie_breakers=["points", "head_to_head", "touchdowns_for",
                                                                   "roll_off"])  # fmt: skip
    set_table(db, key="league_points", data=points)
    page = _sections(db)["league table"]
    assert "separated by head-to-head, then touchdowns scored, then a roll-off" in page
