"""The website shows what a team is worth as its league's edition names it: a team rating beside the value (LRB
4.0), the team value alone (LRB 5/6, which count no rating)."""

from __future__ import annotations

import re

import pytest

from roster_app.services.league import memory_league
from tests.publish.conftest import publish, site_pages
from tests.season_helpers import build_teams


@pytest.mark.parametrize(("key", "rating_shown"), [("lrb4", True), ("lrb6", False)])
def test_a_teams_worth_on_the_website(tmp_path, key, rating_shown):
    db = memory_league(ruleset_key=key)
    try:
        build_teams(db, 2)
        publish(db, tmp_path / "site")
    finally:
        db.close()
    pages = site_pages(tmp_path / "site")
    index = pages["teams/index.html"]
    team = next(html for path, html in pages.items() if path.startswith("teams/") and "Orcland Raiders" in html
                and path != "teams/index.html")  # fmt: skip
    text = re.sub(r"<[^>]+>", " ", team)
    assert ("Team rating" in text) == rating_shown and ("Team rating" in index) == rating_shown
    assert "Team value 610,000 gp" in " ".join(text.split())  # 11 Linemen at 50,000 + fan factor 6 at 10,000
