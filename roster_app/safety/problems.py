"""What Check League finds: a problem in words (with its repair, where one is safe), the report of them all, and
what each check reads (the session and the league's ruleset). The checks live in roster_app.safety.check and
roster_app.safety.explained."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from sqlmodel import Session

from roster_app.i18n import _
from roster_app.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Problem:
    code: str  # a short key: treasury, status, contract, spp, ruleset, link, file ...
    text: str  # what is wrong, in plain words
    repair: str | None = None  # what a repair does; None when no repair is safe
    fix: Callable[[Session], None] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Report:
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def repairable(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.fix is not None)

    def text(self) -> str:
        if self.ok:
            return _("No problems found: the league is sound.")
        lines = [_("{n} problem(s) found:").format(n=len(self.problems))]
        for p in self.problems:
            lines.append(f"- {p.text}")
            lines.append(
                _("    Repair: {repair}").format(repair=p.repair)
                if p.repair
                else _("    Not repaired automatically: decide by hand.")
            )
        return "\n".join(lines)


@dataclass
class Ctx:
    session: Session
    ruleset: Ruleset


Check = Callable[[Ctx], Iterator[Problem]]
