"""What each page is made from, as a short digest: a page whose digest is the one the last publish wrote is not
made again (its file is kept). A republish after one match reads the league's rows once (a few plain SELECTs)
and makes only the pages of the teams, players, referees, season and round that game touched, plus the
league-wide pages (front, indexes), which are always made and written only when their content changed.

What a digest covers, page by page:
- every page: the site's format (code version, templates, style), the league's row and ruleset, every team's,
  player's and referee's name (a rename shows on other pages), whether money is shown;
- a team: its row (version), its players' rows (versions), its matches' rows, its ledger rows, its contracts
  and transfers; a player: his row, his match lines, contracts and transfers;
- a referee: his row and his match sheets; a season: its matches, their sheets, the season's row;
- a magazine issue: its season's matches up to its round, their sheets, the season's transfers and contracts.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import text

from roster_app import __version__
from roster_app.i18n import SOURCE_LANGUAGE, current_language
from roster_app.paths import resources_dir
from roster_app.store.db import LeagueDB

SITE_FORMAT = 1  # bump when the pages' code changes in a way a template's digest would not show


def digest(*parts: object) -> str:
    return hashlib.blake2b(
        json.dumps(parts, default=str, separators=(",", ":")).encode(), digest_size=12
    ).hexdigest()


def _rows(conn, sql: str) -> list[tuple]:  # noqa: ANN001
    return [tuple(row) for row in conn.execute(text(sql)).all()]


@dataclass
class Sources:
    common: str = ""
    teams: dict[int, str] = field(default_factory=dict)
    players: dict[int, str] = field(default_factory=dict)
    referees: dict[int, str] = field(default_factory=dict)
    seasons: dict[int, str] = field(default_factory=dict)
    issues: dict[tuple[int, int], str] = field(default_factory=dict)

    def key(self, *parts: object) -> str:
        return digest(self.common, *parts)


def site_format() -> str:
    """The pages' making: the templates, the style, this room's code where its source is at hand (a bundle has
    only bytecode: its version then), so a Dugout that makes a page differently makes it again."""
    files = sorted((resources_dir() / "templates" / "site").iterdir()) + sorted(Path(__file__).parent.glob("*.py"))
    return digest(SITE_FORMAT, __version__, [(f.name, f.read_bytes().decode("utf-8", "replace")) for f in files])


def read_sources(db: LeagueDB, *, show_money: bool, issues: list[tuple[int, int]]) -> Sources:
    """Every page's digest from one pass over the rows that make it (no page is made here)."""
    with db.engine.connect() as conn:
        league = _rows(conn, "SELECT name, ruleset_name, current_season FROM league")
        ruleset = _rows(conn, "SELECT key, data FROM ruleset_table ORDER BY key")
        seasons = _rows(conn, "SELECT number, ended_at FROM season ORDER BY number")
        teams = _rows(conn, "SELECT id, name, version FROM team ORDER BY id")
        players = _rows(conn, "SELECT id, team_id, name, version FROM player ORDER BY id")
        refs = _rows(conn, "SELECT id, name, status, spp, skills, equipment, matches, awards, casualties, "
                           "rolls_taken, description, ma, st, ag, av FROM referee ORDER BY id")  # fmt: skip
        matches = _rows(conn, 'SELECT id, season, round, stage, home_team_id, away_team_id, status, home_score, '
                              'away_score, home_casualties, away_casualties, gate, referee_id, post_match, played_at '
                              'FROM "match" ORDER BY id')  # fmt: skip
        sheets = _rows(conn, "SELECT id, referee_id, match_id, in_range, riot, turns_played, casualties, state, "
                             "result, spp_gained, finished FROM referee_match ORDER BY id")  # fmt: skip
        lines = _rows(conn, "SELECT player_id, count(*), max(id), sum(spp), sum(touchdowns), sum(casualties), "
                            "sum(completions), sum(interceptions) FROM match_player GROUP BY player_id")  # fmt: skip
        ledger = _rows(conn, "SELECT team_id, count(*), max(id), sum(amount) FROM ledger_entry GROUP BY team_id")
        contracts = _rows(conn, "SELECT id, player_id, team_id, signed_season, seasons, served, status, cost, renewal "
                                "FROM contract ORDER BY id")  # fmt: skip
        transfers = _rows(conn, "SELECT id, player_id, seller_team_id, buyer_team_id, season, price, status "
                                "FROM transfer ORDER BY id")  # fmt: skip
    names = digest([t[:2] for t in teams], [p[::2] for p in players], [r[:2] for r in refs])
    language = current_language()  # a page in another language is another page (English keeps its digests)
    spoken = () if language == SOURCE_LANGUAGE else (language,)
    out = Sources(common=digest(site_format(), league, ruleset, names, show_money, *spoken))
    by_team: dict[int, list] = defaultdict(list)
    by_player: dict[int, list] = defaultdict(list)
    for pid, team_id, _name, version in players:
        by_team[team_id].append((pid, version))
    for row in lines:
        by_player[row[0]].append(row)
    for row in ledger:
        by_team[row[0]].append(("ledger", *row))
    for row in contracts:
        by_team[row[2]].append(("contract", *row))
        by_player[row[1]].append(("contract", *row))
    for row in transfers:
        by_player[row[1]].append(("transfer", *row))
        by_team[row[2]].append(("transfer", *row))
        by_team[row[3]].append(("transfer", *row))
    match_digest = {}
    by_season: dict[int, list] = defaultdict(list)
    for row in matches:
        mid, season, _rnd, _stage, home, away = row[:6]
        one = digest(row)
        match_digest[mid] = (season, row[2], one)
        by_team[home].append(one)
        by_team[away].append(one)
        by_season[season].append((row[2], one))
    by_referee: dict[int, list] = defaultdict(list)
    sheets_by_season: dict[int, list] = defaultdict(list)
    for row in sheets:
        one = digest(row)
        by_referee[row[1]].append(one)
        season, rnd, _match = match_digest.get(row[2], (None, None, None))
        if season is not None:
            sheets_by_season[season].append((rnd, one))
    for tid, _name, version in teams:
        out.teams[tid] = out.key("team", tid, version, by_team[tid])
    for pid, team_id, _name, version in players:
        out.players[pid] = out.key("player", pid, team_id, version, by_player[pid])
    for row in refs:
        out.referees[row[0]] = out.key("referee", row, by_referee[row[0]])
    ended = dict(seasons)
    for number in set(by_season) | set(ended):
        out.seasons[number] = out.key(
            "season", number, ended.get(number), by_season[number], sheets_by_season[number]
        )
    for season, rnd in issues:
        deals = [row for row in transfers if row[4] == season] + [row for row in contracts if row[3] == season]
        upto = [d for r, d in by_season[season] if r <= rnd] + [d for r, d in sheets_by_season[season] if r <= rnd]
        out.issues[(season, rnd)] = out.key("issue", season, rnd, upto, deals)
    return out
