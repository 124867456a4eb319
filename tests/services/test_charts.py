"""The points of the league's charts (roster_app/queries/charts.py) over two seasons played through the services
(tests/history_helpers.py writes every game out; the sums below are added up by hand from it)."""

import pytest

from roster_app.queries import careers, charts
from roster_app.queries.careers import TeamTimeline, TimelinePoint
from tests.helpers import team_id, treasury
from tests.league_files import memory_copy


@pytest.fixture(scope="module")
def league(two_seasons_league):
    return memory_copy(two_seasons_league)


def _ref(db, name):
    from sqlalchemy import select

    from roster_app.store.models import Referee

    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def test_a_teams_season_chart_is_its_timeline_round_by_round(league):
    orcs = team_id(league, "Orcland Raiders")
    chart = charts.team_chart(league, [orcs], "rating", season=2)
    assert (chart.kind, chart.x_title, chart.title) == ("lines", "Round", "Team rating, season 2")
    timeline = careers.team_timeline(league, orcs, season=2)
    assert chart.series[0].name == "Orcland Raiders"
    # three league games and the final (round 4)
    assert chart.series[0].points == tuple((float(p.round), float(p.rating)) for p in timeline.points)
    assert [x for x, _y in chart.series[0].points] == [1.0, 2.0, 3.0, 4.0]
    gold = charts.team_chart(league, [orcs], "treasury", season=None)
    assert gold.x_title == "Game" and [x for x, _y in gold.series[0].points] == [float(n) for n in range(1, 8)]
    assert gold.series[0].points[-1][1] == treasury(league, orcs) / 1000  # thousands of gp on the axis
    every = careers.team_timeline(league, orcs)
    assert [y for _x, y in gold.series[0].points] == [p.treasury / 1000 for p in every.points]
    season_gold = charts.team_chart(league, [orcs], "treasury", season=2)
    assert season_gold.series[0].points == tuple((float(p.round), p.treasury / 1000) for p in timeline.points)


def test_several_teams_compared_keep_the_order_asked(league):
    ids = [team_id(league, n) for n in ("Karak Grudgebearers", "Athelorn Avengers")]
    chart = charts.team_chart(league, ids, "fan_factor", season=1)
    assert [s.name for s in chart.series] == ["Karak Grudgebearers", "Athelorn Avengers"]
    assert all(len(s.points) == 3 for s in chart.series)  # a single round robin of four teams
    assert charts.team_chart(league, [], "rating", season=1).empty


def test_a_game_whose_sequence_is_not_finished_has_no_rating_point_yet():
    def point(rnd, rating, fan_factor):
        return TimelinePoint(rnd, 1, rnd, "league", "Reds", "1 - 0", "W", rating, 100_000, fan_factor, ())

    timeline = TeamTimeline(1, "Blues", "Human", "", 0, (point(1, 110, 5), point(2, None, None)))
    assert charts.timeline_series(timeline, "rating", by_round=True).points == ((1.0, 110.0),)
    assert charts.timeline_series(timeline, "treasury", by_round=True).points == ((1.0, 100.0), (2.0, 100.0))


def test_the_spp_leaders_as_bars(league):
    chart = charts.spp_leaders_chart(league, 2)
    assert chart.kind == "bars"
    # Orcland 1 in season 2: 4 TD + MVP (17), MVP (5), 1 TD + MVP (8), the final 2 TD + MVP (11) = 41
    assert chart.categories[0] == "Orcland 1 (Orcland Raiders)"
    assert chart.series[0].points[0] == (0.0, 41.0)
    values = [v for _i, v in chart.series[0].points]
    assert values == sorted(values, reverse=True) and len(values) == len(chart.categories)


def test_each_refs_turns_in_range_game_by_game(league):
    season = charts.referee_turns_chart(league, 2)
    lines = {s.name: s.points for s in season.series}
    assert lines == {
        "Gorbag Chainsaw": ((3.0, 9.0), (4.0, 12.0)),  # Karak 0-0 Athelorn, then the final
        "Skritch Quickpaw": ((1.0, 12.0), (2.0, 7.0)),
        "Thrudd the Impartial": ((1.0, 9.0), (2.0, 11.0), (3.0, 4.0)),
    }
    one_round = charts.referee_turns_chart(league, 1, rnd=2)  # Karak 1-1 Orcland, Athelorn 0-2 Reikland
    assert one_round.kind == "bars"
    assert dict(zip(one_round.categories, (v for _i, v in one_round.series[0].points), strict=True)) == {
        "Hans Whistle\nKarak Grudgebearers v Orcland Raiders": 3.0,
        "Jorg Blackwhistle\nAthelorn Avengers v Reikland Reavers": 12.0,
    }


def test_a_refs_career_as_columns(league):
    chart = charts.referee_career_chart(careers.referee_career(league, _ref(league, "Jorg Blackwhistle")))
    assert chart.kind == "columns"
    assert chart.categories == ("S1 R1", "S1 R2", "S1 R3")
    assert [v for _i, v in chart.series[0].points] == [8.0, 12.0, 2.0]
