"""Teams imported from other tools (issue 38) through the service: as if created now, one transaction, one undo
step; the gold's opening rows say where it came from; a history row signed by the commissioner; refusals name the
file, the team and the player, and write nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.exchange.foreign import plan_import, read_team_files
from roster_app.queries.clock import Act, moment
from roster_app.queries.corrections import corrections
from roster_app.safety.check import check_league
from roster_app.services.foreign_teams import import_teams
from roster_app.services.players import hire_player
from roster_app.store.models import LedgerEntry, Player, Team
from tests.exchange.foreign_samples import BOTOCS, NAFLM, ROSTER
from tests.helpers import snapshot

ACCEPT = {("skill", "", "Side step"): "Side Step", ("skill", "", "Stiff Arm"): None}


@pytest.fixture
def ruleset_key():
    return "lrb6"


def _plans(db, *paths, choices=ACCEPT):
    preview = plan_import(read_team_files(paths, db.ruleset), db.ruleset, choices=choices)
    return [t.as_dict() for t in preview.teams]


def test_imported_teams_come_as_created_with_their_gold_staff_players_and_history(db):
    change = import_teams(db, teams=_plans(db, NAFLM, BOTOCS, ROSTER), made_by="Jo Commish")
    assert len(change.result) == 4
    with db.read() as session:
        teams = {t.name: t for t in session.scalars(select(Team))}
        orcs = teams["Orcland Raiders"]
        assert (orcs.race, orcs.treasury, orcs.rerolls, orcs.fan_factor, orcs.apothecary) == (
            "Orc",
            45_000,
            3,
            5,
            True,
        )
        ledger = session.scalars(select(LedgerEntry).where(LedgerEntry.team_id == orcs.id)).all()
        assert [(e.kind, e.amount, e.reason) for e in ledger] == [
            ("opening", 45_000, "Imported from OBBLM (naflm_import.xml): the treasury there")]  # fmt: skip
        krew = teams["Da Krumpin' Krew"]
        assert [e.reason for e in session.scalars(select(LedgerEntry).where(LedgerEntry.team_id == krew.id))] == [
            "Imported from BattleScribe (orc_roster.ros): the treasury there"]  # fmt: skip
        grak = session.scalars(select(Player).where(Player.name == "Grak")).one()
        assert (grak.position, grak.spp, grak.av, grak.injuries, grak.origin) == (
            "Blitzer", 23, 8, ["-1 AV", "Niggling injury"], "import")  # fmt: skip
        skritt = session.scalars(select(Player).where(Player.name == "Skritt")).one()
        assert (skritt.skills, skritt.rolls_taken, skritt.value, skritt.cost) == (
            ["Sure Feet", "Side Step"], 2, 130_000, 80_000)  # fmt: skip
        assert teams["Skavenblight Scramblers"].coach == "Mara Ratsbane"
        for team in teams.values():  # the clock: teams being created, not teams that have played
            now = moment(session, team)
            assert now.created and now.allows(Act.PURCHASES)
    history = corrections(db, team_id=orcs.id)
    assert [(h.kind_label, h.made_by, h.reason) for h in history] == [
        ("Import", "Jo Commish", "Imported from OBBLM (naflm_import.xml)")]  # fmt: skip
    assert "came from OBBLM naflm_import.xml with 3 players and 45,000 gp" in history[0].change
    assert check_league(db).ok
    hire_player(db, team_id=orcs.id, position="Goblin", name="New Boy")  # hired as any team being created


def test_one_undo_step_removes_every_imported_team(db):
    before = snapshot(db)
    change = import_teams(db, teams=_plans(db, NAFLM, ROSTER), made_by="Jo Commish")
    db.replay(change, forward=False)
    assert snapshot(db) == before
    db.replay(change, forward=True)
    with db.read() as session:
        assert len(session.scalars(select(Team)).all()) == 3


def _tamper(db, **changes):
    plans = _plans(db, NAFLM)
    player = plans[0]["players"][0]
    for key, value in changes.items():
        target = plans[0] if key.startswith("team_") else player
        target[key.removeprefix("team_")] = value
    return plans


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"ma": 12}, "player 1 ('Grak'): MA for a Blitzer can be from 4 to 8"),
        ({"skills": ["Claw/Claws"]}, "player 1 ('Grak'): A Blitzer may not take Claw/Claws: Physical skills"),
        ({"skills": ["Stiff Arm"]}, "'Stiff Arm' is not a skill in this league's skill list"),
        ({"injuries": ["Smashed Knee"]}, "'Smashed Knee' is none of the injuries a league keeps"),
        ({"number": 100}, "A player's number must be a whole number from 1 to 99"),
        ({"position": "Ogre"}, "The Orc team list has no position called 'Ogre'"),
        ({"rolls_taken": 5}, "Star player rolls taken must be a whole number from 0 to 2"),
        ({"status": "dead"}, "a player comes onto the roster active or miss next game"),
        ({"name": "x" * 61}, "A player's name can be at most 60 characters long"),
        ({"team_rerolls": 9}, "Re-rolls must be a whole number from 0 to 8"),
        ({"team_treasury": -1}, "The treasury must be a whole number 0 or more"),
        ({"team_race": "Bretonnian"}, "no race called 'Bretonnian'"),
        ({"team_tool": "Excel"}, "'Excel' is not a tool Dugout imports from"),
        ({"team_name": "  "}, "A team needs a name."),
    ],
)
def test_the_service_checks_everything_again_and_names_the_file_team_and_player(db, changes, words):
    before = snapshot(db)
    with pytest.raises(RuleViolation) as caught:
        import_teams(db, teams=_tamper(db, **changes), made_by="Jo Commish")
    assert words in str(caught.value)
    assert str(caught.value).startswith("naflm_import.xml, team 1 (")
    assert str(caught.value).endswith("Nothing was imported.")
    assert snapshot(db) == before


def test_an_apothecary_the_race_may_not_hire_and_a_name_the_league_has_are_refused(db):
    plans = _plans(db, NAFLM)
    plans[0]["race"], plans[0]["players"] = "Undead", []
    with pytest.raises(RuleViolation, match="Undead teams may not hire an apothecary"):
        import_teams(db, teams=plans, made_by="Jo Commish")
    import_teams(db, teams=_plans(db, ROSTER), made_by="Jo Commish")
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="There is already a team called 'Da Krumpin' Krew'"):
        import_teams(db, teams=_plans(db, NAFLM, ROSTER), made_by="Jo Commish")
    assert snapshot(db) == before  # the first file's teams were not written either


def test_the_commissioner_signs_the_import(db):
    with pytest.raises(RuleViolation, match="Name the commissioner"):
        import_teams(db, teams=_plans(db, ROSTER), made_by=" ")
    with pytest.raises(RuleViolation, match="no team to import"):
        import_teams(db, teams=[], made_by="Jo")


def test_an_imported_league_exports_and_imports_again_whole(db, tmp_path):
    from roster_app.exchange.league_json import export_json, import_json
    from roster_app.safety.opening import open_league

    import_teams(db, teams=_plans(db, NAFLM, BOTOCS, ROSTER), made_by="Jo Commish")
    copy = open_league(import_json(export_json(db, tmp_path / "league.json"), tmp_path / "copy.dugout"))
    try:
        assert snapshot(copy) == snapshot(db)
    finally:
        copy.close()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    treasuries=st.lists(st.integers(0, 2_000_000), min_size=1, max_size=4),
    staff=st.tuples(st.integers(0, 12), st.integers(0, 20), st.integers(0, 12), st.integers(0, 12)),
    players=st.integers(0, 16),
)
def test_gold_comes_only_through_opening_rows_and_undo_takes_it_all_back(
    db, tmp_path_factory, treasuries, staff, players
):
    """The conservation law: each treasury equals its ledger, the gold added is the files' treasuries, no more."""
    from sqlalchemy import func

    from tests.exchange.foreign_samples import naflm_file, naflm_player, naflm_team

    rr, ff, ac, cheer = staff
    squad = "".join(naflm_player(f"Orc {n}", str(n), "120" if n > 4 else "121") for n in range(1, players + 1))
    teams = [naflm_team(f"Team {i}", "12", squad, treasury=str(t), rr=str(rr), ff=str(ff), ass_coaches=str(ac),
                        cheerleaders=str(cheer)) for i, t in enumerate(treasuries)]  # fmt: skip
    path = naflm_file(tmp_path_factory.mktemp("gold") / "gold.xml", *teams)
    before = snapshot(db)
    change = import_teams(db, teams=_plans(db, path), made_by="Jo")
    with db.read() as session:
        for team in session.scalars(select(Team).where(Team.id.in_(change.result))):
            ledger = session.scalar(select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                LedgerEntry.team_id == team.id))  # fmt: skip
            assert team.treasury == ledger
            assert team.rerolls == min(rr, 8) and team.fan_factor == min(ff, 18)
        assert sum(session.scalars(select(LedgerEntry.amount))) == sum(treasuries)
    assert check_league(db).ok
    db.replay(change, forward=False)
    assert snapshot(db) == before
