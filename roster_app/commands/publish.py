"""`dugout publish LEAGUE -o FOLDER [--show-money] [--force]`: the league's website for its coaches.

Exit codes: 0 published, 1 refused (the folder as it was).
"""

from __future__ import annotations

import argparse
import sys

from roster_app.errors import DugoutError
from roster_app.i18n import _


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dugout publish",
        description=_(
            "Publish the league as a folder of web pages for the coaches: the table, results, fixtures, "
            "leaders, every team, player and referee, the seasons and the magazine. Open index.html from the folder "
            "(a USB stick will do) or copy the folder to any web space: no server, no internet needed. Publishing "
            "again updates only the pages that changed."
        ),
    )
    parser.add_argument("league", help=_("the league file (.dugout) or postgresql://USER@HOST/DATABASE"))
    parser.add_argument(
        "-o", "--output", required=True, metavar="FOLDER", help=_("the website's folder (made if new)")
    )
    parser.add_argument("--show-money", action="store_true",
                        help=_("show treasuries, winnings, contract costs and transfer prices (hidden by default)"))  # fmt: skip
    parser.add_argument("--force", action="store_true",
                        help=_("publish into a folder that holds other files (they are kept)"))  # fmt: skip
    return parser


def main(argv: list[str]) -> int:
    """`dugout publish`; exit 0 published, 1 refused."""
    args = _parser().parse_args(argv)
    from roster_app.publish import publish_league
    from roster_app.safety.opening import open_database

    try:
        db = open_database(args.league, read_only=True)
    except DugoutError as exc:
        print(_("dugout publish: {exc}").format(exc=exc), file=sys.stderr)
        return 1
    try:
        done = publish_league(db, args.output, show_money=args.show_money, force=args.force)
    except DugoutError as exc:
        print(_("dugout publish: {exc}").format(exc=exc), file=sys.stderr)
        return 1
    finally:
        db.close()
    print(done.summary())
    print(
        _("Open {value} in a web browser, or copy the folder to the league's web space.").format(
            value=done.folder / "index.html"
        )
    )
    return 0
