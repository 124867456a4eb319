"""Every question or message to the user goes through these functions, so a test patches one place.

Messages are plain text: they carry names the commissioner typed (a team called "<b>Orcs</b>" is shown as
typed), and QMessageBox would otherwise guess rich text from the first tag it sees."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QInputDialog, QLabel, QMessageBox, QWidget

from roster_app.i18n import N_, _

LEAGUE_FILTER = N_("Dugout leagues (*.dugout);;All files (*)")  # the filters are translated where used


def _box(icon: QMessageBox.Icon, title: str, text: str, buttons: QMessageBox.StandardButton,
         parent: QWidget | None) -> QMessageBox:  # fmt: skip
    from PySide6.QtCore import Qt  # not at import: the Qt namespace's enums cost ~16 ms before the first paint

    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


def error(parent: QWidget | None, text: str, *, title: str = "Dugout") -> None:
    _box(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent).exec()


def info(parent: QWidget | None, text: str, *, title: str = "Dugout") -> None:
    _box(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, parent).exec()


def confirm(parent: QWidget | None, text: str, *, title: str = "Dugout", yes: str = N_("OK")) -> bool:
    box = _box(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.Cancel, parent)
    ok = box.addButton(_(yes), QMessageBox.ButtonRole.AcceptRole)  # a caller passes its words translated
    box.setDefaultButton(ok)
    box.exec()
    return box.clickedButton() is ok


def choose(parent: QWidget | None, text: str, options: list[str], *, title: str = "Dugout") -> str | None:
    """One of `options` as buttons, or None for Cancel."""
    box = _box(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.Cancel, parent)
    buttons = {box.addButton(o.replace("&", "&&"), QMessageBox.ButtonRole.AcceptRole): o for o in options}
    box.exec()
    return buttons.get(box.clickedButton())


def _input(parent: QWidget | None, title: str, label: str) -> QInputDialog:
    """An input dialog whose question is plain text (its label would guess rich text from a name's tag)."""
    from PySide6.QtCore import Qt

    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    for child in dialog.findChildren(QLabel):
        child.setTextFormat(Qt.TextFormat.PlainText)
    return dialog


def text(parent: QWidget | None, label: str, *, title: str = "Dugout", value: str = "") -> str | None:
    dialog = _input(parent, title, label)
    dialog.setTextValue(value)
    return dialog.textValue() if dialog.exec() else None


def open_path(
    parent: QWidget | None, *, title: str = N_("Open league"), folder: str = "", filter: str = LEAGUE_FILTER
) -> str | None:
    path, _kind = QFileDialog.getOpenFileName(parent, _(title), folder, _(filter))
    return path or None


def open_paths(parent: QWidget | None, *, title: str, folder: str = "", filter: str = LEAGUE_FILTER) -> list[str]:
    """Several files chosen at once (File > Import Teams…); empty for Cancel."""
    paths, _kind = QFileDialog.getOpenFileNames(parent, title, folder, _(filter))
    return list(paths)


def save_path(parent: QWidget | None, *, title: str, folder: str = "", filter: str = LEAGUE_FILTER) -> str | None:
    path, _kind = QFileDialog.getSaveFileName(parent, title, folder, _(filter))
    return path or None


PDF_FILTER = N_("PDF documents (*.pdf)")
JSON_FILTER = N_("Dugout league exports (*.json);;All files (*)")
CSV_FILTER = N_("CSV spreadsheets (*.csv)")


def folder(parent: QWidget | None, *, title: str, folder: str = "") -> str | None:
    """A folder chosen (or made) in the system's folder dialog, or None."""
    path = QFileDialog.getExistingDirectory(parent, title, folder)
    return path or None


def print_setup(parent: QWidget | None, printer: object) -> bool:
    """The system print dialog for `printer` (QPrinter); True when the user chose to print."""
    from PySide6.QtPrintSupport import QPrintDialog

    return QPrintDialog(printer, parent).exec() == QPrintDialog.DialogCode.Accepted


def number(
    parent: QWidget | None, label: str, *, value: int, minimum: int, maximum: int, title: str = "Dugout"
) -> int | None:
    """A whole number from the user, or None for Cancel."""
    dialog = _input(parent, title, label)
    dialog.setInputMode(QInputDialog.InputMode.IntInput)
    dialog.setIntRange(minimum, maximum)
    dialog.setIntValue(value)
    return dialog.intValue() if dialog.exec() else None


def pick(parent: QWidget | None, label: str, options: list[str], *, title: str = "Dugout") -> int | None:
    """The index of one of `options` from a list (too many for buttons), or None for Cancel."""
    dialog = _input(parent, title, label)
    dialog.setComboBoxItems(options)
    dialog.setComboBoxEditable(False)
    if not dialog.exec():
        return None
    result = dialog.textValue()
    return options.index(result) if result in options else None
