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
from roster_app.i18n import _, term
from roster_app.queries.clock import pre_match_refusal
from roster_app.queries.prematch import (
    HANDICAP_PURPOSE,
    match_fan_factors,
    pre_match_of,
    stored_due,
    team_rating_now,
)
from roster_app.queries.referees import fixture_title
from roster_app.rules import dice
from roster_app.rules import economy as economy_rules
from roster_app.rules import prematch as rules
from roster_app.rules.economy import economy
from roster_app.services.common import store_roll
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, Team
from roster_app.words import count, number


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
            n=len(made), rolls=due.rolls, name=name, handicap=term("table", row["handicap"])
        )
        tx.result = dict(row)
    return tx.change


def _closeness(due: rules.HandicapsDue) -> str:
    return "equal" if due.difference == 0 else f"only {due.difference} apart"


def roll_fans(db: LeagueDB, *, match_id: int, team_id: int, roll: dice.Roll | None = None) -> Change:
    """One team's fans before the match, where the edition counts FAME (LRB 5/6: the fans' dice + the fan factor
    it plays with, x spectators per point; the league's "fame" table): typed in or rolled here, stored with what
    it was for. Both teams' fans make the gate and each team's FAME, which the post-match winnings read."""
    ruleset = db.ruleset
    if economy(ruleset).winnings != "fame_dice":
        raise RuleViolation(_("{edition} counts no FAME: its gate is rolled with the match report.")
                            .format(edition=economy(ruleset).edition))  # fmt: skip
    with db.write() as tx:
        session = tx.session
        match = _open_fixture(session, match_id)
        if team_id not in (match.home_team_id, match.away_team_id):
            raise RuleViolation(_("That team does not play in this fixture."))
        state = dict(match.pre_match or {})
        fans = dict(state.get("fans", {}))
        team = session.get(Team, team_id)
        if str(team_id) in fans:
            raise RuleViolation(_("The fans of {team} have been counted already ({n} spectators).")
                                .format(team=team.name, n=number(fans[str(team_id)]['spectators'])))  # fmt: skip
        fan_factor = dict(zip((match.home_team_id, match.away_team_id),
                              match_fan_factors(session, ruleset, match), strict=True))[team_id]  # fmt: skip
        roll_ = dice.accept(roll, ruleset.table("fame")["dice"])
        stored = store_roll(
            session, roll_, _("Fans of {team}").format(team=team.name), team_id=team_id, match_id=match.id
        )
        spectators = economy_rules.spectators(roll_.faces, fan_factor, ruleset)
        fans[str(team_id)] = {"dice_roll_id": stored.id, "faces": list(roll_.faces), "fan_factor": fan_factor,
                              "spectators": spectators, "typed": roll_.typed}  # fmt: skip
        state["fans"] = fans
        match.pre_match = state
        session.add(match)
        tx.label = _("fans of {team} ({n})").format(team=team.name, n=number(spectators))
        tx.result = spectators
    return tx.change


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
        missing = [t.name for t, fans in zip(view.teams, view.fans, strict=True) if fans is None]
        if economy(ruleset).winnings == "fame_dice" and missing:
            raise RuleViolation(_("The fans of {teams} are still to be counted: they make the gate and each "
                                  "team's FAME.").format(teams=" and ".join(missing)))  # fmt: skip
        state = dict(match.pre_match or {})
        state.setdefault("ratings", _ratings(session, ruleset, match))
        state["finished"] = True
        match.pre_match = state
        session.add(match)
        tx.label = _("pre-match sequence of {title} finished").format(title=view.title)
        tx.result = match.id
    return tx.change
