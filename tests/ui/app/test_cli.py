"""The `dugout` command's batch commands: each name in COMMANDS reaches a function, through the same path a user
types (ui.app.cli.main), without a window."""

import pytest

from roster_app.safety.opening import open_league
from roster_app.services.league import create_league
from ui.app import cli


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_every_batch_command_names_a_function(name):
    assert callable(cli._command(name))


def test_dugout_copy_then_check_a_league_file(tmp_path, capsys):
    source, copied = tmp_path / "night.dugout", tmp_path / "copy.dugout"
    create_league(source, name="Copy Night").close()
    assert cli.main(["copy", str(source), str(copied)]) == 0
    assert cli.main(["check", str(copied)]) == 0
    assert "No problems found" in capsys.readouterr().out
    db = open_league(copied, read_only=True, backup=False)
    try:
        assert db.ruleset.key == "lrb4"
    finally:
        db.close()


def test_dugout_copy_refuses_an_existing_file_and_changes_nothing(tmp_path, capsys):
    source, there = tmp_path / "night.dugout", tmp_path / "there.dugout"
    create_league(source, name="Copy Night").close()
    there.write_bytes(b"keep me")
    assert cli.main(["copy", str(source), str(there)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert there.read_bytes() == b"keep me"


def test_the_everyday_starts_are_read_as_the_parser_reads_them():
    """`dugout`, `dugout --demo` and `dugout FILE` start without argparse (ui.app.cli._everyday_start)."""
    for argv in ([], ["--demo"], ["Big League.dugout"], ["leagues/x.dugout"]):
        args = cli._gui_parser().parse_args(argv)
        assert cli._everyday_start(argv) == (args.league, args.demo), argv
    for argv in (["--demo", "x.dugout"], ["--read-only", "x.dugout"], ["x.dugout", "--page", "Contracts"],
                 ["--version"], ["-h"], ["--database", "postgresql://u@h/db"]):  # fmt: skip
        assert cli._everyday_start(argv) is None, argv
