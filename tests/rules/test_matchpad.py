"""The match pad's rules: the ref's state machine, range on the pitch, the running verdict, refusals."""

import pytest

from roster_app.errors import RuleViolation
from roster_app.rules import matchpad as mp

HOME, AWAY = 1, 2
PLAYERS = {1: mp.InGame(1, HOME, 1, "Grim"), 2: mp.InGame(2, HOME, 2, "Urk"), 3: mp.InGame(3, AWAY, 1, "Otto")}
REF = mp.RefInfo("Ref Ranulf", (), (), False)


def ref_turn(turn, *, in_range=True, action="move"):
    return mp.Event("end turn", turn, data={"in_range": in_range, "action": action})


def game(*events, ref=REF):
    return mp.fold(events, home_id=HOME, away_id=AWAY, ref=ref)


def refused(state, event, words):
    with pytest.raises(RuleViolation, match=words):
        mp.check_event(state, event, PLAYERS)


def test_turns_run_in_two_halves_and_full_time_after_sixteen():
    state = game(*(ref_turn(t) for t in range(1, 9)))
    assert (state.turn, state.half, state.over) == (9, 2, False)
    state = game(*(ref_turn(t) for t in range(1, 17)))
    assert state.over and state.turns_played == 16
    refused(state, mp.Event("touchdown", 16, HOME, 1), "full time")
    mp.check_event(state, mp.Event("mvp", 16, HOME, 1), PLAYERS)  # the MVP comes at the end


def test_a_ref_knocked_out_in_the_first_half_returns_for_the_second():
    state = game(ref_turn(1), mp.Event("ref state", 2, data={"state": "knocked out"}))
    assert not state.ref_on_pitch()
    refused(state, ref_turn(2), "off the pitch")
    refused(state, mp.Event("send-off roll", 2, HOME, 1), "off the pitch")
    events = [ref_turn(1), mp.Event("ref state", 2, data={"state": "knocked out"})]
    events += [mp.Event("end turn", t) for t in range(2, 9)]
    state = game(*events)
    assert state.turn == 9 and state.ref_on_pitch() and state.ref_state == "standing"
    assert mp.sheet_fields(state)["state"] == "knocked out" and state.out_turn == 2


@pytest.mark.parametrize("how", ["knocked out", "badly hurt", "injured", "dead", "sent off by rotten eggs"])
def test_off_in_the_second_half_he_is_out_for_the_rest_of_the_game(how):
    events = [ref_turn(t) for t in range(1, 10)] + [mp.Event("ref state", 10, data={"state": how})]
    events += [mp.Event("end turn", t) for t in range(10, 17)]
    state = game(*events)
    assert state.over and not state.ref_on_pitch()
    assert mp.running_verdict(state).ticks == 9


def test_a_prone_ref_sends_nobody_off_unless_an_assistant_ref():
    state = game(mp.Event("ref state", 1, data={"state": "prone"}))
    refused(state, mp.Event("send-off roll", 1, HOME, 1), "sends nobody off")
    refused(state, mp.Event("sent off", 1, HOME, 1), "sends nobody off")
    helped = game(
        mp.Event("ref state", 1, data={"state": "prone"}), ref=mp.RefInfo("Ref", ("Assistant Ref",), (), False)
    )
    mp.check_event(helped, mp.Event("send-off roll", 1, HOME, 1), PLAYERS)


def test_a_normal_ref_after_get_the_ref_and_lawquoter_and_terrible_ref():
    state = game(mp.Event("get the ref", 1, data={"escaped": False}))
    assert not state.ref_on_pitch()
    mp.check_event(state, mp.Event("end turn", 1), PLAYERS)  # no ref's turn: a normal ref
    mp.check_event(state, mp.Event("sent off", 1, HOME, 1), PLAYERS)  # the ordinary rules
    assert mp.running_verdict(state).result == "normal ref"
    escaped = game(mp.Event("get the ref", 1, data={"escaped": True}))
    assert escaped.ref_on_pitch()
    lawquoter = game(
        mp.Event("send-off roll", 1, HOME, 1, data={"success": True}),
        ref=mp.RefInfo("Q", ("Lawquoter",), (), False),
    )
    assert lawquoter.out[1] == "sent off"
    lawquoter = mp.fold(
        [*lawquoter_events(), ref_turn(1)],
        home_id=HOME,
        away_id=AWAY,
        ref=mp.RefInfo("Q", ("Lawquoter",), (), False),
    )
    refused(lawquoter, mp.Event("send-off roll", 2, AWAY, 3), "Lawquoter")
    terrible = game(ref=mp.RefInfo("T", ("Terrible Ref",), (), False))
    refused(terrible, mp.Event("sent off", 1, HOME, 1), "Terrible Ref")


def lawquoter_events():
    return [mp.Event("send-off roll", 1, HOME, 1, data={"success": True})]


def test_players_out_of_the_game_and_strangers_are_refused():
    state = game(mp.Event("casualty", 1, AWAY, 3, 1, {"injury": "-1 MA"}))
    refused(state, mp.Event("touchdown", 1, HOME, 1), "out of the game")
    refused(state, mp.Event("touchdown", 1, HOME, 99), "not in this game")
    refused(state, mp.Event("touchdown", 1, AWAY, 2), "does not play for that team")
    refused(state, mp.Event("casualty", 1, HOME, 2, 2), "not in this game|out of the game|same team")
    refused(state, mp.Event("riot", 1), "before turn 1")


@pytest.mark.parametrize(("ref", "ball", "skills", "inside"), [
    ((0, 0), (9, 3), (), True), ((0, 0), (10, 3), (), False), ((5, 5), (12, 5), ("Mole Eyes",), True),
    ((5, 5), (13, 5), ("Mole Eyes",), False), ((0, 14), (11, 0), ("Eagle Eyes",), False),
    ((0, 14), (11, 3), ("Eagle Eyes",), True), ((25, 14), (25, 14), (), True),
])  # fmt: skip
def test_range_counts_squares_the_blood_bowl_way(ref, ball, skills, inside):
    assert mp.in_range(ref, ball, skills) is inside


def test_a_square_off_the_pitch_is_refused():
    with pytest.raises(RuleViolation, match="26 by 15"):
        mp.squares_apart((26, 0), (0, 0))


@pytest.mark.parametrize(("ticks", "turns", "result"), [(1, 4, "sacked"), (2, 4, "on track"), (3, 4, "award"),
                                                          (12, 16, "award"), (4, 16, "sacked"), (11, 16, "kept")])  # fmt: skip
def test_the_running_verdict_uses_the_riot_rule_on_the_turns_played(ticks, turns, result):
    events = [ref_turn(t, in_range=t <= ticks) for t in range(1, turns + 1)]
    assert mp.running_verdict(game(*events)).result == result


def test_a_riot_ends_the_game_and_judges_the_turns_played():
    state = game(*(ref_turn(t) for t in range(1, 7)), mp.Event("riot", 7))
    assert state.over and state.riot and state.turns_played == 6
    assert mp.running_verdict(state).result == "award"
    refused(state, ref_turn(7), "Riot ended the match after turn 6")
