"""The demo league opens on a season half played, built through the services with a fixed seed."""

from roster_app.demo.league import REFEREES, build_demo
from roster_app.queries import competitions as competition_queries
from roster_app.queries import rosters as queries
from roster_app.queries import season as sq
from roster_app.queries.referees import referee_cards, sheet_of_match
from roster_app.safety.check import check_league


def test_the_demo_league_has_a_season_half_played_the_same_way_every_time(tmp_path):
    db = build_demo(tmp_path / "demo.dugout")
    again = build_demo(tmp_path / "again.dugout")
    try:
        assert sq.league_table(db) == sq.league_table(again)
        assert [(f.home_score, f.away_score, f.gate) for f in sq.fixtures(db)] == [
            (f.home_score, f.away_score, f.gate) for f in sq.fixtures(again)
        ]
        fixtures = sq.fixtures(db)
        assert len(fixtures) == 12 + 3  # a double round robin of four teams, a cup's semi-finals and final
        assert [f.status for f in fixtures].count("completed") == 7
        assert [f.status_text for f in fixtures].count("post-match due") == 1  # one left for the user
        cup = [f for f in fixtures if f.competition == "Spike! Magazine Cup"]
        assert [(f.round, f.stage, f.played) for f in cup] == [(4, "semi-final", True), (4, "semi-final", True),
                                                               (5, "final", False)]  # fmt: skip
        assert [f.status_text for f in cup][0] == "post-match due"  # the Reavers' semi-final, part-played
        assert [c.status for c in competition_queries.competitions(db)] == ["open", "drawn"]
        table = sq.league_table(db)
        assert sum(r.played for r in table) == 2 * 6
        assert sum(r.points for r in table) > 0 and table[0].position == 1
        assert all(len(sq.leaders(db, what)) > 0 for what in sq.LEADER_TITLES)
        for team in queries.teams(db):
            assert queries.team_header(db, team.id).treasury == sum(r.amount for r in queries.ledger(db, team.id))
            assert any(row.winnings > 0 for row in sq.team_history(db, team.id))
        assert any(row.purchases > 0 for team in queries.teams(db) for row in sq.team_history(db, team.id))
        sheets = [sheet_of_match(db, f.id) for f in fixtures if f.played]
        assert all(s is not None and s.fixture for s in sheets)  # every game refereed has its one sheet
        refereed = sum(s.finished and s.verdict.refereed for s in sheets)
        seeded = sum(matches for _name, _race, matches, *_rest in REFEREES)  # the demo refs' earlier careers
        assert sum(c.matches for c in referee_cards(db)) == seeded + refereed  # each game counted once on a card
        assert check_league(db).ok, check_league(db).text()  # `dugout check` finds nothing
        # issue 32: one game played with a Star Player and an inducement, his game under his own name
        from roster_app.queries.freebooters import match_freebooters, star_careers

        hired = [row for f in fixtures for row in match_freebooters(db, f.id) if row.hired]
        assert len(hired) == 1 and hired[0].stars and any(h.kind == "inducement" for h in hired[0].hired)
        career = star_careers(db)[hired[0].stars[0]]
        assert career.casualties == 1 and career.teams == (hired[0].team,)
    finally:
        db.close()
        again.close()
