"""A league as it looks on league night: the demo league plus played matches, contracts, a long ledger and a
row in every table (so an export/import round trip covers them all). Rows that other parts of Dugout write
through their own services are inserted directly here: these tests print and exchange, they do not play."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from roster_app.demo.league import build_demo
from roster_app.services.common import post
from roster_app.store.db import LeagueDB
from roster_app.store.models import (
    Contract,
    Correction,
    DiceRoll,
    LedgerEntry,
    Match,
    MatchPlayer,
    Player,
    Referee,
    RefereeMatch,
    ReserveEvent,
    ReserveSide,
    Team,
    Transfer,
)

ORCS, HUMANS, DWARFS, ELVES = "Orcland Raiders", "Reikland Reavers", "Karak Grudgebearers", "Athelorn Avengers"
LEDGER_LINES = 70  # enough to run the Orcs' ledger over two pages
FILLED_TABLES = ("league", "ruleset_table", "season", "team", "player", "ledger_entry", "contract", "match",
                 "match_player", "dice_roll", "referee", "referee_match", "reserve_side", "reserve_event",
                 "transfer", "correction")  # fmt: skip


def _team(session, name: str) -> Team:  # noqa: ANN001
    return session.scalars(select(Team).where(Team.name == name)).one()


def _player(session, name: str) -> Player:  # noqa: ANN001
    return session.scalars(select(Player).where(Player.name == name)).one()


def _matches(session, teams: dict[str, Team]) -> list[Match]:  # noqa: ANN001
    played = [
        Match(season=1, round=1, home_team_id=teams[ORCS].id, away_team_id=teams[HUMANS].id, status="completed",
              home_score=2, away_score=1, home_casualties=3, away_casualties=1),
        Match(season=1, round=1, home_team_id=teams[DWARFS].id, away_team_id=teams[ELVES].id, status="completed",
              home_score=1, away_score=1, home_casualties=2, away_casualties=0),
        Match(season=1, round=2, home_team_id=teams[ELVES].id, away_team_id=teams[ORCS].id, status="played",
              home_score=0, away_score=0, home_casualties=0, away_casualties=2),
        # not counted in the table: a friendly and a match still to play
        Match(season=1, round=2, stage="friendly", home_team_id=teams[HUMANS].id, away_team_id=teams[DWARFS].id,
              status="completed", home_score=5, away_score=0),
        Match(season=1, round=3, home_team_id=teams[HUMANS].id, away_team_id=teams[DWARFS].id),
    ]  # fmt: skip
    session.add_all(played)
    session.flush()
    return played


def fill_league_night(db: LeagueDB) -> None:
    with db.write("league night") as tx:
        s = tx.session
        teams = {name: _team(s, name) for name in (ORCS, HUMANS, DWARFS, ELVES)}
        matches = _matches(s, teams)
        grak, johann = _player(s, "Grak Skullsplitta"), _player(s, "Johann Weissmann")
        s.add(MatchPlayer(match_id=matches[0].id, player_id=grak.id, team_id=grak.team_id, touchdowns=2,
                          casualties=1, mvp=True, spp=13))  # fmt: skip
        s.add(MatchPlayer(match_id=matches[2].id, player_id=grak.id, team_id=grak.team_id, casualties=1, spp=2))
        s.add(
            MatchPlayer(match_id=matches[0].id, player_id=johann.id, team_id=johann.team_id, completions=3, spp=3)
        )
        contract = Contract(player_id=grak.id, team_id=grak.team_id, signed_season=1, seasons=3, served=1,
                            rolls_at_signing=4, cost=12000)  # fmt: skip
        s.add(contract)
        s.add(Contract(player_id=johann.id, team_id=johann.team_id, signed_season=1, seasons=2, served=0,
                       rolls_at_signing=5, cost=10000))  # fmt: skip
        s.flush()
        paid = post(s, teams[ORCS], -12000, kind="contract", reason="Contract of Grak Skullsplitta, 3 seasons",
                    player_id=grak.id, contract_id=contract.id)  # fmt: skip
        for n in range(LEDGER_LINES):
            post(s, teams[ORCS], 1000 * (n % 7 + 1), kind="winnings", reason=f"Gate share {n + 1}",
                 match_id=matches[0].id)  # fmt: skip
        s.flush()
        post(s, teams[ORCS], 12000, kind="reversal", reason="Contract refunded by the commissioner",
             reverses_id=paid.id)  # fmt: skip
        ref = s.scalars(select(Referee).where(Referee.name == "Hans Pfeiffer")).one()
        s.add(Referee(name="Ulli Sackmann", race="Human", ma=6, st=3, ag=3, av=8, status="sacked"))
        roll = DiceRoll(purpose="referee send-off", dice="D6", faces=[5], total=5, match_id=matches[0].id,
                        referee_id=ref.id)  # fmt: skip
        s.add(roll)
        s.add(RefereeMatch(referee_id=ref.id, match_id=matches[0].id, in_range=[True] * 12 + [False] * 4,
                           actions=["move"] * 16, casualties=1, result="award", spp_gained=15, finished=True))  # fmt: skip
        transfer = Transfer(season=1, player_id=johann.id, seller_team_id=teams[HUMANS].id,
                            buyer_team_id=teams[ORCS].id, status="refused by coach", under_contract=True)  # fmt: skip
        s.add(transfer)
        s.add(ReserveSide(team_id=teams[HUMANS].id, coach_type="Novice"))
        s.flush()
        s.add(ReserveEvent(team_id=teams[HUMANS].id, kind="upkeep", detail="Paid 10,000 gp upkeep",
                           dice_roll_id=roll.id))  # fmt: skip
        s.add(Correction(made_by="Ann Marsh", reason="The send-off die was typed as a 2", kind="roll",
                         dice_roll_id=roll.id, referee_id=ref.id, before={"faces": [2], "total": 2},
                         after={"faces": [5], "total": 5}))  # fmt: skip
        ref.matches, ref.awards, ref.casualties = 4, 1, 1
        tx.undoable = False


def build_league_night(path: Path) -> Path:
    db = build_demo(path, overwrite=True, history=False)
    fill_league_night(db)
    db.close()
    return path


def ledger_lines(db: LeagueDB, team_name: str) -> int:
    with db.read() as session:
        team = _team(session, team_name)
        return len(session.scalars(select(LedgerEntry.id).where(LedgerEntry.team_id == team.id)).all())
