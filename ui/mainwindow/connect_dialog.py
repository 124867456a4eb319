"""File > Connect to Shared League…: the address of a league on a PostgreSQL server."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from roster_app.i18n import N_, _

HINT = N_(
    "A league shared by several commissioners lives in a PostgreSQL database. Write its address as "
    "<b>postgresql://USER@HOST/DATABASE</b> (add <b>:PORT</b> after the host if it is not 5432). "
    "The password comes from your ~/.pgpass file or PGPASSWORD; Dugout never stores it."
)


class ConnectDialog(QDialog):
    """Asks for the server address; `url()` is what was typed (trimmed), `read_only()` the check box."""

    def __init__(self, url: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Connect to Shared League"))
        self.resize(560, 190)
        hint = QLabel(_(HINT), self)
        hint.setWordWrap(True)
        self.address = QLineEdit(url, self)
        self.address.setPlaceholderText(_("postgresql://commissioner@league-server/old_world"))
        self.read_only_box = QCheckBox(_("Only look (open read-only)"), self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.connect_button = self.buttons.addButton(_("Connect"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(hint)
        form.addRow(_("Address:"), self.address)
        form.addRow("", self.read_only_box)
        form.addRow(self.buttons)
        self.address.textChanged.connect(self._update)
        self._update()

    def url(self) -> str:
        return self.address.text().strip()

    def read_only(self) -> bool:
        return self.read_only_box.isChecked()

    def _update(self) -> None:
        self.connect_button.setEnabled("://" in self.url())
