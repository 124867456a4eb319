"""The pre-match sequence of a fixture: handicap rolls and its end, one transaction each.

Hire Freebooters is `services.reserves.draft_player(match_id=...)` and the referee is
`services.referees.start_match_sheet`; what only the pre-match decides (the handicaps due from the ratings, each
handicap rolled, that the sequence is finished) is kept in `match.pre_match`:
{"due": {"difference", "underdog", "rolls"}, "ratings": {team id: rating}, "handicaps": [{"team_id",
"dice_roll_id", "total", "handicap", "text"}], "finished": bool}.
"""

from __future__ import annotations

from sqlmodel import Session

from roster_app.errors import NotFound, RuleViolation
from roster_app.i18n import _
from roster_app.queries.clock import pre_match_refusal
from roster_app.queries.prematch import HANDICAP_PURPOSE, pre_match_of, stored_due, team_rating_now
from roster_app.queries.referees import fixture_title
from roster_app.rules import dice
from roster_app.rules import prematch as rules
from roster_app.services.common import store_roll
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, Team
from roster_app.words import count


def _open_fixture(session: Session, match_id: int) -> Match:
    match = session.get(Match, match_id)
    if match is None:
        raise NotFound(_("That fixture no longer exists."))
    problem = pre_match_refusal(session, match)
    if problem:
        raise RuleViolation(problem)
    return match


def _ratings(session: Session, ruleset: object, match: Match) -> dict[str, int]:
    teams = (session.get(Team, match.home_team_id), session.get(Team, match.away_team_id))
    return {str(t.id): team_rating_now(session, ruleset, t) for t in teams}


def roll_handicap(db: LeagueDB, *, match_id: int, roll: dice.Roll | None = None) -> Change:
    """One handicap roll for the team with the lower rating (typed in or rolled here), stored with its result.

    The number of rolls is worked out from the ratings at the first roll and stands from then on (seed 001:
    a drafted player counts at his full cost, so Hire Freebooters comes first). The result is the row taken."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        match = _open_fixture(session, match_id)
        state = dict(match.pre_match or {})
        ratings = state.get("ratings") or _ratings(session, ruleset, match)
        home, away = ratings[str(match.home_team_id)], ratings[str(match.away_team_id)]
        due = stored_due(match) or rules.due_for(home, away, ruleset)
        made = list(state.get("handicaps", []))
        title = fixture_title(session, match)
        if rules.no_handicaps_words(ruleset):
            raise RuleViolation(rules.no_handicaps_words(ruleset))
        if due.underdog is None:
            raise RuleViolation(
                _("No handicap for {title}: the ratings ({home} and {away}) are {closeness}.").format(
                    title=title, home=home, away=away, closeness=_closeness(due)
                )
            )
        if len(made) >= due.rolls:
            raise RuleViolation(
                _("Every handicap roll of {title} has been made ({rolls}).").format(title=title, rolls=due.rolls)
            )
        team_id = (match.home_team_id, match.away_team_id)[due.underdog]
        roll_ = dice.accept(roll, rules.handicap_dice(ruleset))
        stored = store_roll(session, roll_, HANDICAP_PURPOSE, team_id=team_id, match_id=match.id)
        row = rules.handicap_result(roll_.total, ruleset)
        made.append({"team_id": team_id, "dice_roll_id": stored.id, "total": roll_.total, "handicap": row["handicap"],
                     "text": row.get("text", ""), "fan_factor": row.get("fan_factor", 0)})  # fmt: skip
        state.update(ratings=ratings, handicaps=made,
                     due={"difference": due.difference, "underdog": due.underdog, "rolls": due.rolls})  # fmt: skip
        match.pre_match = state
        session.add(match)
        name = session.get(Team, team_id).name
        tx.label = _("handicap roll {n} of {rolls} for {name} ({handicap})").format(
            n=len(made), rolls=due.rolls, name=name, handicap=row["handicap"]
        )
        tx.result = dict(row)
    return tx.change


def _closeness(due: rules.HandicapsDue) -> str:
    return "equal" if due.difference == 0 else f"only {due.difference} apart"


def finish_pre_match(db: LeagueDB, *, match_id: int) -> Change:
    """The pre-match sequence is over: every handicap roll due has been made; the ratings it used are kept.
    Afterwards nobody drafts for this fixture (the match is next)."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        match = _open_fixture(session, match_id)
        view = pre_match_of(session, ruleset, match)
        if view.rolls_left:
            who = view.underdog.name if view.underdog else ""
            raise RuleViolation(
                _("{who} still have {count} to make: the pre-match sequence ends after the handicaps.").format(
                    who=who, count=count(view.rolls_left, "handicap roll")
                )
            )
        state = dict(match.pre_match or {})
        state.setdefault("ratings", _ratings(session, ruleset, match))
        state["finished"] = True
        match.pre_match = state
        session.add(match)
        tx.label = _("pre-match sequence of {title} finished").format(title=view.title)
        tx.result = match.id
    return tx.change
