"""Generate a large league for the benches: 64 teams (~2,300 players with history), 10 seasons of double
round-robin in 8 divisions (~4,500 matches, ~80,000 player-match rows), ~100,000 ledger rows, referees and
1,000 contracts. Bulk inserts (SQLAlchemy Core), deterministic.

    python bench/make_league.py OUT.dugout
"""

from __future__ import annotations

import random
import shutil
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TEAMS = 64
DIVISIONS = 8
SEASONS = 10
CURRENT_PLAYERS = 16
FORMER_PLAYERS = 20
LEDGER_ROWS_PER_TEAM_MATCH = 11
CONTRACTS = 1000
REFEREES = 20


def round_robin(teams: list[int]) -> list[tuple[int, int, int]]:
    """(round, home, away) for a double round-robin (circle method)."""
    ring = list(teams) + ([None] if len(teams) % 2 else [])
    half = len(ring) // 2
    rounds = []
    for r in range(len(ring) - 1):
        pairs = [(ring[i], ring[-1 - i]) for i in range(half)]
        rounds.append([(a, b) if r % 2 else (b, a) for a, b in pairs if a is not None and b is not None])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    out = [(r + 1, h, a) for r, games in enumerate(rounds) for h, a in games]
    second = len(rounds)
    out += [(second + r, a, h) for r, h, a in out]
    return out


def generate(path: Path, *, seed: int = 7) -> dict[str, int]:
    from sqlalchemy import insert, update
    from sqlmodel import Session

    from roster_app.rules.spp import star_player_rolls
    from roster_app.services.league import create_league
    from roster_app.store.models import (  # fmt: skip
        Contract,
        League,
        LedgerEntry,
        Match,
        MatchPlayer,
        Player,
        Referee,
        Season,
        Team,
        utcnow,
    )

    rng = random.Random(seed)
    if path.exists():
        path.unlink()
    db = create_league(path, name="Big League")
    ruleset = db.ruleset
    races = sorted(ruleset.races)
    now = utcnow()
    counts: dict[str, int] = {}
    with Session(db.engine) as session, session.begin():
        team_rows = []
        for t in range(1, TEAMS + 1):
            race = races[t % len(races)]
            team_rows.append(dict(id=t, name=f"Team {t:02d} {race}", race=race, coach=f"Coach {t}", treasury=0,
                                  fan_factor=rng.randint(3, 12), rerolls=rng.randint(1, 5), assistant_coaches=1,
                                  cheerleaders=1, apothecary=True, reserves_approved=False, created_at=now))  # fmt: skip
        session.execute(insert(Team), team_rows)
        players, pid = [], 0
        roster: dict[int, list[int]] = defaultdict(list)
        for t in range(1, TEAMS + 1):
            race = ruleset.race(team_rows[t - 1]["race"])
            for n in range(CURRENT_PLAYERS + FORMER_PLAYERS):
                pid += 1
                pos = race.positions[n % len(race.positions)] if n % 3 == 0 else race.basic_lineman
                current = n < CURRENT_PLAYERS
                spp = rng.randint(0, 120)  # every star player roll earned has been taken
                players.append(dict(
                    id=pid, team_id=t, number=n + 1 if current else 0, name=f"Player {pid}", race=race.name,
                    position=pos.name, ma=pos.ma, st=pos.st, ag=pos.ag, av=pos.av, skills=[], injuries=[], spp=spp,
                    rolls_taken=star_player_rolls(spp, ruleset), value=pos.cost, cost=pos.cost, status="active" if current else "retired",
                    origin="hired", joined_season=1, created_at=now,
                ))  # fmt: skip
                if current:
                    roster[t].append(pid)
        session.execute(insert(Player), players)
        session.execute(insert(Season), [dict(number=s, started_at=now, ended_at=now if s < SEASONS else None)
                                         for s in range(2, SEASONS + 1)])  # fmt: skip
        session.execute(update(League).values(current_season=SEASONS))
        refs = [dict(id=100 + i, name=f"Referee {i}", race=races[i % len(races)], is_star=False, is_sample=False,
                     ma=6, st=3, ag=3, av=8, skills=[], equipment=[], spp=rng.randint(0, 60), rolls_taken=0,
                     matches=rng.randint(0, 200), awards=0, casualties=0, status="available", description="",
                     created_at=now) for i in range(REFEREES)]  # fmt: skip
        session.execute(insert(Referee), refs)
        matches, lines, ledger = [], [], []
        mid = lid = 0
        balance: dict[int, int] = defaultdict(int)
        for t in range(1, TEAMS + 1):
            lid += 1
            ledger.append(dict(id=lid, team_id=t, amount=1_000_000, kind="opening", reason="Starting treasury",
                               season=1, created_at=now))  # fmt: skip
            balance[t] += 1_000_000
        for season in range(1, SEASONS + 1):
            for d in range(DIVISIONS):
                teams = list(range(d * (TEAMS // DIVISIONS) + 1, (d + 1) * (TEAMS // DIVISIONS) + 1))
                for rnd, home, away in round_robin(teams):
                    mid += 1
                    hs, as_ = rng.randint(0, 4), rng.randint(0, 4)
                    matches.append(dict(id=mid, season=season, round=rnd, home_team_id=home, away_team_id=away,
                                        status="completed", stage="league", home_score=hs, away_score=as_,
                                        home_casualties=rng.randint(0, 4), away_casualties=rng.randint(0, 4),
                                        gate=rng.randint(10, 60) * 1000, riot=False, referee_id=100 + mid % REFEREES,
                                        played_at=now, post_match={}))  # fmt: skip
                    for team in (home, away):
                        for p in rng.sample(roster[team], 9):
                            lines.append(dict(match_id=mid, player_id=p, team_id=team, touchdowns=rng.choice((0, 0, 0, 1)),
                                              completions=rng.choice((0, 0, 1)), interceptions=0,
                                              casualties=rng.choice((0, 0, 0, 1)), mvp=False, spp=rng.randint(0, 5),
                                              injury=""))  # fmt: skip
                        for k in range(LEDGER_ROWS_PER_TEAM_MATCH):
                            lid += 1
                            amount = rng.randint(1, 6) * 10_000 if k == 0 else -rng.randint(0, 2) * 1_000
                            if balance[team] + amount < 0:
                                amount = 0
                            balance[team] += amount
                            ledger.append(dict(id=lid, team_id=team, amount=amount, kind="winnings" if k == 0 else "expenses",
                                               reason="Match winnings" if k == 0 else "Spiralling expenses", season=season,
                                               created_at=now, match_id=mid))  # fmt: skip
        session.execute(insert(Match), matches)
        for start in range(0, len(lines), 20_000):
            session.execute(insert(MatchPlayer), lines[start : start + 20_000])
        for start in range(0, len(ledger), 20_000):
            session.execute(insert(LedgerEntry), ledger[start : start + 20_000])
        for t, value in balance.items():
            session.execute(update(Team).where(Team.id == t).values(treasury=value))
        contracted = rng.sample([p for t in roster for p in roster[t]], CONTRACTS)
        team_of = {p["id"]: p["team_id"] for p in players}
        session.execute(insert(Contract), [dict(player_id=p, team_id=team_of[p], signed_season=SEASONS - 1,
                                                seasons=rng.randint(1, 5), served=1, rolls_at_signing=2, cost=4000,
                                                status="running", renewal=False, created_at=now)
                                           for p in contracted])  # fmt: skip
        counts = dict(teams=TEAMS, players=len(players), matches=len(matches), match_players=len(lines),
                      ledger=len(ledger), contracts=CONTRACTS, referees=REFEREES)  # fmt: skip
    db.close()
    return counts


def large_league() -> Path:
    """The large league, generated once per version of this script and of the schema into bench/.cache/
    (kept between runs)."""
    import hashlib

    from roster_app.store.migrations import HEAD

    digest = hashlib.sha256(Path(__file__).read_bytes() + HEAD.encode()).hexdigest()[:12]
    path = Path(__file__).resolve().parent / ".cache" / f"large-{digest}.dugout"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        for old in path.parent.glob("large-*"):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
        tmp = path.with_name(f".{path.name}.tmp")
        generate(tmp)
        tmp.rename(path)
    return path


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    start = time.perf_counter()
    counts = generate(Path(argv[0]))
    print(f"generated {counts} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
