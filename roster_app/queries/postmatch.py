"""Where each match's post-match sequence stands: the steps written for a team, and the match in words.

What a team may do at its place in the sequence is the league's clock (`roster_app.queries.clock`)."""

from __future__ import annotations

from sqlmodel import Session

from roster_app.i18n import _
from roster_app.rules.competitions import stage_words
from roster_app.store.models import Competition, Match, Team


def done_steps(match: Match, team_id: int) -> list[str]:
    done = list((match.post_match or {}).get("done", {}).get(str(team_id), []))
    if "purchases" in done and "affairs" not in done:  # written before step 4.1 was part of the sequence
        done.insert(done.index("purchases"), "affairs")
    return done


def match_title(session: Session, match: Match) -> str:
    """ "Orcland Raiders 2-1 Dwarf Giants (round 3, season 1)"; a tournament's game names it ("Spike Cup
    semi-final")."""
    home, away = session.get(Team, match.home_team_id), session.get(Team, match.away_team_id)
    competition = session.get(Competition, match.competition_id) if match.competition_id is not None else None
    if match.stage == "league":
        where = _("round {number}").format(number=match.round)
    elif competition is not None and competition.format != "league":
        where = _("{competition} {stage}").format(competition=competition.name, stage=stage_words(match.stage))
    else:
        where = stage_words(match.stage)
    return _("{home} {home_score}-{away_score} {away} ({where}, season {season})").format(
        home=home.name,
        home_score=match.home_score,
        away_score=match.away_score,
        away=away.name,
        where=where,
        season=match.season,
    )
