"""The language at start (issue 39): a batch command or the window speaks the language Preferences chose, else
the system's (LANGUAGE); `dugout print` and `publish` the printouts' language when one is chosen."""

from __future__ import annotations

import pytest

from roster_app import i18n
from ui.app import cli
from ui.kit.language import PRINT_KEY, WINDOW_KEY, user_settings


@pytest.fixture
def user(monkeypatch):
    settings = user_settings()
    yield settings
    settings.remove("language")  # Qt keeps the user's settings file for the process: nothing left for later tests
    settings.sync()


@pytest.mark.parametrize(
    ("system", "window", "printed", "command", "spoken"),
    [("fr_FR.UTF-8", "", "", "check", "fr"), ("de", "", "", None, "de"), ("fr", "it", "", "check", "it"),
     ("fr", "", "es", "print", "es"), ("fr", "", "es", "publish", "es"), ("fr", "", "es", "check", "fr"),
     ("pt_BR", "", "", "check", "en"), ("C", "", "", None, "en")],
)  # fmt: skip
def test_the_command_line_speaks_the_chosen_language(monkeypatch, user, system, window, printed, command, spoken):
    monkeypatch.setenv("LANGUAGE", system)
    user.setValue(WINDOW_KEY, window)
    user.setValue(PRINT_KEY, printed)
    user.sync()
    cli._speak_chosen_language(command)
    assert i18n.current_language() == spoken


def test_a_batch_command_is_run_in_the_language(monkeypatch, user, capsys):
    """`dugout check --help` (argparse's own words aside) runs after the language is set."""
    seen = []
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setitem(cli.COMMANDS, "probe", "tests.ui.app.test_language_start:_probe")
    monkeypatch.setattr(cli, "_command", lambda name: lambda argv: seen.append(i18n.current_language()) or 0)
    assert cli.main(["probe"]) == 0 and seen == ["de"]
