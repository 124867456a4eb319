"""Check League: SQLite's own checks, then the league's invariants, reported in plain words.

`check_file(path)` runs everything on a closed file (read-only); `check_league(db)` the invariants on an
open league. Each problem says what is wrong and, if a repair is safe, what the repair does; the repairs
run in one transaction after a backup (roster_app.services.repair). What is safe to repair:

- a treasury that does not equal its ledger: a *correction* ledger row is added so the ledger equals the
  treasury. The treasury (what coaches know) stays; the difference is written down where the commissioner
  sees it, and can reverse it if the ledger was right. Setting the treasury to the ledger is not done: it
  would silently move gold.
- a league missing its current season's record: the record is added.
- a house-rules table that is missing, or damaged while still marked as the default: the bundled table
  is put back. An edited table that is damaged is only reported.
- a player status written differently ("Active "): the proper spelling.
- a link that points at a row that no longer exists, where the link is optional (a ledger row's player,
  a dice roll's match ...): the link is cleared; the row itself (and its gold) stays.
- a referee's match sheet an older Dugout left with nothing recorded on it, linked to no fixture or a second
  sheet of a game: it is discarded. A sheet with entries, or a finished one (counted on the ref's card), is
  only reported.

Everything else (SPP against rolls taken, contracts, duplicate numbers, negative treasuries, reversals
that do not match) is reported for the commissioner to decide: no automatic choice is safe.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import aliased
from sqlmodel import Session, SQLModel

from roster_app import words
from roster_app.errors import DugoutError, RulesetError
from roster_app.i18n import _
from roster_app.phrases import ledger as sentences
from roster_app.phrases import phrase
from roster_app.queries.freebooters import stored
from roster_app.queries.postmatch import match_title
from roster_app.rules.freebooters import inducements
from roster_app.rules.reserves import Kind as ReserveKind
from roster_app.rules.roster import STAT_NAMES, gp
from roster_app.rules.ruleset import FREEBOOTER_TABLES, TABLES, Ruleset, load_bundled
from roster_app.rules.schema import check_table
from roster_app.rules.spp import star_player_rolls
from roster_app.rules.team import COUNTERS
from roster_app.safety.competition_checks import competition_problems
from roster_app.safety.explained import contracts_of_the_living, ledger_rows, numbers_kept, typed_texts
from roster_app.safety.problems import Check, Ctx, Problem, Report
from roster_app.store import sqlite_file
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Contract,
    Correction,
    League,
    LedgerEntry,
    Match,
    Player,
    PlayerStatus,
    Referee,
    RefereeMatch,
    ReserveEvent,
    RulesetTable,
    Season,
    Team,
)
from roster_app.store.statuses import ContractStatus

CONTRACT_STATUSES = (
    ContractStatus.RUNNING,
    ContractStatus.EXPIRED,
    ContractStatus.TRANSFERRED,
    ContractStatus.REVERSED,
    ContractStatus.CANCELLED,
    ContractStatus.DIED,
    ContractStatus.ENDED,
)


# -- the file ----------------------------------------------------------------------------------------
def file_problems(path: Path) -> list[Problem]:
    """SQLite's full integrity check, foreign keys and readable values (read-only; the file is untouched)."""
    from roster_app.safety.inspection import inspect_file
    from roster_app.safety.integrity import stored_value_problems

    try:
        inspect_file(path)
    except DugoutError as exc:
        return [Problem("file", str(exc))]
    with contextlib.closing(sqlite_file.connect(path, read_only=True)) as conn:
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError as exc:  # damaged so badly that SQLite cannot even check it
            return [Problem("file", _("The file is damaged ({exc}). Restore it from a backup.").format(exc=exc))]
        if rows != [("ok",)]:
            detail = "; ".join(str(r[0]) for r in rows[:3])
            return [
                Problem(
                    "file", _("The file is damaged ({detail}). Restore it from a backup.").format(detail=detail)
                )
            ]
        values = stored_value_problems(conn)
    return [Problem("file", _("The file is damaged: {v}. Restore it from a backup.").format(v=v)) for v in values]


# -- links between rows -----------------------------------------------------------------------------
def _links(ctx: Ctx) -> Iterator[Problem]:
    if ctx.session.get_bind().dialect.name != "sqlite":
        yield from _links_portable(ctx)
        return
    conn = ctx.session.connection().connection.driver_connection
    for table, rowid, parent, fkid in conn.execute("PRAGMA foreign_key_check").fetchall():
        columns = {row[0]: row[3] for row in conn.execute(f'PRAGMA foreign_key_list("{table}")')}
        column = columns.get(fkid, "?")
        model = SQLModel.metadata.tables.get(table)
        optional = model is not None and column in model.c and model.c[column].nullable
        text = _("Row {rowid} of {table} points at {parent} that does not exist ({column}).").format(
            rowid=rowid, table=table, parent=parent, column=column
        )
        if optional:
            yield Problem("link", text, _("clear the link (the row stays)"), _clear_link(table, rowid, column))
        else:
            yield Problem("link", text)


def _links_portable(ctx: Ctx) -> Iterator[Problem]:
    """The same check in plain SQL, for a shared league (PostgreSQL enforces the links, so it finds none
    unless the server's constraints were dropped or disabled)."""
    for table in SQLModel.metadata.sorted_tables:
        key = next(iter(table.primary_key.columns))
        for fk in sorted(table.foreign_keys, key=lambda f: f.parent.name):
            column, parent = fk.parent, fk.column.table.alias()  # an alias: a row may point into its own table
            missing = ~exists().where(parent.c[fk.column.name] == column)
            orphans = select(key).where(column.is_not(None), missing).order_by(key)
            for rowid in ctx.session.scalars(orphans):
                text = _("Row {rowid} of {name} points at {name2} that does not exist ({name3}).").format(
                    rowid=rowid, name=table.name, name2=fk.column.table.name, name3=column.name
                )
                if not column.nullable:
                    yield Problem("link", text)
                    continue
                fix = _clear_link(table.name, rowid, column.name)
                yield Problem("link", text, _("clear the link (the row stays)"), fix)


def _clear_link(table: str, rowid: int, column: str) -> Callable[[Session], None]:
    def fix(session: Session) -> None:
        model = next(m.class_ for m in SQLModel._sa_registry.mappers if m.local_table.name == table)
        row = session.get(model, rowid)
        setattr(row, next(k for k, c in _column_keys(model) if c == column), None)
        session.add(row)

    return fix


def _column_keys(model: Any) -> Iterator[tuple[str, str]]:
    from sqlalchemy import inspect

    for prop in inspect(model).column_attrs:
        yield prop.key, prop.columns[0].name


# -- the league's invariants ------------------------------------------------------------------------
def _league(ctx: Ctx) -> Iterator[Problem]:
    leagues = ctx.session.scalars(select(League)).all()
    if len(leagues) != 1:
        yield Problem("league", _("The file holds {n} league records instead of one.").format(n=len(leagues)))
        return
    season = leagues[0].current_season
    if ctx.session.get(Season, season) is None:

        def fix(session: Session) -> None:
            session.add(Season(number=season))

        yield Problem(
            "season",
            _("Season {season} (the current one) has no record.").format(season=season),
            _("add the record"),
            fix,
        )


def _treasuries(ctx: Ctx) -> Iterator[Problem]:
    from roster_app.queries.ledger import Balance, balances_query

    for team in (Balance(*row) for row in ctx.session.execute(balances_query())):
        ledger = team.ledger
        if team.treasury != ledger:
            yield Problem(
                "treasury",
                _("{name}: the treasury shows {gold} but the ledger adds up to {gold2}.").format(
                    name=team.name, gold=gp(team.treasury), gold2=gp(ledger)
                ),
                _("add a correction of {gold} to the ledger (the treasury stays)").format(
                    gold=gp(team.treasury - ledger)
                ),
                _correct_ledger(team.id, team.treasury - ledger),
            )
        if team.treasury < 0:
            yield Problem(
                "treasury",
                _("{name} has a negative treasury ({gold}).").format(name=team.name, gold=gp(team.treasury)),
            )


def _team_counts(ctx: Ctx) -> Iterator[Problem]:
    """What a team buys or earns is never below 0 (a file written by another program may say so)."""
    for team in ctx.session.scalars(select(Team).order_by(Team.id)):
        for counter, (label, _price, _limit) in COUNTERS.items():
            value = int(getattr(team, counter))
            if value < 0:
                yield Problem(
                    "team",
                    _("{name} has {value} for its {plural}; a team has 0 or more.").format(
                        name=team.name, value=value, plural=words.plural(label)
                    ),
                )


def _correct_ledger(team_id: int, amount: int) -> Callable[[Session], None]:
    def fix(session: Session) -> None:
        from roster_app.queries.fetch import current_season

        # Not through post(): no gold moves, the ledger catches up with the treasury; the correction's record
        # says so (every correction row has one: safety/explained.py).
        said_ = phrase(sentences.CHECK_LEAGUE_LEDGER)
        reason = said_.english()
        entry = LedgerEntry(team_id=team_id, amount=amount, kind="correction", season=current_season(session),
                            reason=reason, words=said_.dumps())  # fmt: skip
        session.add(entry)
        session.flush()
        treasury = session.get(Team, team_id).treasury
        session.add(Correction(kind="gold", made_by="Check League", reason=reason, season=entry.season,
                               team_id=team_id, ledger_entry_id=entry.id, before={"ledger": treasury - amount},
                               after={"ledger": treasury}))  # fmt: skip

    return fix


PLAYER_COLUMNS = (Player.id, Player.name, Player.team_id, Player.status, Player.number, Player.spp,
                  Player.rolls_taken, *(getattr(Player, stat) for stat in STAT_NAMES))  # fmt: skip


def _players(ctx: Ctx) -> Iterator[Problem]:
    teams = dict(ctx.session.execute(select(Team.id, Team.name)).all())
    numbers: Counter[tuple[int, int]] = Counter()
    # the columns looked at, not ORM objects (issue 40: the large league's 2,304 players, a third of the check)
    for p in ctx.session.execute(select(*PLAYER_COLUMNS).order_by(Player.id)):
        who = f"{p.name} ({teams.get(p.team_id, 'no team')})"
        if p.status not in PlayerStatus.ALL:
            yield _status_problem(p, who)
        if p.status in PlayerStatus.ON_ROSTER:
            numbers[(p.team_id, p.number)] += 1
            if not 1 <= p.number <= 99:
                yield Problem(
                    "number",
                    _("{who} wears number {number}; a roster's numbers run from 1 to 99.").format(
                        who=who, number=p.number
                    ),
                )
        for stat, label in STAT_NAMES.items():  # every change keeps them within 1-10 (rules/roster.py stat_bounds)
            if not 1 <= getattr(p, stat) <= 10:
                yield Problem(
                    "stat",
                    _("{who} has {label} {getattr}; a characteristic is from 1 to 10.").format(
                        who=who, label=label, getattr=getattr(p, stat)
                    ),
                )
        if p.spp < 0 or p.rolls_taken < 0:
            yield Problem("spp", _("{who} has a negative SPP or star player roll count.").format(who=who))
        elif p.rolls_taken > star_player_rolls(p.spp, ctx.ruleset):
            yield Problem(
                "spp",
                _("{who} has taken {count} but {spp} SPP earn only {star_player_rolls}.").format(
                    who=who,
                    count=words.count(p.rolls_taken, "star player roll"),
                    spp=p.spp,
                    star_player_rolls=star_player_rolls(p.spp, ctx.ruleset),
                ),
            )
    for (team_id, number), count in sorted(numbers.items()):
        if count > 1:
            yield Problem(
                "number",
                _("{get} has {count} players wearing number {number}.").format(
                    get=teams.get(team_id, "A team"), count=count, number=number
                ),
            )


def _status_problem(p: Any, who: str) -> Problem:
    proper = next((s for s in PlayerStatus.ALL if s == " ".join(str(p.status).split()).lower()), None)
    if proper is None:
        return Problem(
            "status",
            _("{who} has the status '{status}', which is not a player status.").format(who=who, status=p.status),
        )
    player_id = p.id

    def fix(session: Session) -> None:
        row = session.get(Player, player_id)
        row.status = proper
        session.add(row)

    return Problem(
        "status",
        _("{who} has the status '{status}'.").format(who=who, status=p.status),
        _("write it as '{proper}'").format(proper=proper),
        fix,
    )


def _contracts(ctx: Ctx) -> Iterator[Problem]:
    terms = ctx.ruleset.table("contracts")
    running: Counter[int] = Counter()
    # the players' names and teams in one read, not one a contract (1,000 contracts: ~250 ms of an import's check)
    players = {
        pid: (name, team)
        for pid, name, team in ctx.session.execute(select(Player.id, Player.name, Player.team_id))
    }
    for c in ctx.session.scalars(select(Contract).order_by(Contract.id)):
        player = players.get(c.player_id)
        who = (
            _("The contract of {player}").format(player=player[0])
            if player
            else _("Contract {id}").format(id=c.id)
        )
        if player is None:
            yield Problem("contract", _("Contract {id} belongs to a player who does not exist.").format(id=c.id))
        if not terms["min_seasons"] <= c.seasons <= terms["max_seasons"]:
            yield Problem("contract", _("{who} lasts {count}, outside {min_seasons}-{max_seasons}.").format(who=who, count=words.count(c.seasons, 'season'), min_seasons=terms['min_seasons'], max_seasons=terms['max_seasons']))  # fmt: skip
        if not 0 <= c.served <= c.seasons:
            yield Problem(
                "contract",
                _("{who} has {served} season(s) served of {seasons}.").format(
                    who=who, served=c.served, seasons=c.seasons
                ),
            )
        if c.status not in CONTRACT_STATUSES:
            yield Problem(
                "contract",
                _("{who} has the status '{status}', which is not a contract status.").format(
                    who=who, status=c.status
                ),
            )
        if c.status == "running" and player is not None:
            running[c.player_id] += 1
            if player[1] != c.team_id:
                yield Problem(
                    "contract", _("{who} is running with a team he no longer plays for.").format(who=who)
                )
    for player_id, count in sorted(running.items()):
        if count > 1:
            yield Problem(
                "contract",
                _("{players} has {count} running contracts at once.").format(
                    players=players[player_id][0], count=count
                ),
            )


def _reversals(ctx: Ctx) -> Iterator[Problem]:
    reversed_ids: Counter[int] = Counter()
    reversal = aliased(LedgerEntry)  # each reversal beside the row it reverses: one statement, not one a row
    pairs = select(reversal, LedgerEntry).outerjoin(LedgerEntry, LedgerEntry.id == reversal.reverses_id)
    for entry, original in ctx.session.execute(
        pairs.where(reversal.reverses_id.is_not(None)).order_by(reversal.id)
    ).all():
        reversed_ids[entry.reverses_id] += 1
        if original is None:
            continue  # a missing row is reported by the link check
        if original.team_id != entry.team_id or original.amount != -entry.amount:
            yield Problem(
                "reversal",
                _("Ledger row {id} ({gold}) does not undo the row it reverses ({id2}, {gold2}).").format(
                    id=entry.id, gold=gp(entry.amount), id2=original.id, gold2=gp(original.amount)
                ),
            )
    for entry_id, count in sorted(reversed_ids.items()):
        if count > 1:
            yield Problem(
                "reversal",
                _("Ledger row {entry_id} is reversed {count} times.").format(entry_id=entry_id, count=count),
            )


def _reserve_rounds(ctx: Ctx) -> Iterator[Problem]:
    """One round of reserve affairs per post-match sequence (seed 001): older files could hold more, or rounds
    paid for outside any sequence. The gold and rolls are history: no repair is safe (a correction is)."""
    rounds = (ReserveEvent.kind == ReserveKind.UPKEEP) | (ReserveEvent.kind == ReserveKind.COACH_LEFT)
    per_match: Counter[tuple[int, int]] = Counter()
    loose: Counter[int] = Counter()
    for event in ctx.session.scalars(select(ReserveEvent).where(rounds).order_by(ReserveEvent.id)):
        if event.match_id is None:
            loose[event.team_id] += event.kind == ReserveKind.UPKEEP
        else:
            per_match[(event.team_id, event.match_id)] += 1
    names = {t.id: t.name for t in ctx.session.scalars(select(Team))}
    for (team_id, match_id), count in sorted(per_match.items()):
        if count > 1:
            match = ctx.session.get(Match, match_id)
            game = match_title(ctx.session, match) if match is not None else f"match {match_id}"
            yield Problem("reserves", _("{get} dealt with reserve affairs {count} times after {game}; the rules allow one round per " "post-match sequence. Put the gold right with a Commissioner's Correction if the league agrees.").format(get=names.get(team_id, f'Team {team_id}'), count=count, game=game))  # fmt: skip
    for team_id, count in sorted(loose.items()):
        if count:
            yield Problem("reserves", _("{get} paid reserve upkeep {count} time(s) outside any post-match sequence (before Dugout kept the " "league's clock). Check them against the league's records; a Commissioner's Correction puts gold " "right.").format(get=names.get(team_id, f'Team {team_id}'), count=count))  # fmt: skip


def _rulesets(ctx: Ctx) -> Iterator[Problem]:
    league = ctx.session.scalars(select(League)).first()
    stored = {row.key: row for row in ctx.session.scalars(select(RulesetTable))}
    for key, title in TABLES.items():
        title = _(title)
        row = stored.get(key)
        if row is None and key in FREEBOOTER_TABLES:
            continue  # a league made before Hire Freebooters reads its edition's bundled tables (rules/ruleset.py)
        try:
            if row is None:
                raise RulesetError("house rules", key, _("missing"))
            if ctx.ruleset.tables.get(key) != row.data:  # the league's loaded ruleset was validated already
                check_table(key, row.data)
            continue
        except Exception as exc:  # noqa: BLE001 - any failure to read the table is what we report
            problem = _("The house-rules table '{title}' is {value}.").format(
                title=title, value="missing" if row is None else f"damaged ({exc})"
            )
        bundled = _bundled_table(league, key)
        if bundled is not None and (row is None or row.is_default):
            yield Problem("ruleset", problem, _("put back the bundled table"), _restore_table(key, bundled))
        else:
            yield Problem(
                "ruleset", _("{problem} It was edited, so it must be corrected by hand.").format(problem=problem)
            )


def _bundled_table(league: League | None, key: str) -> Any:
    try:
        return load_bundled(league.ruleset_key if league else "lrb4").table(key)
    except DugoutError:
        return None


def _restore_table(key: str, data: Any) -> Callable[[Session], None]:
    def fix(session: Session) -> None:
        row = session.get(RulesetTable, key)
        if row is None:
            session.add(RulesetTable(key=key, data=data, is_default=True))
        else:
            row.data, row.is_default = data, True
            session.add(row)

    return fix


def _referee_sheets(ctx: Ctx) -> Iterator[Problem]:
    """One game has one referee's match sheet, and every sheet belongs to a game (older files may differ)."""
    # A fixed number of statements whatever the league's size (issue 40: a look-up of each game, 4,481 at 40
    # seasons, took 1.1 s): the sheets' links are read as plain columns, and only the sheets and games of a
    # problem are loaded as objects.
    refs = {r.id: r.name for r in ctx.session.scalars(select(Referee))}
    games: defaultdict[int, list[int]] = defaultdict(list)
    unlinked: list[int] = []
    for sheet_id, match_id in ctx.session.execute(
        select(RefereeMatch.id, RefereeMatch.match_id).order_by(RefereeMatch.id)
    ):
        (unlinked if match_id is None else games[match_id]).append(sheet_id)
    doubled = {match_id: ids for match_id, ids in games.items() if len(ids) > 1}
    wanted = unlinked + [i for ids in doubled.values() for i in ids]
    loaded = (
        {s.id: s for s in ctx.session.scalars(select(RefereeMatch).where(RefereeMatch.id.in_(wanted)))}
        if wanted
        else {}
    )
    for sheet_id in unlinked:
        sheet = loaded[sheet_id]
        yield _unlinked_sheet(sheet, refs.get(sheet.referee_id, "A referee"))
    matches = {m.id: m for m in ctx.session.scalars(select(Match).where(Match.id.in_(doubled)))} if doubled else {}
    for match_id, ids in doubled.items():
        match = matches.get(match_id)
        if match is not None:  # a missing match is reported by the link check
            yield _second_sheets(ctx.session, match, [loaded[i] for i in ids], refs)


def _nothing_recorded(sheet: RefereeMatch, match_riot: bool = False) -> bool:
    return (not sheet.finished and not any(sheet.in_range) and not any(sheet.actions) and not sheet.casualties
            and not sheet.sent_off and not sheet.calls and sheet.state == "standing" and sheet.out_turn is None
            and sheet.get_the_ref is None and sheet.riot in (False, match_riot))  # fmt: skip


def _unlinked_sheet(sheet: RefereeMatch, name: str) -> Problem:
    text = _("{owner} match sheet {id} belongs to no fixture").format(
        owner=words.possessive(name), id=sheet.id, name=name
    )
    if sheet.finished:
        return Problem(
            "sheet", _("{text}; it is finished and counted on his card once, but names no game.").format(text=text)
        )
    if not _nothing_recorded(sheet):
        return Problem(
            "sheet", _("{text}: give it its game (Link to Fixture… on his sheet) or discard it.").format(text=text)
        )
    return Problem(
        "sheet",
        _("{text} and holds nothing.").format(text=text),
        _("discard the empty sheet"),
        _discard_sheets([sheet.id]),
    )


def _second_sheets(session: Session, match: Match, sheets: list[RefereeMatch], refs: dict[int, str]) -> Problem:
    from roster_app.queries.referees import fixture_title

    finished = [s for s in sheets if s.finished]
    keep = finished[0] if finished else next((s for s in sheets if s.referee_id == match.referee_id), sheets[0])
    extra = [s for s in sheets if s is not keep]

    def what(s: RefereeMatch) -> str:
        state = (
            _("finished") if s.finished else _("open, empty") if _nothing_recorded(s, match.riot) else _("open")
        )
        return f"{words.possessive(refs.get(s.referee_id, 'a referee'))} ({state})"

    text = (_("{fixture_title} has {n} referee's match sheets: {items}. One game has one sheet.").format(fixture_title=fixture_title(session, match), n=len(sheets), items=', '.join(what(s) for s in sheets)))  # fmt: skip
    if len(finished) > 1:
        return Problem(
            "sheet",
            _("{text} The game is counted on {n} cards; no repair is safe.").format(text=text, n=len(finished)),
        )
    if not all(_nothing_recorded(s, match.riot) for s in extra):
        return Problem(
            "sheet", _("{text} Keep the right one and discard the other from its ref's card.").format(text=text)
        )
    names = ", ".join(refs.get(s.referee_id, "a referee") + "'s" for s in extra)
    return Problem("sheet", text, _("discard {names} empty sheet, keep {what}").format(names=names, what=what(keep)),
                   _discard_sheets([s.id for s in extra], match.id, keep.referee_id))  # fmt: skip


def _discard_sheets(
    sheet_ids: list[int], match_id: int | None = None, referee_id: int | None = None
) -> Callable[[Session], None]:
    def fix(session: Session) -> None:
        for sheet_id in sheet_ids:
            session.delete(session.get(RefereeMatch, sheet_id))
        match = session.get(Match, match_id) if match_id is not None else None
        if match is not None and match.referee_id != referee_id:
            match.referee_id = referee_id  # the game's referee is the one whose sheet stays
            session.add(match)

    return fix


def _competitions(ctx: Ctx) -> Iterator[Problem]:
    for text in competition_problems(ctx.session):
        yield Problem("competition", text)


def _freebooters(ctx: Ctx) -> Iterator[Problem]:
    """Freebooters belong to one game (issue 32): no hired star or mercenary is a player on a roster, no game
    has an inducement bought over the league's limit or a Star Player on both sides."""
    limits = {name: item.max for name, item in inducements(ctx.ruleset).items()}
    teams = dict(ctx.session.execute(select(Team.id, Team.name)).all())  # columns, not ORM objects (issue 40)
    on_rosters = {(team_id, name) for team_id, name in ctx.session.execute(select(Player.team_id, Player.name))}
    for match in ctx.session.execute(select(Match.id, Match.pre_match).order_by(Match.id)):
        sides = stored(match)
        stars: dict[str, str] = {}
        for team_key, data in sides.items():
            team_id, team = int(team_key), teams.get(int(team_key), "a team")
            for line in data.get("lines", ()):
                if line["kind"] == "inducement" and line.get("count", 1) > limits.get(
                    line["name"], line.get("count", 1)
                ):
                    yield Problem("freebooters", _("{team} bought {name} x {count} for match {id}; the league's limit is {limits} a game.").format(team=team, name=line['name'], count=line['count'], id=match.id, limits=limits[line['name']]))  # fmt: skip
                if line["kind"] == "inducement":
                    continue
                if (team_id, line["name"]) in on_rosters:
                    yield Problem("freebooters", _("{name}, hired by {team} for match {id} only, is a player on the {team} roster; a freebooter never " "joins a roster.").format(name=line['name'], team=team, id=match.id))  # fmt: skip
                if line["kind"] == "star":
                    if line["name"] in stars:
                        yield Problem("freebooters", _("{name} was hired by both {stars} and {team} for match {id}; a Star Player is never on both sides.").format(name=line['name'], stars=stars[line['name']], team=team, id=match.id))  # fmt: skip
                    stars[line["name"]] = team


# Every invariant check, in report order. A new area adds its own check here (a generator over Ctx).
CHECKS: list[Check] = [
    _links,
    _league,
    _rulesets,
    _treasuries,
    _team_counts,
    _players,
    _contracts,
    contracts_of_the_living,
    ledger_rows,
    typed_texts,
    numbers_kept,
    _reversals,
    _referee_sheets,
    _reserve_rounds,
    _competitions,
    _freebooters,
]


def ruleset_for(db: LeagueDB, session: Session) -> Ruleset:
    """The league's ruleset, or the bundled one if the league's is damaged (that is reported by _rulesets)."""
    try:
        return db.ruleset
    except DugoutError:
        league = session.scalars(select(League)).first()
        try:
            return load_bundled(league.ruleset_key if league else "lrb4")
        except DugoutError:
            return load_bundled("lrb4")


def problems_in(session: Session, ruleset: Ruleset) -> list[Problem]:
    """Every invariant broken in the league `session` reads (for use inside a repair transaction)."""
    ctx = Ctx(session, ruleset)
    return [problem for check in CHECKS for problem in check(ctx)]


def check_league(db: LeagueDB) -> Report:
    """The league's invariants on an open league."""
    with db.read() as session:
        return Report(tuple(problems_in(session, ruleset_for(db, session))))


def check_server(url: str) -> Report:
    """The league's invariants on a shared league (read-only). PostgreSQL keeps its own pages and links
    sound, so the file checks (integrity_check, foreign_key_check) have no counterpart here."""
    from roster_app.safety.opening import open_server_league

    try:
        db = open_server_league(url, read_only=True, load_ruleset=False)
    except DugoutError as exc:
        return Report((Problem("file", str(exc)),))
    try:
        return check_league(db)
    finally:
        db.close()


def check_target(target: Path | str) -> Report:
    """Check a league file or a shared league (a postgresql:// URL)."""
    from roster_app.store.address import is_database_url

    return check_server(str(target)) if is_database_url(target) else check_file(target)


def check_file(path: Path | str) -> Report:
    """Everything, on a league file that may be closed or open elsewhere (read-only, the file is untouched)."""
    from roster_app.store.db import file_engine

    try:
        path = sqlite_file.resolved(path)
    except DugoutError as exc:
        return Report((Problem("file", str(exc)),))
    found = file_problems(path)
    if found:
        return Report(tuple(found))
    engine = file_engine(path, read_only=True)
    try:
        return check_league(LeagueDB(engine, path=path, read_only=True))
    finally:
        engine.dispose()
