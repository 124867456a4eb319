"""Paths that are not files are refused in words before anything reads them: a named pipe (reading one waits for a
writer forever: the window froze), a device (/dev/zero never ends), a folder, symbolic links in a loop (Python's
own error reached the commissioner). Every way in: open, check, the first look, print/export/import, the window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from roster_app.errors import DugoutError
from roster_app.exchange.league_json import import_json
from roster_app.queries.first_screen import peek
from roster_app.safety.check import check_file
from roster_app.safety.opening import open_league
from roster_app.store.address import named

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and symbolic links as on Unix")
ROOT = Path(__file__).resolve().parents[2]


def _pipe(tmp_path):
    path = tmp_path / "pipe.dugout"
    os.mkfifo(path)
    return path


def _loop(tmp_path):
    one, two = tmp_path / "one.dugout", tmp_path / "two.dugout"
    one.symlink_to(two)
    two.symlink_to(one)
    return one


def _folder(tmp_path):
    path = tmp_path / "folder.dugout"
    path.mkdir()
    return path


KINDS = {"pipe": (_pipe, "is a named pipe, not a league file"), "loop": (_loop, "leads round in a loop"),
         "folder": (_folder, "is a folder, not a league file")}  # fmt: skip


@pytest.fixture(params=sorted(KINDS))
def odd(request, tmp_path):
    make, words = KINDS[request.param]
    return make(tmp_path), words


def test_opening_and_checking_refuse_in_words(odd):
    path, words = odd
    with pytest.raises(DugoutError, match=words):
        open_league(path)
    report = check_file(path)
    assert not report.ok and words in report.problems[0].text
    assert peek(path) is None  # the first look gives way to the open, which says why


def test_a_device_is_refused_as_a_league_and_as_an_export(tmp_path):
    with pytest.raises(DugoutError, match="/dev/zero is a device, not a league file"):
        open_league("/dev/zero")
    with pytest.raises(DugoutError, match="is a device, not a league export"):
        import_json("/dev/zero", tmp_path / "new.dugout")
    assert not list(tmp_path.iterdir())


def test_an_import_from_a_pipe_is_refused(tmp_path):
    with pytest.raises(DugoutError, match="is a named pipe, not a league export"):
        import_json(_pipe(tmp_path), tmp_path / "new.dugout")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.dugout"]


def test_a_loop_still_has_a_name_for_the_settings(tmp_path):
    assert named(_loop(tmp_path)) == tmp_path / "one.dugout"


@pytest.mark.parametrize("kind", ["pipe", "loop"])
def test_the_command_line_and_the_window_say_why_and_stop(tmp_path, kind):
    path = KINDS[kind][0](tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_RUNTIME_DIR": str(tmp_path / "run")}  # fmt: skip
    (tmp_path / "run").mkdir(mode=0o700)
    for args in (
        ["print", str(path), "-o", str(tmp_path / "out.pdf")],
        ["--screenshot", str(tmp_path / "s.png"), str(path)],
    ):
        result = subprocess.run([sys.executable, "-m", "ui.app.cli", *args], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=60)  # fmt: skip
        assert result.returncode != 0
        assert KINDS[kind][1] in result.stderr and "Traceback" not in result.stderr
