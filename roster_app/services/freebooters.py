"""Hire Freebooters of the pre-match sequence (issue 32): Star Players, mercenaries and inducements for one game.

`hire_freebooters` buys one team's whole order in ONE transaction: the petty cash its edition gives is spent
first, then the treasury (a ledger row for each freebooter, naming the gold from each); what was bought is kept
in match.pre_match["freebooters"][team id] (queries/freebooters.py reads it). Nothing is ever added to a roster.
`record_freebooter_play` keeps a hired star's or mercenary's touchdowns, casualties and MVP of the game under his
own name. The stars' share of the gate is taken in the post-match winnings step (services/postmatch/plan.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _
from roster_app.phrases import Gold, phrase
from roster_app.phrases import ledger as sentences
from roster_app.queries.clock import require_pre_match
from roster_app.queries.fetch import get_match, get_team
from roster_app.queries.freebooters import KEY, kicked_off, stored
from roster_app.queries.prematch import pre_match_of
from roster_app.queries.referees import fixture_title
from roster_app.rules import freebooters as rules
from roster_app.rules.freebooters import Order
from roster_app.services.common import post
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, Team
from roster_app.words import gp, possessive, tidy

HIRE_WHEN = N_("Freebooters are hired in Hire Freebooters of the pre-match sequence, before kick-off")


def _other_side_stars(session: Session, match: Match, team: Team) -> dict[str, str]:
    other = match.away_team_id if team.id == match.home_team_id else match.home_team_id
    data = stored(match).get(str(other), {})
    name = session.get(Team, other).name
    return {line["name"]: name for line in data.get("lines", ()) if line["kind"] == rules.STAR_KIND}


def petty_cash_of(session: Session, ruleset: Any, match: Match, team: Team) -> int:
    """The money for inducements the edition gives this team for this game (the value gap; 0 otherwise)."""
    view = pre_match_of(session, ruleset, match)
    return view.inducements[0 if team.id == match.home_team_id else 1]


def hire_freebooters(db: LeagueDB, *, match_id: int, team_id: int, order: Order) -> Change:
    """Buy one team's freebooters for a game, all or nothing (see `hire_for_match`)."""
    return hire_for_match(db, match_id=match_id, orders={team_id: order})


def hire_for_match(db: LeagueDB, *, match_id: int, orders: Mapping[int, Order]) -> Change:
    """Buy each team's freebooters for a game in ONE transaction (the wizard's Hire Freebooters step ends with
    it), all or nothing. Refused in words: outside the fixture's pre-match sequence or after kick-off, a second
    purchase for the same team, a star for a race he does not play for or hired by the other side, over a limit,
    beyond the petty cash and treasury. The result is {team id: Bill}."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        bills, labels = {}, []
        for team_id, order in orders.items():
            bills[team_id] = _hire(session, ruleset, match_id, team_id, order)
            labels.append(
                _("{owner} freebooters ({gold})").format(
                    owner=possessive(get_team(session, team_id).name),
                    gold=gp(bills[team_id].total),
                    name=get_team(session, team_id).name,
                )
            )
        if not bills:
            raise RuleViolation(_("Nobody hires a freebooter: there is nothing to pay."))
        tx.label = " and ".join(labels)
        tx.result = bills
    return tx.change


def _hire(session: Session, ruleset: Any, match_id: int, team_id: int, order: Order) -> rules.Bill:
    team = get_team(session, team_id)
    match = require_pre_match(session, team, match_id, what=_(HIRE_WHEN))
    title = fixture_title(session, match)
    if kicked_off(session, match.id):
        raise RuleViolation(
            _("{title} has kicked off on the match pad: {lower}.").format(title=title, lower=_(HIRE_WHEN).lower())
        )
    if (match.pre_match or {}).get("handicaps"):
        raise RuleViolation(_("Hire Freebooters comes before the handicaps, and the handicaps of {title} have been rolled: undo " "them first to hire a freebooter.").format(title=title))  # fmt: skip
    hired = stored(match)
    if str(team.id) in hired:
        raise RuleViolation(_("{owner} freebooters for {title} are hired already; Edit > Undo takes the purchase back to make " "another.").format(owner=possessive(team.name), title=title, name=team.name))  # fmt: skip
    if order.empty:
        raise RuleViolation(
            _("{name} hire nobody and buy nothing: there is nothing to pay.").format(name=team.name)
        )
    order = Order(order.stars, tuple(rules.MercenaryOrder(m.position, tidy(m.name), m.extra_skill)
                                     for m in order.mercenaries), dict(order.inducements))  # fmt: skip
    race = ruleset.race(team.race)
    the_bill = rules.bill(ruleset, race, order, petty_cash=petty_cash_of(session, ruleset, match, team),
                          treasury=team.treasury, team=team.name,
                          other_side=_other_side_stars(session, match, team))  # fmt: skip
    lines = []
    for line, from_cash, from_treasury in the_bill.split():
        paid = (
            phrase(sentences.PAID_BOTH, gold=Gold(from_cash), gold2=Gold(from_treasury))
            if from_cash and from_treasury
            else phrase(sentences.PAID_PETTY_CASH, gold=Gold(from_cash))
            if from_cash
            else phrase(sentences.PAID_TREASURY)
        )
        post(session, team, -from_treasury, kind=rules.LEDGER_KIND, match_id=match.id,
             reason=phrase(sentences.HIRED_FREEBOOTER, name=line.name, what=line.what, title=title, cost=Gold(line.cost),
                           paid=paid))  # fmt: skip
        lines.append({"kind": line.kind, "name": line.name, "what": line.what, "cost": line.cost,
                      "count": line.count, "position": line.position, "skills": list(line.skills),
                      "petty_cash": from_cash, "treasury": from_treasury})  # fmt: skip
    hired[str(team.id)] = {"order": order.as_data(), "lines": lines, "petty_cash": the_bill.petty_cash,
                           "from_treasury": the_bill.from_treasury, "total": the_bill.total, "played": {}}  # fmt: skip
    match.pre_match = {**(match.pre_match or {}), KEY: hired}
    session.add(match)
    session.flush()
    return the_bill


def record_freebooter_play(
    db: LeagueDB, *, match_id: int, team_id: int, name: str, touchdowns: int = 0, casualties: int = 0,
    mvp: bool = False,
) -> Change:  # fmt: skip
    """What a hired star or mercenary did in the game (its report, under his own name): once the game is
    played and before the post-match sequence is over."""
    with db.write() as tx:
        session = tx.session
        match = get_match(session, match_id)
        team = get_team(session, team_id)
        if match.status != "played":
            raise RuleViolation(_("A freebooter's touchdowns, casualties and MVP go into the report of a played game whose post-match " "sequence is not over; {fixture_title} is {value}.").format(fixture_title=fixture_title(session, match), value=_('still to be played') if match.status == 'scheduled' else _('finished')))  # fmt: skip
        hired = stored(match)
        data = hired.get(str(team.id), {})
        line = next((x for x in data.get("lines", ()) if x["name"] == name and x["kind"] != rules.INDUCEMENT_KIND),
                    None)  # fmt: skip
        if line is None:
            raise RuleViolation(
                _("{name} hired no star or mercenary called {name2} for this game.").format(
                    name=team.name, name2=name
                )
            )
        if touchdowns < 0 or casualties < 0:
            raise RuleViolation(_("Touchdowns and casualties are 0 or more."))
        if mvp and any(v.get("mvp") for k, v in data.get("played", {}).items() if k != name):
            raise RuleViolation(_("{name} have one freebooter MVP already in this game.").format(name=team.name))
        played = dict(data.get("played", {}))
        played[name] = {"touchdowns": touchdowns, "casualties": casualties, "mvp": mvp}
        hired[str(team.id)] = {**data, "played": played}
        match.pre_match = {**(match.pre_match or {}), KEY: hired}
        session.add(match)
        tx.label = _("{owner} game for {name}").format(owner=possessive(name), name=team.name, owner_name=name)
        tx.result = played[name]
    return tx.change
