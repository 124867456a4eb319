"""Publishing the large league's website (issue 37), against two floors measured in the same run:

1. the whole site into an empty folder (every page read from the league, made and written, the folder swapped
   in) against writing the same number of plain files of the same sizes into a new folder (the cheapest way to
   put those bytes on the disk: no reads, no HTML made);
2. publishing again after one match (a round added to a copy of the league, its first fixture reported and
   its post-match sequence run through the services) against the first publish: only the pages that match touched are made
   and written, the rest are linked from the site as it was.

    python bench/publish.py [--reps N]
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import inform, large_league_main, record, timed_ms  # noqa: E402
from bench.match_sheets import with_a_round_to_play  # noqa: E402

FIRST_TARGET = 30.0  # the whole site against writing its bytes alone: every page is read from the league
AGAIN_TARGET = 0.15  # publishing again after one match, as a fraction of the first publish


def with_one_match(source: Path, folder: Path) -> tuple[Path, int]:
    """A copy of the large league with a round more to play (bench/match_sheets.py); returns the copy and the id of
    that round's first fixture, the match played between the two publishes."""
    league = with_a_round_to_play(source, folder)
    with sqlite3.connect(league) as conn:
        (match_id,) = conn.execute("SELECT min(id) FROM match WHERE status = 'scheduled'").fetchone()
    return league, match_id


def play(league: Path, match_id: int) -> None:
    """Report the match (a touchdown each side, the first players MVPs) and run its post-match sequence."""
    from roster_app.queries import rosters
    from roster_app.safety.opening import open_league
    from roster_app.services.matches import record_match
    from roster_app.services.postmatch.write import auto_draft, finish_post_match
    from roster_app.store.models import Match

    db = open_league(league, backup=False)
    try:
        with db.read() as session:
            match = session.get(Match, match_id)
            sides = (match.home_team_id, match.away_team_id)
        players = [[p.id for p in rosters.roster(db, team)] for team in sides]
        lines = [{"player_id": players[0][0], "touchdowns": 1}, {"player_id": players[1][0], "touchdowns": 1}]
        record_match(db, match_id=match_id, home_score=1, away_score=1, lines=lines, gate=40_000,
                     home_mvp=players[0][1], away_mvp=players[1][1])  # fmt: skip
        finish_post_match(db, match_id=match_id, draft=auto_draft(db, match_id=match_id, rng=random.Random(1)))
    finally:
        db.close()


def publish(league: Path, folder: Path):  # noqa: ANN201 - a Published
    from roster_app.publish import publish_league
    from roster_app.safety.opening import open_league

    db = open_league(league, read_only=True)
    try:
        return publish_league(db, folder)
    finally:
        db.close()


def plain_files(sizes: list[int], folder: Path) -> None:
    """The floor: as many files of the same sizes, plain text, each written and closed, in a new folder."""
    folder.mkdir()
    for index, size in enumerate(sizes):
        with open(folder / f"{index}.html", "wb") as handle:
            handle.write(b"<p>" + b"x" * max(0, size - 7) + b"</p>\n")


def measure(path: Path, reps: int) -> None:
    from roster_app.safety.opening import open_league

    work = Path(tempfile.mkdtemp(prefix="dugout-bench-publish-"))
    try:
        league, match_id = with_one_match(path, work)
        publish(league, work / "warm")  # imports, the ruleset's first load, the disk's first touch
        shutil.rmtree(work / "warm")
        firsts, floors = [], []
        for rep in range(reps):
            site = work / f"site-{rep}"
            firsts.append(timed_ms(lambda site=site: publish(league, site)))
            sizes = [p.stat().st_size for p in site.rglob("*") if p.is_file()]
            floors.append(timed_ms(lambda rep=rep, sizes=sizes: plain_files(sizes, work / f"plain-{rep}")))
            shutil.rmtree(site)
            shutil.rmtree(work / f"plain-{rep}")
        done = publish(league, work / "again")  # the site the second figure starts from (as it stands)
        pages = done.pages
        record(f"publish the large league ({pages:,} pages)", "as many plain files, written", floors, firsts,
               FIRST_TARGET, note=f"{statistics.median(firsts) / pages:.2f} ms a page")  # fmt: skip
        play(league, match_id)
        open_league(league, read_only=True).close()  # the changed file checked once, as the app's open league is
        agains = []
        for rep in range(reps):
            before = work / f"before-{rep}"
            shutil.copytree(work / "again", before, copy_function=os.link)  # the site as the match found it
            result = None

            def again(before: Path = before) -> None:
                nonlocal result
                result = publish(league, before)

            agains.append(timed_ms(again))
            shutil.rmtree(before)
        record("publish again after one match", "the first publish", firsts, agains, AGAIN_TARGET,
               note=f"{len(result.written)} of {result.pages:,} pages made again")  # fmt: skip
        inform(f"publish: {pages:,} pages; after one match {len(result.written)} written, {result.kept:,} kept")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    return large_league_main(measure, argv, reps=3, qt=False)


if __name__ == "__main__":
    sys.exit(main())
