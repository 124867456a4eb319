"""Competitions in the JSON export and import and in Check League (issue 33): a season with its league, a cup
part-played and Swiss rounds goes out and comes back equal; an export that puts a team in two games of one round,
sends through a winner who did not play or gives a bye twice is refused in words; an export made before
competitions gets each season's league competition."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select

from roster_app.exchange.league_json import ImportRefused, export_json, import_json
from roster_app.queries import competitions as cq
from roster_app.safety.check import check_league
from roster_app.safety.opening import open_league
from roster_app.services import competitions as sc
from roster_app.services.league import memory_league
from roster_app.services.season import generate_season
from roster_app.store.models import CompetitionTie, Match
from tests.competition_helpers import league_of, play, play_round
from tests.helpers import snapshot


@pytest.fixture
def season_db():
    """Six teams: the league fixtures (round 1 played), a cup of six (its first round played), Swiss rounds of
    five (a round played, one bye)."""
    db = memory_league()
    ids = league_of(db, 6)
    generate_season(db)
    from roster_app.queries import season as sq

    for fixture in [f for f in sq.fixtures(db) if f.round == 1]:
        play(db, fixture.id, 1, 0)
    cup = sc.create_competition(db, name="Spike Cup", format="knockout", team_ids=ids, third_place=True).result
    sc.draw_competition(db, competition_id=cup, seeding="hand", order=ids)
    play_round(db, cup)
    swiss = sc.create_competition(db, name="Open", format="swiss", team_ids=ids[:5], rounds=2).result
    sc.draw_competition(db, competition_id=swiss, seeding="hand", order=ids[:5])
    play_round(db, swiss)
    assert check_league(db).ok, check_league(db).text()
    yield db
    db.close()


def _export(db, tmp_path: Path) -> dict:
    path = export_json(db, tmp_path / "season.json")
    return json.loads(path.read_text(encoding="utf-8"))


def _import(document: dict, tmp_path: Path) -> Path:
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    return import_json(source, tmp_path / "imported.dugout")


def test_a_season_of_competitions_goes_out_and_comes_back_equal(season_db, tmp_path):
    document = _export(season_db, tmp_path)
    assert {len(document["tables"][t]) > 0 for t in ("competition", "competition_entry", "competition_tie")} == {
        True
    }
    imported = open_league(_import(document, tmp_path))
    try:
        assert snapshot(imported) == snapshot(season_db)
        assert [c.name for c in cq.competitions(imported)] == ["League", "Spike Cup", "Open"]
    finally:
        imported.close()


def _tie(document: dict, competition: str, round_number: int, position: int) -> dict:
    comp = next(c for c in document["tables"]["competition"] if c["name"] == competition)
    return next(t for t in document["tables"]["competition_tie"]
                if t["competition_id"] == comp["id"] and t["round"] == round_number and t["position"] == position)  # fmt: skip


def test_a_team_in_two_games_of_one_round_is_refused(season_db, tmp_path):
    document = _export(season_db, tmp_path)
    first, second = _tie(document, "Spike Cup", 1, 1), _tie(document, "Spike Cup", 1, 3)
    second["away_team_id"] = first["home_team_id"]
    with pytest.raises(ImportRefused, match="are in 2 games of Spike Cup \\(season 1\\), round 1"):
        _import(document, tmp_path)
    assert not (tmp_path / "imported.dugout").exists()


def test_a_winner_who_did_not_play_is_refused(season_db, tmp_path):
    document = _export(season_db, tmp_path)
    tie = _tie(document, "Spike Cup", 1, 1)
    other = _tie(document, "Spike Cup", 1, 3)
    tie["winner_team_id"] = other["home_team_id"]
    with pytest.raises(ImportRefused, match="go through without having played in the tie"):
        _import(document, tmp_path)


def test_a_winner_who_lost_is_refused(season_db, tmp_path):
    document = _export(season_db, tmp_path)
    tie = _tie(document, "Spike Cup", 1, 1)
    tie["winner_team_id"] = tie["away_team_id"]
    with pytest.raises(ImportRefused, match="go through but lost the game 1-0"):
        _import(document, tmp_path)


def test_a_bye_given_twice_is_refused(season_db, tmp_path):
    document = _export(season_db, tmp_path)
    bye = _tie(document, "Open", 1, 2)
    assert bye["bye"]
    again = dict(bye, id=max(t["id"] for t in document["tables"]["competition_tie"]) + 1, round=2, position=5)
    document["tables"]["competition_tie"].append(again)
    with pytest.raises(ImportRefused, match="were given a bye 2 times in Open"):
        _import(document, tmp_path)
    two = _tie(document, "Spike Cup", 1, 0)
    two["away_team_id"] = _tie(document, "Spike Cup", 1, 1)["home_team_id"]
    document["tables"]["competition_tie"].remove(again)
    with pytest.raises(ImportRefused, match="a bye is given to two teams at once"):
        _import(document, tmp_path)


def test_an_export_made_before_competitions_gets_each_seasons_league_competition(season_db, tmp_path):
    document = _export(season_db, tmp_path)
    tables = document["tables"]
    for name in ("competition", "competition_entry", "competition_tie"):
        del tables[name]
    tables["match"] = [m for m in tables["match"] if m["stage"] == "league"]
    for row in tables["match"]:
        del row["competition_id"], row["decided"]
    keep = {m["id"] for m in tables["match"]}
    for name in ("match_player", "dice_roll", "ledger_entry", "referee_match", "reserve_event"):
        tables[name] = [r for r in tables[name] if r.get("match_id") in keep or r.get("match_id") is None]
    imported = open_league(_import(document, tmp_path))
    try:
        [league] = cq.competitions(imported)
        assert (league.name, league.format, league.played) == ("League", "league", 3)
        with imported.read() as session:
            assert set(session.scalars(select(Match.competition_id))) == {league.id}
            assert session.scalars(select(CompetitionTie)).first() is None
    finally:
        imported.close()
