"""The website's pages, each a function from what the queries read to a whole HTML document (no writing here).

Every page lives at a path relative to the site's folder ("teams/3-orcland-raiders.html") and links to the
others relatively (`Site.href`), so the folder works from a USB stick (file://) or any static host. Money (a
treasury, the ledger's winnings, contract costs and transfer prices) appears only when `Site.show_money`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from roster_app.printing.data import RosterSheet, StaffLine, Standing
from roster_app.printing.magazine import Magazine
from roster_app.printing.render import Html, gold
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

STATUS_WORDS = {"active": "on the roster", "injured": "injured", "dead": "dead", "retired": "retired"}


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

    def to(self, path: str | None, text: object) -> Html:
        return link(None if path is None else self.root + path, text)

    def team(self, team_id: int | None, name: str | None = None) -> Html:
        name = name if name is not None else self.site.team_names.get(team_id, "")
        return self.to(self.site.team_paths.get(team_id), name)

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
    return f"{row.home_score}\u2013{row.away_score}" if row.played else "v"


# -- the league table ---------------------------------------------------------------------------------
STANDING_COLUMNS = [  # the points beside W/D/L (what a phone shows first), the tie-breakers and the race after
    Col("Pos", "Position", numeric=True), Col("Team", wide=True), Col("P", "Played", numeric=True),
    Col("W", "Won", numeric=True), Col("D", "Drawn", numeric=True), Col("L", "Lost", numeric=True),
    Col("Pts", "Points", numeric=True), Col("TD+", "Touchdowns for", numeric=True),
    Col("TD\u2212", "Touchdowns against", numeric=True), Col("TD\u00b1", "Touchdown difference", numeric=True),
    Col("Cas+", "Casualties caused", numeric=True), Col("Cas\u2212", "Casualties suffered", numeric=True),
    Col("Cas\u00b1", "Casualty difference", numeric=True), Col("Race"),
]  # fmt: skip


def standings_table(links: Links, ident: str, caption: str, rows: list[sq.StandingRow]) -> Html:
    body = [
        [r.position, links.team(r.id, r.name), r.played, r.won, r.drawn, r.lost, r.points, r.td_for, r.td_against,
         _signed(r.td_difference), r.cas_for, r.cas_against, _signed(r.cas_difference), r.race]
        for r in rows
    ]  # fmt: skip
    return table(ident, caption, STANDING_COLUMNS, body, row_header=1)


def tie_breaker_words(site: Site) -> str:
    win, draw, loss = site.points
    words = [key.replace("_", " ") for key in site.tie_breakers if key != "points"]
    then = ", then ".join(words) if words else "nothing more: they share the position"
    return (
        f"A win is worth {win} points, a draw {draw}, a loss {loss}. Teams level on points are parted by {then}."
    )


FIXTURE_COLUMNS = [Col("Round", numeric=True), Col("Home", wide=True), Col("Score", numeric=True),
                   Col("Away", wide=True)]  # fmt: skip


def fixtures_table(links: Links, ident: str, caption: str, rows: list[sq.FixtureRow], *, stage: bool = False,
                   rounds: bool = True) -> Html:  # fmt: skip
    """Games with their score ("v" still to play); `rounds`: a Round column (not when the caption names it)."""
    columns = (FIXTURE_COLUMNS if rounds else FIXTURE_COLUMNS[1:]) + ([Col("Stage")] if stage else [])
    body = []
    for r in rows:
        line = [r.round] if rounds else []
        line += [links.team(r.home_id, r.home), _score(r), links.team(r.away_id, r.away)]
        body.append([*line, r.stage] if stage else line)
    return table(ident, caption, columns, body, row_header=1 if rounds else 0)


PLAY_OFFS = ("semi-final", "final")  # rules/postmatch.STAGES after the league, in the order they are played


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
            title = _plain(stage.replace("-", " ").capitalize() + ("s" if len(games) > 1 else ""))
            columns.append(f'<div class="stage"><h3>{title}</h3>\n<ol class="games">\n{boxes}\n</ol></div>')
        out.append(
            section("play-offs", "The play-offs", Html('<div class="bracket">' + "\n".join(columns) + "</div>"))
        )
    friendlies = [f for f in fixtures if f.stage == "friendly"]
    if friendlies:
        out.append(section("friendlies", "Friendlies", fixtures_table(links, "friendlies-caption", "Games outside the "
                                                                      "league", friendlies)))  # fmt: skip
    return out


LEADER_COLUMNS = [Col("Rank", numeric=True), Col("Player", wide=True), Col("Team"), Col("Position"),
                  Col("Total", numeric=True)]  # fmt: skip


def leaders_table(links: Links, ident: str, caption: str, rows: list[sq.LeaderRow]) -> Html:
    body = [[r.rank, links.player(r.id, r.name), links.team_named(r.team), r.position, r.value] for r in rows]
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
    body = [heading(f"Season {site.season} \u00b7 {site.ruleset_name} \u00b7 published on {front.published_on}",
                    site.league)]  # fmt: skip
    if front.champion:
        season, team_id, name = front.champion
        body.append(paragraph(Html(f"Champion of season {season}: <strong>{links.team(team_id, name)}</strong>")))
    played = any(r.played for r in front.table)
    standing = standings_table(links, "table-caption", f"Season {site.season}, league matches", front.table)
    note = paragraph(tie_breaker_words(site))
    if not played:
        note = Html(note + empty("No league match has been played this season yet."))
    body.append(section("league-table", "The league table", Html(standing + note)))
    league_games = [f for f in front.fixtures if f.stage == "league"]
    done = [f for f in league_games if f.played]
    latest = max((f.round for f in done), default=None)
    results = [f for f in done if f.round == latest]
    waiting = [f for f in league_games if not f.played]
    nearest = min((f.round for f in waiting), default=None)
    upcoming = [f for f in waiting if f.round == nearest]
    body.append(section("results", "Latest results",
                        fixtures_table(links, "results-caption", f"Round {latest}", results, rounds=False) if results
                        else empty("No result yet this season.")))  # fmt: skip
    body.append(section("fixtures", "Next fixtures",
                        fixtures_table(links, "fixtures-caption", f"Round {nearest}", upcoming, rounds=False) if upcoming
                        else empty("No fixture is waiting to be played.")))  # fmt: skip
    body += competitions(links, front.fixtures)
    leaders = [leaders_table(links, f"leaders-{what}", sq.LEADER_TITLES[what], rows)
               for what, rows in front.leaders.items() if rows]  # fmt: skip
    body.append(section("leaders", "The leaders", Html("\n".join(leaders)) if leaders
                        else empty("Nobody has scored, hurt or earned anything this season yet.")))  # fmt: skip
    if site.issues:
        season, rnd = site.issues[0]
        body.append(section("magazine", "The latest magazine", paragraph(
            links.to(issue_path(season, rnd), f"Round {rnd} of season {season}: results, table, leaders, "
                     "deals and the men in stripes"))))  # fmt: skip
    team_list = items([Html(links.team(t.id, t.name) + _plain(f" ({t.race}, {count(t.players, 'player')})"))
                       for t in front.teams], "columns")  # fmt: skip
    body.append(section("teams", "The teams", team_list))
    return _document(site, path, site.league, body)


def teams_index(site: Site, headers: list) -> str:
    path = "teams/index.html"
    links = Links(site, path)
    columns = [Col("Team", wide=True), Col("Race"), Col("Coach"), Col("Players", numeric=True),
               Col("Value", "Team value in gold pieces", numeric=True), Col("Rating", "Team rating", numeric=True)]  # fmt: skip
    rows = [[links.team(h.id, h.name), h.race, h.coach, h.players, gold(h.value), h.rating] for h in headers]
    body = [heading(site.league, "The teams"), table("teams-caption", count(len(headers), "team"), columns, rows)]
    return _document(site, path, "The teams", body)


# -- a team -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TeamData:
    sheet: RosterSheet
    season_games: list[sq.FixtureRow]
    history: list[sq.HistoryRow]
    charts: list[charts.Chart]
    former: list[tuple[int, str, str]]  # (player id, name, status)


ROSTER_COLUMNS = [
    Col("#", "Shirt number", numeric=True), Col("Player", wide=True), Col("Position"),
    Col("MA", "Movement allowance", numeric=True), Col("ST", "Strength", numeric=True),
    Col("AG", "Agility", numeric=True), Col("AV", "Armour value", numeric=True), Col("Skills", wide=True),
    Col("Injuries"), Col("TD", "Touchdowns", numeric=True), Col("Cas", "Casualties caused", numeric=True),
    Col("MVP", "Most Valuable Player awards", numeric=True), Col("SPP", "Star player points", numeric=True),
    Col("Value", "Value in gold pieces", numeric=True), Col("Contract"),
]  # fmt: skip


def _roster_rows(links: Links, sheet: RosterSheet) -> list[list[object]]:
    rows = []
    for line in sheet.lines:
        p, totals = line.player, line.totals
        skills = ", ".join((*p.starting_skills, *p.skills))
        rows.append([p.number, links.player(p.id, p.name), p.position, p.ma, p.st, p.ag, p.av, skills,
                     ", ".join(p.injuries), totals.touchdowns, totals.casualties, totals.mvps, p.spp, gold(p.value),
                     p.contract_text])  # fmt: skip
    return rows


def _staff_table(staff: tuple[StaffLine, ...]) -> Html:
    columns = [Col("Staff", wide=True), Col("Number", numeric=True), Col("Cost each", numeric=True),
               Col("Value", numeric=True)]  # fmt: skip
    return table(
        "staff-caption",
        "Staff and re-rolls, at their price in the team value",
        columns,
        [[s.label, s.count, gold(s.unit_cost), gold(s.total)] for s in staff],
    )


def _record(record: Standing | None) -> str:
    if record is None or not record.played:
        return "no league game yet this season"
    return f"{record.won} won, {record.drawn} drawn, {record.lost} lost ({count(record.points, 'point')})"


def team_page(site: Site, team: TeamData) -> str:
    header, sheet = team.sheet.team, team.sheet
    path = site.team_paths[header.id]
    links = Links(site, path)
    body = [heading(f"{header.race} \u00b7 coached by {header.coach or 'nobody named'}", header.name)]
    figures = [("Race", header.race), ("Coach", header.coach or "\u2013"), ("Team value", f"{gold(header.value)} gp"),
               ("Team rating", header.rating), ("Players", f"{header.players} of {sheet.max_players}"),
               ("Re-rolls", header.rerolls), ("Fan factor", header.fan_factor),
               ("Apothecary", "yes" if header.apothecary else "no"),
               ("Assistant coaches", header.assistant_coaches), ("Cheerleaders", header.cheerleaders),
               (f"Season {site.season}", _record(sheet.record))]  # fmt: skip
    if site.show_money:
        figures.append(("Treasury", f"{gold(header.treasury)} gp"))
    body.append(facts(figures))
    roster = (table("roster-caption", f"{possessive(header.name)} roster", ROSTER_COLUMNS, _roster_rows(links, sheet),
                    row_header=1) if sheet.lines else empty("Nobody is on the roster."))  # fmt: skip
    body.append(section("roster", "The roster", roster))
    body.append(section("staff", "Staff", _staff_table(sheet.staff)))
    games = fixtures_table(links, "season-caption", f"Season {site.season}", team.season_games, stage=True)
    body.append(section("season", "This season's games", games if team.season_games
                        else empty("No game is on the fixture list this season.")))  # fmt: skip
    body.append(section("history", "Every game played", _history_table(links, site, team.history) if team.history
                        else empty("The team has not played a game yet.")))  # fmt: skip
    shown = [figure(svg.chart_svg(chart, f"chart-{i}"), chart.title) for i, chart in enumerate(team.charts)]
    body.append(section("charts", "Charts", Html("\n".join(shown)) if shown else empty("No game played yet.")))
    if team.former:
        former = items([Html(links.player(pid, name) + _plain(f" ({STATUS_WORDS.get(status, status)})"))
                        for pid, name, status in team.former], "columns")  # fmt: skip
        body.append(section("former", "Former players", former))
    return _document(site, path, header.name, body)


def _history_table(links: Links, site: Site, rows: list[sq.HistoryRow]) -> Html:
    columns = [Col("Season", numeric=True), Col("Round", numeric=True), Col("Stage"), Col("Opponent", wide=True),
               Col("Venue"), Col("Score", numeric=True), Col("Result")]  # fmt: skip
    if site.show_money:
        columns += [Col("Winnings", numeric=True), Col("Spent after", numeric=True), Col("Treasury", numeric=True)]
    body = []
    for r in rows:
        line = [r.season, r.round, r.stage, links.team_named(r.opponent), "home" if r.home else "away",
                f"{r.score_for}\u2013{r.score_against}", {"W": "won", "D": "drawn", "L": "lost"}.get(r.result, r.result)]  # fmt: skip
        if site.show_money:
            line += [gold(r.winnings), gold(r.purchases), gold(r.treasury_after)]
        body.append(line)
    return table("history-caption", "Game by game, oldest first", columns, body, row_header=3)


# -- a player -----------------------------------------------------------------------------------------
CAREER_COLUMNS = [
    Col("Season", numeric=True), Col("Round", numeric=True), Col("Team"), Col("Opponent", wide=True),
    Col("Score", numeric=True), Col("TD", "Touchdowns", numeric=True), Col("Cp", "Completions", numeric=True),
    Col("Int", "Interceptions", numeric=True), Col("Cas", "Casualties caused", numeric=True),
    Col("MVP", "Most Valuable Player", numeric=True), Col("SPP", "Star player points earned", numeric=True),
    Col("Total", "Star player points so far", numeric=True), Col("Injury"), Col("Advances"),
]  # fmt: skip


def player_chart(career: careers.PlayerCareer) -> charts.Chart:
    points = tuple((float(i), float(g.spp_total)) for i, g in enumerate(career.games, start=1))
    return charts.Chart("player-spp", "lines", "Star player points earned, game by game",
                        (charts.Series(career.name, points),), "Game", "SPP earned")  # fmt: skip


def player_page(site: Site, career: careers.PlayerCareer) -> str:
    path = site.player_paths[career.id]
    links = Links(site, path)
    status = STATUS_WORDS.get(career.status, career.status)
    body = [heading(Html(_plain(f"{career.position} \u00b7 ") + links.team(career.team_id, career.team)), career.name)]  # fmt: skip
    body.append(facts([
        ("Team", links.team(career.team_id, career.team)), ("Number", career.number), ("Position", career.position),
        ("Race", career.race), ("Status", status), ("SPP", career.spp),
        ("Skills", ", ".join(career.skills) or "none gained"), ("Injuries", ", ".join(career.injuries) or "none"),
        ("Games", len(career.games)), ("Touchdowns", career.total("touchdowns")),
        ("Casualties", career.total("casualties")), ("Completions", career.total("completions")),
        ("Interceptions", career.total("interceptions")), ("MVP awards", career.total("mvp")),
    ]))  # fmt: skip
    if len(career.teams) > 1:
        body.append(
            paragraph(Html("Played for " + ", ".join(links.team_named(name) for name in career.teams) + "."))
        )
    rows = [[g.season, g.round, links.team_named(g.team), links.team_named(g.opponent), g.score, g.touchdowns,
             g.completions, g.interceptions, g.casualties, "yes" if g.mvp else "", g.spp, g.spp_total, g.injury,
             ", ".join(g.advances)] for g in career.games]  # fmt: skip
    body.append(section("career", "Game by game", table("career-caption", f"{possessive(career.name)} games",
                                                          CAREER_COLUMNS, rows, row_header=3)
                        if rows else empty("He has not played a game yet.")))  # fmt: skip
    if career.games:
        chart = player_chart(career)
        body.append(section("chart", "Star player points", figure(svg.chart_svg(chart, "chart-spp"), chart.title)))
    if career.contracts:
        body.append(section("contracts", "Contracts", _contracts_table(links, site, career.contracts)))
    if career.transfers:
        body.append(section("transfers", "Transfers", _transfers_table(links, site, career.transfers)))
    return _document(site, path, career.name, body)


def _contracts_table(links: Links, site: Site, contracts: tuple[careers.CareerContract, ...]) -> Html:
    columns = [Col("Team", wide=True), Col("Signed in season", numeric=True), Col("Seasons", numeric=True),
               Col("Served", numeric=True), Col("Status"), Col("Renewal")]  # fmt: skip
    if site.show_money:
        columns.append(Col("Cost", numeric=True))
    rows = []
    for c in contracts:
        line = [
            links.team_named(c.team),
            c.signed_season,
            c.seasons,
            c.served,
            c.status,
            "yes" if c.renewal else "no",
        ]
        rows.append([*line, gold(c.cost)] if site.show_money else line)
    return table("contracts-caption", "Contracts signed", columns, rows)


def _transfers_table(links: Links, site: Site, transfers: tuple[careers.CareerTransfer, ...]) -> Html:
    columns = [Col("Season", numeric=True), Col("From", wide=True), Col("To", wide=True), Col("Status")]
    if site.show_money:
        columns.append(Col("Price", numeric=True))
    rows = []
    for d in transfers:
        line = [d.season, links.team_named(d.seller), links.team_named(d.buyer), d.status]
        rows.append([*line, gold(d.price or 0)] if site.show_money else line)
    return table("transfers-caption", "Transfers", columns, rows, row_header=1)


# -- referees -----------------------------------------------------------------------------------------
def referees_index(site: Site, cards: list[RefereeCard]) -> str:
    path = "referees/index.html"
    links = Links(site, path)
    columns = [Col("Referee", wide=True), Col("Kind"), Col("Race"), Col("Status"), Col("Matches", numeric=True),
               Col("Awards", numeric=True), Col("SPP", "Star player points", numeric=True)]  # fmt: skip
    rows = [[links.referee(c.id, c.name), c.kind, c.race, c.status, c.matches, c.awards, c.spp] for c in cards]
    body = [heading(site.league, "The referees"),
            table("referees-caption", count(len(cards), "referee"), columns, rows) if cards
            else empty("The league has no referee.")]  # fmt: skip
    return _document(site, path, "The referees", body)


def referee_page(site: Site, card: RefereeCard, career: careers.RefereeCareer) -> str:
    path = site.referee_paths[card.id]
    links = Links(site, path)
    body = [heading(f"{card.kind} \u00b7 {card.race}", card.name)]
    body.append(facts([
        ("Kind", card.kind), ("Race", card.race), ("MA", card.ma), ("ST", card.st), ("AG", card.ag), ("AV", card.av),
        ("Range", f"{card.range} squares"), ("SPP", card.spp), ("Level", card.level), ("Matches", card.matches),
        ("Awards", card.awards), ("Casualties", card.casualties), ("Status", card.status),
    ]))  # fmt: skip
    if card.description:
        body.append(paragraph(card.description))
    skills = [f"{s.name}: {s.effect}" if s.effect else s.name for s in card.skills]
    kit = [
        f"{e.name} (\u2212{e.penalty} to his range){': ' + e.effect if e.effect else ''}" for e in card.equipment
    ]
    body.append(section("skills", "Skills and equipment", items(skills + kit) if skills or kit
                        else empty("No skill and no equipment.")))  # fmt: skip
    columns = [Col("Season", numeric=True), Col("Round", numeric=True), Col("Game", wide=True),
               Col("In range", "Turns within range", numeric=True), Col("Turns", "Turns played", numeric=True),
               Col("Riot"), Col("Cas", "Casualties", numeric=True), Col("Ended"), Col("Verdict"),
               Col("SPP", "Star player points gained", numeric=True)]  # fmt: skip
    rows = [[g.season or "", g.round or "", _fixture_links(links, g.fixture), g.in_range, g.turns_played,
             "yes" if g.riot else "", g.casualties, g.state, g.result or "kept", g.spp] for g in career.games]  # fmt: skip
    body.append(section("career", "Game by game", table("career-caption", f"{possessive(card.name)} match sheets",
                                                          columns, rows, row_header=2)
                        if rows else empty("He has not finished a match sheet yet.")))  # fmt: skip
    if career.games:
        chart = charts.referee_career_chart(career)
        body.append(section("chart", "Turns in range", figure(svg.chart_svg(chart, "chart-ref"), chart.title)))
    return _document(site, path, card.name, body)


def _fixture_links(links: Links, fixture: str) -> Html:
    home, sep, away = fixture.partition(" v ")
    if not sep or home not in links.site.team_by_name or away not in links.site.team_by_name:
        return link(None, fixture)
    return Html(f"{links.team_named(home)} v {links.team_named(away)}")


# -- seasons ------------------------------------------------------------------------------------------
def seasons_index(site: Site, honours: list[tuple[int, str, int, int]]) -> str:
    """`honours`: (season, champion, champion's id or 0, matches played), oldest first."""
    path = "seasons/index.html"
    links = Links(site, path)
    columns = [Col("Season", wide=True), Col("Champion", wide=True), Col("Games played", numeric=True)]
    rows = [[links.to(season_path(n), f"Season {n}"),
             links.team(tid, champion) if champion else ("in play" if n == site.season else "none"), played]
            for n, champion, tid, played in reversed(honours)]  # fmt: skip
    body = [heading(site.league, "Seasons and roll of honour"), table("seasons-caption", "Every season, the latest first",
                                                                      columns, rows, row_header=0)]  # fmt: skip
    return _document(site, path, "Seasons", body)


def season_page(site: Site, story: history.SeasonHistory, fixtures: list[sq.FixtureRow]) -> str:
    path = season_path(story.number)
    links = Links(site, path)
    state = "finished" if story.finished else "in play"
    body = [heading(f"{site.league} \u00b7 {state}", f"Season {story.number}")]
    if story.champion:
        body.append(
            paragraph(Html("Champion: <strong>" + links.team(story.champion_id, story.champion) + "</strong>"))
        )
    body.append(section("table", "The league table",
                        Html(standings_table(links, "table-caption", f"Season {story.number}", list(story.table))
                             + paragraph(tie_breaker_words(site)))))  # fmt: skip
    body += competitions(links, fixtures)
    if story.awards:
        columns = [Col("Award", wide=True), Col("Player", wide=True), Col("Team"), Col("Total", numeric=True)]
        rows = [
            [a.title, links.player(a.player_id, a.name), links.team_named(a.team), a.value] for a in story.awards
        ]
        body.append(section("awards", "Awards", table("awards-caption", "The season's awards", columns, rows)))
    leaders = [leaders_table(links, f"leaders-{what}", sq.LEADER_TITLES[what], list(rows))
               for what, rows in story.leaders.items() if rows]  # fmt: skip
    if leaders:
        body.append(section("leaders", "The leaders", Html("\n".join(leaders))))
    if story.referees:
        columns = [Col("Referee", wide=True), Col("Matches", numeric=True), Col("Awards", numeric=True),
                   Col("Sacked", numeric=True), Col("Died", numeric=True)]  # fmt: skip
        rows = [[links.referee(r.id, r.name), r.matches, r.awards, r.sackings, r.deaths] for r in story.referees]
        body.append(
            section("referees", "The referees", table("referees-caption", "Match sheets finished", columns, rows))
        )
    body.append(section("games", "Every game", fixtures_table(links, "games-caption", f"Season {story.number}",
                                                               fixtures, stage=True)
                        if fixtures else empty("No fixture was made this season.")))  # fmt: skip
    return _document(site, path, f"Season {story.number}", body)


# -- the magazine -------------------------------------------------------------------------------------
def magazine_index(site: Site) -> str:
    path = "magazine/index.html"
    links = Links(site, path)
    body = [heading(site.league, "The league magazine")]
    if site.issues:
        body.append(items([links.to(issue_path(s, r), f"Season {s}, round {r}") for s, r in site.issues]))
        body.append(paragraph("The latest issues of the season; each tells one round."))
    else:
        body.append(empty("No round has been played yet: the first issue follows the first games."))
    return _document(site, path, "The league magazine", body)


def _sentence(links: Links, f: sq.FixtureRow) -> Html:
    home, away = links.team(f.home_id, f.home), links.team(f.away_id, f.away)
    if f.home_score == f.away_score:
        return paragraph(Html(f"{home} and {away} could not be separated, {f.home_score}\u2013{f.away_score}, in front "
                              f"of {f.gate:,} fans."))  # fmt: skip
    won = f.home_score > f.away_score
    winner, loser = (home, away) if won else (away, home)
    high, low = max(f.home_score, f.away_score), min(f.home_score, f.away_score)
    return paragraph(Html(f"{winner} beat {loser} {high}\u2013{low} in front of {f.gate:,} fans."))


def magazine_page(site: Site, m: Magazine) -> str:
    path = issue_path(m.season, m.round)
    links = Links(site, path)
    nothing = empty("Nothing to report.")
    body = [heading(f"{site.league} \u00b7 season {m.season} \u00b7 the league magazine", f"Round {m.round}")]
    body.append(section("results", "The results", Html("\n".join(_sentence(links, f) for f in m.results))))
    body.append(
        section(
            "table",
            "The table after the round",
            standings_table(links, "table-caption", f"After round {m.round}", list(m.table)),
        )
    )
    leaders = [paragraph(Html(f"<strong>{_plain(sq.LEADER_TITLES[what])}:</strong> {links.player(rows[0].id, rows[0].name)}"
                              f" of {links.team_named(rows[0].team)} leads the way with {rows[0].value} "
                              f"{_plain(sq.LEADER_UNITS[what])}."))
               for what, rows in m.leaders.items() if rows]  # fmt: skip
    body.append(section("leaders", "The leaders", Html("\n".join(leaders)) if leaders else nothing))
    refs = []
    for ref, fixture, verdict, turns in m.referees:
        who = links.referee_named(ref)
        game = _fixture_links(links, fixture)
        words = {"award": f"<strong>Award!</strong> {who} kept his eyes on the game in {game}: {turns} turns in range.",
                 "sacked": f"<strong>Sacked!</strong> {who} saw {turns} turns of {game} and has refereed his last game "
                           "in this league."}  # fmt: skip
        refs.append(paragraph(Html(words.get(verdict, f"{who} refereed {game} ({turns} turns in range) and keeps his "
                                                      "whistle."))))  # fmt: skip
    refs += [paragraph(Html(f"<strong>A minute's silence</strong> for {links.referee_named(name)}, who did not leave "
                            "the pitch alive.")) for name in m.dead_refs]  # fmt: skip
    body.append(section("referees", "The men in stripes", Html("\n".join(refs)) if refs else nothing))
    records = []
    for new, old in m.records:
        holder = f"{links.player(new.holder_id, new.holder)} ({links.team_named(new.team)})"
        beaten = f", beating {_plain(possessive(old.holder))} {old.value}" if old else " and sets the first mark"
        records.append(
            paragraph(
                Html(f"<strong>{_plain(new.title)}:</strong> {holder} now holds it with {new.value}{beaten}.")
            )
        )
    body.append(section("records", "Records broken", Html("\n".join(records)) if records else nothing))
    deals = []
    for player, seller, buyer, price in m.transfers:
        cost = f" for {gold(price)} gp" if site.show_money else ""
        deals.append(
            paragraph(
                Html(f"{_plain(player)} moves from {links.team_named(seller)} to {links.team_named(buyer)}{cost}.")
            )
        )
    for player, team, seasons, cost in m.contracts:
        paid = f" ({gold(cost)} gp)" if site.show_money else ""
        deals.append(
            paragraph(
                Html(f"{_plain(player)} signs with {links.team_named(team)} for {count(seasons, 'season')}{paid}.")
            )
        )
    body.append(section("deals", "Transfers and contracts", Html("\n".join(deals)) if deals else nothing))
    hurt = [paragraph(Html(f"{_plain(p)} ({links.team_named(team)}): {_plain(injury)}."))
            for p, team, injury in m.injuries if injury != "Dead"]  # fmt: skip
    body.append(section("injuries", "The injury list", Html("\n".join(hurt)) if hurt else nothing))
    dead = [paragraph(Html(f"<strong>{_plain(p)}</strong> of {links.team_named(team)} died on the pitch. The league will "
                           "not forget him.")) for p, team, injury in m.injuries if injury == "Dead"]  # fmt: skip
    body.append(section("obituaries", "Obituaries", Html("\n".join(dead)) if dead
                        else paragraph("Everybody walked off the pitch this round.")))  # fmt: skip
    if m.charts:
        shown = [figure(svg.chart_svg(chart, f"chart-{i}"), chart.title) for i, chart in enumerate(m.charts)]
        body.append(section("pictures", "The round in pictures", Html("\n".join(shown))))
    return _document(site, path, f"Magazine, season {m.season}, round {m.round}", body)
