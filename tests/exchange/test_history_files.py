"""The history tables as JSON and CSV for the league's web page."""

from __future__ import annotations

import csv
import json

import pytest

from roster_app.exchange import csv_files, history_files
from roster_app.services.referees import edit_referee
from roster_app.services.teams import rename_team
from tests.helpers import team_id
from tests.history_helpers import two_seasons
from tests.league_files import memory_copy


@pytest.fixture(scope="module")
def league(two_seasons_league):
    db = memory_copy(two_seasons_league)
    rename_team(db, team_id=team_id(db, "Orcland Raiders"), name="=HYPERLINK(1)")
    edit_referee(db, referee_id=_referee(db, "Hans Whistle"), name="=HYPERLINK(1)")
    return db


def _referee(db, name):
    from sqlalchemy import select

    from roster_app.store.models import Referee

    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def _csv(path):
    with open(path, encoding=csv_files.CSV_ENCODING, newline="") as handle:
        return list(csv.reader(handle))


def test_the_json_holds_every_season_and_the_records(league, tmp_path):
    path = history_files.export_history_json(league, tmp_path / "history.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [s["season"] for s in data["seasons"]] == [1, 2, 3]
    one = data["seasons"][0]
    assert one["champion"] == "=HYPERLINK(1)" and one["table"][0]["points"] == 7  # JSON keeps names as typed
    assert {"title": "Top scorer", "name": "Orcland 1", "team": "=HYPERLINK(1)", "value": 4} in one["awards"]
    assert data["seasons"][2]["champion"] is None  # the season in progress
    assert {r["key"]: r["value"] for r in data["records"]}["touchdowns_game"] == 4


@pytest.mark.parametrize("table", history_files.CSV_TABLES)
def test_each_history_table_as_csv_with_formulas_neutralised(league, tmp_path, table):
    rows = _csv(history_files.export_history_csv(league, tmp_path / f"{table}.csv", table=table))
    cells = [cell for row in rows[1:] for cell in row]
    assert "=HYPERLINK(1)" not in cells and "'=HYPERLINK(1)" in cells


def test_the_seasons_csv_marks_the_champions(league, tmp_path):
    rows = _csv(history_files.export_history_csv(league, tmp_path / "seasons.csv", table="seasons"))
    assert rows[0] == history_files.TABLE_COLUMNS
    champions = [(row[0], row[2]) for row in rows[1:] if row[-1] == "yes"]
    assert champions == [("1", "'=HYPERLINK(1)"), ("2", "'=HYPERLINK(1)")]
    assert len(rows) == 1 + 3 * 4


def test_the_json_holds_the_star_players_careers(tmp_path, demo_league_file):
    """Issue 32: a Star Player's games go into the league's history under his own name, whoever hired him."""
    from roster_app.queries.freebooters import star_careers
    from roster_app.safety.opening import open_league

    db = open_league(demo_league_file, backup=False)
    try:
        [career] = star_careers(db).values()
        data = json.loads(history_files.export_history_json(db, tmp_path / "h.json").read_text(encoding="utf-8"))
        [star] = data["star_players"]
        assert (star["name"], star["teams"], star["games"], star["casualties"]) == (
            career.name, list(career.teams), 1, career.casualties)  # fmt: skip
        assert star["played"][0]["opponent"] == career.games[0].opponent and "match_id" not in star["played"][0]
    finally:
        db.close()
    empty = two_seasons_json(tmp_path)
    assert empty["star_players"] == []


def two_seasons_json(tmp_path):
    from roster_app.services.league import memory_league

    db = two_seasons(memory_league())
    try:
        return json.loads(history_files.export_history_json(db, tmp_path / "two.json").read_text(encoding="utf-8"))
    finally:
        db.close()
