"""Per-race apothecary availability (LRB 5 and 6: none for Undead, Necromantic, Nurgle and Khemri): the team
header's service and the post-match purchases of step 4.3 refuse one, and write nothing."""

import pytest

from roster_app.services.league import memory_league
from roster_app.services.postmatch.draft import PostMatchDraft
from roster_app.services.postmatch.write import run_post_match_steps
from roster_app.services.teams import add_team, set_counter
from tests.helpers import after_match, refused, treasury

NO_APOTHECARY = ["Undead", "Necromantic", "Nurgle", "Khemri"]


@pytest.mark.parametrize("key", ["lrb5", "lrb6"])
@pytest.mark.parametrize("race", NO_APOTHECARY)
def test_a_race_without_an_apothecary_cannot_hire_one_while_being_created(key, race):
    db = memory_league(ruleset_key=key)
    team = add_team(db, name="The Team", race=race).result
    refused(db, lambda: set_counter(db, team_id=team, counter="apothecary", value=1),
            f"{race} teams may not hire an apothecary")  # fmt: skip


@pytest.mark.parametrize(("key", "race"), [("lrb5", "Human"), ("lrb6", "Chaos Pact"), ("lrb4", "Undead")])
def test_other_races_may_hire_one(key, race):
    # LRB 4.0 as FFB's rosters have it: no roster bars the apothecary
    db = memory_league(ruleset_key=key)
    team = add_team(db, name="The Team", race=race).result
    set_counter(db, team_id=team, counter="apothecary", value=1)
    assert treasury(db, team) == 1_000_000 - 50_000


def test_the_post_match_purchases_refuse_an_apothecary_for_khemri():
    db = memory_league(ruleset_key="lrb6")
    team = add_team(db, name="Tomb Kings", race="Khemri").result
    match = after_match(db, team, step="purchases")
    draft = PostMatchDraft()
    draft.team(team).buy.update(apothecary=1)
    refused(db, lambda: run_post_match_steps(db, match_id=match, steps=["purchases"], draft=draft),
            "Khemri teams may not hire an apothecary")  # fmt: skip


def test_a_team_that_has_one_from_before_may_release_it():
    db = memory_league(ruleset_key="lrb6")
    team = add_team(db, name="Tomb Kings", race="Khemri").result
    with db.write("test: an apothecary from an older ruleset") as tx:
        from roster_app.store.models import Team

        row = tx.session.get(Team, team)
        row.apothecary = True
        tx.session.add(row)
    set_counter(db, team_id=team, counter="apothecary", value=0)
