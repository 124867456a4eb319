"""What a team may do at each moment of the post-match sequence (the league's clock, seed 001), and where it
stands, in words. Plain rules: roster_app.queries.clock reads where each team stands (`moment`, `require`);
the views that say when a thing can be done import this without the ORM (tests/ui/app/test_start_path.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _
from roster_app.rules.postmatch import STEP_TITLES, STEPS
from roster_app.words import possessive


class Act(StrEnum):
    """The things the clock times, each at one step of the post-match sequence."""

    RESERVES = "reserve affairs"
    CONTRACTS = "contracts"
    TRANSFERS = "transfers"
    PURCHASES = "purchases"


# The step each act waits for: the team's next step of the sequence must be this one. Transfers (4.2) have no
# step of their own: they are made once 4.1 is written and before 4.3 is, the same gap as 4.3's purchases.
AT_STEP = {
    Act.RESERVES: "affairs",
    Act.CONTRACTS: "affairs",
    Act.TRANSFERS: "purchases",
    Act.PURCHASES: "purchases",
}

WHEN = {  # marked N_(): shown through _()
    Act.RESERVES: N_(
        "Reserve affairs are dealt with at the start of purchases in the post-match sequence (step 4.1)"
    ),
    Act.CONTRACTS: N_("Contracts are signed at the start of purchases in the post-match sequence (step 4.1)"),
    Act.TRANSFERS: N_(
        "Transfers are made in the purchases of the post-match sequence, after contracts and before "
        "new players (step 4.2)"
    ),
    Act.PURCHASES: N_("New players and staff are bought in the purchases of the post-match sequence (step 4.3)"),
}


@dataclass(frozen=True)
class Moment:
    """Where one team stands now."""

    team_id: int
    team: str
    created: bool  # the team has not played a match yet: it is being created
    match_id: int | None = None  # the match whose post-match sequence the team is in; None: none is open
    match: str = ""  # that match, in words
    next_step: str | None = None  # the team's next step of that sequence (a key of STEPS)
    order: tuple[str, ...] = STEPS  # the league's steps in its edition's order (rules.postmatch.sequence)
    titles: Mapping[str, str] = field(default_factory=lambda: STEP_TITLES)  # each step as the edition words it

    def allows(self, act: Act) -> bool:
        if act == Act.PURCHASES and self.created:
            return True
        return self.match_id is not None and self.next_step == AT_STEP[act]

    def refusal(self, act: Act) -> str | None:
        """Why the team cannot do `act` now, with when it can; None when it can."""
        if self.allows(act):
            return None
        if self.match_id is None:
            return _("{when}: after {owner} next match.").format(
                when=_(WHEN[act]), owner=possessive(self.team), name=self.team
            )
        at = self.order.index(self.next_step)
        if at < self.order.index(AT_STEP[act]):
            first, last = self.titles[self.order[at]].split()[0].rstrip("."), _before(act, self.order, self.titles)
            come = (
                _("step {first} comes").format(first=first)
                if first == last
                else _("steps {first} to {last} come").format(first=first, last=last)
            )
            words = step_words(self.next_step, self.titles)
            return _(
                "{when}. {team} are at {step_words} of the post-match sequence of {match}: {come} first."
            ).format(when=_(WHEN[act]), team=self.team, step_words=words, match=self.match, come=come)
        return _(
            "{when}. {team} are past it in the post-match sequence of {match} (next: {step_words}): after the "
            "team's next match."
        ).format(
            when=_(WHEN[act]), team=self.team, match=self.match, step_words=step_words(self.next_step, self.titles)
        )

    def check(self, act: Act) -> None:
        problem = self.refusal(act)
        if problem:
            raise RuleViolation(problem)

    @property
    def where(self) -> str:
        """The team's place in the league's timeline, in words (for the tabs that lead into the sequence)."""
        if self.match_id is None:
            return _("being created: it buys its squad") if self.created else _("between matches")
        return _("at {step_words} of the post-match sequence of {match}").format(
            step_words=step_words(self.next_step, self.titles), match=self.match
        )


def step_words(step: str, titles: Mapping[str, str] = STEP_TITLES) -> str:
    """ "step 4.3 (new players and staff)" for a step of STEPS (as the league's edition words it), to use inside a
    sentence."""
    number, title = _(titles.get(step) or STEP_TITLES[step]).split(" ", 1)
    return _("step {number} ({title})").format(number=number.rstrip("."), title=title[0].lower() + title[1:])


def _before(act: Act, order: tuple[str, ...] = STEPS, titles: Mapping[str, str] = STEP_TITLES) -> str:
    step = order[order.index(AT_STEP[act]) - 1]
    return titles[step].split()[0].rstrip(".")
