"""Errors a commissioner can act on, kept apart from bugs.

Every exception here carries a message in plain words; the GUI and the command line show it as is.
Anything else that escapes a service is a bug and goes to the log with its traceback.
"""

from roster_app.i18n import N_, _


class DugoutError(Exception):
    """Base class: the message is meant for the commissioner."""


class RuleViolation(DugoutError):
    """The rules (or the league's house rules) forbid this change; nothing was written."""


class NotFound(DugoutError):
    """A team, player or other record asked for does not exist (any more)."""


class LeagueFileError(DugoutError):
    """A file cannot be opened or created as a Dugout league; the file was left untouched."""


class ReadOnlyLeague(DugoutError):
    """The league is open read-only, so nothing can be changed."""


class UndoConflict(DugoutError):
    """An undo or redo step no longer matches the league (changed since); nothing was written."""


class RulesetError(DugoutError):
    """A ruleset table is broken. Names the file (or table), the entry and the problem."""

    def __init__(self, where: str, entry: str, problem: str):
        self.where, self.entry, self.problem = where, entry, problem
        super().__init__(
            _("{where}: {entry}: {problem}").format(where=where, entry=entry, problem=problem)
            if entry
            else _("{where}: {problem}").format(where=where, problem=problem)
        )


class LeagueInUse(DugoutError):
    """Another Dugout holds the league for writing; `holder` says who (None if it cannot be read)."""

    def __init__(self, message: str, holder: object = None):
        super().__init__(message)
        self.holder = holder


class InterruptedSave(LeagueFileError):
    """The league was being saved when Dugout (or the computer) stopped: SQLite's journal must be rolled back."""


CHANGED_MEANWHILE = N_("changed by someone else - reload")  # the words every stale edit is refused with


class ChangedMeanwhile(DugoutError):
    """Someone else changed the row meanwhile (a shared league); nothing was written.

    `retry` is True when the clash happened inside one transaction (two commissioners at the same moment):
    running the service again on the fresh rows is safe, and LeagueDB.run does it. An edit based on what a
    screen showed earlier (an old row version) is never retried: the commissioner must see the new row first.
    """

    def __init__(self, what: str | None = None, *, retry: bool = False):
        super().__init__(
            _("{what} was {changed} and try again. Nothing was changed.").format(
                what=_("This") if what is None else what, changed=_(CHANGED_MEANWHILE)
            )
        )
        self.retry = retry


class ServerError(LeagueFileError):
    """The league's database server cannot be reached or refused the request; the message says why."""


class CopyRefused(DugoutError):
    """The league cannot be copied there; the message says why. Nothing was written."""
