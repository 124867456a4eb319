"""No English sentence of roster_app/ or ui/ reaches the commissioner unmarked (issue 39): the scan of
tests/i18n/sentences.py over every source file, and the scan seen finding each sentence of a made-up sample."""

from __future__ import annotations

import textwrap

import pytest

from tests.i18n.checks import ROOT
from tests.i18n.sentences import english_sentences
from tools.catalogue import area_of, source_files

# Never scanned: the schema's history (a migration writes the stored keys of its day, and is never rewritten).
NEVER = ("roster_app/store/migrations/",)


def _files():
    return [p for p in source_files(ROOT) if not p.relative_to(ROOT).as_posix().startswith(NEVER)]


@pytest.mark.parametrize("area", ["core", "printing", "window", "sequences", "preferences"])
def test_no_english_sentence_is_left_unmarked(area):
    """Fix: mark it (`_()`, `N_()` + `_()` where shown), or, for a stored key, a file format's word or a developer's
    text, say so on its line: `# i18n: key` or `# i18n: keep` and why."""
    found = [line for p in _files() if area_of(p.relative_to(ROOT).as_posix()) == area
             for line in english_sentences(p, ROOT)]  # fmt: skip
    assert found == [], "\n".join(found)


SAMPLE = '''
"""A module's docstring is for developers."""
import logging

from roster_app.i18n import N_, _

KINDS = ("send-off roll", "get the ref")  # i18n: key
LABELS = {"send-off roll": N_("Send-off roll")}
TITLE = "Referee cards"
log = logging.getLogger(__name__)


def verdict(state, kind, rows):
    """A function's docstring too."""
    log.info("the pad was opened twice")
    if kind == "argue the call" or kind in ("blow the whistle", "watch like a hawk"):
        rows["the call stands"] = 1
    match kind:
        case "get the ref":
            pass
    assert state, "no state was given"
    shown = _("{name}: no turn played yet.").format(name=state.ref.name)
    stored = {"why": "a double on the foul", "key": "send-off roll"}  # i18n: key
    kept = "OBBLM's Niggling injury"  # i18n: keep (the foreign file's own word)
    if not state:
        raise ValueError("a developer's message")
    wrapped = [
        "knock-out cup",
        "Swiss rounds",
    ]  # i18n: key
    return f"{state.ref.name}: no turn played yet.", "the call stands", shown, stored, kept, wrapped


def labels():
    return {"cup": "knock-out cup", "swiss": "Swiss rounds"}
'''


def test_the_sentence_scan_finds_each_unmarked_sentence(tmp_path):
    path = tmp_path / "sample.py"
    path.write_text(textwrap.dedent(SAMPLE))
    found = sorted(line.split(": ", 1)[1] for line in english_sentences(path, tmp_path))
    assert found == sorted(["'Referee cards'", "'{}: no turn played yet.'", "'the call stands'", "'knock-out cup'",
                     "'Swiss rounds'"])  # fmt: skip
