"""What every page of the post-match wizard shares: its step, the plan it shows, notes and problems."""

from __future__ import annotations

import random
from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from roster_app.i18n import _
from roster_app.rules.postmatch import STEP_TITLES, step_titles
from roster_app.services.postmatch.draft import PostMatchDraft
from roster_app.services.postmatch.plan import PostMatchPlan
from ui.kit.basics import mnemonic_safe, text_html

BAD = "#a32020"


class PostMatchSequence(Protocol):
    """What a page needs of the post-match wizard (wizard.py's PostMatchWizard): the pages sit below it."""

    session: Any
    match_id: int
    rng: random.Random | None
    draft: PostMatchDraft
    plan: PostMatchPlan

    def replan(self) -> PostMatchPlan: ...
    def team_now(self, team_id: int) -> dict[str, int]: ...
    def save_progress(self) -> None: ...
    def mark_saved(self) -> None: ...
    def currentId(self) -> int: ...  # noqa: N802 - QWizard's


def note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)  # notes carry names, never markup
    label.setStyleSheet("color:#555")
    return label


def problems_text(problems: list[str]) -> str:
    return "<br>".join(f"<span style='color:{BAD}'>{text_html(p)}</span>" for p in problems)


class StepPage(QWizardPage):
    """A page of the sequence: it knows its step and redraws from the wizard's plan."""

    STEP = ""

    def __init__(self, wizard: PostMatchSequence):
        super().__init__()
        self.w = wizard
        edition = step_titles(wizard.session.db.ruleset)  # the step as the league's edition words it
        self.setTitle(_(edition.get(self.STEP) or STEP_TITLES.get(self.STEP, "")))
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setTextFormat(Qt.TextFormat.RichText)  # problems_text escapes the names
        self.twin_rows: list[list[QGroupBox]] = []

    @property
    def plan(self) -> PostMatchPlan:
        return self.w.plan

    def initializePage(self) -> None:  # noqa: N802
        self.show_plan()
        self.even_boxes()

    def isComplete(self) -> bool:  # noqa: N802
        return not self.plan.problems_in(self.STEP) if self.STEP else True

    def changed(self) -> None:
        """The draft changed: work the plan out again and show it."""
        self.w.replan()
        self.show_plan()
        self.even_boxes()
        self.completeChanged.emit()

    def show_plan(self) -> None:
        self.problems.setText(problems_text(self.plan.problems_in(self.STEP)) if self.STEP else "")

    def scrolled_team_boxes(self) -> tuple[dict[int, QVBoxLayout], QVBoxLayout]:
        """The team boxes in a scroll area filling the page; returns them and the page's layout (for notes)."""
        inner = QWidget()
        boxes = self.team_boxes(QVBoxLayout(inner))
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        # a window narrower than the teams' rows scrolls sideways instead of cutting their words
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.addWidget(scroll, 1)
        return boxes, outer

    def team_boxes(self, layout: QVBoxLayout, stretch: int = 1) -> dict[int, QVBoxLayout]:
        """A box per team, side by side; returns each team's layout."""
        row = QHBoxLayout()
        boxes = {}
        twins = []
        for team in self.plan.teams:
            result = {"win": _("win"), "draw": _("draw"), "loss": _("loss")}.get(team.result, team.result)
            box = QGroupBox(mnemonic_safe(f"{team.name} ({result} {team.score_for}-{team.score_against})"))
            # both teams get half the width at every step, whatever each box holds (even_boxes keeps both at least
            # as wide as the widest box's rows need)
            box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            twins.append(box)
            boxes[team.team_id] = QVBoxLayout(box)
            row.addWidget(box, 1)
        layout.addLayout(row, stretch)
        self.twin_rows.append(twins)
        return boxes

    def even_boxes(self) -> None:
        """Side-by-side team boxes at least as wide as the widest one's rows need, once a plan is shown: a narrow
        window once cut "or type the dice" to "or type t"; now the wizard cannot be made that narrow, and a
        scrolled page scrolls sideways."""
        for twins in self.twin_rows:
            need = max(box.minimumSizeHint().width() for box in twins)
            for box in twins:
                box.setMinimumWidth(need)
