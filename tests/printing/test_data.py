"""What the printed documents read from the league: standings in SQL, rosters, contracts, referee cards."""

from __future__ import annotations

import pytest

from roster_app.printing import data
from roster_app.queries import season as sq
from roster_app.store.models import Match, Referee
from tests.helpers import add_orcs, snapshot
from tests.printing.league_night import DWARFS, ELVES, HUMANS, ORCS


def test_the_league_table_counts_played_league_matches_only(night_db):
    table = {s.team: s for s in data.league_table(night_db)}
    orcs = table[ORCS]
    assert (orcs.played, orcs.won, orcs.drawn, orcs.lost) == (2, 1, 1, 0)
    assert (orcs.touchdowns_for, orcs.touchdowns_against) == (2, 1)
    assert (orcs.casualties_for, orcs.casualties_against) == (5, 1)
    assert orcs.points == 3 + 1  # win 3, draw 1 from the league_points table
    humans = table[HUMANS]  # the friendly (5-0) and the scheduled match are not counted
    assert (humans.played, humans.won, humans.lost, humans.touchdowns_for) == (1, 0, 1, 1)


def test_the_league_table_is_ordered_by_points_then_the_tie_breakers(night_db):
    names = [s.team for s in data.league_table(night_db)]
    # Orcs 4 pts; Elves and Dwarfs 2 pts each (level on TD difference, Elves ahead on casualty difference)
    assert names == [ORCS, ELVES, DWARFS, HUMANS]


def test_a_team_that_has_not_played_is_in_the_table_with_zeros(db):
    add_orcs(db)
    [row] = data.league_table(db)
    assert (row.played, row.points, row.position) == (0, 0, 1)


def test_the_printed_league_table_is_the_season_pages(night_db):
    def figures(rows, *names):
        return [tuple(getattr(r, n) for n in names) for r in rows]

    printed = figures(
        data.league_table(night_db),
        "position",
        "team_id",
        "team",
        "played",
        "won",
        "drawn",
        "lost",
        "touchdowns_for",
        "touchdowns_against",
        "casualties_for",
        "casualties_against",
        "points",
    )
    shown = figures(sq.league_table(night_db), "position", "id", "name", "played", "won", "drawn", "lost", "td_for",
                    "td_against", "cas_for", "cas_against", "points")  # fmt: skip
    assert printed == shown and len(shown) == 4


def test_the_league_points_come_from_the_leagues_ruleset(db):
    from roster_app.store.models import RulesetTable

    winners, losers = add_orcs(db, "Winners"), add_orcs(db, "Losers")
    with db.write() as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=winners, away_team_id=losers, status="played",
                             home_score=1))  # fmt: skip
        house_rules = tx.session.get(RulesetTable, "league_points")
        house_rules.data = {**house_rules.data, "win": 2, "loss": 1}
    assert [(s.team, s.points) for s in data.league_table(db)] == [("Winners", 2), ("Losers", 1)]


def test_a_roster_sheet_has_every_player_on_the_roster_with_match_totals(night_db):
    [orcs] = data.team_ids(night_db, [ORCS])
    sheet = data.roster_sheet(night_db, orcs)
    assert len(sheet.lines) == 13 and sheet.max_players == 16
    grak = next(line for line in sheet.lines if line.player.name == "Grak Skullsplitta")
    assert grak.totals == data.PlayerTotals(completions=0, touchdowns=2, interceptions=0, casualties=2, mvps=1)
    assert grak.player.contract_seasons == 3 and grak.player.contract_served == 1
    assert sheet.record is not None and sheet.record.position == 1
    assert [s.label for s in sheet.staff][0] == "Team re-rolls"
    assert sheet.players_value == sum(line.player.value for line in sheet.lines)


def test_team_names_are_matched_without_case_and_unknown_ones_are_named(night_db):
    assert len(data.team_ids(night_db, ["orcland raiders"])) == 1
    with pytest.raises(data.NotFound, match="no team called 'Nobody'"):
        data.team_ids(night_db, ["Nobody"])


def test_the_contract_sheet_lists_running_contracts_and_players_who_could_sign(night_db):
    sheet = data.contract_sheet(night_db)
    assert [(c.name, c.tally, c.state, c.last_season) for c in sheet.contracts] == [
        ("Grak Skullsplitta", "| of 3", "running", 3),
        ("Johann Weissmann", "- of 2", "running", 2),
    ]
    free = {f.name: f for f in sheet.free_agents}
    assert "Grak Skullsplitta" not in free and "Duffskul" not in free  # under contract / no roll yet
    griff = free["Griff Oberstein"]  # 49 SPP: 3 rolls
    assert griff.rolls == 3 and griff.costs == (3000, 6000, 9000, 12000, 15000)
    assert sheet.lengths == (1, 2, 3, 4, 5)


def test_the_seed_example_price_appears_on_the_contract_sheet(db):
    """126 SPP = 5 star player rolls; 2 seasons cost 10,000 gp."""
    from roster_app.services.players import hire_player, update_player

    team = add_orcs(db)
    player = hire_player(db, team_id=team, position="Orc Blitzer", name="Grak").result
    update_player(db, player_id=player, field="spp", value=126)
    [line] = data.contract_sheet(db).free_agents
    assert line.rolls == 5 and line.costs[1] == 10000


def test_referee_cards_leave_out_referees_who_can_never_be_chosen_again(night_db):
    names = [c.name for c in data.referee_cards(night_db)]
    assert "Ulli Sackmann" not in names
    assert names[:2] == ["Borri Keeneye", "Hans Pfeiffer"]  # custom refs first, then the Star Refs


@pytest.mark.parametrize(("skills", "squares"), [([], 9), (["Mole Eyes"], 7), (["Eagle Eyes"], 11)])
def test_a_referee_card_gives_the_range_he_must_keep(db, skills, squares):
    with db.write() as tx:
        tx.session.add(Referee(name="Test Ref", race="Human", ma=6, st=3, ag=3, av=8, skills=skills))
    card = next(c for c in data.referee_cards(db) if c.name == "Test Ref")
    assert card.range == squares


def test_equipment_penalties_come_from_the_ruleset(db):
    cards = {c.name: c for c in data.referee_cards(db)}
    chainsaw = next(e for card in cards.values() for e in card.equipment if e.name == "Chainsaw")
    assert chainsaw.penalty == 8


def test_reading_for_print_writes_nothing(db):
    add_orcs(db)
    with db.write() as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=1, away_team_id=1, status="played"))
    before = snapshot(db)
    data.league_table(db), data.contract_sheet(db), data.referee_cards(db), data.roster_sheet(db, 1)
    assert snapshot(db) == before


def test_the_seasons_matches_come_by_round_with_their_results(night_db):
    matches = data.season_matches(night_db)
    assert [(m.round, m.home, m.away, m.played) for m in matches] == [
        (1, ORCS, HUMANS, True), (1, DWARFS, ELVES, True), (2, ELVES, ORCS, True), (2, HUMANS, DWARFS, True),
        (3, HUMANS, DWARFS, False),
    ]  # fmt: skip
    assert data.season_matches(night_db, season=2) == []
