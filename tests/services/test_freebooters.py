"""Hire Freebooters through the services (issue 32): Star Players, mercenaries and inducements for one game, paid
from petty cash then the treasury (a ledger row each), refused in words with nothing written; the stars' share of
the gate in the winnings step (seed 001); a star never on a roster, his game under his own name."""

import copy
import random

import pytest
from sqlalchemy import select

from roster_app.errors import DugoutError, RuleViolation
from roster_app.queries import rosters as rq
from roster_app.queries.freebooters import match_freebooters, star_careers
from roster_app.rules import freebooters as fb
from roster_app.rules.freebooters import MercenaryOrder, Order
from roster_app.services.freebooters import hire_freebooters, record_freebooter_play
from roster_app.services.league import memory_league
from roster_app.services.postmatch.plan import DiceEntry, PostMatchDraft
from roster_app.services.postmatch.write import auto_draft, award_spp, pay_winnings, save_post_match_progress
from roster_app.services.ruleset import set_table
from roster_app.services.season import generate_season
from roster_app.store.models import LedgerEntry, Match, Player
from tests.helpers import ledger_sum, snapshot
from tests.season_helpers import build_teams, report, team_row

SEED = "they instead demand a huge part of the gate"


@pytest.fixture
def lrb6():
    """LRB 6: Orcland Raiders (Orc, team value 610,000) home v Reikland Reavers (Human, 600,000): the Reavers get
    10,000 gp of petty cash; each treasury holds 450,000 gp."""
    db = memory_league(ruleset_key="lrb6")
    build_teams(db, 2)
    generate_season(db)
    yield db
    db.close()


def _match(db) -> Match:
    with db.read() as session:
        return session.scalars(select(Match).order_by(Match.id)).first()


def _rows(db, team_id, kind):
    with db.read() as session:
        return session.execute(select(LedgerEntry.amount, LedgerEntry.reason).where(
            LedgerEntry.team_id == team_id, LedgerEntry.kind == kind).order_by(LedgerEntry.id)).all()  # fmt: skip


def test_the_reavers_hire_a_star_a_mercenary_and_two_inducements_paid_petty_cash_first(lrb6):
    m = _match(lrb6)
    reavers = m.away_team_id
    order = Order(stars=("Griff Oberwald",), mercenaries=(MercenaryOrder("Blitzer", "Hans Sold", "Tackle"),),
                  inducements={"Bribes": 1, "Bloodweiser Babes": 1})  # fmt: skip
    star = fb.stars(lrb6.ruleset)["Griff Oberwald"]
    blitzer = lrb6.ruleset.position("Human", "Blitzer")
    merc = blitzer.cost + 30_000 + 50_000
    total = star.cost + merc + 100_000 + 50_000
    before = team_row(lrb6, reavers).treasury
    with pytest.raises(RuleViolation, match="cannot pay"):  # 320,000 + 170,000 + 150,000 is beyond 460,000
        hire_freebooters(lrb6, match_id=m.id, team_id=reavers, order=order)
    assert total > before + 10_000
    order = Order(stars=("Helmut Wulf",), mercenaries=(MercenaryOrder("Lineman", "Hans Sold", "Tackle"),),
                  inducements={"Bribes": 1, "Bloodweiser Babes": 1})  # fmt: skip
    lineman = lrb6.ruleset.position("Human", "Lineman")
    total = fb.stars(lrb6.ruleset)["Helmut Wulf"].cost + lineman.cost + 30_000 + 50_000 + 100_000 + 50_000
    assert total <= before + 10_000
    hire_freebooters(lrb6, match_id=m.id, team_id=reavers, order=order)
    rows = _rows(lrb6, reavers, fb.LEDGER_KIND)
    assert len(rows) == 4 and sum(r.amount for r in rows) == -(
        total - 10_000
    )  # the petty cash is no treasury gold
    assert "10,000 gp of petty cash" in rows[0].reason and "Helmut Wulf" in rows[0].reason
    assert team_row(lrb6, reavers).treasury == before - (total - 10_000) == ledger_sum(lrb6, reavers)
    home, away = match_freebooters(lrb6, m.id)
    assert home.hired == () and away.stars == ("Helmut Wulf",) and away.total == total
    merc_line = next(h for h in away.hired if h.kind == "mercenary")
    assert merc_line.skills == ("Loner", *lineman.skills, "Tackle") and merc_line.name == "Hans Sold"
    assert not any(p.name in ("Helmut Wulf", "Hans Sold") for p in rq.roster(lrb6, reavers))  # never on a roster


def test_refusals_in_words_write_nothing(lrb6):
    m = _match(lrb6)
    raiders, reavers = m.home_team_id, m.away_team_id
    before = snapshot(lrb6)
    cases = [
        (reavers, Order(stars=("Ripper",)), "does not play for Human"),
        (reavers, Order(stars=("Griff Oberwald", "Mighty Zug", "Zara the Slayer")), "at most 2 Star Players"),
        (reavers, Order(inducements={"Bribes": 4}), "at most 3"),
        (reavers, Order(inducements={"Igor": 1}), "Igor only works for teams that may not hire an apothecary"),
        (reavers, Order(inducements={"Wizard": 1, "Bribes": 3, "Bloodweiser Babes": 2}), "cannot pay"),
        (raiders, Order(mercenaries=(MercenaryOrder("Blitzer", "  "),)), "needs a name"),
        (reavers, Order(), "nothing to pay"),
    ]
    for team, order, words in cases:
        with pytest.raises(RuleViolation, match=words):
            hire_freebooters(lrb6, match_id=m.id, team_id=team, order=order)
    assert snapshot(lrb6) == before
    assert fb.stars(lrb6.ruleset)["Morg 'n' Thorg"].cost <= 450_000
    hire_freebooters(lrb6, match_id=m.id, team_id=raiders, order=Order(stars=("Morg 'n' Thorg",)))
    with pytest.raises(RuleViolation, match="never on both sides of one game"):
        hire_freebooters(lrb6, match_id=m.id, team_id=reavers, order=Order(stars=("Morg 'n' Thorg",)))
    with pytest.raises(RuleViolation, match="hired already"):
        hire_freebooters(lrb6, match_id=m.id, team_id=raiders, order=Order(inducements={"Bribes": 1}))


def test_after_the_game_nobody_is_hired_and_the_stars_share_of_the_gate_is_a_ledger_row(lrb6):
    m = _match(lrb6)
    raiders, reavers = m.home_team_id, m.away_team_id
    hire_freebooters(
        lrb6, match_id=m.id, team_id=raiders, order=Order(stars=("Ripper",), inducements={"Bribes": 1})
    )
    with pytest.raises(RuleViolation, match="played"):
        record_freebooter_play(lrb6, match_id=m.id, team_id=raiders, name="Ripper", touchdowns=1)
    report(lrb6, m.id, 2, 1)
    with pytest.raises(RuleViolation, match="pre-match sequence"):
        hire_freebooters(lrb6, match_id=m.id, team_id=reavers, order=Order(inducements={"Bribes": 1}))
    record_freebooter_play(
        lrb6, match_id=m.id, team_id=raiders, name="Ripper", touchdowns=1, casualties=2, mvp=True
    )
    with pytest.raises(RuleViolation, match="no star or mercenary called"):
        record_freebooter_play(lrb6, match_id=m.id, team_id=reavers, name="Ripper", touchdowns=1)
    draft = PostMatchDraft()
    for team in (raiders, reavers):
        draft.team(team).winnings_roll = DiceEntry([3], typed=True)
        draft.team(team).fame = 0
    save_post_match_progress(lrb6, match_id=m.id, draft=draft)
    # LRB 6's post-match order (christerk/ffb's end game): the MVP and improvement rolls come before the winnings
    draft = auto_draft(lrb6, match_id=m.id, rng=random.Random(3), draft=draft)
    award_spp(lrb6, match_id=m.id, draft=draft)
    pay_winnings(lrb6, match_id=m.id)
    winnings = _rows(lrb6, raiders, "winnings")[0].amount
    share = _rows(lrb6, raiders, fb.GATE_SHARE_KIND)
    percent = lrb6.ruleset.table("star_gate_share")["percent_per_star"]
    assert share[0].amount == -(winnings * percent // 100) and "Ripper" in share[0].reason
    assert _rows(lrb6, reavers, fb.GATE_SHARE_KIND) == []  # the Reavers hired no star
    assert team_row(lrb6, raiders).treasury == ledger_sum(lrb6, raiders)
    career = star_careers(lrb6)["Ripper"]
    assert (career.teams, career.touchdowns, career.casualties, career.mvps) == (("Orcland Raiders",), 1, 2, 1)
    with lrb6.read() as session:
        assert session.scalars(select(Player).where(Player.name == "Ripper")).first() is None


def test_the_seeds_share_of_the_gate_is_the_leagues_own_table():
    from roster_app.rules.ruleset import load_bundled, provenance

    table = load_bundled("lrb4").table("star_gate_share")
    assert SEED in table["source"]["where"] and provenance(table).startswith("The league's own")
    ruleset = load_bundled("lrb4")
    assert fb.gate_share(ruleset, 100_000, 1) == 100_000 * table["percent_per_star"] // 100
    assert fb.gate_share(ruleset, 100_000, 9) == 100_000 * table["most_percent"] // 100
    assert fb.gate_share(ruleset, 100_000, 0) == 0


def test_a_negative_cost_in_an_edited_table_is_refused_in_words(lrb6):
    for key, path in (("star_players", "stars"), ("inducements", "items")):
        data = lrb6.ruleset.table(key)
        data[path][0]["cost"] = -10_000
        before = snapshot(lrb6)
        with pytest.raises(DugoutError, match="gold pieces, 0 or more"):
            set_table(lrb6, key=key, data=data)
        assert snapshot(lrb6) == before


def test_halflings_pay_less_for_the_chef_and_lrb6_goblins_less_for_bribes():
    from roster_app.rules.ruleset import load_bundled

    for key in ("lrb5", "lrb6"):
        items = fb.inducements(load_bundled(key))
        assert items["Halfling Master Chef"].price("Halfling") < items["Halfling Master Chef"].price("Human")
    assert fb.inducements(load_bundled("lrb6"))["Bribes"].price("Goblin") == 50_000
    assert fb.inducements(load_bundled("lrb5"))["Bribes"].price("Goblin") == 100_000


def test_check_league_finds_a_freebooter_on_a_roster_and_an_inducement_over_its_limit(lrb6):
    from roster_app.safety.check import check_league

    m = _match(lrb6)
    raiders = m.home_team_id
    hire_freebooters(
        lrb6, match_id=m.id, team_id=raiders, order=Order(stars=("Ripper",), inducements={"Bribes": 1})
    )
    assert [p for p in check_league(lrb6).problems if p.code == "freebooters"] == []
    with lrb6.write("test: a file another program wrote") as tx:
        match = tx.session.get(Match, m.id)
        state = copy.deepcopy(match.pre_match)
        lines = state["freebooters"][str(raiders)]["lines"]
        state["freebooters"][str(raiders)]["lines"] = [
            {**x, "count": 5} if x["name"] == "Bribes" else x for x in lines
        ]
        match.pre_match = state
        tx.session.add(match)
        tx.session.add(Player(team_id=raiders, number=40, name="Ripper", race="Orc", position="Troll", ma=4, st=5,
                              ag=1, av=9, value=110_000, cost=110_000))  # fmt: skip
    texts = [p.text for p in check_league(lrb6).problems if p.code == "freebooters"]
    assert any("Bribes x 5" in t and "limit is 3" in t for t in texts)
    assert any("Ripper" in t and "never joins a roster" in t for t in texts)


def test_a_json_export_and_import_carries_the_freebooters(lrb6, tmp_path):
    from roster_app.exchange.league_json import export_json, import_json
    from roster_app.safety.opening import open_league

    m = _match(lrb6)
    hire_freebooters(lrb6, match_id=m.id, team_id=m.home_team_id, order=Order(stars=("Ripper",)))
    path = import_json(export_json(lrb6, tmp_path / "league.json"), tmp_path / "copy.dugout")
    copy = open_league(path)
    try:
        home, _away = match_freebooters(copy, m.id)
        assert home.stars == ("Ripper",)
        assert copy.ruleset.table("star_players") == lrb6.ruleset.table("star_players")
    finally:
        copy.close()


def test_the_match_pad_uses_the_inducements_where_they_bite(db):
    """A bribe takes a send-off back, the wizard once a game, a wandering apothecary patches a hurt player up;
    only what the team bought, as often as it bought it; the pad's log says it in words."""
    from roster_app.queries import matchpad as q
    from roster_app.services import matchpad as pad
    from roster_app.services.season import add_fixture
    from tests.season_helpers import roster_ids

    home, away = build_teams(db, 2)
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    hire_freebooters(db, match_id=match_id, team_id=home,
                     order=Order(inducements={"Bribes": 1, "Wizard": 1, "Wandering Apothecaries": 1}))  # fmt: skip
    pad.open_pad(db, match_id=match_id, holder="pad")
    hp, ap = roster_ids(db, home), roster_ids(db, away)

    def event(kind, **kw):
        return pad.record_event(db, match_id=match_id, holder="pad", kind=kind, **kw)

    event("sent off", player_id=hp[0])
    assert not q.read_game(db, match_id).state.playing(hp[0])
    with pytest.raises(RuleViolation, match="used against a send-off"):
        event("inducement", team_id=home, player_id=hp[1], data={"name": "Bribes"})
    event("inducement", team_id=home, player_id=hp[0], data={"name": "Bribes"})
    g = q.read_game(db, match_id)
    assert g.state.playing(hp[0]) and g.state.sent_off == []
    assert q.describe(g.events[-1], g).endswith(f"Orcland Raiders use Bribes on #1 {g.players[hp[0]].name}")
    event("sent off", player_id=hp[0])
    with pytest.raises(RuleViolation, match="Bribes is used up for this game"):
        event("inducement", team_id=home, player_id=hp[0], data={"name": "Bribes"})
    event("inducement", team_id=home, data={"name": "Wizard"})
    with pytest.raises(RuleViolation, match="once a game"):
        event("inducement", team_id=home, data={"name": "Wizard"})
    event("casualty", victim_id=hp[1], player_id=ap[0], data={"injury": "Miss next game"})
    event("inducement", team_id=home, victim_id=hp[1], data={"name": "Wandering Apothecaries"})
    assert q.read_game(db, match_id).state.playing(hp[1])
    with pytest.raises(RuleViolation, match="bought no Bribes"):
        event("inducement", team_id=away, player_id=ap[0], data={"name": "Bribes"})
    with pytest.raises(RuleViolation, match="kicked off"):
        hire_freebooters(db, match_id=match_id, team_id=away, order=Order(inducements={"Bribes": 1}))


def test_hire_freebooters_comes_before_the_handicaps(db):
    """LRB 4.0 (seed 001): once a handicap is rolled from the ratings, Hire Freebooters is over."""
    from roster_app.rules.dice import typed_roll
    from roster_app.services.prematch import roll_handicap
    from roster_app.services.season import add_fixture
    from roster_app.store.models import Team

    home, away = build_teams(db, 2)
    with db.write("test: the Reavers far richer") as tx:
        tx.session.get(Team, away).treasury += 300_000
    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=1).result
    roll_handicap(db, match_id=match_id, roll=typed_roll(db.ruleset.table("handicap_table")["dice"], [3]))
    before = snapshot(db)
    with pytest.raises(RuleViolation, match="Hire Freebooters comes before the handicaps"):
        hire_freebooters(db, match_id=match_id, team_id=home, order=Order(inducements={"Bribes": 1}))
    assert snapshot(db) == before
