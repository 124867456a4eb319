"""Dice: what a roll is, rolling it, and checking dice typed in from the table.

Every roll in Dugout can be made by the app or typed in from real dice; both paths end in a `Roll`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from roster_app.errors import RuleViolation
from roster_app.i18n import _

_SPEC = re.compile(r"^(\d*)D(\d+)$", re.IGNORECASE)


D68 = "D68"  # a D6 for the tens and a D8 for the units (11 to 68): the Casualty Table's roll


@dataclass(frozen=True)
class DiceSpec:
    count: int
    sides: int
    tens: bool = False  # D68: the first die (a D6) reads as tens, the second (a D8) as units

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        if text.strip().upper() == D68:
            return cls(2, 8, tens=True)
        match = _SPEC.match(text.strip())
        if not match:
            raise ValueError(f"not a dice expression: {text!r} (expected e.g. D6 or 2D6)")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        if not (1 <= count <= 10 and sides in (3, 6, 8, 12)):
            raise ValueError(f"unsupported dice: {text!r}")
        return cls(count, sides)

    @property
    def die_sides(self) -> tuple[int, ...]:
        """The sides of each die in turn (a D68 is a D6 then a D8)."""
        return (6, 8) if self.tens else (self.sides,) * self.count

    def total_of(self, faces: tuple[int, ...] | list[int]) -> int:
        """What the faces read: their sum, or tens and units for a D68."""
        return faces[0] * 10 + faces[1] if self.tens else sum(faces)

    def possible(self, result: int) -> bool:
        """The dice can show this result (a D68 never shows 19, 20, 39 ...)."""
        if self.tens:
            return 1 <= result // 10 <= 6 and 1 <= result % 10 <= 8
        return self.lowest <= result <= self.highest

    @property
    def lowest(self) -> int:
        return 11 if self.tens else self.count

    @property
    def highest(self) -> int:
        return 68 if self.tens else self.count * self.sides

    def __str__(self) -> str:
        return D68 if self.tens else f"{self.count if self.count > 1 else ''}D{self.sides}"


@dataclass(frozen=True)
class Roll:
    """A roll as it happened: the faces, any modifier, and whether it was typed in."""

    dice: str
    faces: tuple[int, ...]
    modifier: int = 0
    typed: bool = False

    @property
    def natural(self) -> int:
        return DiceSpec.parse(self.dice).total_of(self.faces) if self.dice.upper() == D68 else sum(self.faces)

    @property
    def total(self) -> int:
        return self.natural + self.modifier

    @property
    def is_double(self) -> bool:
        return len(self.faces) == 2 and self.faces[0] == self.faces[1] and self.dice.upper() != D68

    def describe(self) -> str:
        faces = (" and " if self.dice.upper() == D68 else " + ").join(str(f) for f in self.faces)
        mod = f" {'+' if self.modifier >= 0 else '-'} {abs(self.modifier)}" if self.modifier else ""
        how = _("typed in") if self.typed else _("rolled by Dugout")
        return _("{dice}: {faces}{mod} = {total} ({how})").format(
            dice=self.dice, faces=faces, mod=mod, total=self.total, how=how
        )


def roll(dice: str, *, rng: random.Random | None = None, modifier: int = 0) -> Roll:
    """Roll `dice` (e.g. "2D6") with the app's dice."""
    spec = DiceSpec.parse(dice)
    rng = rng or random.SystemRandom()
    faces = tuple(rng.randint(1, sides) for sides in spec.die_sides)
    return Roll(str(spec), faces, modifier, typed=False)


def typed_roll(dice: str, faces: list[int] | tuple[int, ...], *, modifier: int = 0) -> Roll:
    """A roll typed in from real dice; refuses faces the dice cannot show."""
    spec = DiceSpec.parse(dice)
    faces = tuple(int(f) for f in faces)
    if len(faces) != spec.count:
        raise RuleViolation(
            _("{spec} needs {count} dice, but {n} were typed in.").format(
                spec=spec, count=spec.count, n=len(faces)
            )
        )
    for face, sides in zip(faces, spec.die_sides, strict=True):
        if not 1 <= face <= sides:
            raise RuleViolation(
                _("A D{sides} shows 1 to {sides}; {face} cannot be right.").format(sides=sides, face=face)
            )
    return Roll(str(spec), faces, modifier, typed=True)


def accept(given: Roll | None, dice: str, *, modifier: int = 0) -> Roll:
    """The roll a service stores: Dugout's dice when none was given, else the given roll (made by the app's dice
    widget or typed in), checked against the dice the rule uses, with the modifier the rules add."""
    if given is None:
        return roll(dice, modifier=modifier)
    if DiceSpec.parse(given.dice) != DiceSpec.parse(dice):
        raise RuleViolation(
            _("This is rolled with {parse}, not {dice}.").format(parse=DiceSpec.parse(dice), dice=given.dice)
        )
    checked = typed_roll(dice, given.faces, modifier=modifier)
    return Roll(checked.dice, checked.faces, modifier, typed=given.typed)


def typed_dice(text: str) -> list[Roll]:
    """Dice typed at the table in one line: "4" is a D6, "3+3" a 2D6 (the faces joined by +), separated by spaces or
    commas. Refuses in words what is not dice."""
    out = []
    for word in text.replace(",", " ").split():
        faces = word.split("+")
        if not all(f.strip().isdigit() for f in faces) or len(faces) > 2:
            raise RuleViolation(_("'{word}' is not dice: type a D6 as 4 and a 2D6 as 3+5.").format(word=word))
        out.append(typed_roll("2D6" if len(faces) == 2 else "D6", [int(f) for f in faces]))
    return out
