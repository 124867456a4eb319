"""The referee on the pitch (seed 000), sentence by sentence, through the match pad's services: his range from the
squares, his move, the ball and his square, the fouls he spots or misses, the ref blocked or fouled, his own
block, foul, Whistle, Chainsaw and Blitz, and his skills; each roll stored with what it was for; bad input
refused in words with nothing written; the calls on his sheet and in the careers."""

import pytest
from sqlalchemy import select

from roster_app.queries import careers
from roster_app.queries import matchpad as q
from roster_app.queries.referees import sheet_of_match
from roster_app.rules import matchpad as mp
from roster_app.rules.dice import typed_roll
from roster_app.services import matchpad as pad
from roster_app.services.referees import create_referee, start_match_sheet
from roster_app.services.season import add_fixture
from roster_app.store.models import DiceRoll, Referee, RefereeMatch, RulesetTable
from tests.helpers import refused, snapshot
from tests.season_helpers import build_teams, roster_ids

HOLDER = "table-laptop 1 a"


def d6(face):
    return typed_roll("D6", [face])


def two(a, b):
    return typed_roll("2D6", [a, b])


NO_DOUBLE = {"armour": two(2, 5)}
DOUBLE = {"armour": two(4, 4)}


@pytest.fixture
def g(db):
    home, away = build_teams(db, 2)
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    ref = create_referee(db, name="Ranulf", race="Human").result  # a Human Lineman's profile: MA 6
    start_match_sheet(db, referee_id=ref, match_id=match_id)
    pad.open_pad(db, match_id=match_id, holder=HOLDER)
    return {"db": db, "match": match_id, "home": home, "away": away, "ref": ref,
            "hp": roster_ids(db, home), "ap": roster_ids(db, away)}  # fmt: skip


def give(g, skills=(), equipment=()):
    with g["db"].write("test: the ref's skills") as tx:
        ref = tx.session.get(Referee, g["ref"])
        ref.skills, ref.equipment = list(skills), list(equipment)


def house_rule(db, **values):
    with db.write("test: a house rule") as tx:
        row = tx.session.get(RulesetTable, "referee_rules")
        row.data = {**row.data, **values}
    db.forget_ruleset()


def ev(g, kind, **kw):
    return pad.record_event(g["db"], match_id=g["match"], holder=HOLDER, kind=kind, **kw)


def turn(g, action="move", in_range=True, rolls=None, table_dice=(), **data):
    """The ref's turn: in range by the tick unless squares are given."""
    body = {"action": action, **data}
    if "ball_square" not in data:
        body["in_range"] = in_range
    return ev(g, "end turn", data=body, rolls=rolls, table_dice=table_dice)


def state(g):
    return q.read_game(g["db"], g["match"]).state


def last(g):
    return q.read_game(g["db"], g["match"]).events[-1]


def calls(g, kind=None):
    return [(c["call"], c["player_id"]) for c in state(g).calls if kind is None or c["call"] == kind]


def rolls_for(g):
    with g["db"].read() as session:
        return [(r.purpose, r.total) for r in session.scalars(select(DiceRoll).order_by(DiceRoll.id))]


# -- "remain within 9 squares of the football": range from the squares ------------------------------------
@pytest.mark.parametrize(
    ("skills", "apart", "inside"),
    [((), 9, True), ((), 10, False), (("Mole Eyes",), 7, True), (("Mole Eyes",), 8, False),
     (("Eagle Eyes",), 11, True), (("Eagle Eyes",), 12, False)],
)  # fmt: skip
def test_in_range_is_what_the_squares_say(g, skills, apart, inside):
    give(g, skills)
    ev(g, "place ref", data={"square": [0, 7]})
    turn(g, "watch like a hawk", ref_square=[0, 7], ball_square=[apart, 7])
    assert state(g).in_range[0] is inside


def test_a_tick_the_squares_contradict_is_refused_and_the_tick_counts_only_without_squares(g):
    db = g["db"]
    ticked = {"action": "move", "in_range": True, "ref_square": [0, 0], "ball_square": [12, 0]}
    refused(
        db, lambda: ev(g, "end turn", data=ticked), "12 squares apart: out of Ranulf's range of 9, not in range"
    )
    ev(g, "end turn", data={"action": "move", "in_range": False, "ref_square": [0, 0], "ball_square": [12, 0]})
    turn(g, in_range=True, ref_square=[3, 0])  # no ball square: the tick counts
    assert state(g).in_range[:2] == [False, True]


def test_the_verdict_counts_only_the_turns_the_squares_support(g):
    """Sixteen turns 12 squares from the ball: the tick the pad used to trust would have given the award."""
    for _ in range(16):
        ev(g, "end turn", data={"action": "watch like a hawk", "ref_square": [0, 0], "ball_square": [12, 0]})
    ev(g, "mvp", team_id=g["home"], player_id=g["hp"][0])
    ev(g, "mvp", team_id=g["away"], player_id=g["ap"][0])
    pad.full_time(g["db"], match_id=g["match"], gate_faces=[3] * 11)
    view = sheet_of_match(g["db"], g["match"])
    assert view.verdict.result == "sacked" and view.ticked == 0


def test_the_ball_never_ends_on_the_refs_square_it_scatters_one_square_away(g):
    refused(g["db"], lambda: turn(g, ref_square=[5, 5], ball_square=[5, 5]), "scatters one square away")
    assert sorted(mp.scatter_squares([0, 0])) == [(0, 1), (1, 0), (1, 1)]  # where the pad asks it went
    assert len(mp.scatter_squares([5, 5])) == 8
    turn(g, ref_square=[5, 5], ball_square=[6, 5])
    assert state(g).ball_square == [6, 5]


# -- "place the Ref in any empty square ... before the kick off" ---------------------------------------------
def test_the_ref_is_placed_before_the_kick_off_in_a_square_of_the_pitch(g):
    db = g["db"]
    refused(db, lambda: ev(g, "place ref", data={"square": [26, 3]}), "off it")
    ev(g, "place ref", data={"square": [12, 7]})
    assert state(g).ref_square == [12, 7]
    turn(g, "watch like a hawk", ref_square=[12, 7], ball_square=[14, 7])
    refused(db, lambda: ev(g, "place ref", data={"square": [1, 1]}), "after both teams have set up")
    ev(g, "touchdown", player_id=g["hp"][0])  # the teams set up again
    ev(g, "place ref", data={"square": [1, 1]})
    assert state(g).ref_square == [1, 1]


# -- "Move his MA (a ref may not Go For It or Blitz)"; Fast Runner ---------------------------------------
def test_the_refs_move_is_at_most_his_ma_and_he_ignores_tackle_zones(g):
    db = g["db"]
    ev(g, "place ref", data={"square": [0, 0]})
    refused(db, lambda: turn(g, ref_square=[7, 0]), "at most his MA 6 \\(a ref may not Go For It\\): 7 squares")
    turn(g, ref_square=[6, 3])  # 6 squares: no dodge, no tackle zone asked about
    assert state(g).ref_square == [6, 3]
    refused(db, lambda: turn(g, "watch like a hawk", ref_square=[7, 3]), "stays still to watch like a hawk")


def test_fast_runner_goes_for_it_with_its_rolls_and_trips_on_a_one(g):
    db = g["db"]
    give(g, ["Fast Runner"])
    ev(g, "place ref", data={"square": [0, 0]})
    refused(db, lambda: turn(g, ref_square=[9, 0]), "2 Go For Its \\(Fast Runner\\): 9 squares is too far")
    turn(g, ref_square=[8, 0], rolls={"gfi 1": d6(2), "gfi 2": d6(4)})
    assert state(g).ref_state == "standing"
    assert [p for p, _t in rolls_for(g)] == ["Ranulf: Go For It 1 (2+)", "Ranulf: Go For It 2 (2+)"]
    turn(g, ref_square=[15, 0], rolls={"gfi 1": d6(1)})
    assert state(g).ref_state == "prone" and "trips" in last(g).data["text"]
    refused(db, lambda: turn(g, ref_square=[16, 0]), "prone: stand him up first")


def test_the_ref_blitzes_only_with_the_blitz_skill(g):
    db = g["db"]
    refused(db, lambda: turn(g, "blitz", target=g["ap"][0]), "has no Blitz skill")
    give(g, ["Blitz"])
    refused(db, lambda: turn(g, "blitz"), "Name the closest player")
    turn(g, "blitz", target=g["ap"][0])
    assert state(g).actions[0] == "blitz"


# -- "A Ref who ... watches the field like a Hawk will spot any Foul" -----------------------------------------
def test_a_double_on_the_foul_sends_the_fouler_off_anyway(g):
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls=DOUBLE)
    assert state(g).out[g["hp"][0]] == "sent off"
    assert calls(g) == [("foul spotted", g["hp"][0]), ("sent off", g["hp"][0])]
    assert rolls_for(g) == [("foul by Orcland 1: armour roll", 8)]


def test_a_foul_without_a_double_is_missed_unless_he_watched_like_a_hawk(g):
    hp, ap = g["hp"], g["ap"]
    ev(g, "foul", player_id=hp[0], victim_id=ap[0], rolls=NO_DOUBLE)
    assert calls(g) == [("foul missed", hp[0])] and state(g).playing(hp[0])
    turn(g, "watch like a hawk")
    ev(g, "foul", player_id=hp[1], victim_id=ap[0], rolls={**NO_DOUBLE, "spot": d6(3)})
    assert calls(g)[-2:] == [("foul spotted", hp[1]), ("not sent off", hp[1])]
    ev(g, "foul", player_id=ap[1], victim_id=hp[0], rolls={**NO_DOUBLE, "spot": d6(4)})
    assert state(g).out[ap[1]] == "sent off"
    assert ("send-off (foul spotted): Reikland 2", 4) in rolls_for(g)
    turn(g, "move")  # his last action is a move now: the next foul goes unseen
    ev(g, "foul", player_id=hp[2], victim_id=ap[0], rolls=NO_DOUBLE)
    assert calls(g)[-1] == ("foul missed", hp[2])


def test_two_heads_always_watches_like_a_hawk(g):
    give(g, ["Two Heads"])
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls={**NO_DOUBLE, "spot": d6(6)})
    assert state(g).out[g["hp"][0]] == "sent off"


def test_a_prone_ref_sends_nobody_off_even_on_a_double(g):
    ev(g, "ref state", data={"state": "prone"})
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls=DOUBLE)
    assert state(g).playing(g["hp"][0]) and calls(g) == [("foul unseen", g["hp"][0])]


def test_the_assistant_ref_sends_off_those_who_foul_or_block_while_the_ref_is_down(g):
    give(g, ["Assistant Ref"])
    ev(g, "ref state", data={"state": "stunned"})
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls=NO_DOUBLE)
    ev(g, "block", player_id=g["hp"][1], victim_id=g["ap"][1])
    assert calls(g, "sent off") == [("sent off", g["hp"][0]), ("sent off", g["hp"][1])]
    assert "Assistant Ref" in state(g).calls[-1]["why"]


def test_a_terrible_ref_sends_off_only_on_his_d6(g):
    give(g, ["Terrible Ref"])
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls={**DOUBLE, "spot": d6(3)})
    assert state(g).playing(g["hp"][0])
    ev(g, "foul", player_id=g["hp"][1], victim_id=g["ap"][0], rolls={**DOUBLE, "spot": d6(4)})
    assert state(g).out[g["hp"][1]] == "sent off"


def test_lawquoter_sends_nobody_off_in_the_next_turn_even_with_an_assistant_ref(g):
    give(g, ["Lawquoter", "Assistant Ref"])
    hp, ap = g["hp"], g["ap"]
    ev(g, "foul", player_id=hp[0], victim_id=ap[0], rolls=DOUBLE)  # sent off in turn 1
    turn(g)
    ev(g, "foul", player_id=hp[1], victim_id=ap[0], rolls=DOUBLE)
    assert state(g).playing(hp[1]) and calls(g)[-1] == ("foul unseen", hp[1])
    refused(g["db"], lambda: ev(g, "send-off roll", player_id=hp[2], roll=d6(6)), "quoting the rules")
    turn(g)
    ev(g, "foul", player_id=hp[2], victim_id=ap[0], rolls=DOUBLE)  # turn 3: calls again
    assert state(g).out[hp[2]] == "sent off"


@pytest.mark.parametrize(("skill", "on_send_offs", "face", "sent"),
                         [("Loves Dirty Tricks", False, 3, False), ("Loves Dirty Tricks", True, 3, True),
                          ("Hates Dirty Tricks", True, 4, False), ("Hates Dirty Tricks", False, 4, True)])  # fmt: skip
def test_dirty_tricks_changes_the_send_off_d6_where_the_league_says_so(g, skill, on_send_offs, face, sent):
    house_rule(g["db"], dirty_tricks_on_send_offs=on_send_offs)
    give(g, [skill, "Two Heads"])
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls={**NO_DOUBLE, "spot": d6(face)})
    assert (not state(g).playing(g["hp"][0])) is sent


# -- "Players may Block or Blitz the referee" ---------------------------------------------------------------
def test_a_block_on_the_ref_warns_the_assists_and_he_goes_after_the_blocker_once_he_stands(g):
    hp = g["hp"]
    ev(g, "ref blocked", player_id=hp[0], data={"how": "block", "assists": [hp[1], hp[2]], "result": "prone"})
    s = state(g)
    assert s.ref_state == "prone" and s.revenge == [hp[0]]
    assert calls(g) == [("warning", hp[1]), ("warning", hp[2])] and s.playing(hp[1])
    ev(g, "ref state", data={"state": "standing"}, rolls={"send-off": d6(4)})
    assert state(g).out[hp[0]] == "sent off" and state(g).revenge == []
    assert ("send-off (he blocked or fouled the ref): Orcland 1", 4) in rolls_for(g)


def test_a_ref_left_standing_sends_off_the_blocker_at_once_on_4_plus(g):
    ev(
        g,
        "ref blocked",
        player_id=g["ap"][0],
        data={"how": "blitz", "result": "standing"},
        rolls={"send-off": d6(3)},
    )
    assert state(g).playing(g["ap"][0]) and calls(g) == [("not sent off", g["ap"][0])]


def test_a_ref_hurt_by_the_block_leaves_it_to_a_normal_ref(g):
    ev(g, "ref blocked", player_id=g["ap"][0], data={"assists": [g["ap"][1]], "result": "knocked out"})
    s = state(g)
    assert s.ref_state == "knocked out" and s.revenge == [] and calls(g) == [] and not s.ref_on_pitch()


def test_a_prone_ref_is_fouled_not_blocked(g):
    db = g["db"]
    refused(db, lambda: ev(g, "ref blocked", player_id=g["hp"][0], data={"how": "foul"}), "a foul is made against")
    ev(g, "ref state", data={"state": "prone"})
    refused(db, lambda: ev(g, "ref blocked", player_id=g["hp"][0], data={"how": "block"}), "fouled, not blocked")
    ev(g, "ref blocked", player_id=g["hp"][0], data={"how": "foul", "result": "stunned"})
    assert state(g).revenge == [g["hp"][0]]


@pytest.mark.parametrize(("face", "sent"), [(2, True), (3, False)])
def test_hates_gang_ups_sends_off_an_assisting_player_on_a_d6_at_most_the_assists(g, face, sent):
    give(g, ["Hates Gang Ups"])
    hp = g["hp"]
    ev(g, "block", player_id=hp[0], victim_id=g["ap"][0], data={"assists": [hp[1], hp[2]]},
       rolls={"gang ups": d6(face), "pick": typed_roll("D12", [7])})  # fmt: skip
    assert calls(g, "sent off") == ([("sent off", hp[2])] if sent else [])  # 7 of 12: the second of two


# -- the ref's own block, foul, Whistle and Chainsaw -----------------------------------------------------------
def test_the_refs_foul_on_a_double_brings_rotten_eggs_and_a_normal_ref_for_the_rest(g):
    db = g["db"]
    turn(g, "foul", target=g["ap"][0], rolls={"ref armour": two(2, 3)})
    assert state(g).ref_on_pitch()
    turn(g, "foul", target=g["ap"][0], rolls={"ref armour": two(5, 5)})
    s = state(g)
    assert (
        s.ref_state == "sent off by rotten eggs" and not s.ref_on_pitch() and "rotten eggs" in last(g).data["text"]
    )
    refused(db, lambda: turn(g), "off the pitch")
    ev(g, "end turn")  # a normal ref: no more ref's turns
    assert q.read_game(db, g["match"]).state.turn == 4


def test_the_whistle_deafens_the_closest_player_next_turn_and_its_penalty_roll_may_lose_the_pea(g):
    db = g["db"]
    refused(db, lambda: turn(g, "blow the whistle", target=g["ap"][0]), "does not carry a Whistle")
    give(g, equipment=["Whistle"])
    turn(g, "blow the whistle", target=g["ap"][0], rolls={"whistle": two(3, 4)})
    refused(db, lambda: ev(g, "block", player_id=g["ap"][0], victim_id=g["hp"][0]), "deafened")
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls=NO_DOUBLE)  # he may still be fouled
    turn(g, "blow the whistle", target=g["ap"][1], rolls={"whistle": two(5, 5)})  # 10+: his pea is lost
    assert state(g).ref_state == "sent off"
    assert ("Whistle penalty", 10) in rolls_for(g)
    ev(g, "block", player_id=g["ap"][0], victim_id=g["hp"][0])  # turn 3: he hears again


# -- Super Pro, Personal Apothecary --------------------------------------------------------------------------
def test_super_pro_re_rolls_one_of_his_dice_once_each_half(g):
    db = g["db"]
    give(g, ["Super Pro", "Two Heads"])
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls={**NO_DOUBLE, "spot": d6(2)})
    assert state(g).playing(g["hp"][0])
    ev(g, "super pro", roll=d6(5))
    assert state(g).out[g["hp"][0]] == "sent off"
    assert ("Super Pro re-roll: send-off (foul spotted): Orcland 1", 5) in rolls_for(g)
    ev(g, "foul", player_id=g["hp"][1], victim_id=g["ap"][0], rolls={**NO_DOUBLE, "spot": d6(1)})
    refused(db, lambda: ev(g, "super pro", roll=d6(6)), "one Referee re-roll each half")
    for _ in range(8):
        turn(g)
    ev(g, "foul", player_id=g["hp"][1], victim_id=g["ap"][0], rolls={**NO_DOUBLE, "spot": d6(1)})
    ev(g, "super pro", roll=d6(4))  # the second half's
    assert state(g).out[g["hp"][1]] == "sent off"


def test_super_pro_takes_none_of_the_players_dice_and_a_ref_without_it_has_none(g):
    db = g["db"]
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls=NO_DOUBLE)
    refused(db, lambda: ev(g, "super pro", roll=d6(5)), "no Super Pro skill")
    give(g, ["Super Pro"])
    refused(db, lambda: ev(g, "super pro", roll=d6(5)), "has none to re-roll")  # the armour roll is the player's


def test_taking_back_a_super_pro_re_roll_restores_the_first_call(g):
    db = g["db"]
    give(g, ["Super Pro", "Two Heads"])
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls={**NO_DOUBLE, "spot": d6(2)})
    before = snapshot(db)
    ev(g, "super pro", roll=d6(5))
    pad.take_back_event(db, match_id=g["match"], holder=HOLDER)
    assert snapshot(db) == before and state(g).playing(g["hp"][0])


def test_the_personal_apothecary_patches_up_the_ref_once(g):
    db = g["db"]
    ev(g, "ref state", data={"state": "knocked out"})
    refused(db, lambda: ev(g, "apothecary", data={"state": "standing"}), "Only a ref with a Personal Apothecary")
    give(g, ["Personal Apothecary"])
    refused(db, lambda: ev(g, "apothecary", data={"state": "prone"}), "comes round")
    ev(g, "apothecary", data={"state": "standing"})
    s = state(g)
    assert s.ref_on_pitch() and s.out_turn is None
    ev(g, "ref blocked", player_id=g["hp"][0], data={"result": "injured"})
    refused(db, lambda: ev(g, "apothecary", data={"state": "badly hurt"}), "has been used this game")


def test_the_apothecary_on_a_casualty_keeps_the_milder_result(g):
    give(g, ["Personal Apothecary"])
    ev(g, "ref blocked", player_id=g["hp"][0], data={"result": "injured"})
    refused(g["db"], lambda: ev(g, "apothecary", data={"state": "dead"}), "badly hurt or seriously injured")
    ev(g, "apothecary", data={"state": "badly hurt"})
    assert state(g).ref_state == "badly hurt" and state(g).out_state == "badly hurt"


# -- Strict Ref, Biased Ref: "you may not argue the call" -------------------------------------------------------
def test_the_call_is_argued_only_where_the_league_plays_the_roll(g):
    db = g["db"]
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls=DOUBLE)
    refused(db, lambda: ev(g, "argue the call", data={"player_id": g["hp"][0]}), "plays no argue-the-call roll")
    house_rule(db, argue_the_call=True)
    ev(g, "argue the call", data={"player_id": g["hp"][0]}, rolls={"argue": d6(6)})
    assert state(g).playing(g["hp"][0]) and "overturned" in last(g).data["text"]


def test_a_strict_ref_hears_no_argument_and_a_biased_ref_none_from_the_losing_team(g):
    db = g["db"]
    house_rule(db, argue_the_call=True)
    give(g, ["Strict Ref"])
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], rolls=DOUBLE)
    refused(db, lambda: ev(g, "argue the call", data={"player_id": g["hp"][0]}), "Strict Ref")
    give(g, ["Biased Ref"])
    ev(g, "touchdown", player_id=g["ap"][1])  # the away team leads 1-0
    refused(db, lambda: ev(g, "argue the call", data={"player_id": g["hp"][0]}), "losing cannot argue")
    ev(g, "foul", player_id=g["ap"][2], victim_id=g["hp"][1], rolls=DOUBLE)
    ev(g, "argue the call", data={"player_id": g["ap"][2]}, rolls={"argue": d6(1)})
    assert "coach is ejected" in last(g).data["text"] and not state(g).playing(g["ap"][2])


# -- bad input --------------------------------------------------------------------------------------------
def test_bad_input_is_refused_in_words_and_writes_nothing(g):
    db, hp, ap = g["db"], g["hp"], g["ap"]
    ev(g, "foul", player_id=hp[0], victim_id=ap[0], rolls=DOUBLE)
    refused(db, lambda: ev(g, "foul", player_id=hp[0], victim_id=ap[1], rolls=NO_DOUBLE), "out of the game")
    refused(db, lambda: ev(g, "foul", player_id=10_000, victim_id=ap[1]), "not in this game")
    refused(db, lambda: ev(g, "send-off roll", player_id=hp[0], roll=d6(6)), "out of the game \\(sent off\\)")
    refused(db, lambda: ev(g, "foul", player_id=hp[1], victim_id=hp[2]), "same team")
    refused(
        db, lambda: ev(g, "block", player_id=hp[1], victim_id=ap[1], data={"assists": [ap[2]]}), "cannot assist"
    )
    refused(db, lambda: turn(g, ref_square=[3, 15]), "off it")
    for _ in range(16):
        turn(g)
    refused(db, lambda: ev(g, "foul", player_id=hp[1], victim_id=ap[1]), "full time")


def test_an_event_with_several_rolls_is_taken_back_with_all_of_them(g):
    db = g["db"]
    give(g, ["Hates Gang Ups"])
    before = snapshot(db)
    ev(g, "block", player_id=g["hp"][0], victim_id=g["ap"][0], data={"assists": [g["hp"][1], g["hp"][2]]},
       rolls={"gang ups": d6(1), "pick": typed_roll("D12", [1])})  # fmt: skip
    assert len(rolls_for(g)) == 2
    pad.take_back_event(db, match_id=g["match"], holder=HOLDER)
    assert snapshot(db) == before


# -- the sheet and the careers ------------------------------------------------------------------------------
def test_the_calls_are_on_the_sheet_the_refs_career_and_the_players(g):
    db, hp, ap = g["db"], g["hp"], g["ap"]
    ev(g, "foul", player_id=hp[0], victim_id=ap[0], rolls=DOUBLE)  # spotted, sent off
    ev(g, "foul", player_id=ap[0], victim_id=hp[1], rolls=NO_DOUBLE)  # missed
    ev(
        g,
        "ref blocked",
        player_id=ap[1],
        data={"assists": [ap[2]], "result": "standing"},
        rolls={"send-off": d6(5)},
    )
    for _ in range(16):
        turn(g)
    ev(g, "mvp", team_id=g["home"], player_id=hp[1])
    ev(g, "mvp", team_id=g["away"], player_id=ap[3])
    pad.full_time(db, match_id=g["match"], gate_faces=[3] * 11)
    with db.read() as session:
        sheet = session.scalars(select(RefereeMatch).where(RefereeMatch.match_id == g["match"])).one()
        assert [c["call"] for c in sheet.calls] == [
            "foul spotted",
            "sent off",
            "foul missed",
            "warning",
            "sent off",
        ]
        assert [s["player"] for s in sheet.sent_off] == ["Orcland 1", "Reikland 2"]
    assert len(sheet_of_match(db, g["match"]).calls) == 5
    game = careers.referee_career(db, g["ref"]).games[0]
    assert (game.sent_off, game.warnings, game.fouls_spotted, game.fouls_missed) == (2, 1, 1, 1)
    warned = careers.player_career(db, ap[2])
    assert [(c.call, c.turn, c.referee) for c in warned.calls] == [("warning", 1, "Ranulf")]
    assert [c.call for c in careers.player_career(db, hp[0]).calls] == ["sent off"]


def test_the_pads_log_says_each_call_in_words(g):
    db, hp, ap = g["db"], g["hp"], g["ap"]
    ev(g, "place ref", data={"square": [4, 4]})
    ev(g, "foul", player_id=hp[0], victim_id=ap[0], rolls=DOUBLE)
    ev(g, "ref blocked", player_id=ap[1], data={"assists": [ap[2]], "result": "prone"})
    turn(g, "watch like a hawk", ref_square=[4, 4], ball_square=[10, 4])
    game = q.read_game(db, g["match"])
    lines = [q.describe(e, game) for e in game.events]
    assert lines == [
        "T1  The ref is placed at (5, 5)",
        "T1  Foul: #1 Orcland 1 on #1 Reikland 1 (a double); foul spotted: #1 Orcland 1; sent off: #1 Orcland 1",
        "T1  #2 Reikland 2 blocks the ref: he is prone, 1 assist; warning: #3 Reikland 3",
        "T1  End of turn 1: the ref watch like a hawk, in range (6 squares from the ball)",
    ]


def test_super_pro_re_rolls_a_send_off_roll_or_escapist_too(g):
    give(g, ["Super Pro", "Escapist"])
    ev(g, "send-off roll", player_id=g["ap"][0], roll=d6(1))
    assert state(g).playing(g["ap"][0])
    ev(g, "super pro", roll=d6(6))
    assert state(g).out[g["ap"][0]] == "sent off" and calls(g, "sent off") == [("sent off", g["ap"][0])]
    for _ in range(8):
        turn(g)
    ev(g, "get the ref", roll=d6(2))
    assert not state(g).ref_on_pitch()
    ev(g, "super pro", roll=d6(4))
    assert state(g).ref_on_pitch() and state(g).escaped
    with g["db"].read() as session:  # each roll kept: the first and its re-roll
        linked = session.scalars(select(DiceRoll.player_id).where(DiceRoll.purpose.like("%send-off%"))).all()
    assert linked == [g["ap"][0], g["ap"][0]]


def test_a_game_with_a_normal_ref_sends_off_a_double_and_nothing_else(db):
    home, away = build_teams(db, 2)
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    pad.open_pad(db, match_id=match_id, holder=HOLDER)
    n = {"db": db, "match": match_id, "hp": roster_ids(db, home), "ap": roster_ids(db, away)}
    ev(n, "foul", player_id=n["hp"][0], victim_id=n["ap"][0], rolls=NO_DOUBLE)
    ev(n, "foul", player_id=n["hp"][1], victim_id=n["ap"][0], rolls=DOUBLE)
    assert calls(n) == [("sent off", n["hp"][1])] and state(n).calls[0]["by"] == "normal ref"
    refused(db, lambda: ev(n, "ref blocked", player_id=n["hp"][2]), "normal ref referees this game")
    refused(db, lambda: ev(n, "super pro", roll=d6(6)), "normal ref referees this game")


def test_rotten_eggs_end_his_match_on_the_sheet(g):
    turn(g, "foul", target=g["ap"][0], rolls={"ref armour": two(1, 1)})
    for _ in range(15):
        ev(g, "end turn")
    ev(g, "mvp", team_id=g["home"], player_id=g["hp"][0])
    ev(g, "mvp", team_id=g["away"], player_id=g["ap"][0])
    pad.full_time(g["db"], match_id=g["match"], gate_faces=[3] * 11)
    view = sheet_of_match(g["db"], g["match"])
    assert (view.state, view.out_turn, view.verdict.result) == ("sent off by rotten eggs", 1, "did not referee")


def test_dice_typed_at_the_table_go_to_the_rolls_in_the_order_the_rules_ask(g):
    give(g, ["Two Heads", "Fast Runner"])
    ev(g, "foul", player_id=g["hp"][0], victim_id=g["ap"][0], table_dice=[d6(4), two(2, 5)])
    assert state(g).out[g["hp"][0]] == "sent off"
    assert rolls_for(g) == [("foul by Orcland 1: armour roll", 7), ("send-off (foul spotted): Orcland 1", 4)]
    ev(g, "place ref", data={"square": [0, 0]})
    turn(g, ref_square=[8, 0], table_dice=[d6(2), d6(1)])  # the second Go For It fails
    assert state(g).ref_state == "prone" and [t for _p, t in rolls_for(g)[-2:]] == [2, 1]


def test_hates_gang_ups_rolls_for_a_fouls_assists_too(g):
    give(g, ["Hates Gang Ups"])
    hp = g["hp"]
    ev(g, "foul", player_id=hp[0], victim_id=g["ap"][0], data={"assists": [hp[1]]},
       rolls={**NO_DOUBLE, "gang ups": d6(1)})  # fmt: skip
    assert calls(g) == [("sent off", hp[1]), ("foul missed", hp[0])]
    assert ("Hates Gang Ups (1 assist)", 1) in rolls_for(g)
