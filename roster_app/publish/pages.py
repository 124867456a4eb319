"""The website's pages, each a function from what the queries read to a whole HTML document (no writing here).

Every page lives at a path relative to the site's folder ("teams/3-orcland-raiders.html") and links to the
others relatively (`Site.href`), so the folder works from a USB stick (file://) or any static host. Money (a
treasury, the ledger's winnings, contract costs and transfer prices) appears only when `Site.show_money`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from roster_app.i18n import N_, _, ngettext, pgettext, term
from roster_app.printing.data import RosterSheet, StaffLine, Standing
from roster_app.printing.magazine import Magazine
from roster_app.printing.render import Html, gold, number, shown, stage_words, status_words
from roster_app.publish import svg
from roster_app.publish.markup import (
    Col,
    empty,
    facts,
    figure,
    heading,
    items,
    link,
    page,
    paragraph,
    section,
    slug,
    table,
)
from roster_app.queries import careers, charts, history
from roster_app.queries import season as sq
from roster_app.queries.referees import RefereeCard
from roster_app.words import count, possessive

STATUS_WORDS = {
    "active": N_("on the roster"),
    "injured": N_("injured"),
    "dead": N_("dead"),
    "retired": N_("retired"),
}


def _status(status: str) -> str:
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status_words(status)


@dataclass
class Site:
    """What every page needs to know of the league and of the other pages (their paths, to link to them)."""

    league: str
    season: int
    ruleset_name: str
    show_money: bool
    tie_breakers: tuple[str, ...] = ()
    points: tuple[int, int, int] = (3, 1, 0)
    team_paths: dict[int, str] = field(default_factory=dict)
    team_names: dict[int, str] = field(default_factory=dict)
    team_by_name: dict[str, int] = field(default_factory=dict)
    player_paths: dict[int, str] = field(default_factory=dict)
    referee_paths: dict[int, str] = field(default_factory=dict)
    referee_by_name: dict[str, int] = field(default_factory=dict)
    seasons: tuple[int, ...] = ()
    issues: tuple[tuple[int, int], ...] = ()  # (season, round) of the magazine issues published, newest first

    def add_team(self, team_id: int, name: str) -> None:
        self.team_paths[team_id] = f"teams/{team_id}-{slug(name)}.html"
        self.team_names[team_id] = name
        self.team_by_name[name] = team_id

    def add_player(self, player_id: int, name: str) -> None:
        self.player_paths[player_id] = f"players/{player_id}-{slug(name)}.html"

    def add_referee(self, referee_id: int, name: str, *, unique: bool) -> None:
        self.referee_paths[referee_id] = f"referees/{referee_id}-{slug(name)}.html"
        if unique:
            self.referee_by_name[name] = referee_id


def season_path(number: int) -> str:
    return f"seasons/{number}.html"


def issue_path(season: int, rnd: int) -> str:
    return f"magazine/season-{season}-round-{rnd}.html"


def root_of(path: str) -> str:
    return "../" * path.count("/")


class Links:
    """Links from one page (its depth decides the `../`)."""

    def __init__(self, site: Site, path: str):
        self.site, self.root = site, root_of(path)
        self._teams: dict[tuple[int | None, str], Html] = {}  # a page names the same few teams again and again

    def to(self, path: str | None, text: object) -> Html:
        return link(None if path is None else self.root + path, text)

    def team(self, team_id: int | None, name: str | None = None) -> Html:
        name = name if name is not None else self.site.team_names.get(team_id, "")
        found = self._teams.get((team_id, name))
        if found is None:
            found = self._teams[team_id, name] = self.to(self.site.team_paths.get(team_id), name)
        return found

    def team_named(self, name: str) -> Html:
        return self.team(self.site.team_by_name.get(name), name)

    def player(self, player_id: int | None, name: str) -> Html:
        return self.to(self.site.player_paths.get(player_id), name)

    def referee(self, referee_id: int | None, name: str) -> Html:
        return self.to(self.site.referee_paths.get(referee_id), name)

    def referee_named(self, name: str) -> Html:
        return self.referee(self.site.referee_by_name.get(name), name)


def _document(site: Site, path: str, title: str, body: list[Html]) -> str:
    full = title if title == site.league else f"{title} \u2013 {site.league}"
    return page(root=root_of(path), league=site.league, title=full, body=Html("\n".join(body)))


def _plain(text: object) -> str:
    return escape(str(text))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


def _score(row: sq.FixtureRow) -> str:
    return f"{row.home_score}\u2013{row.away_score}" if row.played else _("v")


# -- the league table ---------------------------------------------------------------------------------
STANDING_COLUMNS = [  # the points beside W/D/L (what a phone shows first), the tie-breakers and the race after
    Col(N_("Pos"), N_("Position"), numeric=True), Col(N_("Team"), wide=True), Col(N_("P"), N_("Played"), numeric=True),
    Col(N_("W"), N_("Won"), numeric=True), Col(N_("D"), N_("Drawn"), numeric=True), Col(N_("L"), N_("Lost"), numeric=True),
    Col(N_("Pts"), N_("Points"), numeric=True), Col(N_("TD+"), N_("Touchdowns for"), numeric=True),
    Col(N_("TD\u2212"), N_("Touchdowns against"), numeric=True), Col(N_("TD\u00b1"), N_("Touchdown difference"), numeric=True),
    Col(N_("Cas+"), N_("Casualties caused"), numeric=True), Col(N_("Cas\u2212"), N_("Casualties suffered"), numeric=True),
    Col(N_("Cas\u00b1"), N_("Casualty difference"), numeric=True), Col(N_("Race")),
]  # fmt: skip


def standings_table(links: Links, ident: str, caption: str, rows: list[sq.StandingRow]) -> Html:
    body = [
        [r.position, links.team(r.id, r.name), r.played, r.won, r.drawn, r.lost, r.points, r.td_for, r.td_against,
         _signed(r.td_difference), r.cas_for, r.cas_against, _signed(r.cas_difference), term("race", r.race)]
        for r in rows
    ]  # fmt: skip
    return table(ident, caption, STANDING_COLUMNS, body, row_header=1)


# The league's tie-breakers as the site names them (their keys in words), marked for the catalogue.
TIE_BREAKER_WORDS = (N_("touchdown difference"), N_("casualty difference"), N_("touchdowns for"),
                     N_("casualties for"), N_("head to head"), N_("roll off"))  # fmt: skip


def tie_breaker_words(site: Site) -> str:
    win, draw, loss = site.points
    words = [_(key.replace("_", " ")) for key in site.tie_breakers if key != "points"]  # TIE_BREAKER_WORDS
    then = _(", then ").join(words) if words else _("nothing more: they share the position")
    return _(
        "A win is worth {win} points, a draw {draw}, a loss {loss}. Teams level on points are parted by {then}."
    ).format(win=win, draw=draw, loss=loss, then=then)


FIXTURE_COLUMNS = [Col(N_("Round"), numeric=True), Col(N_("Home"), wide=True), Col(N_("Score"), numeric=True),
                   Col(N_("Away"), wide=True)]  # fmt: skip


def fixtures_table(links: Links, ident: str, caption: str, rows: list[sq.FixtureRow], *, stage: bool = False,
                   rounds: bool = True) -> Html:  # fmt: skip
    """Games with their score ("v" still to play); `rounds`: a Round column (not when the caption names it)."""
    columns = (FIXTURE_COLUMNS if rounds else FIXTURE_COLUMNS[1:]) + ([Col(N_("Stage"))] if stage else [])
    body = []
    for r in rows:
        line = [r.round] if rounds else []
        line += [links.team(r.home_id, r.home), _score(r), links.team(r.away_id, r.away)]
        body.append([*line, stage_words(r.stage)] if stage else line)
    return table(ident, caption, columns, body, row_header=1 if rounds else 0)


PLAY_OFFS = ("semi-final", "final")  # rules/postmatch.STAGES after the league, in the order they are played
PLAY_OFF_TITLES = {"semi-final": (N_("Semi final"), N_("Semi finals")), "final": (N_("Final"), N_("Finals"))}


def competitions(links: Links, fixtures: list[sq.FixtureRow]) -> list[Html]:
    """The season's play-offs as a bracket (a column a stage, each game a box), and its friendlies."""
    out = []
    stages = [(stage, [f for f in fixtures if f.stage == stage]) for stage in PLAY_OFFS]
    stages = [(stage, games) for stage, games in stages if games]
    if stages:
        columns = []
        for stage, games in stages:
            boxes = "\n".join(f'<li>{links.team(f.home_id, f.home)} <span class="score">{_plain(_score(f))}</span> '
                              f"{links.team(f.away_id, f.away)}</li>" for f in games)  # fmt: skip
            title = _plain(_(PLAY_OFF_TITLES[stage][len(games) > 1]))
            columns.append(f'<div class="stage"><h3>{title}</h3>\n<ol class="games">\n{boxes}\n</ol></div>')
        out.append(
            section("play-offs", _("The play-offs"), Html('<div class="bracket">' + "\n".join(columns) + "</div>"))
        )
    friendlies = [f for f in fixtures if f.stage == "friendly"]
    if friendlies:
        out.append(section("friendlies", _("Friendlies"), fixtures_table(links, "friendlies-caption",
                                                                         _("Games outside the league"), friendlies)))  # fmt: skip
    return out


LEADER_COLUMNS = [Col(N_("Rank"), numeric=True), Col(N_("Player"), wide=True), Col(N_("Team")), Col(N_("Position")),
                  Col(N_("Total"), numeric=True)]  # fmt: skip


def leaders_table(links: Links, ident: str, caption: str, rows: list[sq.LeaderRow]) -> Html:
    body = [[r.rank, links.player(r.id, r.name), links.team_named(r.team), term("position", r.position), r.value]
            for r in rows]  # fmt: skip
    return table(ident, caption, LEADER_COLUMNS, body, row_header=1)


# -- the front page -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Front:
    table: list[sq.StandingRow]
    fixtures: list[sq.FixtureRow]
    leaders: dict[str, list[sq.LeaderRow]]
    published_on: str
    teams: list  # TeamItem
    champion: tuple[int, int, str] | None = None  # (season, team id, name) of the latest season ended


def front_page(site: Site, front: Front) -> str:
    path = "index.html"
    links = Links(site, path)
    body = [heading(_("Season {season} \u00b7 {ruleset} \u00b7 published on {date}").format(
        season=site.season, ruleset=site.ruleset_name, date=front.published_on), site.league)]  # fmt: skip
    if front.champion:
        season, team_id, name = front.champion
        champion = f"<strong>{links.team(team_id, name)}</strong>"
        body.append(paragraph(Html(_plain(_("Champion of season {season}: {team}")).replace("{season}", str(season))
                                   .replace("{team}", champion))))  # fmt: skip
    played = any(r.played for r in front.table)
    standing = standings_table(links, "table-caption", _("Season {season}, league matches").format(season=site.season),
                               front.table)  # fmt: skip
    note = paragraph(tie_breaker_words(site))
    if not played:
        note = Html(note + empty(_("No league match has been played this season yet.")))
    body.append(section("league-table", _("The league table"), Html(standing + note)))
    league_games = [f for f in front.fixtures if f.stage == "league"]
    done = [f for f in league_games if f.played]
    latest = max((f.round for f in done), default=None)
    results = [f for f in done if f.round == latest]
    waiting = [f for f in league_games if not f.played]
    nearest = min((f.round for f in waiting), default=None)
    upcoming = [f for f in waiting if f.round == nearest]
    body.append(section("results", _("Latest results"),
                        fixtures_table(links, "results-caption", _("Round {round}").format(round=latest), results,
                                       rounds=False) if results
                        else empty(_("No result yet this season."))))  # fmt: skip
    body.append(section("fixtures", _("Next fixtures"),
                        fixtures_table(links, "fixtures-caption", _("Round {round}").format(round=nearest), upcoming,
                                       rounds=False) if upcoming
                        else empty(_("No fixture is waiting to be played."))))  # fmt: skip
    body += competitions(links, front.fixtures)
    leaders = [leaders_table(links, f"leaders-{what}", shown(sq.LEADER_TITLES[what]), rows)
               for what, rows in front.leaders.items() if rows]  # fmt: skip
    body.append(section("leaders", _("The leaders"), Html("\n".join(leaders)) if leaders
                        else empty(_("Nobody has scored, hurt or earned anything this season yet."))))  # fmt: skip
    if site.issues:
        season, rnd = site.issues[0]
        body.append(section("magazine", _("The latest magazine"), paragraph(
            links.to(issue_path(season, rnd), _("Round {round} of season {season}: results, table, leaders, "
                     "deals and the men in stripes").format(round=rnd, season=season)))))  # fmt: skip
    team_list = items([Html(links.team(t.id, t.name) + _plain(f" ({term('race', t.race)}, {count(t.players, 'player')})"))
                       for t in front.teams], "columns")  # fmt: skip
    body.append(section("teams", _("The teams"), team_list))
    return _document(site, path, site.league, body)


def teams_index(site: Site, headers: list) -> str:
    path = "teams/index.html"
    links = Links(site, path)
    columns = [Col(N_("Team"), wide=True), Col(N_("Race")), Col(N_("Coach")), Col(N_("Players"), numeric=True),
               Col(N_("Value"), N_("Team value in gold pieces"), numeric=True), Col(N_("Rating"), N_("Team rating"), numeric=True)]  # fmt: skip
    rows = [[links.team(h.id, h.name), term("race", h.race), h.coach, h.players, gold(h.value), h.rating]
            for h in headers]  # fmt: skip
    if any(h.worth_is_value for h in headers):  # LRB 5/6: the team value is what a team is worth; no rating
        columns, rows = columns[:-1], [row[:-1] for row in rows]
    body = [
        heading(site.league, _("The teams")),
        table("teams-caption", count(len(headers), "team"), columns, rows),
    ]
    return _document(site, path, _("The teams"), body)


# -- a team -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TeamData:
    sheet: RosterSheet
    season_games: list[sq.FixtureRow]
    history: list[sq.HistoryRow]
    charts: list[charts.Chart]
    former: list[tuple[int, str, str]]  # (player id, name, status)


ROSTER_COLUMNS = [
    Col(N_("#"), N_("Shirt number"), numeric=True), Col(N_("Player"), wide=True), Col(N_("Position")),
    Col(N_("MA"), N_("Movement allowance"), numeric=True), Col(N_("ST"), N_("Strength"), numeric=True),
    Col(N_("AG"), N_("Agility"), numeric=True), Col(N_("AV"), N_("Armour value"), numeric=True), Col(N_("Skills"), wide=True),
    Col(N_("Injuries")), Col(N_("TD"), N_("Touchdowns"), numeric=True), Col(N_("Cas"), N_("Casualties caused"), numeric=True),
    Col(N_("MVP"), N_("Most Valuable Player awards"), numeric=True), Col(N_("SPP"), N_("Star player points"), numeric=True),
    Col(N_("Value"), N_("Value in gold pieces"), numeric=True), Col(N_("Contract")),
]  # fmt: skip


def _roster_rows(links: Links, sheet: RosterSheet) -> list[list[object]]:
    rows = []
    for line in sheet.lines:
        p, totals = line.player, line.totals
        skills = ", ".join(term("skill", s) for s in (*p.starting_skills, *p.skills))
        rows.append([p.number, links.player(p.id, p.name), term("position", p.position), p.ma, p.st, p.ag, p.av, skills,
                     ", ".join(term("injury", i) for i in p.injuries), totals.touchdowns, totals.casualties, totals.mvps, p.spp, gold(p.value),
                     p.contract_text])  # fmt: skip
    return rows


def _staff_table(staff: tuple[StaffLine, ...]) -> Html:
    columns = [Col(N_("Staff"), wide=True), Col(N_("Number"), numeric=True), Col(N_("Cost each"), numeric=True),
               Col(N_("Value"), numeric=True)]  # fmt: skip
    return table(
        "staff-caption",
        _("Staff and re-rolls, at their price in the team value"),
        columns,
        [[shown(s.label), s.count, gold(s.unit_cost), gold(s.total)] for s in staff],
    )


def _record(record: Standing | None) -> str:
    if record is None or not record.played:
        return _("no league game yet this season")
    return _("{won} won, {drawn} drawn, {lost} lost ({points})").format(
        won=record.won, drawn=record.drawn, lost=record.lost, points=count(record.points, "point")
    )


def team_page(site: Site, team: TeamData) -> str:
    header, sheet = team.sheet.team, team.sheet
    path = site.team_paths[header.id]
    links = Links(site, path)
    race = term("race", header.race)
    coached = _("coached by {coach}").format(coach=header.coach) if header.coach else _("coached by nobody named")
    body = [heading(f"{race} \u00b7 {coached}", header.name)]
    figures = [(_("Race"), race), (_("Coach"), header.coach or "\u2013"),
               (_("Team value"), _("{gold} gp").format(gold=gold(header.value))),
               *([] if header.worth_is_value else [(_("Team rating"), header.rating)]),  # LRB 5/6 count no rating
               (_("Players"), _("{count} of {most}").format(count=header.players, most=sheet.max_players)),
               (_("Re-rolls"), header.rerolls), (_("Fan factor"), header.fan_factor),
               (_("Apothecary"), _("yes") if header.apothecary else _("no")),
               (_("Assistant coaches"), header.assistant_coaches), (_("Cheerleaders"), header.cheerleaders),
               (_("Season {season}").format(season=site.season), _record(sheet.record))]  # fmt: skip
    if site.show_money:
        figures.append((_("Treasury"), _("{gold} gp").format(gold=gold(header.treasury))))
    body.append(facts(figures))
    caption = _("{owner} roster").format(owner=possessive(header.name), name=header.name)
    roster = (table("roster-caption", caption, ROSTER_COLUMNS, _roster_rows(links, sheet),
                    row_header=1) if sheet.lines else empty(_("Nobody is on the roster.")))  # fmt: skip
    body.append(section("roster", _("The roster"), roster))
    body.append(section("staff", _("Staff"), _staff_table(sheet.staff)))
    games = fixtures_table(links, "season-caption", _("Season {season}").format(season=site.season), team.season_games,
                           stage=True)  # fmt: skip
    body.append(section("season", _("This season's games"), games if team.season_games
                        else empty(_("No game is on the fixture list this season."))))  # fmt: skip
    body.append(section("history", _("Every game played"), _history_table(links, site, team.history) if team.history
                        else empty(_("The team has not played a game yet."))))  # fmt: skip
    drawn = [figure(svg.chart_svg(chart, f"chart-{i}"), shown(chart.title)) for i, chart in enumerate(team.charts)]
    body.append(
        section("charts", _("Charts"), Html("\n".join(drawn)) if drawn else empty(_("No game played yet.")))
    )
    if team.former:
        former = items([Html(links.player(pid, name) + _plain(f" ({_status(status)})"))
                        for pid, name, status in team.former], "columns")  # fmt: skip
        body.append(section("former", _("Former players"), former))
    return _document(site, path, header.name, body)


def _history_table(links: Links, site: Site, rows: list[sq.HistoryRow]) -> Html:
    columns = [Col(N_("Season"), numeric=True), Col(N_("Round"), numeric=True), Col(N_("Stage")), Col(N_("Opponent"), wide=True),
               Col(N_("Venue")), Col(N_("Score"), numeric=True), Col(N_("Result"))]  # fmt: skip
    if site.show_money:
        columns += [
            Col(N_("Winnings"), numeric=True),
            Col(N_("Spent after"), numeric=True),
            Col(N_("Treasury"), numeric=True),
        ]
    body = []
    for r in rows:
        line = [r.season, r.round, stage_words(r.stage), links.team_named(r.opponent), _("home") if r.home else _("away"),
                f"{r.score_for}\u2013{r.score_against}", result_word(r.result)]  # fmt: skip
        if site.show_money:
            line += [gold(r.winnings), gold(r.purchases), gold(r.treasury_after)]
        body.append(line)
    return table("history-caption", _("Game by game, oldest first"), columns, body, row_header=3)


def result_word(code: str) -> str:
    """A game's result as the page says it ("drawn" a game, in a context of its own: a tournament is drawn too)."""
    words = {"W": pgettext("result", "won"), "D": pgettext("result", "drawn"), "L": pgettext("result", "lost")}
    return words.get(code, code)


# -- a player -----------------------------------------------------------------------------------------
CAREER_COLUMNS = [
    Col(N_("Season"), numeric=True), Col(N_("Round"), numeric=True), Col(N_("Team")), Col(N_("Opponent"), wide=True),
    Col(N_("Score"), numeric=True), Col(N_("TD"), N_("Touchdowns"), numeric=True), Col(N_("Cp"), N_("Completions"), numeric=True),
    Col(N_("Int"), N_("Interceptions"), numeric=True), Col(N_("Cas"), N_("Casualties caused"), numeric=True),
    Col(N_("MVP"), N_("Most Valuable Player"), numeric=True), Col(N_("SPP"), N_("Star player points earned"), numeric=True),
    Col(N_("Total"), N_("Star player points so far"), numeric=True), Col(N_("Injury")), Col(N_("Advances")),
]  # fmt: skip


def player_chart(career: careers.PlayerCareer) -> charts.Chart:
    points = tuple((float(i), float(g.spp_total)) for i, g in enumerate(career.games, start=1))
    return charts.Chart("player-spp", "lines", _("Star player points earned, game by game"),
                        (charts.Series(career.name, points),), _("Game"), _("SPP earned"))  # fmt: skip


def player_page(site: Site, career: careers.PlayerCareer) -> str:
    path = site.player_paths[career.id]
    links = Links(site, path)
    status = _status(career.status)
    position = term("position", career.position)
    body = [heading(Html(_plain(f"{position} \u00b7 ") + links.team(career.team_id, career.team)), career.name)]  # fmt: skip
    body.append(facts([
        (_("Team"), links.team(career.team_id, career.team)), (_("Number"), career.number), (_("Position"), position),
        (_("Race"), term("race", career.race)), (_("Status"), status), (_("SPP"), career.spp),
        (_("Skills"), ", ".join(term("skill", s) for s in career.skills) or _("none gained")),
        (_("Injuries"), ", ".join(term("injury", i) for i in career.injuries) or _("none")),
        (_("Games"), len(career.games)), (_("Touchdowns"), career.total("touchdowns")),
        (_("Casualties"), career.total("casualties")), (_("Completions"), career.total("completions")),
        (_("Interceptions"), career.total("interceptions")), (_("MVP awards"), career.total("mvp")),
    ]))  # fmt: skip
    if len(career.teams) > 1:
        teams = ", ".join(links.team_named(name) for name in career.teams)
        body.append(paragraph(Html(_plain(_("Played for {teams}.")).replace("{teams}", teams))))
    yes = _("yes")  # (the words looked up once a page, not once a game)
    rows = [[g.season, g.round, links.team_named(g.team), links.team_named(g.opponent), g.score, g.touchdowns,
             g.completions, g.interceptions, g.casualties, yes if g.mvp else "", g.spp, g.spp_total,
             term("injury", g.injury) if g.injury else "",
             ", ".join([term("skill", a) for a in g.advances]) if g.advances else ""]
            for g in career.games]  # fmt: skip
    # two literals, one msgid: tests/test_words.py reads a placeholder before " games" as a count spelled by hand
    caption = _("{owner} " "games").format(owner=possessive(career.name), name=career.name)  # fmt: skip
    body.append(section("career", _("Game by game"), table("career-caption", caption, CAREER_COLUMNS, rows, row_header=3)
                        if rows else empty(_("He has not played a game yet."))))  # fmt: skip
    if career.games:
        chart = player_chart(career)
        body.append(
            section("chart", _("Star player points"), figure(svg.chart_svg(chart, "chart-spp"), chart.title))
        )
    if career.contracts:
        body.append(section("contracts", _("Contracts"), _contracts_table(links, site, career.contracts)))
    if career.transfers:
        body.append(section("transfers", _("Transfers"), _transfers_table(links, site, career.transfers)))
    return _document(site, path, career.name, body)


def _contracts_table(links: Links, site: Site, contracts: tuple[careers.CareerContract, ...]) -> Html:
    columns = [Col(N_("Team"), wide=True), Col(N_("Signed in season"), numeric=True), Col(N_("Seasons"), numeric=True),
               Col(N_("Served"), numeric=True), Col(N_("Status")), Col(N_("Renewal"))]  # fmt: skip
    if site.show_money:
        columns.append(Col(N_("Cost"), numeric=True))
    rows = []
    for c in contracts:
        line = [
            links.team_named(c.team),
            c.signed_season,
            c.seasons,
            c.served,
            status_words(c.status),
            _("yes") if c.renewal else _("no"),
        ]
        rows.append([*line, gold(c.cost)] if site.show_money else line)
    return table("contracts-caption", _("Contracts signed"), columns, rows)


def _transfers_table(links: Links, site: Site, transfers: tuple[careers.CareerTransfer, ...]) -> Html:
    columns = [
        Col(N_("Season"), numeric=True),
        Col(N_("From"), wide=True),
        Col(N_("To"), wide=True),
        Col(N_("Status")),
    ]
    if site.show_money:
        columns.append(Col(N_("Price"), numeric=True))
    rows = []
    for d in transfers:
        line = [
            d.season,
            links.team_named(d.seller),
            links.team_named(d.buyer),
            shown(TRANSFER_WORDS.get(d.status, d.status)),
        ]
        rows.append([*line, gold(d.price or 0)] if site.show_money else line)
    return table("transfers-caption", _("Transfers"), columns, rows, row_header=1)


TRANSFER_WORDS = {"approached": N_("approached"), "refused by coach": N_("refused by coach"),
                  "refused by player": N_("refused by player"), "pulled out": N_("pulled out"),
                  "completed": N_("completed"), "reversed": N_("reversed")}  # fmt: skip
REFEREE_KINDS = {"Star Ref (sample)": N_("Star Ref (sample)"), "Star Ref": N_("Star Ref"),
                 "League referee": N_("League referee")}  # fmt: skip
REFEREE_WORDS = {"available": N_("available"), "injured": N_("injured"), "sacked": N_("sacked"), "dead": N_("dead"),
                 "award": N_("award"), "kept": N_("kept"), "standing": N_("standing"), "prone": N_("prone"),
                 "stunned": N_("stunned"), "knocked out": N_("knocked out"), "badly hurt": N_("badly hurt")}  # fmt: skip


def _ref(word: str) -> str:
    """A referee's stored kind, status, verdict or state, shown in the page's language."""
    found = REFEREE_KINDS.get(word) or REFEREE_WORDS.get(word)
    return _(found) if found else word


# -- referees -----------------------------------------------------------------------------------------
def referees_index(site: Site, cards: list[RefereeCard]) -> str:
    path = "referees/index.html"
    links = Links(site, path)
    columns = [Col(N_("Referee"), wide=True), Col(N_("Kind")), Col(N_("Race")), Col(N_("Status")), Col(N_("Matches"), numeric=True),
               Col(N_("Awards"), numeric=True), Col(N_("SPP"), N_("Star player points"), numeric=True)]  # fmt: skip
    rows = [[links.referee(c.id, c.name), _ref(c.kind), term("race", c.race), _ref(c.status), c.matches, c.awards,
             c.spp] for c in cards]  # fmt: skip
    body = [heading(site.league, _("The referees")),
            table("referees-caption", count(len(cards), "referee"), columns, rows) if cards
            else empty(_("The league has no referee."))]  # fmt: skip
    return _document(site, path, _("The referees"), body)


def referee_page(site: Site, card: RefereeCard, career: careers.RefereeCareer) -> str:
    path = site.referee_paths[card.id]
    links = Links(site, path)
    kind, race = _ref(card.kind), term("race", card.race)
    body = [heading(f"{kind} \u00b7 {race}", card.name)]
    body.append(facts([
        (_("Kind"), kind), (_("Race"), race), (_("MA"), card.ma), (_("ST"), card.st), (_("AG"), card.ag),
        (_("AV"), card.av), (_("Range"), ngettext("{n} square", "{n} squares", card.range).format(n=card.range)),
        (_("SPP"), card.spp), (_("Level"), term("level", card.level)), (_("Matches"), card.matches),
        (_("Awards"), card.awards), (_("Casualties"), card.casualties), (_("Status"), _ref(card.status)),
    ]))  # fmt: skip
    if card.description:
        body.append(paragraph(term("table", card.description)))  # a Star Ref's line translated; a typed one not
    skills = [f"{term('skill', s.name)}: {s.effect}" if s.effect else term("skill", s.name) for s in card.skills]
    kit = [
        _("{name} (\u2212{penalty} to his range)").format(name=term("table", e.name), penalty=e.penalty)
        + (f": {e.effect}" if e.effect else "")
        for e in card.equipment
    ]
    body.append(section("skills", _("Skills and equipment"), items(skills + kit) if skills or kit
                        else empty(_("No skill and no equipment."))))  # fmt: skip
    columns = [Col(N_("Season"), numeric=True), Col(N_("Round"), numeric=True), Col(N_("Game"), wide=True),
               Col(N_("In range"), N_("Turns within range"), numeric=True), Col(N_("Turns"), N_("Turns played"), numeric=True),
               Col(N_("Riot")), Col(N_("Cas"), N_("Casualties"), numeric=True), Col(N_("Ended")), Col(N_("Verdict")),
               Col(N_("SPP"), N_("Star player points gained"), numeric=True)]  # fmt: skip
    rows = [[g.season or "", g.round or "", _fixture_links(links, g.fixture), g.in_range, g.turns_played,
             _("yes") if g.riot else "", g.casualties, _ref(g.state), _ref(g.result or "kept"), g.spp]
            for g in career.games]  # fmt: skip
    caption = _("{owner} match sheets").format(owner=possessive(card.name), name=card.name)
    body.append(section("career", _("Game by game"), table("career-caption", caption, columns, rows, row_header=2)
                        if rows else empty(_("He has not finished a match sheet yet."))))  # fmt: skip
    if career.games:
        chart = charts.referee_career_chart(career)
        body.append(
            section("chart", _("Turns in range"), figure(svg.chart_svg(chart, "chart-ref"), shown(chart.title)))
        )
    return _document(site, path, card.name, body)


def _fixture_links(links: Links, fixture: str) -> Html:
    home, sep, away = fixture.partition(" v ")
    if not sep or home not in links.site.team_by_name or away not in links.site.team_by_name:
        return link(None, fixture)
    versus = _plain(_("v"))
    return Html(f"{links.team_named(home)} {versus} {links.team_named(away)}")


# -- seasons ------------------------------------------------------------------------------------------
def seasons_index(site: Site, honours: list[tuple[int, str, int, int]]) -> str:
    """`honours`: (season, champion, champion's id or 0, matches played), oldest first."""
    path = "seasons/index.html"
    links = Links(site, path)
    columns = [Col(N_("Season"), wide=True), Col(N_("Champion"), wide=True), Col(N_("Games played"), numeric=True)]
    rows = [[links.to(season_path(n), _("Season {season}").format(season=n)),
             links.team(tid, champion) if champion else (_("in play") if n == site.season else _("none")), played]
            for n, champion, tid, played in reversed(honours)]  # fmt: skip
    body = [heading(site.league, _("Seasons and roll of honour")),
            table("seasons-caption", _("Every season, the latest first"), columns, rows, row_header=0)]  # fmt: skip
    return _document(site, path, _("Seasons"), body)


def season_page(site: Site, story: history.SeasonHistory, fixtures: list[sq.FixtureRow]) -> str:
    path = season_path(story.number)
    links = Links(site, path)
    state = _("finished") if story.finished else _("in play")
    title = _("Season {season}").format(season=story.number)
    body = [heading(f"{site.league} \u00b7 {state}", title)]
    if story.champion:
        champion = "<strong>" + links.team(story.champion_id, story.champion) + "</strong>"
        body.append(paragraph(Html(_plain(_("Champion: {team}")).replace("{team}", champion))))
    body.append(section("table", _("The league table"),
                        Html(standings_table(links, "table-caption", title, list(story.table))
                             + paragraph(tie_breaker_words(site)))))  # fmt: skip
    body += competitions(links, fixtures)
    if story.awards:
        columns = [
            Col(N_("Award"), wide=True),
            Col(N_("Player"), wide=True),
            Col(N_("Team")),
            Col(N_("Total"), numeric=True),
        ]
        rows = [
            [shown(a.title), links.player(a.player_id, a.name), links.team_named(a.team), a.value]
            for a in story.awards
        ]
        body.append(
            section("awards", _("Awards"), table("awards-caption", _("The season's awards"), columns, rows))
        )
    leaders = [leaders_table(links, f"leaders-{what}", shown(sq.LEADER_TITLES[what]), list(rows))
               for what, rows in story.leaders.items() if rows]  # fmt: skip
    if leaders:
        body.append(section("leaders", _("The leaders"), Html("\n".join(leaders))))
    if story.referees:
        columns = [Col(N_("Referee"), wide=True), Col(N_("Matches"), numeric=True), Col(N_("Awards"), numeric=True),
                   Col(N_("Sacked"), numeric=True), Col(N_("Died"), numeric=True)]  # fmt: skip
        rows = [[links.referee(r.id, r.name), r.matches, r.awards, r.sackings, r.deaths] for r in story.referees]
        body.append(
            section(
                "referees", _("The referees"), table("referees-caption", _("Match sheets finished"), columns, rows)
            )
        )
    body.append(section("games", _("Every game"), fixtures_table(links, "games-caption", title, fixtures, stage=True)
                        if fixtures else empty(_("No fixture was made this season."))))  # fmt: skip
    return _document(site, path, title, body)


# -- the magazine -------------------------------------------------------------------------------------
def magazine_index(site: Site) -> str:
    path = "magazine/index.html"
    links = Links(site, path)
    body = [heading(site.league, _("The league magazine"))]
    if site.issues:
        body.append(items([links.to(issue_path(s, r), _("Season {season}, round {round}").format(season=s, round=r))
                           for s, r in site.issues]))  # fmt: skip
        body.append(paragraph(_("The latest issues of the season; each tells one round.")))
    else:
        body.append(empty(_("No round has been played yet: the first issue follows the first games.")))
    return _document(site, path, _("The league magazine"), body)


def _say(message: str, **values: object) -> Html:
    """A translated sentence (HTML of our own, as the templates) with its values: Html as it is, others escaped."""
    return Html(message.format(**{k: v if isinstance(v, Html) else _plain(v) for k, v in values.items()}))


def _sentence(links: Links, f: sq.FixtureRow) -> Html:
    home, away = links.team(f.home_id, f.home), links.team(f.away_id, f.away)
    if f.home_score == f.away_score:
        return paragraph(_say(_("{home} and {away} could not be separated, {score}, in front of {gate} fans."),
                              home=home, away=away, score=f"{f.home_score}\u2013{f.away_score}", gate=number(f.gate)))  # fmt: skip
    won = f.home_score > f.away_score
    winner, loser = (home, away) if won else (away, home)
    high, low = max(f.home_score, f.away_score), min(f.home_score, f.away_score)
    return paragraph(_say(_("{winner} beat {loser} {score} in front of {gate} fans."), winner=winner, loser=loser,
                          score=f"{high}\u2013{low}", gate=number(f.gate)))  # fmt: skip


def magazine_page(site: Site, m: Magazine) -> str:
    path = issue_path(m.season, m.round)
    links = Links(site, path)
    nothing = empty(_("Nothing to report."))
    kicker = _("{league} \u00b7 season {season} \u00b7 the league magazine").format(
        league=site.league, season=m.season
    )
    body = [heading(kicker, _("Round {round}").format(round=m.round))]
    body.append(section("results", _("The results"), Html("\n".join(_sentence(links, f) for f in m.results))))
    body.append(
        section(
            "table",
            _("The table after the round"),
            standings_table(links, "table-caption", _("After round {round}").format(round=m.round), list(m.table)),
        )
    )
    leaders = [paragraph(_say(_("<strong>{title}:</strong> {player} of {team} leads the way with {value} {unit}."),
                              title=shown(sq.LEADER_TITLES[what]), player=links.player(rows[0].id, rows[0].name),
                              team=links.team_named(rows[0].team), value=rows[0].value,
                              unit=shown(sq.LEADER_UNITS[what])))
               for what, rows in m.leaders.items() if rows]  # fmt: skip
    body.append(section("leaders", _("The leaders"), Html("\n".join(leaders)) if leaders else nothing))
    refs = []
    for ref, fixture, verdict, turns in m.referees:
        who = links.referee_named(ref)
        game = _fixture_links(links, fixture)
        if verdict == "award":
            said = _say(_("<strong>Award!</strong> {ref} kept his eyes on the game in {game}: {turns} in range."),
                        ref=who, game=game, turns=count(turns, "turn"))  # fmt: skip
        elif verdict == "sacked":
            said = _say(_("<strong>Sacked!</strong> {ref} saw {n} turns of {game} and has refereed his last game in "
                          "this league."), ref=who, game=game, n=turns)  # fmt: skip
        else:
            said = _say(_("{ref} refereed {game} ({turns} in range) and keeps his whistle."), ref=who, game=game,
                        turns=count(turns, "turn"))  # fmt: skip
        refs.append(paragraph(said))
    refs += [paragraph(_say(_("<strong>A minute's silence</strong> for {ref}, who did not leave the pitch alive."),
                            ref=links.referee_named(name))) for name in m.dead_refs]  # fmt: skip
    body.append(section("referees", _("The men in stripes"), Html("\n".join(refs)) if refs else nothing))
    records = []
    for new, old in m.records:
        holder = links.player(new.holder_id, new.holder)
        team = links.team_named(new.team)
        if old:
            said = _say(_("<strong>{title}:</strong> {holder} ({team}) now holds it with {value}, beating {owner} {old}."),
                        title=shown(new.title), holder=holder, team=team, value=new.value,
                        owner=possessive(old.holder), name=old.holder, old=old.value)  # fmt: skip
        else:
            said = _say(_("<strong>{title}:</strong> {holder} ({team}) now holds it with {value} and sets the first "
                          "mark."), title=shown(new.title), holder=holder, team=team, value=new.value)  # fmt: skip
        records.append(paragraph(said))
    body.append(section("records", _("Records broken"), Html("\n".join(records)) if records else nothing))
    deals = []
    for player, seller, buyer, price in m.transfers:
        values = dict(
            player=player, seller=links.team_named(seller), buyer=links.team_named(buyer), price=gold(price)
        )
        if site.show_money:
            deals.append(paragraph(_say(_("{player} moves from {seller} to {buyer} for {price} gp."), **values)))
        else:
            deals.append(paragraph(_say(_("{player} moves from {seller} to {buyer}."), **values)))
    for player, team, seasons, cost in m.contracts:
        values = dict(
            player=player, team=links.team_named(team), seasons=count(seasons, "season"), cost=gold(cost)
        )
        if site.show_money:
            deals.append(paragraph(_say(_("{player} signs with {team} for {seasons} ({cost} gp)."), **values)))
        else:
            deals.append(paragraph(_say(_("{player} signs with {team} for {seasons}."), **values)))
    body.append(section("deals", _("Transfers and contracts"), Html("\n".join(deals)) if deals else nothing))
    hurt = [paragraph(_say(_("{player} ({team}): {injury}."), player=p, team=links.team_named(team),
                           injury=term("injury", injury)))
            for p, team, injury in m.injuries if injury != "Dead"]  # fmt: skip
    body.append(section("injuries", _("The injury list"), Html("\n".join(hurt)) if hurt else nothing))
    dead = [paragraph(_say(_("<strong>{player}</strong> of {team} died on the pitch. The league will not forget him."),
                           player=p, team=links.team_named(team)))
            for p, team, injury in m.injuries if injury == "Dead"]  # fmt: skip
    body.append(section("obituaries", _("Obituaries"), Html("\n".join(dead)) if dead
                        else paragraph(_("Everybody walked off the pitch this round."))))  # fmt: skip
    if m.charts:
        drawn = [
            figure(svg.chart_svg(chart, f"chart-{i}"), shown(chart.title)) for i, chart in enumerate(m.charts)
        ]
        body.append(section("pictures", _("The round in pictures"), Html("\n".join(drawn))))
    title = _("Magazine, season {season}, round {round}").format(season=m.season, round=m.round)
    return _document(site, path, title, body)
