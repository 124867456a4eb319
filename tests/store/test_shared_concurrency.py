"""Two commissioners at once on one shared league: two processes, 500 random transfers each.

Each process approaches a random player of a random team for another random team and completes the deal
(steps 6-10, with the contract a player with a star player roll must sign), now and then signs a contract
for a free agent or reverses one of its own deals, and tallies the gold each of its committed changes moved.
Afterwards every team's treasury must equal its ledger and its starting gold plus both tallies (a lost
update keeps the total right but not the balances: RECIPES.md), a transfer's price must be paid by one team
and received by the other, every player must be on exactly the roster his deals put him on, with a number of
his own, and Check League must find nothing (one running contract per player, with his own team).
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter, defaultdict
from datetime import timedelta

import pytest

TEAMS, PLAYERS, START = 6, 14, 3_000_000
ATTEMPTS = 500  # per process


def faces(spec: str, rng: random.Random) -> list[int]:
    count, sides = spec.upper().split("D")
    return [rng.randint(1, int(sides)) for _ in range(int(count or 1))]


def build_league(url: str) -> dict[int, list[int]]:
    """Six Orc teams of 14 Linemen, free agents, every other one with a star player roll (6 SPP: he signs a
    contract when transferred); returns team id -> its player ids."""
    from roster_app.safety.opening import open_server_league
    from roster_app.services.players import new_player
    from roster_app.services.teams import add_team
    from roster_app.store.models import Team

    db = open_server_league(url)
    rosters = {}
    for t in range(TEAMS):
        team_id = add_team(db, name=f"Team {t}", race="Orc", treasury=START).result
        with db.write("test roster") as tx:
            team = tx.session.get(Team, team_id)
            players = [
                new_player(tx.session, db.ruleset, team, position="Orc Lineman", name=f"Orc {t}-{n}")
                for n in range(PLAYERS)
            ]
            for player in players[::2]:
                player.spp = 6
            rosters[team_id] = [p.id for p in players]
    teams = list(rosters)
    for home, away in zip(teams[::2], teams[1::2], strict=True):  # every team at step 4.2: it may buy
        play_match(db, home=home, away=away)
    db.close()
    return rosters


def sign_off_the_clock(db, *, player_id: int, seasons: int):  # noqa: ANN001, ANN201
    """A contract signed and paid in one transaction, as step 4.1 does (the teams here stand at 4.2, where
    `sign_contract` is refused by the league's clock): a second kind of gold-moving write beside transfers."""
    from roster_app.services.contracts import sign
    from roster_app.store.models import Player

    with db.write() as tx:
        tx.result = sign(tx.session, db.ruleset, tx.session.get(Player, player_id), seasons).id
    return tx.change


def gold(change) -> Counter[int]:  # noqa: ANN001
    """What a committed change did to each team's gold: the ledger rows it wrote."""
    moved: Counter[int] = Counter()
    for row in change.rows:
        if row.table == "ledger_entry" and row.kind == "insert":
            moved[row.after["team_id"]] += row.after["amount"]
    return moved


def _pick(db, rng: random.Random) -> tuple[int, int] | None:  # noqa: ANN001
    """A player of a team that may sell (12+) and a buyer with room (15 or fewer), as the league is now."""
    from sqlalchemy import func, select

    from roster_app.store.models import Player, PlayerStatus

    on_roster = Player.status.in_(PlayerStatus.ON_ROSTER)
    with db.read() as session:
        counts = dict(
            session.execute(select(Player.team_id, func.count()).where(on_roster).group_by(Player.team_id)).all()
        )
        sellers = [t for t, n in counts.items() if n >= 12]
        if not sellers:
            return None
        seller = rng.choice(sellers)
        buyers = [t for t, n in counts.items() if n <= 15 and t != seller]
        players = session.scalars(select(Player.id).where(Player.team_id == seller, on_roster)).all()
    return (rng.choice(players), rng.choice(buyers)) if buyers else None


def _free_agent(db, rng: random.Random) -> int | None:  # noqa: ANN001
    """A player on a roster with a star player roll (6 SPP) and no running contract, as the league is now."""
    from sqlalchemy import select

    from roster_app.store.models import Contract, Player, PlayerStatus
    from roster_app.store.statuses import ContractStatus

    running = select(Contract.player_id).where(Contract.status == ContractStatus.RUNNING)
    with db.read() as session:
        ids = session.scalars(
            select(Player.id).where(Player.status.in_(PlayerStatus.ON_ROSTER), Player.spp >= 6,
                                    Player.id.not_in(running))
        ).all()  # fmt: skip
    return rng.choice(ids) if ids else None


def _transfer(db, rng: random.Random, player_id: int, buyer_id: int):  # noqa: ANN001, ANN202
    """Approach and complete one deal with rolled dice; returns (transfer id, seller id, the completing Change)."""
    from roster_app.queries.transfers import deal_terms
    from roster_app.rules.dice import typed_roll
    from roster_app.rules.transfers import reaction
    from roster_app.services.transfers import complete_transfer, pull_out, record_approach
    from roster_app.store.models import Player, Team

    ruleset = db.ruleset
    transfer_id = db.run(record_approach, player_id=player_id, buyer_team_id=buyer_id).result
    try:
        with db.read() as session:
            player = session.get(Player, player_id)
            seller_id = player.team_id
            terms = deal_terms(session, ruleset, player, session.get(Team, buyer_id))
        react = typed_roll(terms.reaction_dice, faces(terms.reaction_dice, rng), modifier=terms.modifier)
        result = reaction(react.total, ruleset)["result"]
        tribunal = None
        if terms.under_contract:  # his head coach names any price from the floor up
            price = terms.floor(result, ruleset) + 10_000 * rng.randint(0, 5)
        else:
            tribunal = typed_roll(terms.tribunal_dice, faces(terms.tribunal_dice, rng))
            price = terms.free_agent_price(tribunal, result, ruleset)
        change = db.run(
            complete_transfer, transfer_id=transfer_id, reaction_roll=react, price=price, tribunal_roll=tribunal,
            contract_seasons=None if terms.rookie else rng.randint(1, 2),
        )  # fmt: skip
    except Exception:
        db.run(pull_out, transfer_id=transfer_id)  # the deal is off: the approach stays on record
        raise
    return transfer_id, seller_id, change


def play_match(db, *, home: int, away: int) -> None:  # noqa: ANN001
    """A played match, so the players of both teams may be approached again (run through LeagueDB.run)."""
    from roster_app.rules.postmatch import BEFORE_TRANSFERS
    from roster_app.store.models import Match, utcnow

    done = list(BEFORE_TRANSFERS)  # both teams stand at the transfers of its post-match sequence (step 4.2)
    with db.write("test match") as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=home, away_team_id=away, status="played",
                             played_at=utcnow() + timedelta(microseconds=1),
                             post_match={"done": {str(home): done, str(away): done}}))  # fmt: skip


def worker(url: str, seed: int, start, results) -> None:  # noqa: ANN001 - multiprocessing objects
    """One commissioner in its own process; a bug is reported to the test instead of leaving it waiting."""
    import traceback

    try:
        results.put(commissioner(url, seed, start))
    except BaseException:
        results.put({"error": traceback.format_exc()})
        raise


def commissioner(url: str, seed: int, start) -> dict:  # noqa: ANN001
    """ATTEMPTS random transfers, contracts and reversals; what they did and the gold they moved."""
    from roster_app.errors import DugoutError
    from roster_app.safety.opening import open_server_league
    from roster_app.services.transfers import reverse_transfer

    rng = random.Random(seed)
    db = open_server_league(url)
    moved: Counter[int] = Counter()
    done: list[int] = []
    counts = Counter()
    start.wait()
    for _ in range(ATTEMPTS):
        try:
            picked = _pick(db, rng)
            if picked is None:
                counts["refused"] += 1
            elif done and rng.random() < 0.1:
                index = rng.randrange(len(done))
                moved.update(gold(db.run(reverse_transfer, transfer_id=done[index])))
                done.pop(index)
                counts["reversed"] += 1
            elif rng.random() < 0.1 and (free := _free_agent(db, rng)) is not None:
                moved.update(gold(db.run(sign_off_the_clock, player_id=free, seasons=rng.randint(1, 2))))
                counts["contracts"] += 1
            else:
                transfer_id, seller, change = _transfer(db, rng, *picked)
                moved.update(gold(change))
                done.append(transfer_id)
                counts["transfers"] += 1
                db.run(play_match, home=picked[1], away=seller)
        except DugoutError:
            counts["refused"] += 1  # the rules said no (often because the other commissioner got there first)
    db.close()
    return {"moved": dict(moved), **counts}


@pytest.mark.postgres
def test_two_commissioners_transferring_at_once_never_make_or_lose_gold(pg_league_url):
    from sqlalchemy import func, select

    from roster_app.safety.check import check_league
    from roster_app.safety.opening import open_server_league
    from roster_app.store.models import LedgerEntry, Player, PlayerStatus, Team, Transfer

    rosters = build_league(pg_league_url)
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(2), context.Queue()
    processes = [context.Process(target=worker, args=(pg_league_url, seed, start, results)) for seed in (1, 2)]
    for process in processes:
        process.start()
    reports = [results.get(timeout=1200) for _ in processes]
    assert not [r["error"] for r in reports if "error" in r]
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0
    transfers_done = sum(r.get("transfers", 0) for r in reports)
    assert transfers_done >= ATTEMPTS // 2, reports  # most attempts went through: players really moved
    # both kinds of change ran alongside the transfers (which process made them depends on the interleaving)
    assert sum(r.get("contracts", 0) for r in reports) and sum(r.get("reversed", 0) for r in reports), reports

    db = open_server_league(pg_league_url, read_only=True)
    with db.read() as session:
        by_team = select(LedgerEntry.team_id, func.sum(LedgerEntry.amount)).group_by(LedgerEntry.team_id)
        ledger = dict(session.execute(by_team).all())
        treasuries = dict(session.execute(select(Team.id, Team.treasury)).all())
        expected = {team: START + sum(r["moved"].get(team, 0) for r in reports) for team in rosters}
        assert treasuries == ledger == expected  # each balance, not only the total

        prices = defaultdict(list)  # a transfer's price: paid by one team, received by the other (reversals
        # and contracts have their own kinds; Check League below checks that each reversal undoes its row)
        for entry in session.scalars(select(LedgerEntry).where(LedgerEntry.kind == "transfer")):
            prices[entry.transfer_id].append(entry.amount)
        assert len(prices) == transfers_done
        assert all(len(amounts) == 2 and sum(amounts) == 0 for amounts in prices.values())

        # What happened to each player, in the order it was written (one player's deals are serialised, so
        # their ledger ids are in that order): a deal moves him seller -> buyer, a reversal moves him back.
        done = ("completed", "reversed")
        transfers = {t.id: t for t in session.scalars(select(Transfer).where(Transfer.status.in_(done)))}
        assert len(transfers) == transfers_done
        events = session.execute(
            select(func.min(LedgerEntry.id), LedgerEntry.transfer_id, LedgerEntry.kind)
            .where(LedgerEntry.transfer_id.is_not(None), LedgerEntry.kind.in_(("transfer", "reversal")))
            .group_by(LedgerEntry.transfer_id, LedgerEntry.kind)
            .order_by(func.min(LedgerEntry.id))
        ).all()
        where = {pid: team for team, pids in rosters.items() for pid in pids}
        for _first, transfer_id, kind in events:
            t = transfers[transfer_id]
            moves = (
                (t.seller_team_id, t.buyer_team_id) if kind == "transfer" else (t.buyer_team_id, t.seller_team_id)
            )
            assert where[t.player_id] == moves[0]  # he left the roster he was on, and only that one
            where[t.player_id] = moves[1]
        players = session.scalars(select(Player)).all()
        assert len(players) == TEAMS * PLAYERS and all(p.status == PlayerStatus.ACTIVE for p in players)
        assert {p.id: p.team_id for p in players} == where  # one roster per player
        assert max(Counter((p.team_id, p.number) for p in players).values()) == 1
        assert all(11 <= n <= 16 for n in Counter(p.team_id for p in players).values())
    report = check_league(db)
    db.close()
    assert report.ok, report.text()
