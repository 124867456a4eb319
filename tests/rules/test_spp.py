"""SPP levels and star player rolls, against the seed's example and the table's boundaries."""

import pytest

from roster_app.rules import level_name, match_spp, star_player_rolls


def test_the_seed_example_126_spp_is_five_rolls():
    # "a player with 126 SPPs - 5 star player rolls" (reserve-teams article)
    assert star_player_rolls(126) == 5


@pytest.mark.parametrize(
    ("spp", "rolls", "level"),
    [(0, 0, "Rookie"), (5, 0, "Rookie"), (6, 1, "Experienced"), (15, 1, "Experienced"), (16, 2, "Veteran"),
     (30, 2, "Veteran"), (31, 3, "Emerging Star"), (50, 3, "Emerging Star"), (51, 4, "Star"), (75, 4, "Star"),
     (76, 5, "Super Star"), (175, 5, "Super Star"), (176, 6, "Legend"), (999, 6, "Legend")],
)  # fmt: skip
def test_level_boundaries(spp, rolls, level):
    assert star_player_rolls(spp) == rolls
    assert level_name(spp) == level


def test_negative_spp_is_an_error():
    with pytest.raises(ValueError):
        star_player_rolls(-1)


def test_match_spp_uses_the_awards_table():
    assert match_spp(touchdowns=2, completions=1, casualties=1, interceptions=1, mvp=True) == 6 + 1 + 2 + 2 + 5


def test_a_league_ruleset_changes_the_levels():
    from roster_app.rules import load_bundled

    ruleset = load_bundled()
    levels = ruleset.table("spp_levels")
    levels["levels"][1]["min_spp"] = 10
    house = ruleset.with_table("spp_levels", levels)
    assert star_player_rolls(9, house) == 0
    assert star_player_rolls(9) == 1
