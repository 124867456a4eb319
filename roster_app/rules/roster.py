"""What a roster may hold: hiring limits, characteristic bounds, skills a position may take."""

from __future__ import annotations

import re
from collections.abc import Iterable

from roster_app import words
from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.rules.ruleset import STATS, Position, Ruleset, default_ruleset
from roster_app.words import count

STAT_NAMES = {"ma": "MA", "st": "ST", "ag": "AG", "av": "AV"}
STAT_SPREAD = 2  # a characteristic moves at most 2 from the position's value (Star Player Table, Rookie Table)


def gp(amount: int) -> str:
    """Gold as the commissioner writes it: 10,000 gp (words.gp, kept here for the rules' callers)."""
    return words.gp(amount)


def position_label(race: str, position: str) -> str:
    """'Orc Blitzer' for a Blitzer of the Orc list; a name that already says its race is kept ("Black Orc
    Blocker", not "Orc Black Orc Blocker")."""
    return position if re.search(rf"\b{re.escape(race)}\b", position, re.IGNORECASE) else f"{race} {position}"


def check_roster_room(active_players: int, ruleset: Ruleset | None = None, *, adding: int = 1) -> None:
    limit = (ruleset or default_ruleset()).table("team_rules")["max_players"]
    if active_players + adding > limit:
        raise RuleViolation(
            _("A team has at most {limit} players; this one already has {active_players}.").format(
                limit=limit, active_players=active_players
            )
        )


def players_to_play(ruleset: Ruleset) -> int:
    """The fewest players a team takes to a match (11; a league copy older than the entry has none)."""
    return ruleset.table("team_rules").get("min_players_to_play", 11)


def check_position_limit(position: Position, already: int) -> None:
    if already >= position.max:
        raise RuleViolation(
            _("A {race} team may have at most {count}; this team already has {already}.").format(
                race=position.race, count=count(position.max, position.name), already=already
            )
        )


def check_affordable(treasury: int, cost: int, what: str) -> None:
    if cost > treasury:
        raise RuleViolation(
            _("{what} costs {gold}, but the treasury holds only {gold2}.").format(
                what=what, gold=gp(cost), gold2=gp(treasury)
            )
        )


def stat_bounds(position: Position, stat: str) -> tuple[int, int]:
    base = position.stat(stat)
    return max(1, base - STAT_SPREAD), min(10, base + STAT_SPREAD)


def check_stat(position: Position, stat: str, value: int) -> None:
    if stat not in STATS:
        raise RuleViolation(_("'{stat}' is not a characteristic.").format(stat=stat))
    low, high = stat_bounds(position, stat)
    if not isinstance(value, int) or not low <= value <= high:
        raise RuleViolation(
            _(
                "{stat_names} for a {name} can be from {low} to {high} (the position starts at {stat}; a "
                "characteristic never moves more than {stat_spread} from it, nor below 1)."
            ).format(
                stat_names=STAT_NAMES[stat],
                name=position.name,
                low=low,
                high=high,
                stat=position.stat(stat),
                stat_spread=STAT_SPREAD,
            )
        )


def skill_choices(
    position: Position, has: Iterable[str], ruleset: Ruleset | None = None, *, double: bool = True
) -> list[tuple[str, str, bool]]:
    """Skills the position may take as (name, category, needs_double), skipping those it already has."""
    ruleset = ruleset or default_ruleset()
    owned = set(has) | set(position.skills)
    selectable = set(ruleset.table("skills")["selectable"])
    out = []
    for skill in ruleset.table("skills")["skills"]:
        name, category = skill["name"], skill["category"]
        if name in owned or category not in selectable:
            continue
        if category in position.normal:
            out.append((name, category, False))
        elif double and category in position.double:
            out.append((name, category, True))
    return out


def check_skills(position: Position, skills: list[str], ruleset: Ruleset | None = None) -> None:
    """Refuse skills the position may not take (even on a double), unknown skills and duplicates."""
    ruleset = ruleset or default_ruleset()
    categories = ruleset.skill_categories
    seen: set[str] = set()
    for name in skills:
        if name in seen or name in position.skills:
            raise RuleViolation(_("{name} is already on the player's card.").format(name=name))
        seen.add(name)
        category = categories.get(name)
        if category is None:
            raise RuleViolation(_("'{name}' is not a skill in this league's skill list.").format(name=name))
        if category not in position.normal and category not in position.double:
            raise RuleViolation(
                _("A {name} may not take {name2}: {category} skills are not open to the position.").format(
                    name=position.name, name2=name, category=category
                )
            )


def hire_problem(
    position: Position, *, on_roster: int, already: int, treasury: int, ruleset: Ruleset | None = None
) -> str | None:
    """Why this position cannot be hired now (roster full, position full, not enough gold), or None."""
    try:
        check_roster_room(on_roster, ruleset)
        check_position_limit(position, already)
        check_affordable(treasury, position.cost, f"A {position.name}")
    except RuleViolation as exc:
        return str(exc)
    return None
