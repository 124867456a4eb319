"""Where each match's post-match sequence stands: the steps written for a team, and whether a team must
finish steps 1 to 4.1 before it may buy or sell (transfers come after contracts, before normal purchases)."""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlmodel import Session

from roster_app.rules.postmatch import BEFORE_TRANSFERS
from roster_app.store.models import Match, Team


def done_steps(match: Match, team_id: int) -> list[str]:
    done = list((match.post_match or {}).get("done", {}).get(str(team_id), []))
    if "purchases" in done and "affairs" not in done:  # written before step 4.1 was part of the sequence
        done.insert(done.index("purchases"), "affairs")
    return done


def match_title(session: Session, match: Match) -> str:
    home, away = session.get(Team, match.home_team_id), session.get(Team, match.away_team_id)
    where = f"round {match.round}" if match.stage == "league" else match.stage
    return f"{home.name} {match.home_score}-{match.away_score} {away.name} ({where}, season {match.season})"


def transfers_wait(session: Session, team: Team) -> str | None:
    """Why the team cannot buy or sell now: a post-match sequence of its has not reached step 4.2 yet.

    Transfers come after contracts and before normal purchases; made earlier, they would miss this match's
    winnings, and a player sold before step 2 would leave his SPP behind."""
    played = session.scalars(
        select(Match)
        .where(Match.status == "played", or_(Match.home_team_id == team.id, Match.away_team_id == team.id))
        .order_by(Match.id)
    )
    for match in played:
        if not set(BEFORE_TRANSFERS) <= set(done_steps(match, team.id)):
            return (
                f"{team.name} have not reached the transfers of the post-match sequence of "
                f"{match_title(session, match)}: steps 1 to 4.1 come first."
            )
    return None
