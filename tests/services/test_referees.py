"""Referee services: one transaction each, refusals write nothing, the match sheet and its verdict."""

import re

import pytest
from sqlalchemy import select

from roster_app.errors import DugoutError, NotFound, RuleViolation
from roster_app.queries import referees as rq
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll
from roster_app.services import referees as svc
from roster_app.store.models import DiceRoll, Match, Referee, RefereeMatch
from tests.helpers import add_orcs, new_fixture, snapshot


def ref_id(db, name):
    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def card(db, rid):
    return rq.referee_card(db, rid)


def new_ref(db, name="Hans Pfeiffer", race="Human"):
    return svc.create_referee(db, name=name, race=race).result


def open_sheet(db, rid):
    return svc.start_match_sheet(db, referee_id=rid, match_id=new_fixture(db)).result


def sheet_with_ticks(db, rid, ticks, **record):
    sid = open_sheet(db, rid)
    if record:
        svc.record_sheet(db, sheet_id=sid, **record)
    for turn in ticks:
        svc.record_sheet(db, sheet_id=sid, turn=turn, in_range=True)
    return sid


def rolls(db, rid):
    with db.read() as session:
        return session.scalars(select(DiceRoll).where(DiceRoll.referee_id == rid).order_by(DiceRoll.id)).all()


def typed(*faces):
    """Dice typed in from the table, as the dice widget hands them over (the service checks the faces)."""
    return Roll(f"{len(faces)}D6" if len(faces) > 1 else "D6", faces, 0, typed=True)


def refuses(db, call, match, error=RuleViolation):
    before = snapshot(db)
    with pytest.raises(error, match=match):
        call()
    assert snapshot(db) == before


# -- the cards ---------------------------------------------------------------------------------------
def test_every_new_league_ships_the_eight_sample_star_refs(db):
    cards = rq.referee_cards(db)
    stars = [c for c in cards if c.is_star]
    assert len(stars) == 8 and all(c.is_sample for c in stars)
    assert any(c.race == "Minotaur" for c in stars)
    jorg = card(db, ref_id(db, "Jorg Blackwhistle"))
    assert jorg.range == 11  # Eagle Eyes
    assert jorg.equipment_names == ("Whistle",) and jorg.equipment[0].penalty == 10
    assert jorg.level == "Star Ref" and jorg.rolls_due == 0


def test_a_new_ref_has_his_races_lineman_profile_and_nothing_else(db):
    rid = new_ref(db, "Borri", "Dwarf")
    c = card(db, rid)
    assert (c.ma, c.st, c.ag, c.av) == (4, 3, 2, 9)
    assert (c.skills, c.spp, c.matches, c.awards, c.status) == ((), 0, 0, 0, "available")
    assert (c.level, c.range, c.kind) == ("Rookie", 9, "League referee")


def test_creating_a_ref_of_an_unknown_race_or_without_a_name_writes_nothing(db):
    refuses(db, lambda: svc.create_referee(db, name="X", race="Martian"), "no race called", NotFound)
    refuses(db, lambda: svc.create_referee(db, name="  ", race="Human"), "needs a name")


def test_samples_are_editable_and_deletable(db):
    rid = ref_id(db, "Thrudd the Impartial")
    svc.edit_referee(db, referee_id=rid, name="Thrudd the Fair", skills=["Blitz", "Horns"], equipment=["Chainsaw"])
    c = card(db, rid)
    assert (c.name, c.skill_names, c.equipment_names) == ("Thrudd the Fair", ("Blitz", "Horns"), ("Chainsaw",))
    svc.delete_referee(db, referee_id=ref_id(db, "Morbidius Vex"))
    assert len([c for c in rq.referee_cards(db) if c.is_star]) == 7


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"ma": 9}, "MA of a Human referee can be from 4 to 8"),
        ({"skills": ["Dodge"]}, "not on the referee skill list"),
        ({"skills": ["Horns"]}, "only together with Blitz"),
        ({"equipment": ["Bazooka"]}, "not referee equipment"),
        ({"status": "retired"}, "not a referee's status"),
        ({"rolls_taken": 1}, "cannot have taken 1"),
        ({"race": "Martian"}, "no race called"),
    ],
)
def test_a_refused_edit_writes_nothing(db, edit, message):
    rid = new_ref(db)
    refuses(db, lambda: svc.edit_referee(db, referee_id=rid, **edit), message, DugoutError)


def test_a_star_ref_cannot_be_given_spp(db):
    rid = ref_id(db, "Jorg Blackwhistle")
    refuses(db, lambda: svc.edit_referee(db, referee_id=rid, spp=10), "gains no SPP")


def test_a_custom_ref_who_changes_race_takes_the_new_lineman_profile(db):
    rid = new_ref(db)
    svc.edit_referee(db, referee_id=rid, race="Orc")
    c = card(db, rid)
    assert (c.race, c.ma, c.av) == ("Orc", 5, 9)


def test_a_ref_with_a_history_cannot_be_deleted(db):
    rid = new_ref(db)
    open_sheet(db, rid)
    refuses(db, lambda: svc.delete_referee(db, referee_id=rid), "stays in its records")


# -- choosing the ref ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "status", "message"), [
    ("Hans Pfeiffer", "sacked", "never referee in this league again"),
    ("Jorg Blackwhistle", "dead", "Star Ref who dies cannot be chosen"),
    ("Hans Pfeiffer", "injured", "injured"),
])  # fmt: skip
def test_sacked_refs_and_dead_star_refs_cannot_be_chosen(db, name, status, message):
    new_ref(db)
    rid = ref_id(db, name)
    svc.edit_referee(db, referee_id=rid, status=status)
    fixture = new_fixture(db)
    refuses(db, lambda: svc.start_match_sheet(db, referee_id=rid, match_id=fixture), message)
    assert rid not in {c.id for c in rq.choosable_referees(db)}


def test_choosable_referees_lists_the_available_ones(db):
    rid = new_ref(db)
    assert rid in {c.id for c in rq.choosable_referees(db)}
    assert len(rq.choosable_referees(db)) == 9


def test_one_open_sheet_per_ref(db):
    rid = new_ref(db)
    open_sheet(db, rid)
    fixture = new_fixture(db)
    refuses(db, lambda: svc.start_match_sheet(db, referee_id=rid, match_id=fixture),
            "Hans Pfeiffer's match sheet of friendly, round 1: Orc Team 1 v Orc Team 2 is still open")  # fmt: skip


def test_a_sheet_for_a_match_makes_him_the_matchs_referee(db):
    home, away = add_orcs(db), add_orcs(db, "Da Boyz")
    with db.write() as tx:
        match = Match(season=1, round=1, home_team_id=home, away_team_id=away)
        tx.session.add(match)
        tx.session.flush()
        match_id = match.id
    rid = new_ref(db)
    svc.start_match_sheet(db, referee_id=rid, match_id=match_id)
    with db.read() as session:
        assert session.get(Match, match_id).referee_id == rid
    refuses(db, lambda: svc.start_match_sheet(db, referee_id=ref_id(db, "Jorg Blackwhistle"), match_id=999),
            "no longer exists", NotFound)  # fmt: skip
    sheet = rq.referee_card(db, rid).open_sheet_id
    svc.discard_sheet(db, sheet_id=sheet)
    with db.read() as session:
        assert session.get(Match, match_id).referee_id is None
    assert rq.referee_card(db, rid).open_sheet_id is None


def test_a_sheet_needs_a_fixture(db):
    rid = new_ref(db)
    refuses(db, lambda: svc.start_match_sheet(db, referee_id=rid, match_id=None), "belongs to one fixture")
    refuses(db, lambda: svc.start_match_sheet(db, referee_id=rid, match_id=999), "no longer exists", NotFound)


@pytest.mark.parametrize("finished", [False, True])
@pytest.mark.parametrize("second", ["Hans Pfeiffer", "Jorg Blackwhistle"])
def test_one_fixture_has_one_sheet_ever_whichever_ref(db, finished, second):
    hans = new_ref(db)
    fixture = new_fixture(db)
    sid = svc.start_match_sheet(db, referee_id=hans, match_id=fixture).result
    for turn in range(1, 13):
        svc.record_sheet(db, sheet_id=sid, turn=turn, in_range=True)
    if finished:
        svc.finish_match(db, sheet_id=sid)
    words = re.escape(f"There is already a match sheet for friendly, round 1: Orc Team 1 v Orc Team 2: "
                      f"Hans Pfeiffer's ({'finished' if finished else 'open'}).")  # fmt: skip
    refuses(db, lambda: svc.start_match_sheet(db, referee_id=ref_id(db, second), match_id=fixture), words)


def test_a_finished_sheet_cannot_be_discarded_so_a_game_is_never_counted_twice(db):
    rid = new_ref(db)
    fixture = new_fixture(db)
    sid = sheet_with_ticks(db, rid, range(1, 13))
    svc.finish_match(db, sheet_id=sid)
    refuses(db, lambda: svc.discard_sheet(db, sheet_id=sid), "is finished")
    assert (card(db, rid).matches, card(db, rid).awards) == (1, 1)
    other = svc.start_match_sheet(db, referee_id=rid, match_id=fixture).result  # his next game: a new fixture
    svc.discard_sheet(db, sheet_id=other)  # an open sheet may go; its fixture is free again
    assert rq.fixtures_without_sheet(db)[-1].id == fixture


def legacy_sheet(db, rid, match_id):
    """A sheet written the way an older Dugout could: with no fixture, or a second one for a game."""
    with db.write("an older Dugout's sheet") as tx:
        sheet = RefereeMatch(referee_id=rid, match_id=match_id, in_range=[True] * 12 + [False] * 4,
                             actions=[None] * 16)  # fmt: skip
        tx.session.add(sheet)
        tx.session.flush()
        return sheet.id


def test_an_older_files_second_sheet_of_a_game_cannot_be_finished(db):
    jorg, hans = ref_id(db, "Jorg Blackwhistle"), new_ref(db)
    fixture = new_fixture(db)
    first = svc.start_match_sheet(db, referee_id=jorg, match_id=fixture).result
    svc.finish_match(db, sheet_id=first)
    second = legacy_sheet(db, hans, fixture)
    words = "Jorg Blackwhistle's \\(finished\\)\\. One game.*Discard this second"
    refuses(db, lambda: svc.finish_match(db, sheet_id=second), words)
    assert card(db, hans).matches == 0


def test_an_older_files_sheet_without_a_fixture_is_linked_before_it_counts(db):
    rid = new_ref(db)
    sid = legacy_sheet(db, rid, None)
    refuses(db, lambda: svc.finish_match(db, sheet_id=sid), "belongs to no fixture")
    fixture = new_fixture(db)
    taken = new_fixture(db)
    svc.start_match_sheet(db, referee_id=ref_id(db, "Jorg Blackwhistle"), match_id=taken)
    refuses(db, lambda: svc.link_sheet(db, sheet_id=sid, match_id=taken), "already a match sheet for")
    svc.link_sheet(db, sheet_id=sid, match_id=fixture)
    assert rq.sheet_view(db, sid).fixture == "friendly, round 1: Orc Team 1 v Orc Team 2"
    refuses(db, lambda: svc.link_sheet(db, sheet_id=sid, match_id=taken), "already belongs to a fixture")
    assert svc.finish_match(db, sheet_id=sid).result.award
    assert card(db, rid).matches == 1


def test_a_fixture_with_a_sheet_is_not_deleted_under_it(db):
    from roster_app.services.season import delete_fixture

    fixture = new_fixture(db)
    sid = svc.start_match_sheet(db, referee_id=new_ref(db), match_id=fixture).result
    refuses(db, lambda: delete_fixture(db, match_id=fixture), "discard it before deleting")
    svc.discard_sheet(db, sheet_id=sid)
    delete_fixture(db, match_id=fixture)


# -- a sacked or dead ref never comes back ------------------------------------------------------------
@pytest.mark.parametrize(("name", "status", "back", "words"), [
    ("Hans Pfeiffer", "sacked", "available", "was sacked and may never referee in this league again"),
    ("Hans Pfeiffer", "sacked", "injured", "cannot be made injured again"),
    ("Jorg Blackwhistle", "dead", "available", "a Star Ref who dies cannot be chosen again"),
    ("Hans Pfeiffer", "dead", "injured", "Hans Pfeiffer is dead"),
])  # fmt: skip
def test_a_sacked_or_dead_ref_is_never_made_available_again(db, name, status, back, words):
    new_ref(db)
    rid = ref_id(db, name)
    change = svc.edit_referee(db, referee_id=rid, status=status)
    refuses(db, lambda: svc.edit_referee(db, referee_id=rid, status=back), words)
    refuses(db, lambda: svc.edit_referee(db, referee_id=rid, name="Renamed", status=back), "undo that change")
    db.replay(change, forward=False)  # undoing the very change that marked him stays possible
    assert card(db, rid).status == "available"


def test_undoing_the_change_that_sacked_him_is_still_possible(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, 3))
    change = svc.finish_match(db, sheet_id=sid)
    assert card(db, rid).status == "sacked"
    db.replay(change, forward=False)  # the undo stack, not a new change
    assert card(db, rid).status == "available" and not rq.sheet_view(db, sid).finished
    db.replay(change, forward=True)
    svc.edit_referee(db, referee_id=rid, status="dead")  # from one way out to the other: never back
    assert card(db, rid).status == "dead"


def test_a_ref_marked_dead_during_his_match_stays_dead_whatever_the_sheet_says(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, 13), state="injured", out_turn=14)
    svc.edit_referee(db, referee_id=rid, status="dead")
    svc.finish_match(db, sheet_id=sid)
    assert card(db, rid).status == "dead"


# -- the end of the match -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ticks", "result", "spp", "status"),
    [(4, "sacked", 0, "sacked"), (5, "kept", 0, "available"), (11, "kept", 0, "available"),
     (12, "award", 10, "available")],
)  # fmt: skip
def test_finishing_the_match_writes_the_verdict_spp_and_status(db, ticks, result, spp, status):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, ticks + 1))
    change = svc.finish_match(db, sheet_id=sid)
    assert change.result.result == result
    assert {"referee", "referee_match"} <= change.tables
    c = card(db, rid)
    assert (c.spp, c.status, c.matches, c.awards) == (spp, status, 1, int(result == "award"))
    assert rq.sheet_view(db, sid).finished


def test_finish_is_one_transaction_undone_in_one_step(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, 13))
    before = snapshot(db)
    change = svc.finish_match(db, sheet_id=sid)
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert card(db, rid).spp == 10


def test_casualties_earn_5_spp_each(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, 7), casualties=2)
    verdict = svc.finish_match(db, sheet_id=sid).result
    assert (verdict.result, verdict.spp) == ("kept", 10)
    assert (card(db, rid).spp, card(db, rid).casualties) == (10, 2)


def test_a_star_ref_gets_the_award_but_no_spp(db):
    rid = ref_id(db, "Jorg Blackwhistle")
    sid = sheet_with_ticks(db, rid, range(1, 17), casualties=1)
    verdict = svc.finish_match(db, sheet_id=sid).result
    assert (verdict.award, verdict.spp) == (True, 0)
    c = card(db, rid)
    assert (c.spp, c.awards, c.matches) == (0, 1, 1)


@pytest.mark.parametrize(("played", "ticks", "result"), [(8, 2, "sacked"), (8, 3, "kept"), (8, 6, "award"),
                                                          (8, 5, "kept")])  # fmt: skip
def test_a_riot_counts_the_turns_actually_played(db, played, ticks, result):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, ticks + 1), riot=True, turns_played=played)
    assert svc.finish_match(db, sheet_id=sid).result.result == result


def test_turns_after_a_riot_cannot_be_ticked_and_ticks_beyond_it_are_dropped(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, 13))
    svc.record_sheet(db, sheet_id=sid, riot=True, turns_played=10)
    view = rq.sheet_view(db, sid)
    assert view.in_range[10:] == (None,) * 6 and view.ticked == 10
    refuses(db, lambda: svc.record_sheet(db, sheet_id=sid, turn=11, in_range=True), "Riot ended the match")
    refuses(db, lambda: svc.record_sheet(db, sheet_id=sid, riot=False, turns_played=10), "Only a Riot")


def test_a_ref_knocked_out_in_the_first_half_returns_for_the_second(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, [], state="knocked out", out_turn=5)
    assert rq.sheet_view(db, sid).available == (1, 2, 3, 4, *range(9, 17))
    refuses(db, lambda: svc.record_sheet(db, sheet_id=sid, turn=6, in_range=True), "off the pitch in turn 6")
    svc.record_sheet(db, sheet_id=sid, turn=9, in_range=True)
    svc.record_sheet(db, sheet_id=sid, state="knocked out", out_turn=10)  # second half: out for the match
    assert rq.sheet_view(db, sid).available == tuple(range(1, 10))


def test_an_injured_ref_needs_the_turn_he_left_and_ends_injured(db):
    rid = new_ref(db)
    sid = open_sheet(db, rid)
    refuses(db, lambda: svc.record_sheet(db, sheet_id=sid, state="injured"), "In which turn")
    svc.record_sheet(db, sheet_id=sid, state="injured", out_turn=14)
    for turn in range(1, 13):
        svc.record_sheet(db, sheet_id=sid, turn=turn, in_range=True)
    assert svc.finish_match(db, sheet_id=sid).result.award
    assert card(db, rid).status == "injured"


def test_a_dead_star_ref_can_never_be_chosen_again(db):
    rid = ref_id(db, "Thrudd the Impartial")
    sid = sheet_with_ticks(db, rid, range(1, 9), state="dead", out_turn=9)
    svc.finish_match(db, sheet_id=sid)
    fixture = new_fixture(db)
    refuses(db, lambda: svc.start_match_sheet(db, referee_id=rid, match_id=fixture), "Star Ref who dies")


def test_a_finished_sheet_cannot_be_changed(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, [1])
    svc.finish_match(db, sheet_id=sid)
    refuses(db, lambda: svc.record_sheet(db, sheet_id=sid, turn=2, in_range=True), "is finished")
    refuses(db, lambda: svc.finish_match(db, sheet_id=sid), "is finished")


@pytest.mark.parametrize(
    ("record", "message"),
    [({"turn": 17, "in_range": True}, "turns 1 to 16"), ({"turn": 3, "action": "dance"}, "not a referee's action"),
     ({"state": "asleep"}, "not a state"), ({"casualties": -1}, "0 or more"),
     ({"riot": True, "turns_played": 0}, "from 1 to 16"), ({"sent_off": [{"turn": 3, "player": ""}]}, "Name the")],
)  # fmt: skip
def test_refused_sheet_entries_write_nothing(db, record, message):
    sid = open_sheet(db, new_ref(db))
    refuses(db, lambda: svc.record_sheet(db, sheet_id=sid, **record), message)


def test_actions_and_sent_off_players_are_kept(db):
    sid = open_sheet(db, new_ref(db))
    svc.record_sheet(db, sheet_id=sid, turn=3, action="watch like a hawk")
    svc.record_sheet(db, sheet_id=sid, sent_off=[{"turn": 3, "player": "#7 Grak"}])
    view = rq.sheet_view(db, sid)
    assert view.actions[2] == "watch like a hawk" and view.sent_off == ((3, "#7 Grak"),)


# -- Get the Ref -------------------------------------------------------------------------------------
def test_get_the_ref_without_escapist_takes_him_out_for_the_match(db):
    rid = new_ref(db)
    sid = sheet_with_ticks(db, rid, range(1, 9))
    assert svc.get_the_ref(db, sheet_id=sid, turn=9).result is False
    view = rq.sheet_view(db, sid)
    assert view.available == tuple(range(1, 9))
    assert rolls(db, rid) == []  # nothing to roll without Escapist
    assert svc.finish_match(db, sheet_id=sid).result.result == "kept"


def test_get_the_ref_at_the_opening_kick_off_means_he_did_not_referee(db):
    rid = new_ref(db)
    sid = open_sheet(db, rid)
    svc.get_the_ref(db, sheet_id=sid, turn=1)
    verdict = svc.finish_match(db, sheet_id=sid).result
    assert verdict.result == "did not referee"
    assert (card(db, rid).matches, card(db, rid).status) == (0, "available")


@pytest.mark.parametrize(("face", "escapes"), [(3, False), (4, True)])
def test_escapist_evades_get_the_ref_on_4_plus_and_the_roll_is_recorded(db, face, escapes):
    rid = ref_id(db, "Jorg Blackwhistle")  # has Escapist
    sid = open_sheet(db, rid)
    assert svc.get_the_ref(db, sheet_id=sid, turn=1, roll=typed(face)).result is escapes
    [row] = rolls(db, rid)
    assert (row.purpose, row.faces, row.typed) == ("Get the Ref: Escapist", [face], True)
    assert bool(rq.sheet_view(db, sid).available) is escapes


# -- advancement ---------------------------------------------------------------------------------------
def experienced_ref(db):
    rid = new_ref(db)
    svc.finish_match(db, sheet_id=sheet_with_ticks(db, rid, range(1, 13)))
    assert card(db, rid).rolls_due == 1
    return rid


def test_a_star_player_roll_typed_in_then_a_characteristic(db):
    rid = experienced_ref(db)
    svc.roll_advance(db, referee_id=rid, roll=typed(4, 6))
    assert card(db, rid).waiting_roll == 10
    options = rq.waiting_advance(db, rid)
    assert options.stat == "ma" and options.skill_allowed
    refuses(db, lambda: svc.take_advance(db, referee_id=rid, stat="st"), "does not give")
    svc.take_advance(db, referee_id=rid, stat="ma")
    c = card(db, rid)
    assert (c.ma, c.rolls_taken, c.rolls_due, c.waiting_roll) == (7, 1, 0, None)
    [row] = rolls(db, rid)
    assert row.purpose == "referee star player roll: +1 MA" and row.typed


def test_a_10_gives_each_characteristic_the_leagues_table_names(db):
    """LRB 4.0: +1 MA; LRB 5 and 6: +1 MA or +1 AV (the row's `also`), read from the league's table."""
    rid = experienced_ref(db)
    svc.roll_advance(db, referee_id=rid, roll=typed(4, 6))
    row = rr.star_player_result(typed(4, 6), db.ruleset)
    choices = (row["result"], *row.get("also", ()))
    assert rq.waiting_advance(db, rid).stats == choices
    before = card(db, rid)
    svc.take_advance(db, referee_id=rid, stat=choices[-1])
    assert getattr(card(db, rid), choices[-1]) == getattr(before, choices[-1]) + 1


def test_a_star_player_roll_gives_a_skill_from_the_referee_list_only(db):
    rid = experienced_ref(db)
    svc.roll_advance(db, referee_id=rid, roll=typed(2, 3))
    refuses(db, lambda: svc.take_advance(db, referee_id=rid, skill="Dodge"), "not on the referee skill list")
    refuses(db, lambda: svc.take_advance(db, referee_id=rid, skill="Claw"), "only a double")
    refuses(db, lambda: svc.take_advance(db, referee_id=rid, skill="Sprint"), "Fast Runner")
    refuses(db, lambda: svc.take_advance(db, referee_id=rid, stat="ma"), "does not give")
    svc.take_advance(db, referee_id=rid, skill="Eagle Eyes")
    assert (card(db, rid).skill_names, card(db, rid).range) == (("Eagle Eyes",), 11)


def test_a_double_lets_a_ref_take_any_group(db):
    rid = experienced_ref(db)
    svc.roll_advance(db, referee_id=rid, roll=typed(3, 3))
    svc.take_advance(db, referee_id=rid, skill="Claw")
    assert card(db, rid).skill_names == ("Claw",)


def test_the_app_can_roll_and_refusals_write_nothing(db):
    rid = experienced_ref(db)
    refuses(db, lambda: svc.take_advance(db, referee_id=rid, skill="Block"), "no Star Player roll waiting")
    svc.roll_advance(db, referee_id=rid)
    [row] = rolls(db, rid)
    assert not row.typed and 2 <= row.total <= 12
    refuses(db, lambda: svc.roll_advance(db, referee_id=rid), "waiting")
    rookie = new_ref(db, "Rookie")
    refuses(db, lambda: svc.roll_advance(db, referee_id=rookie), "no Star Player roll due")
    refuses(db, lambda: svc.roll_advance(db, referee_id=ref_id(db, "Jorg Blackwhistle")), "Star Ref")
    second = experienced_ref(db)
    refuses(db, lambda: svc.roll_advance(db, referee_id=second, roll=typed(7, 1)), "shows 1 to 6")


# -- rolls of the ref's turn ---------------------------------------------------------------------------
def test_a_send_off_roll_is_recorded_and_the_player_goes_on_the_sheet(db):
    rid = ref_id(db, "Skritch Quickpaw")  # Loves Dirty Tricks: +1
    sid = open_sheet(db, rid)
    outcome = svc.roll_send_off(db, referee_id=rid, sheet_id=sid, player="#4 Bob", turn=6, roll=typed(3)).result
    assert outcome.success and outcome.roll.total == 4
    [row] = rolls(db, rid)
    assert (row.purpose, row.modifier, row.total) == ("send-off: #4 Bob", 1, 4)
    assert rq.sheet_view(db, sid).sent_off == ((6, "#4 Bob"),)
    assert not svc.roll_send_off(db, referee_id=rid, sheet_id=sid, player="#5 Al", roll=typed(2)).result.success
    assert rq.sheet_view(db, sid).sent_off == ((6, "#4 Bob"),)


def test_a_roll_made_by_the_dice_widget_is_recorded_as_made(db):
    rid = ref_id(db, "Skritch Quickpaw")  # Loves Dirty Tricks: +1, whatever modifier the roll came with
    outcome = svc.roll_send_off(db, referee_id=rid, roll=Roll("D6", (3,), 0, typed=False)).result
    assert outcome.success and outcome.roll.total == 4
    [row] = rolls(db, rid)
    assert (row.faces, row.modifier, row.typed) == ([3], 1, False)
    refuses(db, lambda: svc.roll_send_off(db, referee_id=rid, roll=Roll("2D6", (3, 3), 0, typed=True)),
            "rolled with D6")  # fmt: skip
    plain = new_ref(db)  # no Escapist: nothing to roll
    sid = open_sheet(db, plain)
    refuses(db, lambda: svc.get_the_ref(db, sheet_id=sid, roll=Roll("D6", (5,), 0, typed=False)), "no Escapist")


def test_a_penalty_roll_needs_the_equipment_and_is_recorded(db):
    jorg = ref_id(db, "Jorg Blackwhistle")
    outcome = svc.roll_penalty(db, referee_id=jorg, item="Whistle", roll=typed(5, 5)).result
    assert outcome.success and outcome.target == 10
    assert [r.purpose for r in rolls(db, jorg)] == ["Whistle penalty"]
    refuses(db, lambda: svc.roll_penalty(db, referee_id=jorg, item="Chainsaw"), "does not carry a Chainsaw")
    grim = ref_id(db, "Grimbold Ironbrow")  # Hates Dirty Tricks
    svc.set_equipment(db, referee_id=grim, equipment=["Chainsaw"])
    assert not svc.roll_penalty(db, referee_id=grim, item="Chainsaw", roll=typed(4, 4)).result.success  # 8 - 1
