"""A season's competitions as pure functions: the formats, a knock-out bracket (seeds, byes, round names),
a draw from dice, Swiss pairings and how a level knock-out game is decided (the league's "knockout" table).

Seed 001 measures a contract in seasons, and a season is "the time it takes to complete all league fixtures
and open tournaments once"; the league fixtures are one competition, each open tournament another.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _
from roster_app.rules.dice import DiceSpec
from roster_app.rules.ruleset import Ruleset

# A fixture's stage (a stored key) in the commissioner's words: the window's tables and the printouts show it so.
STAGE_WORDS = {
    "league": N_("league"),
    "friendly": N_("friendly"),
    "semi-final": N_("semi-final"),
    "final": N_("final"),
}


# the stored stages of a knock-out's rounds (round_name), their words marked N_() and shown through stage_words
ROUND_WORDS = {
    "quarter-final": N_("quarter-final"),
    "third-place game": N_("third-place game"),
    "first round": N_("first round"),
    "second round": N_("second round"),
    "third round": N_("third round"),
    "fourth round": N_("fourth round"),
    "fifth round": N_("fifth round"),
    "sixth round": N_("sixth round"),
    "seventh round": N_("seventh round"),
    "eighth round": N_("eighth round"),
    "ninth round": N_("ninth round"),
    "tenth round": N_("tenth round"),
}


def stage_words(stage: str | None) -> str:
    """A stage as the commissioner reads it: "final", "quarter-final", "round 12", "Swiss round 3" in the
    language (an unknown one as stored)."""
    if stage in STAGE_WORDS:
        return _(STAGE_WORDS[stage])
    if stage in ROUND_WORDS:
        return _(ROUND_WORDS[stage])
    numbered = re.fullmatch(r"(Swiss )?round (\d+)", stage or "")
    if numbered:
        number = int(numbered.group(2))
        return (_("Swiss round {number}") if numbered.group(1) else _("round {number}")).format(number=number)
    return stage or ""


T = TypeVar("T", bound=Hashable)

FORMATS = {  # the stored formats, their words marked N_(): shown through _()
    "league": N_("league fixtures"),
    "knockout": N_("knock-out cup"),
    "playoffs": N_("playoffs"),
    "swiss": N_("Swiss rounds"),
}
KNOCKOUTS = ("knockout", "playoffs")  # formats whose games cannot end level
SEEDINGS = {  # marked N_(): shown through _()
    "draw": N_("drawn with the app's dice"),
    "dice": N_("drawn with dice typed in"),
    "table": N_("seeded by the league table"),
    "rating": N_("seeded by team rating"),
    "hand": N_("seeded by hand"),
}
THIRD_PLACE = "third-place game"  # i18n: key (a stored stage)
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def check_entrants(teams: Sequence[T], what: str | None = None) -> None:
    """Two teams at least, none twice."""
    if len(teams) < 2:
        raise RuleViolation(
            _("{what} needs at least two teams; a tournament of one team has no games.").format(
                what=what or _("A tournament")
            )
        )
    if len(set(teams)) != len(teams):
        raise RuleViolation(_("A team cannot be entered twice in one tournament."))


# -- a knock-out bracket ---------------------------------------------------------------------------
def bracket_size(entrants: int) -> int:
    """The places in the first round: the smallest power of two that holds every entrant."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def rounds_of(entrants: int) -> int:
    """How many rounds a knock-out of `entrants` teams takes (the final is the last)."""
    return bracket_size(entrants).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds in bracket order, so that 1 and 2 can only meet in the final (8: 1 8 4 5 2 7 3 6)."""
    order = [1, 2]
    while len(order) < size:
        order = [seed for s in order for seed in (s, 2 * len(order) + 1 - s)]
    return order[:size]


def first_round(seeded: Sequence[T]) -> list[tuple[T | None, T | None]]:
    """The first round's ties, the teams given best seed first: a place beyond the entrants is a bye, and the
    byes go to the top seeds (two byes never meet)."""
    check_entrants(seeded)
    order = seed_order(bracket_size(len(seeded)))
    team = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    return [(team[i], team[i + 1]) for i in range(0, len(team), 2)]


def byes_in(entrants: int) -> int:
    return bracket_size(entrants) - entrants


def round_name(number: int, total: int) -> str:
    """first round, second round ... quarter-final, semi-final, final."""
    from_end = total - number
    if from_end == 0:
        return "final"
    if from_end == 1:
        return "semi-final"
    if from_end == 2:
        return "quarter-final"
    return f"{ORDINALS[number - 1]} round" if number <= len(ORDINALS) else f"round {number}"


def stage_of(number: int, total: int, *, third_place: bool = False) -> str:
    """The match's stage word (the gate table's semi-final and final bonuses read it)."""
    return THIRD_PLACE if third_place else round_name(number, total)


def next_place(position: int) -> tuple[int, bool]:
    """Where the winner of tie `position` plays in the next round: (its position, at home)."""
    return position // 2, position % 2 == 0


# -- the draw --------------------------------------------------------------------------------------
def draw_dice(entrants: int) -> list[int]:
    """The dice of a draw from a hat: a die of as many faces as teams are left, for every pick but the last."""
    return list(range(entrants, 1, -1))


def drawn(teams: Sequence[T], faces: Sequence[int]) -> list[T]:
    """The teams in the order the dice drew them: each face picks from the teams not drawn yet (1 = the first
    of them in the order entered)."""
    check_entrants(teams)
    sides = draw_dice(len(teams))
    if len(faces) != len(sides):
        raise RuleViolation(
            _("A draw of {n} teams takes {n2} dice (D{sides} down to D2); {n3} were given.").format(
                n=len(teams), n2=len(sides), sides=sides[0], n3=len(faces)
            )
        )
    left, order = list(teams), []
    for face, size in zip(faces, sides, strict=True):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= size:
            raise RuleViolation(
                _("A D{size} shows 1 to {size}; {face} cannot be right.").format(size=size, face=face)
            )
        order.append(left.pop(face - 1))
    return [*order, *left]


def roll_draw(entrants: int, rng: random.Random | None = None) -> list[int]:
    rng = rng or random.SystemRandom()
    return [rng.randint(1, size) for size in draw_dice(entrants)]


# -- Swiss rounds ----------------------------------------------------------------------------------
def swiss_rounds_needed(entrants: int) -> int:
    """The rounds that leave one team unbeaten (a Swiss open's usual length)."""
    return max(1, rounds_of(entrants))


SWISS_SEARCHED = 12  # up to this many teams a Swiss open may last until everyone has met (its pairing searched)


def swiss_most_rounds(entrants: int) -> int:
    """The most Swiss rounds of `entrants` teams: until everyone has met, for a small open (each pairing chosen
    so the later rounds stay possible); for a larger one, as many as half the field, which any pairing leaves
    possible (Dirac's theorem) without searching a season of pairings."""
    if entrants <= SWISS_SEARCHED:
        return entrants - 1
    return entrants // 2 if entrants % 2 == 0 else (entrants - 1) // 2


def swiss_pairs(
    standing: Sequence[T], played: set[frozenset[T]], had_bye: set[T], rounds_left: int = 0
) -> tuple[list[tuple[T, T]], T | None]:
    """The next Swiss round: (pairs, the team with a bye). Teams are paired down the standing (best first), none
    meets a team it has met; with an odd number the lowest team without a bye yet sits out. Of the pairings in
    that order, the first that leaves `rounds_left` more rounds possible without a rematch: six teams paired
    greedily for three rounds can leave two triangles, where a fourth round has no pairing at all."""
    check_entrants(standing, _("Swiss rounds"))
    teams = list(standing)
    for pairs, bye in _pairings(teams, played, had_bye):
        after = played | {frozenset(pair) for pair in pairs}
        if _possible(teams, after, had_bye | ({bye} if bye is not None else set()), rounds_left):
            return pairs, bye
    raise RuleViolation(_("No Swiss round is possible without a rematch: every pairing has been played."))


def _pairings(
    teams: list[T], played: set[frozenset[T]], had_bye: set[T]
) -> Iterator[tuple[list[tuple[T, T]], T | None]]:
    """Every round's pairing in the standing's order of preference (and its bye with an odd number)."""
    if len(teams) % 2 == 0:
        for pairs in _pair(teams, played):
            yield pairs, None
        return
    free = [t for t in reversed(teams) if t not in had_bye] or list(reversed(teams))
    for candidate in free:  # the lowest who can sit out and leave the rest paired without a rematch
        for pairs in _pair([t for t in teams if t != candidate], played):
            yield pairs, candidate


def _pair(teams: list[T], played: set[frozenset[T]]) -> Iterator[list[tuple[T, T]]]:
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for index, other in enumerate(rest):  # the nearest in the standing first
        if frozenset((first, other)) in played:
            continue
        for tail in _pair(rest[:index] + rest[index + 1 :], played):
            yield [(first, other), *tail]


def _possible(teams: list[T], played: set[frozenset[T]], had_bye: set[T], rounds_left: int) -> bool:
    """`rounds_left` more rounds can be paired without a rematch (and a second bye). Sure at once while every
    team has unmet opponents enough for Dirac's theorem (a graph whose every vertex meets half of it has a
    perfect matching), else searched."""
    if rounds_left <= 0:
        return True
    odd = len(teams) % 2
    unmet = min(sum(1 for o in teams if o != t and frozenset((t, o)) not in played) for t in teams)
    paired = len(teams) - odd
    if unmet - odd - (rounds_left - 1) >= paired / 2 and (not odd or len(set(teams) - had_bye) >= rounds_left):
        return True
    for pairs, bye in _pairings(teams, played, had_bye):
        after = played | {frozenset(pair) for pair in pairs}
        if _possible(teams, after, had_bye | ({bye} if bye is not None else set()), rounds_left - 1):
            return True
    return False


# -- a level knock-out game ------------------------------------------------------------------------
@dataclass(frozen=True)
class Decided:
    """How a knock-out game was decided: the score, after sudden-death overtime, after a roll-off."""

    overtime: bool = False
    roll_off: tuple[int, int] | None = None  # the home and the away face

    def as_data(self) -> dict:
        data: dict = {}
        if self.overtime:
            data["overtime"] = True
        if self.roll_off is not None:
            data["roll_off"] = list(self.roll_off)
        return data


def roll_off_dice(ruleset: Ruleset) -> DiceSpec:
    return DiceSpec.parse(ruleset.table("knockout")["roll_off"])


def roll_off(ruleset: Ruleset, rng: random.Random | None = None) -> tuple[int, int]:
    """The app's roll-off: each coach rolls until the faces differ."""
    rng = rng or random.SystemRandom()
    spec = roll_off_dice(ruleset)
    while True:
        home = sum(rng.randint(1, spec.sides) for _unused in range(spec.count))
        away = sum(rng.randint(1, spec.sides) for _unused in range(spec.count))
        if home != away:
            return home, away


def decide(
    ruleset: Ruleset, knockout: bool, home_score: int, away_score: int, overtime: bool,
    roll_off_faces: Sequence[int] | None,
) -> Decided:  # fmt: skip
    """Check how a game was decided against the league's rule; a knock-out game must have a winner."""
    rule = ruleset.table("knockout")
    if not knockout:
        if overtime or roll_off_faces is not None:
            raise RuleViolation(
                _("Only a knock-out game goes to overtime or a roll-off; this game may end level.")
            )
        return Decided()
    if overtime and not rule["overtime"]:
        raise RuleViolation(
            _("The league plays no overtime in its knock-out games (Rules: Level knock-out games).")
        )
    if home_score != away_score:
        if roll_off_faces is not None:
            raise RuleViolation(_("The game has a winner on the score; a roll-off decides only a level game."))
        return Decided(overtime=overtime)
    if rule["overtime"] and not overtime:
        raise RuleViolation(
            _(
                "A knock-out game cannot end level: at {home_score}-{away_score} it goes to sudden-death overtime "
                "(the league's rule). Report the score after overtime, and say it was played."
            ).format(home_score=home_score, away_score=away_score)
        )
    if roll_off_faces is None:
        raise RuleViolation(
            (
                _(
                    "The game is still level at {home_score}-{away_score} after overtime: a roll-off decides who goes "
                    "through. A winner cannot simply be typed."
                )
                if overtime
                else _(
                    "The game is still level at {home_score}-{away_score}: a roll-off decides who goes through. A "
                    "winner cannot simply be typed."
                )
            ).format(home_score=home_score, away_score=away_score)
        )
    faces = tuple(roll_off_faces)
    spec = roll_off_dice(ruleset)
    low, most = spec.lowest, spec.highest
    if len(faces) != 2 or any(
        not isinstance(f, int) or isinstance(f, bool) or not low <= f <= most for f in faces
    ):
        raise RuleViolation(
            _("A roll-off is one {roll_off} for each coach, each {low} to {most}.").format(
                roll_off=rule["roll_off"], low=low, most=most
            )
        )
    if faces[0] == faces[1]:
        raise RuleViolation(_("The roll-off is level at {faces} each; roll again.").format(faces=faces[0]))
    return Decided(overtime=overtime, roll_off=(faces[0], faces[1]))


def home_wins(home_score: int, away_score: int, decided: Decided | dict | None) -> bool | None:
    """True when the home team won (on the score, or the roll-off), False the away team, None level."""
    if home_score != away_score:
        return home_score > away_score
    faces = decided.roll_off if isinstance(decided, Decided) else (decided or {}).get("roll_off")
    if not faces:
        return None
    return faces[0] > faces[1]


def decided_words(decided: dict | None) -> str:
    """ "after overtime", "after overtime and a roll-off (5-2)" or ""."""
    decided = decided or {}
    parts = []
    if decided.get("overtime"):
        parts.append("overtime")
    if decided.get("roll_off"):
        home, away = decided["roll_off"]
        parts.append(f"a roll-off ({home}-{away})")
    return f"after {' and '.join(parts)}" if parts else ""
