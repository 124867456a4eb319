"""The match pad window: the game at the table, keyboard first. Every event is saved as it is made
(services/matchpad.record_event, one undo step on the pad's own undo stack); full time writes the match report
and the ref's sheet, then opens the post-match sequence for the fixture."""

from __future__ import annotations

import logging
from html import escape
from typing import Any

from PySide6.QtCore import QElapsedTimer, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.queries import matchpad as q
from roster_app.rules import matchpad as mp
from roster_app.rules import referees as rr
from roster_app.services import matchpad as pad
from ui.kit.basics import plain_tip
from ui.kit.dice_input import DiceInput
from ui.sequences.match_pad.gate import GateInput
from ui.sequences.match_pad.pitch import PitchGrid
from ui.sequences.match_pad.registry import OPEN

# Every event and command of the pad, by key: (name, text, shortcut). A test walks this list.
KEYS = [
    ("touchdown", "Touchdown", "T"), ("completion", "Completion", "C"), ("interception", "Interception", "I"),
    ("casualty", "Casualty", "K"), ("injury", "Injury", "J"),
    ("sent off", "Sent Off", "S"), ("mvp", "MVP", "M"), ("home", "Home Players", "H"), ("away", "Away Players", "A"),
    ("ref state", "Ref's State", "X"), ("in range", "In Range", "R"), ("move", "Ref Moves", "Ctrl+1"),
    ("block", "Ref Blocks", "Ctrl+2"), ("foul", "Ref Fouls", "Ctrl+3"), ("watch like a hawk", "Ref Watches", "Ctrl+4"),
    ("end turn", "End Turn (the ref's turn)", "N"), ("send-off roll", "Send-Off Roll", "O"),
    ("penalty roll", "Penalty Roll", "P"), ("get the ref", "Get the Ref", "G"), ("kick-off", "Kick-Off Roll", "Ctrl+K"),
    ("ref casualty", "Ref Hurts a Player", "Shift+K"), ("riot", "Riot", "Ctrl+R"), ("gate", "Gate Dice", "F"),
    ("full time", "Full Time", "Ctrl+Return"), ("undo", "Undo", "Ctrl+Z"), ("redo", "Redo", "Ctrl+Shift+Z"),
]  # fmt: skip
log = logging.getLogger(__name__)
BIG = "font-size:20pt; font-weight:bold"
NUMBER_ROLE = Qt.ItemDataRole.UserRole + 1
PAD_TABLES = {"live_event", "live_match", "referee_match", "referee", "player", "match"}


class PlayerList(QListWidget):
    """A side's players; typing a player's number (one or two digits) chooses him."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._typed = ""
        self._clock = QElapsedTimer()
        # a long name ("Azhag the Slaughterer (KO'd) ★ MVP") is cut at the edge, whole on hover: no sideways scroll
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)

    def reset_typing(self) -> None:
        self._typed = ""

    def choose_number(self, number: int) -> bool:
        for row in range(self.count()):
            if self.item(row).data(NUMBER_ROLE) == number:
                self.setCurrentRow(row)
                return True
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        text = event.text()
        if text.isdigit() and len(text) == 1:
            fresh = not self._typed or self._clock.elapsed() > 1200 or len(self._typed) >= 2
            self._typed = text if fresh else self._typed + text
            self._clock.start()
            if not self.choose_number(int(self._typed)):
                self._typed = text
                self.choose_number(int(text))
            return
        super().keyPressEvent(event)


class MatchPadWindow(QWidget):
    def __init__(self, session: Any, match_id: int, holder: str, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.session, self.match_id, self.holder = session, match_id, holder
        # The pad's Undo is services.matchpad.take_back_event on the saved events, so it works in a pad opened
        # again too; each take-back goes on `taken_back` and Redo replays it backwards. `recorded` only holds what
        # session.run pushes for an event (never replayed: an event is taken back through the service).
        self.recorded = QUndoStack(self)
        self.recorded.setUndoLimit(1)
        self.taken_back = QUndoStack(self)
        self._left_last: list[
            int | None
        ] = []  # per take-back: the event it left last (Redo checks nothing came since)
        self.post_match_wizard: Any = None
        self.game = q.read_game(session.db, match_id)
        self.setWindowTitle(f"Match pad: {self.game.title}")
        self.setObjectName("matchPad")
        self.acting_side = self.game.state.home_id
        self._build()
        self._build_keys()
        self.session.changed.connect(self._changed)
        self.refresh()
        self.resize(1340, 700)  # fits a 1366x768 laptop with its title bar and panel

    # -- building -------------------------------------------------------------------------------------
    def _build(self) -> None:
        g = self.game
        self.score = QLabel(self)
        self.score.setObjectName("padScore")
        self.turn = QLabel(self)
        self.turn.setObjectName("padTurn")
        self.verdict = QLabel(self)
        self.verdict.setObjectName("padVerdict")
        self.verdict.setWordWrap(True)
        self.lists = {g.state.home_id: PlayerList(self), g.state.away_id: PlayerList(self)}
        for team_id, view in self.lists.items():
            view.setObjectName("homePlayers" if team_id == g.state.home_id else "awayPlayers")
            view.setStyleSheet("font-size:13pt")
            view.currentRowChanged.connect(lambda _r, t=team_id: self._acting(t))
            view.itemClicked.connect(lambda _i, t=team_id: self._acting(t))
        self.log = QListWidget(self)
        self.log.setObjectName("padLog")
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.ref_state = QComboBox(self)
        self.ref_state.setObjectName("refState")
        for state in mp.REF_STATES:
            self.ref_state.addItem(mp.STATE_LABELS.get(state, state), state)
        self.ref_state.activated.connect(self._ref_state_chosen)
        self.action = QComboBox(self)
        self.action.setObjectName("refAction")
        self.action.addItems(rr.ACTIONS)
        self.in_range = QCheckBox("In range of the ball at the end of his turn", self)
        self.in_range.setObjectName("inRange")
        self.pitch = PitchGrid(self)
        self.pitch.squares_changed.connect(self._squares)
        self.distance = QLabel(self)
        self.send_off_dice = DiceInput("D6", self, roll_text="Roll Send-Off")
        self.send_off_dice.setObjectName("sendOffDice")
        self.send_off_dice.rolled.connect(self._send_off_rolled)
        self.penalty_item = QComboBox(self)
        self.penalty_dice = DiceInput("2D6", self, roll_text="Roll Penalty")
        self.penalty_dice.setObjectName("penaltyDice")
        self.penalty_dice.rolled.connect(self._penalty_rolled)
        self.escapist_dice = DiceInput("D6", self, roll_text="Roll Escapist")
        self.escapist_dice.setObjectName("escapistDice")
        self.escapist_dice.rolled.connect(lambda roll: self.record("get the ref", roll=roll))
        self.kick_off_dice = DiceInput(
            self.session.db.ruleset.table("kick_off")["dice"], self, roll_text="Roll Kick-Off"
        )
        self.kick_off_dice.setObjectName("kickOffDice")
        self.kick_off_dice.rolled.connect(self._kick_off_rolled)
        self.notice = QLabel(self)
        self.notice.setObjectName("padNotice")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)  # result texts come from the league's tables
        self.notice.setStyleSheet("color:#7a4b00; font-weight:bold")
        self.gate = GateInput(self._fan_factors(), self.game.stage, self.session.db.ruleset, self)
        self.gate_dice = self.gate.dice  # None with more than ten gate dice (the spectators are typed or rolled)
        self.buttons: dict[str, QPushButton] = {}
        self._lay_out()

    def _fan_factors(self) -> tuple[int, ...]:
        from roster_app.queries.rosters import team_headers

        headers = team_headers(self.session.db, [self.game.state.home_id, self.game.state.away_id])
        return tuple(h.fan_factor_in_play for h in headers.values())

    def _button(self, name: str) -> QPushButton:
        text, key = next((t, k) for n, t, k in KEYS if n == name)
        button = QPushButton(
            f"{text}  [{QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)}]", self
        )
        button.setAutoDefault(False)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys, not Tab stops: focus stays on the players
        button.clicked.connect(lambda _c=False, n=name: self.trigger(n))
        self.buttons[name] = button
        return button

    def _lay_out(self) -> None:
        g = self.game
        top = QHBoxLayout()
        top.addWidget(self.score, 1)
        top.addWidget(self.turn)
        teams = QGridLayout()
        self.handicap_labels: dict[int, QLabel] = {}
        for column, team_id in enumerate(self.lists):
            name = g.home if team_id == g.state.home_id else g.away
            teams.addWidget(QLabel(f"<b style='font-size:13pt'>{escape(name)}</b>"), 0, column)
            label = QLabel(self)
            label.setObjectName("homeHandicaps" if team_id == g.state.home_id else "awayHandicaps")
            label.setWordWrap(True)
            self.handicap_labels[team_id] = label
            teams.addWidget(label, 1, column)
            teams.addWidget(self.lists[team_id], 2, column)
        events = QGridLayout()
        for index, name in enumerate(("touchdown", "completion", "interception", "casualty", "injury", "sent off",
                                      "mvp")):  # fmt: skip
            events.addWidget(self._button(name), index // 2, index % 2)
        left = QVBoxLayout()
        left.addLayout(teams, 1)
        left.addLayout(events)
        ref = QGroupBox("The referee's turn (after both teams' turns)", self)
        grid = QGridLayout(ref)
        grid.addWidget(QLabel("State:"), 0, 0)
        grid.addWidget(self.ref_state, 0, 1)
        grid.addWidget(QLabel("Action:"), 1, 0)
        grid.addWidget(self.action, 1, 1)
        grid.addWidget(self.pitch, 2, 0, 1, 3)
        grid.addWidget(self.distance, 3, 0, 1, 3)
        grid.addWidget(self.in_range, 4, 0, 1, 2)
        grid.addWidget(self._button("end turn"), 4, 2)
        grid.addWidget(QLabel("Send-off (chosen player):"), 5, 0)
        grid.addWidget(self.send_off_dice, 5, 1, 1, 2)
        grid.addWidget(self.penalty_item, 6, 0)
        grid.addWidget(self.penalty_dice, 6, 1, 1, 2)
        grid.addWidget(self._button("get the ref"), 7, 0)
        grid.addWidget(self.escapist_dice, 7, 1, 1, 2)
        grid.addWidget(self._button("ref casualty"), 8, 0)
        grid.addWidget(self.verdict, 8, 1, 1, 2)
        grid.addWidget(QLabel("Kick-off:"), 9, 0)
        grid.addWidget(self.kick_off_dice, 9, 1, 1, 2)
        grid.addWidget(self.notice, 10, 0, 1, 3)
        history = QVBoxLayout()
        history.addWidget(QLabel("<b>Events</b> (saved as they are made)"))
        history.addWidget(self.log, 1)
        undo = QHBoxLayout()
        undo.addWidget(self._button("undo"))
        undo.addWidget(self._button("redo"))
        history.addLayout(undo)
        self.log.setMaximumWidth(300)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setTextElideMode(Qt.TextElideMode.ElideRight)
        body = QHBoxLayout()
        body.addLayout(left, 5)  # the players' names whole beside the pitch at 1366 px
        body.addWidget(ref, 5)
        body.addLayout(history, 2)
        end = QHBoxLayout()
        end.addWidget(self._button("riot"))
        end.addSpacing(12)
        end.addWidget(QLabel("Gate:"))
        end.addWidget(self.gate, 1)
        end.addWidget(self._button("full time"))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        layout.addLayout(end)

    def _build_keys(self) -> None:
        self.key_actions: dict[str, QAction] = {}
        for name, text, key in KEYS:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _c=False, n=name: self.trigger(n))
            self.addAction(action)
            self.key_actions[name] = action

    # -- showing --------------------------------------------------------------------------------------
    def _changed(self, tables: set[str]) -> None:
        if tables & PAD_TABLES:
            self.refresh()

    def refresh(self) -> None:
        """The game as its saved events leave it."""
        self.game = g = q.read_game(self.session.db, self.match_id)
        s = g.state
        self.score.setText(f"<span style='{BIG}'>{escape(g.home)} {s.score[s.home_id]} – "
                           f"{s.score[s.away_id]} {escape(g.away)}</span>")  # fmt: skip
        if s.over:
            end = f"Riot after turn {s.turns_played}" if s.riot else "Full time"
            self.turn.setText(f"<span style='{BIG}'>{end}</span>  choose the MVPs, roll the gate")
        else:
            half = "first half" if s.half == 1 else "second half"
            self.turn.setText(f"<span style='{BIG}'>Turn {s.turn} of {s.turns}</span>  {half}")
        for team_id, view in self.lists.items():
            self._fill(view, g.team_players(team_id), s)
            self._show_handicaps(team_id)
        self.log.clear()
        for event in g.events:  # plain text items: names are never HTML
            item = QListWidgetItem(q.describe(event, g))
            item.setToolTip(plain_tip(item.text()))  # a long line is cut in the log: its whole text on hover
            self.log.addItem(item)
        self.log.scrollToBottom()
        self._show_ref()

    def _fill(self, view: PlayerList, players: list[mp.InGame], s: mp.PadState) -> None:
        row = view.currentRow()
        view.blockSignals(True)
        view.clear()
        for p in players:
            out = s.out.get(p.id)
            mvp = " ★ MVP" if s.mvp.get(p.team_id) == p.id else ""
            freebooter = " (freebooter)" if p.id in self.game.drafted else ""
            item = QListWidgetItem(f"{p.number}  {p.name}{freebooter}{' (' + out + ')' if out else ''}{mvp}")
            item.setToolTip(plain_tip(item.text()))
            item.setData(Qt.ItemDataRole.UserRole, p.id)
            item.setData(NUMBER_ROLE, p.number)
            if out:
                item.setForeground(Qt.GlobalColor.gray)
            view.addItem(item)
        view.setCurrentRow(min(max(row, 0), view.count() - 1))
        view.blockSignals(False)

    def _show_handicaps(self, team_id: int) -> None:
        """The handicaps the team rolled in the pre-match sequence, each with what it does."""
        handicaps = self.game.handicaps.get(team_id, ())
        label = self.handicap_labels[team_id]
        label.setVisible(bool(handicaps))
        label.setText("Handicaps: " + ", ".join(f"<b>{escape(h)}</b>" for h, _t in handicaps))
        label.setToolTip("\n".join(f"{h}: {t}" for h, t in handicaps))

    def _show_notice(self) -> None:
        """What the last roll means at the table: Get the Ref waiting for Escapist, a penalty's consequence, the
        kick-off's result."""
        s, events = self.game.state, self.game.events
        last = events[-1] if events else None
        text = ""
        if s.escape_pending is not None and s.ref is not None:
            text = f"Get the Ref on the kick-off! Roll {s.ref.name}'s Escapist: on 4+ he stays, else a normal ref (G)."
        elif last is not None and last.kind == "penalty roll" and last.data.get("success"):
            text = last.data.get("text", "")
        elif last is not None and last.kind == "kick-off":
            text = f"Kick-off {last.data.get('total')}: {last.data.get('result')}. {last.data.get('text', '')}"
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def _show_ref(self) -> None:
        g, s = self.game, self.game.state
        ref = s.ref
        on = s.ref_on_pitch() and not s.over
        for widget in (self.ref_state, self.action, self.in_range, self.pitch, self.send_off_dice):
            widget.setEnabled(on)
        self.ref_state.setCurrentIndex(max(0, self.ref_state.findData(s.ref_state)))
        items = list(ref.equipment) if ref else []
        self.penalty_item.clear()
        self.penalty_item.addItems(items)
        self.penalty_item.setVisible(bool(items))
        self.penalty_dice.setVisible(bool(items))
        self.penalty_dice.setEnabled(on and bool(items))
        self.penalty_item.setEnabled(on and bool(items))
        escapist = ref is not None and "Escapist" in ref.skills
        self.escapist_dice.setVisible(escapist)
        self.buttons["get the ref"].setEnabled(on and s.got_the_ref is None)
        self.escapist_dice.setEnabled(on and s.got_the_ref is None)
        self.kick_off_dice.setEnabled(not s.over and s.escape_pending is None)
        self._show_notice()
        self.gate.setEnabled(s.over)
        self.buttons["full time"].setEnabled(s.over and not self.session.read_only)
        self.buttons["undo"].setEnabled(bool(g.events) and not g.finished and not self.session.read_only)
        self.buttons["redo"].setEnabled(self.taken_back.canUndo() and not self.session.read_only)
        running = mp.running_verdict(s, self.session.db.ruleset)
        colour = {"sacked": "#a32020", "award": "#1d6b2a"}.get(running.result, "#222")
        who = f"{escape(ref.name)}, range {g.ref_range}" if ref else "a normal ref"
        self.verdict.setText(f"<b>{who}</b><br><span style='color:{colour}; font-size:12pt'>"
                             f"{escape(running.text)}</span>")  # fmt: skip
        if ref is not None and not s.ref_on_pitch():
            self.distance.setText("The ref is off the pitch: a normal ref has the game for now.")
        elif ref is None:
            self.distance.setText("No ref of the league in this game: End Turn needs no ref's turn.")

    # -- acting ---------------------------------------------------------------------------------------
    def _acting(self, team_id: int) -> None:
        self.acting_side = team_id

    def _other(self, team_id: int) -> int:
        s = self.game.state
        return s.away_id if team_id == s.home_id else s.home_id

    def chosen(self, team_id: int) -> int | None:
        item = self.lists[team_id].currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def choose(self, team_id: int, number: int) -> None:
        """Choose a player by his number on one side (a keyboard user types it in the list)."""
        players = self.game.team_players(team_id)
        row = next(i for i, p in enumerate(players) if p.number == number)
        self.lists[team_id].setFocus()
        self.lists[team_id].setCurrentRow(row)
        self.acting_side = team_id

    def record(self, kind: str, **kwargs: Any) -> Any:
        change = self.session.run(pad.record_event, parent=self, undo_stack=self.recorded, match_id=self.match_id,
                                  holder=self.holder, kind=kind, **kwargs)  # fmt: skip
        if change is None:
            self.refresh()  # a refusal: show the game as it is
        else:
            self.taken_back.clear()  # a new event: what was taken back stays taken back
            self._left_last.clear()
            self._show_ref()
        for view in self.lists.values():
            view.reset_typing()
        return change

    def trigger(self, name: str) -> Any:
        """What a key or a button does."""
        side = self.acting_side
        if name in ("touchdown", "completion", "interception", "sent off"):
            return self.record(name, team_id=side, player_id=self.chosen(side))
        if name == "mvp":
            return self.record("mvp", team_id=side, player_id=self.chosen(side))
        if name == "casualty":
            return self.record("casualty", team_id=side, player_id=self.chosen(side),
                               victim_id=self.chosen(self._other(side)))  # fmt: skip
        if name == "injury":
            return self.record("injury", victim_id=self.chosen(side))
        if name == "ref casualty":
            return self.record("ref casualty", victim_id=self.chosen(side))
        if name in ("home", "away"):
            team_id = self.game.state.home_id if name == "home" else self.game.state.away_id
            self.lists[team_id].setFocus()
            self.lists[team_id].reset_typing()  # H or A starts a new number
            self.acting_side = team_id
            return None
        if name in rr.ACTIONS:
            self.action.setCurrentText(name)
            return None
        return self._command(name)

    def _command(self, name: str) -> Any:
        focus = {"ref state": self.ref_state, "send-off roll": self.send_off_dice.faces[0],
                 "kick-off": self.kick_off_dice.faces[0],
                 "penalty roll": self.penalty_dice.faces[0]}  # fmt: skip
        if name in focus:
            focus[name].setFocus()
            return None
        if name == "gate":
            self.gate.focus()
            return None
        if name == "in range":
            self.in_range.setChecked(not self.in_range.isChecked())
        elif name == "end turn":
            return self.end_turn()
        elif name == "get the ref":
            ref = self.game.state.ref
            if ref is not None and "Escapist" in ref.skills:
                self.escapist_dice.faces[0].setFocus()  # Escapist's 4+ is rolled
                return None
            return self.record("get the ref")
        elif name == "riot":
            return self.record("riot")
        elif name == "full time":
            return self.full_time()
        elif name == "undo":
            return self.undo()
        elif name == "redo":
            return self.redo()
        self._show_ref()
        return None

    def undo(self) -> Any:
        """Take back the game's last event (saved: it works in a pad opened again), one step."""
        change = self.session.run(pad.take_back_event, parent=self, undo_stack=self.taken_back,
                                  match_id=self.match_id, holder=self.holder)  # fmt: skip
        if change is not None:
            del self._left_last[self.taken_back.index() - 1 :]
            self._left_last.append(change.result[1])
        return change

    def redo(self) -> bool:
        """The last event taken back, back again: only while nothing was recorded since and this pad holds the
        game (else the history would not apply)."""
        from ui.kit import ask

        if not self.taken_back.canUndo():
            return False
        game = q.read_game(self.session.db, self.match_id)
        last = game.events[-1].id if game.events else None
        if game.holder != self.holder or last != self._left_last[self.taken_back.index() - 1]:
            self.taken_back.clear()
            self._left_last.clear()
            ask.error(self, "The game has changed since that step was taken back (another pad?): nothing to redo.")
            self.refresh()
            return False
        self.taken_back.undo()
        self._show_ref()  # the stack moves after the replay has refreshed the pad
        return True

    def end_turn(self) -> Any:
        s = self.game.state
        data: dict[str, Any] = {}
        if s.ref_on_pitch():
            data = {"action": self.action.currentText(), "in_range": self.in_range.isChecked(),
                    "ref_square": _square(self.pitch.ref), "ball_square": _square(self.pitch.ball)}  # fmt: skip
        change = self.record("end turn", data=data)
        if change is not None:
            self.in_range.setChecked(False)
            self.action.setCurrentIndex(0)
        return change

    def _ref_state_chosen(self) -> None:
        state = self.ref_state.currentData()
        if state != self.game.state.ref_state:
            self.record("ref state", data={"state": state})

    def _squares(self, ref: tuple[int, int] | None, ball: tuple[int, int] | None) -> None:
        if ref is None or ball is None or self.game.state.ref is None:
            self.distance.setText("Click the ref's square, right-click the ball's: Dugout counts the squares.")
            return
        apart = mp.squares_apart(ref, ball)
        inside = mp.in_range(ref, ball, self.game.state.ref.skills, self.session.db.ruleset)
        self.in_range.setChecked(inside)
        self.distance.setText(f"{apart} squares from the ball (range {self.game.ref_range}): "
                              f"{'in range' if inside else 'out of range'}.")  # fmt: skip

    def _send_off_rolled(self, roll: Any) -> None:
        side = self.acting_side
        self.record("send-off roll", team_id=side, player_id=self.chosen(side), roll=roll)

    def _penalty_rolled(self, roll: Any) -> None:
        self.record("penalty roll", data={"item": self.penalty_item.currentText()}, roll=roll)

    def _kick_off_rolled(self, roll: Any) -> None:
        change = self.record("kick-off", roll=roll)
        if change is not None and self.game.state.escape_pending is not None:
            self.escapist_dice.faces[0].setFocus()  # Get the Ref: Escapist's 4+ comes next

    def full_time(self) -> Any:
        """The match report and the ref's sheet in one step (the main window's Undo takes it back), then the
        post-match sequence."""
        from ui.kit import ask

        if not self.gate.ready():
            ask.error(self, "Roll the gate first (or type the dice or spectators counted at the table): press F.")
            return None
        change = self.session.run(pad.full_time, parent=self, match_id=self.match_id, **self.gate.report())
        if change is None:
            return None
        from ui.sequences.postmatch.wizard import PostMatchWizard

        self.post_match_wizard = PostMatchWizard(self.session, self.match_id, self.parentWidget())
        self.post_match_wizard.open()
        self.close()
        return change

    _closed = False

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        from roster_app.errors import DugoutError

        if self._closed:  # closed once already (full time closes the pad itself)
            super().closeEvent(event)
            return
        self._closed = True
        if OPEN.get(self.match_id) is self:
            OPEN.pop(self.match_id)
        self.session.changed.disconnect(self._changed)
        try:
            if not self.session.read_only:
                self.session.db.run(pad.release_pad, match_id=self.match_id, holder=self.holder)
        except DugoutError as exc:  # the claim is a courtesy: a pad whose process is gone is taken over
            log.warning("the match pad's claim was not released: %s", exc)
        super().closeEvent(event)


def _square(square: tuple[int, int] | None) -> list[int] | None:
    return list(square) if square is not None else None
