"""The GUI side of shared leagues (PostgreSQL): File > Connect to Shared League…, creating a league in an
empty database (or copying the open league there), and saving a copy of a shared league to a file.

Opening goes through roster_app.safety.opening.open_database like a file does; what a server league lacks (lock file,
file backups, Restore) is switched off by ui/mainwindow/safety.py. Imports no ORM at load time.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow, QMenu

from roster_app.i18n import N_, _
from ui.kit import ask

LAST_URL_KEY = "shared/last_url"
CREATE, COPY = N_("Create a new league there"), N_("Copy the open league there")


class SharedLeagueActions(QObject):
    """File > Connect to Shared League… of one main window."""

    def __init__(self, window: QMainWindow, file_menu: QMenu):
        super().__init__(window)
        self.window = window
        self.connect_action = window._action(file_menu, _("Connect to &Shared League…"), self.ask_address)
        file_menu.insertAction(window.recent_menu.menuAction(), self.connect_action)  # beside Open
        self.reload_action = window._action(file_menu, _("Re&load"), self.reload, "F5")
        self.reload_action.setToolTip(_("Read the league again: a shared league shows what others changed"))
        file_menu.insertAction(window.save_copy_action, self.reload_action)
        self.dialog: Any = None

    def reload(self) -> None:
        if self.window.session is not None:
            self.window.session.reload()
            self.window.statusBar().showMessage(_("The league was read again."), 3000)

    def ask_address(self) -> Any:
        from ui.mainwindow.connect_dialog import ConnectDialog

        self.dialog = ConnectDialog(str(self.window.settings.value(LAST_URL_KEY, "")), self.window)
        self.dialog.accepted.connect(lambda: self.connect(self.dialog.url(), read_only=self.dialog.read_only()))
        self.dialog.open()
        return self.dialog

    def connect(self, url: str, *, read_only: bool = False) -> bool:
        """Open the shared league at `url`; an empty database may get a new league or a copy of the open one."""
        from roster_app.errors import DugoutError
        from roster_app.store.server import NoLeagueThere, display_url

        session = self.window.session
        if session is not None and session.db.url is not None and session.db.url == _safe_display(url):
            self.window.statusBar().showMessage(_("That league is already open."), 5000)
            return True
        try:
            db = self._open(url, read_only=read_only)
        except NoLeagueThere as exc:
            db = self._fill_empty(url, str(exc))
        except DugoutError as exc:
            self.window.league_failed.emit(str(exc))
            ask.error(self.window, str(exc), title=_("Cannot connect"))
            return False
        if db is None:
            return False
        self.window.settings.setValue(LAST_URL_KEY, display_url(url))
        self.window.show_opened_league(db)
        return True

    def _open(self, url: str, *, read_only: bool) -> Any:
        from roster_app.safety.opening import open_database

        return open_database(url, read_only=read_only)

    def _fill_empty(self, url: str, why: str) -> Any:
        """The database is empty: a new league there, or the open league copied there (None: cancelled)."""
        from roster_app.errors import DugoutError

        session = self.window.session
        options = [_(CREATE)] + ([_(COPY)] if session is not None else [])
        choice = ask.choose(
            self.window, why + "\n\n" + _("What should Dugout put there?"), options, title=_("Empty database")
        )
        try:
            if choice == _(CREATE):
                name = ask.text(self.window, _("Name of the new shared league:"), title=_("New shared league"))
                if not name:
                    return None
                from roster_app.services.league import create_server_league

                return create_server_league(url, name=name)
            if choice == _(COPY):
                from roster_app.exchange.league_copy import write_rows
                from roster_app.store.tables import league_rows

                write_rows(url, league_rows(session.db))
                return self._open(url, read_only=False)
        except DugoutError as exc:
            ask.error(self.window, str(exc), title=_("Cannot create the shared league"))
        return None


def _safe_display(url: str) -> str | None:
    from roster_app.errors import DugoutError
    from roster_app.store.server import display_url, server_url

    try:
        return display_url(server_url(url))
    except DugoutError:
        return None


def save_copy_of_shared(db: Any, path: str) -> None:
    """File > Save a Copy… of a shared league: every row into a new league file (DugoutError if refused)."""
    import os
    from pathlib import Path

    from roster_app.exchange.league_copy import write_rows
    from roster_app.store.tables import league_rows

    target = Path(path)
    work = target.with_name(f".{target.name}.copying")
    work.unlink(missing_ok=True)
    try:
        write_rows(work, league_rows(db))
        os.replace(work, target)  # the save dialog already asked whether to replace an existing file
    finally:
        work.unlink(missing_ok=True)
