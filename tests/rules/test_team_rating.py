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


def test_fan_factor_counts_at_its_price_in_the_value_and_both_ratings():
    with_fans = sheet(fan_factor=3)
    assert team_value(with_fans) == team_value(sheet()) + 30_000
    assert team_rating(with_fans) == team_rating(sheet()) + 3
    assert winnings_rating(with_fans) == winnings_rating(sheet()) + 3


def test_rerolls_count_at_the_races_price_whatever_they_cost_to_buy():
    # a re-roll bought after the first match costs double (and more with allies); the team holds it at 50,000
    assert team_value(sheet(rerolls=3)) - team_value(sheet(rerolls=2)) == 50_000
