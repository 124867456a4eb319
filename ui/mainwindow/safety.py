"""The GUI side of keeping a league safe: the "in use" question when opening, the banner (read-only,
recovered, upgraded), File > Restore from Backup…, Tools > Check League…, and the backup timer.

The work is Qt-free (roster_app.safety.locking, backups, check); this module asks and shows. It imports no ORM at
load time (the main window must paint before SQLModel is imported).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMainWindow, QMenu, QToolButton, QWidget

from roster_app.i18n import N_, _
from ui.kit import ask

log = logging.getLogger(__name__)
BACKUP_MINUTES = 10  # default period of the backup timer (settings key "backups/minutes")
READ_ONLY, TAKE_OVER = N_("Open read-only"), N_("Take over")


def open_with_lock_prompt(parent: QWidget | None, path: Path, *, read_only: bool = False) -> Any:
    """open_league; when another Dugout has the league, ask: Open read-only / Cancel (None).

    A lock held on another computer may also be taken over, after a warning. DugoutError propagates.
    """
    from roster_app.errors import LeagueInUse
    from roster_app.safety.opening import open_league

    try:  # the backup of the league as opened is made while it is shown (writes wait for it)
        return open_league(path, read_only=read_only, backup="background")
    except LeagueInUse as exc:
        holder = exc.holder
        options = [_(READ_ONLY)] + ([_(TAKE_OVER)] if holder is not None and not holder.here else [])
        choice = ask.choose(parent, str(exc), options, title=_("League in use"))
    if choice == _(READ_ONLY):
        return open_league(path, read_only=True)
    if choice == _(TAKE_OVER) and ask.confirm(
        parent,
        _(
            "Take over only if Dugout is not running on {host} any more (it may have crashed there). "
            "If two Dugouts change the league at once, one's work is lost."
        ).format(host=holder.host),
        title=_("Take over the league"),
        yes=_("Take over"),
    ):
        return open_league(path, take_over=True, backup="background")
    return None


def _banner_texts(db: Any) -> list[str]:
    texts = ([db.read_only_reason] if db.read_only and db.read_only_reason else []) + list(db.notices)
    if db.on_server:
        texts.append(_("A shared league ({location}): what other commissioners change shows when you "
                       "press F5 (File > Reload). An edit to a row someone changed meanwhile is refused.")
                     .format(location=db.location))  # fmt: skip
    return texts


class Banner(QFrame):
    """A strip above the league: why it is read-only, or what happened while it was opened."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("leagueBanner")
        self.setStyleSheet(
            "#leagueBanner { background: #fff4ce; border-bottom: 1px solid #e0c36a; } QLabel { color: #4a3b00; }"
        )
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        close = QToolButton(self)
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip(_("Hide this message"))
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 6, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(close)
        self.hide()

    def show_texts(self, texts: list[str]) -> None:
        from PySide6.QtCore import Qt  # the Qt namespace makes ~100 enums (~16 ms): not before the first paint

        self.label.setTextFormat(Qt.TextFormat.PlainText)  # a league's name or path, shown as typed
        self.label.setText("\n".join(texts))
        self.setVisible(bool(texts))


class SafetyTools(QObject):
    """Menu actions, banner and backup timer of one main window."""

    def __init__(self, window: QMainWindow, file_menu: QMenu, tools_menu: QMenu):
        super().__init__(window)
        self.window = window
        self.restore_action = QAction(_("Restore from &Backup…"), window)
        self.restore_action.triggered.connect(self.restore)
        file_menu.insertAction(window.close_action, self.restore_action)  # beside Save a Copy
        self.check_action = window._action(tools_menu, _("&Check League…"), self.check)
        self.banner = Banner(window)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.backup_now)
        self.opening_watch: QTimer | None = None  # watches the backup made in the background on opening

    # -- the open league -------------------------------------------------------------------------
    def league_opened(self, db: Any) -> None:
        self.banner.show_texts(_banner_texts(db))
        if db.read_only or db.on_server:  # a shared league is backed up by its server (and before repairs)
            self.timer.stop()
        else:
            minutes = int(self.window.settings.value("backups/minutes", BACKUP_MINUTES))
            self.timer.start(max(1, minutes) * 60_000)
        if db.opening_backup is not None:
            self._watch_opening_backup(db)

    def _watch_opening_backup(self, db: Any) -> None:
        """Tell how the backup made in the background when the league was opened went."""
        pending = db.opening_backup

        def check() -> None:
            if not pending.done:
                return
            self.opening_watch.stop()  # type: ignore[union-attr]
            session = self.window.session
            if session is None or session.db is not db:
                return
            if pending.error:
                db.notices.append(
                    _("No backup could be made when the league was opened: {error}").format(error=pending.error)
                )
                self.banner.show_texts(_banner_texts(db))
            elif pending.made is not None:
                self.window.statusBar().showMessage(
                    _("Backup made at {time}").format(time=pending.made.local_time), 5_000
                )

        if self.opening_watch is not None:
            self.opening_watch.stop()
        self.opening_watch = QTimer(self)
        self.opening_watch.timeout.connect(check)
        self.opening_watch.start(100)

    def league_closed(self) -> None:
        self.timer.stop()
        if self.opening_watch is not None:
            self.opening_watch.stop()
        self.banner.show_texts([])

    def update_actions(self, open_: bool) -> None:
        session = self.window.session
        self.restore_action.setEnabled(open_ and not (session is not None and session.db.on_server))
        self.check_action.setEnabled(open_)

    def backup_now(self) -> None:
        """The timer: a backup if the league changed since the last one (Qt-free work, one status line)."""
        session = self.window.session
        if session is None or session.read_only:
            return
        from roster_app.errors import DugoutError
        from roster_app.safety.backups import backup_if_changed

        try:
            made = backup_if_changed(session.db.path, reason="autosave")
        except DugoutError as exc:
            self.window.statusBar().showMessage(_("No backup could be made: {error}").format(error=exc), 15_000)
            return
        if made is not None:
            self.window.statusBar().showMessage(_("Backup made at {time}").format(time=made.local_time), 5_000)

    # -- Tools > Check League… -----------------------------------------------------------------
    def check(self) -> None:
        if self.window.session is None:
            return
        from ui.mainwindow.check_dialog import CheckDialog

        dialog = CheckDialog(self.window.session, self.window)
        dialog.open()

    # -- File > Restore from Backup… ------------------------------------------------------------
    def restore(self) -> None:
        session = self.window.session
        if session is None:
            return
        from roster_app.safety.backups import list_backups
        from ui.mainwindow.restore_dialog import RestoreDialog

        found = list_backups(session.db.path)
        if not found:
            ask.info(self.window, _("There are no backups of this league yet."))
            return
        dialog = RestoreDialog(found, self.window)
        dialog.accepted.connect(lambda: self._restore(dialog.chosen()))
        dialog.open()

    def _restore(self, chosen: Any) -> None:
        if chosen is None or self.window.session is None:
            return
        path = Path(self.window.session.db.path)
        if not ask.confirm(
            self.window,
            _(
                "Put back the league as it was on {time}?\n\nThe league as it is now is backed up "
                "first; you can restore it the same way."
            ).format(time=chosen.local_time),
            title=_("Restore from Backup"),
            yes=_("Restore"),
        ):
            return
        from roster_app.errors import DugoutError
        from roster_app.safety.backups import restore

        self.window.close_league()
        try:
            restore(path, chosen.path)
        except DugoutError as exc:
            ask.error(self.window, str(exc), title=_("Cannot restore"))
        if self.window.open_league(path):
            self.window.statusBar().showMessage(
                _("The league was restored from the backup of {time}.").format(time=chosen.local_time)
            )
