"""Rows and counts read inside a transaction, shared by services and queries: the league record and its
current season, a team, player, match, referee or match sheet (or a plain refusal when it is gone), and a
roster's counts."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlmodel import Session

from roster_app.errors import NotFound
from roster_app.i18n import _
from roster_app.store.models import League, Match, Player, PlayerStatus, Referee, RefereeMatch, Team


def league_row(session: Session) -> League:
    """The league record, kept by the session once read (every ledger row asks it for the current season;
    the session's identity map alone would forget a row nothing refers to)."""
    league = session.info.get("league_row")
    if league is None or league not in session:
        league = session.scalars(select(League)).first()
        if league is None:
            raise NotFound(_("The league file has no league record."))
        session.info["league_row"] = league
    return league


def current_season(session: Session) -> int:
    return league_row(session).current_season


def _get(session: Session, model: type, key: int, gone: str):  # noqa: ANN202 - the model's row
    row = session.get(model, key)
    if row is None:
        raise NotFound(gone)
    return row


def get_team(session: Session, team_id: int) -> Team:
    return _get(session, Team, team_id, _("That team no longer exists in this league."))


def get_player(session: Session, player_id: int) -> Player:
    return _get(session, Player, player_id, _("That player no longer exists in this league."))


def get_match(session: Session, match_id: int) -> Match:
    return _get(session, Match, match_id, _("That match no longer exists in this league."))


def get_referee(session: Session, referee_id: int) -> Referee:
    return _get(session, Referee, referee_id, _("That referee no longer exists in this league."))


def get_sheet(session: Session, sheet_id: int) -> RefereeMatch:
    return _get(session, RefereeMatch, sheet_id, _("That match sheet no longer exists."))


def roster_count(session: Session, team_id: int) -> int:
    """Players who count towards the team's 16 (active or missing the next game)."""
    return session.scalar(
        select(func.count()).where(Player.team_id == team_id, Player.status.in_(PlayerStatus.ON_ROSTER))
    )


def position_count(session: Session, team_id: int, race: str, position: str) -> int:
    return session.scalar(
        select(func.count()).where(
            Player.team_id == team_id,
            Player.race == race,
            Player.position == position,
            Player.status.in_(PlayerStatus.ON_ROSTER),
        )
    )


def used_numbers(session: Session, team_id: int, *, except_id: int | None = None) -> set[int]:
    """The shirt numbers taken on the team's roster (`except_id`: leave that player's own number out)."""
    rows = session.execute(
        select(Player.id, Player.number).where(
            Player.team_id == team_id, Player.status.in_(PlayerStatus.ON_ROSTER)
        )
    )
    return {number for pid, number in rows if pid != except_id}


def first_free_number(session: Session, team_id: int) -> int:
    used = used_numbers(session, team_id)
    return next(n for n in range(1, 100) if n not in used)
