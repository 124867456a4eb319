"""roster_app/commands/collector.py: Dugout's processes run the cyclic collector at its pace, set by the entry point."""

import gc

import pytest

from roster_app.commands import collector


@pytest.fixture
def default_pace():
    kept = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # CPython's own
    yield
    gc.set_threshold(*kept)


def test_the_young_generation_is_collected_every_ten_thousand_objects_the_older_ones_as_cpython_has_them(
    default_pace,
) -> None:
    collector.pace_collector()
    assert gc.get_threshold() == (collector.YOUNG, 10, 10) and collector.YOUNG == 10_000


def test_every_command_of_the_dugout_entry_point_runs_at_that_pace(default_pace, tmp_path, capsys) -> None:
    from ui.app import cli

    assert cli.main(["check", str(tmp_path / "no such league.dugout")]) != 0  # refused in words, not run
    assert gc.get_threshold()[0] == collector.YOUNG
