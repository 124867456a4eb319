"""Check League on a season's competitions (issue 33): what the services never write, so what an import or a
hand-edited file may hold. No repair is safe for any of them: the commissioner decides by hand."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from sqlalchemy import select
from sqlmodel import Session

from roster_app.i18n import _
from roster_app.rules import competitions as rc
from roster_app.store.models import Competition, CompetitionEntry, CompetitionTie, Match, Team

STATUSES = ("open", "drawn", "finished", "abandoned")


def competition_problems(session: Session) -> Iterator[str]:
    """Each problem in words (safety/check.py reports them as Check League's "competition" problems)."""
    names = dict(session.execute(select(Team.id, Team.name)).all())
    comps = {c.id: c for c in session.scalars(select(Competition).order_by(Competition.id))}
    entered: dict[int, set[int]] = defaultdict(set)
    for entry in session.scalars(select(CompetitionEntry)):
        entered[entry.competition_id].add(entry.team_id)
    ties: dict[int, list[CompetitionTie]] = defaultdict(list)
    for tie in session.scalars(select(CompetitionTie).order_by(CompetitionTie.round, CompetitionTie.position)):
        ties[tie.competition_id].append(tie)
    matches = {m.id: m for m in session.scalars(select(Match).where(Match.competition_id.is_not(None)))}
    leagues = Counter(c.season for c in comps.values() if c.format == "league")
    for season, n in sorted(leagues.items()):
        if n > 1:
            yield _("Season {season} has {n} league competitions; a season has one.").format(season=season, n=n)
    for c in comps.values():
        what = f"{c.name} (season {c.season})"
        if c.format not in rc.FORMATS:
            yield _("{what} has the format '{format}', which is not a competition format.").format(
                what=what, format=c.format
            )
        if c.status not in STATUSES:
            yield _("{what} has the status '{status}', which is not a competition status.").format(
                what=what, status=c.status
            )
        if c.status == "finished" and c.format != "league" and c.winner_team_id is None:
            yield _("{what} is finished but has no winner.").format(what=what)
        per_round: dict[int, Counter[int]] = defaultdict(Counter)
        byes: Counter[int] = Counter()
        for tie in ties[c.id]:
            teams = [t for t in (tie.home_team_id, tie.away_team_id) if t is not None]
            where = f"{what}, round {tie.round}"
            for team in teams:
                per_round[tie.round][team] += 1
                if c.format != "playoffs" and team not in entered[c.id]:
                    yield (
                        _("{get} play in {where} without being entered.").format(
                            get=names.get(team, f"Team {team}"), where=where
                        )
                    )
            if tie.bye and len(teams) == 2:
                yield _("{where}: a bye is given to two teams at once.").format(where=where)
            if tie.bye and tie.winner_team_id is not None:
                byes[tie.winner_team_id] += 1
            if tie.winner_team_id is not None and tie.winner_team_id not in teams:
                yield (
                    _("{where}: {get} go through without having played in the tie.").format(
                        where=where, get=names.get(tie.winner_team_id, "the winner")
                    )
                )
            match = matches.get(tie.match_id) if tie.match_id is not None else None
            if tie.match_id is not None and match is None:
                yield _("{where}: the tie's game is not a fixture of {name}.").format(where=where, name=c.name)
            if match is None:
                continue
            if {match.home_team_id, match.away_team_id} != set(teams) or match.competition_id != c.id:
                yield _("{where}: the game of the tie is between other teams.").format(where=where)
            elif match.status != "scheduled" and tie.winner_team_id is not None:
                home_won = rc.home_wins(match.home_score, match.away_score, match.decided)
                if home_won is not None and tie.winner_team_id != (
                    match.home_team_id if home_won else match.away_team_id
                ):
                    yield (
                        _("{where}: {get} go through but lost the game {home_score}-{away_score}.").format(
                            where=where,
                            get=names.get(tie.winner_team_id),
                            home_score=match.home_score,
                            away_score=match.away_score,
                        )
                    )
        for number, counted in sorted(per_round.items()):
            for team, n in sorted(counted.items()):
                if n > 1:
                    yield (
                        _("{get} are in {n} games of {what}, round {number}; a team plays once a round.").format(
                            get=names.get(team, f"Team {team}"), n=n, what=what, number=number
                        )
                    )
        for team, n in sorted(byes.items()):
            if c.format == "swiss" and n > 1 and len(byes) < len(entered[c.id]):
                yield (
                    _("{get} were given a bye {n} times in {what} while other teams had none.").format(
                        get=names.get(team, f"Team {team}"), n=n, what=what
                    )
                )
    for match in matches.values():
        c = comps.get(match.competition_id)
        if c is not None and c.season != match.season:
            yield (
                _("Fixture {id} belongs to {name} of season {season} but is played in season {season2}.").format(
                    id=match.id, name=c.name, season=c.season, season2=match.season
                )
            )
