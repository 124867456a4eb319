"""`dugout copy SOURCE DEST`: a league copied between a league file and a PostgreSQL database (either way).

Exit codes: 0 copied, 1 refused (nothing written).
"""

from __future__ import annotations

import argparse
import sys

from roster_app.errors import DugoutError
from roster_app.exchange.league_copy import copy_league
from roster_app.i18n import _


def main(argv: list[str]) -> int:
    """`dugout copy SOURCE DEST`; exit 0 copied, 1 refused (nothing written)."""
    parser = argparse.ArgumentParser(
        prog="dugout copy",
        description=_(
            "Copy a league between a league file and a PostgreSQL database (either way), with every "
            "row and id. The destination must be a new file or an empty database."
        ),
    )
    parser.add_argument("source", help=_("a league file (.dugout) or postgresql://USER@HOST/DATABASE"))
    parser.add_argument("destination", help=_("a new league file, or the URL of an empty PostgreSQL database"))
    args = parser.parse_args(argv)
    try:
        where = copy_league(args.source, args.destination)
    except DugoutError as exc:
        print(_("dugout copy: {exc}").format(exc=exc), file=sys.stderr)
        return 1
    print(_("The league was copied to {where}.").format(where=where))
    return 0
