"""File > Publish League Website…: the folder the website goes to, and whether it shows the money."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from ui.kit import ask
from ui.kit.basics import plain_label

NOTE = N_("The league as web pages for the coaches: the table, results, fixtures, leaders, every team, player and "
        "referee, the seasons and the magazine. Open index.html from the folder, give the folder on a USB stick or "
        "copy it to any web space. Publishing again into the same folder updates only what changed.")  # fmt: skip


class PublishDialog(QDialog):
    """The folder (typed or chosen) and Show money; Publish accepts."""

    def __init__(self, folder: str, show_money: bool, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Publish League Website"))
        self.folder = QLineEdit(folder, self)
        self.folder.setObjectName("publishFolder")
        self.folder.setMinimumWidth(360)
        self.choose_button = QPushButton(_("&Choose…"), self)
        self.choose_button.clicked.connect(self._choose)
        self.show_money = QCheckBox(
            _("Show &money: treasuries, winnings, contract costs and transfer prices"), self
        )
        self.show_money.setChecked(show_money)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.publish_button = self.buttons.addButton(_("&Publish"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.publish_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.folder.textChanged.connect(lambda text: self.publish_button.setEnabled(bool(text.strip())))
        self.publish_button.setEnabled(bool(folder.strip()))
        row = QHBoxLayout()
        row.addWidget(self.folder, 1)
        row.addWidget(self.choose_button)
        label = QLabel(_("&Folder:"), self)
        label.setBuddy(self.folder)  # a row of two widgets gets no buddy from the form: Alt+F reaches the folder
        form = QFormLayout()
        form.addRow(label, row)
        form.addRow("", self.show_money)
        note = plain_label(_(NOTE), self)
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def _choose(self) -> None:
        chosen = ask.folder(self, title=_("The Website's Folder"), folder=self.folder.text())
        if chosen:
            self.folder.setText(chosen)

    def chosen_folder(self) -> str:
        return self.folder.text().strip()
