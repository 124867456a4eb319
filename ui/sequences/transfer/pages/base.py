"""What every transfer page shares: the draft, the session, plain-words text, a choice of two."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QLabel, QRadioButton, QVBoxLayout, QWidget, QWizard, QWizardPage

from roster_app.queries.transfers import DealTerms
from roster_app.rules.roster import gp
from ui.sequences.transfer.steps import Draft

BAD = "#a32020"
GOOD = "#1b7f3b"
MUTED = "#5b6470"


def text_label(parent: QWidget, name: str = "") -> QLabel:
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setObjectName(name)
    return label


def red(text: str) -> str:
    return f"<span style='color:{BAD}'>{text}</span>"


def muted(text: str) -> str:
    return f"<span style='color:{MUTED}'>{text}</span>"


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def money(amount: int) -> str:
    return f"<b>{gp(amount)}</b>"


class TransferPage(QWizardPage):
    """A page of the transfer wizard: `self.tw` is the wizard (its draft and session)."""

    def __init__(self, wizard: QWizard, title: str, subtitle: str = ""):
        super().__init__(wizard)
        self.tw: Any = wizard
        self.setTitle(title)
        if subtitle:
            self.setSubTitle(subtitle)
        self.layout_ = QVBoxLayout(self)

    @property
    def draft(self) -> Draft:
        return self.tw.draft

    @property
    def session(self) -> Any:  # the league session (career windows opened from a page read it)
        return self.tw.session

    @property
    def terms(self) -> DealTerms:
        return self.tw.draft.terms

    def run(self, service: Any, **kwargs: Any) -> Any:
        return self.tw.run(service, **kwargs)


class Choice(QWidget):
    """Two (or more) answers as radio buttons; `chosen()` is the key of the checked one or None."""

    def __init__(self, answers: dict[str, str], parent: QWidget | None = None):
        super().__init__(parent)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 6)
        for key, text in answers.items():
            button = QRadioButton(text, self)
            button.setObjectName(f"choice_{key.replace(' ', '_')}")
            self.group.addButton(button)
            self.buttons[key] = button
            layout.addWidget(button)

    def chosen(self) -> str | None:
        return next((k for k, b in self.buttons.items() if b.isChecked()), None)

    def choose(self, key: str) -> None:
        self.buttons[key].setChecked(True)
