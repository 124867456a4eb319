"""The `dugout` command: open the app, or run a batch command without a window.

dugout [LEAGUE_FILE]              open a league (a running Dugout gets it); with none, the last league
dugout --demo                     open the bundled demo league
dugout --screenshot OUT.png [LEAGUE_FILE|--demo] [--page TITLE]
                                  draw the window offscreen (on the page TITLE), save a PNG, exit 0
dugout print LEAGUE_FILE [--team NAME ...|--all] [--table] [--contracts] [--referees] -o OUT.pdf
dugout export LEAGUE_FILE -o OUT.json     dugout import IN.json -o NEW.dugout
dugout check LEAGUE_FILE|URL [--repair]
                                  Check League; exit 1 if problems remain
dugout --database postgresql://USER@HOST/DB
                                  open a shared league (PostgreSQL; needs `pip install 'dugout[postgres]'`)
dugout copy SOURCE DEST           a league between a file and a server (either way), every row and id
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

# Batch commands: name -> module:function taking argv and returning an exit code. Imported lazily.
COMMANDS: dict[str, str] = {
    "print": "ui.printing.commands:print_main",
    "export": "ui.printing.commands:export_main",
    "import": "ui.printing.commands:import_main",
    "check": "roster_app.commands.check:main",
    "copy": "roster_app.commands.copy:main",
    "publish": "roster_app.commands.publish:main",
    "import-teams": "roster_app.commands.import_teams:main",
}


def _gui_parser() -> argparse.ArgumentParser:
    from roster_app.i18n import _

    parser = argparse.ArgumentParser(
        prog="dugout", description=_("Dugout: the Blood Bowl league commissioner's desk.")
    )
    from roster_app import __version__

    parser.add_argument("--version", action="version", version=f"Dugout {__version__}")
    parser.add_argument("league", nargs="?", help=_("a league file (.dugout) to open"))
    parser.add_argument("--demo", action="store_true", help=_("open the bundled demo league"))
    parser.add_argument(
        "--database", metavar="URL", help=_("open a shared league: postgresql://USER@HOST/DATABASE (PostgreSQL)")
    )
    parser.add_argument("--read-only", action="store_true", help=_("open the league without changing it"))
    parser.add_argument(
        "--screenshot", metavar="OUT.png", help=_("draw the window offscreen, save it as a PNG and exit")
    )
    parser.add_argument("--page", metavar="TITLE", help=_("show the league page TITLE (e.g. Contracts) first"))
    if COMMANDS:
        parser.epilog = _("Batch commands: ") + ", ".join(f"dugout {name} --help" for name in COMMANDS)
    return parser


def _command(name: str) -> Callable[[list[str]], int]:
    module, function = COMMANDS[name].split(":")
    return getattr(__import__(module, fromlist=[function]), function)


def _everyday_start(argv: list[str]) -> tuple[str | None, bool] | None:
    """`dugout`, `dugout --demo`, `dugout FILE`: what the parser would make of them, without parsing (argparse's
    messages import `locale` through gettext, ~2 ms of CPU before the first paint): (league, demo), or None."""
    if not argv or argv == ["--demo"]:
        return None, bool(argv)
    if len(argv) == 1 and not argv[0].startswith("-"):
        return argv[0], False
    return None


def _speak_chosen_language(command: str | None = None) -> None:
    """A batch command, or the options' help, in the language Preferences chose (else the system's: LANGUAGE, LANG)
    before any of its words are written; `dugout print` and `publish` in the printouts' language if one is chosen.
    The window's start does the same after its QApplication (start.py)."""
    from roster_app import i18n
    from ui.kit.language import PRINT_KEY, stored, user_settings, window_language

    settings = user_settings()
    printed = stored(settings, PRINT_KEY) if command in ("print", "publish") else None
    i18n.set_language(printed or window_language(settings))


def main(argv: list[str] | None = None) -> int:
    from roster_app.commands.collector import pace_collector

    pace_collector()  # the collector's pace for every command and the window
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        _speak_chosen_language(argv[0])
        return _command(argv[0])(argv[1:])
    everyday = _everyday_start(argv)
    if everyday is not None:
        from ui.app.start import run_gui

        return run_gui(league=everyday[0], demo=everyday[1], screenshot=None)
    _speak_chosen_language()
    args = _gui_parser().parse_args(argv)
    if sum(bool(x) for x in (args.demo, args.league, args.database)) > 1:
        from roster_app.i18n import _

        print(_("dugout: give one league: a file, --database URL or --demo."), file=sys.stderr)
        return 2
    from ui.app.start import run_gui

    league = args.database or args.league
    return run_gui(
        league=league, demo=args.demo, screenshot=args.screenshot, read_only=args.read_only, page=args.page
    )


if __name__ == "__main__":
    sys.exit(main())
