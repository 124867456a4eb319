"""The reads the open league shows first (the panel, the title, the team page's header and roster), as plain
SQL over `db.fetch()`: no ORM at import or at run.

A league file is shown, ready for edits, before SQLAlchemy and the models are imported (issue 24,
tests/ui/app/test_start_path.py): these reads go over plain sqlite3 until the league's engine is made, and through
the engine (`text()`, so also on PostgreSQL) once it is. They are the only copy of these queries:
`roster_app.queries.rosters` re-exports them for its callers.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from roster_app.queries import first_screen
from roster_app.queries.first_screen import LeagueInfo, PlayerRow, TeamItem
from roster_app.rules.allies import AllyPenalties, ally_penalties_of, fan_factor_in_play, is_ally
from roster_app.rules.economy import economy, spiralling_expenses, team_worth, wage_value, worth_text
from roster_app.rules.roster import gp
from roster_app.rules.team import RatedPlayer, TeamSheet, reroll_price, team_rating, team_value, winnings_rating
from roster_app.store.statuses import ContractStatus, PlayerStatus

if TYPE_CHECKING:
    from roster_app.store.db import LeagueDB

_ON_ROSTER = ", ".join(f"'{s}'" for s in PlayerStatus.ON_ROSTER)


@dataclass(frozen=True)
class TeamHeader:
    id: int
    name: str
    race: str
    coach: str
    treasury: int
    fan_factor: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    players: int
    value: int
    rating: int
    winnings_rating: int
    reroll_cost: int  # the race's price of a re-roll (what the team value counts each at)
    version: int = 1  # the team row's version shown (edits from an older one are refused)
    reroll_price: int = 0  # one more re-roll now: doubled after the first match, + the allies' surcharge
    allies: tuple[str, ...] = ()  # "#12 Gotrek (Dwarf Troll Slayer)" for each ally on the roster
    penalties: AllyPenalties = AllyPenalties(0, 0, 0)
    fan_factor_in_play: int = 0  # the fan factor with the allies' penalty: the gate and the Player Reaction use it
    worth: int = 0  # what the team is worth as its edition names it: a team rating, or a team value in gold
    worth_text: str = ""  # "Team rating 112", "Team value 1,120,000 gp"
    worth_short: str = ""  # "TR 112", "TV 1,120,000 gp"
    expenses: int = (
        0  # the spiralling expenses the team's value brings after a match (0 where the edition has none)
    )
    worth_name: str = "Team rating"  # as the edition names what a team is worth  # i18n: key
    worth_figure: str = ""  # "112", "1,120,000 gp"
    winnings_by_table: bool = True  # the edition pays winnings from the Match Winnings Table (else dice and FAME)
    worth_is_value: bool = False  # a team value in gold (LRB 5/6), not a team rating


@dataclass(frozen=True)
class RefereeItem:
    id: int
    name: str
    race: str
    is_star: bool
    status: str
    spp: int


def league_info(db: LeagueDB) -> LeagueInfo:
    with db.fetch() as fetch:
        name, ruleset_name, season = fetch(first_screen.LEAGUE_SQL, {})[0]
    return LeagueInfo(name, ruleset_name, season, db.location, db.read_only)


def teams(db: LeagueDB) -> list[TeamItem]:
    with db.fetch() as fetch:
        return first_screen.read_teams(fetch)


def roster(db: LeagueDB, team_id: int, *, include_former: bool = False) -> list[PlayerRow]:
    """A team's players in number order (former players last when asked for)."""
    ruleset = db.ruleset
    with db.fetch() as fetch:
        return first_screen.read_roster(fetch, team_id, ruleset, include_former=include_former)


def rosters(db: LeagueDB, team_ids: list[int]) -> dict[int, list[PlayerRow]]:
    """The players on the roster of each team (printing every roster)."""
    ruleset = db.ruleset
    with db.fetch() as fetch:
        return first_screen.read_rosters(fetch, team_ids, ruleset)


REFEREES_SQL = "SELECT id, name, race, is_star, status, spp FROM referee ORDER BY is_star, lower(name), id"


def referees(db: LeagueDB) -> list[RefereeItem]:
    with db.fetch() as fetch:
        rows = fetch(REFEREES_SQL, {})
    return [RefereeItem(rid, name, race, bool(star), status, spp) for rid, name, race, star, status, spp in rows]


def team_header(db: LeagueDB, team_id: int) -> TeamHeader | None:
    return team_headers(db, [team_id]).get(team_id)


def team_headers(db: LeagueDB, team_ids: list[int] | None = None) -> dict[int, TeamHeader]:
    """The header figures of the teams (all by default), in four queries however many teams."""
    ruleset = db.ruleset
    params = {f"t{i}": team_id for i, team_id in enumerate(team_ids or [])}
    among = ", ".join(f":{name}" for name in params)
    if team_ids is not None and not team_ids:
        return {}
    teams_sql = ("SELECT id, name, race, coach, treasury, fan_factor, rerolls, assistant_coaches, cheerleaders, "
                 "apothecary, version FROM team")  # fmt: skip
    players_sql = ("SELECT team_id, id, value, spp, race, number, name, position FROM player "
                   f"WHERE status IN ({_ON_ROSTER})")  # fmt: skip
    running_sql = f"SELECT player_id FROM contract WHERE status = '{ContractStatus.RUNNING}'"
    played_sql = "SELECT home_team_id, away_team_id FROM match WHERE status != 'scheduled'"
    if team_ids is not None:
        teams_sql += f" WHERE id IN ({among})"
        players_sql += f" AND team_id IN ({among})"
        running_sql += f" AND player_id IN (SELECT id FROM player WHERE team_id IN ({among}))"
        played_sql += f" AND (home_team_id IN ({among}) OR away_team_id IN ({among}))"
    with db.fetch() as fetch:
        team_rows = fetch(teams_sql + " ORDER BY id", params)
        player_rows = fetch(players_sql + " ORDER BY number, id", params)
        contracted = {pid for (pid,) in fetch(running_sql, params)}
        have_played = {tid for pair in fetch(played_sql, params) for tid in pair}
    team_races = {row[0]: row[2] for row in team_rows}
    rated: dict[int, list[RatedPlayer]] = defaultdict(list)
    races: dict[int, list[str]] = defaultdict(list)
    allies: dict[int, list[str]] = defaultdict(list)
    for team_id, pid, value, spp, race, number, player, position in player_rows:
        rated[team_id].append(RatedPlayer(value, spp, pid in contracted))
        races[team_id].append(race)
        if is_ally(race, team_races.get(team_id, race)):
            allies[team_id].append(f"#{number} {player} ({race} {position})")
    out = {}
    eco = economy(ruleset)
    for (
        tid,
        name,
        race,
        coach,
        treasury,
        fans,
        rerolls,
        assistants,
        cheerleaders,
        apothecary,
        version,
    ) in team_rows:
        apothecary = bool(apothecary)  # sqlite3 and text() give SQLite's 0/1
        sheet = TeamSheet(race=race, players=tuple(rated[tid]), rerolls=rerolls, assistant_coaches=assistants,
                          cheerleaders=cheerleaders, apothecary=apothecary, treasury=treasury, fan_factor=fans)  # fmt: skip
        penalties = ally_penalties_of(race, races[tid], ruleset)
        out[tid] = TeamHeader(
            id=tid, name=name, race=race, coach=coach, treasury=treasury, fan_factor=fans, rerolls=rerolls,
            assistant_coaches=assistants, cheerleaders=cheerleaders, apothecary=apothecary,
            players=len(sheet.players), value=team_value(sheet, ruleset), rating=team_rating(sheet, ruleset),
            winnings_rating=winnings_rating(sheet, ruleset), reroll_cost=ruleset.race(race).reroll_cost,
            version=version, allies=tuple(allies[tid]), penalties=penalties,
            reroll_price=reroll_price(race, played=tid in have_played, surcharge=penalties.reroll_surcharge,
                                      ruleset=ruleset),
            fan_factor_in_play=fan_factor_in_play(fans, penalties, ruleset),
            worth=(worth := team_worth(sheet, ruleset)), worth_text=worth_text(worth, ruleset),
            worth_short=worth_text(worth, ruleset, short=True),
            expenses=spiralling_expenses(wage_value(sheet, ruleset), ruleset), worth_name=eco.worth_name,
            worth_figure=gp(worth) if eco.is_value else str(worth), winnings_by_table=eco.winnings == "gate_table",
            worth_is_value=eco.is_value,
        )  # fmt: skip
    return out
