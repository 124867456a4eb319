"""The match pad at the table: an event on screen within one 60 Hz frame, and saved within 50 ms.

A league file with two teams of eleven and a refereed fixture; the pad open with 60 events already played
(four turns of a busy game). Then, for each rep, one more event:
- saved: wall-clock time of services.matchpad.record_event (one transaction, fsync included: synchronous=FULL),
  median, against the 50 ms budget (the writes' budget, bench/writes.py);
- on screen: CPU time of the pad reading the game again and repainting its window after the event, median,
  against one frame at 60 Hz (16 ms).

    python bench/matchpad.py [--reps N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import print_header, record, timed_ms  # noqa: E402

FRAME_MS = 16.0
BUDGET_MS = 50.0


def pad_league(path: Path) -> int:
    """Two teams of eleven, a fixture with a custom ref's sheet; returns the fixture's id."""
    from roster_app.services.league import create_league
    from roster_app.services.players import hire_player
    from roster_app.services.referees import create_referee, start_match_sheet
    from roster_app.services.season import add_fixture
    from roster_app.services.teams import add_team

    db = create_league(path, name="Pad Bench")
    teams = [add_team(db, name=name, race=race, coach="Coach", treasury=1_000_000).result
             for name, race in (("Orcland Raiders", "Orc"), ("Reikland Reavers", "Human"))]  # fmt: skip
    for team, position in zip(teams, ("Orc Lineman", "Lineman"), strict=True):
        for number in range(1, 12):
            hire_player(db, team_id=team, position=position, name=f"Player {number}", number=number)
    match = add_fixture(db, home_team_id=teams[0], away_team_id=teams[1], round_number=1).result
    start_match_sheet(db, referee_id=create_referee(db, name="Ranulf", race="Human").result, match_id=match)
    db.close()
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", 9)))
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from roster_app.safety.opening import open_league
    from roster_app.services import matchpad as pad
    from ui.kit.session import LeagueSession
    from ui.sequences.match_pad.window import MatchPadWindow

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pad.dugout"
        match = pad_league(path)
        db = open_league(path, backup=False)
        session = LeagueSession(db)
        pad.open_pad(db, match_id=match, holder="bench")
        window = MatchPadWindow(session, match, "bench")
        window.resize(1366, 728)
        window.show()
        app.processEvents()
        players = [p.id for p in window.game.players.values()]
        for turn in range(4):
            for player in players[:14]:
                pad.record_event(db, match_id=match, holder="bench", kind="completion", player_id=player)
            pad.record_event(db, match_id=match, holder="bench", kind="end turn",
                             data={"action": "move", "in_range": turn % 2 == 0})  # fmt: skip
        window.refresh()
        window.repaint()
        saves, screens = [], []
        for rep in range(args.reps):
            start = time.perf_counter()
            pad.record_event(db, match_id=match, holder="bench", kind="completion", player_id=players[rep % 11])
            saves.append((time.perf_counter() - start) * 1000)
            screens.append(timed_ms(lambda: (window.refresh(), window.repaint())))
        events = len(window.game.events)
        print_header()
        record("match pad: an event saved", "absolute budget", BUDGET_MS, saves, 1.0,
               note="record_event, wall clock, fsync included")  # fmt: skip
        record("match pad: the event on screen", "a frame at 60 Hz", FRAME_MS, screens, 1.0,
               note=f"read the game again ({events} events) + repaint at 1366x728")  # fmt: skip
        window.close()
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
