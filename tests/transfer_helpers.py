"""Test helpers for transfers: a small league of full rosters, and rolls typed in."""

from __future__ import annotations

from datetime import timedelta

from roster_app.rules.dice import typed_roll
from roster_app.rules.postmatch import BEFORE_TRANSFERS
from roster_app.services.players import new_player
from roster_app.services.teams import add_team
from roster_app.store.db import LeagueDB
from roster_app.store.models import Match, Team, utcnow
from tests.rulesets import position


def build_team(db: LeagueDB, name: str, race: str, players: list[tuple[str, str, int]], *, treasury: int,
               fan_factor: int = 0) -> int:  # fmt: skip
    """A team with `players` (position, name, SPP) on its roster; only the treasury is in its ledger."""
    tid = add_team(db, name=name, race=race, coach=f"Coach of {name}", treasury=treasury).result
    with db.write("test roster") as tx:
        team = tx.session.get(Team, tid)
        team.fan_factor = fan_factor
        for position, player, spp in players:
            p = new_player(tx.session, db.ruleset, team, position=position, name=player)
            p.spp = spp
    return tid


def market(db: LeagueDB, *, buyer_treasury: int = 300_000) -> dict[str, int]:
    """Orcs (buyer, 11 players), Dwarfs (12, Gotrek 36 SPP, Borek a Rookie), more Orcs (12, Grak 20 SPP).

    Positions by role, named as the league's ruleset names them (the Dwarf Lineman is the Longbeard of LRB 4.0,
    the Blocker of LRB 5/6)."""
    orc, dwarf, blitzer = (
        position(db, "Orc", "Lineman"),
        position(db, "Dwarf", "Lineman"),
        position(db, "Orc", "Blitzer"),
    )
    orcs = build_team(db, "Orcland Raiders", "Orc", [(orc, f"Orc {i}", 0) for i in range(1, 12)],
                      treasury=buyer_treasury, fan_factor=6)  # fmt: skip
    dwarfs = build_team(
        db, "Karak Grudgebearers", "Dwarf",
        [("Troll Slayer", "Gotrek", 36), (dwarf, "Borek", 2)] + [(dwarf, f"Dwarf {i}", 0) for i in range(10)],
        treasury=50_000, fan_factor=4,
    )  # fmt: skip
    rivals = build_team(db, "Orc Rivals", "Orc",
                        [(blitzer, "Grak", 20)] + [(orc, f"Rival {i}", 0) for i in range(11)],
                        treasury=100_000, fan_factor=8)  # fmt: skip
    play_match(db, orcs, dwarfs)
    play_match(db, rivals, orcs)
    return {"orcs": orcs, "dwarfs": dwarfs, "rivals": rivals}


def play_match(db: LeagueDB, home: int, away: int) -> None:
    """A played match (so each team's players may be approached again), its post-match sequence standing at
    the transfers for both teams (steps 1 to 4.1 marked written, with no effects): the league's clock."""
    done = list(BEFORE_TRANSFERS)
    with db.write("test match") as tx:
        tx.session.add(Match(season=1, round=1, home_team_id=home, away_team_id=away, status="played",
                             played_at=utcnow() + timedelta(microseconds=1),
                             post_match={"done": {str(home): done, str(away): done}}))  # fmt: skip


def dice(spec: str, *faces: int, modifier: int = 0):
    return typed_roll(spec, list(faces), modifier=modifier)


def market_with_deals(db: LeagueDB) -> dict[str, int]:
    """market(), Grak signed for 3 seasons, and Gotrek bought by the Orcs from Karak for 150,000 on a 4-season
    contract (the league's biggest transfer and longest contract): the teams, as market() gives them."""
    from roster_app.queries.transfers import deal
    from roster_app.services.transfers import complete_transfer, record_approach
    from tests.helpers import player_id, signed

    teams = market(db)
    signed(db, player_id(db, "Grak"), 3)
    gotrek = player_id(db, "Gotrek")
    tid = record_approach(db, player_id=gotrek, buyer_team_id=teams["orcs"]).result
    modifier = deal(db, gotrek, teams["orcs"]).modifier
    complete_transfer(db, transfer_id=tid, reaction_roll=dice("2D6", 5, 4, modifier=modifier), price=150_000,
                      tribunal_roll=dice("D6", 3), contract_seasons=4)  # fmt: skip
    return teams
