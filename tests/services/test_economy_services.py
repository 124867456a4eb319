"""Each edition's economy through the services: an LRB 6 league's winnings, expenses and worth; the switch to a
league's edition's economy at a season's end (refused mid-season, nothing written); an older league's economy."""

import random
import shutil
from pathlib import Path

import pytest
from sqlalchemy import select

from roster_app.errors import RuleViolation
from roster_app.queries import clock as clock_queries
from roster_app.queries import rosters as queries
from roster_app.queries import season as sq
from roster_app.queries.postmatch import done_steps
from roster_app.rules import economy
from roster_app.rules.ruleset import economy_as_made, load_bundled
from roster_app.safety.opening import open_league
from roster_app.services.contracts import end_season
from roster_app.services.economy import economy_preview, switch_economy
from roster_app.services.league import memory_league
from roster_app.services.postmatch.plan import DiceEntry, PostMatchDraft, plan_post_match
from roster_app.services.postmatch.write import auto_draft, award_spp, pay_winnings, save_post_match_progress
from roster_app.services.ruleset import set_table
from roster_app.services.season import generate_season
from roster_app.store.models import DiceRoll, LedgerEntry, Match, Player
from tests.helpers import ledger_sum, snapshot
from tests.rulesets import play_economy_as_made
from tests.season_helpers import build_teams, report

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "league_0001.dugout"


@pytest.fixture
def lrb6():
    """An LRB 6 league: Orcland Raiders (11 Linemen at 50,000, fan factor 6: team value 610,000) and Reikland
    Reavers (11 Linemen at 50,000, fan factor 5: 600,000), their one fixture not played yet."""
    db = memory_league(ruleset_key="lrb6")
    build_teams(db, 2)
    generate_season(db)
    yield db
    db.close()


def _worth_gold(db, team_id: int, players_total: int) -> None:
    """Test setup: the team's eleven players worth `players_total` between them (a rich, experienced team)."""
    with db.write("test: a rich team") as tx:
        players = tx.session.scalars(select(Player).where(Player.team_id == team_id).order_by(Player.id)).all()
        for index, player in enumerate(players):
            player.value = players_total // 11 + (players_total % 11 if index == 0 else 0)
            tx.session.add(player)


def _winnings_rows(db, match_id: int, team_id: int) -> list[tuple[str, int]]:
    with db.read() as session:
        rows = session.execute(
            select(LedgerEntry.kind, LedgerEntry.amount)
            .where(LedgerEntry.match_id == match_id, LedgerEntry.team_id == team_id)
            .order_by(LedgerEntry.id)
        ).all()
    return [tuple(r) for r in rows]


def _mvp_first(db, match_id: int, draft: PostMatchDraft) -> None:
    """LRB 6's step 1 (christerk/ffb's end game: MVP before WINNINGS): the match's SPP, the MVP's with them, and
    any star player roll due rolled by the app."""
    draft = auto_draft(db, match_id=match_id, rng=random.Random(7), draft=draft)
    assert plan_post_match(db, match_id, draft).problems_in("spp") == []
    award_spp(db, match_id=match_id, draft=draft)


def test_an_lrb6_league_goes_through_its_editions_post_match_order(lrb6):
    """LRB 6: the MVP and improvement rolls first, then the winnings, then the fan factor (christerk/ffb's
    bb2016 EndGame); the seed's purchases section after them. Winnings first is refused in words, nothing
    written."""
    [m] = sq.fixtures(lrb6)
    report(lrb6, m.id, 1, 0)
    draft = PostMatchDraft()
    for team in (m.home_id, m.away_id):
        draft.team(team).winnings_roll = DiceEntry([3], typed=True)
    save_post_match_progress(lrb6, match_id=m.id, draft=draft)
    before = snapshot(lrb6)
    with pytest.raises(RuleViolation, match=r"1\. MVP, Star Player Points and improvement rolls comes first"):
        pay_winnings(lrb6, match_id=m.id)
    assert snapshot(lrb6) == before
    _mvp_first(lrb6, m.id, draft)
    assert done_steps(_match(lrb6, m.id), m.home_id) == ["spp"]
    assert clock_queries.team_moment(lrb6, m.home_id).where.startswith(
        "at step 2 (winnings (D6 + FAME) less spiralling expenses) of the post-match sequence"
    )
    pay_winnings(lrb6, match_id=m.id)
    assert done_steps(_match(lrb6, m.id), m.home_id) == ["spp", "winnings"]


def _match(db, match_id: int) -> Match:
    with db.read() as session:
        return session.get(Match, match_id)


def test_an_lrb6_team_is_worth_its_team_value(lrb6):
    [m] = sq.fixtures(lrb6)
    header = queries.team_header(lrb6, m.home_id)
    assert (header.worth, header.worth_text, header.worth_short) == (
        610_000, "Team value 610,000 gp", "TV 610,000 gp")  # fmt: skip
    assert header.treasury == 1_000_000 - 550_000  # kept out of the team value


def test_lrb6_winnings_are_the_winnings_roll_plus_fame_and_a_win_or_draw(lrb6):
    [m] = sq.fixtures(lrb6)
    report(lrb6, m.id, 2, 1)
    draft = PostMatchDraft()
    draft.team(m.home_id).winnings_roll, draft.team(m.home_id).fame = DiceEntry([4], typed=True), 1
    draft.team(m.away_id).winnings_roll = DiceEntry([3], typed=True)  # FAME left out: 0
    plan = plan_post_match(lrb6, m.id, draft)
    assert plan.home.winnings.how == "(D6 4 + FAME 1 + 1 for a win) x 10,000 gp = 60,000 gp"
    assert plan.away.winnings.how == "(D6 3 + FAME 0) x 10,000 gp = 30,000 gp"
    save_post_match_progress(lrb6, match_id=m.id, draft=draft)
    _mvp_first(lrb6, m.id, draft)
    pay_winnings(lrb6, match_id=m.id)
    assert _winnings_rows(lrb6, m.id, m.home_id) == [("winnings", 60_000)]
    assert _winnings_rows(lrb6, m.id, m.away_id) == [("winnings", 30_000)]
    assert queries.team_header(lrb6, m.home_id).treasury == 450_000 + 60_000 == ledger_sum(lrb6, m.home_id)


def test_a_rich_lrb6_team_pays_spiralling_expenses_with_its_winnings(lrb6):
    [m] = sq.fixtures(lrb6)
    _worth_gold(lrb6, m.home_id, 1_900_000)  # + fan factor 6 at 10,000: team value 1,960,000, the second band
    assert queries.team_header(lrb6, m.home_id).worth == 1_960_000
    report(lrb6, m.id, 0, 0)
    draft = PostMatchDraft()
    for team in (m.home_id, m.away_id):
        draft.team(team).winnings_roll = DiceEntry([2], typed=True)
    save_post_match_progress(lrb6, match_id=m.id, draft=draft)
    plan = plan_post_match(lrb6, m.id)
    assert (plan.home.winnings.amount, plan.home.winnings.expenses) == (30_000, 20_000)  # (2 + 1 for a draw)
    _mvp_first(lrb6, m.id, draft)
    pay_winnings(lrb6, match_id=m.id)
    assert _winnings_rows(lrb6, m.id, m.home_id) == [("winnings", 30_000), ("expenses", -20_000)]
    assert _winnings_rows(lrb6, m.id, m.away_id) == [("winnings", 30_000)]
    assert queries.team_header(lrb6, m.home_id).treasury == ledger_sum(lrb6, m.home_id)


def test_the_winnings_roll_is_asked_for_before_step_1(lrb6):
    [m] = sq.fixtures(lrb6)
    report(lrb6, m.id, 1, 0)
    plan = plan_post_match(lrb6, m.id, PostMatchDraft())
    assert plan.problems_in("winnings") == [
        "Orcland Raiders: the winnings roll is still to be made.",
        "Reikland Reavers: the winnings roll is still to be made.",
    ]
    draft = PostMatchDraft()
    draft.team(m.home_id).winnings_roll, draft.team(m.home_id).fame = DiceEntry([4], typed=True), 3
    assert "FAME is from 0 to 2, not 3." in plan_post_match(lrb6, m.id, draft).problems_in("winnings")[0]


# -- switching a league's economy ------------------------------------------------------------------------------
def test_the_switch_is_refused_mid_season_and_nothing_is_written(lrb6):
    play_economy_as_made(lrb6)  # an LRB 6 league made before each edition had its own economy
    [m] = sq.fixtures(lrb6)
    report(lrb6, m.id, 1, 0)
    preview = economy_preview(lrb6)
    assert preview.refusal.startswith("Season 1 is under way (a match has been played)")
    before = snapshot(lrb6)
    with pytest.raises(RuleViolation, match="changes only at a season's end.*Nothing was changed"):
        switch_economy(lrb6)
    assert snapshot(lrb6) == before


def test_the_switch_at_a_seasons_end_shows_what_changes_and_writes_the_editions_tables(lrb6):
    play_economy_as_made(lrb6)
    [m] = sq.fixtures(lrb6)
    end_season(lrb6, abandon_reason="the season is ended early for the switch", made_by="Commissioner")
    preview = economy_preview(lrb6)
    assert preview.refusal is None
    assert (preview.edition_before, preview.edition_after) == ("3rd edition (as the league was made)", "LRB 6")
    assert "Economy" in preview.tables and "Fan Factor Table" in preview.tables
    lines = {what: (now, after) for what, now, after in preview.lines}
    assert lines["A new team"] == ("Team rating 100", "Team value 1,000,000 gp")
    assert lines["Spiralling expenses"] == ("none", "10,000 gp from 1,750,000 gp, 10,000 gp more every 150,000 gp")
    # (610,000 + 450,000 treasury) / 10,000 = 106; the team value leaves the treasury out
    assert [(t.name, t.before, t.after) for t in preview.teams][0] == (
        "Orcland Raiders", "Team rating 106", "Team value 610,000 gp")  # fmt: skip
    change = switch_economy(lrb6)
    assert change.label == "switch to LRB 6's economy"
    assert lrb6.ruleset.table("economy") == load_bundled("lrb6").table("economy")
    assert lrb6.ruleset.table("fan_factor") == load_bundled("lrb6").table("fan_factor")
    assert queries.team_header(lrb6, m.home_id).worth_text == "Team value 610,000 gp"
    assert economy_preview(lrb6).refusal == "The league already plays LRB 6's economy."


def test_editing_the_economy_mid_season_is_refused(lrb6):
    [m] = sq.fixtures(lrb6)
    report(lrb6, m.id, 1, 0)
    house = {**lrb6.ruleset.table("economy"), "contract_half_value": "nothing"}
    with pytest.raises(RuleViolation, match="Season 1 is under way"):
        set_table(lrb6, key="economy", data=house)
    notes = {**lrb6.ruleset.table("economy"), "note": "Our league's words."}
    set_table(lrb6, key="economy", data=notes)  # its words may change any time


def test_a_new_league_plays_its_editions_economy():
    for key, edition in (("lrb4", "LRB 4.0"), ("lrb5", "LRB 5"), ("lrb6", "LRB 6")):
        db = memory_league(ruleset_key=key)
        try:
            assert economy.economy(db.ruleset).edition.startswith(edition)
        finally:
            db.close()


def test_an_older_league_file_keeps_its_economy_after_the_upgrade(tmp_path):
    league = tmp_path / "founders.dugout"
    shutil.copyfile(FIXTURE, league)
    db = open_league(league)
    try:
        assert db.ruleset.table("economy") == economy_as_made()
        with db.read() as session:
            from roster_app.store.models import Team

            team_ids = session.scalars(select(Team.id)).all()
        for team_id in team_ids:
            header = queries.team_header(db, team_id)
            assert (header.worth, header.worth_text) == (header.rating, f"Team rating {header.rating}")
        assert db.ruleset.table("match_winnings") == _stored(league, "match_winnings")
    finally:
        db.close()


def _stored(path: Path, key: str):
    import json
    import sqlite3

    with sqlite3.connect(path) as conn:
        return json.loads(conn.execute("SELECT data FROM ruleset_table WHERE key = ?", (key,)).fetchone()[0])


# -- before the match -------------------------------------------------------------------------------------------
def test_an_lrb6_pre_match_gives_the_lower_team_value_the_difference_and_no_handicaps(lrb6):
    from roster_app.queries.prematch import pre_match
    from roster_app.services.prematch import roll_handicap

    [m] = sq.fixtures(lrb6)
    view = pre_match(lrb6, m.id)
    # Orcland Raiders 610,000 (fan factor 6), Reikland Reavers 600,000 (fan factor 5)
    assert [t.rating for t in view.teams] == [610_000, 600_000] and view.worth_name == "Team value"
    assert view.inducements == (0, 10_000) and view.due.rolls == 0
    before = snapshot(lrb6)
    with pytest.raises(
        RuleViolation, match="LRB 6 has no handicaps: the team of lower team value gets the difference"
    ):
        roll_handicap(lrb6, match_id=m.id)
    assert snapshot(lrb6) == before


def test_an_lrb4_pre_match_still_rolls_handicaps_from_the_ratings():
    from roster_app.queries.prematch import pre_match

    db = memory_league()
    try:
        build_teams(db, 2)
        generate_season(db)
        [m] = sq.fixtures(db)
        view = pre_match(db, m.id)
        assert view.worth_name == "Team rating" and view.inducements == (0, 0)
        assert [t.rating for t in view.teams] == [106, 105]  # (550,000 + 450,000 + fans) / 10,000
    finally:
        db.close()


def test_a_whole_lrb6_sequence_records_the_new_team_value_and_the_chart_reads_it(lrb6):
    import random

    from roster_app.queries.charts import team_chart
    from roster_app.services.postmatch.write import auto_draft, finish_post_match

    [m] = sq.fixtures(lrb6)
    report(lrb6, m.id, 1, 1)
    draft = auto_draft(lrb6, match_id=m.id, rng=random.Random(3))
    plan = plan_post_match(lrb6, m.id, draft)
    assert plan.home.rating_before == 610_000  # the team value as the sequence starts
    finish_post_match(lrb6, match_id=m.id, draft=draft)
    after = queries.team_header(lrb6, m.home_id).worth
    assert after == plan.home.rating_after  # the new team value, step 5
    chart = team_chart(lrb6, [m.home_id], "rating", season=1)
    assert chart.title == "Team value (thousands of gp), season 1"
    assert chart.series[0].points == ((1.0, after / 1000),)


# -- FAME from the fans at the gate (LRB 5/6) -------------------------------------------------------------------
def test_lrb6_fame_comes_from_both_teams_fans_counted_before_the_match(lrb6):
    """christerk/ffb's StepSpectators: each team's fans are (2D6 + fan factor) x 1,000; FAME 2 for twice the
    other's fans, 1 for more. Orcland Raiders (fan factor 6) roll 4+5: 15,000; Reikland Reavers (5) roll 1+1:
    7,000. The winnings read the FAME so worked out; a FAME typed in the draft does not count then."""
    from roster_app.rules.dice import typed_roll
    from roster_app.services.prematch import finish_pre_match, roll_fans

    [m] = sq.fixtures(lrb6)
    before = snapshot(lrb6)
    with pytest.raises(RuleViolation, match="The fans of Orcland Raiders and Reikland Reavers are still to be"):
        finish_pre_match(lrb6, match_id=m.id)
    assert snapshot(lrb6) == before
    assert roll_fans(lrb6, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [4, 5])).result == 15_000
    with pytest.raises(RuleViolation, match="counted already"):
        roll_fans(lrb6, match_id=m.id, team_id=m.home_id, roll=typed_roll("2D6", [6, 6]))
    roll_fans(lrb6, match_id=m.id, team_id=m.away_id, roll=typed_roll("2D6", [1, 1]))
    with lrb6.read() as session:
        purposes = [(r.purpose, r.total, r.typed) for r in session.scalars(select(DiceRoll).order_by(DiceRoll.id))]
    assert purposes[-2:] == [("Fans of Orcland Raiders", 9, True), ("Fans of Reikland Reavers", 2, True)]
    finish_pre_match(lrb6, match_id=m.id)
    report(lrb6, m.id, 1, 0)
    draft = PostMatchDraft()
    draft.team(m.home_id).winnings_roll, draft.team(m.home_id).fame = DiceEntry([3], typed=True), 0
    draft.team(m.away_id).winnings_roll, draft.team(m.away_id).fame = DiceEntry([3], typed=True), 2
    plan = plan_post_match(lrb6, m.id, draft)
    assert (plan.home.winnings.fame, plan.away.winnings.fame) == (2, 0)  # the fans', not the typed ones
    assert plan.home.winnings.fans == "FAME 2: 15,000 fans v 7,000"
    assert plan.home.winnings.how == "(D6 3 + FAME 2 + 1 for a win) x 10,000 gp = 60,000 gp"
    assert plan.away.winnings.how == "(D6 3 + FAME 0) x 10,000 gp = 30,000 gp"


def test_fans_are_counted_only_where_the_edition_has_fame(db):
    from roster_app.services.prematch import roll_fans

    build_teams(db, 2)
    generate_season(db)
    [m] = sq.fixtures(db)
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="counts no FAME: its gate is rolled with the match report"):
        roll_fans(db, match_id=m.id, team_id=m.home_id)
    assert snapshot(db) == before
