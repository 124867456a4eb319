"""What the printed documents show, read from the league as frozen dataclasses (no Qt, no HTML here).

Rosters reuse the roster and team header queries of roster_app.queries and the league table is the Season
page's (roster_app.queries.season); the rest (player match totals, the contract sheet, referee cards) is read
here with a few SQL queries.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import Connection, case, func, select

from roster_app.errors import NotFound
from roster_app.i18n import N_, _, term
from roster_app.queries import referees
from roster_app.queries import rosters as queries
from roster_app.queries.corrections import CorrectionRow, corrections
from roster_app.queries.freebooters import match_freebooters, stored
from roster_app.queries.prematch import team_next_fixture
from roster_app.queries.referees import RefereeCard
from roster_app.queries.season import league_table as season_table
from roster_app.rules.contracts import contract_cost_for_rolls, contract_state, tally_marks
from roster_app.rules.referees import ref_range
from roster_app.rules.ruleset import Ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Contract,
    League,
    Match,
    MatchPlayer,
    Player,
    PlayerStatus,
    Referee,
    RefereeMatch,
    Team,
)
from roster_app.words import number

PLAYED = ("played", "completed")  # match statuses that count in the table
GONE_REFEREES = ("sacked", "dead")  # referees who can never be chosen again get no card


@dataclass(frozen=True)
class Heading:
    """The league line printed on every document."""

    league: str
    season: int
    ruleset: str
    printed_on: date


@dataclass(frozen=True)
class PlayerTotals:
    """A player's career figures from the match reports (the classic roster's Comp/TD/Int/Cas/MVP)."""

    completions: int = 0
    touchdowns: int = 0
    interceptions: int = 0
    casualties: int = 0
    mvps: int = 0


@dataclass(frozen=True)
class RosterLine:
    player: queries.PlayerRow
    totals: PlayerTotals


@dataclass(frozen=True)
class StaffLine:
    label: str
    count: int
    unit_cost: int

    @property
    def total(self) -> int:
        return self.count * self.unit_cost


@dataclass(frozen=True)
class Standing:
    """One team's line in the league table."""

    team_id: int
    team: str
    race: str
    coach: str
    played: int
    won: int
    drawn: int
    lost: int
    touchdowns_for: int
    touchdowns_against: int
    casualties_for: int
    casualties_against: int
    points: int
    position: int = 0
    worth: str = ""  # what the team is worth now, in the edition's measure: "103" (TR), "1,050k" (TV)

    @property
    def touchdown_difference(self) -> int:
        return self.touchdowns_for - self.touchdowns_against

    @property
    def casualty_difference(self) -> int:
        return self.casualties_for - self.casualties_against


@dataclass(frozen=True)
class RosterSheet:
    team: queries.TeamHeader
    lines: tuple[RosterLine, ...]
    staff: tuple[StaffLine, ...]
    max_players: int
    record: Standing | None
    hired: str = (
        ""  # issue 32: "Griff Oberwald (Star Player), Bribes, for Reavers v Raiders" (never on the roster)
    )

    @property
    def players_value(self) -> int:
        return sum(line.player.value for line in self.lines)


@dataclass(frozen=True)
class SheetPlayer:
    """A player as the contract sheet names him: team, number, name, position, SPP and star player rolls."""

    team: str
    number: int
    name: str
    position: str
    spp: int
    rolls: int


@dataclass(frozen=True)
class ContractLine(SheetPlayer):
    signed_season: int
    seasons: int
    served: int
    cost: int
    renewal: bool

    @property
    def tally(self) -> str:
        return tally_marks(self.served, self.seasons)

    @property
    def state(self) -> str:
        return contract_state(self.seasons, self.served)

    @property
    def last_season(self) -> int:
        return self.signed_season + self.seasons - 1


@dataclass(frozen=True)
class FreeAgentLine(SheetPlayer):
    """A player who could sign a contract now (at least one star player roll, none running)."""

    costs: tuple[int, ...]  # the price of each contract length, shortest first


@dataclass(frozen=True)
class ContractSheet:
    contracts: tuple[ContractLine, ...]
    free_agents: tuple[FreeAgentLine, ...]
    lengths: tuple[int, ...]  # the contract lengths a player may sign for
    cost_per_roll_per_season: int


@dataclass(frozen=True)
class RefereeRules:
    """The figures a referee's match sheet needs, from the league's referee rules."""

    turns: int
    range_squares: int
    range_skills: tuple[tuple[str, int], ...]
    sacked_at_most: int
    award_at_least: int
    riot_sacked_percent: int
    riot_award_percent: int
    award_spp: int
    casualty_spp: int
    send_off_target: int


@dataclass(frozen=True)
class LedgerStatement:
    team: queries.TeamHeader
    rows: tuple[queries.LedgerRow, ...]
    corrections: tuple[CorrectionRow, ...] = ()  # the commissioner's corrections of the team, newest first


# -- the league --------------------------------------------------------------------------------------
def heading(db: LeagueDB, *, today: date | None = None) -> Heading:
    with db.read() as session:
        league = session.scalars(select(League)).one()
        return Heading(league.name, league.current_season, league.ruleset_name, today or date.today())


def team_ids(db: LeagueDB, names: list[str] | None = None) -> list[int]:
    """Ids of the teams called `names` (all teams, by name, when None); an unknown name raises NotFound."""
    teams = queries.teams(db)
    if names is None:
        return [t.id for t in teams]
    by_name = {t.name.casefold(): t.id for t in teams}
    missing = [n for n in names if n.casefold() not in by_name]
    if missing:
        known = ", ".join(t.name for t in teams) or _("none")
        raise NotFound(
            _("The league has no team called {names} (teams: {known}).").format(
                names=", ".join(repr(n) for n in missing), known=known
            )
        )
    return [by_name[n.casefold()] for n in names]


# -- rosters -----------------------------------------------------------------------------------------
def _player_totals(conn: Connection, team_ids: list[int]) -> dict[int, PlayerTotals]:
    mvp = func.sum(case((MatchPlayer.mvp, 1), else_=0))
    on_rosters = select(Player.id).where(Player.team_id.in_(team_ids), Player.status.in_(PlayerStatus.ON_ROSTER))
    query = (
        select(
            MatchPlayer.player_id, func.sum(MatchPlayer.completions), func.sum(MatchPlayer.touchdowns),
            func.sum(MatchPlayer.interceptions), func.sum(MatchPlayer.casualties), mvp,
        )
        # the rows read by the player_id index in its order, so they arrive grouped: a join from the players
        # (by team) made SQLite sort 80,640 rows for the GROUP BY (47 ms against 32 for 64 rosters)
        .where(MatchPlayer.player_id.in_(on_rosters))
        .group_by(MatchPlayer.player_id)
    )  # fmt: skip
    return {pid: PlayerTotals(*(int(v or 0) for v in rest)) for pid, *rest in conn.execute(query).all()}


def _staff(team: queries.TeamHeader, ruleset: Ruleset) -> tuple[StaffLine, ...]:
    rules = ruleset.table("team_rules")
    return (
        StaffLine(N_("Team re-rolls"), team.rerolls, ruleset.race(team.race).reroll_cost),
        StaffLine(N_("Assistant coaches"), team.assistant_coaches, rules["assistant_coach_cost"]),
        StaffLine(N_("Cheerleaders"), team.cheerleaders, rules["cheerleader_cost"]),
        StaffLine(N_("Apothecary"), int(team.apothecary), rules["apothecary_cost"]),
        StaffLine(N_("Fan factor"), team.fan_factor, rules["fan_factor_cost"]),  # in the team value at its price
    )


def roster_sheet(db: LeagueDB, team_id: int, *, standings: list[Standing] | None = None) -> RosterSheet:
    """The classic roster of one team: every player on the roster, staff, and the team's figures."""
    sheets = roster_sheets(db, [team_id], standings=standings)
    if team_id not in sheets:
        raise NotFound(_("That team is no longer in the league."))
    return sheets[team_id]


def roster_sheets(
    db: LeagueDB, team_ids: list[int], *, standings: list[Standing] | None = None
) -> dict[int, RosterSheet]:
    """The roster sheets of the teams, read in a handful of queries however many teams (every roster of a
    large league prints without a query a player)."""
    ruleset = db.ruleset
    headers = queries.team_headers(db, team_ids)
    players = queries.rosters(db, team_ids)
    with db.engine.connect() as conn:
        totals = _player_totals(conn, team_ids)
    standings = standings if standings is not None else league_table(db)
    records = {s.team_id: s for s in standings}
    max_players = ruleset.table("team_rules")["max_players"]
    hired = _hired_next_of(db, team_ids)
    return {
        team_id: RosterSheet(
            team,
            tuple(
                RosterLine(p, totals.get(p.id, PlayerTotals())) for p in players.get(team_id, []) if p.on_roster
            ),
            _staff(team, ruleset),
            max_players,
            records.get(team_id),
            hired[team_id],
        )
        for team_id in team_ids
        if (team := headers.get(team_id)) is not None
    }


def _hired_next_of(db: LeagueDB, team_ids: list[int]) -> dict[int, str]:
    """_hired_next of each team, the fixtures still to play read once (issue 40: not two reads a team): a team
    whose next game holds no freebooters it hired has none (""); one that hired some is told by _hired_next."""
    wanted = set(team_ids)
    first: dict[int, Any] = {}
    with db.read() as session:
        fixtures = session.execute(
            select(Match.id, Match.home_team_id, Match.away_team_id, Match.pre_match)
            .where(Match.status == "scheduled")
            .order_by(Match.season, Match.round, Match.id)  # as next_fixture takes them
        )
        for fixture in fixtures:
            for team_id in (fixture.home_team_id, fixture.away_team_id):
                if team_id in wanted and team_id not in first:
                    first[team_id] = fixture
    return {
        team_id: _hired_next(db, team_id)
        if team_id in first and stored(first[team_id]).get(str(team_id), {}).get("lines", ())
        else ""
        for team_id in team_ids
    }


def _hired_next(db: LeagueDB, team_id: int) -> str:
    """The freebooters the team hired for its next game, in words ("" when none): they play that game only."""
    match_id, title = team_next_fixture(db, team_id)
    sides = match_freebooters(db, match_id) if match_id is not None else None
    side = next((s for s in sides or () if s.team_id == team_id), None)
    if side is None or not side.hired:
        return ""
    return _("{hired}, for {fixture}").format(hired=side.words(), fixture=title)


def ledger_statement(db: LeagueDB, team_id: int) -> LedgerStatement:
    team = queries.team_header(db, team_id)
    if team is None:
        raise NotFound(_("That team is no longer in the league."))
    return LedgerStatement(team, tuple(queries.ledger(db, team_id)), tuple(corrections(db, team_id=team_id)))


# -- contracts ---------------------------------------------------------------------------------------
def contract_sheet(db: LeagueDB) -> ContractSheet:
    """Every running contract of the league, and the players who could sign one now."""
    ruleset = db.ruleset
    terms = ruleset.table("contracts")
    with db.read() as session:
        rows = session.execute(
            select(Team.name, Player, Contract)
            .join(Player, Player.id == Contract.player_id)
            .join(Team, Team.id == Contract.team_id)
            .where(Contract.status == "running")
            .order_by(func.lower(Team.name), Player.number, Player.id)
        ).all()
        contracts = tuple(
            ContractLine(team, p.number, p.name, p.position, p.spp, star_player_rolls(p.spp, ruleset),
                         c.signed_season, c.seasons, c.served, c.cost, c.renewal)
            for team, p, c in rows
        )  # fmt: skip
        candidates = session.execute(
            select(Team.name, Player)
            .join(Team, Team.id == Player.team_id)
            .where(Player.status.in_(PlayerStatus.ON_ROSTER))
            .where(Player.id.not_in(select(Contract.player_id).where(Contract.status == "running")))
            .order_by(func.lower(Team.name), Player.number, Player.id)
        ).all()
    free = []
    for team, p in candidates:
        rolls = star_player_rolls(p.spp, ruleset)
        if rolls and not _is_star_player(ruleset, p):
            costs = tuple(contract_cost_for_rolls(rolls, n, ruleset) for n in _lengths(terms))
            free.append(FreeAgentLine(team, p.number, p.name, p.position, p.spp, rolls, costs))
    return ContractSheet(contracts, tuple(free), tuple(_lengths(terms)), terms["cost_per_roll_per_season"])


def _lengths(terms: dict) -> range:
    return range(terms["min_seasons"], terms["max_seasons"] + 1)


def _is_star_player(ruleset: Ruleset, player: Player) -> bool:
    try:
        return ruleset.position(player.race, player.position).is_star_player
    except NotFound:  # a house-rules edit removed the position
        return False


# -- referees ----------------------------------------------------------------------------------------
def referee_rules(ruleset: Ruleset) -> RefereeRules:
    rules = ruleset.table("referee_rules")
    return RefereeRules(
        turns=rules["turns"], range_squares=rules["range"],
        range_skills=tuple(sorted(rules.get("range_skills", {}).items(), key=lambda kv: kv[1])),
        sacked_at_most=rules["sacked_at_most"], award_at_least=rules["award_at_least"],
        riot_sacked_percent=rules["riot_sacked_percent"], riot_award_percent=rules["riot_award_percent"],
        award_spp=rules["award_spp"], casualty_spp=rules["casualty_spp"], send_off_target=rules["send_off_target"],
    )  # fmt: skip


def referee_cards(db: LeagueDB) -> list[RefereeCard]:
    """The screen's card of every referee who can still be chosen: custom refs first, then Star Refs, by name."""
    return [card for card in referees.referee_cards(db) if card.status not in GONE_REFEREES]


# -- matches of the season ----------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchLine:
    round: int
    stage: str
    home: str
    away: str
    home_score: int
    away_score: int
    home_casualties: int
    away_casualties: int
    played: bool


def season_matches(db: LeagueDB, *, season: int | None = None) -> list[MatchLine]:
    """The season's matches by round: results of those played and the ones still to play."""
    from sqlalchemy.orm import aliased

    home, away = aliased(Team), aliased(Team)
    with db.read() as session:
        season = season if season is not None else session.scalars(select(League.current_season)).one()
        rows = session.execute(
            select(Match.round, Match.stage, home.name, away.name, Match.home_score, Match.away_score,
                   Match.home_casualties, Match.away_casualties, Match.status.in_(PLAYED))
            .join(home, home.id == Match.home_team_id)
            .join(away, away.id == Match.away_team_id)
            .where(Match.season == season)
            .order_by(Match.round, Match.id)
        ).all()  # fmt: skip
    return [MatchLine(*row) for row in rows]


# -- the league table --------------------------------------------------------------------------------
def league_table(db: LeagueDB, *, season: int | None = None) -> list[Standing]:
    """The Season page's league table (`season_queries.league_table`: one SQL aggregate, the league's points
    and tie-breakers), with each team's coach and what it is worth now (issue 31) for the printed page."""
    with db.read() as session:
        coaches = dict(session.execute(select(Team.id, Team.coach)).all())
    rows = season_table(db, season)
    headers = queries.team_headers(db, [r.id for r in rows])
    return [
        Standing(r.id, r.name, r.race, coaches.get(r.id, ""), r.played, r.won, r.drawn, r.lost, r.td_for,
                 r.td_against, r.cas_for, r.cas_against, r.points, r.position, _worth(headers.get(r.id)))
        for r in rows
    ]  # fmt: skip


def _worth(header: queries.TeamHeader | None) -> str:
    """A team's worth for the league table's column: a team rating as it is, a team value in thousands."""
    if header is None:
        return ""
    return f"{number(header.worth // 1000)}k" if header.worth_is_value else str(header.worth)


# -- pre-filled match sheets, one a fixture ------------------------------------------------------------------
@dataclass(frozen=True)
class SheetPlayerLine:
    number: int
    name: str
    position: str
    starting_skills: tuple[str, ...]
    skills: tuple[str, ...]  # gained in the league
    misses: bool  # misses this match (injured last game)


@dataclass(frozen=True)
class SheetSide:
    name: str
    race: str
    coach: str
    rating: int
    rerolls: int
    apothecary: bool
    fan_factor: int
    players: tuple[SheetPlayerLine, ...]
    handicaps: tuple[str, ...]  # handicaps awarded in the pre-match sequence ("Bribe")
    worth_name: str = "Team rating"  # what the team is worth, as its edition names it  # i18n: key
    worth: str = ""  # "103", "1,050,000 gp"
    freebooters: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # hired for this game: (name, what, skills)
    inducements: tuple[str, ...] = ()  # bought for this game ("Bribes x 2")


@dataclass(frozen=True)
class FixtureSheet:
    match_id: int
    round: int
    stage: str
    home: SheetSide
    away: SheetSide
    referee: str  # "" when not chosen yet
    referee_race: str
    referee_skills: tuple[str, ...]
    referee_range: int | None  # his range from his skills; None: no ref chosen yet


def sheet_round(db: LeagueDB, round_number: int | None) -> int:
    """The round to print: the one asked for, else the first of the season with a fixture still to play."""
    with db.read() as session:
        season = session.scalars(select(League.current_season)).one()
        if round_number is not None:
            return round_number
        first = session.scalar(
            select(func.min(Match.round)).where(Match.season == season, Match.status == "scheduled")
        )
    if first is None:
        raise NotFound(
            _("Every fixture of season {season} has been played: there is no match sheet to print.").format(
                season=season
            )
        )
    return first


def fixture_sheets(db: LeagueDB, *, round_number: int | None = None) -> list[FixtureSheet]:
    """A pre-filled match sheet for every fixture still to play in a round of the current season (the next
    round when none is named), read in a handful of queries however many fixtures."""
    number = sheet_round(db, round_number)
    ruleset = db.ruleset
    with db.read() as session:
        season = session.scalars(select(League.current_season)).one()
        matches = session.scalars(
            select(Match)
            .where(Match.season == season, Match.round == number, Match.status == "scheduled")
            .order_by(Match.id)
        ).all()
        if not matches:
            raise NotFound(
                _("Round {number} of season {season} has no fixture still to play.").format(
                    number=number, season=season
                )
            )
        refs = dict(
            session.execute(
                select(RefereeMatch.match_id, Referee)
                .join(Referee, Referee.id == RefereeMatch.referee_id)
                .where(RefereeMatch.match_id.in_([m.id for m in matches]))
            ).all()
        )
        fixtures = [
            (m.id, m.round, m.stage, m.home_team_id, m.away_team_id, dict(m.pre_match or {})) for m in matches
        ]
        referees = {mid: (r.name, r.race, tuple(r.skills)) for mid, r in refs.items()}
    team_ids = sorted({t for f in fixtures for t in f[3:5]})
    headers, players = queries.team_headers(db, team_ids), queries.rosters(db, team_ids)

    def side(team_id: int, pre_match: dict) -> SheetSide:
        team = headers[team_id]
        lines = tuple(
            SheetPlayerLine(p.number, p.name, p.position, p.starting_skills, p.skills,
                            p.status == PlayerStatus.MISS_NEXT_GAME)
            for p in players.get(team_id, []) if p.on_roster
        )  # fmt: skip
        handicaps = tuple(h["handicap"] for h in pre_match.get("handicaps", []) if h["team_id"] == team_id)
        hired = pre_match.get("freebooters", {}).get(str(team_id), {}).get("lines", [])
        freebooters = tuple((h["name"], _("Star Player") if h["kind"] == "star"
                             else _("Mercenary {position}").format(position=term("position", h["position"])),
                             tuple(h.get("skills", ()))) for h in hired if h["kind"] != "inducement")  # fmt: skip
        inducements = tuple(h["what"] for h in hired if h["kind"] == "inducement")
        return SheetSide(team.name, team.race, team.coach or "", team.rating, team.rerolls, team.apothecary,
                         team.fan_factor, lines, handicaps, team.worth_name, team.worth_figure, freebooters,
                         inducements)  # fmt: skip

    sheets = []
    for match_id, round_, stage, home, away, pre_match in fixtures:
        name, race, skills = referees.get(match_id, ("", "", ()))
        sheets.append(FixtureSheet(match_id, round_, stage, side(home, pre_match), side(away, pre_match), name, race,
                                   skills, ref_range(skills, ruleset) if name else None))  # fmt: skip
    return sheets


# -- the season's tournaments (issue 33) -----------------------------------------------------------------------
def tournaments(db: LeagueDB, *, season: int | None = None) -> list:
    """The season's open tournaments in its order, each with its bracket or Swiss standing."""
    from roster_app.queries import competitions as competition_queries

    return [competition_queries.bracket(db, row.id) for row in competition_queries.competitions(db, season)
            if row.format != "league"]  # fmt: skip


# -- the referee's sheet of a game played (issue 34) ---------------------------------------------------------
@dataclass(frozen=True)
class CallLine:
    """One call the ref made in the game (the match pad's): a send-off, a warning, a foul spotted or missed."""

    turn: int | None
    call: str
    player: str
    why: str
    by: str


@dataclass(frozen=True)
class PlayedSheet:
    """The referee's sheet of a game played: the score, the ref, his turns (in range, action), the verdict, the
    calls he made and what he did himself (the pad's log of his turns, his own block or foul, blocks on him)."""

    match_id: int
    title: str  # "Orcland Raiders 2 - 1 Reikland Reavers"
    season: int
    round: int | None
    stage: str
    sheet: referees.SheetView
    race: str
    calls: tuple[CallLine, ...]
    ref_log: tuple[str, ...]
    counts: tuple[int, int, int, int]  # sent off, warnings, fouls spotted, fouls missed


# the pad's events about the ref himself (his own actions and what was done to him)
_REF_LOG_KINDS = ("ref state", "send-off roll", "penalty roll", "get the ref", "ref casualty", "ref blocked",  # i18n: key
                  "super pro", "apothecary", "argue the call")  # fmt: skip  # i18n: key
_OWN_ACTIONS = ("block", "foul", "blitz", "blow the whistle")  # i18n: key


def played_sheets(
    db: LeagueDB, *, round_number: int | None = None, match_ids: tuple[int, ...] = ()
) -> list[PlayedSheet]:
    """The referee's sheet of each game played in a round of the current season (the latest round with a game
    played when none is named), or of the games named; a game played without a ref of the league has none."""
    from roster_app.queries.careers import call_counts
    from roster_app.queries.matchpad import describe, read_game

    with db.read() as session:
        season = session.scalars(select(League.current_season)).one()
        query = select(Match).where(Match.status.in_(PLAYED))
        if match_ids:
            query = query.where(Match.id.in_(match_ids))
        else:
            if round_number is None:
                round_number = session.scalar(
                    select(func.max(Match.round)).where(Match.season == season, Match.status.in_(PLAYED))
                )
                if round_number is None:
                    raise NotFound(_("No game of season {season} has been played yet.").format(season=season))
            query = query.where(Match.season == season, Match.round == round_number)
        matches = session.scalars(query.order_by(Match.round, Match.id)).all()
        games = [(m.id, m.season, m.round, m.stage, m.home_team_id, m.away_team_id, m.home_score, m.away_score)
                 for m in matches]  # fmt: skip
        names = dict(session.execute(select(Team.id, Team.name)).all())
    out = []
    for mid, season_of, rnd, stage, home, away, home_score, away_score in games:
        view = referees.sheet_of_match(db, mid)
        if view is None:
            continue
        with db.read() as session:
            race = session.scalar(select(Referee.race).where(Referee.id == view.referee_id)) or ""
        game = read_game(db, mid)
        log = tuple(
            describe(e, game)
            for e in game.events
            if e.kind in _REF_LOG_KINDS or (e.kind == "end turn" and e.data.get("action") in _OWN_ACTIONS)
        )
        calls = tuple(CallLine(c.get("turn"), c.get("call", ""), c.get("player", ""), c.get("why", ""),
                               c.get("by", "")) for c in view.calls)  # fmt: skip
        title = f"{names.get(home, '')} {home_score} \u2013 {away_score} {names.get(away, '')}"
        out.append(PlayedSheet(mid, title, season_of, rnd, stage, view, race, calls, log,
                               call_counts(list(view.calls))))  # fmt: skip
    if not out:
        where = (_("Round {round} of season {season}").format(round=round_number, season=season)
                 if not match_ids else _("The games named"))  # fmt: skip
        raise NotFound(_("{where} has no game played with a referee of the league.").format(where=where))
    return out
