"""Each edition's economy worked out by hand from its rules and compared: a starting team's worth, the winnings,
fan factor change and expenses of a won, drawn and lost match, a contracted player's effect, the sequences."""

import pytest

from roster_app.errors import RulesetError
from roster_app.rules import economy as eco
from roster_app.rules import postmatch as pm
from roster_app.rules.ruleset import economy_as_made, from_tables, load_bundled
from roster_app.rules.schema import check_table
from roster_app.rules.team import RatedPlayer, TeamSheet

LRB4, LRB5, LRB6 = (load_bundled(k) for k in ("lrb4", "lrb5", "lrb6"))


def starting_humans(treasury: int = 40_000, **kw) -> TeamSheet:
    """A new Human team: 7 Linemen (50,000), 2 Blitzers (90,000), 2 Catchers (70,000) = 670,000; 3 re-rolls
    (3 x 50,000), fan factor 5 (5 x 10,000), an apothecary (50,000), 2 assistant coaches and 2 cheerleaders
    (4 x 10,000): 960,000 gp spent, 40,000 gp left of the 1,000,000."""
    players = tuple([RatedPlayer(50_000, 0)] * 7 + [RatedPlayer(90_000, 0)] * 2 + [RatedPlayer(70_000, 0)] * 2)
    base = dict(race="Human", players=players, rerolls=3, assistant_coaches=2, cheerleaders=2, apothecary=True,
                treasury=treasury, fan_factor=5)  # fmt: skip
    base.update(kw)
    return TeamSheet(**base)


def worth_gold(sheet: TeamSheet, gold: int) -> TeamSheet:
    """The sheet with one more player worth `gold` (to reach a team value by hand)."""
    return TeamSheet(**{**vars(sheet), "players": (*sheet.players, RatedPlayer(gold, 0))})


# -- a starting team's worth --------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", [LRB5, LRB6], ids=["lrb5", "lrb6"])
def test_lrb5_and_lrb6_value_a_starting_team_in_gold_without_its_treasury(ruleset):
    # 670,000 + 150,000 + 50,000 + 50,000 + 40,000 = 960,000; the 40,000 gp in the treasury is not counted
    assert eco.team_worth(starting_humans(), ruleset) == 960_000
    assert eco.team_worth(starting_humans(treasury=0), ruleset) == 960_000
    assert eco.starting_worth(ruleset) == 1_000_000
    assert eco.worth_text(960_000, ruleset) == "Team value 960,000 gp"
    assert eco.worth_text(960_000, ruleset, short=True) == "TV 960,000 gp"


def test_lrb4_rates_a_starting_team_at_100_with_its_treasury():
    # (960,000 + 40,000 treasury) / 10,000 + 0 SPP / 5 = 100, whatever the team bought
    assert eco.team_worth(starting_humans(), LRB4) == 100
    assert eco.team_worth(starting_humans(treasury=0), LRB4) == 96
    assert eco.starting_worth(LRB4) == 100
    assert eco.worth_text(100, LRB4) == "Team rating 100"


# -- winnings and expenses of a won, drawn and lost match ---------------------------------------------------
@pytest.mark.parametrize("ruleset", [LRB5, LRB6], ids=["lrb5", "lrb6"])
@pytest.mark.parametrize(
    ("result", "die", "fame", "expected"),
    [
        ("win", 4, 1, 60_000),  # (4 + FAME 1 + 1 for the win) x 10,000
        ("draw", 4, 0, 50_000),  # (4 + 0 + 1 for the draw) x 10,000
        ("loss", 4, 2, 60_000),  # (4 + FAME 2 + 0) x 10,000
        ("loss", 1, 0, 10_000),
        ("win", 6, 2, 90_000),
    ],
)
def test_winnings_by_dice_and_fame(ruleset, result, die, fame, expected):
    money = eco.match_money(starting_humans(), result, winnings_total=die, team_fame=fame, ruleset=ruleset)
    assert money.winnings == expected
    assert money.expenses == 0  # 960,000 gp is far below 1,750,000
    assert money.how.endswith(f"= {expected:,} gp")


@pytest.mark.parametrize(
    ("value", "expenses"),
    [(1_749_999, 0), (1_750_000, 10_000), (1_890_000, 10_000), (1_899_999, 10_000), (1_900_000, 20_000),
     (2_040_000, 20_000), (2_050_000, 30_000), (2_800_000, 80_000), (3_100_000, 100_000)],
)  # fmt: skip
def test_lrb6_spiralling_expenses_by_team_value(value, expenses):
    # OBBLM's bands: 1,750,000-1,890,000 10,000; 1,900,000-2,040,000 20,000; ... every 150,000 another 10,000
    assert eco.spiralling_expenses(value, LRB6) == expenses


@pytest.mark.parametrize("result", ["win", "draw", "loss"])
def test_lrb6_expenses_come_off_a_rich_teams_winnings(result):
    rich = worth_gold(starting_humans(), 1_000_000)  # team value 1,960,000: the second band, 20,000
    money = eco.match_money(rich, result, winnings_total=3, team_fame=0, ruleset=LRB6)
    bonus = {"win": 1, "draw": 1, "loss": 0}[result]
    assert (money.winnings, money.expenses, money.net) == ((3 + bonus) * 10_000, 20_000, (3 + bonus - 2) * 10_000)


@pytest.mark.parametrize(
    ("result", "expected"),
    [("win", 40_000), ("draw", 30_000), ("loss", 20_000)],  # 2,000 / 1,500 / 1,000 gp per 1,000 fans x 20
)
def test_lrb4_winnings_come_from_the_match_winnings_table_by_the_gate(result, expected):
    money = eco.match_money(starting_humans(), result, gate=20_000, ruleset=LRB4)  # rating 100: the first row
    assert (money.winnings, money.expenses) == (expected, 0)


def test_lrb4_has_no_spiralling_expenses_however_rich():
    assert eco.spiralling_expenses(5_000_000, LRB4) == 0


# -- a contracted player ------------------------------------------------------------------------------------
def test_lrb6_a_contracted_players_half_value_comes_off_the_value_that_pays_expenses():
    # team value 1,910,000 (second band, 20,000); a contracted player worth 140,000 takes 70,000 off: 1,840,000
    rich = worth_gold(starting_humans(), 810_000)
    contracted = TeamSheet(
        **{**vars(rich), "players": (*rich.players, RatedPlayer(140_000, 0, under_contract=True))}
    )
    assert eco.team_worth(contracted, LRB6) == 1_910_000  # the team value itself counts him in full
    assert eco.wage_value(contracted, LRB6) == 1_840_000
    assert eco.match_money(contracted, "win", winnings_total=1, ruleset=LRB6).expenses == 10_000
    uncontracted = TeamSheet(**{**vars(rich), "players": (*rich.players, RatedPlayer(140_000, 0))})
    assert eco.match_money(uncontracted, "win", winnings_total=1, ruleset=LRB6).expenses == 20_000


def test_the_contract_house_rule_can_be_turned_off():
    table = {**LRB6.table("economy"), "contract_half_value": "nothing"}
    house = LRB6.with_table("economy", table)
    rich = worth_gold(starting_humans(), 810_000)
    contracted = TeamSheet(
        **{**vars(rich), "players": (*rich.players, RatedPlayer(140_000, 0, under_contract=True))}
    )
    assert eco.wage_value(contracted, house) == 1_910_000


def test_lrb4_a_contracted_player_lowers_the_rating_on_the_match_winnings_table_only():
    # fan factor 2 and no treasury: 930,000 gp, plus a contracted player worth 100,000: rating 103, the 101-150
    # row (1,500 gp per 1,000 fans); half his value (50,000) off gives 98, the first row (2,000 gp)
    sheet = starting_humans(treasury=0, fan_factor=2)
    sheet = TeamSheet(**{**vars(sheet), "players": (*sheet.players, RatedPlayer(100_000, 0, under_contract=True))})
    assert eco.team_worth(sheet, LRB4) == 103
    assert eco.rating_for_winnings(sheet, LRB4) == 98
    assert eco.match_money(sheet, "win", gate=10_000, ruleset=LRB4).winnings == 20_000  # not 15,000


# -- fan factor ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "result", "total", "change"),
    [
        (LRB6, "win", 9, +1), (LRB6, "win", 8, 0), (LRB6, "win", 3, 0),  # 3D6 above the fan factor of 8
        (LRB6, "draw", 9, +1), (LRB6, "draw", 8, 0), (LRB6, "draw", 7, -1),  # LRB 6: a draw can go either way
        (LRB6, "loss", 12, 0), (LRB6, "loss", 7, -1),
        (LRB5, "win", 9, +1), (LRB5, "draw", 9, 0), (LRB5, "draw", 7, -1),  # LRB 5: a draw only loses fans
        (LRB5, "loss", 7, -1), (LRB5, "loss", 8, 0),
    ],
    ids=lambda v: getattr(v, "key", v),
)  # fmt: skip
def test_fan_factor_rolls_as_each_edition_says(ruleset, result, total, change):
    assert eco.fan_factor_change(8, result, total, ruleset) == change


def test_fan_factor_dice_per_result():
    results = LRB6.table("fan_factor")["results"]
    assert [results[r]["dice"] for r in ("win", "draw", "loss")] == ["3D6", "2D6", "2D6"]


# -- before the match -----------------------------------------------------------------------------------------
def test_fame_from_both_teams_fans():
    # (2D6 + fan factor) x 1,000 each: 12,000 against 6,000 is twice as many (+2), 7,000 against 6,000 more (+1)
    assert eco.spectators([3, 4], 5, LRB6) == 12_000
    assert [eco.fame(12_000, 6_000, LRB6), eco.fame(7_000, 6_000, LRB6), eco.fame(6_000, 7_000, LRB6)] == [2, 1, 0]
    assert eco.fame(6_000, 6_000, LRB6) == 0


def test_the_lower_team_value_gets_the_difference_as_money_for_inducements():
    assert eco.inducement_money(1_100_000, 1_250_000, LRB6) == 150_000
    assert eco.inducement_money(1_250_000, 1_100_000, LRB6) == 0
    assert eco.inducement_money(100, 125, LRB4) == 0  # handicaps instead


# -- the sequences ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "first"),
    [
        (LRB4, ["winnings", "spp", "fan_factor"]),  # seed 001's summary
        (LRB5, ["winnings", "fan_factor", "spp"]),  # the LRB 5 red sheet: winnings, fan factor, MVP, improvements
        (LRB6, ["spp", "winnings", "fan_factor"]),  # christerk/ffb bb2016 EndGame: MVP, WINNINGS, FAN_FACTOR
    ],
    ids=["lrb4", "lrb5", "lrb6"],
)
def test_post_match_steps_follow_the_edition_with_the_seeds_purchases_at_their_places(ruleset, first):
    steps = [key for key, _ in eco.league_night(ruleset).post_match]
    assert steps == [*first, "affairs", "purchases", "rating"] == list(pm.sequence(ruleset))
    titles = dict(eco.league_night(ruleset).post_match)
    assert titles["affairs"] == "4.1 Reserve affairs and contracts"  # first in purchases, before 4.2 transfers
    assert titles["purchases"] == "4.3 New players and staff"
    assert [titles[s].split()[0] for s in steps] == ["1.", "2.", "3.", "4.1", "4.3", "5."]  # numbered in order
    assert ruleset.table("post_match")["source"]["where"]  # each edition's order cites where it is from


def test_each_edition_words_its_steps():
    assert eco.step_title("rating", LRB6) == "5. New team value"
    assert eco.step_title("rating", LRB4) == "5. New team rating"
    assert eco.step_title("winnings", LRB6) == "2. Winnings (D6 + FAME) less spiralling expenses"
    assert eco.step_title("spp", LRB6).startswith("1. MVP")
    assert eco.step_title("fan_factor", LRB5) == "2. New fan factor"
    assert eco.step_title("spp", LRB5) == "3. Team MVP and improvement rolls"
    assert "Handicaps from the team rating difference" in eco.league_night(LRB4).pre_match
    assert any(
        s.startswith("Money for inducements: the team value difference") for s in eco.league_night(LRB6).pre_match
    )


@pytest.mark.parametrize(
    ("steps", "words"),
    [
        (["winnings", "spp", "affairs", "purchases", "rating"], "step 'fan_factor': must be in the sequence once"),
        (["winnings", "spp", "spp", "fan_factor", "affairs", "purchases", "rating"], "step 'spp': appears twice"),
        (["winnings", "spp", "affairs", "fan_factor", "purchases", "rating"], "the purchases section closes"),
        (["winnings", "spp", "fan_factor", "purchases", "affairs", "rating"], "the purchases section closes"),
    ],
)
def test_a_post_match_sequence_that_moves_the_seeds_purchases_is_refused_in_words(steps, words):
    table = {**LRB4.table("post_match"), "steps": [{"step": s, "title": s} for s in steps]}
    with pytest.raises(RulesetError, match=words):
        check_table("post_match", table)


# -- old leagues and bad tables ----------------------------------------------------------------------------------
def test_a_league_that_stores_no_economy_plays_the_one_it_was_made_with():
    tables = {k: v for k, v in LRB6.tables.items() if k not in eco.ECONOMY_TABLES or k == "fan_factor"}
    old = from_tables("LRB 5 (Dugout)", "lrb5", 1, tables)
    assert old.table("economy") == economy_as_made()
    assert eco.economy(old).worth == "rating" and eco.economy(old).treasury_counted
    assert eco.team_worth(starting_humans(), old) == 100


@pytest.mark.parametrize(
    ("key", "change", "words"),
    [
        (
            "winnings_formula",
            {"per_point": -10_000},
            "'per_point': must be a whole number of gold pieces, 0 or more",
        ),
        ("winnings_formula", {"win": -1}, "'win': must be a whole number of 0 or more"),
        ("spiralling_expenses", {"band": 0}, "'band': must be a whole number of gold pieces above 0"),
        ("economy", {"expenses": False}, "names spiralling expenses, but this economy has none"),
        ("economy", {"worth": "gold"}, "'worth': must be rating or value"),
    ],
)
def test_a_broken_economy_table_is_refused_in_words(key, change, words):
    with pytest.raises(RulesetError, match=words.replace("(", r"\(").replace(")", r"\)")):
        check_table(key, {**LRB6.table(key), **change})


def test_a_match_winnings_table_with_a_gap_is_refused():
    rows = [dict(r) for r in LRB4.table("match_winnings")["rows"]]
    rows[1]["to"] = 140  # the next row starts at 151: 141-150 pay nothing
    with pytest.raises(RulesetError, match="141"):
        check_table("match_winnings", {**LRB4.table("match_winnings"), "rows": rows})


def test_a_negative_winnings_rate_is_refused():
    rows = [dict(r) for r in LRB4.table("match_winnings")["rows"]]
    rows[0]["loss"] = -500
    with pytest.raises(RulesetError, match="row 1, 'loss': must be a whole number of gold pieces, 0 or more"):
        check_table("match_winnings", {**LRB4.table("match_winnings"), "rows": rows})


def test_a_rating_edition_keeps_the_seeds_step_titles():
    from roster_app.rules.postmatch import STEP_TITLES

    assert dict(eco.league_night(LRB4).post_match) == STEP_TITLES
