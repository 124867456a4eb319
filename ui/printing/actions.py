"""File menu commands for printing and exchange: Print, Print Preview, Export PDF, JSON and CSV, Import.

Imports nothing of the ORM at load time (the main window imports this module before the league loads).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSize
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from ui.kit import ask
from ui.kit.screen_fit import fit_to_screen, remember

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressDialog

EXPORT_FOLDER_KEY = "files/last_export_folder"
WEBSITE_KEY = "website/"  # + the league's digest + /folder, /show_money: each league's site has its own folder
PREVIEW_GEOMETRY = "print_preview/geometry"  # the preview comes back as it was left


def safe_file_name(title: str) -> str:
    """A file name from a document title (no slashes or characters Windows refuses)."""
    name = re.sub(r'[\\/:*?"<>|]+', " ", title).strip(" .")
    return re.sub(r"\s+", " ", name) or "Dugout"


class PrintActions(QObject):
    """The printing and exchange actions of the main window's File menu."""

    def __init__(self, window: Any):
        super().__init__(window)
        self.window = window
        self.choice_dialog: Any = None
        self.preview_dialog: Any = None
        self.print_action = self._action("&Print…", self.print_, QKeySequence.StandardKey.Print)
        self.preview_action = self._action("Print Pre&view…", self.preview)
        self.pdf_action = self._action("Export P&DF…", self.export_pdf, "Ctrl+Shift+P")
        self.magazine_action = self._action("Print League &Magazine…", self.print_magazine)
        self.magazine_dialog: Any = None
        self.publish_action = self._action("Publish League &Website…", self.publish)
        self.publish_dialog: Any = None
        self.json_action = self._action("The League as &JSON…", self.export_json)
        self.rosters_csv_action = self._action("&Rosters as CSV…", lambda: self.export_csv("rosters"))
        self.ledger_csv_action = self._action("&Ledgers as CSV…", lambda: self.export_csv("ledger"))
        self.import_action = self._action("&Import League from JSON…", self.import_json)
        self.league_actions = (self.print_action, self.preview_action, self.pdf_action, self.json_action,
                               self.rosters_csv_action, self.ledger_csv_action, self.magazine_action,
                               self.publish_action)  # fmt: skip

    def _action(self, text: str, slot: Callable[[], None], shortcut: Any = None) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            self.window.set_shortcuts(action, shortcut)  # installed once the window is on screen
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def add_to(self, menu: QMenu) -> None:
        for action in (self.print_action, self.preview_action, self.pdf_action, self.magazine_action,
                       self.publish_action):  # fmt: skip
            menu.addAction(action)
        export = menu.addMenu("E&xport")
        for action in (self.json_action, self.rosters_csv_action, self.ledger_csv_action):
            export.addAction(action)
        self.export_menu = export
        menu.addAction(self.import_action)

    def update(self, league_open: bool) -> None:
        for action in self.league_actions:
            action.setEnabled(league_open)

    # -- helpers -----------------------------------------------------------------------------------------
    @property
    def db(self) -> Any:
        return self.window.session.db

    def _folder(self, name: str) -> str:
        folder = str(self.window.settings.value(EXPORT_FOLDER_KEY, "") or Path.home())
        return str(Path(folder) / name)

    def _remember(self, path: str) -> None:
        self.window.settings.setValue(EXPORT_FOLDER_KEY, str(Path(path).parent))

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def _progress(self, label: str) -> QProgressDialog:
        from PySide6.QtCore import Qt  # the Qt namespace makes ~100 enums (~40 ms): not before the first paint
        from PySide6.QtWidgets import QProgressDialog

        dialog = QProgressDialog(label, "Cancel", 0, 0, self.window)
        dialog.setWindowTitle("Dugout")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(400)  # quick jobs finish before it would show
        dialog.setAutoClose(False)
        return dialog

    @staticmethod
    def _finish(dialog: QProgressDialog) -> None:
        dialog.reset()  # stops the timer that would show the dialog later
        dialog.close()
        dialog.deleteLater()

    @staticmethod
    def _stepper(dialog: QProgressDialog) -> Callable[[int, int], bool]:
        def step(done: int, total: int) -> bool:
            dialog.setMaximum(total)
            dialog.setValue(done)
            dialog.setLabelText(f"Page {min(done + 1, total)} of {total}…")
            QApplication.processEvents()
            return not dialog.wasCanceled()

        return step

    # -- printing ----------------------------------------------------------------------------------------
    def _choose(self, action: str, then: Callable[[Any, str], None]) -> None:
        """Ask what to print, then build the document and hand it to `then` (with the paper size)."""
        if self.window.session is None:
            return
        from roster_app.queries import rosters as queries
        from ui.printing.print_choice_dialog import PrintChoiceDialog

        view = self.window.league_view
        current = view.current_team_id() if view is not None else None
        dialog = PrintChoiceDialog(queries.teams(self.db), current, action=action, parent=self.window)
        dialog.accepted.connect(lambda: self._build_then(dialog, then))
        self.choice_dialog = dialog
        dialog.open()

    def print_magazine(self) -> None:
        """File > Print League Magazine…: choose the round, then print, preview or export it like any job."""
        if self.window.session is None:
            return
        from roster_app.queries.history import league_rounds
        from ui.printing.magazine_dialog import PDF, PREVIEW, MagazineDialog

        dialog = MagazineDialog(league_rounds(self.db), self.window)
        jobs = {PDF: self._save_pdf, PREVIEW: self._show_preview}
        dialog.accepted.connect(lambda: self._build_then(dialog, jobs.get(dialog.choice, self._send_to_printer)))
        self.magazine_dialog = dialog
        dialog.open()

    def _build_then(self, dialog: Any, then: Callable[[Any, str], None]) -> None:
        from roster_app.errors import DugoutError
        from roster_app.printing.document import build_document

        progress = self._progress("Reading the league…")
        try:
            document = build_document(self.db, dialog.request(),
                                      progress=lambda what: progress.setLabelText(f"Preparing {what}…"))  # fmt: skip
        except DugoutError as exc:
            ask.error(self.window, str(exc), title="Cannot print")
            return
        finally:
            self._finish(progress)
        then(document, dialog.chosen_page_size())

    def _paint(self, document: Any, device: Any, label: str) -> int | None:
        """Paint onto a printer with a progress dialog; None when cancelled."""
        from ui.printing.layout import PrintCancelled, paint

        progress = self._progress(label)
        try:
            return paint(document, device, progress=self._stepper(progress))
        except PrintCancelled:
            return None
        finally:
            self._finish(progress)

    def _printer(self, document: Any, page_size: str) -> Any:
        from PySide6.QtPrintSupport import QPrinter

        from ui.printing.layout import page_layout

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(page_layout(page_size))
        printer.setDocName(document.title)
        printer.setCreator("Dugout")
        return printer

    def print_(self) -> None:
        self._choose("Print", self._send_to_printer)

    def _send_to_printer(self, document: Any, page_size: str) -> None:
        from roster_app.errors import DugoutError

        printer = self._printer(document, page_size)
        if not ask.print_setup(self.window, printer):
            return
        try:
            pages = self._paint(document, printer, "Printing…")
        except DugoutError as exc:
            ask.error(self.window, str(exc), title="Cannot print")
            return
        from roster_app.words import count

        self._status("Printing cancelled." if pages is None else f"{count(pages, 'page')} sent to the printer.")

    def preview(self) -> None:
        self._choose("Preview", self._show_preview)

    def _show_preview(self, document: Any, page_size: str) -> None:
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        from ui.printing.layout import paint

        printer = self._printer(document, page_size)
        dialog = QPrintPreviewDialog(printer, self.window)
        dialog.setWindowTitle(f"Print Preview \u2014 {document.title}")
        dialog.paintRequested.connect(lambda device: paint(document, device))
        settings = getattr(self.window, "settings", None)
        fit_to_screen(dialog, QSize(1000, 860), settings=settings, key=PREVIEW_GEOMETRY)  # never off the screen
        if settings is not None:
            dialog.finished.connect(lambda _r: remember(dialog, settings, PREVIEW_GEOMETRY))
        dialog.finished.connect(dialog.deleteLater)
        self.preview_dialog = dialog
        dialog.open()

    def export_pdf(self) -> None:
        self._choose("Export PDF", self._save_pdf)

    def _save_pdf(self, document: Any, page_size: str) -> None:
        from roster_app.errors import DugoutError
        from ui.printing.layout import PrintCancelled, write_pdf

        path = ask.save_path(self.window, title="Export PDF as", folder=self._folder(f"{safe_file_name(document.title)}.pdf"),
                             filter=ask.PDF_FILTER)  # fmt: skip
        if not path:
            return
        path = path if path.lower().endswith(".pdf") else f"{path}.pdf"
        self._remember(path)
        progress = self._progress("Writing the PDF…")
        try:
            pages = write_pdf(document, path, page_size=page_size, progress=self._stepper(progress))
        except PrintCancelled:
            self._status("Export cancelled; no PDF was written.")
            return
        except DugoutError as exc:
            ask.error(self.window, str(exc), title="Cannot export")
            return
        finally:
            self._finish(progress)
        from roster_app.words import count

        self._status(f"{count(pages, 'page')} written to {path}")

    # -- the league's website ----------------------------------------------------------------------------
    def publish(self) -> None:
        """File > Publish League Website…: the folder and Show money, then the site written (issue 37)."""
        if self.window.session is None:
            return
        from roster_app.queries.rosters import league_info
        from ui.printing.publish_dialog import PublishDialog

        folder = str(self.window.settings.value(self._website_key("folder"), "") or "")
        if not folder:
            folder = self._folder(safe_file_name(f"{league_info(self.db).name} website"))
        money = str(self.window.settings.value(self._website_key("show_money"), "false")).lower() == "true"
        dialog = PublishDialog(folder, money, self.window)
        dialog.accepted.connect(lambda: self._publish(dialog.chosen_folder(), dialog.show_money.isChecked()))
        self.publish_dialog = dialog
        dialog.open()

    def _publish(self, folder: str, show_money: bool, *, force: bool = False) -> None:
        from roster_app.errors import DugoutError
        from roster_app.publish import publish_league
        from roster_app.publish.folder import Cancelled, NotASite

        progress = self._progress("Publishing the league's website…")
        try:
            done = publish_league(self.db, folder, show_money=show_money, force=force,
                                  progress=self._stepper(progress))  # fmt: skip
        except NotASite as exc:
            self._finish(progress)
            if ask.confirm(self.window, f"{exc}\n\nPublish the website into this folder anyway?",
                           title="Publish League Website", yes="Publish Anyway"):  # fmt: skip
                self._publish(folder, show_money, force=True)
            return
        except Cancelled as exc:
            self._finish(progress)
            self._status(str(exc))
            return
        except DugoutError as exc:
            self._finish(progress)
            ask.error(self.window, str(exc), title="Cannot publish")
            return
        self._finish(progress)
        self.window.settings.setValue(self._website_key("folder"), str(done.folder))
        self.window.settings.setValue(self._website_key("show_money"), "true" if show_money else "false")
        self._status(done.summary())

    def _website_key(self, what: str) -> str:
        """A setting of the open league's website (its folder, money shown): another league has its own."""
        from ui.kit.digests import hexdigest

        return f"{WEBSITE_KEY}{hexdigest('sha1', str(self.db.location).encode())[:16]}/{what}"

    # -- exchange ----------------------------------------------------------------------------------------
    def _league_name(self) -> str:
        from roster_app.queries.rosters import league_info

        return safe_file_name(league_info(self.db).name)

    def _export(self, writer: Callable[..., Any], title: str, name: str, file_filter: str, suffix: str) -> None:
        from roster_app.errors import DugoutError

        path = ask.save_path(self.window, title=title, folder=self._folder(name), filter=file_filter)
        if not path:
            return
        path = path if path.lower().endswith(suffix) else f"{path}{suffix}"
        self._remember(path)
        try:
            writer(self.db, Path(path))
        except DugoutError as exc:
            ask.error(self.window, str(exc), title="Cannot export")
            return
        self._status(f"Exported to {path}")

    def export_json(self) -> None:
        from roster_app.exchange.league_json import export_json

        name = f"{self._league_name()}.json"
        self._export(export_json, "Export the whole league as JSON", name, ask.JSON_FILTER, ".json")

    def export_csv(self, what: str) -> None:
        from roster_app.exchange.csv_files import export_ledger_csv, export_rosters_csv

        writer = export_rosters_csv if what == "rosters" else export_ledger_csv
        name = f"{self._league_name()} {what}.csv"
        self._export(writer, f"Export the {what} of every team as CSV", name, ask.CSV_FILTER, ".csv")

    def import_json(self) -> None:
        from roster_app.errors import DugoutError
        from roster_app.exchange.league_json import import_json

        source = ask.open_path(self.window, title="Import a league from a JSON export", folder=self._folder(""),
                               filter=ask.JSON_FILTER)  # fmt: skip
        if not source:
            return
        target = ask.save_path(self.window, title="Save the imported league as a new league file",
                               folder=str(Path(source).with_suffix(".dugout")))  # fmt: skip
        if not target:
            return
        target = target if target.endswith(".dugout") else f"{target}.dugout"
        try:
            import_json(Path(source), Path(target))
        except DugoutError as exc:
            ask.error(self.window, str(exc), title="Cannot import")
            return
        if not self._open_imported(Path(target)):
            self._status(f"League imported from {source} into {target} (not opened)")
            return
        self.window.open_league(target)
        self._status(f"League imported from {source} into {target}")

    def _open_imported(self, target: Path) -> bool:
        """Ask before the window changes league: an export of the open league has its very name."""
        from roster_app.queries.first_screen import peek
        from roster_app.queries.rosters import league_info

        session = self.window.session
        if session is None:
            return True
        look = peek(target)
        name = look.league.name if look is not None else target.stem
        open_name = league_info(session.db).name
        same = (f" Both leagues are called “{name}”: the window's title shows the file's name so you can tell them "
                "apart.") if name == open_name else ""  # fmt: skip
        return ask.confirm(self.window, f"The league “{name}” was imported into {target}. Open it now in place of "
                           f"“{open_name}” ({session.db.location})? That one stays as it is, saved.{same}",
                           title="Import from JSON", yes="Open Imported League")  # fmt: skip
