"""The Season page's league table shows what each team is worth now, as the league's edition names it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from roster_app.services.league import create_league
from roster_app.services.season import generate_season
from tests.helpers import show_league
from tests.season_helpers import build_teams


@pytest.mark.parametrize(("key", "worths"), [
    ("lrb4", {"Orcland Raiders": "TR 106", "Reikland Reavers": "TR 105"}),  # (550,000 + 450,000 + fans) / 10,000
    ("lrb6", {"Orcland Raiders": "TV 610k", "Reikland Reavers": "TV 600k"}),  # treasury left out
])  # fmt: skip
def test_the_league_table_shows_each_teams_worth(qtbot, window, tmp_path, key, worths):
    path = tmp_path / f"{key}.dugout"
    db = create_league(path, name="Worth League", ruleset_key=key)
    build_teams(db, 2)
    generate_season(db)
    db.close()
    view = show_league(qtbot, window, path)
    view.show_page(view.season_page)
    model = view.season_page.standings_model
    column = next(i for i, c in enumerate(model.COLUMNS) if c.key == "worth")
    shown = {model.index(r, 1).data(): model.index(r, column).data() for r in range(model.rowCount())}
    assert shown == worths
    assert model.headerData(column, Qt.Orientation.Horizontal) == "Worth"
    view.season_page.grab().save(f"/tmp/season-worth-{key}.png")
