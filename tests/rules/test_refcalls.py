"""The ref's calls as pure rules: whatever the dice and the skills, a player is sent off once, by a call; a
Lawquoter's quiet turn sends nobody off; a prone ref without an Assistant Ref sends nobody off; the verdict counts
only ticks the squares allow."""

from hypothesis import given, settings
from hypothesis import strategies as st

from roster_app.errors import RuleViolation
from roster_app.rules import matchpad as mp
from roster_app.rules import refcalls as rc
from roster_app.rules import table_layout
from roster_app.rules.dice import typed_roll
from roster_app.rules.ruleset import default_ruleset

HOME, AWAY = 1, 2
PLAYERS = {i: mp.InGame(i, HOME if i <= 11 else AWAY, (i - 1) % 11 + 1, f"P{i}") for i in range(1, 23)}
SKILLS = ("Two Heads", "Lawquoter", "Assistant Ref", "Terrible Ref", "Hates Gang Ups", "Loves Dirty Tricks")


def _dice(faces):
    """Dice from a list of faces drawn by hypothesis (a D12 from the same face)."""
    it = iter(faces)

    def dice(_key, spec, modifier, _purpose):
        count = 2 if spec.startswith("2") else 1
        return typed_roll(spec, [next(it, 3) for _ in range(count)], modifier=modifier)

    return dice


STEP = st.tuples(
    st.sampled_from(["foul", "block", "ref blocked", "end turn", "ref state"]),
    st.integers(1, 22), st.integers(1, 22), st.lists(st.integers(1, 22), max_size=3, unique=True),
    st.sampled_from(["standing", "prone", "stunned"]), st.sampled_from(list(rc.ACTIONS[:4])),
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(skills=st.sets(st.sampled_from(SKILLS)), steps=st.lists(STEP, max_size=25),
       faces=st.lists(st.integers(1, 6), min_size=80, max_size=80))  # fmt: skip
def test_every_send_off_is_one_call_and_none_in_a_quiet_turn(skills, steps, faces):
    ruleset = default_ruleset()
    ref = mp.RefInfo("Ref", tuple(sorted(skills)), (), False, 6)
    events: list[mp.Event] = []
    dice = _dice(faces)
    quiet_sends, down_sends = [], []
    for kind, by, victim, helpers, result, action in steps:
        state = mp.fold(events, home_id=HOME, away_id=AWAY, ref=ref)
        same = [h for h in helpers if PLAYERS[h].team_id == PLAYERS[by].team_id and h != by]
        data = {"end turn": {"action": action, "in_range": True}, "ref state": {"state": result},
                "ref blocked": {"how": "foul" if state.ref_down() else "block", "assists": same, "result": result}
                }.get(kind, {"assists": same} if kind == "block" else {})  # fmt: skip
        event = mp.Event(kind, state.turn, None, by, victim, data)
        try:
            mp.check_event(state, event, PLAYERS, ruleset)
        except RuleViolation:
            continue
        decide = {"foul": rc.foul, "block": rc.block, "ref blocked": rc.ref_blocked}.get(kind)
        extra = decide(state, event, PLAYERS, dice, ruleset) if decide else {}
        if kind == "ref state" and result == "standing" and state.revenge:
            extra = {"calls": rc.revenge(state, state.revenge, PLAYERS, dice, ruleset), "revenge": []}
        sends = [c for c in extra.get("calls", ()) if c["call"] == "sent off"]
        if sends and state.quiet_turn == state.turn:
            quiet_sends.append(sends)
        if sends and state.ref_down() and "Assistant Ref" not in skills and kind != "ref state":  # not standing up
            down_sends.append(sends)
        events.append(mp.Event(kind, state.turn, None, by, victim, {**data, **extra}))
    state = mp.fold(events, home_id=HOME, away_id=AWAY, ref=ref)
    sent = [c["player_id"] for c in state.calls if c["call"] == "sent off"]
    assert len(sent) == len(set(sent))  # nobody is sent off twice
    assert sorted(sent) == sorted(p for p, why in state.out.items() if why == "sent off")
    assert [s["player_id"] for s in state.sent_off] == sent
    assert quiet_sends == [] and down_sends == []


@given(ref=st.tuples(st.integers(0, 25), st.integers(0, 14)), ball=st.tuples(st.integers(0, 25), st.integers(0, 14)),
       skills=st.sets(st.sampled_from(["Mole Eyes", "Eagle Eyes"])), tick=st.booleans())  # fmt: skip
def test_the_squares_decide_the_range_and_a_tick_against_them_is_refused(ref, ball, skills, tick):
    ruleset = default_ruleset()
    state = mp.fold([], home_id=HOME, away_id=AWAY, ref=mp.RefInfo("Ref", tuple(skills), (), False, 6))
    limit = 7 if "Mole Eyes" in skills else 11 if skills else 9
    inside = max(abs(ref[0] - ball[0]), abs(ref[1] - ball[1])) <= limit
    data = {"ref_square": list(ref), "ball_square": list(ball), "in_range": tick}
    if tick == inside:
        assert mp.range_from_squares(state, data, ruleset) is inside
    else:
        try:
            mp.range_from_squares(state, data, ruleset)
        except RuleViolation as refused:
            assert "The squares decide" in str(refused)
        else:
            raise AssertionError("a tick against the squares was taken")


def test_the_house_rule_for_dirty_tricks_is_league_data_with_words_in_the_rules_window():
    rules = default_ruleset().table("referee_rules")
    assert rules["dirty_tricks_on_send_offs"] is False and rules["argue_the_call"] is False
    assert table_layout.label("referee_rules", "dirty_tricks_on_send_offs") == (
        "Dirty Tricks also on the D6 send-off rolls"
    )
    assert rc.send_off_modifier(["Loves Dirty Tricks"], None) == 0


def test_dice_typed_in_one_line_are_d6s_and_2d6s():
    from roster_app.rules.dice import typed_dice

    rolls = typed_dice("4, 3+3  6")
    assert [(r.dice, r.faces, r.typed) for r in rolls] == [
        ("D6", (4,), True),
        ("2D6", (3, 3), True),
        ("D6", (6,), True),
    ]
    assert typed_dice("  ") == []
    for bad, words in (("7", "A D6 shows 1 to 6"), ("x", "is not dice"), ("1+2+3", "is not dice")):
        try:
            typed_dice(bad)
        except RuleViolation as refused:
            assert words in str(refused)
        else:
            raise AssertionError(f"{bad!r} was taken as dice")
