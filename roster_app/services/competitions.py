"""A season's competitions: its league fixtures and the open tournaments beside them (a knock-out cup,
playoffs, Swiss rounds). Each function is one transaction.

A tournament game is an ordinary fixture (a `Match` with the competition's id): the pre-match sequence, the
pad, the report, the ref's sheet, the post-match sequence and the league's clock treat it as any other. When
its report is written (services/matches.py `write_report`) `game_reported` records the winner and puts him
into the next round's fixture at once; a competition's places are `CompetitionTie` rows (a bye is a tie of
one team).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sqlalchemy import func, or_, select
from sqlmodel import Session

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.queries import competitions as q
from roster_app.queries import season as sq
from roster_app.queries.fetch import current_season, get_team
from roster_app.queries.postmatch import match_title
from roster_app.queries.prematch import team_rating_now
from roster_app.rules import competitions as rc
from roster_app.rules.limits import NAME_LENGTH, REASON_LENGTH, kept
from roster_app.rules.ruleset import Ruleset
from roster_app.store.changes import Change
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Competition,
    CompetitionEntry,
    CompetitionTie,
    Correction,
    DiceRoll,
    LiveMatch,
    Match,
    RefereeMatch,
    Team,
)
from roster_app.words import count, possessive

LEAGUE_NAME = "League"


# -- the league's own competition ------------------------------------------------------------------
def league_competition(session: Session, season: int) -> Competition:
    """The season's league fixtures as a competition (made with the first of them)."""
    found = session.scalars(
        select(Competition).where(Competition.season == season, Competition.format == "league")
    ).first()
    if found is not None:
        return found
    competition = Competition(
        season=season, name=LEAGUE_NAME, format="league", position=_next_position(session, season)
    )
    session.add(competition)
    session.flush()
    return competition


def _next_position(session: Session, season: int) -> int:
    return (session.scalar(select(func.max(Competition.position)).where(Competition.season == season)) or 0) + 1


def _get(session: Session, competition_id: int) -> Competition:
    competition = session.get(Competition, competition_id) if isinstance(competition_id, int) else None
    if competition is None:
        raise RuleViolation(_("That competition is not in the league (it may have been deleted)."))
    return competition


def _open(session: Session, competition_id: int) -> Competition:
    competition = _get(session, competition_id)
    if competition.season != current_season(session):
        raise RuleViolation(
            _("{name} belongs to season {season}, which has ended.").format(
                name=competition.name, season=competition.season
            )
        )
    if competition.status == "abandoned":
        raise RuleViolation(
            _("{name} was abandoned ({reason}).").format(name=competition.name, reason=competition.reason)
        )
    return competition


# -- a new tournament ------------------------------------------------------------------------------
def create_competition(
    db: LeagueDB, *, name: str, format: str, team_ids: Sequence[int] = (), third_place: bool = False,
    rounds: int = 0, first_round: int = 0,
) -> Change:  # fmt: skip
    """An open tournament of the current season, after its other competitions: a knock-out cup or Swiss rounds
    of the teams entered, or playoffs of the top `rounds` teams of the league table (entered when drawn)."""
    if format not in rc.FORMATS or format == "league":
        raise RuleViolation(
            _(
                "A tournament is a knock-out cup, playoffs or Swiss rounds; the league fixtures are made with "
                "Generate Fixtures."
            )
        )
    name = kept(name, _("A tournament's name"), NAME_LENGTH)
    if not name:
        raise RuleViolation(_("A tournament needs a name."))
    team_ids = list(team_ids)
    for value, what in ((rounds, _("The number of rounds")), (first_round, _("The first round"))):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
            raise RuleViolation(_("{what} is a whole number from 0 to 99.").format(what=what))
    if format == "playoffs":
        if team_ids:
            raise RuleViolation(
                _("Playoffs take the top of the league table when drawn; no teams are entered by hand.")
            )
        if rounds < 2:
            raise RuleViolation(_("Playoffs need at least the top two teams of the league table (say how many)."))
    else:
        rc.check_entrants(team_ids)
    if third_place and format == "knockout" and len(team_ids) < 4:
        raise RuleViolation(
            _("A third-place game needs four teams at least: it is played by the semi-finals' losers.")
        )
    if format == "swiss" and rounds and rounds > rc.swiss_most_rounds(len(team_ids)):
        raise RuleViolation(
            _("Swiss rounds of {count} can last at most {count2} without a rematch.").format(
                count=count(len(team_ids), "team"), count2=count(rc.swiss_most_rounds(len(team_ids)), "round")
            )
        )
    with db.write() as tx:
        session = tx.session
        season = current_season(session)
        if session.scalars(select(Competition.id).where(Competition.season == season,
                                                        func.lower(Competition.name) == name.lower())).first():  # fmt: skip
            raise RuleViolation(
                _("Season {season} already has a competition called {name}.").format(season=season, name=name)
            )
        # the teams' keys in one read (issue 40: not 64 whole teams); one not found is refused by get_team
        found = set(session.scalars(select(Team.id).where(Team.id.in_(team_ids)))) if team_ids else set()
        teams = [tid if tid in found else get_team(session, tid).id for tid in team_ids]
        if format == "swiss" and not rounds:
            rounds = rc.swiss_rounds_needed(len(teams))
        competition = Competition(
            season=season, name=name, format=format, position=_next_position(session, season),
            third_place=bool(third_place) and format != "swiss", rounds=rounds, first_round=first_round,
        )  # fmt: skip
        session.add(competition)
        session.flush()
        session.add_all([CompetitionEntry(competition_id=competition.id, team_id=team_id) for team_id in teams])
        if format == "playoffs":
            entrants = _("the top {rounds} of the league table").format(rounds=rounds)
        else:
            entrants = count(len(teams), "team")
        tx.label = _("new {formats} {name}: {entrants}").format(
            formats=_(rc.FORMATS[format]), name=name, entrants=entrants
        )
        tx.result = competition.id
    return tx.change


def move_competition(db: LeagueDB, *, competition_id: int, position: int) -> Change:
    """Put a competition at another place in the season's order (1 = first)."""
    with db.write() as tx:
        session = tx.session
        competition = _open(session, competition_id)
        others = list(session.scalars(
            select(Competition).where(Competition.season == competition.season, Competition.id != competition.id)
            .order_by(Competition.position, Competition.id)
        ))  # fmt: skip
        if not isinstance(position, int) or isinstance(position, bool) or not 1 <= position <= len(others) + 1:
            raise RuleViolation(
                _("A place in the season's order is a number from 1 to {value}.").format(value=len(others) + 1)
            )
        others.insert(position - 1, competition)
        for place, row in enumerate(others, start=1):
            if row.position != place:
                row.position = place
                session.add(row)
        tx.label = _("{name} moved to place {position} of the season").format(
            name=competition.name, position=position
        )
    return tx.change


# -- the draw --------------------------------------------------------------------------------------
def _played_games(session: Session, competition: Competition) -> int:
    return session.scalar(
        select(func.count()).where(Match.competition_id == competition.id, Match.status != "scheduled")
    )


def _clear_fixture(session: Session, match: Match, why: str) -> None:
    """Delete an unplayed fixture of a tournament (its draw is redone, the tournament deleted, a team out)."""
    if match.status != "scheduled":
        raise RuleViolation(
            _("{match_title} has been played; {why}.").format(match_title=match_title(session, match), why=why)
        )
    if match.pre_match or session.scalars(select(RefereeMatch.id).where(RefereeMatch.match_id == match.id)).first() \
            or session.scalars(select(LiveMatch.id).where(LiveMatch.match_id == match.id)).first():  # fmt: skip
        raise RuleViolation(
            _("{match_title} has begun (its pre-match sequence, a match pad or a ref's sheet); {why}.").format(
                match_title=match_title(session, match), why=why
            )
        )
    for roll in session.scalars(select(DiceRoll).where(DiceRoll.match_id == match.id)):
        roll.match_id = None  # a roll made for it stays in the league's rolls
        session.add(roll)
    session.flush()
    session.delete(match)


def _clear_draw(session: Session, competition: Competition) -> None:
    ties = list(session.scalars(select(CompetitionTie).where(CompetitionTie.competition_id == competition.id)))
    matches = [session.get(Match, t.match_id) for t in ties if t.match_id is not None]
    for tie in ties:
        session.delete(tie)
    session.flush()
    for match in matches:
        _clear_fixture(session, match, _("the draw cannot be made again"))
    for entry in session.scalars(  # the seeds of an earlier draw (a first draw has none to clear)
        select(CompetitionEntry).where(
            CompetitionEntry.competition_id == competition.id, CompetitionEntry.seed.is_not(None)
        )
    ):
        entry.seed = None
        session.add(entry)


def _seeded(
    session: Session, ruleset: Ruleset, competition: Competition, entries: list[CompetitionEntry], seeding: str,
    faces: Sequence[int] | None, order: Sequence[int] | None, rng: random.Random | None,
) -> list[int]:  # fmt: skip
    team_ids = [e.team_id for e in entries]
    if seeding in ("draw", "dice"):
        if seeding == "dice" and faces is None:
            raise RuleViolation(
                _("Type the dice of the draw: {dice_words}.").format(dice_words=_dice_words(len(team_ids)))
            )
        typed = seeding == "dice"
        faces = list(faces) if typed else rc.roll_draw(len(team_ids), rng)
        seeded = rc.drawn(team_ids, faces)
        for index, (face, size) in enumerate(zip(faces, rc.draw_dice(len(team_ids)), strict=True), start=1):
            session.add(DiceRoll(purpose=f"{competition.name} draw: pick {index} of {len(team_ids)}", dice=f"D{size}",
                                 faces=[face], total=face, typed=typed, team_id=seeded[index - 1]))  # fmt: skip
        return seeded
    if seeding == "hand":
        order = list(order or [])
        if sorted(order) != sorted(team_ids) or len(set(order)) != len(order):
            raise RuleViolation(_("Seeding by hand puts every team entered in order, each once."))
        return order
    if seeding == "rating":
        ratings = {tid: team_rating_now(session, ruleset, session.get(Team, tid)) for tid in team_ids}
        return sorted(team_ids, key=lambda tid: (-ratings[tid], session.get(Team, tid).name.lower()))
    if seeding == "table":
        places = {row.id: row.position for row in sq.league_standing(session, ruleset, competition.season)}
        return sorted(team_ids, key=lambda tid: (places.get(tid, 999), session.get(Team, tid).name.lower()))
    raise RuleViolation(
        _("'{seeding}' is not a way to seed a tournament ({items}).").format(
            seeding=seeding, items=", ".join(rc.SEEDINGS)
        )
    )


def _dice_words(entrants: int) -> str:
    sides = rc.draw_dice(entrants)
    return _("{dice}, D{sides} down to D2 (each picks one of the teams not drawn yet)").format(
        dice=count(len(sides), "die", "dice"), sides=sides[0]
    )


def draw_competition(
    db: LeagueDB, *, competition_id: int, seeding: str = "draw", faces: Sequence[int] | None = None,
    order: Sequence[int] | None = None, rng: random.Random | None = None,
) -> Change:  # fmt: skip
    """Draw or seed a tournament and make its first round's fixtures (a knock-out's byes go through at once).
    Playoffs take the top of the league table, seeded by it. A draw is made again only while no game is played."""
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        competition = _open(session, competition_id)
        if competition.format == "league":
            raise RuleViolation(_("The league fixtures are not drawn; they are made with Generate Fixtures."))
        if _played_games(session, competition):
            raise RuleViolation(
                _(
                    "{name} has games played; its draw cannot be made again. Abandon it with a reason, or play it on."
                ).format(name=competition.name)
            )
        _clear_draw(session, competition)
        if competition.format == "playoffs":
            seeding = "table"
            _enter_playoff_teams(session, ruleset, competition)
        entries = list(session.scalars(
            select(CompetitionEntry).where(CompetitionEntry.competition_id == competition.id, CompetitionEntry.out == "")
            .order_by(CompetitionEntry.id)
        ))  # fmt: skip
        rc.check_entrants([e.team_id for e in entries])
        if competition.third_place and len(entries) < 4:
            raise RuleViolation(
                _(
                    "{name} has a third-place game, which needs four teams at least (the semi-finals' losers); it has "
                    "{count} left."
                ).format(name=competition.name, count=count(len(entries), "team"))
            )
        seeded = _seeded(session, ruleset, competition, entries, seeding, faces, order, rng)
        by_team = {e.team_id: e for e in entries}
        for seed, team_id in enumerate(seeded, start=1):
            by_team[team_id].seed = seed
            session.add(by_team[team_id])
        if not competition.first_round:
            competition.first_round = _first_free_round(session, competition.season)
        competition.seeding = seeding
        competition.status = "drawn"
        session.add(competition)
        session.flush()
        if competition.format == "swiss":
            _pair_swiss_round(session, ruleset, competition, 1)
        else:
            _make_bracket(session, ruleset, competition, seeded)
        tx.label = _("draw of {name}: {seedings}").format(name=competition.name, seedings=_(rc.SEEDINGS[seeding]))
        tx.result = competition.id
    return tx.change


def _first_free_round(session: Session, season: int) -> int:
    return (session.scalar(select(func.max(Match.round)).where(Match.season == season)) or 0) + 1


def _enter_playoff_teams(session: Session, ruleset: Ruleset, competition: Competition) -> None:
    league = session.scalars(
        select(Competition).where(Competition.season == competition.season, Competition.format == "league")
    ).first()
    if league is None or not session.scalar(select(func.count()).where(Match.competition_id == league.id)):
        raise RuleViolation(_("Playoffs take the top of the league table; the season has no league fixtures yet."))
    left = session.scalar(
        select(func.count()).where(Match.competition_id == league.id, Match.status == "scheduled")
    )
    if left and league.status != "abandoned":
        raise RuleViolation(
            _("Playoffs are drawn after the league's last fixture; {count} {value} still to play.").format(
                count=count(left, "league fixture"), value="is" if left == 1 else "are"
            )
        )
    table = sq.league_standing(session, ruleset, competition.season)
    if competition.rounds > len(table):
        raise RuleViolation(
            _("The league table has {count}; the top {rounds} cannot go through.").format(
                count=count(len(table), "team"), rounds=competition.rounds
            )
        )
    for entry in session.scalars(
        select(CompetitionEntry).where(CompetitionEntry.competition_id == competition.id)
    ):
        session.delete(entry)
    session.flush()
    for row in table[: competition.rounds]:
        session.add(CompetitionEntry(competition_id=competition.id, team_id=row.id))
    session.flush()


def _make_bracket(session: Session, ruleset: Ruleset, competition: Competition, seeded: list[int]) -> None:
    """Every tie of the bracket at once (the first round's teams placed), the first round's fixtures, and the
    byes through to the second round."""
    total = rc.rounds_of(len(seeded))
    first = rc.first_round(seeded)
    ties = []
    for number in range(1, total + 1):
        for position in range(2 ** (total - number)):
            tie = CompetitionTie(competition_id=competition.id, round=number, position=position)
            if number == 1:
                tie.home_team_id, tie.away_team_id = first[position]
                if tie.home_team_id is None or tie.away_team_id is None:
                    tie.bye, tie.note = True, "bye"
            ties.append(tie)
    if competition.third_place and total >= 2:
        ties.append(CompetitionTie(competition_id=competition.id, round=total, position=1))
    # the first round's fixtures first: each tie is then written once, with its game (issue 40: not written, then
    # given its game in a second statement), and in the order of the bracket
    _fixtures(session, competition, [t for t in ties if t.round == 1 and not t.bye], total)
    session.add_all(ties)
    session.flush()
    for tie in ties:
        if tie.round == 1 and tie.bye:
            _won(session, ruleset, competition, tie, tie.home_team_id or tie.away_team_id)


def _tie(session: Session, competition: Competition, number: int, position: int) -> CompetitionTie:
    return session.scalars(select(CompetitionTie).where(
        CompetitionTie.competition_id == competition.id, CompetitionTie.round == number,
        CompetitionTie.position == position,
    )).one()  # fmt: skip


def _ties(session: Session, competition: Competition, number: int | None = None) -> list[CompetitionTie]:
    query = select(CompetitionTie).where(CompetitionTie.competition_id == competition.id)
    if number is not None:
        query = query.where(CompetitionTie.round == number)
    return list(session.scalars(query.order_by(CompetitionTie.round, CompetitionTie.position)))


def _total_rounds(session: Session, competition: Competition) -> int:
    if competition.format == "swiss":
        return competition.rounds
    return (
        session.scalar(
            select(func.max(CompetitionTie.round)).where(CompetitionTie.competition_id == competition.id)
        )
        or 0
    )


def _fixture(session: Session, competition: Competition, tie: CompetitionTie) -> Match:
    """The tie's game as an ordinary fixture, in the season round of its competition round."""
    return _fixtures(session, competition, [tie], _total_rounds(session, competition))[0]


def _fixtures(session: Session, competition: Competition, ties: list[CompetitionTie], total: int) -> list[Match]:
    """The ties' games (all of one round) as ordinary fixtures, in the season round of their competition round;
    refused when a team already plays in that round (one clash query for them all)."""
    if not ties:
        return []
    season_round = competition.first_round + ties[0].round - 1
    teams = {t for tie in ties for t in (tie.home_team_id, tie.away_team_id)}
    clash = session.scalars(select(Match).where(
        Match.season == competition.season, Match.round == season_round,
        or_(Match.home_team_id.in_(teams), Match.away_team_id.in_(teams)),
    )).first()  # fmt: skip
    if clash is not None:
        busy = next(t for t in (clash.home_team_id, clash.away_team_id) if t in teams)
        what = f"round {ties[0].round}" if competition.format == "swiss" else rc.round_name(ties[0].round, total)
        raise RuleViolation(
            _(
                "{name} already play in round {season_round}, where {owner} {what} is played; move that fixture "
                "first."
            ).format(
                name=session.get(Team, busy).name,
                season_round=season_round,
                owner=possessive(competition.name),
                what=what,
                owner_name=competition.name,
            )
        )
    matches = []
    for tie in ties:
        if competition.format == "swiss":
            stage = f"Swiss round {tie.round}"  # i18n: key (a stored stage)
        else:
            stage = rc.stage_of(tie.round, total, third_place=tie.position == 1 and tie.round == total)
        matches.append(Match(season=competition.season, round=season_round, home_team_id=tie.home_team_id,
                             away_team_id=tie.away_team_id, stage=stage, competition_id=competition.id))  # fmt: skip
    session.add_all(matches)
    session.flush()
    for tie, match in zip(ties, matches, strict=True):
        tie.match_id = match.id  # a tie of the session is written with it; a new one when it is added
    return matches


def _won(session: Session, ruleset: Ruleset, competition: Competition, tie: CompetitionTie, winner: int) -> None:
    """The tie's winner goes on: into the next round's tie at once (its fixture made when both are known)."""
    tie.winner_team_id = winner
    session.add(tie)
    if competition.format == "swiss":
        _swiss_round_done(session, ruleset, competition, tie.round)
        return
    total = _total_rounds(session, competition)
    if tie.round == total:
        _knockout_done(session, competition)
        return
    _place(session, ruleset, competition, tie.round + 1, *rc.next_place(tie.position), winner)
    if competition.third_place and tie.round == total - 1 and not tie.bye:
        loser = tie.away_team_id if winner == tie.home_team_id else tie.home_team_id
        if loser is not None:
            _place(session, ruleset, competition, total, 1, tie.position % 2 == 0, loser)


def _place(
    session: Session,
    ruleset: Ruleset,
    competition: Competition,
    number: int,
    position: int,
    home: bool,
    team_id: int,
) -> None:
    target = _tie(session, competition, number, position)
    if home:
        target.home_team_id = team_id
    else:
        target.away_team_id = team_id
    session.add(target)
    session.flush()
    if target.bye and target.winner_team_id is None:  # its other team withdrew: this one goes through
        _won(session, ruleset, competition, target, team_id)
    elif target.home_team_id is not None and target.away_team_id is not None and target.match_id is None:
        _fixture(session, competition, target)


def _knockout_done(session: Session, competition: Competition) -> None:
    total = _total_rounds(session, competition)
    last = _ties(session, competition, total)
    if all(t.winner_team_id is not None for t in last):
        final = next(t for t in last if t.position == 0)
        competition.winner_team_id = final.winner_team_id
        competition.status = "finished"
        session.add(competition)


# -- Swiss rounds ----------------------------------------------------------------------------------
def _pair_swiss_round(session: Session, ruleset: Ruleset, competition: Competition, number: int) -> None:
    session.flush()
    standing = [row.team_id for row in q.swiss_standing(session, ruleset, competition)]
    still_in = {e.team_id for e in session.scalars(select(CompetitionEntry).where(
        CompetitionEntry.competition_id == competition.id, CompetitionEntry.out == ""))}  # fmt: skip
    standing = [t for t in standing if t in still_in]
    ties = _ties(session, competition)
    played = {frozenset((t.home_team_id, t.away_team_id)) for t in ties if not t.bye}
    had_bye = {t.home_team_id for t in ties if t.bye}
    pairs, bye = rc.swiss_pairs(standing, played, had_bye, rounds_left=competition.rounds - number)
    ties = [CompetitionTie(competition_id=competition.id, round=number, position=position, home_team_id=home,
                           away_team_id=away) for position, (home, away) in enumerate(pairs)]  # fmt: skip
    session.add_all(ties)
    session.flush()
    _fixtures(session, competition, ties, competition.rounds)
    if bye is not None:
        tie = CompetitionTie(competition_id=competition.id, round=number, position=len(pairs), home_team_id=bye,
                             winner_team_id=bye, bye=True, note="bye")  # fmt: skip
        session.add(tie)
    session.flush()


def _swiss_round_done(session: Session, ruleset: Ruleset, competition: Competition, number: int) -> None:
    session.flush()
    if any(t.winner_team_id is None and not _level_swiss(session, t) for t in _ties(session, competition, number)):
        return
    if number < competition.rounds and len(q.still_in(session, competition)) >= 2:
        _pair_swiss_round(session, ruleset, competition, number + 1)
        return
    standing = q.swiss_standing(session, ruleset, competition)
    competition.winner_team_id = standing[0].team_id if standing else None
    competition.status = "finished"
    session.add(competition)


def _level_swiss(session: Session, tie: CompetitionTie) -> bool:
    """A Swiss game played and drawn: done, with no winner."""
    if tie.match_id is None:
        return False
    match = session.get(Match, tie.match_id)
    return match.status != "scheduled" and match.home_score == match.away_score


def is_knockout(session: Session, match: Match) -> bool:
    """A game of a knock-out cup or the playoffs: it cannot end level."""
    if match.competition_id is None:
        return False
    return session.get(Competition, match.competition_id).format in rc.KNOCKOUTS


def game_reported(session: Session, ruleset: Ruleset, match: Match) -> None:
    """A competition's game was reported (inside the report's transaction): its winner goes on at once."""
    if match.competition_id is None:
        return
    competition = session.get(Competition, match.competition_id)
    if competition.status == "abandoned":
        raise RuleViolation(
            _("{name} was abandoned ({reason}); its games are not played.").format(
                name=competition.name, reason=competition.reason
            )
        )
    if competition.format == "league":
        return
    tie = session.scalars(select(CompetitionTie).where(CompetitionTie.match_id == match.id)).first()
    if tie is None:
        return
    winner = rc.home_wins(match.home_score, match.away_score, match.decided)
    if winner is None:  # a Swiss game may end level
        _swiss_round_done(session, ruleset, competition, tie.round)
        return
    _won(session, ruleset, competition, tie, match.home_team_id if winner else match.away_team_id)


# -- a team leaves, a tournament ends early or goes ------------------------------------------------
def withdraw_team(db: LeagueDB, *, competition_id: int, team_id: int, reason: str) -> Change:
    """A team retires from a tournament: its unplayed game goes (its opponent goes through, and is told so)."""
    reason = kept(reason, _("The reason a team withdraws"), REASON_LENGTH)
    if not reason:
        raise RuleViolation(_("Say why the team withdraws; the bracket shows it."))
    ruleset = db.ruleset
    with db.write() as tx:
        session = tx.session
        competition = _open(session, competition_id)
        if competition.format == "league":
            raise RuleViolation(_("A team leaves the league fixtures by their fixtures being deleted or moved."))
        team = get_team(session, team_id)
        entry = session.scalars(select(CompetitionEntry).where(
            CompetitionEntry.competition_id == competition.id, CompetitionEntry.team_id == team.id)).first()  # fmt: skip
        if entry is None:
            raise RuleViolation(_("{name} are not in {name2}.").format(name=team.name, name2=competition.name))
        if entry.out:
            raise RuleViolation(
                _("{name} already left {name2} ({out}).").format(
                    name=team.name, name2=competition.name, out=entry.out
                )
            )
        if competition.status == "finished":
            raise RuleViolation(
                _("{name} is over; {name2} cannot withdraw from it now.").format(
                    name=competition.name, name2=team.name
                )
            )
        alive = [t for t in _ties(session, competition) if team.id in (t.home_team_id, t.away_team_id)
                 and t.winner_team_id is None]  # fmt: skip
        if (
            competition.status == "drawn"
            and competition.format != "swiss"
            and not alive
            and not _waiting(session, competition, team.id)
        ):
            raise RuleViolation(
                _("{name} are already out of {name2}.").format(name=team.name, name2=competition.name)
            )
        entry.out = f"withdrew: {reason}"
        session.add(entry)
        said = _("{name} withdrew from {name2} ({reason})").format(
            name=team.name, name2=competition.name, reason=reason
        )
        for tie in alive:
            other = tie.away_team_id if tie.home_team_id == team.id else tie.home_team_id
            if tie.match_id is not None:
                match = session.get(Match, tie.match_id)
                tie.match_id = None
                session.add(tie)
                session.flush()
                _clear_fixture(
                    session, match, _("{name} cannot withdraw from a game they have begun").format(name=team.name)
                )
            if other is None:  # the opponent is not known yet: whoever comes goes through
                if tie.home_team_id == team.id:
                    tie.home_team_id = None
                else:
                    tie.away_team_id = None
                tie.bye = True
                tie.note = _("{name} withdrew ({reason}): their opponent goes through").format(
                    name=team.name, reason=reason
                )
                session.add(tie)
                said += _("; their next opponent goes through")
            else:
                tie.note = _("{name} withdrew ({reason}): {other} go through").format(
                    name=team.name, reason=reason, other=session.get(Team, other).name
                )
                said += _("; {name} go through").format(name=session.get(Team, other).name)
                _won(session, ruleset, competition, tie, other)
        tx.label = said
        tx.result = said
    return tx.change


def _waiting(session: Session, competition: Competition, team_id: int) -> bool:
    return (
        any(t.winner_team_id == team_id for t in _ties(session, competition)) and competition.status != "finished"
    )


def abandon_competition(db: LeagueDB, *, competition_id: int, reason: str, made_by: str) -> Change:
    """The commissioner abandons a competition of the season with a reason (a correction, in the history): its
    games still to play are not played, and End Season no longer waits for them."""
    with db.write() as tx:
        session = tx.session
        competition = _open(session, competition_id)
        abandon(session, competition, reason, made_by)
        tx.label = _("{name} abandoned: {reason}").format(name=competition.name, reason=competition.reason)
    return tx.change


def abandon(session: Session, competition: Competition, reason: str, made_by: str) -> None:
    from roster_app.services.corrections import _signed_by

    made_by, reason = _signed_by(made_by, reason)
    if competition.status == "finished":
        raise RuleViolation(
            _("{name} is finished; there is nothing left to abandon.").format(name=competition.name)
        )
    before = {"competition": competition.name, "status": competition.status}
    competition.status = "abandoned"
    competition.reason = reason
    session.add(competition)
    session.add(Correction(kind="competition", made_by=made_by, reason=reason, before=before,
                           after={"competition": competition.name, "status": "abandoned"},
                           season=competition.season))  # fmt: skip


def delete_competition(db: LeagueDB, *, competition_id: int) -> Change:
    """Delete a tournament none of whose games was played (a played one is abandoned instead)."""
    with db.write() as tx:
        session = tx.session
        competition = _get(session, competition_id)
        played = _played_games(session, competition)
        if played:
            raise RuleViolation(
                _(
                    "{name} has {count} played; those games stay in the league's history. Abandon it with a reason "
                    "instead."
                ).format(name=competition.name, count=count(played, "game"))
            )
        if competition.format == "league" and session.scalar(
            select(func.count()).where(Match.competition_id == competition.id)
        ):
            raise RuleViolation(_("The league fixtures go with their fixtures: delete the unplayed ones first."))
        _clear_draw(session, competition)
        for entry in session.scalars(
            select(CompetitionEntry).where(CompetitionEntry.competition_id == competition.id)
        ):
            session.delete(entry)
        session.flush()
        tx.label = _("{name} deleted").format(name=competition.name)
        session.delete(competition)
    return tx.change


def finish_league(session: Session, ruleset: Ruleset, season: int) -> None:
    """The season ends: its league competition is finished, won by the top of the table (roll of honour)."""
    league = session.scalars(
        select(Competition).where(Competition.season == season, Competition.format == "league")
    ).first()
    if league is None or league.status == "abandoned":
        return
    table = sq.league_standing(session, ruleset, season)
    league.status = "finished"
    league.winner_team_id = table[0].id if table and table[0].played else None
    session.add(league)


def abandon_unfinished(session: Session, season: int, reason: str, made_by: str) -> list[str]:
    """Abandon every competition of the season with games still to play (End Season with a reason)."""
    names = []
    for left in q.still_to_play(session, season):
        if left.competition_id is None:  # fixtures outside any competition stay unplayed in their season
            continue
        abandon(session, session.get(Competition, left.competition_id), reason, made_by)
        names.append(left.name)
    return names


# -- the league table's roll-off ------------------------------------------------------------------
def roll_off_table(
    db: LeagueDB, *, team_ids: Sequence[int], faces: Sequence[int] | None = None, rng: random.Random | None = None
) -> Change:
    """The league table's last tie-breaker: teams level on everything else roll off (typed faces, one a team in
    the order given, or the app's dice); the higher total goes above. A roll-off that ends level is refused."""
    ruleset = db.ruleset
    team_ids = list(team_ids)
    rc.check_entrants(team_ids, _("A roll-off"))
    spec = rc.roll_off_dice(ruleset)
    with db.write() as tx:
        session = tx.session
        teams = [get_team(session, tid) for tid in team_ids]
        typed = faces is not None
        if faces is None:
            rng = rng or random.SystemRandom()
            while True:
                faces = [sum(rng.randint(1, spec.sides) for _unused in range(spec.count)) for _unused in teams]
                if len(set(faces)) == len(faces):
                    break
        faces = list(faces)
        if len(faces) != len(teams) or any(
            not isinstance(f, int) or isinstance(f, bool) or not spec.lowest <= f <= spec.highest for f in faces
        ):
            raise RuleViolation(
                _("A roll-off is one {spec} a team, each {lowest} to {highest}.").format(
                    spec=spec, lowest=spec.lowest, highest=spec.highest
                )
            )
        if len(set(faces)) != len(faces):
            raise RuleViolation(_("The roll-off left teams level; roll again."))
        season = current_season(session)
        groups = q.level_before_roll_off(session, ruleset, season)
        if not any({row.id for row in group} == set(team_ids) for group in groups):
            if "roll_off" not in ruleset.table("league_points")["tie_breakers"]:
                raise RuleViolation(_("The league's tie-breakers have no roll-off (Rules: League points)."))
            level = "; ".join(", ".join(row.name for row in group) for group in groups)
            raise RuleViolation(
                _("A roll-off is for teams level on every other tie-breaker, all of them at once: {level}.").format(
                    level=level) if groups else
                _("No teams of the league table are level on every other tie-breaker: no roll-off is needed.")
            )  # fmt: skip
        for team, face in zip(teams, faces, strict=True):
            session.add(DiceRoll(purpose=sq.table_roll_off_purpose(season), dice=str(spec), faces=[face], total=face,
                                 typed=typed, team_id=team.id))  # fmt: skip
        tx.label = _("league table roll-off: ") + ", ".join(
            f"{t.name} {f}" for t, f in zip(teams, faces, strict=True)
        )
    return tx.change
