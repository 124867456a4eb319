"""The main window built again in a language just chosen in Preferences (issue 39; ui/kit/language.py keeps the
choice and Qt's own words): the same league opened in the new window, the old one closed."""

from __future__ import annotations

from typing import Any

_window: Any = None  # the window built again (kept alive: it has no parent)


def follow_language(window: Any) -> None:
    """When Preferences choose another language and the commissioner says to reopen, build `window` again."""
    window.language_chosen.connect(lambda _code: reopen_window(window))


def reopen_window(old: Any) -> Any:
    """The main window built again in the language now chosen: the same league opened in it, the old window
    closed (its geometry kept). A running Dugout's handoff and the crash dialog go to the new window."""
    global _window
    from ui.mainwindow.window import MainWindow

    league = old.session.db.location if old.session is not None else None
    read_only = bool(old.session is not None and old.session.read_only)
    new = MainWindow(old.settings)
    server = getattr(old, "instance_server", None)
    if server is not None:
        from ui.app.single_instance import handle_message

        server._on_message = lambda message: handle_message(new, message)
        new.instance_server = server
        old.instance_server = None
        from ui.app import crash

        crash.install_excepthook(lambda: new)
    new._shortcuts_installed = old._shortcuts_installed
    if new._shortcuts_installed:
        new._install_shortcuts()
    new.show()  # before the old one closes: the last window closing would quit the app
    old._orm_load = None  # its idle ORM import stops (the new window's league load does it)
    old.close()  # closes its league (the lock goes) and saves its geometry
    new.restoreGeometry(old.saveGeometry())
    if league is not None:
        new.open_league_later(league, read_only=read_only)
    old.deleteLater()
    follow_language(new)
    _window = new
    return new
