"""The main window: menus, the welcome page, and the open league.

This module imports only Qt at load time. The league (and with it SQLModel, ~0.3 s) is loaded after the
window's first paint, so the window appears at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QStackedWidget, QVBoxLayout, QWidget

from roster_app.i18n import _
from ui.kit import ask
from ui.kit.screen_fit import fit_to_screen
from ui.kit.style import styled

log = logging.getLogger(__name__)
MAX_RECENT = 8
# Imported in idle time once the league is shown, one per turn of the event loop (input is handled between
# them), then the league's engine is made: the league shows before the ORM loads (tests/ui/app/test_start_path.py).
ORM_STEPS = ("sqlalchemy", "sqlalchemy.orm", "sqlmodel", "roster_app.store.models")


def _team_key(path: Path | str) -> str:
    """The settings key remembering the team shown last in the league at `path`."""
    from roster_app.store.address import named
    from ui.kit.digests import hexdigest  # not hashlib: it loads OpenSSL (~3 ms) on the way to the first roster

    return "last_team/" + hexdigest("sha1", str(named(path)).encode())[:16]


PLAYER_CALLS = ("retire", "sign_contract")  # the Team menu's entries that act on the roster's chosen player


class MainWindow(QMainWindow):
    league_shown = Signal()
    league_failed = Signal(str)
    first_painted = Signal()  # after the league load is queued: start-up work that can wait goes here
    first_roster_painted = Signal()  # a roster is on screen (the first look's, or the open league's)
    orm_ready = Signal()  # after league_shown: the ORM imported in idle time, the league's engine made
    language_chosen = Signal(str)  # Preferences: reopen the window in this language (ui/app/language.py)

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings or QSettings()
        self.session: Any = None
        self.league_view: Any = None
        self._pending: tuple[Callable[[], Path], bool, Path | None] | None = None
        self._painted = False
        self.first_look: Any = None  # ui.mainwindow.first_look.FirstLook while the league is being opened
        self._roster_painted = False
        self._roster_watch: Any = None
        self._shortcuts: list[tuple[QAction, tuple[Any, ...]]] = []
        self._shortcuts_installed = False
        self._orm_load: object | None = None  # the idle ORM import under way (a new league starts another)
        self.setWindowTitle("Dugout")

        self.undo_group = QUndoGroup(self)
        self.stack = QStackedWidget(self)
        self.loading = QLabel(_("Opening the league…"), self)
        styled(self.loading, "loadingLabel")  # drawn before the app's style sheet is set
        self._welcome: Any = None  # built when first shown: a start that opens a league never builds it
        self.stack.addWidget(self.loading)
        self.setCentralWidget(self.stack)
        self.loading.installEventFilter(self)

        self._build_menus()
        self._update_actions()
        # 1280x800 was off the bottom of a 1366x768 laptop: fitted to the screen, the last geometry pulled onto it
        fit_to_screen(self, QSize(1280, 800), settings=self.settings, key="window/geometry")
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        self.statusBar().showMessage(_("Ready"))

    @property
    def welcome(self) -> Any:
        """The first-run page (ui/mainwindow/welcome.py), built the first time it is needed."""
        if self._welcome is None:
            from ui.mainwindow.welcome import WelcomePage

            page = WelcomePage(self)
            page.new_league.connect(self.new_league)
            page.open_league.connect(self.open_dialog)
            page.open_demo.connect(self.open_demo)
            page.open_path.connect(self.open_league)
            page.set_recent(self.recent_files())
            page.installEventFilter(self)
            self.stack.insertWidget(0, page)
            self._welcome = page
        return self._welcome

    def showEvent(self, event: Any) -> None:  # noqa: N802
        if self._pending is None and self.session is None and self.stack.currentWidget() is self.loading:
            self.stack.setCurrentWidget(self.welcome)  # nothing to open: the first-run screen
        super().showEvent(event)

    # -- menus -------------------------------------------------------------------------------------
    def _action(self, menu: QMenu, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            self.set_shortcuts(action, shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def set_shortcuts(self, action: QAction, *keys: Any) -> None:
        """Give `action` its shortcuts once the window is on screen: Qt's first setShortcut costs ~45 ms,
        which would delay the first paint (shortcuts are installed before the league opens)."""
        self._shortcuts.append((action, keys))
        if self._shortcuts_installed:
            self._install_shortcuts()

    def _install_shortcuts(self) -> None:
        self._shortcuts_installed = True
        for action, keys in self._shortcuts:
            action.setShortcuts([QKeySequence(k) for k in keys])
        self._shortcuts.clear()

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(_("&File"))
        self._action(file, _("&New League…"), self.new_league, QKeySequence.StandardKey.New)
        self._action(file, _("&Open…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file.addMenu(_("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._action(file, _("Open &Demo League"), self.open_demo)
        file.addSeparator()
        self.save_copy_action = self._action(file, _("Save a &Copy…"), self.save_copy, "Ctrl+Shift+S")
        self.close_action = self._action(
            file, _("&Close League"), self.close_league, QKeySequence.StandardKey.Close
        )
        self._build_print_menu(file)
        self._build_import_teams(file)
        file.addSeparator()
        self._action(file, _("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.file_menu = file

        edit = bar.addMenu(_("&Edit"))
        self.undo_action = self.undo_group.createUndoAction(self, _("&Undo"))
        self.set_shortcuts(self.undo_action, QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, _("&Redo"))
        self.set_shortcuts(self.redo_action, QKeySequence.StandardKey.Redo, "Ctrl+Y")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        self.edit_menu = edit
        self._build_preferences(edit)

        league = bar.addMenu(_("&League"))
        self.add_team_action = self._action(league, _("&Add Team…"), self.add_team)
        self.rename_league_action = self._action(league, _("&Rename League…"), self.rename_league)
        self.league_menu = league
        self._build_rules_menu(league)

        team = bar.addMenu(_("&Team"))
        self.hire_action = self._action(team, _("&Hire Player…"), self._team_page_call("hire"), "Ctrl+H")
        self.retire_action = self._action(team, _("&Retire Player"), self._team_page_call("retire", fired=False))
        self.fire_action = self._action(team, _("&Fire Player"), self._team_page_call("retire", fired=True))
        team.addSeparator()
        self.rename_team_action = self._action(team, _("Re&name Team…"), self.rename_team)
        self.team_menu = team
        self._build_contract_menus()
        self._build_transfer_menus()

        self._build_season_menu(bar)

        help_menu = bar.addMenu(_("&Help"))
        self.handbook_action = self._action(help_menu, _("Dugout &Handbook"), self.show_handbook,
                                            QKeySequence.StandardKey.HelpContents)  # fmt: skip
        self._action(help_menu, _("&About Dugout"), self.about)
        self.help_menu = help_menu
        self._build_safety(file, bar)
        self._build_correction_menu()
        self._build_shared(file)

    def _build_preferences(self, edit: QMenu) -> None:
        """Edit > Preferences…: the window's and the printouts' language (ui/mainwindow/preferences.py)."""
        from roster_app.i18n import _
        from ui.mainwindow.preferences import MENU_TEXT

        edit.addSeparator()
        self.preferences_action = self._action(edit, _(MENU_TEXT), self.preferences)
        if QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences):  # Cmd+, on a Mac; none on most desktops
            self.set_shortcuts(self.preferences_action, QKeySequence.StandardKey.Preferences)
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)  # macOS: the application menu

    def preferences(self) -> Any:
        from ui.mainwindow.preferences import PreferencesDialog

        self.preferences_dialog = PreferencesDialog(self.settings, self)
        self.preferences_dialog.open()
        return self.preferences_dialog

    def handbook_section(self) -> str:
        """The handbook's section about the page in front of the commissioner (F1)."""
        from ui.kit.handbook import PAGE_SECTIONS

        view = self.league_view
        if view is None:
            return "night"
        page = view.english_title(view.currentIndex())
        if page == "Teams":
            tabs = view.team_page.tabs
            shown = tabs.tabText(tabs.currentIndex()).replace("&", "")
            english = (key[5:] for key in PAGE_SECTIONS if key.startswith("team ") and _(key[5:]) == shown)
            page = "team " + next(english, shown)
        return PAGE_SECTIONS.get(page, "top")

    def show_handbook(self) -> Any:
        from ui.kit.handbook import open_handbook

        return open_handbook(self, self.handbook_section())

    def _build_shared(self, file: QMenu) -> None:
        """File > Connect to Shared League… (ui/mainwindow/shared_league.py)."""
        from ui.mainwindow.shared_league import SharedLeagueActions

        self.shared = SharedLeagueActions(self, file)

    def _build_safety(self, file: QMenu, bar: Any) -> None:
        """Tools > Check League…, File > Restore from Backup…, the banner above the league, the backup timer."""
        from ui.mainwindow.safety import SafetyTools

        self.tools_menu = QMenu(_("&Tools"), self)
        bar.insertMenu(self.help_menu.menuAction(), self.tools_menu)
        self.safety = SafetyTools(self, file, self.tools_menu)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.safety.banner)
        layout.addWidget(self.takeCentralWidget())
        self.setCentralWidget(central)

    def _build_correction_menu(self) -> None:
        """Tools > Commissioner's Correction… (ui/pages/team/correction_dialog.py)."""
        self.tools_menu.addSeparator()
        self.correction_action = self._action(self.tools_menu, _("Commissioner's &Correction…"), self.correct)

    def correct(self, *, kind: str = "gold") -> Any:
        """Open the correction dialog on the current team."""
        if self.league_view is None:
            return None
        from ui.pages.team.correction_dialog import CorrectionDialog

        dialog = CorrectionDialog(self.session, self, team_id=self.league_view.current_team_id(), kind=kind,
                                  settings=self.settings)  # fmt: skip
        dialog.open()
        return dialog

    def _build_print_menu(self, file: QMenu) -> None:
        """Print, Print Preview, Export PDF, the JSON/CSV exports and Import (ui/printing/actions.py)."""
        from ui.printing.actions import PrintActions

        file.addSeparator()
        self.print_actions = PrintActions(self)
        self.print_actions.add_to(file)

    def _build_import_teams(self, file: QMenu) -> None:
        """File > Import Teams…: teams from OBBLM/NAFLM and BattleScribe files (ui/mainwindow/import_teams.py)."""
        self.import_teams_action = self._action(file, _("Import &Teams…"), self.import_teams)
        self.import_teams_dialog: Any = None

    def import_teams(self) -> Any:
        from ui.mainwindow.import_teams import choose_and_preview

        self.import_teams_dialog = choose_and_preview(self)
        return self.import_teams_dialog

    def _build_contract_menus(self) -> None:
        self.league_menu.addSeparator()
        self.end_season_action = self._action(self.league_menu, _("&End Season…"), self.end_season)
        self.contract_action = self._action(self.team_menu, _("Sign or Renew &Contract…"),
                                            self._team_page_call("sign_contract"))  # fmt: skip

    def _build_transfer_menus(self) -> None:
        self.transfer_action = self._action(
            self.league_menu, _("&Transfer a Player…"), self.transfer_player, "Ctrl+T"
        )

    def transfer_player(self) -> Any:
        """Open the transfer wizard; the current team is the buyer to start with."""
        if self.league_view is None:
            return None
        return self.league_view.transfers_page.open_wizard(buyer_id=self.league_view.current_team_id())

    def end_season(self) -> None:
        if self.league_view is not None:
            self.league_view.contracts_page.end_season()

    def _build_season_menu(self, bar: Any) -> None:
        season = bar.addMenu(_("&Season"))
        self.season_actions = [
            self._action(season, _("&Generate Season…"), self._season_page_call("generate")),
            self._action(season, _("Pr&e-Match Sequence…"), self._season_page_call("pre_match")),
            self._action(season, _("&Report Match…"), self._season_page_call("report_match"), "Ctrl+R"),
            self._action(season, _("&Post-Match Sequence…"), self._season_page_call("post_match"), "Ctrl+M"),
            self._action(season, _("Referee's &Match Sheet…"), self._season_page_call("referee_sheet")),
        ]
        self.season_menu = season

    def _season_page_call(self, name: str) -> Any:
        def call() -> None:
            if self.league_view is not None:
                self.league_view.show_page(self.league_view.season_page)
                getattr(self.league_view.season_page, name)()

        return call

    def _team_page_call(self, name: str, **kwargs: Any) -> Any:
        def call() -> None:
            if self.league_view is None:
                return
            page = self.league_view.team_page
            if name in PLAYER_CALLS and page.selected_player() is None:  # issue 35: it did nothing, silently
                ask.info(self, _("Choose a player in the team's roster first: Team > Retire Player, Fire Player and "
                               "Sign or Renew Contract act on the player chosen there."))  # fmt: skip
                return
            getattr(page, name)(**kwargs)

        return call

    def _update_actions(self) -> None:
        open_ = self.session is not None
        writable = open_ and not self.session.read_only
        has_team = open_ and self.league_view is not None and self.league_view.current_team_id() is not None
        for action in (self.save_copy_action, self.close_action, self.rules_action):
            action.setEnabled(open_)
        self.print_actions.update(open_)
        self.safety.update_actions(open_)
        for action in (self.add_team_action, self.rename_league_action, self.end_season_action,
                       self.transfer_action, self.correction_action, *self.season_actions):  # fmt: skip
            action.setEnabled(writable)
        self.import_teams_action.setEnabled(writable)
        for action in (self.hire_action, self.rename_team_action, self.retire_action, self.fire_action,
                       self.contract_action):  # fmt: skip
            action.setEnabled(writable and has_team)

    # -- loading after the first paint ----------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            QTimer.singleShot(0, self._load_pending if self._pending is not None else self._install_shortcuts)
            self.first_painted.emit()
        return super().eventFilter(watched, event)

    def open_league_later(
        self, path: Path | str | Callable[[], Path], *, read_only: bool = False, peek: Path | None = None
    ) -> None:
        """Open `path` (or the path a callable gives; or a shared league's URL) once the window has painted
        (at once if it has).

        `peek` (the file itself when a file's path is given) is read for the first look before the league opens.
        """
        from roster_app.store.address import is_database_url

        target = path if is_database_url(path) else Path(path) if not callable(path) else None
        if isinstance(target, Path):
            peek = target
        self._pending = (path if callable(path) else (lambda: target), read_only, peek)
        self.stack.setCurrentWidget(self.loading)
        if self._painted:
            QTimer.singleShot(0, self._load_pending)

    def open_demo_later(self) -> None:
        def demo() -> Path:
            from roster_app.demo.league import ensure_demo

            return ensure_demo()

        from roster_app.paths import demo_path

        existing = demo_path()
        self.open_league_later(demo, peek=existing if existing.is_file() else None)

    def _load_pending(self) -> None:
        """The first look at the league (plain sqlite3, before the ORM loads), then the league itself."""
        if self._pending is None:
            return
        where, read_only, peek_at = self._pending
        self._pending = None
        look = self._show_first_look(peek_at) if peek_at is not None else None
        if look is None:
            self._open_pending(where, read_only)
        else:  # once its roster is on screen: open the league (the window stays drawn meanwhile)
            look.roster_painted.connect(lambda: QTimer.singleShot(0, lambda: self._open_pending(where, read_only)))

    def _show_first_look(self, path: Path) -> Any:
        from roster_app.queries.first_screen import peek
        from ui.mainwindow.first_look import FirstLook

        look = peek(path, self._last_team(path))
        if look is None:
            return None
        self._drop_first_look()
        self.first_look = FirstLook(look, self)
        self.first_look.roster_painted.connect(self._on_roster_painted)
        self.stack.addWidget(self.first_look)
        self.stack.setCurrentWidget(self.first_look)
        return self.first_look

    def after_first_look(self, then: Callable[[], None]) -> None:
        """Call `then` once the first look's roster has painted (at once when there is no first look to wait for),
        before the league opens."""
        if self.first_look is None or self._roster_painted:
            then()
        else:
            self.first_look.roster_painted.connect(then)

    def _drop_first_look(self) -> None:
        if self.first_look is not None:
            self.stack.removeWidget(self.first_look)
            self.first_look.deleteLater()
            self.first_look = None

    def _on_roster_painted(self) -> None:
        if not self._roster_painted:
            self._roster_painted = True
            self.first_roster_painted.emit()

    def _last_team(self, path: Path) -> int | None:
        value = self.settings.value(_team_key(path))
        try:
            return int(value) if value is not None else None
        except (TypeError, ValueError):
            return None

    def _remember_team(self, team_id: int | None) -> None:
        if team_id is not None and self.session is not None and self.session.db.path is not None:
            self.settings.setValue(_team_key(self.session.db.path), team_id)

    def _open_pending(self, where: Callable[[], Path], read_only: bool) -> None:
        from roster_app.errors import DugoutError

        self._install_shortcuts()  # the first roster is on screen (or there is none to show first)

        try:
            path = where()
        except DugoutError as exc:
            self._show_welcome_if_empty()
            self.league_failed.emit(str(exc))
            ask.error(self, str(exc), title=_("Cannot open league"))
            return
        self.open_league(path, read_only=read_only)

    def open_league(self, path: Path | str, *, read_only: bool = False) -> bool:
        """Open a league file (or a shared league's URL) now; a file that is not a league is refused with the reason."""
        from roster_app.errors import DugoutError
        from roster_app.store.address import is_database_url, named
        from ui.mainwindow.safety import open_with_lock_prompt

        if is_database_url(path):
            return self.shared.connect(str(path), read_only=read_only)
        path = Path(path)
        if self.session is not None and self.session.db.path == named(path) and not self.session.db.on_server:
            self.statusBar().showMessage(_("That league is already open."), 5000)
            return True
        try:
            db = open_with_lock_prompt(self, path, read_only=read_only)  # asks if another Dugout has it
            if db is None:
                self._show_welcome_if_empty()
                return False
        except DugoutError as exc:
            self._show_welcome_if_empty()
            self.league_failed.emit(str(exc))
            ask.error(self, str(exc), title=_("Cannot open league"))
            return False
        self.show_opened_league(db)
        return True

    def show_opened_league(self, db: Any) -> None:
        """Show a league just opened (a file or a shared league) and put it first among the recent ones."""
        self._show_league(db)
        self._add_recent(db.location)

    def _show_league(self, db: Any) -> None:
        from ui.kit.session import LeagueSession
        from ui.mainwindow.first_look import PaintWatch
        from ui.mainwindow.league_view import LeagueView

        shown = self.first_look.look.team_id if self.first_look is not None else None
        self.close_league()
        self.session = LeagueSession(db, self)
        self.undo_group.addStack(self.session.undo_stack)
        self.undo_group.setActiveStack(self.session.undo_stack)
        if shown is None and db.path is not None:
            shown = self._last_team(db.path)
        self.league_view = LeagueView(self.session, self, team_id=shown)
        self.stack.addWidget(self.league_view)
        self.stack.setCurrentWidget(self.league_view)
        self._drop_first_look()
        if not self._roster_painted:
            self._roster_watch = PaintWatch(
                self.league_view.team_page.roster_view.viewport(), self._on_roster_painted
            )
        self.league_view.panel.team_selected.connect(self._remember_team)
        self.league_view.panel.add_team_requested.connect(self.add_team_action.trigger)  # issue 35: it did nothing
        self.session.changed.connect(lambda _t: self._refresh_title())
        self.league_view.panel.team_selected.connect(lambda _t: self._update_actions())
        self._refresh_title()
        self._update_actions()
        self.statusBar().showMessage(db.location + (_("  (read-only)") if db.read_only else ""))
        self.safety.league_opened(db)
        self.league_view.panel.team_view.setFocus()  # the keys start in the teams: arrows choose, Ctrl+H hires
        self.league_shown.emit()
        self._load_orm_later(db)

    def _load_orm_later(self, db: Any) -> None:
        """Import the ORM in idle time, a step per turn of the event loop, configure its mappers, then make `db`'s
        engine (unless the league was closed or replaced meanwhile); `orm_ready` once done. A service or a page that
        needs the ORM sooner (a click before `orm_ready`) imports it itself, at once: the edit waits for it, then
        runs (tests/ui/app/test_first_edit.py)."""
        import importlib

        load = self._orm_load = object()
        steps = [lambda m=m: importlib.import_module(m) for m in ORM_STEPS]
        # the mappers configured now (~12 ms of CPU), not by the first edit's query (issue 40)
        steps.append(lambda: importlib.import_module("sqlalchemy.orm").configure_mappers())

        def engine() -> None:
            if self.session is not None and self.session.db is db:
                db.engine  # noqa: B018 - made now, not at the first edit

        steps.append(engine)

        def step() -> None:
            if self._orm_load is not load:  # another league's load took over: it finishes the imports
                return
            steps.pop(0)()
            if steps:
                QTimer.singleShot(0, self, step)
            else:
                self._orm_load = None
                self.orm_ready.emit()

        QTimer.singleShot(0, self, step)  # the window as context: a window deleted meanwhile gets no more steps

    def _refresh_title(self) -> None:
        if self.session is None:
            self.setWindowTitle("Dugout")
            return
        from roster_app.queries.open_reads import league_info

        info = league_info(self.session.db)
        where = Path(self.session.db.path).name if not self.session.db.on_server else self.session.db.location
        self.setWindowTitle(info.name + (_(" (read-only)") if info.read_only else "") + f" — {where} — Dugout")

    def _show_welcome_if_empty(self) -> None:
        self._drop_first_look()
        self.stack.setCurrentWidget(self.welcome if self.league_view is None else self.league_view)

    def close_league(self) -> None:
        if self.session is None:
            return
        self._close_rules()
        self.undo_group.removeStack(self.session.undo_stack)
        self.stack.removeWidget(self.league_view)
        self.league_view.deleteLater()
        self.session.close()
        self.session = None
        self.league_view = None
        self.safety.league_closed()
        self.stack.setCurrentWidget(self.welcome)
        self._refresh_title()
        self._update_actions()

    # -- file menu ---------------------------------------------------------------------------------
    def new_league(self) -> None:
        from ui.mainwindow.new_league_dialog import NewLeagueDialog

        dialog = NewLeagueDialog(self)
        dialog.accepted.connect(lambda: self._create_league(*dialog.values()))
        dialog.open()

    def _create_league(self, name: str, ruleset_key: str, path: Path) -> None:
        from roster_app.errors import DugoutError
        from roster_app.services.league import create_league

        try:
            db = create_league(path, name=name, ruleset_key=ruleset_key)
        except DugoutError as exc:
            ask.error(self, str(exc), title=_("Cannot create league"))
            return
        self._show_league(db)
        self._add_recent(str(db.path))

    def open_dialog(self) -> None:
        path = ask.open_path(self, folder=str(self.settings.value("files/last_folder", "")))
        if path:
            self.settings.setValue("files/last_folder", str(Path(path).parent))
            self.open_league(path)

    def open_demo(self) -> None:
        self.open_demo_later()

    def save_copy(self) -> None:
        if self.session is None:
            return
        from roster_app.errors import DugoutError
        from roster_app.safety.files import make_backup

        path = ask.save_path(self, title=_("Save a copy of the league as"))
        if not path:
            return
        if not path.endswith(".dugout"):
            path += ".dugout"
        try:
            if self.session.db.on_server:
                from ui.mainwindow.shared_league import save_copy_of_shared

                save_copy_of_shared(self.session.db, path)
            else:
                make_backup(self.session.db.path, Path(path))
        except DugoutError as exc:
            ask.error(self, str(exc))
            return
        self.statusBar().showMessage(_("A copy of the league was saved to {path}").format(path=path), 8000)

    def recent_files(self) -> list[str]:
        value = self.settings.value("files/recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: str) -> None:
        recent = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("files/recent", recent[:MAX_RECENT])
        if self._welcome is not None:
            self._welcome.set_recent(recent[:MAX_RECENT])

    def last_league(self) -> Path | str | None:
        """The league open last time, if its file is still there, or the shared league's URL (opened when
        Dugout starts with no file)."""
        from roster_app.store.address import is_database_url

        recent = self.recent_files()
        if recent and is_database_url(recent[0]):
            return recent[0]
        return Path(recent[0]) if recent and Path(recent[0]).is_file() else None

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        from ui.kit.basics import mnemonic_safe

        for path in recent:
            action = self.recent_menu.addAction(mnemonic_safe(path))  # "Tom & Jerry.dugout" keeps its "&"
            action.triggered.connect(lambda _c=False, p=path: self.open_league(p))
        if not recent:
            self.recent_menu.addAction(_("(no recent leagues)")).setEnabled(False)

    # -- league and team menus ---------------------------------------------------------------------
    def add_team(self) -> None:
        from ui.mainwindow.new_team_dialog import NewTeamDialog

        dialog = NewTeamDialog(self.session, self)
        dialog.accepted.connect(lambda: dialog.team_id and self.league_view.panel.select_team(dialog.team_id))
        dialog.open()

    def rename_league(self) -> None:
        from roster_app.queries.open_reads import league_info
        from roster_app.services.league import rename_league

        name = ask.text(self, _("New name of the league:"), value=league_info(self.session.db).name)
        if name is not None:
            self.session.run(rename_league, parent=self, name=name)

    def rename_team(self) -> None:
        from roster_app.services.teams import rename_team

        header = self.league_view.team_page.header.header
        if header is None:
            return
        name = ask.text(self, _("New name of {team}:").format(team=header.name), value=header.name)
        if name is not None:
            self.session.run(rename_team, parent=self, team_id=header.id, name=name)

    # -- League > Rules (house rules) ---------------------------------------------------------------
    def _build_rules_menu(self, league: QMenu) -> None:
        league.addSeparator()
        self.rules_action = self._action(league, _("R&ules…"), self.show_rules, "Ctrl+Shift+U")
        self.rules_window: Any = None

    def show_rules(self) -> None:
        """Open (or bring forward) the Rules window of the open league."""
        if self.session is None:
            return
        if self.rules_window is None:
            from ui.rules.window import RulesWindow

            self.rules_window = RulesWindow(self.session, self)
        if self.rules_window.isVisible():  # already open behind the main window: bring it forward
            self.rules_window.raise_()
            self.rules_window.activateWindow()
        self.rules_window.show()

    def _close_rules(self) -> None:
        if self.rules_window is not None:
            self.rules_window.close()
            self.rules_window.deleteLater()
            self.rules_window = None

    def about(self) -> None:
        from ui.mainwindow.about_dialog import AboutDialog

        self.about_dialog = AboutDialog(self.session.db if self.session else None, self.settings, self)
        self.about_dialog.open()

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.close_league()
        super().closeEvent(event)
