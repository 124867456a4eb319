"""The league's clock: where a team stands in the post-match sequence, and so what it may do now.

Seed 001 puts each procedure at one moment of the purchases section of the post-match sequence: reserve
affairs and contracts at its very start (step 4.1), transfers after contracts but before normal purchases
(4.2, for the buying team), new players and staff after them (4.3). A team stands in the sequence of its
earliest match whose sequence it has not finished; a team that has not played yet is being created and buys
its squad. Every service that may only act at one moment asks `moment(...).refusal(act)`; the views ask the
same to say when a thing can be done. Changes outside the clock are commissioner's corrections.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from sqlalchemy import func, or_, select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _, term
from roster_app.queries.postmatch import done_steps, match_title
from roster_app.queries.referees import fixture_title
from roster_app.rules.clock import AT_STEP, WHEN, Act, Moment, step_words  # noqa: F401 - the clock's names, here too
from roster_app.rules.postmatch import BEFORE_TRANSFERS, STEP_TITLES, STEPS, sequence_of
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, RulesetTable, Team
from roster_app.words import possessive


def open_sequence(session: Session, team_id: int) -> Match | None:
    """The team's earliest played match whose post-match sequence it has not finished."""
    played = session.scalars(
        select(Match)
        .where(Match.status == "played", or_(Match.home_team_id == team_id, Match.away_team_id == team_id))
        .order_by(Match.played_at, Match.id)
    )
    return _first_open(played, team_id)


def _first_open(played: Iterable[Match], team_id: int) -> Match | None:
    """The first of the team's played matches (in order) whose sequence it has not finished."""
    return next((m for m in played if not set(STEPS) <= set(done_steps(m, team_id))), None)


def has_played(session: Session, team_id: int) -> bool:
    """The team has played (a match reported, whatever became of its sequence): it is no longer being created."""
    return bool(
        session.scalar(
            select(func.count()).where(
                Match.status != "scheduled", or_(Match.home_team_id == team_id, Match.away_team_id == team_id)
            )
        )
    )


def moment(session: Session, team: Team) -> Moment:
    """Where `team` stands in the league's timeline now."""
    match = open_sequence(session, team.id)
    return _moment_in(session, team, match, played=match is not None or has_played(session, team.id))


def _moment_in(session: Session, team: Team, match: Match | None, *, played: bool) -> Moment:
    if match is None:
        return Moment(team.id, team.name, created=not played)
    done = set(done_steps(match, team.id))
    order, titles = league_sequence(session)
    next_step = next(step for step in order if step not in done)
    return Moment(team.id, team.name, False, match.id, match_title(session, match), next_step, order, titles)


def league_sequence(session: Session) -> tuple[tuple[str, ...], dict[str, str]]:
    """The league's post-match steps in its edition's order and their titles (its post_match table; the seed's
    sequence for a league that stores none, as it was made)."""
    row = session.get(RulesetTable, "post_match")
    data = row.data if row is not None else None
    if isinstance(data, str):
        data = json.loads(data)
    if not data:
        return STEPS, dict(STEP_TITLES)
    return sequence_of(data), {r["step"]: term("table", r["title"]) for r in data["steps"]}


def require(session: Session, team: Team, act: Act, match_id: int | None = None) -> Moment:
    """The team's moment if it may do `act` now (in the sequence of `match_id`, when one is named); else refuse."""
    now = moment(session, team)
    now.check(act)
    if match_id is not None and now.match_id is not None and match_id != now.match_id:
        raise RuleViolation(
            _(
                "{name} are in the post-match sequence of {match}, not of the match named; {value} belong to the "
                "sequence the team is in."
            ).format(name=team.name, match=now.match, value=act.value)
        )
    return now


def seller_wait(session: Session, team: Team) -> str | None:
    """Why a team's players cannot be bought now: its own sequence has not reached the transfers yet.

    Sold before step 2, a player would leave this match's SPP behind; before 4.1, his contract could not be
    renewed first (seed 001: a head coach may renew before any other coach can take advantage)."""
    match = open_sequence(session, team.id)
    if match is None:
        return None
    done = set(done_steps(match, team.id))
    if set(BEFORE_TRANSFERS) <= done:
        return None
    return _(
        "{name} have not reached the transfers of the post-match sequence of {match}: steps 1 to 4.1 come first."
    ).format(name=team.name, match=match_title(session, match))


# -- for the views ----------------------------------------------------------------------------------------
def team_moment(db: LeagueDB, team_id: int) -> Moment | None:
    """Where one team stands now (None: no such team)."""
    with db.read() as session:
        team = session.get(Team, team_id)
        return moment(session, team) if team is not None else None


def league_moments(db: LeagueDB) -> list[Moment]:
    """Where every team stands now, in name order (two queries for the whole league, not two a team)."""
    with db.read() as session:
        open_matches = list(
            session.scalars(select(Match).where(Match.status == "played").order_by(Match.played_at, Match.id))
        )
        started = session.execute(
            select(Match.home_team_id, Match.away_team_id).where(Match.status != "scheduled")
        )
        played = {team_id for pair in started for team_id in pair}
        out = []
        for team in session.scalars(select(Team).order_by(Team.name)):
            mine = (m for m in open_matches if team.id in (m.home_team_id, m.away_team_id))
            out.append(_moment_in(session, team, _first_open(mine, team.id), played=team.id in played))
        return out


# -- the pre-match sequence -----------------------------------------------------------------------------
# Seed 001: drafting from the reserves "takes place in the Hire Freebooters section of the Pre-Match Sequence".
DRAFT_WHEN = N_(
    "Drafting from the reserves takes place in Hire Freebooters, in the pre-match sequence of a fixture"
)


def next_fixture(session: Session, team_id: int) -> Match | None:
    """The team's first fixture still to play (by round), any season stage."""
    return session.scalars(
        select(Match)
        .where(Match.status == "scheduled", or_(Match.home_team_id == team_id, Match.away_team_id == team_id))
        .order_by(Match.season, Match.round, Match.id)
    ).first()


def pre_match_refusal(session: Session, match: Match) -> str | None:
    """Why the fixture's pre-match sequence cannot be worked on now (None: it can). It is open while the game
    is to be played and both teams have finished the post-match sequences of their earlier matches."""
    title = fixture_title(session, match)
    if match.status != "scheduled":
        return _("{title} has been played: its pre-match sequence is over.").format(title=title)
    if (match.pre_match or {}).get("finished"):
        return _("The pre-match sequence of {title} is finished.").format(title=title)
    for team_id in (match.home_team_id, match.away_team_id):
        now = moment(session, session.get(Team, team_id))
        if now.match_id is not None:
            return _(
                "{team} are still in the post-match sequence of {match} (next: {step_words}): it is finished before "
                "the pre-match sequence of {title}."
            ).format(team=now.team, match=now.match, step_words=step_words(now.next_step, now.titles), title=title)
    return None


def require_pre_match(session: Session, team: Team, match_id: int | None, *, what: str = DRAFT_WHEN) -> Match:
    """The fixture whose pre-match sequence `team` is in now, or a refusal saying when `what` can be done."""
    what = _(what)  # DRAFT_WHEN is marked N_()
    if match_id is None:
        fixture = next_fixture(session, team.id)
        where = f" ({fixture_title(session, fixture)})" if fixture is not None else ""
        raise RuleViolation(
            _("{what}: open the pre-match sequence of {owner} next fixture{where}.").format(
                what=what, owner=possessive(team.name), where=where, name=team.name
            )
        )
    match = session.get(Match, match_id)
    if match is None:
        raise RuleViolation(_("That fixture no longer exists."))
    if team.id not in (match.home_team_id, match.away_team_id):
        raise RuleViolation(
            _("{name} do not play in {fixture_title}.").format(
                name=team.name, fixture_title=fixture_title(session, match)
            )
        )
    problem = pre_match_refusal(session, match)
    if problem:
        raise RuleViolation(f"{what}. {problem}")
    return match
