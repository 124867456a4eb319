"""The league magazine of a round: sentences from resources/templates/magazine.html, every value escaped."""

from __future__ import annotations

import pytest

from roster_app.errors import NotFound
from roster_app.printing.document import PrintRequest, build_document
from roster_app.printing.magazine import magazine_data
from roster_app.queries import season as sq
from roster_app.services.referees import create_referee
from roster_app.services.season import generate_season
from roster_app.services.teams import rename_team
from tests.helpers import team_id
from tests.history_helpers import SEASON_ONE, play
from tests.season_helpers import build_teams


@pytest.fixture
def round_one(db):
    build_teams(db)
    create_referee(db, name="Hans Whistle", race="Human")
    rename_team(db, team_id=team_id(db, "Athelorn Avengers"), name="<b>Avengers</b> & Co")
    generate_season(db)
    first = sq.fixtures(db)[0]
    play(db, first, SEASON_ONE[0], 1)
    return db


def test_the_magazine_of_the_latest_round(round_one):
    m = magazine_data(round_one)
    assert (m.season, m.round, len(m.results)) == (1, 1, 1)
    assert m.referees == (("Hans Whistle", "Orcland Raiders v <b>Avengers</b> & Co", "award", 13),)
    assert {new.key for new, old in m.records if old is None} >= {"touchdowns_game", "casualties_game"}
    document = build_document(round_one, PrintRequest(magazine=True))
    assert len(document.sections) == 3  # the front page, deals and knocks, the round in pictures
    front = document.sections[0].html
    assert "Orcland Raiders beat &lt;b&gt;Avengers&lt;/b&gt; &amp; Co 3-1" in front
    assert "<b>Award!</b> Hans Whistle" in front and "From the commissioner" in front
    assert "<b>Avengers</b>" not in front


def test_a_round_without_a_game_played_has_no_magazine(round_one):
    with pytest.raises(NotFound, match="round 3"):
        magazine_data(round_one, round_number=3)


def test_the_round_in_pictures_names_each_chart_image(round_one):
    m = magazine_data(round_one)
    assert [c.key for c in m.charts] == ["team-rating", "spp-leaders", "referee-turns"]
    rating = m.charts[0]
    assert {s.name for s in rating.series} == set(sq.league_table(round_one)[i].name for i in range(4))
    assert all(x == 1.0 for s in rating.series for x, _y in s.points)  # round 1 only
    assert m.charts[2].categories == ("Hans Whistle\nOrcland Raiders v <b>Avengers</b> & Co",)  # escaped by ui
    pictures = build_document(round_one, PrintRequest(magazine=True)).sections[2]
    assert [image.address for image in pictures.charts] == ["chart:team-rating", "chart:spp-leaders",
                                                           "chart:referee-turns"]  # fmt: skip
    for image in pictures.charts:
        assert f'<img src="{image.address}" width="{image.width}" height="{image.height}"/>' in pictures.html
    assert "The round in pictures" in pictures.html


def test_a_chart_over_rounds_stops_at_the_magazines_round(round_one):
    from roster_app.printing.magazine import round_charts

    second = [f for f in sq.fixtures(round_one) if f.round == 2][0]
    play(round_one, second, SEASON_ONE[2], 2)
    assert max(x for s in round_charts(round_one, 1, 2)[0].series for x, _y in s.points) == 2.0
    first = round_charts(round_one, 1, 1)
    assert max(x for s in first[0].series for x, _y in s.points) == 1.0
    assert first[2].categories == ("Hans Whistle\nOrcland Raiders v <b>Avengers</b> & Co",)  # round 1's ref only


def test_the_magazine_tells_which_star_was_hired_by_whom(db):
    """Issue 32: 'Scrappa Sorehead hired by Orcland Raiders ...' on the deals page."""
    from roster_app.rules.freebooters import Order
    from roster_app.services.freebooters import hire_freebooters

    build_teams(db)
    create_referee(db, name="Hans Whistle", race="Human")
    generate_season(db)
    first = sq.fixtures(db)[0]
    assert first.home == "Orcland Raiders"
    hire_freebooters(db, match_id=first.id, team_id=first.home_id, order=Order(stars=("Scrappa Sorehead",)))
    play(db, first, SEASON_ONE[0], 1)
    assert magazine_data(db).stars == (
        ("Scrappa Sorehead", "Orcland Raiders", f"{first.home} v {first.away}", 50_000),
    )
    back = build_document(db, PrintRequest(magazine=True)).sections[1].html
    assert f"<b>Scrappa Sorehead</b> hired by Orcland Raiders for {first.home} v {first.away} (50,000 gp)" in back
