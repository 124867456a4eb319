"""The players' pages read their careers together (careers.player_careers, a batch at a time) and only for the
pages that will be made: the same site as careers read one by one, and a republish after one match reads the
careers of that match's players only, in one read (issue 40)."""

# ruff: noqa: F811  (a test takes the imported league fixture by name)

from __future__ import annotations

from roster_app.publish import pages
from roster_app.queries import careers
from roster_app.queries import season as sq
from tests.history_helpers import SEASON_ONE, play
from tests.publish.conftest import publish, site_pages
from tests.publish.test_folder import league  # noqa: F401 - four teams, two games played


def test_the_site_is_the_same_with_careers_read_one_by_one(seasons_db, tmp_path, monkeypatch):
    together = tmp_path / "together"
    publish(seasons_db, together, show_money=True)
    monkeypatch.setattr(careers, "CAREERS_AT_ONCE", 1)  # every career read alone (player_career's own read)
    alone = tmp_path / "alone"
    publish(seasons_db, alone, show_money=True)
    first, second = site_pages(together), site_pages(alone)
    assert len([p for p in first if p.startswith("players/")]) > 20
    assert first == second


def test_a_republish_after_one_match_reads_the_careers_of_its_players_only(league, tmp_path, monkeypatch):
    folder = tmp_path / "site"
    publish(league, folder)
    fixture = sq.fixtures(league)[2]
    play(league, fixture, SEASON_ONE[2], 2)
    reads: list[list[int]] = []
    made: list[int] = []
    real_read, real_page = careers.player_careers, pages.player_page
    monkeypatch.setattr(
        careers, "player_careers", lambda db, ids: (reads.append(list(ids)), real_read(db, ids))[1]
    )
    monkeypatch.setattr(pages, "player_page", lambda s, career: (made.append(career.id), real_page(s, career))[1])
    publish(league, folder)
    sides = {fixture.home_id, fixture.away_id}
    with league.engine.connect() as conn:
        from sqlalchemy import text

        theirs = {pid for (pid,) in conn.execute(text(
            "SELECT DISTINCT player_id FROM match_player WHERE match_id = :m"), {"m": fixture.id})}  # fmt: skip
        on_sides = {pid for (pid, team) in conn.execute(text("SELECT id, team_id FROM player")) if team in sides}
    assert theirs and set(made) >= theirs and set(made) <= on_sides  # their pages, and no one else's
    assert reads == [made]  # one read, of exactly the careers the pages made
