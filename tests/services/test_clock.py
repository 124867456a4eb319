"""The league's clock through the services: each procedure only at its step of the post-match sequence.

Seed 001: reserve affairs and contracts "at the start of the purchases section", transfers "after contracts are
signed, but before normal purchases", then new players and staff. Every refusal says when, and writes nothing.
"""

from roster_app.queries.clock import Act, moment
from roster_app.services.contracts import renew_contract, sign_contract
from roster_app.services.players import hire_player
from roster_app.services.teams import set_counter
from roster_app.services.transfers import record_approach
from roster_app.store.models import Team
from tests.helpers import add_orcs, add_player, after_match, refused, treasury
from tests.transfer_helpers import build_team


def where(db, team):
    with db.read() as session:
        return moment(session, session.get(Team, team))


def test_a_new_team_buys_its_squad_and_nothing_else_is_open(db):
    team = add_orcs(db)
    now = where(db, team)
    assert now.created and now.match_id is None
    assert now.allows(Act.PURCHASES) and not now.allows(Act.CONTRACTS) and not now.allows(Act.TRANSFERS)
    hire_player(db, team_id=team, position="Orc Lineman", name="Snaga")
    set_counter(db, team_id=team, counter="fan_factor", value=3)
    set_counter(db, team_id=team, counter="rerolls", value=2)


def test_contracts_only_at_step_4_1(db):
    team = add_orcs(db)
    grak = add_player(db, team, "Orc Blitzer", "Grak", spp=20)
    refused(db, lambda: sign_contract(db, player_id=grak, seasons=2),
            r"^Contracts are signed at the start of purchases in the post-match sequence \(step 4.1\): after "
            r"Orcland Raiders' next match\.$")  # fmt: skip
    after_match(db, team, step="fan_factor")
    refused(
        db,
        lambda: sign_contract(db, player_id=grak, seasons=2),
        r"at step 3 \(fan factor\).*: step 3 comes first\.$",
    )
    after_match(db, team, step="purchases")
    refused(db, lambda: sign_contract(db, player_id=grak, seasons=2), "past it")
    refused(db, lambda: renew_contract(db, player_id=grak, seasons=2), "past it")
    match = after_match(db, team)
    gold = treasury(db, team)
    sign_contract(db, player_id=grak, seasons=2)
    assert treasury(db, team) == gold - 4_000
    with db.read() as session:
        from sqlalchemy import select

        from roster_app.store.models import LedgerEntry

        entry = session.scalars(select(LedgerEntry).order_by(LedgerEntry.id.desc())).first()
    assert (entry.kind, entry.match_id) == ("contract", match)  # the payment belongs to the match's sequence


def test_new_players_and_staff_only_while_created_or_at_step_4_3(db):
    team = add_orcs(db)
    after_match(db, team)
    for call in (
        lambda: hire_player(db, team_id=team, position="Orc Lineman", name="Late"),
        lambda: set_counter(db, team_id=team, counter="rerolls", value=1),
        lambda: set_counter(db, team_id=team, counter="cheerleaders", value=1),
    ):
        refused(
            db, call, r"New players and staff are bought in the purchases of the post-match sequence \(step 4.3\)"
        )
    refused(db, lambda: set_counter(db, team_id=team, counter="fan_factor", value=4), "Commissioner's Correction")
    after_match(db, team, step="rating")
    refused(db, lambda: hire_player(db, team_id=team, position="Orc Lineman", name="Late"), "past it")
    after_match(db, team, step="purchases")
    hire_player(db, team_id=team, position="Orc Lineman", name="On Time")
    set_counter(db, team_id=team, counter="rerolls", value=1)


def test_a_transfer_only_with_the_buyer_at_step_4_2(db):
    orcs = build_team(db, "Orcland Raiders", "Orc", [("Orc Lineman", f"Orc {i}", 0) for i in range(11)],
                      treasury=300_000)  # fmt: skip
    elves = build_team(db, "Athelorn Avengers", "Wood Elf", [("Wood Elf Lineman", f"Elf {i}", 0) for i in range(11)],
                       treasury=100_000)  # fmt: skip
    elf = add_player(db, elves, "Wood Elf Lineman", "Ithil")
    refused(db, lambda: record_approach(db, player_id=elf, buyer_team_id=orcs),
            r"Transfers are made in the purchases of the post-match sequence, after contracts and before new players "
            r"\(step 4.2\): after Orcland Raiders' next match")  # fmt: skip
    after_match(db, orcs, opponent=elves)  # both at 4.1: contracts come first
    refused(db, lambda: record_approach(db, player_id=elf, buyer_team_id=orcs), "step 4.1 comes first")
    after_match(db, orcs, opponent=elves, step="rating")  # past 4.3: too late
    refused(db, lambda: record_approach(db, player_id=elf, buyer_team_id=orcs), "past it")
    after_match(db, orcs, opponent=elves, step="purchases")
    assert record_approach(db, player_id=elf, buyer_team_id=orcs).result
