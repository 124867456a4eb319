"""Bring the translated handbooks (resources/handbook/handbook.<lang>.html) in line with the English one after the
English handbook changed (a new section, a section edited on another branch).

A translated handbook is the English one with some sections translated: the part before the first <h2> (title,
introduction, contents) and each <h2> section. For every section of the English handbook this keeps the
translated file's section that begins with the same anchor and has the same anchors, links and images, and takes
the English section otherwise (a new section, or one whose anchors moved, is English until someone translates
it). Sections the English handbook no longer has are dropped. Run it, then tests/ui/kit/test_handbook_languages.py:

    python tools/handbook_languages.py          # every language that has a handbook.<lang>.html
    python tools/handbook_languages.py fr de    # these only
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "resources" / "handbook"
SECTION = re.compile(r"(?=^<h2>)", re.MULTILINE)
MARKS = re.compile(r'(?:name|id|href|src)="[^"]+"')


def sections(text: str) -> list[str]:
    """The part before the first <h2>, then each section from its <h2> to the next (the last one to the end)."""
    return SECTION.split(text)


def key(section: str) -> str:
    """A section's own anchor (the preamble's is empty)."""
    found = re.match(r'<h2><a name="([^"]+)"', section)
    return found.group(1) if found else ""


def rebuild(english: str, translated: str) -> str:
    kept: dict[str, list[str]] = {}
    for part in sections(translated):
        kept.setdefault(key(part), []).append(part)
    out = []
    for part in sections(english):
        candidates = kept.get(key(part), [])
        same = next((c for c in candidates if MARKS.findall(c) == MARKS.findall(part)), None)
        if same is not None:
            candidates.remove(same)  # two sections may share an anchor name ("prematch"): each is used once
        out.append(same if same is not None else part)
    return "".join(out)


def main(languages: list[str]) -> int:
    english = (FOLDER / "handbook.html").read_text(encoding="utf-8")
    codes = languages or sorted(p.name.split(".")[1] for p in FOLDER.glob("handbook.*.html"))
    for code in codes:
        path = FOLDER / f"handbook.{code}.html"
        before = path.read_text(encoding="utf-8")
        after = rebuild(english, before)
        if not after.startswith(f'<html lang="{code}">'):
            after = after.replace("<html>", f'<html lang="{code}">', 1)
        path.write_text(after, encoding="utf-8")
        print(f"{path.name}: {'unchanged' if after == before else 'brought in line with handbook.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
