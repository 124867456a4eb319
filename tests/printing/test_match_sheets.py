"""The pre-filled match sheets of a round (Qt-free): one a fixture still to play, both rosters, the ref and his
range, the 16-turn tally grid, boxes for events; every name escaped."""

from __future__ import annotations

import re

import pytest

from roster_app.errors import NotFound
from roster_app.printing import data
from roster_app.printing.document import PrintRequest, build_document
from roster_app.rules.dice import typed_roll
from roster_app.services import prematch
from roster_app.services import referees as ref_svc
from roster_app.services.players import hire_player, update_player
from roster_app.services.season import add_fixture
from roster_app.services.teams import add_team
from roster_app.store.models import Match, Team
from roster_app.store.statuses import PlayerStatus
from tests.printing.test_render import _text

NASTY = 'Da <b>Boyz</b> & "Ladz"'


@pytest.fixture
def round_two(db):
    """Four teams, round 1 played-out (one fixture left scheduled in round 2 and one in round 3)."""
    orcs = add_team(db, name=NASTY, race="Orc", coach="Grim").result
    humans = add_team(db, name="Reikland Reavers", race="Human", coach="Ann").result
    dwarfs = add_team(db, name="Karak Grudgebearers", race="Dwarf").result
    elves = add_team(db, name="Athelorn Avengers", race="Elf").result
    hire_player(db, team_id=orcs, position="Black Orc Blocker", name="Snik <i>the</i> Sneak")
    hurt = hire_player(db, team_id=orcs, position="Orc Blitzer", name="Grak").result
    update_player(db, player_id=hurt, field="status", value=PlayerStatus.MISS_NEXT_GAME)
    hire_player(db, team_id=humans, position="Lineman", name="Johann")
    first = add_fixture(db, home_team_id=orcs, away_team_id=humans, round_number=2).result
    second = add_fixture(db, home_team_id=dwarfs, away_team_id=elves, round_number=2).result
    add_fixture(db, home_team_id=orcs, away_team_id=dwarfs, round_number=3)
    return first, second


def test_one_sheet_per_fixture_of_the_next_round(db, round_two):
    first, second = round_two
    sheets = data.fixture_sheets(db)
    assert [s.match_id for s in sheets] == [first, second] and {s.round for s in sheets} == {2}
    orcs = sheets[0].home
    assert [(p.number, p.name, p.position) for p in orcs.players] == [
        (1, "Snik <i>the</i> Sneak", "Black Orc Blocker"), (2, "Grak", "Orc Blitzer")]  # fmt: skip
    assert orcs.players[1].misses and not orcs.players[0].misses
    assert [s.match_id for s in data.fixture_sheets(db, round_number=3)] != [first, second]


def test_the_sheet_shows_rosters_the_ref_and_his_range_and_escapes_names(db, round_two):
    first, _second = round_two
    ref_id = ref_named(db, "Jorg Blackwhistle")
    ref_svc.start_match_sheet(db, referee_id=ref_id, match_id=first)
    document = build_document(db, PrintRequest(match_sheets=True))
    assert [s.title for s in document.sections] == [
        f"match sheet: {NASTY} v Reikland Reavers", "match sheet: Karak Grudgebearers v Athelorn Avengers"]  # fmt: skip
    html = document.sections[0].html
    assert "<b>Boyz</b>" not in html and "<i>the</i>" not in html
    text = _text(html)
    assert "Snik &lt;i&gt;the&lt;/i&gt; Sneak" in text and "Black Orc Blocker" in text and "Johann" in text
    assert "misses this match" in text
    assert "Jorg Blackwhistle (Human): Strict Ref, Eagle Eyes, Escapist" in text and "11 squares" in text
    # the 16-turn tally: both halves numbered, one box a turn
    assert html.count('<td class="box">') == 16 and re.search(r">16</td>", html)
    assert "Turn Event By (team, #, player) To (team, #, player) Result" in text
    other = _text(document.sections[1].html)
    assert "not chosen yet" in other and "9 squares (Mole Eyes 7, Eagle Eyes 11)" in other
    for section in document.sections:
        assert not re.search(r"\$\w", section.html), section.title


def test_handicaps_of_the_pre_match_are_on_the_sheet(db, round_two):
    first, _second = round_two
    with db.write() as tx:  # the Reavers 30 rating points above the Orcs: two handicap rolls for the Orcs
        tx.session.get(Team, tx.session.get(Match, first).away_team_id).treasury += 300_000
    for face in (1, 4):
        prematch.roll_handicap(db, match_id=first, roll=typed_roll("D6", [face]))
    sections = build_document(db, PrintRequest(match_sheets=True)).sections
    assert "handicaps: Extra training, Bribe" in _text(sections[0].html)
    assert "handicaps:" not in _text(sections[1].html)


def test_a_round_without_a_fixture_to_play_is_said_in_words(db, round_two):
    with pytest.raises(NotFound, match="Round 1 of season 1 has no fixture still to play"):
        build_document(db, PrintRequest(match_sheets=True, sheets_round=1))


def test_a_season_played_out_has_no_sheet_to_print(db):
    with pytest.raises(NotFound, match="Every fixture of season 1 has been played"):
        data.fixture_sheets(db)


def ref_named(db, name):
    from sqlalchemy import select

    from roster_app.store.models import Referee

    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def test_the_sheet_lists_each_sides_freebooters_and_inducements(db, round_two):
    """Issue 32: a hired star and mercenary get a line of their own on their side's roster, the inducements go
    beside the handicaps."""
    from roster_app.rules.freebooters import MercenaryOrder, Order
    from roster_app.services.freebooters import hire_freebooters

    first, _second = round_two
    with db.read() as session:
        humans = session.get(Match, first).away_team_id
    order = Order(stars=("Helmut Wulf",), mercenaries=(MercenaryOrder("Lineman", "Hans <Sold>"),),
                  inducements={"Bribes": 2})  # fmt: skip
    hire_freebooters(db, match_id=first, team_id=humans, order=order)
    sheet = next(s for s in data.fixture_sheets(db) if s.match_id == first)
    assert [f[:2] for f in sheet.away.freebooters] == [
        ("Helmut Wulf", "Star Player"),
        ("Hans <Sold>", "Mercenary Lineman"),
    ]
    assert sheet.away.inducements == ("Bribes x 2",) and sheet.home.freebooters == ()
    html = build_document(db, PrintRequest(match_sheets=True, sheets_round=2)).sections[0].html
    assert "Helmut Wulf</td><td>Star Player (this game only)" in html and "Hans &lt;Sold&gt;" in html
    assert "inducements: <b>Bribes x 2</b>" in html
    roster = build_document(db, PrintRequest(team_ids=(humans,))).sections[0].html
    assert "<b>Hired for one game</b> (freebooters, never on the roster): Helmut Wulf (Star Player)" in roster
    assert "Hans &lt;Sold&gt;" in roster and "Bribes x 2, for" in roster
