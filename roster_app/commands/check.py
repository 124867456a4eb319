"""`dugout check FILE|URL [--repair]`: Check League from the command line (a league file or a shared league).

Exit codes: 0 no problems (left), 1 problems remain, 2 the league could not be checked or repaired.
"""

from __future__ import annotations

import argparse
import sys

from roster_app.errors import DugoutError
from roster_app.i18n import _
from roster_app.safety.check import check_target


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dugout check",
        description=_(
            "Check a league file (SQLite's integrity and foreign keys) or a shared league, and the "
            "league's own rules (treasuries against ledgers, rosters, contracts, SPP, house rules)."
        ),
    )
    parser.add_argument("league", help=_("the league file (.dugout) or postgresql://USER@HOST/DATABASE"))
    parser.add_argument(
        "--repair", action="store_true", help=_("repair what is safe, in one step, after a backup")
    )
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    path = args.league
    report = check_target(path)
    print(report.text())
    if report.ok or not args.repair:
        return 0 if report.ok else 1
    if not report.repairable:
        print(_("\nNothing here can be repaired automatically."))
        return 1
    try:
        done = _repair(path)
    except DugoutError as exc:
        print(_("\ndugout check: {exc}").format(exc=exc), file=sys.stderr)
        return 2
    print(_("\nRepaired {n} problem(s) (a backup was made first). Checking again:").format(n=len(done)))
    report = check_target(path)
    print(report.text())
    return 0 if report.ok else 1


def _repair(path: str) -> list[str]:
    from roster_app.safety.opening import open_database
    from roster_app.services.repair import repair_league

    db = open_database(path, load_ruleset=False)
    try:
        if db.read_only:
            raise DugoutError(db.read_only_reason or _("The league is open read-only."))
        return repair_league(db).result
    finally:
        db.close()
