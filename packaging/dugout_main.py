"""The bundle's entry point (PyInstaller runs this file): the same `dugout` command as `pip install`."""

import os
import sys

# A windowed bundle (Windows, macOS) may start with no stdout/stderr; messages and faulthandler need a file.
if sys.stdout is None:
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115
if sys.stderr is None:
    sys.stderr = open(os.devnull, "w")  # noqa: SIM115

from ui.app.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
