"""The commissioner's correction: each kind through its service, a reason and a name required, refusals that
write nothing, the ledger row marked, one undo step, gold conserved, and the rows carried everywhere."""

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.exchange.league_json import export_json, import_json
from roster_app.queries import contracts as contract_queries
from roster_app.queries import corrections as correction_queries
from roster_app.rules.dice import Roll
from roster_app.safety.check import check_league
from roster_app.safety.opening import open_league
from roster_app.services import corrections as svc
from roster_app.services.common import store_roll
from roster_app.services.contracts import end_season
from roster_app.services.players import hire_player, update_player
from roster_app.services.teams import set_counter
from roster_app.store.models import Contract, Correction, DiceRoll, LedgerEntry, Match, Player, Team
from roster_app.store.tables import league_rows
from tests.helpers import add_orcs, ledger_sum, signed, snapshot, treasury

WHO = {"made_by": "Ann Marsh", "reason": "Winnings were counted twice"}


def _player(db, team, spp=0, name="Grak"):
    pid = hire_player(db, team_id=team, position="Orc Blitzer", name=name).result
    if spp:
        update_player(db, player_id=pid, field="spp", value=spp)
    return pid


def _roll(db, team, faces=(3, 4), dice="2D6", modifier=0):
    with db.write("test roll") as tx:
        return store_roll(tx.session, Roll(dice, tuple(faces), modifier, typed=True), "gate", team_id=team).id


def _played(db, team):
    other = add_orcs(db, name="Other Orcs")
    with db.write("test match") as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=team, away_team_id=other, status="played"))


def _row(db, model, row_id):
    with db.read() as session:
        return session.get(model, row_id)


def _corrections(db):
    with db.read() as session:
        return session.scalars(select(Correction).order_by(Correction.id)).all()


# -- gold ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("amount", [25_000, -40_000])
def test_a_gold_correction_moves_the_treasury_through_a_marked_ledger_row(db, amount):
    team = add_orcs(db, treasury=100_000)
    change = svc.correct_gold(db, team_id=team, amount=amount, **WHO)
    assert treasury(db, team) == 100_000 + amount == ledger_sum(db, team)
    entry = _row(db, LedgerEntry, change.result)
    assert (entry.amount, entry.kind) == (amount, "correction")
    assert entry.reason == "Commissioner's correction by Ann Marsh: Winnings were counted twice"
    (row,) = _corrections(db)
    assert (row.kind, row.made_by, row.reason, row.team_id, row.ledger_entry_id) == (
        "gold", "Ann Marsh", "Winnings were counted twice", team, entry.id)  # fmt: skip
    assert (row.before, row.after) == ({"treasury": 100_000}, {"treasury": 100_000 + amount})
    assert change.label.startswith("correction of Orcland Raiders' treasury")
    assert check_league(db).ok


def test_undoing_a_gold_correction_restores_treasury_and_ledger(db):
    team = add_orcs(db, treasury=100_000)
    before = snapshot(db)
    change = svc.correct_gold(db, team_id=team, amount=-30_000, **WHO)
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert treasury(db, team) == 70_000 == ledger_sum(db, team)


def test_gold_is_conserved_over_many_corrections(db):
    team = add_orcs(db, treasury=50_000)
    expected = 50_000
    for amount in (10_000, -60_001, -60_000, 5, -6, 123_456, -1):
        if expected + amount < 0:
            with pytest.raises(RuleViolation, match="never goes below 0 gp"):
                svc.correct_gold(db, team_id=team, amount=amount, **WHO)
        else:
            svc.correct_gold(db, team_id=team, amount=amount, **WHO)
            expected += amount
        assert treasury(db, team) == ledger_sum(db, team) == expected >= 0
    assert expected == 123_460


# -- refusals --------------------------------------------------------------------------------------
def _league_with_everything(db):
    team = add_orcs(db, treasury=100_000)
    pid = _player(db, team, spp=20)
    contract = signed(db, pid, 3)
    return team, pid, contract, _roll(db, team)


CALLS = {
    "gold": lambda db, t, p, c, r, **w: svc.correct_gold(db, team_id=t, amount=10_000, **w),
    "spp": lambda db, t, p, c, r, **w: svc.correct_spp(db, player_id=p, spp=31, **w),
    "fan_factor": lambda db, t, p, c, r, **w: svc.correct_fan_factor(db, team_id=t, fan_factor=4, **w),
    "contract": lambda db, t, p, c, r, **w: svc.correct_contract(db, contract_id=c, seasons=4, **w),
    "roll": lambda db, t, p, c, r, **w: svc.correct_roll(db, dice_roll_id=r, faces=[5, 4], **w),
}


@pytest.mark.parametrize("kind", CALLS)
@pytest.mark.parametrize(
    ("who", "words"),
    [
        ({"made_by": "Ann", "reason": "  "}, "needs a reason"),
        ({"made_by": "", "reason": "Typo"}, "name of the commissioner"),
    ],
)
def test_every_kind_needs_a_reason_and_a_name_and_writes_nothing_without(db, kind, who, words):
    ids = _league_with_everything(db)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        CALLS[kind](db, *ids, **who)
    assert snapshot(db) == before


@pytest.mark.parametrize("kind", CALLS)
def test_every_kind_writes_one_correction_row_and_undoes_in_one_step(db, kind):
    ids = _league_with_everything(db)
    before = snapshot(db)
    change = CALLS[kind](db, *ids, **WHO)
    (row,) = _corrections(db)
    assert (row.kind, row.team_id, row.made_by) == (kind, ids[0], "Ann Marsh")
    assert row.before != row.after
    assert check_league(db).ok, check_league(db).text()
    db.replay(change, forward=False)
    assert snapshot(db) == before


REFUSALS = [
    ("gold", lambda db, t, p, c, r: svc.correct_gold(db, team_id=t, amount=-100_001, **WHO), "never goes below 0"),
    ("gold zero", lambda db, t, p, c, r: svc.correct_gold(db, team_id=t, amount=0, **WHO), "0 gp changes nothing"),
    ("spp below 0", lambda db, t, p, c, r: svc.correct_spp(db, player_id=p, spp=-1, **WHO), "below 0"),
    (
        "rolls beyond spp",
        lambda db, t, p, c, r: svc.correct_spp(db, player_id=p, spp=20, rolls_taken=3, **WHO),
        "20 SPP earn only 2",
    ),
    (
        "fan factor high",
        lambda db, t, p, c, r: svc.correct_fan_factor(db, team_id=t, fan_factor=19, **WHO),
        "0 to 18",
    ),
    (
        "fan factor same",
        lambda db, t, p, c, r: svc.correct_fan_factor(db, team_id=t, fan_factor=0, **WHO),
        "already 0",
    ),
    (
        "contract too long",
        lambda db, t, p, c, r: svc.correct_contract(db, contract_id=c, seasons=6, **WHO),
        "at most 5 seasons",
    ),
    (
        "served beyond",
        lambda db, t, p, c, r: svc.correct_contract(db, contract_id=c, served=4, **WHO),
        "0 to 3 seasons served",
    ),
    ("roll face", lambda db, t, p, c, r: svc.correct_roll(db, dice_roll_id=r, faces=[7, 1], **WHO), "1 to 6"),
    ("roll dice", lambda db, t, p, c, r: svc.correct_roll(db, dice_roll_id=r, faces=[3], **WHO), "needs 2 dice"),
    ("roll same", lambda db, t, p, c, r: svc.correct_roll(db, dice_roll_id=r, faces=[3, 4], **WHO), "already"),
]


@pytest.mark.parametrize(("case", "call", "words"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_what_the_rules_forbid_outright_is_refused_with_words_and_nothing_written(db, case, call, words):
    ids = _league_with_everything(db)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call(db, *ids)
    assert snapshot(db) == before


# -- each kind ---------------------------------------------------------------------------------------
def test_spp_correction_sets_the_total_and_the_rolls_taken(db):
    team = add_orcs(db)
    pid = _player(db, team, spp=5)
    svc.correct_spp(db, player_id=pid, spp=16, rolls_taken=1, **WHO)
    player = _row(db, Player, pid)
    assert (player.spp, player.rolls_taken) == (16, 1)
    svc.correct_spp(db, player_id=pid, spp=6, **WHO)  # one roll: 6 SPP still earn it
    with pytest.raises(RuleViolation, match="5 SPP earn only 0"):
        svc.correct_spp(db, player_id=pid, spp=5, **WHO)
    rows = correction_queries.corrections(db, team_id=team)
    assert [r.change for r in rows] == ["16 SPP to 6 SPP", "5 SPP to 16 SPP, star player rolls taken 0 to 1"]
    assert rows[0].subject == "Grak" and rows[0].kind_label == "SPP"


def test_fan_factor_correction_after_the_first_match_moves_no_gold(db):
    team = add_orcs(db, treasury=100_000)
    _played(db, team)
    svc.correct_fan_factor(db, team_id=team, fan_factor=7, **WHO)
    assert _row(db, Team, team).fan_factor == 7
    assert treasury(db, team) == 100_000 == ledger_sum(db, team)


def test_the_team_header_edit_of_fan_factor_after_a_match_leads_to_a_correction(db):
    team = add_orcs(db)
    set_counter(db, team_id=team, counter="fan_factor", value=2)  # bought at creation
    _played(db, team)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="Commissioner's Correction"):
        set_counter(db, team_id=team, counter="fan_factor", value=5)
    assert snapshot(db) == before


def test_contract_correction_changes_length_and_served_and_expires_when_served(db):
    team = add_orcs(db)
    pid = _player(db, team, spp=20)
    cid = signed(db, pid, 3)
    paid = ledger_sum(db, team)
    svc.correct_contract(db, contract_id=cid, seasons=2, served=1, **WHO)
    contract = _row(db, Contract, cid)
    assert (contract.seasons, contract.served, contract.status) == (2, 1, "running")
    svc.correct_contract(db, contract_id=cid, served=2, **WHO)
    assert _row(db, Contract, cid).status == "expired"
    svc.correct_contract(db, contract_id=cid, seasons=5, **WHO)  # written too short: it runs again
    assert (_row(db, Contract, cid).status, _row(db, Contract, cid).served) == ("running", 2)
    assert ledger_sum(db, team) == paid  # no gold moves with a contract correction
    assert correction_queries.corrections(db)[0].change == "contract || of 2 to || of 5 (running)"


def test_cancelling_a_running_contract_makes_the_player_a_free_agent(db):
    team = add_orcs(db)
    pid = _player(db, team, spp=20)
    cid = signed(db, pid, 3)
    svc.correct_contract(db, contract_id=cid, cancel=True, **WHO)
    assert _row(db, Contract, cid).status == "cancelled"
    assert {r.player: r.status for r in contract_queries.contracts(db)} == {"Grak": "free agent"}
    with pytest.raises(RuleViolation, match="nothing to cancel"):
        svc.correct_contract(db, contract_id=cid, cancel=True, **WHO)
    signed(db, pid, 1)  # a new contract, as for any free agent
    end_season(db, abandon_reason="the season ran out of time", made_by="Jim")
    assert check_league(db).ok, check_league(db).text()


def test_an_expired_contract_does_not_run_again_beside_a_newer_one(db):
    team = add_orcs(db)
    pid = _player(db, team, spp=20)
    first = signed(db, pid, 1)
    end_season(db, abandon_reason="the season ran out of time", made_by="Jim")
    signed(db, pid, 2)
    with pytest.raises(RuleViolation, match="signed another contract"):
        svc.correct_contract(db, contract_id=first, seasons=3, **WHO)


def test_a_roll_correction_changes_the_stored_faces_and_total(db):
    team = add_orcs(db)
    rid = _roll(db, team, faces=(3,), dice="D6", modifier=1)
    svc.correct_roll(db, dice_roll_id=rid, faces=[5], **WHO)
    roll = _row(db, DiceRoll, rid)
    assert (roll.faces, roll.total, roll.typed) == ([5], 6, True)
    (row,) = correction_queries.corrections(db, team_id=team)
    assert (row.subject, row.change) == ("gate (D6)", "faces 3 = 4 to 5 = 6")


def test_the_league_and_a_team_see_their_corrections_newest_first(db):
    orcs = add_orcs(db, treasury=50_000)
    others = add_orcs(db, name="Other Orcs", treasury=50_000)
    svc.correct_gold(db, team_id=orcs, amount=1_000, made_by="Ann", reason="First")
    svc.correct_gold(db, team_id=others, amount=2_000, made_by="Ann", reason="Second")
    svc.correct_gold(db, team_id=orcs, amount=-500, made_by="Bo", reason="Third")
    assert [r.reason for r in correction_queries.corrections(db)] == ["Third", "Second", "First"]
    rows = correction_queries.corrections(db, team_id=orcs)
    assert [(r.reason, r.made_by, r.change) for r in rows] == [
        ("Third", "Bo", "treasury 51,000 gp to 50,500 gp (-500 gp)"),
        ("First", "Ann", "treasury 50,000 gp to 51,000 gp (+1,000 gp)"),
    ]


# -- carried everywhere --------------------------------------------------------------------------------
def test_corrections_travel_in_the_json_export_and_the_table_walker(db, tmp_path):
    ids = _league_with_everything(db)
    for call in CALLS.values():
        call(db, *ids, **WHO)
    assert len(league_rows(db)["correction"]) == 5  # what `dugout copy` and a server's backups carry
    imported = open_league(import_json(export_json(db, tmp_path / "l.json"), tmp_path / "l.dugout"))
    try:
        assert snapshot(imported) == snapshot(db)
        assert check_league(imported).ok
    finally:
        imported.close()


def test_an_export_from_before_corrections_still_imports(db, tmp_path):
    import json

    add_orcs(db)
    path = export_json(db, tmp_path / "old.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["tables"]["correction"]
    path.write_text(json.dumps(document), encoding="utf-8")
    imported = open_league(import_json(path, tmp_path / "old.dugout"))
    try:
        assert snapshot(imported) == snapshot(db)
    finally:
        imported.close()


def test_check_league_reports_a_correction_that_names_a_missing_row(league_file):
    import sqlite3

    from roster_app.safety.check import check_file

    db = open_league(league_file)
    svc.correct_gold(db, team_id=1, amount=1_000, **WHO)
    db.close()
    with sqlite3.connect(league_file) as conn:
        conn.execute("UPDATE correction SET ledger_entry_id = 999")
    report = check_file(league_file)
    assert any("correction points at ledger_entry that does not exist" in p.text for p in report.problems), (
        report.text()
    )
