"""File > Print League Magazine…: which round (the latest played first), the paper size, and what to do."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QPushButton, QVBoxLayout, QWidget

from roster_app.i18n import _
from ui.kit.basics import plain_label
from ui.printing.layout import PAGE_SIZES, locale_page_size

PRINT, PREVIEW, PDF = "print", "preview", "pdf"


class MagazineDialog(QDialog):
    """`rounds`: (season, round) of every round with a match played, oldest first. Each button accepts with
    its `choice`; `request()` is the print job."""

    def __init__(self, rounds: list[tuple[int, int]], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Print League Magazine"))
        self.choice = ""
        self.round_choice = QComboBox(self)
        self.round_choice.setObjectName("magazineRound")
        self.rounds = list(reversed(rounds))  # the items' order: the latest first
        for season, rnd in self.rounds:
            self.round_choice.addItem(_("Season {season}, round {round}").format(season=season, round=rnd))
        self.page_size = QComboBox(self)
        self.page_size.addItems(list(PAGE_SIZES))
        self.page_size.setCurrentText(locale_page_size())
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.choice_buttons = {}
        for choice, text in ((PRINT, _("&Print…")), (PREVIEW, _("Pre&view…")), (PDF, _("Export P&DF…"))):
            button = QPushButton(text, self)
            button.setEnabled(bool(rounds))
            button.clicked.connect(lambda _checked=False, c=choice: self._chosen(c))
            self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
            self.choice_buttons[choice] = button
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(_("Round:"), self.round_choice)
        form.addRow(_("Paper:"), self.page_size)
        layout = QVBoxLayout(self)
        words = _("The round's results, the table and leaders as they stood after it, the refs, deals, injuries "
                  "and records broken.") if rounds else _("No match has been played yet: there is no round to write about.")  # fmt: skip
        note = plain_label(words, self)
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def _chosen(self, choice: str) -> None:
        self.choice = choice
        self.accept()

    def request(self):  # noqa: ANN201 - a PrintRequest (the ORM stays out of this module's import)
        from roster_app.printing.document import PrintRequest

        season, rnd = self.chosen_round()
        return PrintRequest(magazine=True, magazine_round=rnd, magazine_season=season)

    def chosen_round(self) -> tuple[int, int]:
        return self.rounds[self.round_choice.currentIndex()]

    def choose_round(self, season: int, rnd: int) -> None:
        self.round_choice.setCurrentIndex(self.rounds.index((season, rnd)))

    def chosen_page_size(self) -> str:
        return self.page_size.currentText()
