"""What the first screen shows (the league, its teams, one roster), read with plain SQL and no ORM.

The window shows a league's roster before SQLModel is imported (issue 12): `peek()` reads a league file
read-only with sqlite3 while the league is still being opened and checked. `roster_app.queries` reads the
same rows through the league's engine with the same SQL, so both screens show the same thing.

`peek()` never writes and never raises: a file it cannot read (damaged, interrupted save, not a league)
gives None, and the league is opened (and refused, if it must be) the usual way.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from roster_app.i18n import _
from roster_app.rules.contracts import contract_state, tally_marks
from roster_app.rules.ruleset import Ruleset, from_stored
from roster_app.rules.spp import level_name, rolls_due
from roster_app.store import sqlite_file
from roster_app.store.statuses import ContractStatus, PlayerStatus

# A query runner: (SQL with :named parameters, parameters) -> rows as tuples.
Fetch = Callable[[str, Mapping[str, Any]], Sequence[Sequence[Any]]]

_ON_ROSTER = ", ".join(f"'{s}'" for s in PlayerStatus.ON_ROSTER)
LEAGUE_SQL = "SELECT name, ruleset_name, current_season FROM league ORDER BY id LIMIT 1"
RULESET_SQL = "SELECT ruleset_name, ruleset_key FROM league ORDER BY id LIMIT 1"
RULES_SQL = "SELECT key, data FROM ruleset_table"
TEAMS_SQL = (
    "SELECT t.id, t.name, t.race, t.coach, "
    f"(SELECT count(*) FROM player p WHERE p.team_id = t.id AND p.status IN ({_ON_ROSTER})) "
    "FROM team t ORDER BY lower(t.name), t.id"
)
PLAYERS_SQL = (
    "SELECT id, team_id, number, name, race, position, ma, st, ag, av, skills, injuries, spp, rolls_taken, "
    "value, status, version FROM player WHERE team_id IN ({teams})"
)
RUNNING_SQL = (
    "SELECT c.player_id, c.seasons, c.served FROM contract c JOIN player p ON p.id = c.player_id "
    f"WHERE p.team_id IN ({{teams}}) AND c.status = '{ContractStatus.RUNNING}'"
)


@dataclass(frozen=True)
class LeagueInfo:
    name: str
    ruleset_name: str
    season: int
    path: str
    read_only: bool


@dataclass(frozen=True)
class TeamItem:
    id: int
    name: str
    race: str
    coach: str
    players: int


@dataclass(frozen=True)
class PlayerRow:
    id: int
    team_id: int
    number: int
    name: str
    race: str
    position: str
    ma: int
    st: int
    ag: int
    av: int
    starting_skills: tuple[str, ...]
    skills: tuple[str, ...]
    injuries: tuple[str, ...]
    spp: int
    rolls_taken: int
    rolls_due: int
    level: str
    value: int
    status: str
    ally: bool
    contract_seasons: int | None  # length of the running contract, None for a free agent
    contract_served: int
    version: int = 1  # the row version shown: an edit made from it is refused if someone changed him since

    @property
    def on_roster(self) -> bool:
        return self.status in PlayerStatus.ON_ROSTER

    @property
    def contract_text(self) -> str:
        if self.contract_seasons is None:
            return _("free agent")
        return _("{tally} ({state})").format(
            tally=tally_marks(self.contract_served, self.contract_seasons),
            state=_(contract_state(self.contract_seasons, self.contract_served)),
        )


def _list(value: Any) -> tuple[str, ...]:
    """A JSON list column: text from sqlite3 or a raw text() query, a list where the driver parses JSON."""
    return tuple(json.loads(value) if isinstance(value, str | bytes) else value)


def read_teams(fetch: Fetch) -> list[TeamItem]:
    return [TeamItem(*row) for row in fetch(TEAMS_SQL, {})]


def read_ruleset(fetch: Fetch) -> Ruleset:
    league = fetch(RULESET_SQL, {})
    if not league:
        raise LookupError("the league file has no league record")
    return from_stored(league[0][0], league[0][1], [tuple(r) for r in fetch(RULES_SQL, {})])


def read_roster(fetch: Fetch, team_id: int, ruleset: Ruleset, *, include_former: bool = False) -> list[PlayerRow]:
    """A team's players in number order (former players last when asked for)."""
    return read_rosters(fetch, [team_id], ruleset, include_former=include_former).get(team_id, [])


def read_rosters(
    fetch: Fetch, team_ids: list[int], ruleset: Ruleset, *, include_former: bool = False
) -> dict[int, list[PlayerRow]]:
    """The players of each team (printing every roster reads them in three queries, not three a team)."""
    if not team_ids:
        return {}
    params = {f"t{i}": team_id for i, team_id in enumerate(team_ids)}
    among = ", ".join(f":{name}" for name in params)
    races = dict(fetch(f"SELECT id, race FROM team WHERE id IN ({among})", params))
    query = PLAYERS_SQL.format(teams=among)
    if not include_former:
        query += f" AND status IN ({_ON_ROSTER})"
    players = fetch(f"{query} ORDER BY number, id", params)
    contracts = {pid: (length, served) for pid, length, served in fetch(RUNNING_SQL.format(teams=among), params)}
    out: dict[int, list[PlayerRow]] = {team_id: [] for team_id in team_ids if team_id in races}
    for p in players:
        out[p[1]].append(_player_row(p, races[p[1]], ruleset, contracts.get(p[0])))
    for rows in out.values():
        rows.sort(key=lambda r: (not r.on_roster, r.number))
    return out


def _player_row(p: Sequence[Any], team_race: str, ruleset: Ruleset, contract: tuple[int, int] | None) -> PlayerRow:
    (
        pid,
        team_id,
        number,
        name,
        race,
        position,
        ma,
        st,
        ag,
        av,
        skills,
        injuries,
        spp,
        rolls,
        value,
        status,
        version,
    ) = p
    try:
        starting = ruleset.position(race, position).skills
    except Exception:  # a house-rules edit removed the position: show the line anyway
        starting = ()
    return PlayerRow(
        id=pid, team_id=team_id, number=number, name=name, race=race, position=position, ma=ma, st=st, ag=ag,
        av=av, starting_skills=tuple(starting), skills=_list(skills), injuries=_list(injuries), spp=spp,
        rolls_taken=rolls, rolls_due=rolls_due(spp, rolls, ruleset), level=level_name(spp, ruleset), value=value,
        status=status, ally=race != team_race,
        contract_seasons=contract[0] if contract else None, contract_served=contract[1] if contract else 0,
        version=version,
    )  # fmt: skip


@dataclass(frozen=True)
class FirstLook:
    """A league file as read before it is opened: enough to draw the Teams page."""

    path: Path
    league: LeagueInfo
    teams: list[TeamItem]
    team_id: int | None  # the team whose roster is shown
    roster: list[PlayerRow]


def peek(path: Path | str, team_id: int | None = None) -> FirstLook | None:
    """The league at `path` with `team_id`'s roster (the first team's if it is not in the league), read
    read-only with sqlite3; None when anything about the file is unusual (it is then opened as usual)."""
    path = Path(path)
    if sqlite_file.not_a_file(path) is not None:  # a named pipe would block the window: the open says why
        return None
    try:
        with contextlib.closing(sqlite_file.connect(path, read_only=True, isolation_level=None)) as conn:
            conn.execute("BEGIN")  # one snapshot for every read
            fetch: Fetch = lambda sql, params: conn.execute(sql, params).fetchall()  # noqa: E731
            name, ruleset_name, season = fetch(LEAGUE_SQL, {})[0]
            teams = read_teams(fetch)
            ids = [t.id for t in teams]
            shown = team_id if team_id in ids else (ids[0] if ids else None)
            roster = read_roster(fetch, shown, read_ruleset(fetch)) if shown is not None else []
        league = LeagueInfo(name, ruleset_name, season, str(path), False)
        if not all(map(_sound, (league, *teams, *roster))):
            return None  # a value of the wrong kind (a BLOB name): only the checks on opening may explain it
    except Exception:  # noqa: BLE001 - a first look is optional: the real open reports what is wrong
        return None
    return FirstLook(path, league, teams, shown, roster)


_KINDS = {"str": (str,), "int": (int,), "bool": (bool,), "int | None": (int, type(None)),
          "tuple[str, ...]": (tuple,)}  # fmt: skip


def _sound(row: Any) -> bool:
    """Every field of a row holds what its type says (a value sqlite3 hands back as bytes or text where a
    number belongs would reach Qt as something it cannot draw); lists hold text only."""
    for f in fields(row):
        value, kinds = getattr(row, f.name), _KINDS.get(str(f.type))
        if kinds is not None and (not isinstance(value, kinds) or (f.type == "int" and isinstance(value, bool))):
            return False
        if isinstance(value, tuple) and not all(isinstance(v, str) for v in value):
            return False
    return True
