"""The website of a league as a list of pages to make: each with its path, the digest of what it is made from
(publish/sources.py) and a function that reads the league through the queries and returns its HTML.

Nothing is read for a page until it is made, so a republish that keeps a page never reads its data.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import cache

from sqlalchemy import text

from roster_app.errors import DugoutError
from roster_app.i18n import _
from roster_app.paths import resources_dir
from roster_app.printing import data
from roster_app.printing.magazine import magazine_data, story_season
from roster_app.publish import pages
from roster_app.publish.folder import made_from_same_rows
from roster_app.publish.pages import Site
from roster_app.publish.sources import read_sources
from roster_app.queries import careers, charts, history
from roster_app.queries import referees as ref_queries
from roster_app.queries import rosters as roster_queries
from roster_app.queries import season as sq
from roster_app.store.db import LeagueDB
from roster_app.store.statuses import PlayerStatus

MAGAZINE_ISSUES = (
    4  # the latest rounds of the season, an issue each (an issue reads every record: ~1 s on 64 teams)
)
LEADERS_ON_FRONT = 5
STYLE = "site.css"


class NothingToPublish(DugoutError):
    """The league has no team: a website of it would be empty."""


@dataclass(frozen=True)
class Page:
    path: str
    key: str | None  # the digest of what it is made from; None: made at every publish
    make: Callable[[], str]


def style_sheet() -> str:
    return (resources_dir() / "templates" / "site" / STYLE).read_text(encoding="utf-8")


def _players(db: LeagueDB) -> list[tuple[int, int, str, str]]:
    with db.engine.connect() as conn:
        return [
            tuple(r)
            for r in conn.execute(text("SELECT id, team_id, name, status FROM player ORDER BY number, id"))
        ]


def _issues(db: LeagueDB) -> list[tuple[int, int]]:
    season = story_season(db)
    rounds = history.played_rounds(db, season)
    return [(season, rnd) for rnd in reversed(rounds[-MAGAZINE_ISSUES:])]


def plan(
    db: LeagueDB, *, show_money: bool = False, today: date | None = None, previous: dict | None = None
) -> list[Page]:
    """Every page of the league's website (NothingToPublish for a league without a team). `previous`: the
    manifest of the site in the folder (its pages made from the same rows are kept, so not read for)."""
    info = roster_queries.league_info(db)
    teams = roster_queries.teams(db)
    if not teams:
        raise NothingToPublish(_("The league {league} has no team yet: there is nothing to publish. Add a team, "
                                 "then publish.").format(league=info.name))  # fmt: skip
    rules = db.ruleset.table("league_points")
    site = Site(info.name, info.season, info.ruleset_name, show_money, tuple(rules.get("tie_breakers", ())),
                (rules["win"], rules["draw"], rules["loss"]))  # fmt: skip
    for team in teams:
        site.add_team(team.id, team.name)
    players = _players(db)
    for pid, _team, name, _status in players:
        site.add_player(pid, name)
    cards = ref_queries.referee_cards(db)
    names = [c.name for c in cards]
    for card in cards:
        site.add_referee(card.id, card.name, unique=names.count(card.name) == 1)
    site.seasons = tuple(history.season_numbers(db))
    site.issues = tuple(_issues(db))
    sources = read_sources(db, show_money=show_money, issues=list(site.issues))
    before = (previous or {}).get("pages") or {}
    due = [pid for pid, *_rest in players  # the players whose pages will be made (folder._build keeps the others)
           if not made_from_same_rows(before.get(site.player_paths[pid]), sources.players.get(pid))]  # fmt: skip
    reads = _Reads(db, site, players, due)
    out = [
        Page(STYLE, None, style_sheet),
        Page("index.html", None, lambda: pages.front_page(site, reads.front(today or date.today()))),
        Page("teams/index.html", None, lambda: pages.teams_index(site, reads.headers())),
        Page("referees/index.html", None, lambda: pages.referees_index(site, cards)),
        Page("seasons/index.html", None, lambda: pages.seasons_index(site, reads.honours())),
        Page("magazine/index.html", None, lambda: pages.magazine_index(site)),
    ]
    out += [Page(site.team_paths[t.id], sources.teams.get(t.id), _bind(reads.team_page, t.id)) for t in teams]
    out += [Page(site.player_paths[pid], sources.players.get(pid), _bind(reads.player_page, pid))
            for pid, *_rest in players]  # fmt: skip
    out += [Page(site.referee_paths[c.id], sources.referees.get(c.id), _bind(reads.referee_page, c))
            for c in cards]  # fmt: skip
    out += [Page(pages.season_path(n), sources.seasons.get(n), _bind(reads.season_page, n)) for n in site.seasons]
    out += [Page(pages.issue_path(s, r), sources.issues.get((s, r)), _bind(reads.issue_page, s, r))
            for s, r in site.issues]  # fmt: skip
    return out


def _bind(function: Callable[..., str], *args: object) -> Callable[[], str]:
    return lambda: function(*args)


class _Reads:
    """The league read for the pages, each read at most once however many pages need it."""

    def __init__(self, db: LeagueDB, site: Site, players: list[tuple[int, int, str, str]], due: list[int]):
        self.db, self.site, self.players = db, site, players
        # the players whose pages will be made, in the order they are made: their careers are read a batch at a
        # time (careers.player_careers: a few statements for hundreds of careers), each used by one page
        self.due, self.ahead = {pid: index for index, pid in enumerate(due)}, {}
        self.due_order = due

    @cache  # noqa: B019 - one publish, then dropped
    def standings(self) -> list[data.Standing]:
        return data.league_table(self.db)

    @cache  # noqa: B019
    def fixtures(self) -> list[sq.FixtureRow]:
        return sq.fixtures(self.db)

    @cache  # noqa: B019
    def champion(self, number: int) -> tuple[int, str] | None:  # the front page's and the seasons' index
        return history.champion(self.db, number)

    @cache  # noqa: B019
    def headers(self) -> list:
        found = roster_queries.team_headers(self.db)
        return sorted(found.values(), key=lambda h: h.name.casefold())

    def front(self, today: date) -> pages.Front:
        leaders = sq.leaders_lists(self.db, history.LEADERS, limit=LEADERS_ON_FRONT)  # one pass, three lists
        teams = sorted(roster_queries.teams(self.db), key=lambda t: t.name.casefold())
        ended = ((n, won) for n in reversed(self.site.seasons) if (won := self.champion(n)))
        latest = next(ended, None)  # the latest season ended (the current one is in play)
        champion = (latest[0], *latest[1]) if latest else None
        return pages.Front(sq.league_table(self.db), self.fixtures(), leaders, today.strftime("%d %B %Y").lstrip("0"),
                           teams, champion)  # fmt: skip

    def honours(self) -> list[tuple[int, str, int, int]]:
        with self.db.engine.connect() as conn:
            played = dict(
                conn.execute(
                    text(
                        "SELECT season, count(*) FROM \"match\" WHERE status IN ('played', 'completed') GROUP BY season"
                    )
                ).all()
            )
        out = []
        for number in self.site.seasons:
            won = self.champion(number)
            out.append((number, won[1] if won else "", won[0] if won else 0, played.get(number, 0)))
        return out

    def team_page(self, team_id: int) -> str:
        sheet = data.roster_sheet(self.db, team_id, standings=self.standings())
        games = [f for f in self.fixtures() if team_id in (f.home_id, f.away_id)]
        measures = ["rating", "fan_factor"] + (["treasury"] if self.site.show_money else [])
        shown = [charts.team_chart(self.db, [team_id], measure, season=None) for measure in measures]
        former = [(pid, name, status) for pid, team, name, status in self.players
                  if team == team_id and status not in PlayerStatus.ON_ROSTER]  # fmt: skip
        team = pages.TeamData(
            sheet, games, sq.team_history(self.db, team_id), [c for c in shown if not c.empty], former
        )
        return pages.team_page(self.site, team)

    def player_page(self, player_id: int) -> str:
        career = self.ahead.pop(player_id, None)
        if career is None:
            index = self.due.get(player_id)
            batch = [player_id] if index is None else self.due_order[index : index + careers.CAREERS_AT_ONCE]
            self.ahead = careers.player_careers(self.db, batch)
            career = self.ahead.pop(player_id, None)
            if career is None:  # no longer in the league: the career's own words say so
                career = careers.player_career(self.db, player_id)
        return pages.player_page(self.site, career)

    def referee_page(self, card: ref_queries.RefereeCard) -> str:
        return pages.referee_page(self.site, card, careers.referee_career(self.db, card.id))

    def season_page(self, number: int) -> str:
        return pages.season_page(self.site, history.season_history(self.db, number), sq.fixtures(self.db, number))

    def issue_page(self, season: int, rnd: int) -> str:
        return pages.magazine_page(self.site, magazine_data(self.db, round_number=rnd, season=season))
