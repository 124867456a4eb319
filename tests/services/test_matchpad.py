"""The match pad through its services: each event one transaction and one undo step, refusals that write
nothing, full time = the match report and the ref's sheet in one transaction."""

import pytest
from sqlalchemy import select

from roster_app.errors import NotFound
from roster_app.queries import matchpad as q
from roster_app.rules.dice import typed_roll
from roster_app.services import matchpad as pad
from roster_app.services.referees import create_referee, start_match_sheet
from roster_app.services.season import add_fixture
from roster_app.store.models import DiceRoll, Match, MatchPlayer, Referee, RefereeMatch
from tests.helpers import refused, same_game_both_ways, snapshot
from tests.season_helpers import build_teams, roster_ids

HOLDER = "table-laptop 1 a"


@pytest.fixture
def game(db):
    """A fixture of two teams of eleven with a custom ref (Escapist) on its sheet, claimed by a pad."""
    home, away = build_teams(db, 2)
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    ref = create_referee(db, name="Ranulf <b>the Fair</b>", race="Human").result
    with db.write("test: skills") as tx:
        tx.session.get(Referee, ref).skills = ["Escapist"]
    start_match_sheet(db, referee_id=ref, match_id=match_id)
    pad.open_pad(db, match_id=match_id, holder=HOLDER)
    return {"db": db, "match": match_id, "home": home, "away": away, "ref": ref,
            "hp": roster_ids(db, home), "ap": roster_ids(db, away)}  # fmt: skip


def event(g, kind, **kw):
    return pad.record_event(g["db"], match_id=g["match"], holder=HOLDER, kind=kind, **kw)


def ref_turn(g, in_range=True, action="move", **data):
    return event(g, "end turn", data={"in_range": in_range, "action": action, **data})


def test_each_event_is_one_undo_step_and_the_game_reads_back(game):
    db = game["db"]
    before = snapshot(db)
    change = event(game, "touchdown", player_id=game["hp"][0])
    state = q.read_game(db, game["match"]).state
    assert state.score[game["home"]] == 1
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert q.read_game(db, game["match"]).state.score[game["home"]] == 1


@pytest.mark.parametrize(
    ("setup", "kind", "kw", "words"),
    [
        (0, "touchdown", {"player_id": 10_000}, "not in this game"),
        (16, "touchdown", {"player_id": "home0"}, "full time"),
        (0, "send-off roll", {"player_id": "home0", "roll": typed_roll("D6", [5])}, "off the pitch"),
        (0, "end turn", {"data": {"in_range": True, "action": "move"}}, "off the pitch"),
    ],
    ids=["stranger", "touchdown after full time", "ref off: send-off", "ref off: his turn"],
)
def test_bad_input_is_refused_and_writes_nothing(game, setup, kind, kw, words):
    db = game["db"]
    if setup == 16:
        for _ in range(16):
            ref_turn(game)
    else:
        event(game, "ref state", data={"state": "knocked out"})
    kw = {k: (game["hp"][0] if v == "home0" else v) for k, v in kw.items()}
    refused(db, lambda: event(game, kind, **kw), words)


def test_two_pads_on_one_fixture_are_refused_and_a_crashed_pad_is_taken_over(game):
    db = game["db"]
    with pytest.raises(pad.PadInUse, match="already open"):
        pad.open_pad(db, match_id=game["match"], holder="other-laptop 2 b")
    refused(db, lambda: pad.record_event(db, match_id=game["match"], holder="other-laptop 2 b", kind="touchdown",
                                         player_id=game["hp"][0]), "no longer holds")  # fmt: skip
    pad.open_pad(db, match_id=game["match"], holder="other-laptop 2 b", take_over=True)
    refused(db, lambda: event(game, "touchdown", player_id=game["hp"][0]), "took it over")
    pad.release_pad(db, match_id=game["match"], holder="other-laptop 2 b")
    pad.open_pad(db, match_id=game["match"], holder=HOLDER)  # free again


def test_send_off_and_penalty_rolls_are_stored_with_the_refs_skills(game):
    db = game["db"]
    with db.write("test: equipment") as tx:
        ref = tx.session.get(Referee, game["ref"])
        ref.skills, ref.equipment = ["Loves Dirty Tricks"], ["Whistle"]
    change = event(game, "send-off roll", player_id=game["ap"][2], roll=typed_roll("D6", [3]))
    g = q.read_game(db, game["match"])
    assert game["ap"][2] not in g.state.out  # 3: Dirty Tricks changes the penalty rolls, not this D6 (RULES.md 5)
    with db.read() as session:
        roll = session.get(DiceRoll, session.scalars(select(DiceRoll.id).order_by(DiceRoll.id.desc())).first())
        assert (roll.total, roll.modifier, roll.referee_id, roll.match_id) == (3, 0, game["ref"], game["match"])
    event(game, "penalty roll", data={"item": "Whistle"}, roll=typed_roll("2D6", [4, 4]))  # 8 + 1 = 9
    assert "10+: no effect" in q.read_game(db, game["match"]).events[-1].data["text"]
    refused(
        db,
        lambda: event(game, "penalty roll", data={"item": "Chainsaw"}, roll=typed_roll("2D6", [6, 6])),
        "does not carry",
    )
    assert change.result


def test_full_time_writes_the_report_and_the_sheet_in_one_transaction(game):
    db = game["db"]
    hp, ap = game["hp"], game["ap"]
    event(game, "get the ref", roll=typed_roll("D6", [5]))  # Escapist 4+: he stays
    event(game, "touchdown", player_id=hp[0])
    event(game, "completion", player_id=hp[1])
    event(game, "casualty", player_id=hp[2], victim_id=ap[3], data={"injury": "-1 AV"})
    event(game, "ref casualty", victim_id=ap[4], data={"casualty": "Broken Jaw"})
    ref_turn(game)
    event(game, "ref state", data={"state": "knocked out"})
    for _ in range(2, 9):
        event(game, "end turn")
    for turn in range(9, 17):
        ref_turn(game, in_range=turn != 16)
    refused(db, lambda: event(game, "touchdown", player_id=hp[0]), "full time")
    event(game, "mvp", team_id=game["home"], player_id=hp[0])
    event(game, "mvp", team_id=game["away"], player_id=ap[0])
    before = snapshot(db)
    change = pad.full_time(db, match_id=game["match"], gate_faces=[3] * 11)
    with db.read() as session:
        match = session.get(Match, game["match"])
        assert (match.status, match.home_score, match.away_score, match.home_casualties) == ("played", 1, 0, 1)
        lines = {
            r.player_id: r for r in session.scalars(select(MatchPlayer).where(MatchPlayer.match_id == match.id))
        }
        assert lines[hp[0]].touchdowns == 1 and lines[hp[0]].mvp and lines[hp[1]].completions == 1
        assert lines[ap[3]].injury == "-1 AV" and lines[hp[2]].casualties == 1
        sheet = session.scalars(select(RefereeMatch).where(RefereeMatch.match_id == match.id)).one()
        ref = session.get(Referee, game["ref"])
        assert sheet.finished and sheet.state == "knocked out" and sheet.out_turn == 2
        assert sum(1 for t in sheet.in_range if t) == 8 and sheet.casualties == 1  # turn 1 and 9-15
        assert (ref.matches, ref.spp, sheet.result) == (1, 5, "kept")
    assert {"match", "match_player", "referee_match", "referee", "live_match"} <= change.tables
    db.replay(change, forward=False)  # one undo step takes all of it back
    assert snapshot(db) == before
    refused(db, lambda: pad.full_time(db, match_id=game["match"], gate_faces=[3] * 5), "dice do not match")


def test_full_time_before_the_last_turn_is_refused(game):
    refused(game["db"], lambda: pad.full_time(game["db"], match_id=game["match"], gate=30_000), "turn 1 of 16")


def test_a_riot_ends_the_game_early_and_the_sheet_says_so(game):
    db = game["db"]
    for _ in range(6):
        ref_turn(game)
    event(game, "riot")
    pad.full_time(db, match_id=game["match"], gate_faces=[3] * 11)
    with db.read() as session:
        sheet = session.scalars(select(RefereeMatch).where(RefereeMatch.match_id == game["match"])).one()
        match = session.get(Match, game["match"])
        assert (sheet.riot, sheet.turns_played, sheet.result, sheet.spp_gained, match.riot) == (
            True,
            6,
            "award",
            10,
            True,
        )


def test_the_views_plain_read_of_a_game_is_the_orms_at_every_point_of_it(game, db):
    db, hp, ap = game["db"], game["hp"], game["ap"]
    unplayed = add_fixture(db, home_team_id=game["home"], away_team_id=game["away"], round_number=2).result
    g = same_game_both_ways(db, unplayed)  # no pad, no sheet, no events
    assert g.live_id is None and g.sheet_id is None and g.events == () and len(g.players) == 22
    assert same_game_both_ways(db, game["match"]).state.ref is not None  # the pad open, the ref on his sheet
    event(game, "get the ref", roll=typed_roll("D6", [5]))
    event(game, "touchdown", player_id=hp[0])
    event(game, "casualty", player_id=hp[2], victim_id=ap[3], data={"injury": "-1 AV"})
    ref_turn(game)
    g = same_game_both_ways(db, game["match"])
    assert len(g.events) == 4 and g.events[2].data["injury"] == "-1 AV" and g.state.score[game["home"]] == 1
    for turn in range(2, 17):
        ref_turn(game, in_range=turn != 16)
    event(game, "mvp", team_id=game["home"], player_id=hp[0])
    event(game, "mvp", team_id=game["away"], player_id=ap[0])
    pad.full_time(db, match_id=game["match"], gate_faces=[3] * 11)
    g = same_game_both_ways(db, game["match"])  # after full time: the players with a line in the report
    assert g.finished and g.status != "scheduled"
    with pytest.raises(NotFound, match="no longer exists"):  # a gone match, in words, both ways
        q.read_game(db, 10_000)
    with pytest.raises(NotFound, match="no longer exists"), db.read() as session:
        q.game(session, db.ruleset, 10_000)
