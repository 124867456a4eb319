"""The team's "Reserves" tab: approval, the Reserve Coach and his bonus, pending bonuses, the history.

Teams that may never have a reserve team are told why, in words. Reserve affairs are step 4.1 of the
post-match sequence: the tab says when that is and opens the sequence (a round begun outside the wizard and
left half done is continued in its dialog). Drafting happens in Hire Freebooters of a fixture's pre-match
sequence: the Draft button opens the pre-match wizard of the team's next fixture. Every change goes through
roster_app.services (one undo step each).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from roster_app.rules.clock import Act
from roster_app.rules.reserves import Step
from roster_app.rules.roster import gp
from roster_app.words import possessive
from ui.kit import ask
from ui.kit.tables import make_table
from ui.pages.team.reserve_history_model import ReserveHistoryModel
from ui.sequences.postmatch.link import SequenceLink

# The reserves' queries and services (the ORM) are imported where used, when the tab is shown or acts: the
# league shows before the ORM loads (tests/ui/app/test_start_path.py).
if TYPE_CHECKING:
    from roster_app.queries.reserves import ReservesInfo

RESERVE_TABLES = {
    "reserve_side",
    "reserve_event",
    "team",
    "player",
    "dice_roll",
    "ruleset_table",
    "ledger_entry",
    "match",
}
NEXT_STEP = {
    Step.UPKEEP: N_("next: pay the upkeep (or let the coach leave)"),
    Step.TABLE: N_("upkeep paid; the Reserve Team Table may be rolled"),
    Step.PLAYER_TABLE: N_("a youngster is ready: roll on the Player Table"),
    Step.NEW_PLAYER: N_("a free player is waiting to join the roster"),
    Step.DONE: N_("done for now; next time after the next match"),
}


def _banner(text: str, colour: str, background: str) -> str:
    return f"<div style='color:{colour}; background:{background}; padding:6px;'>{text}</div>"


class ReservesTab(QWidget):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.team_id: int | None = None
        self.info: ReservesInfo | None = None
        self._stale = False  # changed while hidden: read again when shown
        self.dialog: Any = None

        self.status = QLabel(self)
        self.status.setObjectName("reserveStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.approve_button = QPushButton(_("Approve a Reserve Team…"), self)
        self.approve_button.clicked.connect(self.approve)
        self.withdraw_button = QPushButton(_("Withdraw Approval…"), self)
        self.withdraw_button.clicked.connect(self.withdraw)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.approve_button)
        status_row.addWidget(self.withdraw_button)

        self.coach_label = QLabel(self)
        self.coach_label.setObjectName("reserveCoach")
        self.coach_label.setWordWrap(True)
        self.coach_types = QComboBox(self)
        self.hire_button = QPushButton(_("Hire Reserve Coach"), self)
        self.hire_button.clicked.connect(self.hire_coach)
        hire_row = QHBoxLayout()
        hire_row.addWidget(self.coach_types, 1)
        hire_row.addWidget(self.hire_button)
        coach_box = QGroupBox(_("Reserve Coach"), self)
        coach_layout = QVBoxLayout(coach_box)
        coach_layout.addWidget(self.coach_label)
        coach_layout.addLayout(hire_row)

        self.bonus_labels: dict[str, QLabel] = {}
        bonus_box = QGroupBox(_("Next Player Table roll"), self)
        bonus_form = QFormLayout(bonus_box)
        for key, title in (("coach", _("Reserve Coach's bonus")), ("promising", _("Promising youngsters")),
                           ("carried", _("Carried from an unaffordable roll")), ("total", _("<b>Total</b>"))):  # fmt: skip
            label = QLabel(self)
            label.setObjectName(f"bonus_{key}")
            self.bonus_labels[key] = label
            bonus_form.addRow(title, label)

        boxes = QHBoxLayout()
        boxes.addWidget(coach_box, 1)
        boxes.addWidget(bonus_box, 1)

        # Reserve affairs are step 4.1 of the post-match sequence: this tab leads into it. Only a round begun
        # outside the wizard (by the services) and left half done is continued here.
        self.sequence = SequenceLink(session, Act.RESERVES, self)
        self.affairs_button = QPushButton(_("Continue Reserve Affairs…"), self)
        self.affairs_button.clicked.connect(self.open_affairs)
        self.affairs_label = QLabel(self)
        self.affairs_label.setWordWrap(True)
        self.affairs_label.setTextFormat(Qt.TextFormat.PlainText)
        self.draft_button = QPushButton(_("Draft from the Reserves (Hire Freebooters)…"), self)
        self.draft_button.clicked.connect(self.open_draft)
        self.draft_label = QLabel(self)
        self.draft_label.setWordWrap(True)
        self.draft_label.setTextFormat(Qt.TextFormat.RichText)  # escaped names inside
        actions = QFormLayout()
        actions.addRow(QLabel(_("Reserve affairs:")), self.sequence)
        actions.addRow(self.affairs_button, self.affairs_label)
        actions.addRow(self.draft_button, self.draft_label)

        self.history_model = ReserveHistoryModel(self)
        self.history_view = make_table(self.history_model, self)
        self.history_view.setObjectName("reserveHistory")
        self.history_view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        header = self.history_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)

        self.body = QWidget(self)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addLayout(boxes)
        body.addLayout(actions)
        body.addWidget(QLabel(_("<b>History of reserve affairs</b>")))
        body.addWidget(self.history_view, 1)

        self.filler = QWidget(self)  # keeps the status at the top when there is nothing else to show
        layout = QVBoxLayout(self)
        layout.addLayout(status_row)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.filler, 1)
        session.changed.connect(self.refresh)

    # -- showing ---------------------------------------------------------------------------------
    def showEvent(self, event: Any) -> None:  # noqa: N802
        super().showEvent(event)
        if self._stale:
            self.refresh(None)

    def show_team(self, team_id: int | None) -> None:
        self.team_id = team_id
        self.refresh(None)

    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not (tables & RESERVE_TABLES):
            return
        if not self.isVisible():  # read when the tab is shown: opening a league does not wait for it (~60 ms)
            self._stale = True
            return
        from roster_app.queries import reserves as reserve_queries

        self._stale = False
        db = self.session.db
        self.info = reserve_queries.reserves_info(db, self.team_id) if self.team_id is not None else None
        info = self.info
        if info is None:
            self.status.setText(_("No team selected."))
            self.body.setVisible(False)
            self.filler.setVisible(True)
            self.approve_button.setVisible(False)
            self.withdraw_button.setVisible(False)
            return
        self._show_status(info)
        self._show_coach(info)
        self._show_bonuses(info)
        self._show_actions(info)
        self.history_model.set_rows(reserve_queries.reserve_history(db, info.team_id))

    def _show_status(self, info: ReservesInfo) -> None:
        writable = not self.session.read_only
        if info.refusal:
            text = _banner(
                _("<b>No reserve team.</b> {why}").format(why=escape(info.refusal)), "#7a1f1f", "#fbeaea"
            )
        elif not info.approved:
            text = _banner(
                _("<b>{team} has no reserve team yet.</b> A reserve team needs the League "
                  "Commissioner's approval; then hire a Reserve Coach.").format(team=escape(info.team_name)),
                "#5b4a00", "#fdf6dc")  # fmt: skip
        else:
            text = _banner(_("<b>Reserve team approved by the commissioner.</b>"), "#1b5e2b", "#e8f5ea")
        self.status.setText(text)
        self.body.setVisible(info.refusal is None)
        self.filler.setVisible(info.refusal is not None)
        self.approve_button.setVisible(info.refusal is None and not info.approved)
        self.withdraw_button.setVisible(info.refusal is None and info.approved and not info.has_coach)
        self.approve_button.setEnabled(writable)
        self.withdraw_button.setEnabled(writable)

    def _show_coach(self, info: ReservesInfo) -> None:
        if info.has_coach:
            bonus = (_("+{bonus} on the Player Table").format(bonus=info.coach_bonus) if info.coach_bonus
                     else _("no Player Table bonus"))  # fmt: skip
            self.coach_label.setText(
                _(
                    "<b>{coach} Reserve Coach</b> ({bonus}).<br>Upkeep {gold} at each "
                    "post-match purchases step, or he leaves with all his stars of the future."
                ).format(coach=info.coach_type, bonus=bonus, gold=gp(info.upkeep))
            )
        elif info.approved:
            self.coach_label.setText(
                _("No Reserve Coach. Hire one (one at a time); his cost comes from the treasury.")
            )
        else:
            self.coach_label.setText(
                _("A Reserve Coach can be hired once the commissioner approves a reserve team.")
            )
        self.coach_types.clear()
        for coach in info.coach_types:
            bonus = _("+{bonus} on the Player Table").format(bonus=coach.bonus) if coach.bonus else _("no bonus")
            self.coach_types.addItem(f"{coach.name}: {gp(coach.cost)} ({bonus})", coach.name)
        can_hire = info.approved and not info.has_coach and not self.session.read_only
        self.coach_types.setVisible(not info.has_coach)
        self.hire_button.setVisible(not info.has_coach)
        self.coach_types.setEnabled(can_hire)
        self.hire_button.setEnabled(can_hire)

    def _show_bonuses(self, info: ReservesInfo) -> None:
        labels = self.bonus_labels
        labels["coach"].setText(f"+{info.coach_bonus}" + (f" ({info.coach_type})" if info.has_coach else ""))
        labels["promising"].setText(f"+{info.promising}")
        labels["carried"].setText(f"+{info.carried}")
        labels["total"].setText(f"<b>D6 + {info.player_table_modifier}</b>")

    def _show_actions(self, info: ReservesInfo) -> None:
        writable = not self.session.read_only
        self.sequence.show_team(info.team_id)
        if not info.has_coach:
            self.sequence.label.setText(_("Reserve affairs need a Reserve Coach."))
            self.sequence.button.setVisible(False)
        half_done = info.has_coach and (info.round.in_progress or info.round.unfinished)
        self.affairs_button.setVisible(half_done)
        self.affairs_label.setVisible(half_done)
        self.affairs_button.setEnabled(writable and half_done)
        if half_done:
            self.affairs_label.setText(
                _("Begun outside the post-match wizard: {step}.").format(step=_(NEXT_STEP[info.round.step]))
            )
        self.draft_fixture, fixture, when = self._draft_fixture(info)
        self.draft_button.setEnabled(writable and info.draft_refusal is None and when is None)
        if info.draft_refusal:
            self.draft_label.setText(f"<span style='color:#5b6470'>{escape(info.draft_refusal)}</span>")
        elif when:
            self.draft_label.setText(f"<span style='color:#5b6470'>{escape(when)}</span>")
        else:
            self.draft_label.setText(
                _(
                    "{n} players can start the next match ({fixture}): the team may draft at "
                    "half cost, in Hire Freebooters of its pre-match sequence."
                ).format(n=info.available, fixture=escape(fixture))
            )

    def _draft_fixture(self, info: ReservesInfo) -> tuple[int | None, str, str | None]:
        """The team's next fixture (id, title) and why its pre-match cannot be worked on now (None: it can)."""
        from roster_app.queries.clock import DRAFT_WHEN
        from roster_app.queries.prematch import pre_match, team_next_fixture

        match_id, title = team_next_fixture(self.session.db, info.team_id)
        if match_id is None:
            return (
                None,
                "",
                _("{when}: {team} have no fixture to play.").format(when=_(DRAFT_WHEN), team=info.team_name),
            )
        view = pre_match(self.session.db, match_id)
        return match_id, title, view.refusal if view is not None else None

    # -- actions ---------------------------------------------------------------------------------
    def approve(self) -> None:
        if self.info is None:
            return
        if ask.confirm(self, _("Record that the League Commissioner approves a reserve team for "
                               "{team}?").format(team=self.info.team_name), yes=_("Approve")):  # fmt: skip
            from roster_app.services.reserves import approve_reserves

            self.session.run(approve_reserves, parent=self, team_id=self.info.team_id)

    def withdraw(self) -> None:
        if self.info is None:
            return
        if ask.confirm(
            self,
            _("Withdraw the approval of {owner} reserve team?").format(
                owner=possessive(self.info.team_name), name=self.info.team_name
            ),
            yes=_("Withdraw"),
        ):
            from roster_app.services.reserves import approve_reserves

            self.session.run(approve_reserves, parent=self, team_id=self.info.team_id, approved=False)

    def hire_coach(self) -> None:
        if self.info is None or self.coach_types.currentData() is None:
            return
        from roster_app.services.reserves import hire_reserve_coach

        coach = next(c for c in self.info.coach_types if c.name == self.coach_types.currentData())
        bonus = (_("+{bonus} on the Player Table").format(bonus=coach.bonus) if coach.bonus
                 else _("no Player Table bonus"))  # fmt: skip
        if not ask.confirm(self, _("Hire a {coach} Reserve Coach for {owner} reserve team for {cost} ({bonus})? "
                                   "His upkeep is {upkeep} at each post-match purchases step.").format(
                               coach=coach.name, owner=possessive(self.info.team_name), name=self.info.team_name,
                               cost=gp(coach.cost), bonus=bonus, upkeep=gp(self.info.upkeep)), yes=_("Hire")):  # fmt: skip
            return
        self.session.run(hire_reserve_coach, parent=self, team_id=self.info.team_id, coach_type=coach.name)

    def open_affairs(self) -> Any:
        from ui.pages.team.reserve_affairs_dialog import ReserveAffairsDialog

        if self.team_id is None:
            return None
        match_id = self.sequence.moment.match_id if self.sequence.moment else None
        return self._open(ReserveAffairsDialog(self.session, self.team_id, self, match_id=match_id))

    def open_draft(self) -> Any:
        """Hire Freebooters: the pre-match wizard of the team's next fixture, on its first page."""
        from ui.sequences.prematch.wizard import PageId, PreMatchWizard

        if self.team_id is None or self.draft_fixture is None:
            return None
        return self._open(PreMatchWizard(self.session, self.draft_fixture, self, start=PageId.FREEBOOTERS))

    def _open(self, dialog: Any) -> Any:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog  # the last dialog opened (tests and the keyboard focus)
        dialog.open()
        return dialog
