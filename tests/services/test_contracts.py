"""Contracts through the services: signing, renewing, season ends with tallies and expiry, undo."""

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import contracts as contract_queries
from roster_app.queries import rosters as queries
from roster_app.services.contracts import end_season, renew_contract, sign_contract
from roster_app.services.corrections import correct_spp
from roster_app.store.models import Contract, LedgerEntry, Match, Season
from tests.conftest import file_digest
from tests.helpers import add_orcs, add_player, after_match, ledger_sum, snapshot, treasury
from tests.rulesets import position as position_for


def player_with(db, team, spp, position=None, name="Grak"):
    """A player with `spp` (an Orc Blitzer unless named), and his team at step 4.1 of a post-match sequence,
    where contracts are signed."""
    pid = add_player(db, team, position or position_for(db, "Orc", "Blitzer"), name, pay=True, spp=spp)
    after_match(db, team)
    return pid


def contract_rows(db, **kw):
    return {r.player: r for r in contract_queries.contracts(db, **kw)}


def test_the_seed_example_126_spp_for_two_seasons_costs_10000_from_the_treasury(db):
    team = add_orcs(db)
    pid = player_with(db, team, 126)
    before = treasury(db, team)
    change = sign_contract(db, player_id=pid, seasons=2)
    assert treasury(db, team) == before - 10_000 == ledger_sum(db, team)
    with db.read() as session:
        contract = session.get(Contract, change.result)
        entry = session.scalars(select(LedgerEntry).where(LedgerEntry.contract_id == contract.id)).one()
    assert (contract.seasons, contract.rolls_at_signing, contract.cost, contract.served) == (2, 5, 10_000, 0)
    assert (entry.amount, entry.kind, entry.player_id) == (-10_000, "contract", pid)
    assert change.label == "signing of Grak for 2 seasons"
    assert contract_rows(db)["Grak"].tally == "- of 2"


def rookie(db, team):
    return player_with(db, team, 5, name="Rookie")


def running(db, team):
    pid = player_with(db, team, 20, name="Signed")
    sign_contract(db, player_id=pid, seasons=3)
    return pid


@pytest.mark.parametrize(
    ("make", "seasons", "treasury_left", "reason"),
    [
        (lambda db, t: player_with(db, t, 126), 6, None, "at most 5 seasons"),
        (lambda db, t: player_with(db, t, 126), 0, None, "at least 1 season"),
        (rookie, 1, None, "Rookie"),
        (running, 1, None, "already under contract"),
        (lambda db, t: player_with(db, t, 126), 2, 9_999, "only 9,999 gp"),
    ],
    ids=["six seasons", "zero seasons", "rookie", "running", "gold"],
)
def test_refusals_say_why_and_write_nothing(league_file, file_db, make, seasons, treasury_left, reason):
    from tests.helpers import team_id

    team = team_id(file_db, "Orcland Raiders")
    pid = make(file_db, team)
    if treasury_left is not None:
        from roster_app.services.common import post

        with file_db.write() as tx:
            from roster_app.queries.fetch import get_team

            t = get_team(tx.session, team)
            post(tx.session, t, treasury_left - t.treasury, kind="correction", reason="test")
    before, digest = snapshot(file_db), file_digest(league_file)
    with pytest.raises(RuleViolation, match=reason):
        sign_contract(file_db, player_id=pid, seasons=seasons)
    assert snapshot(file_db) == before
    assert file_digest(league_file) == digest


def test_exactly_enough_gold_signs(db):
    team = add_orcs(db, treasury=80_000 + 10_000)
    pid = player_with(db, team, 126)
    sign_contract(db, player_id=pid, seasons=2)
    assert treasury(db, team) == 0


def test_a_star_player_never_signs(db):
    from tests.rulesets import add_position

    add_position(db, "Orc", name="Varag Ghoul-Chewer", cost=120_000, flags=["star_player"], max=1)
    team = add_orcs(db)
    pid = player_with(db, team, 60, position="Varag Ghoul-Chewer", name="Varag")
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="Star Player"):
        sign_contract(db, player_id=pid, seasons=1)
    assert snapshot(db) == before


def test_undo_of_a_signing_refunds_exactly(db):
    team = add_orcs(db)
    pid = player_with(db, team, 40)
    before = snapshot(db)
    change = sign_contract(db, player_id=pid, seasons=4)
    paid = treasury(db, team)
    assert paid == 1_000_000 - 80_000 - 12_000  # an Orc Blitzer, then 3 rolls x 4 seasons
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    assert treasury(db, team) == ledger_sum(db, team) == paid


def test_two_season_ends_tick_the_tally_and_expire_the_contract(db):
    team = add_orcs(db)
    two = player_with(db, team, 126, name="Grak")
    five = player_with(db, team, 20, name="Ugluk")
    sign_contract(db, player_id=two, seasons=2)
    sign_contract(db, player_id=five, seasons=5)

    end_season(db)
    rows = contract_rows(db)
    assert (rows["Grak"].tally, rows["Grak"].status, rows["Grak"].left) == ("| of 2", "final season", 1)
    assert (rows["Ugluk"].tally, rows["Ugluk"].status, rows["Ugluk"].left) == ("| of 5", "running", 4)

    change = end_season(db)
    rows = contract_rows(db)
    assert (rows["Grak"].tally, rows["Grak"].status, rows["Grak"].left) == ("|| of 2", "free agent", 0)
    assert rows["Ugluk"].tally == "|| of 5"
    assert change.result.expired == ("Grak",) and change.result.season == 2
    assert queries.league_info(db).season == 3
    roster = {r.name: r.contract_text for r in queries.roster(db, team)}
    assert roster["Grak"] == "free agent" and roster["Ugluk"].startswith("|| of 5")
    with db.read() as session:
        seasons = session.scalars(select(Season).order_by(Season.number)).all()
    assert [(s.number, s.ended_at is not None) for s in seasons] == [(1, True), (2, True), (3, False)]


def test_a_free_agent_can_renew_at_his_current_rolls_and_the_old_row_reads_expired(db):
    team = add_orcs(db)
    pid = player_with(db, team, 20)
    sign_contract(db, player_id=pid, seasons=1)
    end_season(db)
    correct_spp(
        db, player_id=pid, spp=60, reason="SPP of the season's last game", made_by="Ann"
    )  # a Star: 4 rolls
    before = treasury(db, team)
    change = renew_contract(db, player_id=pid, seasons=2)
    assert treasury(db, team) == before - 8_000
    statuses = [(r.status, r.rolls, r.renewal) for r in contract_queries.contracts(db)]
    assert statuses == [("running", 4, True), ("expired", 2, False)]
    assert change.label == "renewal of Grak's contract for 2 seasons"


def test_renewing_a_player_who_never_signed_is_refused(db):
    team = add_orcs(db)
    pid = player_with(db, team, 20)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="no ended contract"):
        renew_contract(db, player_id=pid, seasons=2)
    assert snapshot(db) == before


def test_the_winnings_rating_deducts_half_of_a_contracted_players_value_only_there(db):
    team = add_orcs(db, treasury=200_000)
    pid = player_with(db, team, 126)  # Orc Blitzer, 80,000 gp
    header = queries.team_header(db, team)
    assert header.rating == header.winnings_rating
    sign_contract(db, player_id=pid, seasons=2)
    after = queries.team_header(db, team)
    # (80,000 + 110,000) / 10,000 + 126 / 5 = 44.2; on the winnings table half of 80,000 is deducted:
    # (40,000 + 110,000) / 10,000 + 25.2 = 40.2
    assert (after.rating, after.winnings_rating) == (44, 40)
    assert after.value == header.value


def fixture(db, team, other, status):
    with db.write() as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=team, away_team_id=other, status=status))


def test_end_season_refuses_while_fixtures_are_unplayed_unless_abandoned_with_a_reason(db):
    team = add_orcs(db)
    other = add_orcs(db, name="Other Orcs")
    fixture(db, team, other, "played")
    fixture(db, team, other, "scheduled")
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="Season 1 is not over: Other fixtures: 1 fixture"):
        end_season(db)
    assert snapshot(db) == before
    end_season(db, abandon_reason="the orcs ate the ball", made_by="Jim")
    assert queries.league_info(db).season == 2


def test_ending_a_season_is_one_undo_step(db):
    team = add_orcs(db)
    pid = player_with(db, team, 20)
    sign_contract(db, player_id=pid, seasons=1)
    before = snapshot(db)
    change = end_season(db)
    assert contract_rows(db)["Grak"].status == "free agent"
    db.replay(change, forward=False)
    assert snapshot(db) == before
    assert contract_queries.season_preview(db).expiring == ("Grak",)


def test_gold_after_signing_goes_to_the_new_seasons_ledger(db):
    team = add_orcs(db)
    pid = player_with(db, team, 20)
    end_season(db)
    sign_contract(db, player_id=pid, seasons=1)
    with db.read() as session:
        entry = session.scalars(select(LedgerEntry).where(LedgerEntry.kind == "contract")).one()
        contract = session.scalars(select(Contract)).one()
    assert entry.season == contract.signed_season == 2
