"""Property: whatever transfers run (completed, refused, pulled out, reversed, undone), the league's gold is
conserved (only contracts take gold out of it), every treasury equals its ledger, and every player is on
exactly one roster of at most 16. On a league of each bundled ruleset (LRB 4.0, LRB 5, LRB 6)."""

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from roster_app.errors import DugoutError
from roster_app.queries.transfers import deal_terms
from roster_app.rules.transfers import reaction
from roster_app.services.transfers import (
    complete_transfer,
    pull_out,
    record_approach,
    refuse_by_player,
    reverse_transfer,
)
from roster_app.store.models import Contract, LedgerEntry, Player, PlayerStatus, Team
from tests.helpers import snapshot
from tests.rulesets import RULESET_KEYS, position
from tests.transfer_helpers import build_team, dice, play_match

deal = st.tuples(
    st.just("deal"),
    st.integers(0, 41),  # which player
    st.integers(0, 2),  # which buyer
    st.tuples(st.integers(1, 6), st.integers(1, 6)),  # reaction dice
    st.integers(1, 6),  # tribunal die
    st.integers(1, 5),  # contract seasons (a Rookie signs none)
    st.sampled_from(["complete", "pull out"]),
    st.integers(0, 60_000),  # what a selling coach asks above the floor
)
operation = st.one_of(
    deal,
    st.tuples(st.just("match"), st.integers(0, 2), st.integers(0, 2)),
    st.tuples(st.just("reverse"), st.integers(0, 10)),
    st.tuples(st.just("undo")),
)


def league_gold(db):
    with db.read() as session:
        treasuries = session.scalar(select(func.sum(Team.treasury)))
        contracts = session.scalar(
            select(func.coalesce(func.sum(Contract.cost), 0)).where(Contract.status != "reversed")
        )
    return treasuries + contracts


def check_invariants(db, players, gold):
    assert league_gold(db) == gold
    with db.read() as session:
        for team in session.scalars(select(Team)):
            ledger = session.scalar(select(func.sum(LedgerEntry.amount)).where(LedgerEntry.team_id == team.id))
            assert team.treasury == ledger >= 0
        on_rosters = session.execute(
            select(Player.team_id, func.count())
            .where(Player.status.in_(PlayerStatus.ON_ROSTER))
            .group_by(Player.team_id)
        ).all()
        assert sum(n for _t, n in on_rosters) == players and all(n <= 16 for _t, n in on_rosters)
        per_transfer = session.execute(
            select(LedgerEntry.transfer_id, func.sum(LedgerEntry.amount))
            .where(LedgerEntry.kind == "transfer").group_by(LedgerEntry.transfer_id)
        ).all()  # fmt: skip
        assert all(total == 0 for _t, total in per_transfer)  # the buyer's loss is the seller's gain


def run_deal(db, op, teams, changes, transfers):
    _kind, who, buyer_index, faces, die, seasons, ending, ask = op
    with db.read() as session:
        ids = session.scalars(select(Player.id).order_by(Player.id)).all()
        buyer = session.get(Team, teams[buyer_index])
        terms = deal_terms(session, db.ruleset, session.get(Player, ids[who % len(ids)]), buyer)
    change = record_approach(db, player_id=terms.player_id, buyer_team_id=buyer.id)
    changes.append(change)
    roll = dice("2D6", *faces, modifier=terms.modifier)
    result = reaction(roll.total, db.ruleset)["result"]
    if result == "refuses":
        changes.append(refuse_by_player(db, transfer_id=change.result, reaction_roll=roll))
        return
    tribunal = None if terms.under_contract else dice("D6", die)
    price = terms.floor(result, db.ruleset) + ask if terms.under_contract else terms.free_agent_price(
        tribunal, result, db.ruleset)  # fmt: skip
    if ending == "pull out":
        changes.append(
            pull_out(db, transfer_id=change.result, reaction_roll=roll, tribunal_roll=tribunal, price=price)
        )
        return
    changes.append(complete_transfer(db, transfer_id=change.result, reaction_roll=roll, price=price,
                                     tribunal_roll=tribunal, contract_seasons=None if terms.rookie else seasons))  # fmt: skip
    transfers.append(change.result)


@pytest.fixture(scope="module", params=RULESET_KEYS)
def template(request, tmp_path_factory):
    """The three-team league, built once per ruleset; each example works on a fresh copy of the file."""
    from roster_app.services.league import create_league

    path = tmp_path_factory.mktemp("market") / "market.dugout"
    db = create_league(path, name="Market", ruleset_key=request.param)

    def lineman(race):
        return position(db, race, "Lineman")

    teams = [
        build_team(db, name, race, [(position, f"{name} {i}", spp) for i, (position, spp) in enumerate(players)],
                   treasury=treasury, fan_factor=ff)  # fmt: skip
        for name, race, players, treasury, ff in (
            ("Orcs", "Orc", [(position(db, "Orc", "Blitzer"), 20), ("Goblin", 7)] + [(lineman("Orc"), 3 * i) for i in range(12)],
             400_000, 5),
            ("Dwarfs", "Dwarf", [("Troll Slayer", 36), ("Runner", 12)] + [(lineman("Dwarf"), 2 * i) for i in range(12)],
             150_000, 4),
            ("Humans", "Human", [("Blitzer", 60), ("Catcher", 16)] + [(lineman("Human"), 4 * i) for i in range(12)],
             250_000, 6),
        )
    ]  # fmt: skip
    play_match(db, teams[0], teams[1])  # every team stands at the transfers of a post-match sequence
    play_match(db, teams[2], teams[0])
    db.close()
    return path, teams


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(operation, min_size=1, max_size=12))
def test_gold_is_conserved_and_every_player_is_on_exactly_one_roster(ops, template, tmp_path_factory):
    from roster_app.safety.opening import open_league

    path, teams = template
    copy = tmp_path_factory.mktemp("example") / "league.dugout"
    shutil.copy(path, copy)
    db = open_league(copy)
    gold, players = league_gold(db), 42
    changes, transfers = [], []
    for op in ops:
        before = snapshot(db) if op[0] in ("deal", "reverse") else None
        written = len(changes)
        try:
            if op[0] == "deal":
                run_deal(db, op, teams, changes, transfers)
            elif op[0] == "match" and op[1] != op[2]:
                play_match(db, teams[op[1]], teams[op[2]])
            elif op[0] == "reverse" and transfers:
                changes.append(reverse_transfer(db, transfer_id=transfers[op[1] % len(transfers)]))
            elif op[0] == "undo" and changes:
                db.replay(changes.pop(), forward=False)
        except DugoutError:
            if before is not None and len(changes) == written:  # the refused call wrote nothing
                assert snapshot(db) == before
        check_invariants(db, players, gold)
    db.close()


def test_the_property_test_really_completes_transfers(template, tmp_path):
    """Guard against a vacuous property: one hand-picked deal from the template completes."""
    from roster_app.safety.opening import open_league

    path, teams = template
    shutil.copy(path, tmp_path / "league.dugout")
    db = open_league(tmp_path / "league.dugout")
    changes, transfers = [], []
    run_deal(db, ("deal", 14, 0, (6, 6), 3, 2, "complete", 0), teams, changes, transfers)
    assert len(transfers) == 1
    check_invariants(db, 42, league_gold(db))
    db.close()
