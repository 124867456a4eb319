"""Teams: adding and renaming them, the head coach, staff, re-rolls and fan factor at the ruleset's prices."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.phrases import Count, Gold, phrase
from roster_app.phrases import ledger as sentences
from roster_app.queries.clock import Act, has_played, moment
from roster_app.queries.fetch import get_team
from roster_app.queries.rosters import ally_penalties
from roster_app.rules.allies import AllyPenalties
from roster_app.rules.limits import MOST_GOLD, NAME_LENGTH, TEAM_NAME, kept, whole
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.team import COUNTERS, reroll_price
from roster_app.services.common import check_version, post
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Team
from roster_app.words import noun, possessive, tidy


def _check_name(session: Session, name: str, *, team_id: int | None = None) -> str:
    name = tidy(name)
    if not name:
        raise RuleViolation(_("A team needs a name."))
    if len(name) > TEAM_NAME:
        raise RuleViolation(
            _("A team name can be at most {team_name} characters long.").format(team_name=TEAM_NAME)
        )
    clash = session.scalars(select(Team).where(func.lower(Team.name) == name.lower())).first()
    if clash is not None and clash.id != team_id:
        raise RuleViolation(_("There is already a team called '{name}' in this league.").format(name=clash.name))
    return name


def add_team(db: LeagueDB, *, name: str, race: str, coach: str = "", treasury: int | None = None) -> Change:
    """A new team of `race` with the starting treasury (an opening ledger row)."""
    ruleset = db.ruleset
    ruleset.race(race)  # refuses an unknown race
    start = ruleset.table("team_rules")["starting_treasury"] if treasury is None else treasury
    if isinstance(start, int) and not isinstance(start, bool) and start < 0:
        raise RuleViolation(_("A team cannot start with less than 0 gp."))
    whole(start, _("A starting treasury"), 0, MOST_GOLD)  # rules/limits.py
    with db.write() as tx:
        session = tx.session
        team = Team(
            name=_check_name(session, name), race=race, coach=kept(coach, _("A head coach's name"), NAME_LENGTH)
        )
        session.add(team)
        session.flush()
        if start:
            post(session, team, start, kind="opening", reason=phrase(sentences.STARTING_TREASURY))
        tx.label = _("new team {name} ({race})").format(name=team.name, race=race)
        tx.result = team.id
    return tx.change


def rename_team(db: LeagueDB, *, team_id: int, name: str) -> Change:
    with db.write() as tx:
        team = get_team(tx.session, team_id)
        old = team.name
        team.name = _check_name(tx.session, name, team_id=team_id)
        tx.session.add(team)
        tx.label = _("rename of {old} to {name}").format(old=old, name=team.name)
    return tx.change


def set_coach(db: LeagueDB, *, team_id: int, coach: str, expected_version: int | None = None) -> Change:
    with db.write() as tx:
        team = get_team(tx.session, team_id)
        check_version(team, expected_version, team.name)
        team.coach = kept(coach, _("A head coach's name"), NAME_LENGTH)
        tx.session.add(team)
        tx.label = _("head coach of {name}: {value}").format(name=team.name, value=team.coach or "none")
    return tx.change


def unit_price(
    session: Session, ruleset: Ruleset, team: Team, counter: str, *, penalties: AllyPenalties | None = None
) -> int:
    """Price of one more of `counter` for this team now (re-rolls cost double once the team has played, plus
    the surcharge of each ally on the roster; `penalties`: the allies' of a roster planned but not written)."""
    rules = ruleset.table("team_rules")
    if counter == "rerolls":
        surcharge = (penalties or ally_penalties(session, ruleset, team)).reroll_surcharge
        return reroll_price(team.race, played=has_played(session, team.id), surcharge=surcharge, ruleset=ruleset)
    key = COUNTERS[counter][1]
    return rules[key] if key else 0


def set_counter(
    db: LeagueDB,
    *,
    team_id: int,
    counter: str,
    value: int,
    charge: bool = True,
    expected_version: int | None = None,
) -> Change:
    """Set re-rolls, assistant coaches, cheerleaders, apothecary (0/1) or fan factor.

    More costs the ruleset's price from the treasury (a ledger row); fewer is not refunded, as in the rules.
    More is bought on the league's clock: while the team is being created, or in step 4.3 of the post-match
    sequence it is in. Fan factor is bought only while the team is being created; after that it changes with
    the post-match roll, and a change is a commissioner's correction (services/corrections).
    `expected_version`: the team row's version the header showed (a stale one is refused).
    """
    if counter not in COUNTERS:
        raise RuleViolation(_("'{counter}' is not something a team buys.").format(counter=counter))
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RuleViolation(_("The number must be 0 or more."))
    ruleset = db.ruleset
    label, _price_key, limit_key = COUNTERS[counter]
    limit = 1 if counter == "apothecary" else ruleset.table("team_rules")[limit_key]
    with db.write() as tx:
        session = tx.session
        team = get_team(session, team_id)
        check_version(team, expected_version, team.name)
        if counter == "rerolls":
            limit = min(limit, ruleset.race(team.race).max_rerolls)
        if value > limit:
            raise RuleViolation(
                _("A team may have at most {limit} {noun}.").format(limit=limit, noun=noun(limit, label))
            )
        old = int(getattr(team, counter))
        added = value - old
        now = moment(session, team)
        if counter == "fan_factor" and added and not now.created:
            raise RuleViolation(
                _(
                    "Fan factor is bought only while a team is being created; {owner} fan factor now changes with the "
                    "fan factor roll of the post-match sequence. To put a mistake right, use Tools > Commissioner's "
                    "Correction… (it asks for a reason)."
                ).format(owner=possessive(team.name), name=team.name)
            )
        refusal = ruleset.race(team.race).apothecary_refusal if counter == "apothecary" else None
        if added > 0 and refusal:
            raise RuleViolation(refusal)
        if added > 0:
            now.check(Act.PURCHASES)
        if added > 0 and charge:
            price = unit_price(session, ruleset, team, counter)
            what = Count(added, label) if counter != "apothecary" else phrase(sentences.AN_APOTHECARY)
            post(session, team, -added * price, kind="staff" if counter != "rerolls" else "reroll",
                 reason=phrase(sentences.BOUGHT_AT, what=what, price=Gold(price)), match_id=now.match_id)  # fmt: skip
        setattr(team, counter, bool(value) if counter == "apothecary" else value)
        session.add(team)
        tx.label = _("{label}s of {name}: {old} to {value}").format(label=label, name=team.name, old=old, value=value) if counter != "apothecary" else (
            _("apothecary of {name}: {value}").format(name=team.name, value='hired' if value else 'released'))  # fmt: skip
    return tx.change
