"""Issue 35, item 2: a casualty on the match pad records its result on the league's Casualty Table (D68, typed or
rolled, or read off the printed table), the causer and the victim each named, and full time writes it on the
roster: miss next game, a niggle, a characteristic lost down to its floors, dead (his contract ends, his games stay).
"""

import pytest
from sqlalchemy import select

from roster_app.queries import matchpad as q
from roster_app.queries.contracts import contracts
from roster_app.rules import postmatch as pm
from roster_app.rules.dice import DiceSpec, roll, typed_roll
from roster_app.rules.ruleset import load_bundled
from roster_app.services import matchpad as pad
from roster_app.services.season import add_fixture
from roster_app.store.models import Contract, DiceRoll, MatchPlayer, Player
from roster_app.store.statuses import ContractStatus, PlayerStatus
from tests.helpers import refused, signed
from tests.season_helpers import build_teams, roster_ids

HOLDER = "pad"


@pytest.fixture
def game(db):
    """Two teams of eleven on a fixture a pad holds; a normal ref (no ref's turn to record)."""
    home, away = build_teams(db, 2)
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    pad.open_pad(db, match_id=match_id, holder=HOLDER)
    return {"db": db, "match": match_id, "home": home, "away": away, "hp": roster_ids(db, home),
            "ap": roster_ids(db, away)}  # fmt: skip


def event(g, kind, **kw):
    return pad.record_event(g["db"], match_id=g["match"], holder=HOLDER, kind=kind, **kw)


def full_time(g):
    for _ in range(16):
        event(g, "end turn")
    pad.full_time(g["db"], match_id=g["match"], gate_faces=[3] * 11)


def player(db, player_id):
    with db.read() as session:
        return session.get(Player, player_id)


def test_d68_reads_tens_and_units_and_refuses_faces_it_cannot_show():
    assert typed_roll("D68", [4, 1]).total == 41 and typed_roll("D68", [6, 8]).total == 68
    assert not typed_roll("D68", [3, 3]).is_double
    spec = DiceSpec.parse("D68")
    assert (spec.lowest, spec.highest, spec.die_sides, str(spec)) == (11, 68, (6, 8), "D68")
    assert not spec.possible(39) and not spec.possible(70) and spec.possible(58)
    for faces, words in (([7, 1], "D6 shows 1 to 6"), ([1, 9], "D8 shows 1 to 8")):
        with pytest.raises(Exception, match=words):
            typed_roll("D68", faces)
    assert all(r.faces[0] <= 6 and r.faces[1] <= 8 for r in (roll("D68") for _ in range(200)))


@pytest.mark.parametrize("key", ["lrb4", "lrb5", "lrb6"])
@pytest.mark.parametrize(("total", "result", "injury"), [
    (11, "Badly Hurt", "Badly hurt"), (38, "Badly Hurt", "Badly hurt"), (41, "Broken Ribs", "Miss next game"),
    (48, "Pinched Nerve", "Miss next game"), (51, "Damaged Back", "Niggling injury"), (53, "Smashed Hip", "-1 MA"),
    (55, "Serious Concussion", "-1 AV"), (57, "Broken Neck", "-1 AG"), (58, "Smashed Collar Bone", "-1 ST"),
    (61, "Dead", "Dead"), (68, "Dead", "Dead")])  # fmt: skip
def test_every_bundled_ruleset_has_the_casualty_table(key, total, result, injury):
    ruleset = load_bundled(key)
    row = pm.casualty_result(total, ruleset)
    assert (row["result"], row["injury"]) == (result, injury)
    spec = DiceSpec.parse(ruleset.table("casualty_table")["dice"])
    every = [t * 10 + u for t in range(1, 7) for u in range(1, 9)]
    assert all(spec.possible(n) and pm.casualty_result(n, ruleset) for n in every)
    assert ruleset.table("casualty_table")["source"]["where"]


def test_a_casualty_without_a_result_is_refused_and_writes_nothing(game):
    refused(game["db"], lambda: event(game, "casualty", player_id=game["hp"][2], victim_id=game["ap"][3]),
            "Roll the Casualty Table")  # fmt: skip
    refused(game["db"], lambda: event(game, "casualty", player_id=game["hp"][2], victim_id=game["ap"][3],
                                      data={"casualty": "Sprained Ego"}), "not a result of the league's Casualty")  # fmt: skip


def test_causer_and_victim_are_the_ones_named(game):
    db, hp, ap = game["db"], game["hp"], game["ap"]
    event(game, "casualty", player_id=ap[1], victim_id=hp[4], roll=typed_roll("D68", [4, 1]))
    text = q.describe(q.read_game(db, game["match"]).events[-1], q.read_game(db, game["match"]))
    assert "Reikland 2 hurt by #" not in text and "#5 Orcland 5 hurt by #2 Reikland 2" in text
    assert "Broken Ribs: Miss next game, rolled 41" in text
    full_time(game)
    with db.read() as session:
        lines = {r.player_id: r for r in session.scalars(select(MatchPlayer))}
        stored = session.scalars(select(DiceRoll).where(DiceRoll.dice == "D68")).one()
    assert lines[ap[1]].casualties == 1 and lines[hp[4]].casualties == 0
    assert lines[hp[4]].injury == "Miss next game" and not lines[ap[1]].injury
    assert (stored.total, stored.player_id, stored.typed) == (41, hp[4], True)
    assert player(db, hp[4]).status == PlayerStatus.MISS_NEXT_GAME and player(db, ap[1]).status == "active"


def test_full_time_writes_each_result_on_the_roster(game):
    db, hp, ap = game["db"], game["hp"], game["ap"]
    with db.write("test: a player already 2 below his AV") as tx:
        tx.session.get(Player, ap[5]).av -= 2
    av = player(db, ap[5]).av
    event(game, "casualty", player_id=hp[1], victim_id=ap[2], roll=typed_roll("D68", [5, 2]))  # Smashed Knee
    event(game, "casualty", player_id=hp[1], victim_id=ap[3], roll=typed_roll("D68", [5, 8]))  # -1 ST
    event(game, "injury", victim_id=ap[4], data={"casualty": "Badly Hurt"})  # read off the printed table
    event(game, "injury", victim_id=ap[5], roll=typed_roll("D68", [5, 6]))  # -1 AV at his floor
    st = player(db, ap[3]).st
    full_time(game)
    assert player(db, ap[2]).injuries == ["Niggling injury"] and player(db, ap[2]).status == "miss next game"
    assert player(db, ap[3]).st == st - 1 and player(db, ap[3]).injuries == ["-1 ST"]
    assert player(db, ap[4]).status == PlayerStatus.ACTIVE and player(db, ap[4]).injuries == []
    assert player(db, ap[5]).av == av  # never more than 2 below the position's value


def test_a_dead_player_s_contract_ends_and_his_games_stay(game):
    db, hp, ap = game["db"], game["hp"], game["ap"]
    with db.write("test: SPP for a contract") as tx:
        tx.session.get(Player, hp[6]).spp = 20
    signed(db, hp[6], 2)
    event(game, "touchdown", player_id=hp[6])
    event(game, "casualty", player_id=ap[0], victim_id=hp[6], roll=typed_roll("D68", [6, 3]))
    full_time(game)
    with db.read() as session:
        contract = session.scalars(select(Contract).where(Contract.player_id == hp[6])).one()
        line = session.scalars(select(MatchPlayer).where(MatchPlayer.player_id == hp[6])).one()
    assert player(db, hp[6]).status == PlayerStatus.DEAD
    assert contract.status == ContractStatus.DIED
    assert next(c for c in contracts(db) if c.player_id == hp[6]).status == "ended: he died"
    assert (line.touchdowns, line.injury) == (1, "Dead")
