"""roster_app/words.py: the one place counts and possessives are written, and typed names tidied."""

import pytest

from roster_app.words import count, gp, noun, number, possessive, tidy


@pytest.mark.parametrize(
    ("n", "word", "text"),
    [(1, "season", "1 season"), (2, "season", "2 seasons"), (0, "match", "0 matches"), (1, "round", "1 round"),
     (1, "page", "1 page"), (3, "casualty", "3 casualties"), (1, "cheerleader", "1 cheerleader"),
     (2, "assistant coach", "2 assistant coaches"), (2, "ally", "2 allies"), (2, "Wood Elf Lineman",
     "2 Wood Elf Linemen"), (2, "approach", "2 approaches"), (2, "re-roll", "2 re-rolls"), (2, "day", "2 days")],
)  # fmt: skip
def test_count(n, word, text):
    assert count(n, word) == text


@pytest.mark.parametrize(("n", "text", "gold"), [(5000, "5,000", "5,000 gp"), (0, "0", "0 gp"),
                                                 (-12_500, "-12,500", "-12,500 gp"), (1_250_000, "1,250,000", "1,250,000 gp")])  # fmt: skip
def test_a_number_and_gold_carry_their_thousands_separator(n, text, gold):
    from roster_app.rules.roster import gp as rules_gp

    assert number(n) == text and gp(n) == gold == rules_gp(n)


def test_an_irregular_plural_is_given():
    assert noun(2, "Star Player roll") == "Star Player rolls" and count(2, "die", "dice") == "2 dice"


@pytest.mark.parametrize(
    ("name", "text"),
    [("Orcland Raiders", "Orcland Raiders'"), ("Aldermen", "Aldermen's"), ("Grak", "Grak's"),
     ("Gutrippers", "Gutrippers'"),
     ("Reikland Reavers", "Reikland Reavers'"), ("Athelorn Avengers ", "Athelorn Avengers'")],
)  # fmt: skip
def test_possessive(name, text):
    assert possessive(name) == text


@pytest.mark.parametrize(
    ("race", "position", "label"),
    [("Orc", "Black Orc Blocker", "Black Orc Blocker"), ("Orc", "Blitzer", "Orc Blitzer"),
     ("Wood Elf", "Wood Elf Catcher", "Wood Elf Catcher"), ("Elf", "Catcher", "Elf Catcher"),
     ("Dwarf", "Troll Slayer", "Dwarf Troll Slayer")],
)  # fmt: skip
def test_a_position_says_its_race_once(race, position, label):
    from roster_app.rules.roster import position_label

    assert position_label(race, position) == label


def test_no_count_or_possessive_is_spelled_by_hand():
    """Counts and possessives go through roster_app/words.py ("1 seasons", "Aldermen' next match")."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    by_hand = re.compile(
        r"""\{'s' if|\{"s" if|'ies'\}|\}' (next|roster|treasury|head coach)"""
        r"""|(?<!to )\{(len\([\w.]+\)|[\w.]+)\} (pages|games|matches|awards|seasons|sackings|deaths|turns)"""
        r"""( sent| written| played| in range|[:,"])"""
        r"""|setSuffix\(" (seasons|matches|games|turns|players|season\(s\))"\)"""  # a spin box: counted_suffix
        r"""|\}'s\b"""  # "Gutrippers's": words.possessive
        r"""|\{[\w.()]+\} squares from|roll\(s\)"""  # "1 squares from the ball": words.count
    )
    found = [f"{path.relative_to(root)}:{n}" for folder in ("roster_app", "ui") for path in (root / folder).rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if by_hand.search(line)
             and path.name not in ("words.py", "i18n.py") and n not in _catalogue_lines(path)]  # fmt: skip
    assert found == []


def _catalogue_lines(path) -> set[int]:  # noqa: ANN001
    """The lines of a file's catalogue messages (`_("{owner} games")`, `ngettext("{n} turn", "{n} turns", n)`): a
    plural or possessive phrase the catalogue holds is translated whole, not spelled by hand (issue 39)."""
    import ast

    lines: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "ngettext", "pgettext", "N_"):
            for arg in node.args:
                lines.update(range(arg.lineno, (arg.end_lineno or arg.lineno) + 1))
    return lines


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Grak   Skullsplitta ", "Grak Skullsplitta"),
        ("Grak\nSkull\tsplitta", "Grak Skull splitta"),  # whitespace of any kind is one space
        ("Gr\x00ak", "Grak"),  # a NUL or an escape is dropped, not turned into a space
        ("\x1b[31mRed", "[31mRed"),
        ("\u202eredaeR", "redaeR"),  # a right-to-left override would show it as "Reader"
        ("\u2066Left\u2069 \u202aright\u202c", "Left right"),
        ("Zoë Ðwarf 山田", "Zoë Ðwarf 山田"),  # letters of any script are kept
        ("👨\u200d👩", "👨\u200d👩"),  # a zero-width joiner belongs to the emoji
        ("\x00\u202e", ""),
    ],
)
def test_tidy_keeps_what_a_commissioner_typed_and_drops_hidden_characters(typed, kept):
    assert tidy(typed) == kept
