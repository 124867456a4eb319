"""Contracts counted in seasons (reserve-teams article): cost, who may sign, and the tally."""

from __future__ import annotations

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _
from roster_app.rules.roster import gp
from roster_app.rules.ruleset import Position, Ruleset, default_ruleset
from roster_app.rules.spp import star_player_rolls
from roster_app.words import count


def _terms(ruleset: Ruleset | None) -> dict:
    return (ruleset or default_ruleset()).table("contracts")


def check_length(seasons: int, ruleset: Ruleset | None = None) -> None:
    terms = _terms(ruleset)
    if not isinstance(seasons, int) or isinstance(seasons, bool):
        raise RuleViolation(_("A contract's length is a whole number of seasons."))
    if seasons < terms["min_seasons"]:
        raise RuleViolation(
            _("A contract lasts at least {min_seasons} season(s); {seasons} is too short.").format(
                min_seasons=terms["min_seasons"], seasons=seasons
            )
        )
    if seasons > terms["max_seasons"]:
        raise RuleViolation(
            _("A contract lasts at most {max_seasons} seasons; {seasons} seasons is too long.").format(
                max_seasons=terms["max_seasons"], seasons=seasons
            )
        )


def contract_cost_for_rolls(rolls: int, seasons: int, ruleset: Ruleset | None = None) -> int:
    check_length(seasons, ruleset)
    return rolls * seasons * _terms(ruleset)["cost_per_roll_per_season"]


def contract_cost(spp: int, seasons: int, ruleset: Ruleset | None = None) -> int:
    """Gold for a contract of `seasons` for a player with `spp` SPP, paid at signing.

    1,000 gp per star player roll per season: 126 SPP (5 rolls) for 2 seasons costs 10,000 gp.
    More than 5 seasons (or fewer than 1) raises RuleViolation.
    """
    return contract_cost_for_rolls(star_player_rolls(spp, ruleset), seasons, ruleset)


def seasons_left(length: int, served: int) -> int:
    return max(0, length - served)


def tally_marks(served: int, length: int) -> str:
    """Seasons served as tally marks, e.g. '||| of 5'."""
    return _("{marks} of {length}").format(marks="|" * served or "-", length=length)


def contract_state(length: int, served: int) -> str:
    """running / final season / expired, from the tally."""
    left = seasons_left(length, served)
    if left <= 0:
        return N_("expired")  # a key the contracts page colours by: shown through _()
    return N_("final season") if left == 1 else N_("running")


def length_range(ruleset: Ruleset | None = None) -> tuple[int, int]:
    """The shortest and longest contract the league allows, in seasons."""
    terms = _terms(ruleset)
    return terms["min_seasons"], terms["max_seasons"]


def length_problem(seasons: int, ruleset: Ruleset | None = None) -> str | None:
    try:
        check_length(seasons, ruleset)
    except RuleViolation as exc:
        return str(exc)
    return None


def sign_problem(
    *,
    name: str,
    spp: int,
    position: Position | None,
    on_roster: bool,
    running: tuple[int, int] | None,
    treasury: int,
    seasons: int,
    ruleset: Ruleset | None = None,
) -> str | None:
    """Why the player cannot sign a contract of `seasons` now, in plain words, or None when he can.

    `running` is (length, served) of a contract still running, None for a free agent. The reasons, in the
    order a commissioner checks them: off the roster, a Star Player, a Rookie, already under contract,
    a length outside the league's limits, not enough gold.
    """
    if not on_roster:
        return _("{name} is not on a team's roster, so he cannot sign a contract.").format(name=name)
    if position is not None and position.is_star_player:
        return _(
            "{name} is a Star Player: Star Players never sign contracts (they take a share of the gate)."
        ).format(name=name)
    rolls = star_player_rolls(spp, ruleset)
    if rolls < 1:
        return _(
            "{name} is a Rookie ({spp} SPP, no star player roll yet): a player signs a contract only once he has "
            "at least one star player roll."
        ).format(name=name, spp=spp)
    if running is not None:
        length, served = running
        return _(
            "{name} is already under contract ({tally_marks}, {contract_state}); a contract can be renewed only "
            "when it has ended."
        ).format(name=name, tally_marks=tally_marks(served, length), contract_state=contract_state(length, served))
    problem = length_problem(seasons, ruleset)
    if problem:
        return problem
    cost = contract_cost_for_rolls(rolls, seasons, ruleset)
    if cost > treasury:
        return _(
            "A {seasons}-season contract for {name} costs {gold} ({count}), but the treasury holds only {gold2}."
        ).format(
            seasons=seasons, name=name, gold=gp(cost), count=count(rolls, "star player roll"), gold2=gp(treasury)
        )
    return None
