"""The first-run screen (and the page shown when no league is open): try the demo league, start a new
league, open a league file, or pick one of the recent leagues."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _
from ui.kit.basics import plain_tip
from ui.kit.icons import app_icon

STYLE = """
#welcomeCard { background: #ffffff; border: 1px solid #d8dce2; border-radius: 10px; }
#welcomeTitle { font-size: 22pt; font-weight: 600; }
#welcomeLead { color: #3d4550; font-size: 11pt; }
#welcomeNote { color: #5b6470; }
#recentTitle { color: #5b6470; font-size: 9pt; font-weight: 600; text-transform: uppercase; }
#recentList::item { padding: 4px 2px; }
"""


class WelcomePage(QWidget):
    new_league = Signal()
    open_league = Signal()
    open_demo = Signal()
    open_path = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("welcomePage")
        self.setStyleSheet(STYLE)
        card = QFrame(self)
        card.setObjectName("welcomeCard")
        card.setMaximumWidth(680)

        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(80, 80))
        title = QLabel(_("Welcome to Dugout"))
        title.setObjectName("welcomeTitle")
        lead = QLabel(
            _(
                "Keep your Blood Bowl league in one file on this computer: rosters, contracts, referees, "
                "matches and the treasury, checked against the rules as you go."
            )
        )
        lead.setObjectName("welcomeLead")
        lead.setWordWrap(True)
        heading = QVBoxLayout()
        heading.addWidget(title)
        heading.addWidget(lead)
        top = QHBoxLayout()
        top.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addSpacing(12)
        top.addLayout(heading, 1)

        self.demo_button = self._choice(
            _("Try the demo league"),
            _(
                "Four teams with full rosters and two referees, to look around. It is your own copy: change anything."
            ),
            self.open_demo,
        )
        self.new_button = self._choice(
            _("Start a new league"),
            _("Choose its name, its ruleset and where the league file goes."),
            self.new_league,
        )
        self.open_button = self._choice(
            _("Open a league file…"), _("A .dugout file on this computer, or one a fellow commissioner sent you."),
            self.open_league,
        )  # fmt: skip

        self.recent_title = QLabel(_("Recent leagues"))
        self.recent_title.setObjectName("recentTitle")
        self.recent_list = QListWidget()
        self.recent_list.setObjectName("recentList")
        self.recent_list.setToolTip(_("Double-click a league to open it"))
        self.recent_list.itemActivated.connect(self._open_item)

        note = QLabel(
            _(
                "There is no Save button: every change is written to the league file the moment you make it, "
                "and Edit › Undo takes it back. Backups go in a folder beside each league."
            )
        )
        note.setObjectName("welcomeNote")
        note.setWordWrap(True)

        inner = QVBoxLayout(card)
        inner.setContentsMargins(28, 24, 28, 24)
        inner.addLayout(top)
        inner.addSpacing(12)
        for button in (self.demo_button, self.new_button, self.open_button):
            inner.addWidget(button)
        inner.addSpacing(8)
        inner.addWidget(self.recent_title)
        inner.addWidget(self.recent_list)
        inner.addSpacing(8)
        inner.addWidget(note)

        outer = QVBoxLayout(self)
        outer.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(card, 4)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.set_recent([])

    def _choice(self, text: str, description: str, signal: Signal) -> QCommandLinkButton:
        button = QCommandLinkButton(text, description)
        button.setIconSize(QSize(20, 20))
        button.clicked.connect(signal)
        return button

    def set_recent(self, paths: list[str]) -> None:
        """Show the recent leagues; files that were moved or deleted are listed but cannot be opened."""
        self.recent_list.clear()
        for path in paths:
            shared = "://" in path  # a shared league on a server: whether it is there shows when connecting
            exists = shared or Path(path).is_file()
            label = (
                _("Shared league   —   {path}").format(path=path) if shared else f"{Path(path).stem}   —   {path}"
            )
            item = QListWidgetItem(label if exists else _("{path}   (not found)").format(path=path))
            item.setData(Qt.ItemDataRole.UserRole, path)
            item.setToolTip(plain_tip(path))
            if not exists:
                item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent_list.addItem(item)
        self.recent_title.setVisible(bool(paths))
        self.recent_list.setVisible(bool(paths))
        rows = min(len(paths), 5)
        row_height = self.recent_list.sizeHintForRow(0) if paths else 0
        self.recent_list.setFixedHeight(rows * row_height + 2 * self.recent_list.frameWidth() + 2)

    def _open_item(self, item: QListWidgetItem) -> None:
        self.open_path.emit(item.data(Qt.ItemDataRole.UserRole))
