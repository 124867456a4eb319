"""Issue 31: the printed league table carries each team's worth in its edition's measure (team rating or
team value), as the team header works it out."""

from __future__ import annotations

import re

import pytest

from roster_app.printing import data
from roster_app.printing.document import PrintRequest, build_document
from roster_app.queries import rosters as queries
from roster_app.services.league import memory_league
from roster_app.services.season import generate_season
from tests.season_helpers import build_teams


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize(
    ("key", "head", "figures"),
    [
        # LRB 4.0 (team rating, treasury counted): 11 Linemen 550,000 + treasury 450,000 = 100 + fan factor
        ("lrb4", "TR", None),
        # LRB 6 (team value, treasury not counted): 550,000 of players + fan factor x 10,000
        ("lrb6", "TV", {"610k", "600k"}),
    ],
)
def test_the_printed_league_table_has_each_teams_worth_in_its_editions_measure(key, head, figures):
    db = memory_league(ruleset_key=key)
    try:
        build_teams(db, 2)
        generate_season(db)
        standings = data.league_table(db)
        headers = queries.team_headers(db, [s.team_id for s in standings])
        for standing in standings:
            header = headers[standing.team_id]
            expected = f"{header.worth // 1000:,}k" if header.worth_is_value else str(header.worth)
            assert standing.worth == expected and standing.worth
        if figures is not None:
            assert {s.worth for s in standings} == figures
        html = build_document(db, PrintRequest(table=True)).sections[0].html
        assert f'<th class="num" width="6%">{head}</th>' in html
        for standing in standings:
            assert f'<td class="num">{standing.worth}</td></tr>' in html
        text = _text(html)
        note = "TV: team value now, in thousands of gold pieces" if head == "TV" else "TR: team rating now."
        assert note in text
    finally:
        db.close()
