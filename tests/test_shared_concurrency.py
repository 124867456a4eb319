"""Two commissioners at once on one shared league: two processes, 500 random transfers each.

Each process approaches a random player of a random team for another random team and completes the deal
(steps 6-10), now and then reverses one of its own deals, and keeps its own tally of the gold it moved.
Afterwards every team's treasury must equal its ledger and its starting gold plus both tallies (a lost
update keeps the total right but not the balances: RECIPES.md), no gold may be made or lost, and every player
must be on exactly the roster his last transfer put him on, with a number of his own.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter, defaultdict
from datetime import timedelta

import pytest

TEAMS, PLAYERS, START = 6, 14, 1_000_000
ATTEMPTS = 500  # per process


def faces(spec: str, rng: random.Random) -> list[int]:
    count, sides = spec.upper().split("D")
    return [rng.randint(1, int(sides)) for _ in range(int(count or 1))]


def build_league(url: str) -> dict[int, list[int]]:
    """Six Orc teams of 14 Rookie Linemen (free agents); returns team id -> its player ids."""
    from roster_app.models import Team
    from roster_app.server import open_server_league
    from roster_app.services.players import new_player
    from roster_app.services.teams import add_team

    db = open_server_league(url)
    rosters = {}
    for t in range(TEAMS):
        team_id = add_team(db, name=f"Team {t}", race="Orc", treasury=START).result
        with db.write("test roster") as tx:
            team = tx.session.get(Team, team_id)
            rosters[team_id] = [new_player(tx.session, db.ruleset, team, position="Orc Lineman",
                                           name=f"Orc {t}-{n}").id for n in range(PLAYERS)]  # fmt: skip
    db.close()
    return rosters


def _pick(db, rng: random.Random) -> tuple[int, int] | None:
    """A player of a team that may sell (12+) and a buyer with room (15 or fewer), as the league is now."""
    from sqlalchemy import func, select

    from roster_app.models import Player, PlayerStatus

    with db.read() as session:
        counts = dict(
            session.execute(
                select(Player.team_id, func.count())
                .where(Player.status.in_(PlayerStatus.ON_ROSTER))
                .group_by(Player.team_id)
            ).all()
        )
        sellers = [t for t, n in counts.items() if n >= 12]
        if not sellers:
            return None
        seller = rng.choice(sellers)
        buyers = [t for t, n in counts.items() if n <= 15 and t != seller]
        if not buyers:
            return None
        players = session.scalars(
            select(Player.id).where(Player.team_id == seller, Player.status.in_(PlayerStatus.ON_ROSTER))
        ).all()
        return rng.choice(players), rng.choice(buyers)


def _transfer(db, rng: random.Random, player_id: int, buyer_id: int) -> tuple[int, int, int, int]:
    """Approach and complete one deal with rolled dice; returns (transfer, buyer, seller, price)."""
    from roster_app.models import Player, Team
    from roster_app.rules.dice import typed_roll
    from roster_app.rules.transfers import reaction
    from roster_app.services.transfers import complete_transfer, deal_terms, pull_out, record_approach

    ruleset = db.ruleset
    transfer_id = db.run(record_approach, player_id=player_id, buyer_team_id=buyer_id).result
    try:
        with db.read() as session:
            player = session.get(Player, player_id)
            seller_id = player.team_id
            terms = deal_terms(session, ruleset, player, session.get(Team, buyer_id))
        react = typed_roll(terms.reaction_dice, faces(terms.reaction_dice, rng), modifier=terms.modifier)
        result = reaction(react.total, ruleset)["result"]
        tribunal = typed_roll(terms.tribunal_dice, faces(terms.tribunal_dice, rng))
        price = terms.free_agent_price(tribunal, result, ruleset)
        db.run(
            complete_transfer, transfer_id=transfer_id, reaction_roll=react, price=price, tribunal_roll=tribunal
        )
    except Exception:
        db.run(pull_out, transfer_id=transfer_id)  # the deal is off: the approach stays on record
        raise
    return transfer_id, buyer_id, seller_id, price


def _play(db, home: int, away: int) -> None:
    """A played match, so the players of both teams may be approached again."""
    from roster_app.models import Match, utcnow

    with db.write("test match") as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=home, away_team_id=away, status="completed",
                             played_at=utcnow() + timedelta(microseconds=1)))  # fmt: skip


def worker(url: str, seed: int, start, results) -> None:  # noqa: ANN001 - multiprocessing objects
    """One commissioner: ATTEMPTS random transfers (and some reversals), reporting the gold it moved."""
    from roster_app.errors import DugoutError
    from roster_app.server import open_server_league
    from roster_app.services.transfers import reverse_transfer

    rng = random.Random(seed)
    db = open_server_league(url)
    moved: Counter[int] = Counter()
    done, refused, reversed_ = [], 0, 0
    start.wait()
    for _ in range(ATTEMPTS):
        try:
            if done and rng.random() < 0.1:
                index = rng.randrange(len(done))
                transfer_id, buyer, seller, price = done[index]
                db.run(reverse_transfer, transfer_id=transfer_id)
                done.pop(index)
                moved[buyer] += price
                moved[seller] -= price
                reversed_ += 1
                continue
            picked = _pick(db, rng)
            if picked is None:
                refused += 1
                continue
            deal = _transfer(db, rng, *picked)
            _, buyer, seller, price = deal
            moved[buyer] -= price
            moved[seller] += price
            done.append(deal)
            db.run(_play_service, home=buyer, away=seller)
        except DugoutError:
            refused += 1  # the rules said no (often because the other commissioner got there first)
    db.close()
    results.put(
        {"moved": dict(moved), "completed": len(done) + reversed_, "reversed": reversed_, "refused": refused}
    )


def _play_service(db, *, home: int, away: int):  # noqa: ANN001, ANN202 - the shape LeagueDB.run calls
    _play(db, home, away)
    return None


@pytest.mark.postgres
def test_two_commissioners_transferring_at_once_never_make_or_lose_gold(pg_league_url):
    from sqlalchemy import func, select

    from roster_app.check import check_league
    from roster_app.models import LedgerEntry, Player, PlayerStatus, Team, Transfer
    from roster_app.server import open_server_league

    rosters = build_league(pg_league_url)
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(2), context.Queue()
    processes = [context.Process(target=worker, args=(pg_league_url, seed, start, results)) for seed in (1, 2)]
    for process in processes:
        process.start()
    reports = [results.get(timeout=900) for _ in processes]
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0

    completed = sum(r["completed"] for r in reports)
    assert completed >= ATTEMPTS // 2, reports  # most attempts went through: the test really moved players
    db = open_server_league(pg_league_url, read_only=True)
    with db.read() as session:
        ledger = dict(
            session.execute(
                select(LedgerEntry.team_id, func.sum(LedgerEntry.amount)).group_by(LedgerEntry.team_id)
            ).all()
        )
        treasuries = dict(session.execute(select(Team.id, Team.treasury)).all())
        expected = {team: START + sum(r["moved"].get(team, 0) for r in reports) for team in rosters}
        assert treasuries == ledger == expected  # each balance, not only the total
        assert sum(treasuries.values()) == TEAMS * START

        transfers = {
            t.id: t
            for t in session.scalars(select(Transfer).where(Transfer.status.in_(("completed", "reversed"))))
        }
        assert len(transfers) == completed
        # What happened to each player, in the order it was written (one player's deals are serialised, so
        # their ledger ids are in that order): a deal moves him seller -> buyer, a reversal back.
        events = session.execute(
            select(func.min(LedgerEntry.id), LedgerEntry.transfer_id, LedgerEntry.kind)
            .where(LedgerEntry.transfer_id.is_not(None))
            .group_by(LedgerEntry.transfer_id, LedgerEntry.kind)
            .order_by(func.min(LedgerEntry.id))
        ).all()
        where = {pid: team for team, pids in rosters.items() for pid in pids}
        for _id, transfer_id, kind in events:
            t = transfers[transfer_id]
            moves = (
                (t.seller_team_id, t.buyer_team_id) if kind == "transfer" else (t.buyer_team_id, t.seller_team_id)
            )
            assert where[t.player_id] == moves[0]  # he left the roster he was on, and only that one
            where[t.player_id] = moves[1]
        players = session.scalars(select(Player)).all()
        assert len(players) == TEAMS * PLAYERS and all(p.status == PlayerStatus.ACTIVE for p in players)
        assert {p.id: p.team_id for p in players} == where  # one roster per player
        numbers = Counter((p.team_id, p.number) for p in players)
        assert max(numbers.values()) == 1
        sizes = Counter(p.team_id for p in players)
        assert all(11 <= n <= 16 for n in sizes.values())
        per_transfer = defaultdict(list)
        for entry in session.scalars(select(LedgerEntry).where(LedgerEntry.transfer_id.is_not(None))):
            per_transfer[entry.transfer_id].append(entry.amount)
        assert all(sum(amounts) == 0 for amounts in per_transfer.values())
    assert check_league(db).ok, check_league(db).text()
    db.close()
