"""A print job: what the commissioner asked for (PrintRequest) and the sections it makes (PrintDocument).

Qt-free: ui/printing/layout.py lays each section out with QTextDocument and paints the pages with their footer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date

from roster_app import i18n
from roster_app.errors import DugoutError
from roster_app.i18n import _
from roster_app.printing import data, render
from roster_app.printing.render import Section
from roster_app.rules.economy import economy
from roster_app.store.db import LeagueDB


class NothingToPrint(DugoutError):
    """The request holds no document (no team chosen and no league document)."""


@dataclass(frozen=True)
class PrintRequest:
    """Which documents to print. Rosters and ledgers are printed for `team_ids`, in that order."""

    team_ids: tuple[int, ...] = ()
    rosters: bool = True
    ledgers: bool = False
    table: bool = False
    contracts: bool = False
    referees: bool = False
    match_sheet: bool = False
    match_sheets: bool = False  # a pre-filled sheet for every fixture of `sheets_round` still to play
    sheets_round: int | None = None  # None: the next round with a fixture to play
    magazine: bool = False  # the league magazine of `magazine_round`
    magazine_round: int | None = None  # None: the latest round played
    magazine_season: int | None = None  # None: the latest season with a match played
    played_sheets: bool = False  # the referee's sheet of each game played in `played_round` (issue 34)
    played_round: int | None = None  # None: the latest round with a game played
    played_games: tuple[int, ...] = ()  # or the referee's sheets of these games (the Season page's played game)

    @property
    def empty(self) -> bool:
        team_documents = (self.rosters or self.ledgers) and self.team_ids
        league = (
            self.table or self.contracts or self.referees or self.match_sheet or self.match_sheets or self.magazine
            or self.played_sheets or bool(self.played_games)
        )  # fmt: skip
        return not (team_documents or league)


@dataclass(frozen=True)
class PrintDocument:
    title: str
    heading: data.Heading
    sections: tuple[Section, ...]
    stylesheet: str
    language: str = i18n.SOURCE_LANGUAGE  # the language it was written in: its pages are painted in it too

    @property
    def footer(self) -> str:
        with i18n.language(self.language):
            return _("{league} \u00b7 season {season}").format(
                league=self.heading.league, season=self.heading.season
            )


def whole_league(db: LeagueDB) -> PrintRequest:
    """Everything for league night: the table, every roster, the contract sheet and the referee cards."""
    return PrintRequest(tuple(data.team_ids(db)), rosters=True, table=True, contracts=True, referees=True)


def _title(request: PrintRequest, heading: data.Heading, team_names: list[str]) -> str:
    if len(team_names) == 1 and not (request.table or request.contracts or request.referees):
        return f"{team_names[0]} \u2014 {heading.league}"
    return heading.league


def build_document(
    db: LeagueDB,
    request: PrintRequest,
    *,
    today: date | None = None,
    progress: Callable[[str], None] | None = None,
    language: str | None = None,
) -> PrintDocument:
    """Read the league and render every section asked for, in league-night order, in `language` (a code of
    i18n.LANGUAGES; None: the app's own language)."""
    with i18n.language(language) as chosen:
        return _build(db, request, today, progress, chosen)


def _build(db: LeagueDB, request: PrintRequest, today: date | None, progress: Callable[[str], None] | None,
           language: str) -> PrintDocument:  # fmt: skip
    heading = data.heading(db, today=today)
    note = progress or (lambda _what: None)
    sections: list[Section] = []
    title = None
    standings = data.league_table(db)
    if request.table:
        note(_("the league table"))
        points = db.ruleset.table("league_points")
        eco = economy(db.ruleset)
        sections.append(render.league_table_section(standings, points, heading, data.season_matches(db),
                                                    (eco.worth_short, eco.worth_name, eco.is_value)))  # fmt: skip
        for bracket in data.tournaments(db):  # each tournament of the season on its own page (issue 33)
            note(bracket.competition.name)
            sections.append(render.competition_section(bracket, heading))
    names = []
    sheets = data.roster_sheets(db, list(request.team_ids), standings=standings) if request.rosters else {}
    for team_id in request.team_ids:
        if request.rosters:
            if team_id not in sheets:
                raise data.NotFound(_("That team is no longer in the league."))
            sheet = sheets[team_id]
            names.append(sheet.team.name)
            note(_("the roster of {team}").format(team=sheet.team.name))
            sections.append(render.roster_section(sheet, heading))
        if request.ledgers:
            statement = data.ledger_statement(db, team_id)
            names.append(statement.team.name)
            note(_("the ledger of {team}").format(team=statement.team.name))
            sections.append(render.ledger_section(statement, heading))
    if request.contracts:
        note(_("the contract sheet"))
        sections.append(render.contracts_section(data.contract_sheet(db), heading))
    if request.referees:
        note(_("the referee cards"))
        sections.extend(render.referee_card_sections(data.referee_cards(db), heading))
    if request.match_sheet:
        sections.append(render.match_sheet_section(data.referee_rules(db.ruleset), heading))
    if request.match_sheets:
        note(_("the match sheets"))
        rules = data.referee_rules(db.ruleset)
        for sheet in data.fixture_sheets(db, round_number=request.sheets_round):
            sections.append(render.fixture_sheet_section(sheet, rules, heading))
    if request.played_sheets or request.played_games:
        note(_("the referees' sheets of the games played"))
        for played in data.played_sheets(db, round_number=request.played_round, match_ids=request.played_games):
            sections.append(render.played_sheet_section(played, heading))
    if request.magazine:
        from roster_app.printing.magazine import magazine_data, magazine_sections

        note(_("the league magazine"))
        story = magazine_data(db, round_number=request.magazine_round, season=request.magazine_season)
        if len(sections) == 0:  # the magazine alone: its own title (the PDF's name) and season in the footer
            title = _("{league} magazine, season {season}, round {round}").format(
                league=heading.league, season=story.season, round=story.round
            )
            heading = replace(heading, season=story.season)
        sections.extend(magazine_sections(story, heading))
    if not sections:
        raise NothingToPrint(
            _("There is nothing to print: choose a team (the league has none yet) or a league document.")
        )
    title = title or _title(request, heading, list(dict.fromkeys(names)))
    return PrintDocument(title, heading, tuple(sections),
                         render.stylesheet(), language)  # fmt: skip
