"""Help > Dugout Handbook (F1): the bundled, offline handbook (resources/handbook/handbook.html) in a
QTextBrowser, with a search box; `open_handbook(parent, section)` shows one section (F1 on a page)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from roster_app.i18n import _
from roster_app.paths import resources_dir

PAGE_SECTIONS = {  # a page's tab title (a team's tab: "team " and its title, or a wizard) -> its handbook section
    "Teams": "teams", "team Roster": "teams", "team Ledger": "teams", "team Reserves": "reserves",
    "team History": "corrections", "History": "story",
    "Referees": "referees", "Contracts": "contracts", "Transfers": "transfers", "Season": "season",
    "post-match": "postmatch", "rules": "rules", "welcome": "night",
}  # fmt: skip


# Every menu entry (its words, without "&" and "…") -> the handbook section about it; a test walks the menus and
# checks each has one and that the section exists (issue 35: File > New League, the pre-match, handicaps and the
# match pad had none).
MENU_SECTIONS = {
    "New League": "newleague", "Open": "files", "Open Recent": "files", "Connect to Shared League": "shared",
    "Open Demo League": "files", "Reload": "shared", "Save a Copy": "files", "Restore from Backup": "safety",
    "Close League": "files", "Print": "printing", "Print Preview": "printing", "Export PDF": "printing",
    "Print League Magazine": "story", "The League as JSON": "printing", "Rosters as CSV": "printing",
    "Ledgers as CSV": "printing", "Import League from JSON": "printing", "Quit": "files", "Undo": "undo",
    "Redo": "undo", "Add Team": "teams", "Rename League": "files", "Rules": "rules", "End Season": "contracts",
    "Transfer a Player": "transfers", "Hire Player": "teams", "Retire Player": "teams", "Fire Player": "teams",
    "Rename Team": "teams", "Sign or Renew Contract": "contracts", "Generate Season": "season",
    "Pre-Match Sequence": "prematch", "Report Match": "season", "Post-Match Sequence": "postmatch",
    "Referee's Match Sheet": "referees", "Check League": "safety", "Commissioner's Correction": "corrections",
    "Dugout Handbook": "night", "About Dugout": "safety", "Import Teams": "movingin",
    "Publish League Website": "website",
    "Preferences": "languages",
}  # fmt: skip


def menu_words(text: str) -> str:
    """ "&New League…" -> "New League"."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def help_key(window: QWidget, section: str | Any) -> QShortcut:
    """F1 in `window` (a wizard, a dialog, the match pad): the handbook at `section` (or what it returns)."""
    key = QShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents), window)
    key.setContext(Qt.ShortcutContext.WindowShortcut)
    key.activated.connect(lambda: open_handbook(window, section() if callable(section) else section))
    return key


def handbook_path(language: str | None = None) -> Any:
    """The handbook in `language` (None: the commissioner's) where Dugout ships one (handbook.fr.html: every
    anchor of the English one, the sections not translated yet in English), else the English handbook."""
    from roster_app.i18n import SOURCE_LANGUAGE, current_language

    folder = resources_dir() / "handbook"
    code = language or current_language()
    translated = folder / f"handbook.{code}.html"
    if code != SOURCE_LANGUAGE and translated.exists():
        return translated
    return folder / "handbook.html"


class HandbookWindow(QWidget):
    """The handbook in its own window, beside the league (never modal)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(_("Dugout Handbook"))
        self.resize(900, 700)
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(False)
        self.browser.setSource(QUrl.fromLocalFile(str(handbook_path())))
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(_("Search the handbook"))
        self.search.setClearButtonEnabled(True)
        self.found = QLabel(self)
        self.next_button = QPushButton(_("Find &Next"), self)
        self.previous_button = QPushButton(_("Find &Previous"), self)
        self.contents_button = QPushButton(_("&Contents"), self)
        bar = QHBoxLayout()
        bar.addWidget(self.search, 1)
        for widget in (self.next_button, self.previous_button, self.found, self.contents_button):
            bar.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.browser, 1)
        self.search.textChanged.connect(lambda _t: self.find(restart=True))
        self.search.returnPressed.connect(self.find)
        self.next_button.clicked.connect(self.find)
        self.previous_button.clicked.connect(lambda: self.find(backward=True))
        self.contents_button.clicked.connect(lambda: self.show_section("top"))
        QShortcut(QKeySequence.StandardKey.Find, self, self.search.setFocus)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)

    section = "top"  # the section last shown (F1's tests read it)

    def show_section(self, section: str) -> None:
        self.section = section
        if section == "top":
            self.browser.scrollToAnchor("")
            self.browser.verticalScrollBar().setValue(0)
        else:
            self.browser.scrollToAnchor(section)

    def find(self, *, backward: bool = False, restart: bool = False) -> bool:
        """The next place the search text occurs (wrapping round at the end); says when it is nowhere."""
        text = self.search.text().strip()
        if not text:
            self.found.setText("")
            return False
        if restart:
            cursor = self.browser.textCursor()
            cursor.movePosition(cursor.MoveOperation.Start)
            self.browser.setTextCursor(cursor)
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        hit = self.browser.find(text, flags)
        if not hit:  # wrap round once
            cursor = self.browser.textCursor()
            cursor.movePosition(cursor.MoveOperation.End if backward else cursor.MoveOperation.Start)
            self.browser.setTextCursor(cursor)
            hit = self.browser.find(text, flags)
        self.found.setText("" if hit else _("Not found"))
        return hit


def open_handbook(parent: QWidget, section: str = "top") -> HandbookWindow:
    """Show the handbook (one window per main window, reused) at `section`."""
    top = parent.window()
    handbook = getattr(top, "handbook_window", None)
    if handbook is None:
        handbook = HandbookWindow(top)
        top.handbook_window = handbook
    handbook.show()
    handbook.raise_()
    handbook.activateWindow()
    handbook.show_section(section)
    return handbook
