"""Where a team stands on the league's clock for one job, and the way into its post-match sequence.

The Reserves tab, the Contracts page and the Transfers page are views: reserve affairs, contracts and
transfers are done at their step of the post-match sequence (roster_app.queries.clock), so these pages say
when that is and open the sequence the team is in, never a round of their own.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from roster_app.i18n import _
from roster_app.rules.clock import WHEN, Act, Moment

# queries.clock (the ORM) is imported where a team's moment is read: the league shows before the ORM loads
# (tests/ui/app/test_start_path.py).


class SequenceLink(QWidget):
    def __init__(self, session: Any, act: Act, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.act = act
        self.moment: Moment | None = None
        self.label = QLabel(self)
        self.label.setObjectName("clockText")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # team names are shown as typed, never as markup
        self.button = QPushButton(_("Open Post-Match Sequence…"), self)
        self.button.setObjectName("openSequence")
        self.button.setToolTip(_("The post-match sequence the team is in, at the step it has reached"))
        self.button.clicked.connect(self.open_sequence)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)

    def show_team(self, team_id: int | None) -> None:
        from roster_app.queries.clock import team_moment

        self.moment = team_moment(self.session.db, team_id) if team_id is not None else None
        now = self.moment
        if now is None:
            self.label.setText("")
            self.button.setVisible(False)
            return
        refusal = now.refusal(self.act)
        if refusal is None:
            text = _("{team} are {where}: {act} are done now, in the sequence.").format(
                team=now.team, where=_(now.where), act=_(self.act.value)
            )
        else:
            text = refusal
        self.label.setText(text)
        self.button.setVisible(now.match_id is not None)
        self.button.setEnabled(not self.session.read_only)

    def open_sequence(self) -> Any:
        if self.moment is None or self.moment.match_id is None:
            return None
        from ui.sequences.postmatch.wizard import PostMatchWizard

        wizard = PostMatchWizard(self.session, self.moment.match_id, self.window())
        wizard.open()
        return wizard

    def show_league(self) -> list[str]:
        """For a page of every team: which teams are at this job's step now (their names, returned too)."""
        from roster_app.queries.clock import league_moments

        self.moment = None
        ready = [m.team for m in league_moments(self.session.db) if m.match_id is not None and m.allows(self.act)]
        if ready:
            self.label.setText(
                _("At {act} of their post-match sequence now: {teams}.").format(
                    act=_(self.act.value), teams=", ".join(ready)
                )
            )
        else:
            self.label.setText(_("{when}: no team is there now.").format(when=_(WHEN[self.act])))
        self.button.setVisible(False)
        return ready
