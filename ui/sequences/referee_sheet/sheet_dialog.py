"""The referee's match sheet, kept during the match: a tick per turn for "within range of the ball after his
turn", his action each turn, the Riot, his state, casualties, players sent off and Get the Ref. Every entry
is saved at once (one undo step each); Finish Match writes the verdict and his SPP in one transaction."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from roster_app.queries import referees as rq
from roster_app.rules import referees as rr
from roster_app.rules.dice import Roll
from roster_app.services import referees as svc
from roster_app.words import possessive
from ui.kit import ask
from ui.kit.dice_input import DiceInput
from ui.kit.handbook import help_key
from ui.sequences.referee_sheet.rolls_dialog import player_choice

SHEET_TABLES = {"referee_match", "referee", "dice_roll", "match"}
NO_ACTION = "—"
ACTION_LABELS = {
    "move": N_("Move"),
    "block": N_("Block"),
    "foul": N_("Foul"),
    "watch like a hawk": N_("Hawk"),
}  # fit 8 a row
# The ref's states (stored as keys) as the sheet shows them
STATE_LABELS = {
    "standing": N_("standing"), "prone": N_("prone"), "stunned": N_("stunned"), "knocked out": N_("knocked out"),
    "badly hurt": N_("badly hurt"), "injured": N_("injured"), "dead": N_("dead"),
    "sent off by rotten eggs": N_("sent off by rotten eggs"), "sent off": N_("sent off"),
}  # fmt: skip


def _spin(low: int, high: int, special: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)  # typed numbers are saved once, not digit by digit
    if special:
        spin.setSpecialValueText(special)
    return spin


class RefereeSheetDialog(QDialog):
    def __init__(self, session: Any, sheet_id: int, parent: QWidget | None = None):
        super().__init__(parent)
        help_key(self, "referees")  # F1: the handbook's section (issue 35)
        self.session = session
        self.sheet_id = sheet_id
        self.view = rq.sheet_view(session.db, sheet_id)
        self.setWindowTitle(
            _("Match sheet: {referee}").format(referee=self.view.referee_name)
            + (f", {self.view.fixture}" if self.view.fixture else "")
        )
        self.setMinimumWidth(860)
        self.ticks: list[QCheckBox] = []
        self.actions: list[QComboBox] = []

        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        turns = self.view.turns
        for half, first in ((1, 1), (2, turns // 2 + 1)):
            layout.addWidget(self._half_box(half, first, first + turns // 2 - 1))
        layout.addWidget(self._match_box())
        layout.addWidget(self._sent_off_box())
        layout.addWidget(self._get_the_ref_box())
        self.verdict = QLabel(self)
        self.verdict.setObjectName("sheetVerdict")
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet("QLabel#sheetVerdict { font-size: 11pt; padding: 6px; "
                                   "background: #f6f3ea; border: 1px solid #d8d0bd; border-radius: 4px; }")  # fmt: skip
        layout.addWidget(self.verdict)
        layout.addWidget(self._buttons())
        session.changed.connect(self._changed)
        self._load()

    # -- building ------------------------------------------------------------------------------------
    def _half_box(self, half: int, first: int, last: int) -> QGroupBox:
        box = QGroupBox(_("First half") if half == 1 else _("Second half"), self)
        grid = QGridLayout(box)
        grid.addWidget(QLabel(_("Turn")), 0, 0)
        grid.addWidget(QLabel(_("In range")), 1, 0)
        grid.addWidget(QLabel(_("His action")), 2, 0)
        for column, turn in enumerate(range(first, last + 1), start=1):
            label = QLabel(f"<b>{turn}</b>")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            tick = QCheckBox()
            tick.setAccessibleName(_("turn {turn} in range").format(turn=turn))
            tick.toggled.connect(lambda on, t=turn: self._record(turn=t, in_range=on))
            action = QComboBox()
            # eight a row at 860 px: a longer word (French "Agression") is cut, whole in the open list
            action.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            action.setMinimumContentsLength(3)
            action.addItems([NO_ACTION, *(_(ACTION_LABELS[a]) if a in ACTION_LABELS else a for a in rr.ACTIONS)])
            for i, name in enumerate(rr.ACTIONS, start=1):
                action.setItemData(i, name, Qt.ItemDataRole.ToolTipRole)
            action.setAccessibleName(_("turn {turn} action").format(turn=turn))
            action.currentIndexChanged.connect(
                lambda i, t=turn: self._record(turn=t, action=rr.ACTIONS[i - 1] if i else None)
            )
            grid.addWidget(label, 0, column)
            grid.addWidget(tick, 1, column, Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(action, 2, column)
            self.ticks.append(tick)
            self.actions.append(action)
        return box

    def _match_box(self) -> QGroupBox:
        box = QGroupBox(_("The match and the ref"), self)
        grid = QGridLayout(box)
        self.riot = QCheckBox(_("A Riot ended the match early, after turn"))
        self.turns_played = _spin(1, self.view.turns)
        self.riot.toggled.connect(
            lambda on: self._record(riot=on, turns_played=self.turns_played.value() if on else None)
        )
        self.turns_played.valueChanged.connect(lambda n: self._record(riot=True, turns_played=n))
        self.state = QComboBox()
        for state in rr.STATES:
            self.state.addItem(_(STATE_LABELS[state]) if state in STATE_LABELS else state, state)
        self.out_turn = _spin(0, self.view.turns, _("stayed on"))
        self.state.currentIndexChanged.connect(lambda _i: self._state_edited())
        self.out_turn.valueChanged.connect(lambda _n: self._state_edited())
        self.state_hint = QLabel()
        self.casualties = _spin(0, 30)
        self.casualties.valueChanged.connect(lambda n: self._record(casualties=n))
        grid.addWidget(self.riot, 0, 0)
        grid.addWidget(self.turns_played, 0, 1)
        grid.addWidget(QLabel(_("His state:")), 1, 0)
        row = QHBoxLayout()
        row.addWidget(self.state)
        row.addWidget(QLabel(_("left the pitch in turn")))
        row.addWidget(self.out_turn)
        row.addWidget(self.state_hint, 1)
        grid.addLayout(row, 1, 1, 1, 3)
        grid.addWidget(QLabel(_("Casualties he caused:")), 2, 0)
        grid.addWidget(self.casualties, 2, 1)
        grid.setColumnStretch(3, 1)
        return box

    def _sent_off_box(self) -> QGroupBox:
        box = QGroupBox(_("Players he sent off"), self)
        row = QHBoxLayout(box)
        self.sent_off = QListWidget()
        self.sent_off.setMaximumHeight(70)
        self.player = player_choice(rq.fixture_players(self.session.db, self.view.match_id), self)
        self.sent_off_turn = _spin(0, self.view.turns, _("turn?"))
        add = QPushButton(_("Add"))
        add.clicked.connect(self._add_sent_off)
        remove = QPushButton(_("Remove"))
        remove.clicked.connect(self._remove_sent_off)
        self.player.lineEdit().returnPressed.connect(self._add_sent_off)
        row.addWidget(self.sent_off, 2)
        column = QVBoxLayout()
        line = QHBoxLayout()
        line.addWidget(self.player, 1)
        line.addWidget(QLabel(_("in")))
        line.addWidget(self.sent_off_turn)
        column.addLayout(line)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        column.addLayout(buttons)
        self.calls = QLabel(self)  # the match pad's calls: warnings, fouls spotted or missed
        self.calls.setObjectName("sheetCalls")
        self.calls.setWordWrap(True)
        self.calls.setTextFormat(Qt.TextFormat.PlainText)
        column.addWidget(self.calls)
        row.addLayout(column, 3)
        return box

    def _get_the_ref_box(self) -> QGroupBox:
        box = QGroupBox(_("Get the Ref (kick-off table)"), self)
        row = QHBoxLayout(box)
        self.gtr_turn = _spin(1, self.view.turns)
        self.gtr_dice = DiceInput("D6", self, roll_text=_("Get the Ref! Roll D6"))  # an Escapist rolls to evade it
        self.gtr_dice.rolled.connect(self.get_the_ref)
        self.gtr_button = QPushButton(_("Get the Ref!"))  # anyone else is simply out
        self.gtr_button.clicked.connect(lambda: self.get_the_ref(None))
        self.gtr_result = QLabel()
        row.addWidget(QLabel(_("Kick-off before turn")))
        row.addWidget(self.gtr_turn)
        row.addWidget(self.gtr_dice)
        row.addWidget(self.gtr_button)
        row.addWidget(self.gtr_result, 1)
        return box

    def _buttons(self) -> QDialogButtonBox:
        self.buttons = QDialogButtonBox(self)
        self.send_off_button = self.buttons.addButton(_("Send-off Roll…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.penalty_button = self.buttons.addButton(_("Penalty Roll…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.discard_button = self.buttons.addButton(
            _("Discard Sheet"), QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.link_button = self.buttons.addButton(_("Link to Fixture…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.link_button.setToolTip(_("An older Dugout kept this sheet without its game: say which game it is."))
        self.link_button.clicked.connect(self.link)
        self.close_button = self.buttons.addButton(_("Close"), QDialogButtonBox.ButtonRole.RejectRole)
        self.finish_button = self.buttons.addButton(_("Finish Match"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.close_button.setToolTip(_("Everything is already saved; come back to the sheet later."))
        self.send_off_button.clicked.connect(self.rolls)
        self.penalty_button.clicked.connect(self.rolls)
        self.discard_button.clicked.connect(self.discard)
        self.close_button.clicked.connect(self.reject)
        self.finish_button.clicked.connect(self.finish)
        return self.buttons

    # -- showing the sheet -----------------------------------------------------------------------------
    def _load(self) -> None:
        view = self.view
        widgets = [*self.ticks, *self.actions, self.riot, self.turns_played, self.state, self.out_turn,
                   self.casualties]  # fmt: skip
        for widget in widgets:
            widget.blockSignals(True)
        available = set(view.available)
        for turn, (tick, action) in enumerate(zip(self.ticks, self.actions, strict=True), start=1):
            tick.setChecked(bool(view.in_range[turn - 1]))
            act = view.actions[turn - 1]
            action.setCurrentIndex(rr.ACTIONS.index(act) + 1 if act in rr.ACTIONS else 0)
            open_ = turn in available and not view.finished
            tick.setEnabled(open_)
            action.setEnabled(open_)
            why = "" if turn in available else self._why_closed(turn)
            tick.setToolTip(why)
            action.setToolTip(why)
        self.riot.setChecked(view.riot)
        self.turns_played.setValue(view.turns_played)
        self.turns_played.setEnabled(view.riot and not view.finished)
        self.state.setCurrentIndex(max(0, self.state.findData(view.state)))
        self.out_turn.setValue(view.out_turn or 0)
        self.casualties.setValue(view.casualties)
        for widget in widgets:
            widget.blockSignals(False)
        self.sent_off.clear()
        self.sent_off.addItems(
            [
                f"{player}" + (" " + _("(turn {turn})").format(turn=turn) if turn else "")
                for turn, player in view.sent_off
            ]
        )
        others = [c for c in view.calls if c.get("call") != "sent off"]
        self.calls.setText(
            _("The pad's calls: {calls}").format(calls="; ".join(
                f"{_(c['call'])}: {c['player']}" + (" " + _("(turn {turn})").format(turn=c["turn"]) if c.get("turn") else "")
                for c in others))
        )  # fmt: skip
        self.calls.setVisible(bool(others))
        self._show_heading()
        self._show_get_the_ref()
        self._show_verdict()
        for widget in (self.riot, self.state, self.out_turn, self.casualties, self.player, self.finish_button,
                       self.discard_button, self.link_button):  # fmt: skip
            widget.setEnabled(not view.finished and not self.session.read_only)
        self.link_button.setVisible(view.match_id is None)
        self.state_hint.setText("")

    def _why_closed(self, turn: int) -> str:
        view = self.view
        if turn > view.turns_played:
            return _("Not played: the Riot ended the match after turn {turn}.").format(turn=view.turns_played)
        if view.get_the_ref is not None and not view.escaped and turn >= view.get_the_ref:
            return _("Get the Ref took him out before turn {turn}.").format(turn=view.get_the_ref)
        return _("He was off the pitch.")

    def _show_heading(self) -> None:
        view = self.view
        range_skills = [
            s for s in view.skills if s in self.session.db.ruleset.table("referee_rules")["range_skills"]
        ]
        why = f" ({', '.join(range_skills)})" if range_skills else ""
        star = _("Star Ref") if view.is_star else _("league referee")
        game = (f"<b>{escape(view.fixture[:1].upper() + view.fixture[1:])}</b>" if view.fixture else "<span style='color:#a32020'>"
                + _("This sheet belongs to no fixture (an older Dugout made it): Link to Fixture… says which game it is.")
                + "</span>")  # fmt: skip
        self.heading.setText(
            f"<b style='font-size:14pt'>{escape(view.referee_name)}</b> &nbsp; {star}<br>{game}<br>"
            + _("Tick a turn when, after his turn, he is within <b>{range} squares</b> of the ball{why}.").format(
                range=view.range, why=why
            )
        )

    def _show_get_the_ref(self) -> None:
        view = self.view
        escapist = "Escapist" in view.skills
        self.gtr_dice.setVisible(escapist)
        self.gtr_button.setVisible(not escapist)
        open_ = view.get_the_ref is None and not view.finished and not self.session.read_only
        for widget in (self.gtr_dice, self.gtr_button, self.gtr_turn):
            widget.setEnabled(open_)
        if view.get_the_ref is None:
            self.gtr_result.setText(
                _("Escapist evades it on a D6 of 4+.") if escapist else _("No Escapist: he would be out.")
            )
            return
        self.gtr_turn.setValue(view.get_the_ref)
        text = _("Escapist saved him.") if view.escaped else _("He is out for the match; a normal ref took over.")
        self.gtr_result.setText(
            "<b>" + _("Get the Ref before turn {turn}:").format(turn=view.get_the_ref) + f"</b> {text}"
        )

    def _show_verdict(self) -> None:
        view = self.view
        verdict = view.verdict
        colour = {"sacked": "#b3261e", "award": "#2e7d32"}.get(verdict.result, "#1d1d1f")
        prefix = _("Result") if view.finished else _("If the match ended now")
        self.verdict.setText(f"{prefix}: <b style='color:{colour}'>{verdict.describe()}</b>")

    def _changed(self, tables: set[str]) -> None:
        if not tables & SHEET_TABLES:
            return
        view = rq.sheet_view(self.session.db, self.sheet_id)
        if view is None:  # discarded (or its creation undone)
            self.reject()
            return
        self.view = view
        self._load()

    # -- writing ---------------------------------------------------------------------------------------
    def _record(self, **fields: Any) -> Any:
        change = self.session.run(svc.record_sheet, parent=self, sheet_id=self.sheet_id, **fields)
        if change is None:
            self._load()  # refused: show the sheet as it is
        return change

    def _state_edited(self) -> None:
        state = self.state.currentData()
        out_turn = self.out_turn.value() or None
        if state not in rr.ON_PITCH_STATES and out_turn is None:
            self.state_hint.setText("<span style='color:#a32020'>" + _("In which turn was he {state}?").format(
                state=self.state.currentText()) + "</span>")  # fmt: skip
            return
        self.state_hint.setText("")
        if (state, out_turn) != (self.view.state, self.view.out_turn):
            self._record(state=state, out_turn=out_turn)

    def _sent_off_list(self) -> list[dict[str, Any]]:
        return [{"turn": turn, "player": player} for turn, player in self.view.sent_off]

    def _add_sent_off(self) -> None:
        player = self.player.currentText().strip()
        if not player:
            return
        entry = {"turn": self.sent_off_turn.value() or None, "player": player}
        if self._record(sent_off=[*self._sent_off_list(), entry]) is not None:
            self.player.setCurrentIndex(-1)
            self.player.clearEditText()

    def _remove_sent_off(self) -> None:
        row = self.sent_off.currentRow()
        if row < 0:
            return
        entries = self._sent_off_list()
        del entries[row]
        self._record(sent_off=entries)

    def get_the_ref(self, roll: Roll | None) -> None:
        """Get the Ref before the chosen turn: `roll` is an Escapist's D6 (None for a ref who has no roll)."""
        self.session.run(svc.get_the_ref, parent=self, sheet_id=self.sheet_id, turn=self.gtr_turn.value(),
                         roll=roll)  # fmt: skip

    def rolls(self) -> Any:
        from ui.sequences.referee_sheet.rolls_dialog import RefereeRollsDialog

        dialog = RefereeRollsDialog(self.session, self.view.referee_id, self.sheet_id, self)
        dialog.open()
        return dialog

    def discard(self) -> None:
        if ask.confirm(self, _("Throw away {owner} match sheet?").format(
                owner=possessive(self.view.referee_name), name=self.view.referee_name), yes=_("Discard")):  # fmt: skip
            self.session.run(svc.discard_sheet, parent=self, sheet_id=self.sheet_id)

    def link(self) -> None:
        fixtures = rq.fixtures_without_sheet(self.session.db)
        if not fixtures:
            ask.info(self, _("Every fixture of this season already has its referee's match sheet."))
            return
        index = ask.pick(self, _("Which game did {referee} referee?").format(referee=self.view.referee_name),
                         [f.title for f in fixtures], title=_("Link to Fixture"))  # fmt: skip
        if index is not None:
            self.session.run(svc.link_sheet, parent=self, sheet_id=self.sheet_id, match_id=fixtures[index].id)

    def finish(self) -> None:
        verdict = self.view.verdict
        if not ask.confirm(self, _("Finish the match for {referee}?").format(referee=self.view.referee_name)
                           + f"\n\n{verdict.describe()}", yes=_("Finish Match")):  # fmt: skip
            return
        change = self.session.run(svc.finish_match, parent=self, sheet_id=self.sheet_id)
        if change is None:
            return
        message = change.result.describe()
        card = rq.referee_card(self.session.db, self.view.referee_id)
        if card is not None and card.rolls_due:
            message += "\n\n" + _("{referee} reached {level}: a Star Player roll is due (Advance…).").format(
                referee=card.name, level=_(card.level)
            )
        ask.info(self, message, title=_("End of the match"))
        self.accept()
