"""Batch commands without a window: `dugout print`, `dugout export`, `dugout import`.

Mistakes the commissioner can fix (no such file, not a league, unknown team, missing folder) get one plain
line on stderr and exit code 1; a wrong command line gets argparse's usage message and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roster_app.i18n import LANGUAGES, N_, _
from roster_app.words import count

PRINT_HELP = N_("""Print rosters and league documents to a PDF, without opening a window.
With no team and no document chosen, prints the whole league: the league table, every roster,
the contract sheet and the referee cards.""")  # shown through _()


def _fail(command: str, message: str) -> int:
    print(f"dugout {command}: {message}", file=sys.stderr)
    return 1


def _print_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dugout print", description=_(PRINT_HELP))
    parser.add_argument("league", metavar="LEAGUE_FILE", help=_("the league file (.dugout)"))
    teams = parser.add_mutually_exclusive_group()
    teams.add_argument(
        "--team", action="append", metavar="NAME", help=_("a team's roster (repeat for more teams)")
    )
    teams.add_argument("--all", action="store_true", help=_("the roster of every team"))
    parser.add_argument("--ledger", action="store_true", help=_("the ledger of each chosen team as well"))
    parser.add_argument("--table", action="store_true", help=_("the league table"))
    parser.add_argument("--contracts", action="store_true", help=_("the league's contract sheet"))
    parser.add_argument("--referees", action="store_true", help=_("referee cards, several to a page"))
    parser.add_argument("--match-sheet", action="store_true", help=_("a blank referee's match sheet"))
    parser.add_argument("--match-sheets", action="store_true",
                        help=_("a pre-filled match sheet for every fixture of a round still to play (both rosters, "
                        "the ref and his range, the 16-turn tally, boxes for events)"))  # fmt: skip
    parser.add_argument("--played-sheets", action="store_true",
                        help=_("the referee's sheet of each game played in a round: his calls and turns (--round: "
                        "the round, default the latest with a game played)"))  # fmt: skip
    parser.add_argument("--magazine", action="store_true",
                        help=_("the league magazine of a round: results, table, leaders, refs, deals, injuries, records"))  # fmt: skip
    parser.add_argument("--round", type=int, metavar="N",
                        help=_("the round of --match-sheets (default: the next) or --magazine (default: the latest)"))  # fmt: skip
    parser.add_argument("--season", type=int, metavar="S",
                        help=_("the season of --magazine (default: the latest with a match played)"))  # fmt: skip
    parser.add_argument("--page-size", choices=["A4", "Letter"], help=_("paper size (default: from the locale)"))
    parser.add_argument("--language", choices=list(LANGUAGES), metavar="CODE",
                        help=_("the printout's language: {codes} (default: the system's)").format(codes=", ".join(LANGUAGES)))  # fmt: skip
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help=_("the PDF to write"))
    return parser


def _request(db, args):  # noqa: ANN001, ANN202 - keeps the ORM out of this module's import
    from roster_app.printing import data
    from roster_app.printing.document import PrintRequest, whole_league

    names = args.team or []
    if args.round is not None and not (args.match_sheets or args.magazine or args.played_sheets):
        raise SystemExit("dugout print: " + _("--round goes with --match-sheets, --played-sheets or --magazine"))
    if args.season is not None and not args.magazine:
        raise SystemExit("dugout print: " + _("--season goes with --magazine"))
    documents = (args.table, args.contracts, args.referees, args.match_sheet, args.match_sheets, args.magazine,
                 args.played_sheets)  # fmt: skip
    if not names and not args.all and not any(documents):
        return whole_league(db)
    team_ids = tuple(data.team_ids(db, None if args.all else names)) if (names or args.all) else ()
    return PrintRequest(team_ids, rosters=bool(team_ids), ledgers=args.ledger, table=args.table,
                        contracts=args.contracts, referees=args.referees, match_sheet=args.match_sheet,
                        match_sheets=args.match_sheets, sheets_round=args.round if args.match_sheets else None,
                        magazine=args.magazine,
                        magazine_round=args.round if args.magazine else None,
                        magazine_season=args.season, played_sheets=args.played_sheets,
                        played_round=args.round if args.played_sheets else None)  # fmt: skip


def _gui_application():  # noqa: ANN202
    """A QApplication on the offscreen platform: fonts and painting without a screen (a QApplication, not a
    QGuiApplication: the magazine's charts are Qt Charts, which are widgets)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not (os.environ.get("LC_ALL") or os.environ.get("LANG")):
        os.environ["LC_ALL"] = "C.UTF-8"  # under `env -i` Qt warns about the C locale
    from PySide6.QtWidgets import QApplication

    from ui.kit.fonts import register_bundled_fonts

    app = QApplication.instance() or QApplication(["dugout"])
    register_bundled_fonts()  # the bundle may run where no font is installed
    return app


def _with_league(command: str, league: str, job: Callable[[Any], str]) -> int:
    """Open `league` (a file or a shared league's URL) read-only, run `job(db)` and print what it says; a
    DugoutError becomes one plain line."""
    from roster_app.errors import DugoutError
    from roster_app.safety.opening import open_database

    try:
        db = open_database(league, read_only=True)
    except DugoutError as exc:
        return _fail(command, str(exc))
    try:
        print(job(db))
    except DugoutError as exc:
        return _fail(command, str(exc))
    finally:
        db.close()
    return 0


def print_main(argv: list[str]) -> int:
    """`dugout print LEAGUE_FILE [--team NAME ...|--all] [--table] ... -o OUT.pdf`."""
    args = _print_parser().parse_args(argv)

    def job(db: Any) -> str:
        from roster_app.printing.document import build_document

        document = build_document(db, _request(db, args), language=args.language)
        _app = _gui_application()
        from ui.printing.layout import write_pdf

        pages = write_pdf(document, Path(args.output), page_size=args.page_size)
        return _("{pages} written to {path}").format(pages=count(pages, "page"), path=args.output)

    return _with_league("print", args.league, job)


def export_main(argv: list[str]) -> int:
    """`dugout export LEAGUE_FILE -o OUT.json` (or `--csv rosters|ledger -o OUT.csv`)."""
    parser = argparse.ArgumentParser(
        prog="dugout export", description=_("Export a league: everything as JSON, or rosters or ledgers as CSV.")
    )
    parser.add_argument("league", metavar="LEAGUE_FILE", help=_("the league file (.dugout)"))
    parser.add_argument(
        "--csv", choices=["rosters", "ledger"], help=_("write this as CSV instead of the whole league")
    )
    parser.add_argument(
        "--history", choices=["json", "seasons", "awards", "referees", "records"],
        help=_("write the league's history instead: all of it as JSON, or one table as CSV"),
    )  # fmt: skip
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help=_("the file to write"))
    args = parser.parse_args(argv)
    if args.csv and args.history:
        raise SystemExit("dugout export: " + _("choose --csv or --history, not both"))

    def job(db: Any) -> str:
        from roster_app.exchange import csv_files, history_files
        from roster_app.exchange import league_json as exchange

        if args.history == "json":
            history_files.export_history_json(db, Path(args.output))
        elif args.history:
            history_files.export_history_csv(db, Path(args.output), table=args.history)
        else:
            writer = {None: exchange.export_json, "rosters": csv_files.export_rosters_csv,
                      "ledger": csv_files.export_ledger_csv}[args.csv]  # fmt: skip
            writer(db, Path(args.output))
        return _("Exported to {path}").format(path=args.output)

    return _with_league("export", args.league, job)


def import_main(argv: list[str]) -> int:
    """`dugout import IN.json -o NEW.dugout`: a new league file from a JSON export."""
    parser = argparse.ArgumentParser(
        prog="dugout import", description=_("Create a new league file from a Dugout JSON export (checked first).")
    )
    parser.add_argument("source", metavar="IN.json", help=_("a league exported by `dugout export`"))
    parser.add_argument("-o", "--output", required=True, metavar="NEW.dugout", help=_("the new league file"))
    args = parser.parse_args(argv)
    from roster_app.errors import DugoutError
    from roster_app.exchange.league_json import import_json

    try:
        import_json(Path(args.source), Path(args.output))
    except DugoutError as exc:
        return _fail("import", str(exc))
    print(_("League imported into {path}").format(path=args.output))
    return 0
