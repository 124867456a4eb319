"""Step 4.2 of the post-match wizard: transfers, through the real transfer wizard.

Transfers come after contracts and before normal purchases, and each transfer is its own transaction (the
approach counts even if the deal fails). So the transfer wizard may only open once steps 1 to 4.1 are in the
league: opening it writes them first, for both teams, as one undo step; Finish then writes 4.3 and 5 from the
treasuries and rosters as the transfers left them (nothing of a transfer is undone or counted twice). Without
a transfer, Finish writes the whole sequence in one transaction.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from roster_app.i18n import _
from roster_app.queries import transfers as transfer_queries
from roster_app.queries.transfers import naive_utc
from roster_app.rules.postmatch import BEFORE_TRANSFERS
from roster_app.rules.roster import gp
from roster_app.services.postmatch.write import write_before_transfers
from ui.kit import ask
from ui.kit.basics import rich_label, text_html
from ui.sequences.postmatch.base import PostMatchSequence, StepPage, note, problems_text


class TransfersPage(StepPage):
    def __init__(self, wizard: PostMatchSequence):
        super().__init__(wizard)
        self.setTitle(_("4.2 Transfers"))
        self.setSubTitle(_("After contracts, before normal purchases, so a team can spend what it receives."))
        self.transfer_wizard: Any = None
        self.status = rich_label(self)
        self.status.setObjectName("transfersStatus")
        self.buyer = QComboBox(self)
        for team in self.plan.teams:
            self.buyer.addItem(team.name, team.team_id)
        self.transfer_button = QPushButton(_("Open the Transfer Wizard…"), self)
        self.transfer_button.clicked.connect(self.open_transfers)
        self.made = rich_label(self)
        self.made.setObjectName("transfersMade")
        row = QHBoxLayout()
        row.addWidget(QLabel(_("Buying team:"), self))
        row.addWidget(self.buyer)
        row.addWidget(self.transfer_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "A team may approach a player of another team once after every match his team plays; the "
                "transfer wizard walks the ten steps of the article, and the commissioner oversees it."
            )
        )
        intro.setWordWrap(True)  # an unwrapped line would widen the whole wizard at this step
        layout.addWidget(intro)
        layout.addWidget(self.status)
        layout.addLayout(row)
        layout.addWidget(self.made)
        layout.addStretch(1)
        layout.addWidget(note(_("Each transfer is its own undo step (Edit > Undo), like on the Transfers page.")))
        layout.addWidget(self.problems)

    def _earlier_problems(self) -> list[str]:
        return [p for step in BEFORE_TRANSFERS for p in self.plan.problems_in(step)]

    def show_plan(self) -> None:
        written = self.plan.before_transfers_written
        if written:
            self.status.setText(_("Steps 1 to 4.1 are written for both teams. Transfers made now are their own "
                                  "undo steps; Finish writes 4.3 and 5 from the treasuries and rosters as the "
                                  "transfers leave them."))  # fmt: skip
        else:
            self.status.setText(_("No transfer? Go on: Finish writes the whole sequence at once.<br>To make a "
                                  "transfer, <b>opening the Transfer Wizard first writes steps 1 to 4.1</b> for both "
                                  "teams (one undo step), so that the deal sees this match's winnings, SPP, fan "
                                  "factors, reserve affairs and contracts; Finish then writes 4.3 and 5."))  # fmt: skip
        earlier = [] if written else self._earlier_problems()
        self.transfer_button.setEnabled(not earlier and not self.w.session.read_only)
        self.problems.setText(problems_text([_("Before any transfer:"), *earlier]) if earlier else "")
        self.made.setText(self._transfers_made())

    def _transfers_made(self) -> str:
        since = naive_utc(self.plan.played_at)
        names = {t.name for t in self.plan.teams}
        rows = [r for r in transfer_queries.transfers(self.w.session.db)
                if since is not None and naive_utc(r.created_at) > since and {r.buyer, r.seller} & names]  # fmt: skip
        if not rows:
            return ""
        lines = [text_html(f"{r.player}: {r.seller} → {r.buyer}, {_(r.status)}"
                           + (" " + _("for {price}").format(price=gp(r.price)) if r.price else ""))
                 for r in reversed(rows)]  # fmt: skip
        return "<b>" + _("Since this match") + "</b><br>" + "<br>".join(lines)

    def open_transfers(self) -> Any:
        """Write steps 1 to 4.1 if they are not yet (asked first), then open the transfer wizard."""
        if not self.plan.before_transfers_written:
            question = _("Transfers come after contracts. Write steps 1 to 4.1 for both teams now (winnings, SPP, "
                         "fan factor, reserve affairs and contracts, as this wizard shows them) and open the "
                         "Transfer Wizard? Edit > Undo takes the steps back.")  # fmt: skip
            if not ask.confirm(self, question, title=_("Transfers"), yes=_("Write Steps 1 to 4.1")):
                return None
            self.w.draft.page = max(self.w.draft.page, self.w.currentId())
            change = self.w.session.run(write_before_transfers, parent=self, match_id=self.w.match_id,
                                        draft=self.w.draft)  # fmt: skip
            if change is None:
                return None
            self.w.mark_saved()
        from ui.sequences.transfer.wizard import TransferWizard

        if self.transfer_wizard is not None:
            self.transfer_wizard.deleteLater()
        self.transfer_wizard = TransferWizard(self.w.session, self.w, buyer_id=self.buyer.currentData())
        self.transfer_wizard.setWindowModality(Qt.WindowModality.WindowModal)
        self.transfer_wizard.open()
        return self.transfer_wizard
