"""The match pad and the rest of the night: the pre-match's handicaps and freebooters in the game, the ref's
Whistle and Chainsaw penalties with seed 000's consequences, the Kick-Off Table (Get the Ref into Escapist's
4+), and Undo on the saved events (a pad closed and opened again takes back the last event of the game)."""

import pytest
from sqlalchemy import select

from roster_app.queries import matchpad as q
from roster_app.queries import prematch as pq
from roster_app.rules import referees as rr
from roster_app.rules.dice import typed_roll
from roster_app.services import matchpad as pad
from roster_app.services import prematch as pre
from roster_app.services import reserves as reserves_svc
from roster_app.services.players import hire_player
from roster_app.services.referees import create_referee, start_match_sheet
from roster_app.services.season import add_fixture
from roster_app.store.models import DiceRoll, LiveEvent, Referee, RefereeMatch, RulesetTable
from tests.helpers import add_orcs, in_pre_match, refused, same_game_both_ways, snapshot
from tests.season_helpers import build_teams, roster_ids

HOLDER = "table-laptop 1 a"


def _ref(db, match_id, skills=(), equipment=()):
    ref = create_referee(db, name="Ranulf", race="Human").result
    with db.write("test: skills") as tx:
        row = tx.session.get(Referee, ref)
        row.skills, row.equipment = list(skills), list(equipment)
    start_match_sheet(db, referee_id=ref, match_id=match_id)
    return ref


@pytest.fixture
def fixture(db):
    home, away = build_teams(db, 2)
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    return {"db": db, "match": match_id, "home": home, "away": away, "hp": roster_ids(db, home)}


def claimed(f, **ref):
    f["ref"] = _ref(f["db"], f["match"], **ref)
    pad.open_pad(f["db"], match_id=f["match"], holder=HOLDER)
    return f


def event(f, kind, holder=HOLDER, **kw):
    return pad.record_event(f["db"], match_id=f["match"], holder=holder, kind=kind, **kw)


def state(f):
    return q.read_game(f["db"], f["match"]).state


# -- Whistle and Chainsaw -------------------------------------------------------------------------------------
def test_a_whistle_penalty_made_sends_the_ref_off_and_a_normal_ref_has_the_game(fixture):
    f = claimed(fixture, equipment=["Whistle"])
    event(f, "end turn", data={"in_range": True, "action": "move"})
    event(f, "penalty roll", data={"item": "Whistle"}, roll=typed_roll("2D6", [5, 5]))
    s = state(f)
    assert (s.ref_state, s.out_state, s.out_turn, s.ref_on_pitch()) == ("sent off", "sent off", 2, False)
    text = q.read_game(f["db"], f["match"]).events[-1].data["text"]
    assert "10+: he loses his pea" in text and "sent off: a normal ref has the rest of the game" in text
    refused(f["db"], lambda: event(f, "send-off roll", player_id=f["hp"][0], roll=typed_roll("D6", [6])),
            "off the pitch")  # fmt: skip
    event(f, "end turn")  # no ref's turn any more
    for _ in range(3, 17):
        event(f, "end turn")
    pad.full_time(f["db"], match_id=f["match"], gate_faces=[3] * 11)
    with f["db"].read() as session:
        sheet = session.scalars(select(RefereeMatch).where(RefereeMatch.match_id == f["match"])).one()
        assert (sheet.state, sheet.out_turn, sum(1 for t in sheet.in_range if t)) == ("sent off", 2, 1)


def test_a_chainsaw_penalty_takes_him_off_to_clean_it_until_he_is_back(fixture):
    f = claimed(fixture, equipment=["Chainsaw"], skills=["Hates Dirty Tricks"])
    event(f, "penalty roll", data={"item": "Chainsaw"}, roll=typed_roll("2D6", [4, 5]))  # 9 - 1 = 8: made
    s = state(f)
    assert s.ref_state == "cleaning his chainsaw" and not s.ref_on_pitch()  # "the Ref has gone to clean them off"
    assert s.out_state == "standing" and s.out_turn is None  # not sent off: his sheet does not end his match
    data = q.read_game(f["db"], f["match"]).events[-1].data
    assert data["success"] and not data["sent_off"] and "not sent off" in data["text"]
    assert "gives no rule for how long he is gone" in data["text"]
    event(f, "end turn")  # no ref's turn while he cleans it
    event(f, "ref state", data={"state": "standing"})  # back
    assert state(f).ref_on_pitch()


def test_whether_a_penalty_sends_off_is_league_data_and_an_older_league_reads_the_default(fixture):
    db = fixture["db"]
    assert rr.penalty_sends_off("Whistle", db.ruleset) and not rr.penalty_sends_off("Chainsaw", db.ruleset)
    with db.write("test: an older league's table") as tx:
        row = tx.session.get(RulesetTable, "referee_skills")
        data = dict(row.data)
        data["equipment"] = [{k: v for k, v in e.items() if k != "sends_off"} for e in data["equipment"]]
        row.data = data
    db.forget_ruleset()
    assert rr.penalty_sends_off("Whistle", db.ruleset)
    with db.write("test: a house rule") as tx:
        row = tx.session.get(RulesetTable, "referee_skills")
        data = dict(row.data)
        data["equipment"] = [{**e, "sends_off": True} for e in data["equipment"]]
        row.data = data
    db.forget_ruleset()
    assert rr.penalty_sends_off("Chainsaw", db.ruleset)


# -- the Kick-Off Table ---------------------------------------------------------------------------------------
def test_a_kick_off_roll_records_its_result_from_the_leagues_table(fixture):
    f = claimed(fixture)
    event(f, "kick-off", roll=typed_roll("2D6", [3, 4]))
    g = q.read_game(f["db"], f["match"])
    assert g.events[-1].data["result"] == "Weather Change" and g.state.kick_offs[0]["total"] == 7
    assert q.describe(g.events[-1], g) == "T1  Kick-off 7: Weather Change"
    with f["db"].read() as session:
        roll = session.get(DiceRoll, session.scalars(select(LiveEvent.dice_roll_id)).one())
        assert (roll.purpose, roll.match_id, roll.referee_id) == ("kick-off: Weather Change", f["match"], f["ref"])
    assert g.state.ref_on_pitch()


def test_get_the_ref_on_the_kick_off_takes_a_ref_without_escapist_out(fixture):
    f = claimed(fixture)
    event(f, "kick-off", roll=typed_roll("2D6", [1, 1]))
    s = state(f)
    assert (s.got_the_ref, s.escaped, s.ref_on_pitch()) == (1, False, False)
    assert mp_running(f).result == "normal ref"


def mp_running(f):
    from roster_app.rules import matchpad as mp

    return mp.running_verdict(state(f), f["db"].ruleset)


@pytest.mark.parametrize(("face", "stays"), [(4, True), (3, False)])
def test_get_the_ref_on_the_kick_off_leads_into_escapists_roll(fixture, face, stays):
    f = claimed(fixture, skills=["Escapist"])
    event(f, "end turn", data={"in_range": True, "action": "move"})
    event(f, "kick-off", roll=typed_roll("2D6", [1, 1]))
    assert state(f).escape_pending == 2 and state(f).ref_on_pitch()
    refused(f["db"], lambda: event(f, "touchdown", player_id=f["hp"][0]), "Escapist \\(4\\+\\) first")
    event(f, "get the ref", roll=typed_roll("D6", [face]))
    s = state(f)
    assert s.escape_pending is None and s.ref_on_pitch() is stays and s.got_the_ref == 2


def test_a_house_kick_off_table_is_used(fixture):
    db = fixture["db"]
    with db.write("test: house table") as tx:
        row = tx.session.get(RulesetTable, "kick_off")
        data = dict(row.data)
        data["rows"] = [{**r, "referee_out": r["from"] == 12} for r in data["rows"]]
        row.data = data
    db.forget_ruleset()
    f = claimed(fixture)
    event(f, "kick-off", roll=typed_roll("2D6", [1, 1]))
    assert state(f).got_the_ref is None
    event(f, "kick-off", roll=typed_roll("2D6", [6, 6]))
    assert state(f).got_the_ref == 1


# -- Undo on the saved events --------------------------------------------------------------------------------
def test_take_back_removes_the_last_event_and_its_roll_in_one_step(fixture):
    f = claimed(fixture)
    db = f["db"]
    event(f, "touchdown", player_id=f["hp"][0])
    before = snapshot(db)
    event(f, "kick-off", roll=typed_roll("2D6", [2, 3]))
    change = pad.take_back_event(db, match_id=f["match"], holder=HOLDER)
    assert snapshot(db) == before and change.label.startswith("match pad: took back T1  Kick-off 5")
    db.replay(change, forward=False)  # redo: the event and its roll are back
    assert q.read_game(db, f["match"]).events[-1].kind == "kick-off"


def test_a_pad_opened_again_takes_back_the_last_event_of_the_game(fixture):
    f = claimed(fixture)
    db = f["db"]
    event(f, "touchdown", player_id=f["hp"][0])
    event(f, "end turn", data={"in_range": True, "action": "move"})
    pad.release_pad(db, match_id=f["match"], holder=HOLDER)
    pad.open_pad(db, match_id=f["match"], holder="table-laptop 2 b")  # the pad opened again
    pad.take_back_event(db, match_id=f["match"], holder="table-laptop 2 b")
    s = state(f)
    assert (s.turn, s.score[f["home"]]) == (1, 1)
    pad.take_back_event(db, match_id=f["match"], holder="table-laptop 2 b")
    assert state(f).score[f["home"]] == 0
    refused(db, lambda: pad.take_back_event(db, match_id=f["match"], holder="table-laptop 2 b"), "Nothing to take")
    refused(db, lambda: pad.take_back_event(db, match_id=f["match"], holder=HOLDER), "no longer holds")


def test_nothing_is_taken_back_after_full_time(fixture):
    f = claimed(fixture)
    for _ in range(16):
        event(f, "end turn", data={"in_range": True, "action": "move"})
    pad.full_time(f["db"], match_id=f["match"], gate_faces=[3] * 11)
    refused(f["db"], lambda: pad.take_back_event(f["db"], match_id=f["match"], holder=HOLDER), "Full time")


# -- what the pre-match leaves for the game -------------------------------------------------------------------
def test_the_pre_matchs_handicaps_and_freebooters_are_in_the_game(db):
    team = add_orcs(db, treasury=2_000_000)
    for i in range(10):
        hire_player(db, team_id=team, position="Orc Lineman", name=f"Lineman {i}")
    reserves_svc.approve_reserves(db, team_id=team)
    reserves_svc.hire_reserve_coach(db, team_id=team, coach_type="Veteran")
    away = add_orcs(db, "Gouged Eye", treasury=200_000)
    match = in_pre_match(db, team, opponent=away)
    drafted = reserves_svc.draft_player(db, team_id=team, position="Orc Blitzer", name="Grak",
                                        roll=typed_roll("D6", [5]), match_id=match).result[0]  # fmt: skip
    for _ in range(pq.pre_match(db, match).rolls_left):
        pre.roll_handicap(db, match_id=match, roll=typed_roll("D6", [4]))
    pre.finish_pre_match(db, match_id=match)
    g = same_game_both_ways(db, match)  # the view's plain read and the services' ORM read alike
    assert drafted in g.players and g.players[drafted].team_id == team and g.drafted == {drafted}
    assert (
        g.handicaps[away][0][0] == "Bribe" and g.handicaps[team] == ()
    )  # the underdog rolled and g.pre_match_done
    hire_player(db, team_id=away, position="Orc Lineman", name="Lonely")
    pad.open_pad(db, match_id=match, holder=HOLDER)
    pad.record_event(db, match_id=match, holder=HOLDER, kind="touchdown", player_id=drafted)
    assert same_game_both_ways(db, match).state.score[team] == 1  # the freebooter plays the fixture
