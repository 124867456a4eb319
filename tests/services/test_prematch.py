"""The pre-match sequence through the services: handicaps from the league's Handicap Table, Hire Freebooters
only in the pre-match of a fixture (refused elsewhere in words, nothing written), the referee offered."""

import pytest
from sqlalchemy import select

from roster_app.queries import prematch as pq
from roster_app.queries.referees import fixture_players
from roster_app.rules.dice import typed_roll
from roster_app.rules.prematch import handicaps_due
from roster_app.services import prematch as svc
from roster_app.services import referees as ref_svc
from roster_app.services import reserves as reserves_svc
from roster_app.services.players import hire_player, update_player
from roster_app.store.models import DiceRoll, Match, Referee, RefereeMatch, RulesetTable
from roster_app.store.statuses import PlayerStatus
from tests.helpers import add_orcs, after_match, in_pre_match, refused, snapshot


def d6(face):
    return typed_roll("D6", [face])


def two_teams(db, home_treasury, away_treasury):
    """Two teams without players: their ratings are their treasuries / 10,000."""
    home = add_orcs(db, "Orcland Raiders", treasury=home_treasury)
    away = add_orcs(db, "Gouged Eye", treasury=away_treasury)
    return home, away


def with_reserves(db, team):
    reserves_svc.approve_reserves(db, team_id=team)
    reserves_svc.hire_reserve_coach(db, team_id=team, coach_type="Veteran")


def draft(db, team, match_id, name="Grak", face=5):
    return reserves_svc.draft_player(db, team_id=team, position="Orc Blitzer", name=name, roll=d6(face),
                                     match_id=match_id)  # fmt: skip


def pre_match_state(db, match_id):
    with db.read() as session:
        return session.get(Match, match_id).pre_match


# -- handicaps ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("home", "away", "underdog", "rolls"),
    [(100, 100, None, 0), (100, 109, None, 0), (100, 110, 0, 1), (124, 100, 1, 1), (100, 125, 0, 2),
     (100, 159, 0, 3), (160, 100, 1, 4), (100, 400, 0, 4)],
)  # fmt: skip
def test_handicap_rolls_come_from_the_rating_difference(home, away, underdog, rolls):
    due = handicaps_due(home, away)
    assert (due.difference, due.underdog, due.rolls) == (abs(home - away), underdog, rolls)


def test_a_house_rule_changes_the_rolls(db):
    with db.write() as tx:
        row = tx.session.get(RulesetTable, "handicap_table")
        data = dict(row.data)
        data["differences"] = [{"from": None, "to": 4, "rolls": 0}, {"from": 5, "to": None, "rolls": 2}]
        row.data = data
        tx.session.add(row)
    assert handicaps_due(100, 105, db.ruleset).rolls == 2


def test_the_underdog_rolls_each_handicap_stored_with_its_purpose(db):
    home, away = two_teams(db, 1_000_000, 1_250_000)  # ratings 100 and 125: 2 rolls for the home team
    match = in_pre_match(db, home, opponent=away)
    view = pq.pre_match(db, match)
    assert [t.rating for t in view.teams] == [100, 125]
    assert (view.underdog.id, view.due.rolls, view.rolls_left) == (home, 2, 2)
    change = svc.roll_handicap(db, match_id=match, roll=d6(4))
    assert change.result["handicap"] == "Bribe"
    assert change.label == "handicap roll 1 of 2 for Orcland Raiders (Bribe)"
    svc.roll_handicap(db, match_id=match)  # rolled by Dugout
    with db.read() as session:
        rolls = session.scalars(select(DiceRoll).where(DiceRoll.match_id == match)).all()
        assert [(r.purpose, r.team_id, r.typed) for r in rolls] == [
            ("handicap", home, True),
            ("handicap", home, False),
        ]
    view = pq.pre_match(db, match)
    assert [h.handicap for h in view.handicaps][0] == "Bribe" and view.rolls_left == 0
    assert view.handicaps[0].roll == "D6: 4 = 4 (typed in)"
    refused(db, lambda: svc.roll_handicap(db, match_id=match, roll=d6(1)), "Every handicap roll .* has been made")


def test_equal_ratings_give_no_handicap(db):
    home, away = two_teams(db, 1_000_000, 1_050_000)
    match = in_pre_match(db, home, opponent=away)
    refused(db, lambda: svc.roll_handicap(db, match_id=match, roll=d6(1)), r"only 5 apart")


def test_the_pre_match_finishes_only_after_its_handicaps(db):
    home, away = two_teams(db, 1_100_000, 1_000_000)
    match = in_pre_match(db, home, opponent=away)
    refused(db, lambda: svc.finish_pre_match(db, match_id=match), "Gouged Eye still have 1 handicap roll to make")
    svc.roll_handicap(db, match_id=match, roll=d6(1))
    svc.finish_pre_match(db, match_id=match)
    state = pre_match_state(db, match)
    assert state["finished"] and state["ratings"] == {str(home): 110, str(away): 100}
    assert state["handicaps"][0]["handicap"] == "Extra training"
    refused(db, lambda: svc.roll_handicap(db, match_id=match, roll=d6(1)), "is finished")


def test_undo_of_a_handicap_roll_takes_it_back(db):
    home, away = two_teams(db, 1_000_000, 1_100_000)
    match = in_pre_match(db, home, opponent=away)
    before = snapshot(db)
    change = svc.roll_handicap(db, match_id=match, roll=d6(2))
    db.replay(change, forward=False)
    assert snapshot(db) == before


# -- Hire Freebooters: drafting only here ---------------------------------------------------------------------
@pytest.fixture
def short_team(db):
    """An Orc team of 10 players with a reserve side, and its opponents."""
    team = add_orcs(db, treasury=2_000_000)
    for i in range(10):
        hire_player(db, team_id=team, position="Orc Lineman", name=f"Lineman {i}")
    with_reserves(db, team)
    return team


def test_drafting_without_a_fixture_is_refused_in_words(db, short_team):
    refused(db, lambda: draft(db, short_team, None), "Hire Freebooters, in the pre-match sequence of a fixture")


def test_drafting_while_a_post_match_sequence_is_open_is_refused(db, short_team):
    match = in_pre_match(db, short_team)
    after_match(db, short_team)  # a later game reported: its post-match sequence is open
    refused(
        db, lambda: draft(db, short_team, match), "still in the post-match sequence of .* before the pre-match"
    )


def test_drafting_after_the_game_or_the_handicaps_is_refused(db, short_team):
    match = in_pre_match(db, short_team)
    svc.roll_handicap(db, match_id=match, roll=d6(3))  # the opponents (rating 100) are far below the team
    refused(db, lambda: draft(db, short_team, match), "Hire Freebooters comes before the handicaps")
    with db.write() as tx:
        tx.session.get(Match, match).status = "played"
    refused(db, lambda: draft(db, short_team, match), "has been played: its pre-match sequence is over")


def test_drafting_for_another_teams_fixture_is_refused(db, short_team):
    others = add_orcs(db, "Third Team")
    fourth = add_orcs(db, "Fourth Team")
    match = in_pre_match(db, others, opponent=fourth)
    refused(db, lambda: draft(db, short_team, match), "Orcland Raiders do not play in .*Third Team v Fourth Team")


def test_a_drafted_player_counts_at_full_cost_for_the_handicaps_and_plays_the_fixture(db, short_team):
    match = in_pre_match(db, short_team)
    before = pq.pre_match(db, match).teams[0].rating
    player_id, _outcome = draft(db, short_team, match).result
    view = pq.pre_match(db, match)
    # full cost (80,000) in the value, half of it (40,000) out of the treasury
    assert view.teams[0].rating == before + 4
    assert view.teams[0].drafted == ("#11 Grak, Orc Blitzer",)
    assert "#11 Grak (Orcland Raiders)" in fixture_players(db, match)
    with db.read() as session:
        rolls = session.scalars(select(DiceRoll).where(DiceRoll.player_id == player_id)).all()
        assert [(r.purpose, r.match_id) for r in rolls] == [("rookie table", match)]


def test_the_team_must_be_short_to_draft_in_the_pre_match(db, short_team):
    hire_player(db, team_id=short_team, position="Orc Lineman", name="Eleventh")
    match = in_pre_match(db, short_team)
    assert "10 or fewer" in pq.pre_match(db, match).teams[0].draft_refusal
    refused(db, lambda: draft(db, short_team, match), "10 or fewer")


def test_a_player_missing_the_game_makes_room_to_draft(db, short_team):
    pid = hire_player(db, team_id=short_team, position="Orc Lineman", name="Eleventh").result
    update_player(db, player_id=pid, field="status", value=PlayerStatus.MISS_NEXT_GAME)
    match = in_pre_match(db, short_team)
    assert pq.pre_match(db, match).teams[0].draft_refusal is None
    draft(db, short_team, match)


# -- the referee ----------------------------------------------------------------------------------------------
def refs(db):
    with db.read() as session:
        return {r.name: r.id for r in session.scalars(select(Referee))}


def test_sacked_and_dead_refs_are_not_offered_an_injured_one_is_shown(db):
    home, away = two_teams(db, 1_000_000, 1_000_000)
    match = in_pre_match(db, home, opponent=away)
    ids = refs(db)
    names = sorted(ids)
    with db.write() as tx:
        for name, status in zip(names[:3], ("sacked", "dead", "injured"), strict=True):
            tx.session.get(Referee, ids[name]).status = status
    offers = {o.id: o for o in pq.referee_offers(db, match)}
    assert ids[names[0]] not in offers and ids[names[1]] not in offers
    injured = offers[ids[names[2]]]
    assert "injured" in injured.label and "injured" in injured.problem
    refused(db, lambda: ref_svc.start_match_sheet(db, referee_id=injured.id, match_id=match), "injured")
    chosen = next(o for o in offers.values() if o.problem is None)
    ref_svc.start_match_sheet(db, referee_id=chosen.id, match_id=match)
    assert pq.pre_match(db, match).referee == chosen.label.split(" (")[0]


def test_how_often_each_ref_refereed_lately(db):
    home, away = two_teams(db, 1_000_000, 1_000_000)
    ids = refs(db)
    busy, idle = ids[sorted(ids)[0]], ids[sorted(ids)[1]]
    for _ in range(4):  # rounds 1-4, each refereed by the same ref
        match = in_pre_match(db, home, opponent=away)
        sheet = ref_svc.start_match_sheet(db, referee_id=busy, match_id=match).result
        with db.write() as tx:  # the game played and his sheet finished
            tx.session.get(Match, match).status = "completed"
            tx.session.get(RefereeMatch, sheet).finished = True
    fixture = in_pre_match(db, home, opponent=away)  # round 5
    offers = {o.id: o for o in pq.referee_offers(db, fixture)}
    assert (offers[busy].lately, offers[busy].season) == (3, 4)
    assert offers[busy].usage == "3 in the last 3 rounds, 4 this season"
    assert (offers[idle].lately, offers[idle].season) == (0, 0)
    assert pq.referee_offers(db, fixture)[-1].id == busy  # the least used lately come first
