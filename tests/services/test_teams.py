"""Teams: names, staff and re-rolls at the ruleset's prices."""

import pytest

from roster_app.errors import NotFound, RuleViolation
from roster_app.services.teams import add_team, rename_team, set_counter
from tests.helpers import add_orcs, ledger_sum, snapshot, treasury


def test_a_new_team_gets_the_starting_treasury_as_a_ledger_row(db):
    team = add_orcs(db)
    assert treasury(db, team) == 1_000_000 == ledger_sum(db, team)


def test_names_must_be_unique_and_present(db):
    add_orcs(db)
    for name, words in (("orcland raiders", "already a team"), ("   ", "needs a name")):
        before = snapshot(db)
        with pytest.raises(RuleViolation, match=words):
            add_team(db, name=name, race="Orc")
        assert snapshot(db) == before


def test_unknown_race_is_refused(db):
    with pytest.raises(NotFound, match="no race called 'Martians'"):
        add_team(db, name="Mars", race="Martians")


@pytest.mark.parametrize(
    ("counter", "value", "cost"),
    [("rerolls", 2, 120_000), ("assistant_coaches", 3, 30_000), ("cheerleaders", 1, 10_000), ("apothecary", 1, 50_000),
     ("fan_factor", 4, 40_000)],
)  # fmt: skip
def test_staff_and_rerolls_cost_the_rulesets_price(db, counter, value, cost):
    team = add_orcs(db)
    set_counter(db, team_id=team, counter=counter, value=value)
    assert treasury(db, team) == 1_000_000 - cost == ledger_sum(db, team)
    set_counter(db, team_id=team, counter=counter, value=0)  # fewer: no refund
    assert treasury(db, team) == 1_000_000 - cost


def test_more_rerolls_than_allowed_or_than_the_gold_are_refused(db):
    team = add_orcs(db, treasury=100_000)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="at most 8"):
        set_counter(db, team_id=team, counter="rerolls", value=9)
    with pytest.raises(RuleViolation, match="only 100,000 gp"):
        set_counter(db, team_id=team, counter="rerolls", value=2)
    assert snapshot(db) == before


def test_rename(db):
    team = add_orcs(db)
    assert rename_team(db, team_id=team, name="  Da   Boyz ").label == "rename of Orcland Raiders to Da Boyz"
