"""File > Restore from Backup…: the league's backups by date, newest first; choose one to put back."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTableView, QVBoxLayout, QWidget

from roster_app.i18n import N_, _
from ui.kit.columns import RIGHT, Column, RowTableModel

REASONS = {
    "opened": N_("the league as it was opened"),
    "autosave": N_("while you worked"),
    "before upgrade": N_("before an upgrade of Dugout"),
    "before repair": N_("before Check League's repairs"),
    "before restore": N_("the league a restore replaced (to go back to it)"),
    "before import": N_("before an import"),
    "damaged before restore": N_("a damaged league a restore set aside"),
}


def _size(row: Any) -> str:
    return _("{size} KB").format(size=f"{row.size / 1024:,.0f}")


class BackupsModel(RowTableModel):
    COLUMNS = (
        Column("when", N_("Made"), lambda b: b.local_time, sort=lambda b: b.made_at, width=230),
        Column(
            "reason", N_("Why"), lambda b: _(REASONS[b.reason]) if b.reason in REASONS else b.reason, width=260
        ),
        Column("size", N_("Size"), _size, sort=lambda b: b.size, align=RIGHT),
    )


class RestoreDialog(QDialog):
    def __init__(self, backups: list[Any], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Restore from Backup"))
        self.resize(640, 400)
        self.model = BackupsModel(self)
        self.model.set_rows(backups)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setStretchLastSection(True)
        for index, column in enumerate(self.model.COLUMNS):
            if column.width:
                self.view.setColumnWidth(index, column.width)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.restore_button = self.buttons.addButton(_("Restore"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        note = QLabel(
            _(
                "Restoring puts the chosen backup in place of the league. The league as it is now is backed up "
                "first, so you can come back to it."
            ),
            self,
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.buttons)
        self.view.selectionModel().selectionChanged.connect(self._update)
        self.view.doubleClicked.connect(lambda _i: self.accept())
        if self.model.rowCount():
            self.view.selectRow(0)
        self._update()

    def _update(self) -> None:
        self.restore_button.setEnabled(self.chosen() is not None)

    def chosen(self) -> Any:
        rows = self.view.selectionModel().selectedRows()
        return self.model.data(rows[0], BackupsModel.RowRole) if rows else None
