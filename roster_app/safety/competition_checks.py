"""Check League on a season's competitions (issue 33): what the services never write, so what an import or a
hand-edited file may hold. No repair is safe for any of them: the commissioner decides by hand."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from sqlalchemy import select
from sqlmodel import Session

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
            yield f"Season {season} has {n} league competitions; a season has one."
    for c in comps.values():
        what = f"{c.name} (season {c.season})"
        if c.format not in rc.FORMATS:
            yield f"{what} has the format '{c.format}', which is not a competition format."
        if c.status not in STATUSES:
            yield f"{what} has the status '{c.status}', which is not a competition status."
        if c.status == "finished" and c.format != "league" and c.winner_team_id is None:
            yield f"{what} is finished but has no winner."
        per_round: dict[int, Counter[int]] = defaultdict(Counter)
        byes: Counter[int] = Counter()
        for tie in ties[c.id]:
            teams = [t for t in (tie.home_team_id, tie.away_team_id) if t is not None]
            where = f"{what}, round {tie.round}"
            for team in teams:
                per_round[tie.round][team] += 1
                if c.format != "playoffs" and team not in entered[c.id]:
                    yield (f"{names.get(team, f'Team {team}')} play in {where} without being entered.")
            if tie.bye and len(teams) == 2:
                yield f"{where}: a bye is given to two teams at once."
            if tie.bye and tie.winner_team_id is not None:
                byes[tie.winner_team_id] += 1
            if tie.winner_team_id is not None and tie.winner_team_id not in teams:
                yield (
                    f"{where}: {names.get(tie.winner_team_id, 'the winner')} go through "
                    "without having played in the tie."
                )
            match = matches.get(tie.match_id) if tie.match_id is not None else None
            if tie.match_id is not None and match is None:
                yield f"{where}: the tie's game is not a fixture of {c.name}."
            if match is None:
                continue
            if {match.home_team_id, match.away_team_id} != set(teams) or match.competition_id != c.id:
                yield f"{where}: the game of the tie is between other teams."
            elif match.status != "scheduled" and tie.winner_team_id is not None:
                home_won = rc.home_wins(match.home_score, match.away_score, match.decided)
                if home_won is not None and tie.winner_team_id != (
                    match.home_team_id if home_won else match.away_team_id
                ):
                    yield (
                        f"{where}: {names.get(tie.winner_team_id)} go through but lost "
                        f"the game {match.home_score}-{match.away_score}."
                    )
        for number, counted in sorted(per_round.items()):
            for team, n in sorted(counted.items()):
                if n > 1:
                    yield (
                        f"{names.get(team, f'Team {team}')} are in {n} games of {what}, "
                        f"round {number}; a team plays once a round."
                    )
        for team, n in sorted(byes.items()):
            if c.format == "swiss" and n > 1 and len(byes) < len(entered[c.id]):
                yield (
                    f"{names.get(team, f'Team {team}')} were given a bye {n} times in "
                    f"{what} while other teams had none."
                )
    for match in matches.values():
        c = comps.get(match.competition_id)
        if c is not None and c.season != match.season:
            yield (
                f"Fixture {match.id} belongs to {c.name} of season {c.season} but is "
                f"played in season {match.season}."
            )
