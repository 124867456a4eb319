"""Hiring and editing players through the services; every refusal writes nothing."""

import pytest

from roster_app.errors import RuleViolation
from roster_app.services.players import hire_player, retire_player, update_player
from roster_app.services.teams import add_team
from tests.conftest import file_digest
from tests.helpers import add_orcs, ledger_sum, snapshot, treasury


def test_hiring_charges_the_treasury_with_a_ledger_row(db):
    team = add_orcs(db)
    change = hire_player(db, team_id=team, position="Orc Blitzer", name="Grak")
    assert change.label == "hire of Grak, Orc Blitzer"
    assert treasury(db, team) == 1_000_000 - 80_000
    assert ledger_sum(db, team) == treasury(db, team)
    from roster_app.queries import rosters as queries

    [row] = queries.roster(db, team)
    assert (row.name, row.position, row.ma, row.st, row.ag, row.av, row.value, row.number) == (
        "Grak", "Orc Blitzer", 6, 3, 3, 9, 80_000, 1)  # fmt: skip
    assert row.starting_skills == ("Block",)
    assert queries.ledger(db, team)[-1].reason == "Hired Grak, Orc Blitzer"


def refused(db, call, words):
    before = snapshot(db)
    with pytest.raises(RuleViolation, match=words):
        call()
    assert snapshot(db) == before


def test_a_seventeenth_player_is_refused(db):
    team = add_orcs(db, treasury=5_000_000)
    for i in range(16):
        hire_player(db, team_id=team, position="Orc Lineman", name=f"Lineman {i}")
    refused(db, lambda: hire_player(db, team_id=team, position="Goblin", name="Extra"), "at most 16 players")


def test_a_fifth_human_blitzer_is_refused(db):
    team = add_team(db, name="Reavers", race="Human").result
    for i in range(4):
        hire_player(db, team_id=team, position="Blitzer", name=f"Blitzer {i}")
    refused(db, lambda: hire_player(db, team_id=team, position="Blitzer", name="Fifth"), "at most 4 Blitzers")


def test_not_enough_gold_is_refused(db):
    team = add_orcs(db, treasury=60_000)
    refused(db, lambda: hire_player(db, team_id=team, position="Troll", name="Big"), "only 60,000 gp")


@pytest.mark.parametrize(("stat", "value"), [("st", 0), ("ma", 9), ("ag", 0), ("av", 12)])
def test_stats_out_of_bounds_are_refused(db, stat, value):
    team = add_orcs(db)
    player = hire_player(db, team_id=team, position="Orc Lineman", name="Bob").result
    refused(db, lambda: update_player(db, player_id=player, field=stat, value=value), "can be from")


def test_a_skill_the_position_may_not_take_is_refused(db):
    team = add_orcs(db)
    goblin = hire_player(db, team_id=team, position="Goblin", name="Snik").result
    refused(db, lambda: update_player(db, player_id=goblin, field="skills", value=["Claw/Claws"]), "Physical")
    refused(db, lambda: update_player(db, player_id=goblin, field="skills", value=["Dodge"]), "already")
    refused(db, lambda: update_player(db, player_id=goblin, field="skills", value=["Loner"]), "may not take")
    update_player(
        db, player_id=goblin, field="skills", value=["Side Step", "Block"]
    )  # agility; general on a double


def test_duplicate_numbers_are_refused(db):
    team = add_orcs(db)
    hire_player(db, team_id=team, position="Orc Lineman", name="One", number=7)
    refused(
        db, lambda: hire_player(db, team_id=team, position="Orc Lineman", name="Two", number=7), "already taken"
    )


def test_position_change_keeps_limits_and_takes_the_new_profile(db):
    team = add_orcs(db)
    pid = hire_player(db, team_id=team, position="Orc Lineman", name="Bob").result
    update_player(db, player_id=pid, field="position", value="Black Orc Blocker")
    from roster_app.queries import rosters as queries

    [row] = queries.roster(db, team)
    assert (row.position, row.ma, row.st, row.value) == ("Black Orc Blocker", 4, 4, 80_000)
    assert treasury(db, team) == 950_000  # a correction: no gold moves


def test_retire_takes_the_player_off_the_roster_without_refund(db):
    team = add_orcs(db)
    pid = hire_player(db, team_id=team, position="Orc Lineman", name="Bob").result
    retire_player(db, player_id=pid)
    from roster_app.queries import rosters as queries

    assert queries.roster(db, team) == []
    assert [r.status for r in queries.roster(db, team, include_former=True)] == ["retired"]
    assert treasury(db, team) == 950_000
    refused(db, lambda: retire_player(db, player_id=pid), "not on the roster")


def test_refusal_leaves_the_file_byte_identical(file_db, league_file):
    from tests.helpers import team_id

    team = team_id(file_db, "Orcland Raiders")
    before = file_digest(league_file)
    with pytest.raises(RuleViolation):
        hire_player(file_db, team_id=team, position="Troll", name="T", number=0)
    assert file_digest(league_file) == before


def test_spp_rolls_and_value_are_typed_in_while_a_team_is_created_and_corrected_after(db):
    from roster_app.errors import RuleViolation
    from roster_app.services.corrections import correct_spp
    from tests.helpers import add_orcs, after_match, snapshot

    team = add_orcs(db)
    pid = hire_player(db, team_id=team, position="Orc Blitzer", name="Grak").result
    update_player(db, player_id=pid, field="spp", value=31)  # a league moving from paper brings its SPP
    after_match(db, team)
    for field, value in (("spp", 40), ("rolls_taken", 1), ("value", 90_000)):
        before = snapshot(db)
        with pytest.raises(RuleViolation, match="Commissioner's Correction"):
            update_player(db, player_id=pid, field=field, value=value)
        assert snapshot(db) == before
    update_player(db, player_id=pid, field="name", value="Grak Ironhide")  # a name is still typed in
    correct_spp(db, player_id=pid, spp=40, reason="An MVP left off the report", made_by="Ann")
