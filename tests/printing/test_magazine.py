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
    assert len(document.sections) == 2
    front = document.sections[0].html
    assert "Orcland Raiders beat &lt;b&gt;Avengers&lt;/b&gt; &amp; Co 3-1" in front
    assert "<b>Award!</b> Hans Whistle" in front and "From the commissioner" in front
    assert "<b>Avengers</b>" not in front


def test_a_round_without_a_game_played_has_no_magazine(round_one):
    with pytest.raises(NotFound, match="round 3"):
        magazine_data(round_one, round_number=3)
