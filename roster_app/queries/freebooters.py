"""Read side of Hire Freebooters: what each team hired for a game (kept in match.pre_match["freebooters"]),
what the hired stars and mercenaries did in it, and a Star Player's career across the teams that hired him.

A freebooter is never a Player row: he belongs to the match (seed 001: a star "will not sign contracts"); so
no roster, market, transfer or reserve-table query can ever list him.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from roster_app.store.db import LeagueDB
from roster_app.store.models import LiveEvent, LiveMatch, Match, Team

KEY = "freebooters"  # match.pre_match[KEY][str(team id)]: what that team hired (services/freebooters.py)


@dataclass(frozen=True)
class Hired:
    """One star, mercenary or inducement a team hired for one game, with what he did in it."""

    kind: str  # star, mercenary, inducement
    name: str
    what: str
    cost: int
    count: int = 1
    position: str = ""
    skills: tuple[str, ...] = ()
    touchdowns: int = 0
    casualties: int = 0
    mvp: bool = False

    @property
    def plays(self) -> bool:
        return self.kind != "inducement"


@dataclass(frozen=True)
class TeamFreebooters:
    team_id: int
    team: str
    hired: tuple[Hired, ...]
    petty_cash: int
    from_treasury: int
    total: int
    gate_share: int = 0  # the stars' share of the gate taken in the winnings step (0: not yet, or none)

    @property
    def stars(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.hired if h.kind == "star")

    def inducement_count(self, effect_name: str) -> int:
        return sum(h.count for h in self.hired if h.kind == "inducement" and h.name == effect_name)

    def words(self) -> str:
        """ "Griff Oberwald (Star Player), Bribes x 2" or "none"."""
        return ", ".join(f"{h.name} ({h.what})" if h.plays else h.what for h in self.hired) or "none"


def stored(match: Match) -> dict[str, Any]:
    return dict((match.pre_match or {}).get(KEY) or {})


def _row(team_id: int, team: str, data: Mapping[str, Any]) -> TeamFreebooters:
    played = data.get("played", {})
    hired = tuple(
        Hired(line["kind"], line["name"], line["what"], line["cost"], line.get("count", 1), line.get("position", ""),
              tuple(line.get("skills", ())), **{k: played.get(line["name"], {}).get(k, d)
                                                 for k, d in (("touchdowns", 0), ("casualties", 0), ("mvp", False))})
        for line in data.get("lines", ())
    )  # fmt: skip
    return TeamFreebooters(team_id, team, hired, data.get("petty_cash", 0), data.get("from_treasury", 0),
                           data.get("total", 0), data.get("gate_share", 0))  # fmt: skip


def hired_for(session: Session, match: Match) -> tuple[TeamFreebooters, TeamFreebooters]:
    """Home's and away's freebooters for the game (empty rows where a team hired none)."""
    data = stored(match)
    out = []
    for team_id in (match.home_team_id, match.away_team_id):
        out.append(_row(team_id, session.get(Team, team_id).name, data.get(str(team_id), {})))
    return out[0], out[1]


def match_freebooters(db: LeagueDB, match_id: int) -> tuple[TeamFreebooters, TeamFreebooters] | None:
    with db.read() as session:
        match = session.get(Match, match_id)
        return hired_for(session, match) if match is not None else None


def kicked_off(session: Session, match_id: int) -> bool:
    """The match pad has recorded an event of this game: it has kicked off."""
    live = session.scalars(select(LiveMatch).where(LiveMatch.match_id == match_id)).first()
    if live is None:
        return False
    return session.scalars(select(LiveEvent.id).where(LiveEvent.live_id == live.id)).first() is not None


@dataclass(frozen=True)
class StarGame:
    match_id: int
    season: int
    round: int
    team: str
    opponent: str
    touchdowns: int
    casualties: int
    mvp: bool


@dataclass(frozen=True)
class StarCareer:
    name: str
    games: tuple[StarGame, ...]

    @property
    def teams(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(g.team for g in self.games))

    @property
    def touchdowns(self) -> int:
        return sum(g.touchdowns for g in self.games)

    @property
    def casualties(self) -> int:
        return sum(g.casualties for g in self.games)

    @property
    def mvps(self) -> int:
        return sum(g.mvp for g in self.games)


def star_careers(db: LeagueDB, *, competition: Any = None, season: int | None = None) -> dict[str, StarCareer]:
    """Every Star Player hired in the league, with each game he played (under his own name, whoever hired him);
    `competition` (a queries.history.CompetitionChoice): his games in it; `season`: his games of that season."""
    from roster_app.queries.history import in_competition

    games: dict[str, list[StarGame]] = {}
    where = [in_competition(competition)] + ([] if season is None else [Match.season == season])
    with db.read() as session:
        names = dict(session.execute(select(Team.id, Team.name)).all())
        # the columns read, not the matches as objects (every match of a large league: issue 40)
        columns = (Match.id, Match.season, Match.round, Match.home_team_id, Match.away_team_id, Match.pre_match)
        matches = session.execute(select(*columns).where(*where).order_by(Match.season, Match.round, Match.id))
        for match_id, number, rnd, home_id, away_id, pre_match in matches:
            for team_key, data in (dict((pre_match or {}).get(KEY) or {})).items():
                team_id = int(team_key)
                other = away_id if team_id == home_id else home_id
                row = _row(team_id, names.get(team_id, ""), data)
                for h in row.hired:
                    if h.kind == "star":
                        games.setdefault(h.name, []).append(StarGame(match_id, number, rnd, row.team,
                                                                     names.get(other, ""), h.touchdowns,
                                                                     h.casualties, h.mvp))  # fmt: skip
    return {name: StarCareer(name, tuple(g)) for name, g in sorted(games.items())}


def team_treasuries(db: LeagueDB, team_ids: list[int]) -> dict[int, int]:
    with db.read() as session:
        return {t.id: t.treasury for t in session.scalars(select(Team).where(Team.id.in_(team_ids)))}
