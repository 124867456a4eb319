"""Read side of the pre-match sequence: both teams' ratings and handicaps, Hire Freebooters, the referees
offered with how often each refereed lately. Frozen rows for the wizard; the services read the same."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, select
from sqlmodel import Session

from roster_app.i18n import _
from roster_app.queries.clock import next_fixture, pre_match_refusal
from roster_app.queries.fetch import roster_count
from roster_app.queries.referees import fixture_title, referees_for_fixture, sheet_of
from roster_app.queries.reserves import available_count, has_reserve_side
from roster_app.queries.rosters import team_fan_factor_in_play, team_sheet
from roster_app.rules import prematch as rules
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll
from roster_app.rules.economy import economy, fame_from_fans, inducement_money, team_worth
from roster_app.rules.reserves import Kind, draft_refusal
from roster_app.store.db import LeagueDB
from roster_app.store.models import DiceRoll, Match, Player, Referee, RefereeMatch, ReserveEvent, Team

HANDICAP_PURPOSE = "handicap"  # DiceRoll.purpose of a handicap roll
LATELY_ROUNDS = 3  # "lately": a ref's sheets in this many rounds before the fixture's


@dataclass(frozen=True)
class PreMatchTeam:
    id: int
    name: str
    race: str
    rating: int  # now (a drafted player counts at his full cost)
    on_roster: int
    available: int  # players who can start the match
    draft_refusal: str | None  # why the team may not draft from the reserves (None: it may)
    drafted: tuple[str, ...]  # players drafted for this fixture ("#12 Grak, Orc Blitzer")


@dataclass(frozen=True)
class HandicapRow:
    dice_roll_id: int
    team_id: int
    team: str
    roll: str  # "D6: 4 (typed in)"
    total: int
    handicap: str
    text: str


@dataclass(frozen=True)
class PreMatchView:
    match_id: int
    title: str
    teams: tuple[PreMatchTeam, PreMatchTeam]  # home, away
    due: rules.HandicapsDue  # from the ratings as they stood at the first roll, or as they stand now
    handicaps: tuple[HandicapRow, ...]
    refusal: str | None  # why the sequence cannot be worked on now (played, finished, a sequence open)
    finished: bool
    referee: str | None  # the ref whose match sheet goes with the game, None: not chosen yet
    played: bool = False  # the fixture has been reported
    inducements: tuple[int, int] = (0, 0)  # LRB 5/6: the money for inducements each team gets (home, away)
    worth_name: str = "Team rating"  # i18n: key; what `PreMatchTeam.rating` is, as the edition names it
    fans: tuple[int | None, int | None] = (
        None,
        None,
    )  # LRB 5/6: each team's fans counted (home, away); None: not yet
    fame: tuple[int | None, int | None] = (None, None)  # and the FAME they give, once both are counted

    @property
    def underdog(self) -> PreMatchTeam | None:
        return self.teams[self.due.underdog] if self.due.underdog is not None else None

    @property
    def rolls_left(self) -> int:
        return max(0, self.due.rolls - len(self.handicaps))


def team_rating_now(session: Session, ruleset: Any, team: Team) -> int:
    """What the team is worth now as its edition names it (a team rating, or a team value in gold)."""
    return team_worth(team_sheet(session, team), ruleset)


def _drafted(session: Session, team_id: int, match_id: int) -> tuple[str, ...]:
    rows = session.execute(
        select(Player.number, Player.name, Player.position)
        .join(ReserveEvent, ReserveEvent.player_id == Player.id)
        .where(ReserveEvent.team_id == team_id, ReserveEvent.match_id == match_id, ReserveEvent.kind == Kind.DRAFT)
        .order_by(ReserveEvent.id)
    ).all()
    return tuple(f"#{n} {name}, {position}" for n, name, position in rows)


def _team(session: Session, ruleset: Any, team: Team, match_id: int) -> PreMatchTeam:
    on_roster, available = roster_count(session, team.id), available_count(session, team.id)
    refusal = draft_refusal(has_reserve_side=has_reserve_side(session, team), available=available,
                            on_roster=on_roster, ruleset=ruleset)  # fmt: skip
    return PreMatchTeam(team.id, team.name, team.race, team_rating_now(session, ruleset, team), on_roster, available,
                        refusal, _drafted(session, team.id, match_id))  # fmt: skip


def stored_due(match: Match) -> rules.HandicapsDue | None:
    """The handicaps due as worked out at the fixture's first handicap roll (they stand once rolled)."""
    due = (match.pre_match or {}).get("due")
    return rules.HandicapsDue(due["difference"], due["underdog"], due["rolls"]) if due else None


def _handicaps(session: Session, match: Match) -> tuple[HandicapRow, ...]:
    entries = (match.pre_match or {}).get("handicaps", [])
    rolls = {r.id: r for r in session.scalars(select(DiceRoll).where(DiceRoll.match_id == match.id))}
    names = {match.home_team_id: session.get(Team, match.home_team_id).name,
             match.away_team_id: session.get(Team, match.away_team_id).name}  # fmt: skip
    out = []
    for e in entries:
        row = rolls.get(e["dice_roll_id"])
        text = Roll(row.dice, tuple(row.faces), row.modifier, row.typed).describe() if row else str(e["total"])
        out.append(HandicapRow(e["dice_roll_id"], e["team_id"], names.get(e["team_id"], ""), text, e["total"],
                               e["handicap"], e.get("text", "")))  # fmt: skip
    return tuple(out)


def pre_match_of(session: Session, ruleset: Any, match: Match) -> PreMatchView:
    """The fixture's pre-match sequence as it stands (inside a transaction or a read)."""
    home = _team(session, ruleset, session.get(Team, match.home_team_id), match.id)
    away = _team(session, ruleset, session.get(Team, match.away_team_id), match.id)
    due = stored_due(match) or rules.due_for(home.rating, away.rating, ruleset)
    sheet = sheet_of(session, match.id)
    referee = session.get(Referee, sheet.referee_id).name if sheet is not None else None
    return PreMatchView(match.id, fixture_title(session, match), (home, away), due, _handicaps(session, match),
                        pre_match_refusal(session, match), bool((match.pre_match or {}).get("finished")),
                        referee, match.status != "scheduled",
                        (inducement_money(home.rating, away.rating, ruleset),
                         inducement_money(away.rating, home.rating, ruleset)),
                        economy(ruleset).worth_name, *_fans(match, ruleset))  # fmt: skip


def _fans(match: Match, ruleset: Any) -> tuple[tuple[int | None, int | None], tuple[int | None, int | None]]:
    """Each team's fans counted before the match (services.prematch.roll_fans) and the FAME they give."""
    fans = (match.pre_match or {}).get("fans", {})
    teams = (match.home_team_id, match.away_team_id)
    counted = tuple(fans.get(str(t), {}).get("spectators") for t in teams)
    return counted, tuple(fame_from_fans(fans, t, ruleset) for t in teams)


def pre_match(db: LeagueDB, match_id: int) -> PreMatchView | None:
    """The fixture's pre-match sequence for the wizard (None: no such fixture)."""
    with db.read() as session:
        match = session.get(Match, match_id)
        return pre_match_of(session, db.ruleset, match) if match is not None else None


def team_next_fixture(db: LeagueDB, team_id: int) -> tuple[int | None, str]:
    """The team's next fixture (id, title) for the views that lead into its pre-match; (None, "") if none."""
    with db.read() as session:
        match = next_fixture(session, team_id)
        return (match.id, fixture_title(session, match)) if match is not None else (None, "")


# -- the referees offered -----------------------------------------------------------------------------
@dataclass(frozen=True)
class RefereeOffer:
    id: int
    label: str  # "Hans Pfeiffer (injured)"
    problem: str | None  # why he cannot referee this game (None: he can)
    range: int
    skills: tuple[str, ...]
    lately: int  # his match sheets in the LATELY_ROUNDS rounds before this fixture's, this season
    season: int  # his match sheets this season
    matches: int  # matches refereed in the league (finished sheets)

    @property
    def usage(self) -> str:
        return _("{lately} in the last {rounds} rounds, {season} this season").format(
            lately=self.lately, rounds=LATELY_ROUNDS, season=self.season
        )


def _sheet_counts(session: Session, match: Match, rounds: int) -> tuple[dict[int, int], dict[int, int]]:
    base = (
        select(RefereeMatch.referee_id, func.count())
        .join(Match, Match.id == RefereeMatch.match_id)
        .where(Match.season == match.season, Match.id != match.id)
        .group_by(RefereeMatch.referee_id)
    )
    recent = and_(Match.round < match.round, Match.round >= match.round - rounds)
    season = dict(session.execute(base).all())
    lately = dict(session.execute(base.where(recent)).all())
    return lately, season


def referee_offers(db: LeagueDB, match_id: int, *, rounds: int = LATELY_ROUNDS) -> list[RefereeOffer]:
    """The refs offered for a fixture (never a sacked or dead one; an injured one with the reason), least used
    lately first, with how often each refereed lately: "don't take the Minotaur every match"."""
    ruleset = db.ruleset
    choices = referees_for_fixture(db, match_id)
    with db.read() as session:
        match = session.get(Match, match_id)
        if match is None:
            return []
        lately, season = _sheet_counts(session, match, rounds)
        refs = {r.id: r for r in session.scalars(select(Referee).where(Referee.id.in_([c.id for c in choices])))}
    offers = [
        RefereeOffer(c.id, c.label, c.problem, rr.ref_range(refs[c.id].skills, ruleset), tuple(refs[c.id].skills),
                     lately.get(c.id, 0), season.get(c.id, 0), refs[c.id].matches)
        for c in choices
    ]  # fmt: skip
    return sorted(offers, key=lambda o: (o.problem is not None, o.lately, o.season))


# -- the fan factor each side plays this match with -----------------------------------------------------
def handicap_fan_factor(match: Match, team_id: int) -> int:
    """What the team's handicaps add to its fan factor for this match (the Handicap Table's "Home crowd": +1)."""
    return sum(
        h.get("fan_factor", 0) for h in (match.pre_match or {}).get("handicaps", []) if h["team_id"] == team_id
    )


def match_fan_factors(session: Session, ruleset: Any, match: Match) -> tuple[int, int]:
    """Home's and away's fan factor in this match (the gate's dice, the kick-off): each team's own, less its
    allies' penalty, plus what its handicaps add."""
    return tuple(
        max(0, team_fan_factor_in_play(session, ruleset, session.get(Team, t)) + handicap_fan_factor(match, t))
        for t in (match.home_team_id, match.away_team_id)
    )  # type: ignore[return-value]


def fan_factors_for(db: LeagueDB, match_id: int) -> tuple[int, int]:
    """match_fan_factors for the views (the match report dialog, the pad's gate)."""
    with db.read() as session:
        return match_fan_factors(session, db.ruleset, session.get(Match, match_id))


def fans_counted_for(db: LeagueDB, match_id: int) -> tuple[int | None, int | None]:
    """Each team's fans counted before the match (home, away; None: not yet), for the views of the gate where
    the edition counts them (the match report dialog, the pad's gate)."""
    with db.read() as session:
        return _fans(session.get(Match, match_id), db.ruleset)[0]
