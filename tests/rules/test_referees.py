"""The referee rules of seed 000 at their boundaries: range, sacking, the award, SPP, skills, rolls."""

import pytest

from roster_app.errors import RuleViolation
from roster_app.rules import referees as rr
from roster_app.rules.dice import typed_roll
from roster_app.rules.ruleset import load_bundled


@pytest.fixture(scope="module", params=["lrb4", "lrb5", "lrb6"])
def ruleset(request):
    """Every bundled ruleset: the referee rules hold on each."""
    return load_bundled(request.param)


# -- range ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("skills", "squares"),
    [([], 9), (["Mole Eyes"], 7), (["Eagle Eyes"], 11), (["Block", "Eagle Eyes"], 11),
     (["Eagle Eyes", "Mole Eyes"], 7)],
)  # fmt: skip
def test_the_ref_must_stay_within_9_squares_7_with_mole_eyes_11_with_eagle_eyes(ruleset, skills, squares):
    assert rr.ref_range(skills, ruleset) == squares


def test_the_range_comes_from_the_league_ruleset(ruleset):
    rules = dict(ruleset.table("referee_rules"), range=8, range_skills={"Mole Eyes": 6, "Eagle Eyes": 10})
    house = ruleset.with_table("referee_rules", rules)
    assert [rr.ref_range(s, house) for s in ([], ["Mole Eyes"], ["Eagle Eyes"])] == [8, 6, 10]


# -- the verdict -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("in_range", "result"),
    [(0, "sacked"), (4, "sacked"), (5, "kept"), (11, "kept"), (12, "award"), (16, "award")],
)
def test_sacked_at_4_turns_or_fewer_award_at_12_of_16(ruleset, in_range, result):
    verdict = rr.match_verdict(in_range, ruleset=ruleset)
    assert verdict.result == result
    assert verdict.sacked == (result == "sacked")
    assert verdict.award == (result == "award")


@pytest.mark.parametrize(
    ("played", "in_range", "result"),
    [
        (8, 2, "sacked"),  # 25% exactly
        (8, 3, "kept"),
        (8, 5, "kept"),
        (8, 6, "award"),  # 75% exactly
        (10, 2, "sacked"),  # 20%
        (10, 3, "kept"),  # 30%: above 25%
        (10, 7, "kept"),  # 70%
        (10, 8, "award"),  # 80%
        (4, 1, "sacked"),
        (4, 2, "kept"),
        (4, 3, "award"),
        (16, 4, "sacked"),
        (16, 12, "award"),
    ],
)
def test_in_a_riot_the_percentages_of_the_turns_played_count(ruleset, played, in_range, result):
    verdict = rr.match_verdict(in_range, riot=True, turns_played=played, ruleset=ruleset)
    assert (verdict.result, verdict.turns_played) == (result, played)


def test_a_riot_does_not_use_the_16_turn_numbers(ruleset):
    # 5 of 6 turns would be "kept" on the normal scale (5 < 12) but is an award in a Riot (83%)
    assert rr.match_verdict(5, riot=True, turns_played=6, ruleset=ruleset).award
    assert not rr.match_verdict(5, ruleset=ruleset).award


@pytest.mark.parametrize(
    ("in_range", "casualties", "spp"), [(12, 0, 10), (11, 0, 0), (12, 2, 20), (5, 1, 5), (4, 3, 15)]
)
def test_a_ref_gets_10_spp_for_the_award_and_5_per_casualty(ruleset, in_range, casualties, spp):
    assert rr.match_verdict(in_range, casualties=casualties, ruleset=ruleset).spp == spp


@pytest.mark.parametrize(("in_range", "casualties"), [(16, 0), (12, 3), (2, 1)])
def test_a_star_ref_never_gains_spp(ruleset, in_range, casualties):
    verdict = rr.match_verdict(in_range, casualties=casualties, is_star=True, ruleset=ruleset)
    assert verdict.spp == 0
    assert "gains no SPP" in verdict.describe()
    assert rr.match_spp(award=True, casualties=4, is_star=True, ruleset=ruleset) == 0


def test_impossible_sheets_are_refused(ruleset):
    with pytest.raises(RuleViolation):
        rr.match_verdict(17, ruleset=ruleset)
    with pytest.raises(RuleViolation):
        rr.match_verdict(6, riot=True, turns_played=5, ruleset=ruleset)
    with pytest.raises(RuleViolation):
        rr.match_verdict(0, riot=True, turns_played=0, ruleset=ruleset)


def test_a_ref_who_never_refereed_is_neither_sacked_nor_awarded(ruleset):
    verdict = rr.match_verdict(0, refereed=False, casualties=1, ruleset=ruleset)
    assert (verdict.result, verdict.spp) == ("did not referee", 0)


@pytest.mark.parametrize(
    ("status", "result", "state", "after"),
    [
        ("available", 4, "standing", "sacked"),
        ("available", 12, "badly hurt", "available"),
        ("available", 8, "injured", "injured"),
        ("available", 8, "dead", "dead"),
        ("available", 2, "dead", "dead"),
        ("available", 2, "injured", "sacked"),
    ],
)
def test_the_status_after_a_match(ruleset, status, result, state, after):
    verdict = rr.match_verdict(result, ruleset=ruleset)
    assert rr.status_after_match(status, verdict, state) == after


# -- who can be chosen ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("status", "is_star", "chosen"),
    [("available", False, True), ("available", True, True), ("sacked", False, False), ("sacked", True, False),
     ("dead", True, False), ("dead", False, False), ("injured", False, False)],
)  # fmt: skip
def test_sacked_refs_and_dead_star_refs_cannot_be_chosen(status, is_star, chosen):
    problem = rr.choice_problem(name="Jorg", status=status, is_star=is_star)
    assert (problem is None) == chosen
    if status == "dead" and is_star:
        assert "Star Ref who dies" in problem


# -- the match sheet's turns ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("state", "out_turn", "turns"),
    [
        ("standing", None, list(range(1, 17))),
        ("knocked out", 5, [1, 2, 3, 4, *range(9, 17)]),  # KO in the first half: back for the second
        ("knocked out", 8, [*range(1, 8), *range(9, 17)]),
        ("knocked out", 9, list(range(1, 9))),  # KO in the second half: out for the match
        ("badly hurt", 5, [1, 2, 3, 4]),
        ("dead", 1, []),
    ],
)
def test_a_ref_knocked_out_in_the_first_half_returns_for_the_second(state, out_turn, turns):
    assert rr.turns_available(turns=16, state=state, out_turn=out_turn) == turns


def test_get_the_ref_and_a_riot_limit_the_turns_that_count(ruleset):
    assert rr.sheet_turns(turns=16, turns_played=10, state="standing", out_turn=None) == list(range(1, 11))
    assert rr.sheet_turns(turns=16, turns_played=16, state="standing", out_turn=None, got_the_ref=9) == list(
        range(1, 9)
    )
    ticks = [True] * 16
    verdict = rr.verdict_for_sheet(ticks, riot=False, turns_played=16, casualties=0, is_star=False,
                                   state="standing", out_turn=None, got_the_ref=1, ruleset=ruleset)  # fmt: skip
    assert verdict.result == "did not referee"


# -- skills ------------------------------------------------------------------------------------------
def names(choices):
    return {c.name for c in choices}


@pytest.mark.parametrize(
    ("race", "opens", "closed"),
    [
        ("Human", {"Block", "Frenzy", "Blitz", "Eagle Eyes"}, {"Mighty Blow", "Leap", "Claw", "Spikes"}),
        ("Dwarf", {"Block", "Mighty Blow", "Stand Firm"}, {"Leap", "Claw"}),
        ("Chaos Dwarf", {"Multiple Block", "Piling On"}, {"Side Step", "Spikes"}),
        ("Wood Elf", {"Leap", "Jump Up", "Side Step", "Block"}, {"Mighty Blow", "Claw"}),
        ("Skaven", {"Claw", "Spikes", "Two Heads", "Block"}, {"Leap", "Stand Firm"}),
        ("Chaos", {"Foul Appearance", "Regenerate"}, {"Side Step", "Piling On"}),
        ("Goblin", {"Leap", "Side Step", "Escapist"}, {"Block", "Dauntless", "Dirty Player", "Frenzy"}),
        ("Halfling", {"Jump Up"}, {"Block", "Frenzy"}),
    ],
)
def test_race_restrictions_of_ref_skills(ruleset, race, opens, closed):
    offered = names(rr.referee_skill_choices(race, [], ruleset))
    assert opens <= offered
    assert not closed & offered
    for skill in closed:
        with pytest.raises(RuleViolation, match="only a double"):
            rr.check_referee_skill(race, [], skill, ruleset)


def test_on_a_double_any_group_is_open(ruleset):
    offered = {c.name: c for c in rr.referee_skill_choices("Halfling", [], ruleset, double=True)}
    assert {"Block", "Mighty Blow", "Claw"} <= set(offered)
    assert offered["Block"].needs_double and not offered["Leap"].needs_double
    assert rr.check_referee_skill("Halfling", [], "Block", ruleset, double=True).needs_double


@pytest.mark.parametrize(
    ("skill", "needs"), [("Sprint", "Fast Runner"), ("Sure Feet", "Fast Runner"), ("Horns", "Blitz")]
)
def test_sprint_and_sure_feet_need_fast_runner_horns_needs_blitz(ruleset, skill, needs):
    race = "Elf" if needs == "Fast Runner" else "Skaven"
    assert skill not in names(rr.referee_skill_choices(race, [], ruleset))
    with pytest.raises(RuleViolation, match=f"only if he already has {needs}"):
        rr.check_referee_skill(race, [], skill, ruleset)
    assert skill in names(rr.referee_skill_choices(race, [needs], ruleset))
    rr.check_referee_skill(race, [needs], skill, ruleset)
    with pytest.raises(RuleViolation, match=f"only together with {needs}"):
        rr.check_referee_skills([skill], ruleset)


def test_only_the_referee_list_may_be_taken(ruleset):
    with pytest.raises(RuleViolation, match="not on the referee skill list"):
        rr.check_referee_skill("Human", [], "Dodge", ruleset, double=True)
    with pytest.raises(RuleViolation, match="already has"):
        rr.check_referee_skill("Human", ["Block"], "Block", ruleset)
    assert "Block" not in names(rr.referee_skill_choices("Human", ["Block"], ruleset))


def test_skill_effects_are_one_line(ruleset):
    assert rr.skill_effect("Eagle Eyes", ruleset) == "May be within 11 squares of the ball instead of 9."
    # "As the player skill" borrows the player skill's effect
    assert rr.skill_effect("Block", ruleset).startswith("Neither player falls on a Both Down")
    assert rr.skill_effect("Sprint", ruleset).endswith("Only with Fast Runner.")


# -- characteristics and the Star Player Table ---------------------------------------------------------
def test_a_new_ref_has_his_races_basic_lineman_profile(ruleset):
    assert rr.starting_profile("Human", ruleset) == {"ma": 6, "st": 3, "ag": 3, "av": 8}
    assert rr.starting_profile("Orc", ruleset) == {"ma": 5, "st": 3, "ag": 3, "av": 9}


@pytest.mark.parametrize(
    ("faces", "stats", "stat", "skill_allowed"),
    [
        ((4, 5), {"ma": 6, "st": 3, "ag": 3, "av": 8}, None, True),  # 9: skill
        ((4, 6), {"ma": 6, "st": 3, "ag": 3, "av": 8}, "ma", True),  # 10: +1 MA or a skill
        ((5, 6), {"ma": 6, "st": 3, "ag": 3, "av": 8}, "ag", True),  # 11: +1 AG
        ((6, 6), {"ma": 6, "st": 3, "ag": 3, "av": 8}, "st", True),  # 12: +1 ST
        ((4, 6), {"ma": 8, "st": 3, "ag": 3, "av": 8}, "capped", True),  # MA 6+2 already: capped
        ((4, 6), {"ma": 7, "st": 3, "ag": 3, "av": 8}, "ma", True),
    ],
)
def test_the_star_player_table_for_refs_caps_characteristics(ruleset, faces, stats, stat, skill_allowed):
    roll = typed_roll("2D6", faces)
    options = rr.advance_options(roll, race="Human", skills=[], stats=stats, ruleset=ruleset)
    if stat == "capped":  # the row's other characteristic, if it has one (LRB 5/6: +1 MA or +1 AV on a 10)
        stat = next(iter(rr.star_player_result(roll, ruleset).get("also", ())), None)
        assert stat == (None if ruleset.key == "lrb4" else "av")
    assert options.stat == stat
    assert options.skill_allowed == skill_allowed
    assert options.double == (faces[0] == faces[1])


def test_a_double_on_the_star_player_roll_opens_any_group(ruleset):
    stats = rr.starting_profile("Human", ruleset)
    double = rr.advance_options(typed_roll("2D6", [3, 3]), race="Human", skills=[], stats=stats, ruleset=ruleset)
    plain = rr.advance_options(typed_roll("2D6", [2, 4]), race="Human", skills=[], stats=stats, ruleset=ruleset)
    assert "Claw" in names(double.skills) and "Claw" not in names(plain.skills)


@pytest.mark.parametrize(("value", "ok"), [(4, True), (5, True), (8, True), (9, False), (3, False)])
def test_a_custom_refs_ma_stays_within_2_of_his_lineman(ruleset, value, ok):
    if ok:
        rr.check_stat("Human", "ma", value, ruleset)
    else:
        with pytest.raises(RuleViolation, match="MA of a Human referee can be from 4 to 8"):
            rr.check_stat("Human", "ma", value, ruleset)


# -- the rolls of the ref's turn -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("face", "skills", "sent_off"),
    [(3, [], False), (4, [], True), (3, ["Loves Dirty Tricks"], True), (4, ["Hates Dirty Tricks"], False),
     (5, ["Hates Dirty Tricks"], True), (1, ["Loves Dirty Tricks"], False)],
)  # fmt: skip
def test_send_off_roll_d6_4_plus_with_dirty_tricks_modifiers(ruleset, face, skills, sent_off):
    modifier = rr.penalty_modifier(skills, ruleset)
    outcome = rr.send_off(typed_roll("D6", [face], modifier=modifier), ruleset)
    assert outcome.success == sent_off
    assert outcome.target == 4


@pytest.mark.parametrize(
    ("item", "faces", "skills", "effect"),
    [("Whistle", (4, 5), [], False), ("Whistle", (4, 6), [], True), ("Whistle", (4, 5), ["Loves Dirty Tricks"], True),
     ("Whistle", (4, 6), ["Hates Dirty Tricks"], False), ("Chainsaw", (3, 4), [], False),
     ("Chainsaw", (4, 4), [], True), ("Chainsaw", (4, 4), ["Hates Dirty Tricks"], False)],
)  # fmt: skip
def test_penalty_roll_whistle_10_plus_chainsaw_8_plus(ruleset, item, faces, skills, effect):
    dice_roll = typed_roll("2D6", faces, modifier=rr.penalty_modifier(skills, ruleset))
    outcome = rr.penalty(item, dice_roll, ruleset)
    assert outcome.success == effect
    assert outcome.target == {"Whistle": 10, "Chainsaw": 8}[item]


@pytest.mark.parametrize(("face", "skills", "escapes"), [(3, ["Escapist"], False), (4, ["Escapist"], True),
                                                          (6, [], False)])  # fmt: skip
def test_escapist_evades_get_the_ref_on_4_plus(ruleset, face, skills, escapes):
    assert rr.escapes_get_the_ref(typed_roll("D6", [face]), skills, ruleset) == escapes


def test_unknown_equipment_is_refused(ruleset):
    rr.check_equipment(["Whistle", "Chainsaw"], ruleset)
    with pytest.raises(RuleViolation, match="not referee equipment"):
        rr.check_equipment(["Bazooka"], ruleset)
    with pytest.raises(RuleViolation, match="twice"):
        rr.check_equipment(["Whistle", "Whistle"], ruleset)
