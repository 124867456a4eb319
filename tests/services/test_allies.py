"""Allies through the services: a transferred player of another race raises the team's re-roll price and lowers
the fan factor it plays with (the gate, the Player Reaction), until he leaves the roster."""

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import rosters as queries
from roster_app.queries.transfers import deal_terms
from roster_app.services.matches import record_match
from roster_app.services.players import retire_player
from roster_app.services.postmatch.plan import purchase_prices
from roster_app.services.teams import set_counter
from roster_app.services.transfers import complete_transfer, record_approach
from roster_app.store.models import LedgerEntry, Match, Player, Team
from tests.helpers import close_sequences, snapshot, treasury
from tests.transfer_helpers import dice, market, play_match


def pid(db, name):
    with db.read() as session:
        return session.scalars(select(Player.id).where(Player.name == name)).one()


def buy(db, name, buyer, *, price, seasons=2):
    """A completed transfer of `name` to `buyer` (keen on a typed 12)."""
    with db.read() as session:
        terms = deal_terms(session, db.ruleset, session.get(Player, pid(db, name)), session.get(Team, buyer))
    tid = record_approach(db, player_id=pid(db, name), buyer_team_id=buyer).result
    tribunal = None if terms.under_contract else dice("D6", 3)
    complete_transfer(db, transfer_id=tid, reaction_roll=dice("2D6", 6, 6, modifier=terms.modifier), price=price,
                      tribunal_roll=tribunal, contract_seasons=seasons)  # fmt: skip


@pytest.fixture
def teams(db):
    """The market; the Orcs (fan factor 6) have bought Gotrek, a Dwarf Troll Slayer: their one ally."""
    teams = market(db)
    buy(db, "Gotrek", teams["orcs"], price=150_000)
    return teams


def scheduled(db, home, away):
    with db.write("test fixture") as tx:
        match = Match(season=1, round=2, home_team_id=home, away_team_id=away)
        tx.session.add(match)
        tx.session.flush()
        tx.result = match.id
    return tx.change.result


def test_a_transferred_ally_raises_the_reroll_price_and_lowers_the_fan_factor_in_play(db, teams):
    orcs = teams["orcs"]
    header = queries.team_header(db, orcs)
    assert header.allies == ("#12 Gotrek (Dwarf Troll Slayer)",)
    assert (header.fan_factor, header.fan_factor_in_play) == (6, 5)  # his own stays 6: the roll changes that one
    assert header.reroll_price == purchase_prices(db, orcs)["rerolls"] == 2 * 60_000 + 10_000  # he has played
    before = treasury(db, orcs)
    set_counter(db, team_id=orcs, counter="rerolls", value=1)  # at step 4.3, after the transfer
    assert treasury(db, orcs) == before - 130_000
    with db.read() as session:
        reason = session.scalars(select(LedgerEntry.reason).order_by(LedgerEntry.id.desc())).first()
    assert reason == "Bought 1 re-roll at 130,000 gp"
    # the team rating counts fan factor at its price and the re-rolls at the race's: the ally lowers neither
    assert header.value == 11 * 50_000 + 90_000 + 6 * 10_000


def test_the_gate_is_rolled_with_the_fan_factor_in_play(db, teams):
    orcs, rivals = teams["orcs"], teams["rivals"]  # fan factors 6 - 1 for Gotrek, and 8: 13 dice
    close_sequences(db, orcs, rivals)  # their post-match sequences are over: the next match
    match = scheduled(db, orcs, rivals)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="The gate is 13 D6"):
        record_match(db, match_id=match, home_score=0, away_score=0, gate_faces=[3] * 14)
    with pytest.raises(RuleViolation, match="fan factors of 5 and 8 the gate is 13 D6"):
        record_match(db, match_id=match, home_score=0, away_score=0, gate=14 * 6 * 1000)
    assert snapshot(db) == before
    record_match(db, match_id=match, home_score=0, away_score=0, gate_faces=[3] * 13)
    with db.read() as session:
        assert session.get(Match, match).gate == 39_000


def test_the_penalties_are_lifted_when_the_ally_is_fired(db, teams):
    orcs = teams["orcs"]
    retire_player(db, player_id=pid(db, "Gotrek"), fired=True)
    header = queries.team_header(db, orcs)
    assert (header.allies, header.fan_factor_in_play, header.reroll_price) == ((), 6, 120_000)
    assert purchase_prices(db, orcs)["rerolls"] == 120_000


def test_the_penalties_follow_the_ally_when_he_is_sold(db, teams):
    orcs, dwarfs = teams["orcs"], teams["dwarfs"]
    play_match(db, orcs, dwarfs)  # he may be approached again after his new team's match
    buy(db, "Gotrek", dwarfs, price=150_000)  # back home: a Dwarf again, no one's ally
    for team in (orcs, dwarfs):
        header = queries.team_header(db, team)
        assert (header.allies, header.fan_factor_in_play) == ((), header.fan_factor)
    # both have played now: re-rolls cost double, and nothing more
    assert purchase_prices(db, orcs)["rerolls"] == 120_000


def test_the_player_reaction_compares_the_fan_factors_in_play(db, teams):
    """Orcs 6 (5 with Gotrek) against the Orc Rivals' 8 and the Dwarfs' 4: higher only than the Dwarfs'."""
    orcs = teams["orcs"]
    with db.write("test fan factor") as tx:
        tx.session.get(Team, teams["dwarfs"]).fan_factor = 5  # 5 is not higher than 5: no modifier
    with db.read() as session:
        terms = deal_terms(session, db.ruleset, session.get(Player, pid(db, "Borek")), session.get(Team, orcs))
    assert (terms.buyer.fan_factor, terms.seller.fan_factor) == (5, 5)
    assert "buyer_fan_factor_higher" not in [m.key for m in terms.modifiers]
