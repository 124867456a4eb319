"""Edit > Preferences…: the language of the window and of the printouts (issue 39). A new window language is
spoken at once by every dialog opened after; the window itself is built again in it when the commissioner says so
(MainWindow.language_chosen: ui/app/language.py reopens it), else the next time Dugout starts. No reinstall:
every language ships."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from roster_app import i18n
from roster_app.i18n import N_, _
from ui.kit import ask
from ui.kit import language as app_language

MENU_TEXT = N_("Pre&ferences…")  # Edit > Preferences… (ui/mainwindow/window.py)


class PreferencesDialog(QDialog):
    def __init__(self, settings: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(_("Preferences"))
        self.window_language = QComboBox(self)
        self.window_language.addItem(_("System ({language})").format(language=self._system_name()), "")
        self.print_language = QComboBox(self)
        self.print_language.addItem(_("Same as the window"), "")
        for code in i18n.LANGUAGES:
            name = app_language.NAMES[code]  # each language by its own name
            self.window_language.addItem(name, code)
            self.print_language.addItem(name, code)
        self._select(self.window_language, app_language.window_language(settings))
        self._select(self.print_language, app_language.stored(settings, app_language.PRINT_KEY))

        form = QFormLayout()
        form.addRow(_("&Language:"), self.window_language)
        form.addRow(_("&Printouts in:"), self.print_language)
        self.window_language.setToolTip(
            _("The language of Dugout's window, dialogs and messages. System: the language your computer uses.")
        )
        self.print_language.setToolTip(
            _(
                "The language rosters, match sheets and the league's other printouts are written in, e.g. English "
                "for a tournament."
            )  # fmt: skip
        )
        note = QLabel(_("A house rule's names and everything typed in the league stay as written."), self)
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.buttons)

    @staticmethod
    def _system_name() -> str:
        return app_language.NAMES[i18n.system_language()]

    @staticmethod
    def _select(combo: QComboBox, code: str | None) -> None:
        index = combo.findData(code or "")
        combo.setCurrentIndex(max(index, 0))

    def accept(self) -> None:
        before = i18n.current_language()
        self.settings.setValue(app_language.WINDOW_KEY, self.window_language.currentData() or "")
        self.settings.setValue(app_language.PRINT_KEY, self.print_language.currentData() or "")
        self.settings.sync()
        super().accept()
        now = app_language.choose_language(self.settings)
        if now != before:
            self.language_changed(now)

    def language_changed(self, code: str) -> None:
        """Ask to build the window again in `code` now (else it is, the next time Dugout starts)."""
        window = self.parent()
        if window is None or not hasattr(window, "session"):
            return
        name = app_language.NAMES[code]
        if ask.confirm(
            window,
            _(
                "Dugout speaks {language} from now on. Reopen the window in {language} now? The open league is "
                "opened again; nothing is lost."
            ).format(language=name),  # fmt: skip
            title=_("Language"),
            yes=_("&Reopen Now"),
        ):
            window.language_chosen.emit(code)
