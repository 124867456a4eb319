"""rules/freebooters.py: what a team may hire and what it costs; the gold of a bill is conserved (petty cash first,
then the treasury, never more than there is)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from roster_app.errors import RuleViolation
from roster_app.rules import freebooters as fb
from roster_app.rules.ruleset import load_bundled

LRB6 = load_bundled("lrb6")
HUMAN = LRB6.race("Human")
STARS = [s.name for s in fb.stars_for(LRB6, "Human")]
ITEMS = {i.name: i.max for i in fb.inducements_for(LRB6, HUMAN)}


@settings(max_examples=60, deadline=None)
@given(
    stars=st.lists(st.sampled_from(STARS), max_size=2, unique=True),
    counts=st.fixed_dictionaries({name: st.integers(0, most) for name, most in ITEMS.items()}),
    mercs=st.lists(st.sampled_from([p.name for p in HUMAN.positions]), max_size=3),
    petty_cash=st.integers(0, 600_000),
    treasury=st.integers(0, 2_000_000),
)
def test_every_gold_piece_of_a_bill_comes_from_petty_cash_or_the_treasury(
    stars, counts, mercs, petty_cash, treasury
):
    order = fb.Order(tuple(stars), tuple(fb.MercenaryOrder(p, f"Merc {i}") for i, p in enumerate(mercs)), counts)
    try:
        bill = fb.bill(LRB6, HUMAN, order, petty_cash=petty_cash, treasury=treasury, team="Reavers")
    except RuleViolation as exc:
        assert "cannot pay" in str(exc)  # the only refusal an order within the limits can meet
        return
    split = bill.split()
    assert sum(cash + gold for _line, cash, gold in split) == bill.total
    assert all(cash + gold == line.cost for line, cash, gold in split)
    assert bill.from_petty_cash == min(bill.total, petty_cash) and 0 <= bill.from_treasury <= treasury
    assert bill.total == (sum(fb.stars(LRB6)[s].cost for s in stars)
                          + sum(fb.mercenary_cost(LRB6, HUMAN.position(p)) for p in mercs)
                          + sum(fb.inducements(LRB6)[n].price("Human") * c for n, c in counts.items()))  # fmt: skip


def test_a_mercenary_gets_loner_and_pays_for_his_extra_skill():
    blitzer = HUMAN.position("Blitzer")
    assert fb.mercenary_skills(LRB6, blitzer, "Tackle") == ("Loner", *blitzer.skills, "Tackle")
    assert fb.mercenary_cost(LRB6, blitzer, "Tackle") - fb.mercenary_cost(LRB6, blitzer) == 50_000
    assert "Tackle" in fb.mercenary_skill_choices(LRB6, blitzer) and "Pass" not in fb.mercenary_skill_choices(
        LRB6, blitzer
    )  # General, not Passing


def test_igor_for_teams_without_an_apothecary_wandering_apothecaries_for_the_others():
    undead = [i.name for i in fb.inducements_for(LRB6, LRB6.race("Undead"))]
    human = [i.name for i in fb.inducements_for(LRB6, HUMAN)]
    assert "Igor" in undead and "Wandering Apothecaries" not in undead
    assert "Igor" not in human and "Wandering Apothecaries" in human
