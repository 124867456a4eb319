"""The ten-step transfer (reserve-teams article), overseen by the commissioner.

Step 2 writes the approach (it counts even if the deal fails); a refusal or a pull-out is written where it
happens and the wizard ends on "the deal is off". Steps 6-10 are written together at Finish, or not at all.
Cancel writes nothing more than what was already recorded.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget, QWizard

from roster_app.i18n import _
from roster_app.rules.transfers import STEPS
from ui.kit import ask
from ui.kit.handbook import help_key
from ui.sequences.transfer.pages.approach import TellCoachPage
from ui.sequences.transfer.pages.choose import ChoosePlayerPage
from ui.sequences.transfer.pages.consent import SellerConsentPage
from ui.sequences.transfer.pages.contract import NewContractPage
from ui.sequences.transfer.pages.deal_off import DealOffPage
from ui.sequences.transfer.pages.last_chance import LastChancePage
from ui.sequences.transfer.pages.movements import MovementsPage
from ui.sequences.transfer.pages.price import PricePage
from ui.sequences.transfer.steps import STEP_OF_PAGE, Draft, Page

PAGES = {  # one page a step (steps 6-9 share one summary page)
    Page.CHOOSE: ChoosePlayerPage,
    Page.APPROACH: TellCoachPage,
    Page.CONSENT: SellerConsentPage,
    Page.PRICE: PricePage,
    Page.LAST_CHANCE: LastChancePage,
    Page.MOVEMENTS: MovementsPage,
    Page.CONTRACT: NewContractPage,
    Page.DEAL_OFF: DealOffPage,
}


class StepList(QLabel):
    """The ten steps down the side, the current one in bold, the ones done ticked."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("transferSteps")
        self.setWordWrap(True)
        self.setFixedWidth(215)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setStyleSheet("QLabel#transferSteps { background: #f6f7f9; padding: 10px; }")

    def show_step(self, page: int, *, skipped: frozenset[int] = frozenset(), ended: bool = False) -> None:
        """Mark the steps of `page` as current, earlier ones done (or skipped), later ones to come."""
        current = STEP_OF_PAGE.get(page, ())
        first = min(current) if current else 11
        lines = ["<b>" + _("The ten steps") + "</b><br>"]
        not_needed = _("(not needed)")
        for number, text in enumerate(STEPS, start=1):
            short = _(text).split(":")[0]
            if number in skipped and number < first:
                lines.append(f"<p style='margin:4px 0; color:#9a9a9a'>– {number}. {short} {not_needed}</p>")
            elif number in current and ended:
                lines.append(f"<p style='margin:4px 0; color:#a32020'><b>✗ {number}. {short}</b></p>")
            elif number in current:
                lines.append(f"<p style='margin:4px 0'><b>▶ {number}. {short}</b></p>")
            elif number < first:
                lines.append(f"<p style='margin:4px 0; color:#1b7f3b'>✓ {number}. {short}</p>")
            else:
                lines.append(f"<p style='margin:4px 0; color:#5b6470'>{number}. {short}</p>")
        if ended:
            lines.append("<p style='margin-top:10px; color:#a32020'><b>" + _("The deal is off.") + "</b></p>")
        self.setText("".join(lines))


class TransferWizard(QWizard):
    def __init__(self, session: Any, parent: QWidget | None = None, *, buyer_id: int | None = None,
                 player_id: int | None = None):  # fmt: skip
        super().__init__(parent)
        help_key(self, "transfers")  # F1: the handbook's section (issue 35)
        self.session = session
        self.draft = Draft(buyer_id=buyer_id, player_id=player_id)
        self.setWindowTitle(_("Transfer a player"))
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnLastPage, True)
        self.setOption(QWizard.WizardOption.NoCancelButtonOnLastPage, False)
        self.resize(1180, 700)  # fits a 1366x768 laptop with its title bar and panel
        self.steps = StepList(self)
        self.setSideWidget(self.steps)
        for page_id, page_class in PAGES.items():
            self.setPage(page_id, page_class(self))
        self.setStartId(Page.CHOOSE)
        self.currentIdChanged.connect(self._show_step)
        self.steps.show_step(Page.CHOOSE)

    def _show_step(self, page: int) -> None:
        terms = self.draft.terms
        skipped = frozenset({3}) if terms is not None and not terms.under_contract else frozenset()
        if page == Page.DEAL_OFF:  # the step where the deal ended is marked, not the end page
            visited = [p for p in self.visitedIds() if p != Page.DEAL_OFF]
            self.steps.show_step(visited[-1] if visited else Page.CHOOSE, skipped=skipped, ended=True)
            return
        self.steps.show_step(page, skipped=skipped)

    def deal_open(self) -> bool:
        """The approach is recorded and the deal neither finished nor off: closing now would throw it away."""
        d = self.draft
        return d.transfer_id is not None and not d.completed and not d.deal_off

    def reject(self) -> None:
        """Cancel, Esc or the window's close: a deal under way is not thrown away without a question (issue 35)."""
        if self.deal_open() and not ask.confirm(
            self,
            _(
                "Close the transfer without finishing it? The approach stands (it counts even if the deal goes no "
                "further): the player may not be approached again until his team's next match, and the dice typed "
                "since are lost."
            ),
            yes=_("Close the Transfer"),
        ):
            return
        super().reject()

    def run(self, service: Any, **kwargs: Any) -> Any:
        """A service call for a page; a refusal is shown in words and returns None."""
        return self.session.run(service, parent=self, **kwargs)
