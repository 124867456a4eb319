"""Writes on the large league, through the app's services.

- A post-match sequence (the wizard's Finish: winnings, SPP and star player rolls, fan factor, purchases, new
  ratings for both teams, one transaction) and a transfer (steps 6-10: both payments, the player moved, his
  contract signed, the rolls stored, one transaction) each commit in under 50 ms: wall-clock time of the
  service call, fsync included (synchronous=FULL), median. The floor column is that 50 ms budget, so the
  ratio is measured / 50 ms and the target 1x.
- Generating the large league with the app's own bulk path, importing it from its JSON export
  (roster_app.exchange.league_json.import_json: read, check every value, key and reference, build the new file, open it
  as the app would), within 1.5x SQLAlchemy Core bulk inserts of the same rows into a new league file (one
  `connection.execute(insert(table), rows)` a table, after the same schema set-up), interleaved, medians.

    python bench/writes.py [--reps N] [--league BIG.dugout]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import print_header, record, timed_ms  # noqa: E402

BUDGET_MS = 50.0


def wall_ms(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


# -- the post-match sequence ------------------------------------------------------------------------------
def reported_match(db: Any, home: int, away: int, round_number: int, rng: random.Random) -> tuple[int, Any]:
    """A friendly between two teams, reported (touchdowns, a casualty), with the draft of its sequence made
    the way the wizard makes it (every roll, every advance chosen, a rookie hired if there is room)."""
    from roster_app.queries import rosters as queries
    from roster_app.services.matches import PlayerLine, record_match
    from roster_app.services.postmatch.plan import HireEntry
    from roster_app.services.postmatch.write import auto_draft
    from roster_app.services.season import add_fixture

    match_id = add_fixture(db, home_team_id=home, away_team_id=away, round_number=round_number).result
    home_players, away_players = queries.roster(db, home), queries.roster(db, away)
    lines = [PlayerLine(home_players[0].id, touchdowns=2, completions=1), PlayerLine(home_players[1].id, casualties=1),
             PlayerLine(away_players[0].id, touchdowns=1)]  # fmt: skip
    record_match(db, match_id=match_id, home_score=2, away_score=1, lines=lines, rng=rng)
    draft = auto_draft(db, match_id=match_id, rng=rng)
    draft.team(home).buy["rerolls"] = 1
    away_roster = queries.roster(db, away)
    if len(away_roster) < 16:
        lineman = db.ruleset.race(queries.team_header(db, away).race).basic_lineman
        free = next(n for n in range(1, 100) if n not in {p.number for p in away_roster})
        draft.team(away).hires.append(HireEntry(lineman.name, f"Rookie {round_number}", free))
    return match_id, draft


# -- the transfer -------------------------------------------------------------------------------------------
def open_deal(db: Any, buyer: int, seller: int) -> dict[str, Any]:
    """Room on the buyer's roster (a player retired), an approach for a seller's player the buyer may take,
    and the rolls and price that complete it (a keen player: 2D6 of 6 and 5)."""
    from roster_app.queries import rosters as queries
    from roster_app.queries.fetch import get_player, get_team
    from roster_app.queries.transfers import candidate, deal_terms
    from roster_app.rules.dice import typed_roll
    from roster_app.rules.transfers import approach_problem, reaction
    from roster_app.services.players import retire_player
    from roster_app.services.transfers import record_approach

    retire_player(db, player_id=queries.roster(db, buyer)[-1].id)
    ruleset = db.ruleset
    with db.read() as session:
        buyer_team = get_team(session, buyer)
        player = next(p for p in (get_player(session, r.id) for r in queries.roster(db, seller))
                      if approach_problem(candidate(session, ruleset, p, buyer_team), ruleset) is None)  # fmt: skip
        player_id = player.id
    transfer_id = record_approach(db, player_id=player_id, buyer_team_id=buyer).result
    with db.read() as session:
        terms = deal_terms(session, ruleset, get_player(session, player_id), get_team(session, buyer))
    roll = typed_roll(terms.reaction_dice, [6, 5], modifier=terms.modifier)
    result = reaction(roll.total, ruleset)["result"]
    tribunal = None if terms.under_contract else typed_roll(terms.tribunal_dice, [3])
    price = (
        terms.floor(result, ruleset) if terms.under_contract else terms.free_agent_price(tribunal, result, ruleset)
    )
    return dict(transfer_id=transfer_id, reaction_roll=roll, price=price, tribunal_roll=tribunal,
                contract_seasons=None if terms.rookie else 2)  # fmt: skip


def measure_commits(big: Path, reps: int) -> None:
    from roster_app.safety.opening import open_league
    from roster_app.services.postmatch.write import finish_post_match, write_before_transfers
    from roster_app.services.transfers import complete_transfer

    work = Path(tempfile.mkdtemp(prefix="dugout-bench-writes-"))
    try:
        path = work / "Big League.dugout"
        shutil.copy2(big, path)
        db = open_league(path, backup=False)
        rng = random.Random(12)
        sequences, transfers = [], []
        try:
            for i in range(reps + 1):  # the first of each warms up (imports, caches)
                match_id, draft = reported_match(db, 2 * i + 1, 2 * i + 2, 40 + i, rng)
                ms = wall_ms(lambda m=match_id, d=draft: finish_post_match(db, match_id=m, draft=d))
                # transfers are made at step 4.2 of the buyer's post-match sequence (the league's clock): a game
                # between buyer and seller, its steps 1 to 4.1 written, then the deal
                deal_match, deal_draft = reported_match(db, 33 + i, 64 - i, 60 + i, rng)
                write_before_transfers(db, match_id=deal_match, draft=deal_draft)
                deal = open_deal(db, buyer=33 + i, seller=64 - i)
                tms = wall_ms(lambda d=deal: complete_transfer(db, **d))
                if i:
                    sequences.append(ms)
                    transfers.append(tms)
        finally:
            db.close()
        record("post-match sequence commit (Finish)", "absolute budget", BUDGET_MS, sequences, 1.0,
               note="wall clock, fsync included")  # fmt: skip
        record("transfer commit (steps 6-10)", "absolute budget", BUDGET_MS, transfers, 1.0,
               note="wall clock, fsync included")  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)


# -- generating the large league ------------------------------------------------------------------------------
def league_rows(path: Path) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table of the league, as Core reads them (the floor inserts exactly these)."""
    from sqlalchemy import select
    from sqlmodel import SQLModel

    from roster_app.store.db import file_engine

    engine = file_engine(path, read_only=True)
    try:
        with engine.connect() as connection:
            return {table.name: [dict(row) for row in connection.execute(
                        select(table).order_by(*table.primary_key.columns)).mappings()]
                    for table in SQLModel.metadata.sorted_tables}  # fmt: skip
    finally:
        engine.dispose()


def core_bulk_insert(rows: dict[str, list[dict[str, Any]]], path: Path) -> None:
    """The floor: a new league file (the same schema set-up as the app's), then SQLAlchemy Core bulk inserts."""
    from sqlalchemy import insert
    from sqlmodel import SQLModel

    from roster_app.store.db import create_schema, file_engine

    engine = file_engine(path, read_only=False)
    try:
        create_schema(engine)
        with engine.begin() as connection:
            connection.exec_driver_sql("PRAGMA defer_foreign_keys = ON")
            for table in SQLModel.metadata.sorted_tables:
                if rows[table.name]:
                    connection.execute(insert(table), rows[table.name])
    finally:
        engine.dispose()


def export_of(big: Path) -> Path:
    """The large league's JSON export, made once beside it in bench/.cache/ (it goes when the league goes)."""
    from roster_app.exchange import league_json as exchange
    from roster_app.safety.opening import open_league

    path = big.with_name(f"{big.stem}-export-v{exchange.VERSION}.json")
    if not path.exists():
        db = open_league(big, read_only=True)
        try:
            exchange.export_json(db, path)
        finally:
            db.close()
    return path


def measure_generation(big: Path, reps: int) -> None:
    from roster_app.exchange import league_json as exchange

    source = export_of(big)
    rows = league_rows(big)
    work = Path(tempfile.mkdtemp(prefix="dugout-bench-generate-"))
    try:
        floors, imports = [], []
        for i in range(reps + 1):  # the first of each warms up (Alembic's import, the JSON's pages in memory)
            floor_ms = timed_ms(lambda n=i: core_bulk_insert(rows, work / f"core-{n}.dugout"))
            app_ms = timed_ms(lambda n=i: exchange.import_json(source, work / f"imported-{n}.dugout"))
            for file in work.iterdir():
                file.unlink()
            if i:
                floors.append(floor_ms)
                imports.append(app_ms)
        counted = sum(len(table) for table in rows.values())
        record("generate the large league (JSON import)", "SQLAlchemy Core bulk insert", floors,
               imports, 1.5, note=f"{counted:,} rows; parse, check, write, open")  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", 9)))
    parser.add_argument("--league", type=Path, default=None)
    args = parser.parse_args(argv)
    from bench.make_league import large_league

    big = args.league or large_league()
    print_header()
    measure_commits(big, args.reps)
    measure_generation(big, max(3, min(args.reps, 5) // 2 + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
