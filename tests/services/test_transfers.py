"""Transfers through the services: the approach, refusals, pulling out, steps 6-10 together, reversal."""

import re

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries.transfers import deal_terms
from roster_app.services.transfers import (
    complete_transfer,
    pull_out,
    record_approach,
    refuse_by_coach,
    refuse_by_player,
    reverse_transfer,
)
from roster_app.store.models import Contract, DiceRoll, LedgerEntry, Player, Transfer
from tests.helpers import ledger_sum, signed, snapshot, treasury
from tests.transfer_helpers import dice, market, play_match


@pytest.fixture
def teams(db):
    return market(db)


def pid(db, name):
    with db.read() as session:
        return session.scalars(select(Player.id).where(Player.name == name)).one()


def approach(db, player, buyer):
    return record_approach(db, player_id=pid(db, player), buyer_team_id=buyer).result


def transfer_row(db, tid):
    with db.read() as session:
        return session.get(Transfer, tid)


def rows(db, model, **where):
    with db.read() as session:
        query = select(model)
        for key, value in where.items():
            query = query.where(getattr(model, key) == value)
        return session.scalars(query).all()


def the_terms(db, player, buyer):
    from roster_app.store.models import Team

    with db.read() as session:
        return deal_terms(session, db.ruleset, session.get(Player, pid(db, player)), session.get(Team, buyer))


def test_a_free_agent_at_the_tribunals_price_with_his_new_contract(db, teams):
    orcs, dwarfs = teams["orcs"], teams["dwarfs"]
    t = the_terms(db, "Gotrek", orcs)
    assert (t.under_contract, t.ally, t.rolls, t.fixed) == (False, True, 3, 120_000)  # 90,000 + 3 x 10,000
    assert [m.key for m in t.modifiers] == ["buyer_fan_factor_higher"]
    tid = approach(db, "Gotrek", orcs)
    reaction = dice("2D6", 5, 4, modifier=t.modifier)  # 10: keen
    tribunal = dice("D6", 3)
    change = complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=150_000,
                               tribunal_roll=tribunal, contract_seasons=2)  # fmt: skip
    assert treasury(db, orcs) == 300_000 - 150_000 - 6_000 == ledger_sum(db, orcs)
    assert treasury(db, dwarfs) == 50_000 + 150_000 == ledger_sum(db, dwarfs)
    gotrek = rows(db, Player, name="Gotrek")[0]
    assert (gotrek.team_id, gotrek.status, gotrek.number) == (orcs, "active", 12)  # number 1 was taken
    contract = rows(db, Contract, player_id=gotrek.id)[0]
    assert (contract.team_id, contract.seasons, contract.cost, contract.transfer_id) == (orcs, 2, 6_000, tid)
    ledger = sorted((e.team_id, e.amount, e.kind) for e in rows(db, LedgerEntry, transfer_id=tid))
    assert ledger == sorted(
        [(orcs, -150_000, "transfer"), (dwarfs, 150_000, "transfer"), (orcs, -6_000, "contract")]
    )
    stored = {(r.purpose, tuple(r.faces), r.total, r.typed) for r in rows(db, DiceRoll, transfer_id=tid)}
    assert stored == {("player reaction", (5, 4), 10, True), ("tribunal", (3,), 3, True)}
    done = transfer_row(db, tid)
    assert (done.status, done.price, done.reaction_total, done.contract_seasons, done.ally) == (
        "completed", 150_000, 10, 2, True)  # fmt: skip
    assert change.label == "transfer of Gotrek from Karak Grudgebearers to Orcland Raiders for 150,000 gp"


def test_a_player_who_only_listens_costs_the_extra(db, teams):
    t = the_terms(db, "Gotrek", teams["orcs"])
    tid = approach(db, "Gotrek", teams["orcs"])
    reaction = dice("2D6", 3, 3, modifier=t.modifier)  # 7: listens
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="160,000 gp, not 150,000 gp"):
        complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=150_000,
                          tribunal_roll=dice("D6", 3), contract_seasons=1)  # fmt: skip
    assert snapshot(db) == before
    complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=160_000, tribunal_roll=dice("D6", 3),
                      contract_seasons=1)  # fmt: skip
    assert treasury(db, teams["dwarfs"]) == 210_000


def test_under_contract_the_seller_names_a_price_not_below_the_original_cost(db, teams):
    orcs, rivals = teams["orcs"], teams["rivals"]
    signed(db, pid(db, "Grak"), 3)
    t = the_terms(db, "Grak", orcs)
    assert t.under_contract and not t.ally and "under_contract" in [m.key for m in t.modifiers]
    tid = approach(db, "Grak", orcs)
    reaction = dice("2D6", 6, 5, modifier=t.modifier)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="not be below 80,000 gp"):
        complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=79_999, contract_seasons=2)
    assert snapshot(db) == before
    rivals_before = treasury(db, rivals)
    complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=125_000, contract_seasons=2)
    assert treasury(db, orcs) == 300_000 - 125_000 - 4_000
    assert treasury(db, rivals) == rivals_before + 125_000
    contracts = {(c.team_id, c.status) for c in rows(db, Contract, player_id=pid(db, "Grak"))}
    assert contracts == {(rivals, "transferred"), (orcs, "running")}
    assert len(rows(db, DiceRoll, transfer_id=tid)) == 1  # no tribunal roll for a player under contract


def test_the_selling_coach_refuses_and_only_the_approach_and_refusal_are_written(db, teams):
    signed(db, pid(db, "Grak"), 3)
    before = snapshot(db)
    tid = approach(db, "Grak", teams["orcs"])
    refuse_by_coach(db, transfer_id=tid)
    after = snapshot(db)
    assert {k for k in after if after[k] != before[k]} == {"transfer"}
    assert transfer_row(db, tid).status == "refused by coach"
    with pytest.raises(RuleViolation, match="already approached"):
        approach(db, "Grak", teams["dwarfs"])  # not again before his team's next match


def test_a_free_agents_coach_has_no_say(db, teams):
    tid = approach(db, "Gotrek", teams["orcs"])
    with pytest.raises(RuleViolation, match="no say"):
        refuse_by_coach(db, transfer_id=tid)


def test_a_refusal_on_the_reaction_roll_blocks_until_his_teams_next_match(db, teams):
    orcs, dwarfs = teams["orcs"], teams["dwarfs"]
    t = the_terms(db, "Gotrek", orcs)
    tid = approach(db, "Gotrek", orcs)
    with pytest.raises(RuleViolation, match="does not refuse"):
        refuse_by_player(db, transfer_id=tid, reaction_roll=dice("2D6", 6, 6, modifier=t.modifier))
    refuse_by_player(db, transfer_id=tid, reaction_roll=dice("2D6", 1, 2, modifier=t.modifier))
    assert transfer_row(db, tid).status == "refused by player"
    assert [r.purpose for r in rows(db, DiceRoll, transfer_id=tid)] == ["player reaction"]
    with pytest.raises(RuleViolation, match="already approached"):
        approach(db, "Gotrek", teams["rivals"])
    play_match(db, orcs, teams["rivals"])  # not his team: still blocked
    with pytest.raises(RuleViolation, match="already approached"):
        approach(db, "Gotrek", orcs)
    play_match(db, dwarfs, orcs)
    assert approach(db, "Gotrek", orcs)


def test_wrong_modifiers_are_refused(db, teams):
    tid = approach(db, "Gotrek", teams["orcs"])
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="add up to"):
        refuse_by_player(db, transfer_id=tid, reaction_roll=dice("2D6", 1, 1, modifier=-3))
    assert snapshot(db) == before


def test_a_buyer_without_the_gold_cannot_complete_and_pulls_out(db):
    teams = market(db, buyer_treasury=100_000)
    t = the_terms(db, "Gotrek", teams["orcs"])
    tid = approach(db, "Gotrek", teams["orcs"])
    reaction, tribunal = dice("2D6", 6, 6, modifier=t.modifier), dice("D6", 2)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="only 100,000 gp"):
        complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=140_000, tribunal_roll=tribunal,
                          contract_seasons=1)  # fmt: skip
    assert snapshot(db) == before
    pull_out(db, transfer_id=tid, reaction_roll=reaction, tribunal_roll=tribunal, price=140_000)
    row = transfer_row(db, tid)
    assert (row.status, row.price, row.reaction_total) == ("pulled out", 140_000, 13)
    assert treasury(db, teams["orcs"]) == 100_000 and len(rows(db, DiceRoll, transfer_id=tid)) == 2


def test_a_contract_the_buyer_cannot_pay_after_the_price_undoes_all_of_steps_6_to_10(db):
    teams = market(db, buyer_treasury=150_000)
    t = the_terms(db, "Gotrek", teams["orcs"])
    tid = approach(db, "Gotrek", teams["orcs"])
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="holds only 0 gp"):
        complete_transfer(db, transfer_id=tid, reaction_roll=dice("2D6", 6, 6, modifier=t.modifier), price=150_000,
                          tribunal_roll=dice("D6", 3), contract_seasons=1)  # fmt: skip
    assert snapshot(db) == before


def test_a_rookie_signs_no_contract(db, teams):
    t = the_terms(db, "Borek", teams["orcs"])
    assert t.rookie and t.fixed == 70_000
    tid = approach(db, "Borek", teams["orcs"])
    reaction, tribunal = dice("2D6", 6, 6, modifier=t.modifier), dice("D6", 1)
    with pytest.raises(RuleViolation, match="Rookies transferred do not sign"):
        complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=80_000, tribunal_roll=tribunal,
                          contract_seasons=2)  # fmt: skip
    complete_transfer(db, transfer_id=tid, reaction_roll=reaction, price=80_000, tribunal_roll=tribunal)
    assert rows(db, Contract) == [] and treasury(db, teams["orcs"]) == 220_000


def test_no_buying_from_a_team_of_eleven(db, teams):
    from roster_app.services.players import retire_player

    retire_player(db, player_id=pid(db, "Dwarf 0"))
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="only 11 players"):
        approach(db, "Gotrek", teams["orcs"])
    assert snapshot(db) == before


def test_undo_of_a_completed_transfer_restores_everything(db, teams):
    t = the_terms(db, "Gotrek", teams["orcs"])
    tid = approach(db, "Gotrek", teams["orcs"])
    before = snapshot(db)
    change = complete_transfer(db, transfer_id=tid, reaction_roll=dice("2D6", 3, 4, modifier=t.modifier),
                               price=170_000, tribunal_roll=dice("D6", 4), contract_seasons=3)  # fmt: skip
    db.replay(change, forward=False)
    assert snapshot(db) == before


def test_reversal_writes_reversing_rows_and_moves_the_player_back(db, teams):
    orcs, rivals = teams["orcs"], teams["rivals"]
    grak = pid(db, "Grak")
    signed(db, grak, 3)
    t = the_terms(db, "Grak", orcs)
    tid = approach(db, "Grak", orcs)
    gold = (treasury(db, orcs), treasury(db, rivals))
    complete_transfer(db, transfer_id=tid, reaction_roll=dice("2D6", 6, 5, modifier=t.modifier), price=100_000,
                      contract_seasons=2)  # fmt: skip
    entries = len(rows(db, LedgerEntry))
    change = reverse_transfer(db, transfer_id=tid)
    assert (treasury(db, orcs), treasury(db, rivals)) == gold
    assert len(rows(db, LedgerEntry)) == entries + 3  # nothing deleted: three reversing rows
    reversals = rows(db, LedgerEntry, kind="reversal")
    assert all(r.reverses_id is not None for r in reversals)
    player = rows(db, Player, id=grak)[0]
    assert player.team_id == rivals and player.number == 1
    assert {(c.team_id, c.status) for c in rows(db, Contract, player_id=grak)} == {
        (rivals, "running"),
        (orcs, "reversed"),
    }
    assert transfer_row(db, tid).status == "reversed"
    assert len(rows(db, DiceRoll, transfer_id=tid)) == 1
    assert change.label == "reversal of the transfer of Grak to Orcland Raiders"
    with pytest.raises(RuleViolation, match="Only a completed transfer"):
        reverse_transfer(db, transfer_id=tid)


def test_only_a_players_latest_transfer_can_be_reversed(db, teams):
    """Away and back again: reversing the first deal would leave the contract of the last one running with a
    team he no longer plays for (found by two commissioners transferring at once: test_shared_concurrency)."""
    orcs, rivals = teams["orcs"], teams["rivals"]
    grak = pid(db, "Grak")
    signed(db, grak, 3)
    deals = []
    for buyer, seller in ((orcs, rivals), (rivals, orcs), (orcs, rivals)):
        t = the_terms(db, "Grak", buyer)
        tid = approach(db, "Grak", buyer)
        complete_transfer(db, transfer_id=tid, reaction_roll=dice("2D6", 6, 5, modifier=t.modifier),
                          price=100_000, contract_seasons=2)  # fmt: skip
        play_match(db, buyer, seller)
        deals.append(tid)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="transferred again since; reverse his latest transfer first"):
        reverse_transfer(db, transfer_id=deals[0])
    assert snapshot(db) == before
    for tid in reversed(deals):  # latest first: each step back is allowed
        reverse_transfer(db, transfer_id=tid)
    running = [c for c in rows(db, Contract, player_id=grak) if c.status == "running"]
    assert [(c.team_id, rows(db, Player, id=grak)[0].team_id) for c in running] == [(rivals, rivals)]


def _star_name(db):
    """A Star Player of the league's own table (star_players), as the table spells him."""
    return db.ruleset.table("star_players")["stars"][0]["name"]


def _rename(db, old, new, *, position=None):
    """The commissioner's roster as typed from paper: a Star Player written onto it as a player."""
    with db.write("test: a roster from paper") as tx:
        player = tx.session.get(Player, pid(db, old))
        player.name = new
        if position is not None:
            player.position = position


@pytest.mark.parametrize("named_as_the_star", [False, True])
def test_a_star_player_on_a_roster_is_never_transferred_and_the_refusal_names_him(db, teams, named_as_the_star):
    """Seed 001: Star Players "will not sign contracts ... but they can never be transferred either". A star
    typed onto a roster (his name as the position, spelt any way) is refused by the market and by the approach, in
    words naming him, and nothing is written; a player merely named after a star is an ordinary player."""
    from roster_app.queries.transfers import transfer_market
    from tests.helpers import refused

    star = _star_name(db)
    name = star if named_as_the_star else "Gotrek the Star"
    _rename(db, "Gotrek", name, position=f"  {star.upper()} ")
    row = next(r for r in transfer_market(db, teams["orcs"]) if r.name == name)
    assert not row.approachable
    said = f"{star} is a Star Player" if named_as_the_star else f"{name} is the Star Player {star}"
    assert row.problem.startswith(said) and "can never be transferred" in row.problem
    refused(db, lambda: record_approach(db, player_id=pid(db, name), buyer_team_id=teams["orcs"]),
            re.escape(said) + ".*can never be transferred")  # fmt: skip
    others = [r for r in transfer_market(db, teams["orcs"]) if r.team_id == teams["dwarfs"] and r.name != name]
    assert others and all("Star Player" not in (r.problem or "") for r in others)


def test_a_player_only_named_after_a_star_may_be_approached(db, teams):
    from roster_app.queries.transfers import transfer_market

    star = _star_name(db)
    _rename(db, "Gotrek", star)  # his position stays the Troll Slayer's
    row = next(r for r in transfer_market(db, teams["orcs"]) if r.name == star)
    assert row.approachable, row.problem
    assert approach(db, star, teams["orcs"])


def test_a_deal_under_way_for_a_player_later_found_to_be_a_star_is_refused_at_the_finish(db, teams):
    orcs = teams["orcs"]
    t = the_terms(db, "Gotrek", orcs)
    tid = approach(db, "Gotrek", orcs)
    star = _star_name(db)
    _rename(db, "Gotrek", star, position=star)  # the commissioner corrects the roster: it was the star all along
    from tests.helpers import refused

    refused(db, lambda: complete_transfer(db, transfer_id=tid, reaction_roll=dice("2D6", 5, 4, modifier=t.modifier),
                                          price=150_000, tribunal_roll=dice("D6", 3), contract_seasons=2),
            re.escape(f"{star} is a Star Player (the league's Star Players table)"))  # fmt: skip
    assert transfer_row(db, tid).status == "approached"
