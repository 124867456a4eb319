"""The season's fixtures: generating a round robin, and editing unplayed fixtures (move, swap, delete, add)."""

from __future__ import annotations

import random

from sqlalchemy import func, or_, select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.queries.fetch import current_season, get_match, get_team
from roster_app.queries.postmatch import match_title
from roster_app.queries.referees import sheet_of
from roster_app.rules.fixtures import round_robin
from roster_app.rules.postmatch import STAGES
from roster_app.services.competitions import league_competition
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import Competition, Match, Referee, Team
from roster_app.words import count, possessive


def _league_fixtures(session: Session, season: int) -> int:
    return session.scalar(select(func.count()).where(Match.season == season, Match.stage == "league"))


def generate_season(
    db: LeagueDB,
    *,
    double: bool = False,
    team_ids: list[int] | None = None,
    shuffle: bool = False,
    rng: random.Random | None = None,
) -> Change:
    """A round robin of the current season for every team (or those given), in the order the teams joined, or
    `shuffle`d: the teams' places and the order of the rounds drawn with the app's dice. The fixtures are the
    season's league competition."""
    with db.write() as tx:
        session = tx.session
        season = current_season(session)
        if _league_fixtures(session, season):
            raise RuleViolation(
                _(
                    "Season {season} already has its fixtures. Delete the unplayed ones first to make new ones."
                ).format(season=season)
            )
        if team_ids is None:
            team_ids = list(session.scalars(select(Team.id).order_by(Team.id)))
        for tid in team_ids:
            get_team(session, tid)
        if shuffle:
            rng = rng or random.SystemRandom()
            team_ids = list(team_ids)
            rng.shuffle(team_ids)
        rounds = round_robin(team_ids, double=double)
        if shuffle:
            rng.shuffle(rounds)
        league = league_competition(session, season)
        league.shuffle = bool(shuffle)
        session.add(league)
        for number, games in enumerate(rounds, start=1):
            for home, away in games:
                session.add(Match(season=season, round=number, home_team_id=home, away_team_id=away,
                                  competition_id=league.id))  # fmt: skip
        games = sum(len(g) for g in rounds)
        kind = {(False, False): _("round robin"), (True, False): _("double round robin"),
                (False, True): _("round robin, shuffled"), (True, True): _("double round robin, shuffled")}[(double, shuffle)]  # fmt: skip
        tx.label = _("fixtures of season {season}: {kind}, {count}, {count2}").format(
            season=season, kind=kind, count=count(len(rounds), "round"), count2=count(games, "match")
        )
        tx.result = len(rounds)
    return tx.change


def _unplayed(session: Session, match_id: int) -> Match:
    match = get_match(session, match_id)
    if match.status != "scheduled":
        raise RuleViolation(
            _("{match_title} has been played; its fixture can no longer change.").format(
                match_title=match_title(session, match)
            )
        )
    return match


def _check_free(session: Session, match: Match, round_number: int, team_ids: tuple[int, int]) -> None:
    if not isinstance(round_number, int) or isinstance(round_number, bool) or not 1 <= round_number <= 99:
        raise RuleViolation(_("A round is a number from 1 to 99."))
    clash = session.scalars(
        select(Match).where(
            Match.season == match.season, Match.round == round_number, Match.id != match.id,
            or_(Match.home_team_id.in_(team_ids), Match.away_team_id.in_(team_ids)),
        )
    ).first()  # fmt: skip
    if clash is not None:
        busy = next(t for t in team_ids if t in (clash.home_team_id, clash.away_team_id))
        raise RuleViolation(
            _("{name} already play in round {round_number}.").format(
                name=get_team(session, busy).name, round_number=round_number
            )
        )


def move_fixture(db: LeagueDB, *, match_id: int, round_number: int) -> Change:
    """Reschedule an unplayed fixture to another round (a team plays once a round)."""
    with db.write() as tx:
        session = tx.session
        match = _unplayed(session, match_id)
        _check_free(session, match, round_number, (match.home_team_id, match.away_team_id))
        old = match.round
        match.round = round_number
        session.add(match)
        tx.label = _("{match_title} moved from round {old} to {round_number}").format(
            match_title=match_title(session, match), old=old, round_number=round_number
        )
    return tx.change


def swap_home_away(db: LeagueDB, *, match_id: int) -> Change:
    with db.write() as tx:
        session = tx.session
        match = _unplayed(session, match_id)
        match.home_team_id, match.away_team_id = match.away_team_id, match.home_team_id
        session.add(match)
        tx.label = _("home and away swapped: {match_title}").format(match_title=match_title(session, match))
    return tx.change


def delete_fixture(db: LeagueDB, *, match_id: int) -> Change:
    """Remove an unplayed fixture (a played match stays in the league's history)."""
    with db.write() as tx:
        session = tx.session
        match = _unplayed(session, match_id)
        sheet = sheet_of(session, match.id)
        if sheet is not None:  # the sheet is the game's record; it goes first, on purpose
            ref = session.get(Referee, sheet.referee_id)
            raise RuleViolation(
                _("{owner} match sheet goes with this fixture; discard it before deleting it.").format(
                    owner=possessive(ref.name), name=ref.name
                )
            )
        if match.competition_id is not None:
            competition = session.get(Competition, match.competition_id)
            if competition.format != "league":
                raise RuleViolation(
                    _(
                        "{match_title} is a game of {name}: a team withdraws from it, or the tournament is abandoned, "
                        "deleted or drawn again; its games are not deleted one by one."
                    ).format(match_title=match_title(session, match), name=competition.name)
                )
        tx.label = _("fixture deleted: {match_title}").format(match_title=match_title(session, match))
        session.delete(match)
    return tx.change


def add_fixture(
    db: LeagueDB, *, home_team_id: int, away_team_id: int, round_number: int, stage: str = "friendly"
) -> Change:
    """A fixture outside the round robin: a friendly (not in the league table), a semi-final or the final."""
    if stage not in STAGES:
        raise RuleViolation(
            _("'{stage}' is not a kind of match ({items}).").format(stage=stage, items=", ".join(STAGES))
        )
    if home_team_id == away_team_id:
        raise RuleViolation(_("A team cannot play against itself."))
    with db.write() as tx:
        session = tx.session
        home, away = get_team(session, home_team_id), get_team(session, away_team_id)
        season = current_season(session)
        match = Match(season=season, round=0, home_team_id=home.id, away_team_id=away.id, stage=stage,
                      competition_id=league_competition(session, season).id if stage == "league" else None)  # fmt: skip
        _check_free(session, match, round_number, (home.id, away.id))
        match.round = round_number
        session.add(match)
        session.flush()
        tx.label = _("new {stage}: {name} v {name2}, round {round_number}").format(
            stage=stage, name=home.name, name2=away.name, round_number=round_number
        )
        tx.result = match.id
    return tx.change
