"""The roster sheets tell each team's freebooters for its next game from one read of the fixtures still to play
(issue 40): the words _hired_next gives a team one at a time, for a team that hired some and teams that did not."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from roster_app.printing import data
from roster_app.rules.freebooters import MercenaryOrder, Order
from roster_app.services.freebooters import hire_freebooters
from roster_app.services.league import memory_league
from roster_app.services.season import generate_season
from roster_app.store.models import Match
from tests.season_helpers import build_teams


@pytest.fixture
def league():
    db = memory_league(ruleset_key="lrb6")
    build_teams(db, 2)
    generate_season(db)
    yield db
    db.close()


def test_the_freebooters_read_together_are_each_teams_read_alone(league):
    with league.read() as session:
        first = session.scalars(select(Match).order_by(Match.season, Match.round, Match.id)).first()
    teams = data.team_ids(league)
    nobody = data._hired_next_of(league, teams)
    assert nobody == {t: data._hired_next(league, t) for t in teams} == dict.fromkeys(teams, "")
    order = Order(stars=("Helmut Wulf",), mercenaries=(MercenaryOrder("Lineman", "Hans Sold", "Tackle"),),
                  inducements={"Bribes": 1})  # fmt: skip
    hire_freebooters(league, match_id=first.id, team_id=first.away_team_id, order=order)
    batched = data._hired_next_of(league, teams)
    assert batched == {t: data._hired_next(league, t) for t in teams}
    assert "Helmut Wulf" in batched[first.away_team_id] and batched[first.home_team_id] == ""
    sheets = data.roster_sheets(league, teams)
    assert sheets[first.away_team_id].hired == batched[first.away_team_id]
