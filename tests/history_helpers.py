"""Two seasons of a small league through the services, for the history, records and careers tests.

Four teams (tests/season_helpers.py), a single round robin each season, a final in season 2. Every game's
lines are written out below so the tests can add them up by hand; each team's first player is its MVP every
game (+5 SPP); a touchdown is 3 SPP and a casualty 2.
"""

from __future__ import annotations

import random

from roster_app.queries import season as sq
from roster_app.queries.referees import sheet_of_match
from roster_app.services.contracts import end_season
from roster_app.services.postmatch.write import auto_draft, finish_post_match
from roster_app.services.referees import create_referee, finish_match, record_sheet
from roster_app.services.season import add_fixture, generate_season
from roster_app.store.db import LeagueDB
from tests.season_helpers import build_teams, report, roster_ids

# (home lines, away lines, ref, turns in range, the ref's state at the end); a line is player index: (TD, Cas)
# or (TD, Cas, injury)
SEASON_ONE = [
    ({0: (2, 0), 1: (1, 2)}, {0: (1, 0)}, "Hans Whistle", 13, None),  # Orcland 3-1 Athelorn: award
    ({0: (1, 0)}, {0: (1, 0), 2: (0, 1)}, "Jorg Blackwhistle", 8, None),  # Reikland 1-1 Karak: kept
    ({0: (1, 0)}, {0: (1, 0)}, "Hans Whistle", 3, None),  # Karak 1-1 Orcland: Hans sacked
    ({}, {0: (2, 0), 1: (0, 1)}, "Jorg Blackwhistle", 12, None),  # Athelorn 0-2 Reikland: award
    ({0: (1, 0), 1: (0, 1)}, {}, "Thrudd the Impartial", 10, None),  # Orcland 1-0 Reikland: kept
    ({1: (2, 0)}, {1: (0, 1)}, "Jorg Blackwhistle", 2, None),  # Karak 2-0 Athelorn: Jorg sacked
]
SEASON_TWO = [
    ({0: (4, 0)}, {}, "Thrudd the Impartial", 9, None),  # Orcland 4-0 Athelorn
    ({0: (1, 0)}, {1: (1, 3)}, "Skritch Quickpaw", 12, None),  # Reikland 1-1 Karak: award
    ({1: (1, 0)}, {1: (0, 1)}, "Thrudd the Impartial", 11, None),  # Karak 1-0 Orcland
    ({0: (2, 0)}, {0: (1, 0)}, "Skritch Quickpaw", 7, "dead"),  # Athelorn 2-1 Reikland: Skritch dies
    ({0: (1, 0)}, {0: (1, 0), 1: (0, 0, "Niggling injury")}, "Thrudd the Impartial", 4, None),  # 1-1: sacked
    ({}, {}, "Gorbag Chainsaw", 9, None),  # Karak 0-0 Athelorn
]
FINAL = ({0: (2, 0)}, {0: (1, 0)}, "Gorbag Chainsaw", 12, None)  # Orcland 2-1 Karak in the final


def _lines(db: LeagueDB, team_id: int, wanted: dict[int, tuple[int, int]]) -> list[dict]:
    players = roster_ids(db, team_id)
    return [{"player_id": players[i], "touchdowns": line[0], "casualties": line[1], "injury": "".join(line[2:])}
            for i, line in wanted.items()]  # fmt: skip


def _referee_id(db: LeagueDB, name: str) -> int:
    from sqlalchemy import select

    from roster_app.store.models import Referee

    with db.read() as session:
        return session.scalars(select(Referee.id).where(Referee.name == name)).one()


def play(db: LeagueDB, fixture: sq.FixtureRow, game: tuple, seed: int) -> None:
    """Report the game, tick and finish the ref's sheet, and run the whole post-match sequence."""
    home_lines, away_lines, ref, within, state = game
    lines = _lines(db, fixture.home_id, home_lines) + _lines(db, fixture.away_id, away_lines)
    home = sum(line[0] for line in home_lines.values())
    away = sum(line[0] for line in away_lines.values())
    report(db, fixture.id, home, away, lines=lines, referee_id=_referee_id(db, ref))
    sheet = sheet_of_match(db, fixture.id)
    for turn in range(1, 17):
        record_sheet(db, sheet_id=sheet.id, turn=turn, in_range=turn <= within)
    if state:
        record_sheet(db, sheet_id=sheet.id, state=state, out_turn=16)  # after the last tick
    finish_match(db, sheet_id=sheet.id)
    draft = auto_draft(db, match_id=fixture.id, rng=random.Random(seed))
    finish_post_match(db, match_id=fixture.id, draft=draft)


def two_seasons(db: LeagueDB) -> LeagueDB:
    """Season 1 played and ended; season 2 played with its final, and ended."""
    build_teams(db)
    create_referee(db, name="Hans Whistle", race="Human")
    generate_season(db)
    for index, (fixture, game) in enumerate(zip(sq.fixtures(db), SEASON_ONE, strict=True)):
        play(db, fixture, game, index)
    end_season(db)
    generate_season(db)
    for index, (fixture, game) in enumerate(zip(sq.fixtures(db), SEASON_TWO, strict=True)):
        play(db, fixture, game, 10 + index)
    teams = {row.name: row.id for row in sq.league_table(db)}
    add_fixture(db, home_team_id=teams["Orcland Raiders"], away_team_id=teams["Karak Grudgebearers"],
                round_number=4, stage="final")  # fmt: skip
    final = next(f for f in sq.fixtures(db) if f.stage == "final")
    play(db, final, FINAL, 99)
    end_season(db)
    return db


def generated_league(path, *, teams: int = 8, divisions: int = 2, seasons: int = 3, contracts: int = 20):  # noqa: ANN001, ANN201
    """A league by bench/make_league.py's generator at this size (its constants set for the call, then put
    back): the generated leagues the records' and careers' tests vary."""
    import bench.make_league as make

    saved = make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS
    make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS = teams, divisions, seasons, contracts
    try:
        make.generate(path)
    finally:
        make.TEAMS, make.DIVISIONS, make.SEASONS, make.CONTRACTS = saved
    return path
