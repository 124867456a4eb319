"""Issue 35, item 5: step 4.3 buys at Finish, as its page says, and the sequence's summary reads what was written:
advances and the fan factor before its roll once steps 1 to 4.1 went in before a transfer, and the purchases a
Teams-page hire made before Finish (in the ledger already) in the list and the totals."""

from roster_app.services.players import hire_player
from roster_app.services.postmatch.plan import plan_post_match
from roster_app.services.postmatch.write import finish_post_match, write_before_transfers
from roster_app.store.models import Match
from tests.helpers import ledger_sum
from tests.season_helpers import team_row
from tests.services.test_postmatch import played, typed_draft  # noqa: F401 - the fixture


def test_the_summary_reads_advances_and_fan_factor_as_written_before_transfers(played):  # noqa: F811
    db, m, home, away = played
    draft = typed_draft(m, home, away)
    write_before_transfers(db, match_id=m.id, draft=draft)
    plan = plan_post_match(db, m.id, draft)
    orcs, elves = plan.home, plan.away
    assert orcs.fan_factor is None and (orcs.fan_factor_before, orcs.fan_factor_after) == (6, 7)
    assert (elves.fan_factor_before, elves.fan_factor_after) == (3, 2)
    assert [(name, labels[0].split(" (")[0]) for name, labels in orcs.advances] == [("Orcland 1", "Dodge")]
    assert elves.advances == (("Athelorn 2", ("+1 MA",)),)


def test_the_summary_before_anything_is_written_reads_the_draft(played):  # noqa: F811
    db, m, home, away = played
    plan = plan_post_match(db, m.id, typed_draft(m, home, away))
    assert plan.away.advances == (("Athelorn 2", ("+1 MA",)),) and plan.away.fan_factor_before == 3


def test_a_hire_made_before_finish_shows_in_the_purchases_and_their_total(played):  # noqa: F811
    db, m, home, away = played
    draft = typed_draft(m, home, away)
    write_before_transfers(db, match_id=m.id, draft=draft)
    hire_player(db, team_id=m.home_id, position="Orc Blitzer", name="Shagrat", number=14)  # the Teams page
    plan = plan_post_match(db, m.id, draft)
    p = plan.home.purchases
    assert p.written == (("Hired Shagrat, Orc Blitzer", 80_000),)
    assert (p.cost, p.total) == (200_000, 280_000)
    assert [what for what, _gold in p.all_lines][0] == "Hired Shagrat, Orc Blitzer"
    finish_post_match(db, match_id=m.id, draft=draft)
    with db.read() as session:
        results = session.get(Match, m.id).post_match["results"][str(m.home_id)]
    assert results["purchases"].startswith("Hired Shagrat, Orc Blitzer (80,000 gp, before Finish); Hire Gorbag")
    assert results["purchases_gold"] == 280_000
    assert team_row(db, m.home_id).treasury == 450_000 + 40_500 - 280_000 == ledger_sum(db, m.home_id)


def test_nothing_is_bought_until_finish(played):  # noqa: F811
    db, m, home, away = played
    draft = typed_draft(m, home, away)
    write_before_transfers(db, match_id=m.id, draft=draft)
    before = team_row(db, m.home_id).treasury
    plan = plan_post_match(db, m.id, draft)
    assert plan.home.purchases.hires and team_row(db, m.home_id).treasury == before  # planned, not bought
    assert plan.home.purchases.written == ()
