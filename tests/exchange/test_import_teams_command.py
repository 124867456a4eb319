"""`dugout import-teams FILE... --into LEAGUE` (issue 38): the preview printed, guesses confirmed on the command
line, refused files listed, nothing written until everything is answered."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from roster_app.commands.import_teams import main, parse_answer
from roster_app.errors import DugoutError
from roster_app.safety.opening import open_league
from roster_app.services.league import create_league
from tests.conftest import file_digest
from tests.exchange.foreign_samples import BOTOCS, NAFLM, ROSTER

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def league(tmp_path) -> Path:
    path = tmp_path / "six.dugout"
    create_league(path, name="Six", ruleset_key="lrb6").close()
    return path


def _teams(path: Path) -> list[str]:
    from roster_app.queries.rosters import teams

    db = open_league(path, read_only=True)
    try:
        return sorted(t.name for t in teams(db))
    finally:
        db.close()


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_guesses_must_be_confirmed_before_anything_is_written(league, capsys):
    digest = file_digest(league)
    code, out, err = _run(capsys, BOTOCS, "--into", league, "--by", "Jo")
    assert code == 3 and "2 guessed names to confirm" in err
    assert "skill: 'Side step' -> 'Side Step' [to confirm; in botocs_team.xml]" in out
    assert "#2 Skritt, Gutter Runner, MA 10 ST 2 AG 4 AV 7, 18 SPP, 130,000 gp; Sure Feet, Side Step" in out
    assert "cannot come across: player 2 (Queek): the skill 'Stiff Arm' is left out" in out
    assert file_digest(league) == digest
    code, out, err = _run(capsys, BOTOCS, "--into", league, "--by", "Jo", "--accept-guesses",
                          "--map", "skill:Stiff Arm=Fend")  # fmt: skip
    assert code == 0, err
    assert "skill: 'Stiff Arm' -> 'Fend' [confirmed" in out and "Imported 1 team into" in out
    assert _teams(league) == ["Skavenblight Scramblers"]


def test_a_mapping_file_answers_the_guesses(league, tmp_path, capsys):
    answers = tmp_path / "answers.txt"
    answers.write_text("# our league's names\nskill:Side step=Side Step\nskill:Stiff Arm=   # no such skill here\n",
                       encoding="utf-8")  # fmt: skip
    code, out, err = _run(capsys, BOTOCS, "--into", league, "--by", "Jo", "--mapping", answers)
    assert code == 0, err
    assert "skill: 'Stiff Arm' -> leave out [confirmed" in out


def test_several_files_refused_as_a_whole_or_imported_without_the_refused(league, tmp_path, capsys):
    bad = tmp_path / "broken.xml"
    bad.write_text("<teams><team>", encoding="utf-8")
    digest = file_digest(league)
    code, out, err = _run(capsys, NAFLM, bad, ROSTER, "--into", league, "--by", "Jo")
    assert code == 1 and "1 file or team refused" in err
    assert "Refused: broken.xml: the XML is broken at line 1" in out
    assert file_digest(league) == digest
    code, out, err = _run(capsys, NAFLM, bad, ROSTER, "--into", league, "--by", "Jo", "--skip-refused")
    assert code == 0, err
    assert "Imported 3 teams" in out and "Not imported (refused): broken.xml" in out
    assert _teams(league) == ["Altdorf Aldermen", "Da Krumpin' Krew", "Orcland Raiders"]
    code, out, err = _run(capsys, ROSTER, "--into", league, "--by", "Jo")  # the same file again
    assert code == 1 and "already has a team called 'Da Krumpin' Krew'" in out


def test_preview_only_writes_nothing_and_the_signature_is_asked_for(league, capsys):
    digest = file_digest(league)
    code, out, _ = _run(capsys, NAFLM, "--into", league, "--preview")
    assert code == 0 and "Preview only: 2 teams would be imported." in out
    code, _, err = _run(capsys, NAFLM, "--into", league)
    assert code == 1 and "--by NAME" in err
    assert file_digest(league) == digest


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("skill:Stiff Arm=Kung Fu", "'Kung Fu' is not a skill of the league for 'skill:Stiff Arm'"),
        ("skill:Headbutt=Block", "'skill:Headbutt' answers no guess of this import"),
        ("position:Blitzer=Blitzer", "a position is answered as position:RACE/NAME=CHOICE"),
        ("colour:Red=Blue", "is not an answer: write KIND:NAME=CHOICE"),
    ],
)
def test_a_wrong_answer_is_refused_in_words(league, capsys, answer, words):
    digest = file_digest(league)
    code, _, err = _run(capsys, BOTOCS, "--into", league, "--by", "Jo", "--accept-guesses", "--map", answer)
    assert code == 1 and words in err
    assert file_digest(league) == digest


def test_parse_answer():
    assert parse_answer("position:Skaven/Blitzer=Skaven Storm Vermin") == (
        ("position", "Skaven", "Blitzer"), "Skaven Storm Vermin")  # fmt: skip
    assert parse_answer("skill: Stiff Arm =") == (("skill", "", "Stiff Arm"), None)
    with pytest.raises(DugoutError):
        parse_answer("skill:=Block")


def test_the_dugout_command_runs_it(league):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "ui.app.cli", "import-teams", str(ROSTER), "--into", str(league),
                           "--by", "Jo"], capture_output=True, text=True, env=env, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Imported 1 team" in done.stdout
    assert _teams(league) == ["Da Krumpin' Krew"]
