"""The league magazine of a round: its data read from the league, then pages of sentences from
resources/templates/magazine.html (each sentence a block the commissioner can edit; every value escaped).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from roster_app.errors import NotFound
from roster_app.i18n import N_, _, term
from roster_app.printing import data, render
from roster_app.printing.render import Html, Section, blocks, fill, join
from roster_app.queries import charts, history
from roster_app.queries import competitions as competition_queries
from roster_app.queries import season as sq
from roster_app.queries.freebooters import match_freebooters
from roster_app.queries.transfers import naive_utc
from roster_app.store.db import LeagueDB
from roster_app.store.models import Contract, Match, MatchPlayer, Player, Referee, RefereeMatch, Team, Transfer

CHART_SIZE = (680, 290)  # CSS pixels: the width of an A4 or Letter page's text, three charts to the page
# The queries' titles and units the magazine prints (queries.season.LEADER_TITLES/UNITS, queries.history's
# records), marked here so the printout finds them in its catalogue; shown through _() where printed.
PRINTED_WORDS = (
    N_("Top scorers"),
    N_("Most casualties"),
    N_("Most SPP"),
    N_("TD"),
    N_("Cas"),
    N_("SPP"),
    N_("Most touchdowns in a game"),
    N_("Most casualties in a game"),
    N_("Most touchdowns in a season"),
    N_("Most casualties in a season"),
    N_("Most touchdowns in a career"),
    N_("Most casualties in a career"),
    N_("Most SPP in a game"),
    N_("Most SPP in a season"),
    N_("Most SPP in a career"),
    N_("Biggest transfer"),
    N_("Longest contract"),
)


@dataclass(frozen=True)
class Magazine:
    season: int
    round: int
    results: tuple[sq.FixtureRow, ...]
    table: tuple[sq.StandingRow, ...]
    leaders: dict[str, tuple[sq.LeaderRow, ...]]
    referees: tuple[tuple[str, str, str, int], ...]  # (ref, fixture, verdict, turns in range)
    dead_refs: tuple[str, ...]
    transfers: tuple[tuple[str, str, str, int], ...]  # (player, seller, buyer, price)
    contracts: tuple[tuple[str, str, int, int], ...]  # (player, team, seasons, cost)
    injuries: tuple[tuple[str, str, str], ...]  # (player, team, injury); "Dead" ones are obituaries
    records: tuple[tuple[history.RecordRow, history.RecordRow | None], ...]
    charts: tuple[charts.Chart, ...] = ()  # the round in pictures (empty ones left out)
    champions: tuple[tuple[str, str], ...] = ()  # (tournament, winner) crowned in this round
    stars: tuple[tuple[str, str, str, int], ...] = ()  # (Star Player, team that hired him, fixture, his fee)


def latest_round(db: LeagueDB, season: int) -> int:
    """The latest round of the season with a match played (NotFound before the first)."""
    rounds = history.played_rounds(db, season)
    number = rounds[-1] if rounds else None
    if number is None:
        raise NotFound(
            _("No match of season {season} has been played yet: there is no round to write about.").format(
                season=season
            )
        )
    return number


def _window(session, season: int, rnd: int):  # noqa: ANN001, ANN202 - the round's time span
    def first(r):  # noqa: ANN001, ANN202
        return session.scalar(select(func.min(Match.played_at)).where(Match.season == season, Match.round == r))

    start, end = first(rnd), first(rnd + 1)
    return naive_utc(start), naive_utc(end)


def story_season(db: LeagueDB) -> int:
    """The season the magazine writes about by default: the latest with a match played (else the current)."""
    with db.read() as session:
        latest = session.scalar(select(func.max(Match.season)).where(Match.status.in_(sq.PLAYED)))
    return latest if latest is not None else sq.current_season(db)


def magazine_data(db: LeagueDB, *, round_number: int | None = None, season: int | None = None) -> Magazine:
    """The round's story (by default the latest played round of the latest season with a match played)."""
    season = season if season is not None else story_season(db)
    rnd = round_number if round_number is not None else latest_round(db, season)
    results = tuple(f for f in sq.fixtures(db, season) if f.round == rnd and f.played)
    if not results:
        raise NotFound(
            _("No match of round {round} of season {season} has been played yet.").format(round=rnd, season=season)
        )
    ids = [f.id for f in results]
    titles = {f.id: f"{f.home} v {f.away}" for f in results}
    with db.read() as session:
        sheets = session.execute(
            select(Referee.name, RefereeMatch.match_id, RefereeMatch.result, RefereeMatch.state, RefereeMatch.in_range)
            .join(Referee, Referee.id == RefereeMatch.referee_id)
            .where(RefereeMatch.match_id.in_(ids), RefereeMatch.finished.is_(True))
        ).all()  # fmt: skip
        injuries = session.execute(
            select(Player.name, Team.name, MatchPlayer.injury).join(Player, Player.id == MatchPlayer.player_id)
            .join(Team, Team.id == MatchPlayer.team_id)
            .where(MatchPlayer.match_id.in_(ids), MatchPlayer.injury != "").order_by(MatchPlayer.id)
        ).all()  # fmt: skip
        start, end = _window(session, season, rnd)
        deals = [(t, p, session.get(Team, t.seller_team_id).name, session.get(Team, t.buyer_team_id).name)
                 for t, p in session.execute(select(Transfer, Player.name).join(Player, Player.id == Transfer.player_id)
                                             .where(Transfer.season == season, Transfer.status == "completed"))]  # fmt: skip
        signed = session.execute(
            select(Contract, Player.name, Team.name).join(Player, Player.id == Contract.player_id)
            .join(Team, Team.id == Contract.team_id)
            .where(Contract.signed_season == season, Contract.status != "reversed", Contract.transfer_id.is_(None))
        ).all()  # fmt: skip

    def within(moment) -> bool:  # noqa: ANN001
        moment = naive_utc(moment)
        return moment is not None and (start is None or moment >= start) and (end is None or moment < end)

    refs = tuple((name, titles[mid], result, sum(1 for t in ticks if t is True))
                 for name, mid, result, _state, ticks in sheets)  # fmt: skip
    return Magazine(
        season, rnd, results, tuple(sq.league_table(db, season, upto_round=rnd)),  # as it stood after the round
        {what: tuple(rows) for what, rows in sq.leaders_lists(db, history.LEADERS, season=season, limit=3,
                                                               upto_round=rnd).items()},  # one pass, three lists
        refs,
        tuple(name for name, _m, _r, state, _t in sheets if state == "dead"),
        tuple((p, s, b, t.price or 0) for t, p, s, b in deals if within(t.completed_at)),
        tuple((p, team, c.seasons, c.cost) for c, p, team in signed if within(c.created_at)),
        tuple(injuries), tuple(history.records_broken(db, season, rnd)), round_charts(db, season, rnd),
        crowned(db, season, rnd),
        _stars_hired(db, results),
    )  # fmt: skip


def crowned(db: LeagueDB, season: int, rnd: int) -> tuple[tuple[str, str], ...]:
    """The tournaments whose last game was played in this round, with their winners."""
    out = []
    for row in competition_queries.competitions(db, season):
        if row.format == "league" or row.status != "finished":
            continue
        last = max(t.season_round for r in competition_queries.bracket(db, row.id).rounds for t in r)
        if last == rnd:
            out.append((row.name, row.winner))
    return tuple(out)


def _stars_hired(db: LeagueDB, results: tuple[sq.FixtureRow, ...]) -> tuple[tuple[str, str, str, int], ...]:
    """The Star Players hired for the round's games (Hire Freebooters): "Griff Oberwald hired by ..."."""
    out = []
    for f in results:
        for side in match_freebooters(db, f.id) or ():
            out += [(h.name, side.team, f"{f.home} v {f.away}", h.cost) for h in side.hired if h.kind == "star"]
    return tuple(out)


CHARTED_TEAMS = 6  # the top of the table: more lines than this read as a tangle on paper


def round_charts(db: LeagueDB, season: int, rnd: int) -> tuple[charts.Chart, ...]:
    """The round's charts, as they stood after it: the leading teams' rating round by round, the season's SPP
    leaders, the round's refs (the magazine of an earlier round does not show later games)."""
    leading = [row.id for row in sq.league_table(db, season, upto_round=rnd)[:CHARTED_TEAMS]]
    found = (
        charts.upto(charts.team_chart(db, leading, "rating", season=season), rnd),
        charts.spp_leaders_chart(db, season, limit=8, upto_round=rnd),
        charts.referee_turns_chart(db, season, rnd=rnd),
    )
    return tuple(chart for chart in found if not chart.empty)


def _result(t: dict, f: sq.FixtureRow) -> Html:
    if f.competition:  # a tournament's game: a knock-out's is never level (overtime, a roll-off)
        won = f.home_won
        if won is None:
            return fill(t["cup_draw"], competition=f.competition, stage=render.stage_words(f.stage), home=f.home, away=f.away,
                        score=f.score, gate=render.number(f.gate))  # fmt: skip
        winner, loser = (f.home, f.away) if won else (f.away, f.home)
        return fill(t["cup_win"], competition=f.competition, stage=render.stage_words(f.stage), winner=winner, loser=loser,
                    score=f"{max(f.home_score, f.away_score)}-{min(f.home_score, f.away_score)}",
                    decided=f" {f.decided}" if f.decided else "", gate=render.number(f.gate))  # fmt: skip
    if f.home_score == f.away_score:
        return fill(t["draw"], home=f.home, away=f.away, score=f.score, gate=render.number(f.gate))
    won = f.home_score > f.away_score
    winner, loser = (f.home, f.away) if won else (f.away, f.home)
    return fill(t["win"], winner=winner, loser=loser, score=f"{max(f.home_score, f.away_score)}-"
                f"{min(f.home_score, f.away_score)}", gate=render.number(f.gate), home=f.home)  # fmt: skip


def _standing(t: dict, s: sq.StandingRow) -> Html:
    return fill(t["standing"], position=s.position, team=s.name, played=s.played, won=s.won, drawn=s.drawn,
                lost=s.lost, points=s.points)  # fmt: skip


def _record(t: dict, new: history.RecordRow, old: history.RecordRow | None) -> Html:
    if old is None:
        return fill(
            t["record_first"], title=render.shown(new.title), holder=new.holder, team=new.team, value=new.value
        )
    return fill(t["record"], title=render.shown(new.title), holder=new.holder, team=new.team, value=new.value,
                old_holder=old.holder, old_value=old.value)  # fmt: skip


def magazine_sections(m: Magazine, heading: data.Heading) -> list[Section]:
    t = blocks("magazine")
    nothing = t["nothing"]
    results = join([_result(t, f) for f in m.results]
                   + [fill(t["crowned"], competition=name, winner=winner) for name, winner in m.champions])  # fmt: skip
    table = join([_standing(t, s) for s in m.table])
    leaders = join([fill(t["leader"], title=render.shown(sq.LEADER_TITLES[what]), name=rows[0].name, team=rows[0].team,
                         value=rows[0].value, unit=render.shown(sq.LEADER_UNITS[what])) for what, rows in m.leaders.items() if rows])  # fmt: skip
    refs = join(
        [
            fill(t[f"ref_{verdict or 'kept'}"], ref=ref, fixture=fixture, turns=turns)
            for ref, fixture, verdict, turns in m.referees
        ]  # fmt: skip
        + [fill(t["ref_dead"], ref=name) for name in m.dead_refs]
    )
    records = join([_record(t, new, old) for new, old in m.records]) or fill(nothing)
    front = fill(t["page"], league=heading.league, season=m.season, round=m.round, results=results, table=table,
                 leaders=leaders or fill(nothing), referees=refs or fill(nothing), records=records)  # fmt: skip
    deals = join([fill(t["transfer"], player=p, seller=s, buyer=b, price=render.number(price)) for p, s, b, price in m.transfers]
                 + [fill(t["contract"], player=p, team=team, seasons=n, cost=render.number(cost)) for p, team, n, cost in m.contracts]
                 + [fill(t["star_hired"], star=star, team=team, fixture=fixture, cost=render.number(cost))
                    for star, team, fixture, cost in m.stars])  # fmt: skip
    hurt = join([fill(t["injury"], player=p, team=team, injury=term("injury", injury)) for p, team, injury in m.injuries
                 if injury != "Dead"])  # fmt: skip
    dead = join([fill(t["obituary"], player=p, team=team) for p, team, injury in m.injuries if injury == "Dead"])
    back = fill(t["back"], league=heading.league, season=m.season, round=m.round, deals=deals or fill(nothing),
                injuries=hurt or fill(nothing), obituaries=dead or fill(t["no_obituaries"]))  # fmt: skip
    sections = [
        Section(_("magazine, round {round}").format(round=m.round), front),
        Section(_("magazine, round {round}, page {page}").format(round=m.round, page=2), back),
    ]
    if m.charts:
        images = tuple(render.ChartImage(chart, *CHART_SIZE) for chart in m.charts)
        shown = join(
            [fill(t["chart"], src=image.address, width=image.width, height=image.height) for image in images]
        )
        pictures = fill(t["pictures"], league=heading.league, season=m.season, round=m.round, charts=shown)
        sections.append(
            Section(_("magazine, round {round}, page {page}").format(round=m.round, page=3), pictures, images)
        )
    return sections
