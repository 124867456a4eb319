"""Team value and rating (3rd edition) and the contract-reduced rating for the Match Winnings Table."""

from roster_app.rules import RatedPlayer, TeamSheet, team_rating, team_value, winnings_rating


def sheet(**kw):
    base = dict(race="Human", players=(RatedPlayer(50_000, 0), RatedPlayer(90_000, 20)), rerolls=2,
                assistant_coaches=1, cheerleaders=1, apothecary=True, treasury=35_000)  # fmt: skip
    base.update(kw)
    return TeamSheet(**base)


def test_team_value_counts_players_staff_and_rerolls():
    # players 140,000 + staff 10,000 + 10,000 + 50,000 + re-rolls 2 x 50,000
    assert team_value(sheet()) == 310_000


def test_team_rating_adds_treasury_and_spp_over_five():
    # (310,000 + 35,000) / 10,000 = 34.5 ; 20 SPP / 5 = 4 -> 38.5 rounded down
    assert team_rating(sheet()) == 38


def test_winnings_rating_deducts_half_of_each_contracted_players_value():
    contracted = sheet(players=(RatedPlayer(50_000, 0), RatedPlayer(90_000, 20, under_contract=True)))
    assert team_rating(contracted) == 38  # the normal rating is unchanged
    # 45,000 less: (265,000 + 35,000) / 10,000 + 4 = 34
    assert winnings_rating(contracted) == 34
