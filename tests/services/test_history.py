"""The league's story: seasons kept as history, records and careers, over two seasons played through the
services (tests/history_helpers.py writes every game out; the sums below are added up by hand from it)."""

import pytest
from sqlalchemy import func, select

from roster_app.queries import careers, history
from roster_app.queries import season as sq
from roster_app.store.models import Match, MatchPlayer, Player, Team
from tests.helpers import ledger_sum, player_id, team_id, treasury
from tests.league_files import memory_copy
from tests.transfer_helpers import market_with_deals


@pytest.fixture(scope="module")
def league(two_seasons_league):
    """A copy for the module (the tests only read it)."""
    return memory_copy(two_seasons_league)


def test_each_finished_season_keeps_its_table_and_champion(league):
    assert history.season_numbers(league) == [1, 2, 3]
    one = history.season_history(league, 1)
    assert one.finished and one.matches == 6
    # Orcland W 3-1, D 1-1, W 1-0; Karak D, D, W 2-0; Reikland D, W 2-0, L; Athelorn three defeats
    assert [(r.position, r.name, r.won, r.drawn, r.lost, r.points) for r in one.table] == [
        (1, "Orcland Raiders", 2, 1, 0, 7), (2, "Karak Grudgebearers", 1, 2, 0, 5),
        (3, "Reikland Reavers", 1, 1, 1, 4), (4, "Athelorn Avengers", 0, 0, 3, 0)]  # fmt: skip
    assert one.champion == "Orcland Raiders"  # top of the table: season 1 had no final
    two = history.season_history(league, 2)
    assert [(r.name, r.points) for r in two.table] == [
        ("Karak Grudgebearers", 5),
        ("Orcland Raiders", 4),
        ("Athelorn Avengers", 4),
        ("Reikland Reavers", 2),
    ]
    assert two.champion == "Orcland Raiders"  # the final's winner (2-1), not the top of the table
    assert two.matches == 7
    three = history.season_history(league, 3)
    assert not three.finished and three.champion_id is None
    assert history.champions(league) == [(1, "Orcland Raiders"), (2, "Orcland Raiders")]


def test_a_seasons_awards_and_leaders(league):
    one = history.season_history(league, 1)
    awards = {(a.title, a.name): a.value for a in one.awards}
    assert awards[("Top scorer", "Orcland 1")] == 2 + 1 + 1
    assert awards[("Most casualties", "Orcland 2")] == 2 + 1
    assert awards[("Star of the season", "Orcland 1")] == 4 * 3 + 3 * 5  # 4 TD, MVP in 3 games
    assert [r.name for r in one.leaders["touchdowns"][:2]] == ["Orcland 1", "Reikland 1"]  # 4, then 1 + 2
    two = history.season_history(league, 2)
    assert {(a.title, a.name, a.value) for a in two.awards if a.title != "Most MVP awards"} == {
        ("Top scorer", "Orcland 1", 4 + 0 + 1 + 2),  # the final counts
        ("Most casualties", "Karak 2", 3),
        ("Star of the season", "Orcland 1", 7 * 3 + 4 * 5),
    }


def test_the_refs_records_of_a_season(league):
    one = {r.name: (r.matches, r.awards, r.sackings, r.deaths) for r in history.season_history(league, 1).referees}
    assert one == {
        "Jorg Blackwhistle": (3, 1, 1, 0),
        "Hans Whistle": (2, 1, 1, 0),
        "Thrudd the Impartial": (1, 0, 0, 0),
    }
    two = {r.name: (r.matches, r.awards, r.sackings, r.deaths) for r in history.season_history(league, 2).referees}
    assert two == {"Thrudd the Impartial": (3, 0, 1, 0), "Skritch Quickpaw": (2, 1, 0, 1),
                   "Gorbag Chainsaw": (2, 1, 0, 0)}  # fmt: skip


def test_a_season_as_it_stood_after_an_earlier_round(league):
    assert history.played_rounds(league, 1) == [1, 2, 3] and history.played_rounds(league, 2) == [1, 2, 3, 4]
    assert history.played_rounds(league, 3) == []
    assert history.league_rounds(league)[:4] == [(1, 1), (1, 2), (1, 3), (2, 1)]
    after = history.season_history(league, 1, upto_round=2)
    assert (after.matches, after.finished, after.champion_id, after.upto_round) == (4, False, None, 2)
    # round 1: Orcland 3-1 Athelorn, Reikland 1-1 Karak; round 2: Karak 1-1 Orcland, Athelorn 0-2 Reikland
    table = {r.name: (r.played, r.won, r.drawn, r.lost, r.td_for, r.td_against, r.points) for r in after.table}
    assert table == {
        "Orcland Raiders": (2, 1, 1, 0, 3 + 1, 1 + 1, 3 + 1),
        "Reikland Reavers": (2, 1, 1, 0, 1 + 2, 1 + 0, 3 + 1),
        "Karak Grudgebearers": (2, 0, 2, 0, 1 + 1, 1 + 1, 1 + 1),
        "Athelorn Avengers": (2, 0, 0, 2, 1 + 0, 3 + 2, 0),
    }
    assert [r.name for r in after.table][2:] == ["Karak Grudgebearers", "Athelorn Avengers"]
    td = [(r.name, r.value, r.rank) for r in after.leaders["touchdowns"][:3]]
    assert td == [("Orcland 1", 2 + 1, 1), ("Reikland 1", 1 + 2, 1), ("Karak 1", 1 + 1, 3)]
    spp = [(r.name, r.value) for r in after.leaders["spp"][:2]]
    assert spp == [("Orcland 1", 3 * 3 + 2 * 5), ("Reikland 1", 3 * 3 + 2 * 5)]  # 3 TD and 2 MVPs each
    cas = [(r.name, r.value) for r in after.leaders["casualties"]]
    assert cas[0] == ("Orcland 2", 2) and set(cas[1:]) == {("Karak 3", 1), ("Reikland 2", 1)}
    assert {(a.title, a.name) for a in after.awards if a.title == "Top scorer"} == {
        ("Top scorer", "Orcland 1"), ("Top scorer", "Reikland 1")}  # fmt: skip
    refs = {r.name: (r.matches, r.awards, r.sackings, r.deaths) for r in after.referees}
    assert refs == {"Hans Whistle": (2, 1, 1, 0), "Jorg Blackwhistle": (2, 1, 0, 0)}  # Thrudd's game is round 3
    first = sq.league_table(league, 1, upto_round=1)
    assert [(r.name, r.points) for r in first] == [("Orcland Raiders", 3), ("Karak Grudgebearers", 1),
                                                   ("Reikland Reavers", 1), ("Athelorn Avengers", 0)]  # fmt: skip
    assert history.season_history(league, 1, upto_round=3).table == history.season_history(league, 1).table


def test_the_magazine_of_an_earlier_round_shows_that_rounds_table_and_leaders(league):
    from roster_app.printing.magazine import magazine_data, story_season

    assert story_season(league) == 2  # season 3 has no game yet: the latest season with one
    m = magazine_data(league, season=1, round_number=1)
    assert [(r.name, r.played, r.points) for r in m.table] == [
        ("Orcland Raiders", 1, 3), ("Karak Grudgebearers", 1, 1), ("Reikland Reavers", 1, 1),
        ("Athelorn Avengers", 1, 0)]  # fmt: skip
    assert [(r.name, r.value) for r in m.leaders["touchdowns"][:1]] == [("Orcland 1", 2)]
    assert [(r.name, r.value) for r in m.leaders["spp"][:1]] == [("Orcland 1", 2 * 3 + 5)]
    latest = magazine_data(league)
    assert (latest.season, latest.round) == (2, 4)  # the final
    # the final is not a league game: the table after it is season 2's final table
    assert [(r.name, r.points) for r in latest.table] == [(r.name, r.points) for r in sq.league_table(league, 2)]


def test_the_leagues_records(league):
    found = {r.key: (r.value, r.holder, r.season, r.detail) for r in history.records(league)}
    assert found["touchdowns_game"] == (4, "Orcland 1", 2, "v Athelorn Avengers, round 1")
    assert found["casualties_game"] == (3, "Karak 2", 2, "v Reikland Reavers, round 1")
    assert found["touchdowns_season"] == (7, "Orcland 1", 2, "season 2")
    assert found["casualties_season"] == (3, "Orcland 2", 1, "season 1")  # Karak 2's 3 in season 2 only ties it
    assert found["touchdowns_career"][:2] == (4 + 7, "Orcland 1")
    assert found["casualties_career"][:2] == (3 + 1, "Orcland 2")
    assert found["spp_game"][:2] == (4 * 3 + 5, "Orcland 1")
    assert found["spp_career"][:2] == (4 * 3 + 3 * 5 + 7 * 3 + 4 * 5, "Orcland 1")
    assert "transfer" not in found and "contract" not in found  # none in these two seasons


def test_records_as_they_stood_and_broken_in_a_round(league):
    then = {r.key: r.value for r in history.records(league, upto=(1, 3))}
    assert then["touchdowns_game"] == 2 and then["spp_career"] == 27
    broken = {
        new.key: (new.value, old.value if old else None) for new, old in history.records_broken(league, 2, 1)
    }
    assert broken == {"touchdowns_game": (4, 2), "casualties_game": (3, 2), "spp_game": (17, 11)}
    assert history.records_broken(league, 2, 2) == []  # Orcland 1 adding to his own records is not news


def test_a_players_career_game_by_game(league):
    career = careers.player_career(league, player_id(league, "Orcland 1"))
    assert [(g.season, g.round, g.stage, g.opponent, g.score, g.touchdowns, g.spp) for g in career.games] == [
        (1, 1, "league", "Athelorn Avengers", "3 - 1", 2, 11), (1, 2, "league", "Karak Grudgebearers", "1 - 1", 1, 8),
        (1, 3, "league", "Reikland Reavers", "1 - 0", 1, 8), (2, 1, "league", "Athelorn Avengers", "4 - 0", 4, 17),
        (2, 2, "league", "Karak Grudgebearers", "0 - 1", 0, 5), (2, 3, "league", "Reikland Reavers", "1 - 1", 1, 8),
        (2, 4, "final", "Karak Grudgebearers", "2 - 1", 2, 11),
    ]  # fmt: skip
    assert [g.spp_total for g in career.games][-1] == career.total("spp") == 68 == career.spp
    assert career.teams == ("Orcland Raiders",)
    taken = [a for g in career.games for a in g.advances]
    assert len(taken) == 4  # 68 SPP: past 6, 16, 31 and 51
    assert set(career.skills) == {a.split(" (")[0] for a in taken}  # the auto draft took skills each time


def test_an_injury_shows_in_the_career(league):
    career = careers.player_career(league, player_id(league, "Reikland 2"))
    assert [(g.season, g.round, g.injury) for g in career.games if g.injury] == [(2, 3, "Niggling injury")]
    assert "Niggling injury" in career.injuries


def test_a_teams_timeline_has_the_ledger_behind_each_point(league):
    orcs = team_id(league, "Orcland Raiders")
    timeline = careers.team_timeline(league, orcs)
    assert len(timeline.points) == 7
    running = timeline.opening
    for point in timeline.points:
        running += sum(line.amount for line in point.ledger)
        assert point.treasury == running
        assert point.ledger and all(line.kind == "winnings" for line in point.ledger)
    assert timeline.points[-1].treasury == treasury(league, orcs) == ledger_sum(league, orcs)
    assert [p.treasury for p in timeline.points] == [r.treasury_after for r in sq.team_history(league, orcs)]
    assert [p.result for p in timeline.points] == ["win", "draw", "win", "win", "loss", "draw", "win"]
    with league.read() as session:
        from roster_app.store.models import Team

        team = session.get(Team, orcs)
        assert timeline.points[-1].fan_factor == team.fan_factor
    assert all(p.rating for p in timeline.points)
    assert [p.round for p in careers.team_timeline(league, orcs, season=2).points] == [1, 2, 3, 4]


def test_a_referees_career_from_his_sheets(league):
    jorg = careers.referee_career(league, _ref(league, "Jorg Blackwhistle"))
    assert [(g.season, g.round, g.in_range, g.result) for g in jorg.games] == [
        (1, 1, 8, "kept"), (1, 2, 12, "award"), (1, 3, 2, "sacked")]  # fmt: skip
    assert (jorg.count("award"), jorg.count("sacked"), jorg.status) == (1, 1, "sacked")
    hans = careers.referee_career(league, _ref(league, "Hans Whistle"))
    assert [(g.fixture, g.result, g.spp) for g in hans.games] == [
        ("Orcland Raiders v Athelorn Avengers", "award", 10),
        ("Karak Grudgebearers v Orcland Raiders", "sacked", 0),
    ]
    assert hans.spp == 10
    skritch = careers.referee_career(league, _ref(league, "Skritch Quickpaw"))
    assert skritch.deaths == 1 and skritch.status == "dead"
    chart = careers.turns_in_range(league)
    assert chart["Thrudd the Impartial"] == [("S1 R3", 10), ("S2 R1", 9), ("S2 R2", 11), ("S2 R3", 4)]


def test_the_biggest_transfer_and_the_longest_contract(db):
    market_with_deals(db)
    found = {r.key: (r.value, r.holder, r.team, r.detail) for r in history.records(db)}
    assert found["transfer"] == (150_000, "Gotrek", "Orcland Raiders", "from Karak Grudgebearers")
    assert found["contract"][:3] == (4, "Gotrek", "Orcland Raiders")
    career = careers.player_career(db, player_id(db, "Gotrek"))
    assert career.teams == ("Orcland Raiders",) and career.team == "Orcland Raiders"
    assert [(t.seller, t.buyer, t.price, t.status) for t in career.transfers] == [
        ("Karak Grudgebearers", "Orcland Raiders", 150_000, "completed")
    ]
    assert [(c.team, c.seasons, c.status) for c in career.contracts] == [("Orcland Raiders", 4, "running")]


def _ref(db, name):
    from sqlalchemy import select

    from roster_app.store.models import Referee

    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def test_the_records_after_a_round_read_from_the_round_equal_the_records_then(league):
    """records_broken reads only the round's players after the records before it: the same records as a full
    read after the round, for every round of both seasons (the final too)."""
    rounds = history.league_rounds(league)
    assert len(rounds) == 3 + 4
    for season, rnd in rounds:
        before = history.records(league, upto=(season, rnd - 1) if rnd > 1 else (season - 1, 10**6))
        with league.read() as session:
            after = history._records_after_round(session, {r.key: r for r in before}, season, rnd)
        full = [
            r
            for r in history.records(league, upto=(season, rnd))
            if r.key.endswith(("_game", "_season", "_career"))
        ]
        assert after == full, (season, rnd)


# The plain rule, one SQL query a record (the app reads every total in one grouped read): the test's oracle.
def _total_best(session, key, column, upto, *, by_season, among=None):  # noqa: ANN001, ANN202
    """The best season's (or career's) total and the first match of that season (career): the tie-break.
    `among`: (the players, the season) whose totals to rank, in place of every player's."""
    total = func.sum(column).label("total")
    groups = [MatchPlayer.player_id, Match.season] if by_season else [MatchPlayer.player_id]
    first = func.min(Match.id).label("first")
    where = [history._played_upto(upto)]
    if among is not None:
        players, season = among
        where.append(MatchPlayer.player_id.in_(players))
        if by_season:
            where.append(Match.season == season)
    sub = (
        select(*groups, total, first)
        .join(Match, Match.id == MatchPlayer.match_id)
        .where(*where)
        .group_by(*groups)
        .subquery()
    )
    query = (
        select(sub.c.total, Player.id, Player.name, Team.name, sub.c.season if by_season else sub.c.first,
               sub.c.first)
        .join(Player, Player.id == sub.c.player_id)
        .join(Team, Team.id == Player.team_id)
        .where(sub.c.total > 0)
        .order_by(sub.c.total.desc(), sub.c.first, Player.id)
        .limit(1)
    )  # fmt: skip
    row = session.execute(query).first()
    if row is None:
        return None
    value, pid, name, team, when, first_match = row
    if by_season:
        return history.RecordRow(
            key, history.RECORD_TITLES[key], value, name, pid, team, when, f"season {when}"
        ), first_match
    return history.RecordRow(key, history.RECORD_TITLES[key], value, name, pid, team, 0, "career"), first_match


def test_the_totals_records_from_one_read_equal_one_query_a_record(league):
    """Every round of both seasons, the whole league and the round's players alone (records_broken's read)."""
    rounds = history.league_rounds(league)
    for upto in [None, *rounds]:
        with league.read() as session:
            among = None
            if upto is not None:
                in_round = (Match.season == upto[0]) & (Match.round == upto[1])
                among = (select(MatchPlayer.player_id).join(Match, Match.id == MatchPlayer.match_id)
                         .where(in_round), upto[0])  # fmt: skip
            for chosen in (None, among):
                fast = history._total_records(session, upto, among=chosen)
                for what in history.TOTALS:
                    for by_season, key in ((True, f"{what}_season"), (False, f"{what}_career")):
                        assert fast.get(key) == _total_best(session, key, getattr(MatchPlayer, what), upto,
                                                            by_season=by_season, among=chosen), (upto, key)  # fmt: skip
