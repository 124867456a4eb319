"""`dugout import-teams FILE... --into LEAGUE --by NAME`: teams from OBBLM/NAFLM (team import XML, the BOTOCS team
export) and BattleScribe (.ros, .rosz) brought into a league (issue 38).

It prints the preview: each team and player as they will be, what cannot come across, and the names it had to
guess. A guess is confirmed on the command line, so nothing is written until the commissioner has said yes:
  --accept-guesses              every guess as shown
  --map KIND:NAME=CHOICE        one guess answered: skill:Stiff Arm=Fend, skill:Stiff Arm= (leave it out),
                                race:Bretonnian=Human, position:Skaven/Blitzer=Skaven Storm Vermin (RACE/NAME: the
                                league's race, the file's position); repeat it for each
  --mapping FILE                a text file of such answers, one a line (# starts a comment), kept for next time
A file (or a team) that cannot come is refused in words naming the file and the row: then nothing is imported,
unless --skip-refused imports the others and lists the refused ones.

Exit codes: 0 imported (or previewed with --preview), 1 refused (nothing written), 3 guesses to confirm (nothing
written).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from roster_app.errors import DugoutError
from roster_app.exchange.foreign import FORMATS, Preview, plan_import, read_team_files
from roster_app.exchange.foreign.plan import GuessKey
from roster_app.i18n import _
from roster_app.words import count

GUESSES_LEFT = 3


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dugout import-teams",  # i18n: keep (the command's name)
        description=_(
            "Bring teams from OBBLM/NAFLM or BattleScribe into a league, as if created now. Reads: {formats}."
        ).format(formats="; ".join(_(f) for f in FORMATS)),
        epilog=_(
            "Confirm guessed names with --accept-guesses, or answer each with --map KIND:NAME=CHOICE (KIND: race, "
            "position, skill; a position is RACE/NAME; an empty CHOICE leaves a skill out) or --mapping FILE."
        ),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help=_("team files: .xml, .ros or .rosz"))
    parser.add_argument(
        "--into", required=True, metavar="LEAGUE", help=_("the league file (or postgresql:// URL)")
    )
    parser.add_argument(
        "--by", metavar="NAME", default="", help=_("the commissioner who imports (signs the history)")
    )
    parser.add_argument("--accept-guesses", action="store_true", help=_("confirm every guessed name as shown"))
    parser.add_argument(
        "--map", action="append", default=[], metavar="KIND:NAME=CHOICE", help=_("answer one guess")
    )
    parser.add_argument("--mapping", metavar="FILE", help=_("a file of KIND:NAME=CHOICE lines"))
    parser.add_argument(
        "--skip-refused", action="store_true", help=_("import the others when a file or team is refused")
    )
    parser.add_argument("--preview", action="store_true", help=_("print the preview and write nothing"))
    return parser


def parse_answer(text: str) -> tuple[GuessKey, str | None]:
    """'skill:Stiff Arm=Fend' -> (('skill', '', 'Stiff Arm'), 'Fend'); 'position:Skaven/Blitzer=' -> ..., None."""
    kind, colon, rest = text.partition(":")
    name, equals, choice = rest.partition("=")
    kind = kind.strip().lower()
    if not colon or not equals or kind not in ("race", "position", "skill") or not name.strip():
        raise DugoutError(_("'{text}' is not an answer: write KIND:NAME=CHOICE, KIND race, position or skill (e.g. skill:Stiff " "Arm=Fend, position:Skaven/Blitzer=Skaven Storm Vermin).").format(text=text))  # fmt: skip
    context = ""
    if kind == "position":
        context, slash, name = name.partition("/")
        if not slash:
            raise DugoutError(
                _("'{text}': a position is answered as position:RACE/NAME=CHOICE.").format(text=text)
            )
    return (kind, context.strip(), name.strip()), (choice.strip() or None)


def _answers(args: argparse.Namespace) -> dict[GuessKey, str | None]:
    lines = list(args.map)
    if args.mapping:
        try:
            text = Path(args.mapping).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DugoutError(
                _("The mapping file {mapping} cannot be read ({exc}).").format(mapping=args.mapping, exc=exc)
            ) from None
        lines += [ln.split("#", 1)[0].strip() for ln in text.splitlines()]
    return dict(parse_answer(line) for line in lines if line)


def _check_answers(preview: Preview, answers: dict[GuessKey, str | None]) -> None:
    guesses = {g.key: g for g in preview.guesses}
    for key, choice in answers.items():
        kind, context, name = key
        shown = f"{kind}:{context + '/' if context else ''}{name}"
        if key not in guesses:
            raise DugoutError(
                _("'{shown}' answers no guess of this import (the guesses are listed above).").format(shown=shown)
            )
        if choice is not None and choice not in guesses[key].options:
            raise DugoutError(_("'{choice}' is not a {kind} of the league for '{shown}'; it has: {items}.").format(choice=choice, kind=kind, shown=shown, items=', '.join(guesses[key].options)))  # fmt: skip
        if choice is None and kind != "skill":
            raise DugoutError(
                _("'{shown}' needs a {kind} of the league (only a skill can be left out).").format(
                    shown=shown, kind=kind
                )
            )


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    from roster_app.queries.rosters import teams as league_teams
    from roster_app.safety.opening import open_database

    try:
        answers = _answers(args)
        db = open_database(args.into)
    except DugoutError as exc:
        print(_("dugout import-teams: {exc}").format(exc=exc), file=sys.stderr)
        return 1
    try:
        if db.read_only:
            raise DugoutError(db.read_only_reason or _("The league is open read-only."))
        files = read_team_files(args.files, db.ruleset)
        taken = [t.name for t in league_teams(db)]
        preview = plan_import(files, db.ruleset, choices=answers, taken=taken)
        if args.accept_guesses:
            answers = {**{g.key: g.proposal for g in preview.guesses}, **answers}
            preview = plan_import(files, db.ruleset, choices=answers, taken=taken)
        print(preview.text())
        _check_answers(preview, answers)
        return _finish(db, preview, args)
    except DugoutError as exc:
        print(_("dugout import-teams: {exc}").format(exc=exc), file=sys.stderr)
        return 1
    finally:
        db.close()


def _finish(db, preview: Preview, args: argparse.Namespace) -> int:
    if preview.refused and not args.skip_refused:
        print(_("\nNothing was imported: {count} refused (above). Put them right, or import the others with " "--skip-refused.").format(count=count(len(preview.refused), 'file or team', 'files or teams')), file=sys.stderr)  # fmt: skip
        return 1
    if preview.unconfirmed:
        print(_("\nNothing was imported: {count} to confirm (above). Run again with --accept-guesses, or answer each " "with --map KIND:NAME=CHOICE.").format(count=count(len(preview.unconfirmed), 'guessed name')), file=sys.stderr)  # fmt: skip
        return GUESSES_LEFT
    if not preview.teams:
        print(_("\nNothing was imported: no team can come."), file=sys.stderr)
        return 1
    if args.preview:
        print(_("\nPreview only: {count} would be imported.").format(count=count(len(preview.teams), "team")))
        return 0
    if not args.by.strip():
        print(
            _(
                "\nNothing was imported: name the commissioner who imports with --by NAME (the history rows are "
                "signed)."
            ),
            file=sys.stderr,
        )
        return 1
    from roster_app.safety.backups import backup_open_league
    from roster_app.services.foreign_teams import import_teams

    backup_open_league(db, reason="before import")
    import_teams(db, teams=[t.as_dict() for t in preview.teams], made_by=args.by)
    names = ", ".join(t.name for t in preview.teams)
    print(
        _("\nImported {count} into {location}: {names}.").format(
            count=count(len(preview.teams), "team"), location=db.location, names=names
        )
    )
    if preview.refused:
        print(_("Not imported (refused): {items}").format(items="; ".join(str(r) for r in preview.refused)))
    return 0
