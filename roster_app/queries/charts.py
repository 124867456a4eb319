"""The points of the league's charts, Qt-free: ui/charts draws them on screen and for the magazine's pages.

A Chart is lines (x, y points per series: a team's rating round by round) or bars (one value per category and
series: the SPP leaders). Names stay as typed here; whoever draws them shows them as plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import or_, select
from sqlalchemy.orm import aliased

from roster_app.i18n import N_, _
from roster_app.queries import careers
from roster_app.queries import season as sq
from roster_app.queries.season import PLAYED
from roster_app.rules.economy import economy
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, Referee, RefereeMatch, Team

MEASURES = {
    "rating": N_("Team rating"),
    "treasury": N_("Treasury (thousands of gp)"),
    "fan_factor": N_("Fan factor"),
}  # shown through _()
SCALES = {"treasury": 1000}  # a treasury reads as "250", not "250000", on an axis


@dataclass(frozen=True)
class Series:
    name: str
    points: tuple[tuple[float, float], ...]  # lines: (x, y); bars: (category index, value)


@dataclass(frozen=True)
class Chart:
    key: str  # names the chart's image in a printed page ("chart:<key>")
    kind: str  # "lines", "bars" (across: a leaders' list) or "columns" (standing: game by game)
    title: str
    series: tuple[Series, ...]
    x_title: str = ""
    y_title: str = ""
    categories: tuple[str, ...] = ()  # bars: the label of each bar, top (or left) first

    @property
    def empty(self) -> bool:
        return not any(s.points for s in self.series)


def timeline_series(timeline: careers.TeamTimeline, measure: str, *, by_round: bool) -> Series:
    """One team's measure after each game: x is the round (one season) or the game's number (a career); a game
    whose post-match sequence is not finished has no rating or fan factor yet and is left out."""
    points = []
    for number, point in enumerate(timeline.points, start=1):
        value = getattr(point, measure)
        if value is not None:
            points.append((float(point.round if by_round else number), value / SCALES.get(measure, 1)))
    return Series(timeline.name, tuple(points))


def _chart(measure: str, series: tuple[Series, ...], season: int | None, name: str | None = None) -> Chart:
    name = name or _(MEASURES[measure])
    title = _("{name}, season {season}").format(name=name, season=season) if season is not None else name
    return Chart(f"team-{measure}", "lines", title, series, "Round" if season is not None else "Game", name)


def timelines_chart(timelines: list[careers.TeamTimeline], measure: str, *, season: int | None) -> Chart:
    """Each timeline's rating, treasury or fan factor after each game (of `season`, or of every season)."""
    return _chart(
        measure, tuple(timeline_series(t, measure, by_round=season is not None) for t in timelines), season
    )


def _after_each_game(db: LeagueDB, team_ids: list[int], measure: str, season: int | None) -> tuple[Series, ...]:
    """Each team's rating or fan factor as its post-match sequence left it, game by game: the games' rows alone
    (a team's timeline also reads its whole ledger, which only the treasury needs)."""
    key = f"{measure}_after"
    chosen = or_(Match.home_team_id.in_(team_ids), Match.away_team_id.in_(team_ids))
    query = select(Match.round, Match.home_team_id, Match.away_team_id, Match.post_match).where(
        chosen, Match.status.in_(PLAYED)
    )
    if season is not None:
        query = query.where(Match.season == season)
    with db.read() as session:
        names = dict(session.execute(select(Team.id, Team.name).where(Team.id.in_(team_ids))).all())
        rows = session.execute(query.order_by(Match.played_at, Match.id)).all()
    points: dict[int, list[tuple[float, float]]] = {team: [] for team in team_ids}
    games = dict.fromkeys(team_ids, 0)
    for rnd, home, away, post_match in rows:
        results = (post_match or {}).get("results", {})
        for team in (home, away):
            if team not in games:
                continue
            games[team] += 1
            value = results.get(str(team), {}).get(key)
            if value is not None:  # None until the game's post-match sequence has reached it
                points[team].append((float(rnd if season is not None else games[team]), float(value)))
    return tuple(Series(names[team], tuple(points[team])) for team in team_ids if team in names)


def team_chart(db: LeagueDB, team_ids: list[int], measure: str, *, season: int | None) -> Chart:
    """Each team's rating, treasury or fan factor after each game of `season` (every season: None)."""
    if measure == "rating" and economy(db.ruleset).is_value:  # the team value an LRB 5/6 sequence records
        series = tuple(Series(s.name, tuple((x, y / SCALES["treasury"]) for x, y in s.points))
                       for s in _after_each_game(db, team_ids, measure, season))  # fmt: skip
        worth = economy(db.ruleset).worth_name
        said = {"Team rating": _("Team rating (thousands of gp)"), "Team value": _("Team value (thousands of gp)")}
        return _chart(
            measure, series, season, said.get(worth, f"{worth} (thousands of gp)")
        )  # i18n: keep (an edition's own name)
    if measure != "treasury":
        return _chart(measure, _after_each_game(db, team_ids, measure, season), season)
    series = tuple(Series(name, tuple((float(rnd if season is not None else n), g / SCALES[measure])
                                      for n, (rnd, g) in enumerate(gold, start=1)))
                   for name, gold in careers.treasuries(db, team_ids, season=season))  # fmt: skip
    return _chart(measure, series, season)


def upto(chart: Chart, rnd: int | None) -> Chart:
    """A chart over rounds cut at `rnd` (None: whole): the season as it stood after that round."""
    if rnd is None:
        return chart
    series = tuple(Series(s.name, tuple(p for p in s.points if p[0] <= rnd)) for s in chart.series)
    return Chart(chart.key, chart.kind, chart.title, series, chart.x_title, chart.y_title, chart.categories)


def spp_leaders_chart(db: LeagueDB, season: int, *, limit: int = 10, upto_round: int | None = None) -> Chart:
    """The season's SPP leaders as bars, the leader first (as they stood after `upto_round`)."""
    rows = sq.leaders(db, "spp", season=season, limit=limit, upto_round=upto_round)
    return Chart("spp-leaders", "bars", _("SPP leaders, season {season}").format(season=season),
                 (Series("SPP", tuple((float(i), float(r.value)) for i, r in enumerate(rows))),),
                 "", "SPP", tuple(f"{r.name} ({r.team})" for r in rows))  # fmt: skip


def referee_turns_chart(db: LeagueDB, season: int, *, rnd: int | None = None) -> Chart:
    """Each ref's turns in range in each game he finished in `season` (x: the round), or, for one round, a bar a
    game (the ref, and "Home v Away" under his name)."""
    home, away = aliased(Team), aliased(Team)
    query = (
        select(Referee.name, Match.round, home.name, away.name, RefereeMatch.in_range)
        .join(RefereeMatch, RefereeMatch.referee_id == Referee.id)
        .join(Match, Match.id == RefereeMatch.match_id)
        .join(home, home.id == Match.home_team_id)
        .join(away, away.id == Match.away_team_id)
        .where(Match.season == season, RefereeMatch.finished.is_(True))
        .order_by(Referee.name, Match.round, Match.id)
    )
    if rnd is not None:
        query = query.where(Match.round == rnd)
    with db.read() as session:
        rows = [
            (ref, r, h, a, sum(1 for tick in ticks if tick is True))
            for ref, r, h, a, ticks in session.execute(query)
        ]
    if rnd is not None:
        return Chart("referee-turns", "bars", _("Turns in range, round {rnd}").format(rnd=rnd),
                     (Series(_("Turns in range"), tuple((float(i), float(row[4])) for i, row in enumerate(rows))),),
                     "", _("Turns in range"), tuple(f"{ref}\n{h} v {a}" for ref, _r, h, a, _t in rows))  # fmt: skip
    by_ref: dict[str, list[tuple[float, float]]] = {}
    for ref, r, _h, _a, turns in rows:
        by_ref.setdefault(ref, []).append((float(r), float(turns)))
    return Chart("referee-turns", "lines", _("Referees' turns in range, season {season}").format(season=season),
                 tuple(Series(name, tuple(points)) for name, points in by_ref.items()), "Round",
                 _("Turns in range"))  # fmt: skip


def referee_career_chart(career: careers.RefereeCareer) -> Chart:
    """A ref's turns in range in each game of his career, a bar a game."""
    labels = tuple(f"S{g.season} R{g.round}" if g.season else f"Game {i}" for i, g in enumerate(career.games, 1))
    return Chart("referee-career", "columns", _("Turns in range, game by game"),
                 (Series(_("Turns in range"), tuple((float(i), float(g.in_range)) for i, g in enumerate(career.games))),),
                 "", _("Turns in range"), labels)  # fmt: skip
