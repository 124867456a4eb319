"""Issue 34: the referee's sheet of a game played, printed: his turns in range (as the squares say), his actions,
the verdict, the calls he made (fouls spotted and missed, send-offs, warnings) and what he did himself (blocked,
his own foul's rotten eggs), read from the match pad's game through the services."""

from __future__ import annotations

import re
from html import unescape

import pytest

from roster_app.errors import NotFound
from roster_app.printing import data
from roster_app.printing.document import PrintRequest, build_document
from roster_app.rules.dice import typed_roll
from roster_app.services import matchpad as pad
from roster_app.services.referees import create_referee, start_match_sheet
from roster_app.services.season import add_fixture
from roster_app.store.models import Referee
from tests.season_helpers import build_teams, roster_ids

HOLDER = "table-laptop 1 a"


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _played(db):
    """A game on the pad: a Two Heads ref (always watching like a hawk) spots a foul and sends the fouler off,
    misses none, is blocked (a warning for the assist, the blocker sent off once he stands), argues nothing,
    and at turn 9 fouls a prone player himself: a double, rotten eggs, a normal ref for the rest."""
    home, away = build_teams(db, 2)
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    ref = create_referee(db, name="Ranulf", race="Human").result
    with db.write("test: the ref's skills") as tx:
        tx.session.get(Referee, ref).skills = ["Two Heads"]
    start_match_sheet(db, referee_id=ref, match_id=match_id)
    pad.open_pad(db, match_id=match_id, holder=HOLDER)
    hp, ap = roster_ids(db, home), roster_ids(db, away)

    def ev(kind, **kw):
        return pad.record_event(db, match_id=match_id, holder=HOLDER, kind=kind, **kw)

    def turn(action="move", rolls=None, **data):
        ev("end turn", data={"action": action, **data}, rolls=rolls)

    ev("place ref", data={"square": [12, 7]})
    # turn 1: a foul spotted (D6 4+) and sent off; a foul without a double that he spots but does not send off
    ev("foul", player_id=hp[0], victim_id=ap[0], rolls={"armour": typed_roll("2D6", [2, 5]),
                                                        "spot": typed_roll("D6", [5])})  # fmt: skip
    ev("foul", player_id=ap[1], victim_id=hp[1], rolls={"armour": typed_roll("2D6", [1, 3]),
                                                        "spot": typed_roll("D6", [2])})  # fmt: skip
    turn("watch like a hawk", ref_square=[12, 7], ball_square=[15, 7])  # 3 squares: in range by the squares
    # turn 2: blocked (an assist warned), he stands and sends the blocker off on 4+
    ev("ref blocked", player_id=ap[2], data={"assists": [ap[3]], "result": "prone"})
    ev("ref state", data={"state": "standing"}, rolls={"send-off": typed_roll("D6", [6])})
    turn("move", ref_square=[12, 7], ball_square=[24, 7])  # 12 squares: out of range, whatever a tick said
    for _ in range(6):
        turn("move", in_range=True)
    turn(
        "foul", target=ap[4], in_range=True, rolls={"ref armour": typed_roll("2D6", [3, 3])}
    )  # turn 9: rotten eggs
    for _ in range(7):
        ev("end turn")
    ev("mvp", team_id=home, player_id=hp[2])
    ev("mvp", team_id=away, player_id=ap[5])
    pad.full_time(db, match_id=match_id, gate_faces=[3] * 11)
    return match_id, hp, ap


def test_the_printed_sheet_of_a_game_played_shows_the_refs_calls_and_turns(db):
    match_id, hp, ap = _played(db)
    [played] = data.played_sheets(db)  # the latest round with a game played
    assert played.match_id == match_id
    assert [(c.turn, c.call, c.player) for c in played.calls] == [
        (1, "foul spotted", "Orcland 1"), (1, "sent off", "Orcland 1"),  # Two Heads: watching like a hawk, D6 5
        (1, "foul spotted", "Reikland 2"), (1, "not sent off", "Reikland 2"),  # spotted, the D6 a 2
        (2, "warning", "Reikland 4"), (2, "sent off", "Reikland 3"),  # the assist warned, the blocker off on 6
    ]  # fmt: skip
    assert played.counts == (2, 1, 2, 0)  # sent off, warnings, fouls spotted, fouls missed
    sheet = played.sheet
    assert sheet.in_range[0] is True and sheet.in_range[1] is False  # the squares, not the tick
    assert (sheet.state, sheet.out_turn, sheet.available) == ("sent off by rotten eggs", 9, tuple(range(1, 9)))
    assert sheet.verdict.in_range == sum(1 for t in sheet.available if sheet.in_range[t - 1])
    assert any("blocks the ref" in line for line in played.ref_log)
    assert any("rotten eggs" in line for line in played.ref_log)
    html = build_document(db, PrintRequest(played_sheets=True)).sections[0].html
    assert "[[" not in html and "$" not in html
    text = _text(html)
    assert "Referee’s sheet of a game played" in text
    assert "Ranulf (Human)" in text and "Two Heads" in text
    assert "Sent off 2 · warnings 1 · fouls spotted 2 · fouls missed 0" in text
    assert "Turns within range: 7 of 16" in text  # turn 2 out by the squares; 9 to 16 not his
    assert "warning" in text and "Reikland 4" in text  # the assist warned
    assert "rotten eggs" in text
    assert "sent off by rotten eggs" in text  # the ref at the end


def test_a_game_named_prints_its_sheet_and_a_round_without_a_refereed_game_is_refused(db):
    match_id, _hp, _ap = _played(db)
    document = build_document(db, PrintRequest(played_games=(match_id,)))
    assert len(document.sections) == 1
    with pytest.raises(NotFound, match="Round 5 of season 1 has no game played with a referee of the league"):
        data.played_sheets(db, round_number=5)
