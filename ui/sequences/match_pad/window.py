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
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from roster_app.errors import RuleViolation
from roster_app.i18n import N_, _, term
from roster_app.queries import matchpad as q
from roster_app.queries.freebooters import match_freebooters
from roster_app.rules import matchpad as mp
from roster_app.rules import refcalls as rc
from roster_app.rules import referees as rr
from roster_app.rules.dice import typed_dice
from roster_app.rules.economy import economy
from roster_app.services import matchpad as pad
from roster_app.words import count, possessive
from ui.kit.basics import plain_tip
from ui.kit.dice_input import DiceInput
from ui.kit.fans_gate import FansGate
from ui.kit.handbook import help_key
from ui.sequences.match_pad.gate import GateInput
from ui.sequences.match_pad.pitch import PitchGrid
from ui.sequences.match_pad.registry import OPEN

# Every event and command of the pad, by key: (name, text, shortcut). A test walks this list.
KEYS = [
    ("touchdown", N_("Touchdown"), "T"), ("completion", N_("Completion"), "C"), ("interception", N_("Interception"), "I"),
    ("casualty", N_("Casualty"), "K"), ("injury", N_("Injury"), "J"),
    ("sent off", N_("Sent Off"), "S"), ("mvp", N_("MVP"), "M"), ("home", N_("Home Players"), "H"), ("away", N_("Away Players"), "A"),
    ("ref state", N_("Ref's State"), "X"), ("in range", N_("In Range"), "R"), ("move", N_("Ref Moves"), "Ctrl+1"),
    ("block", N_("Ref Blocks"), "Ctrl+2"), ("foul", N_("Ref Fouls"), "Ctrl+3"), ("watch like a hawk", N_("Ref Watches"), "Ctrl+4"),  # i18n: key
    ("end turn", N_("End Turn (the ref's turn)"), "N"), ("send-off roll", N_("Send-Off Roll"), "O"),  # i18n: key
    ("penalty roll", N_("Penalty Roll"), "P"), ("get the ref", N_("Get the Ref"), "G"), ("kick-off", N_("Kick-Off Roll"), "Ctrl+K"),  # i18n: key
    ("ref casualty", N_("Ref Hurts a Player"), "Shift+K"), ("riot", N_("Riot"), "Ctrl+R"), ("gate", N_("Gate Dice"), "F"),
    ("full time", N_("Full Time"), "Ctrl+Return"), ("undo", N_("Undo"), "Ctrl+Z"), ("redo", N_("Redo"), "Ctrl+Shift+Z"),
    ("blitz", N_("Ref Blitzes"), "Ctrl+5"), ("blow the whistle", N_("Ref Blows the Whistle"), "Ctrl+6"),  # i18n: key
    ("player foul", N_("Foul"), "U"), ("player block", N_("Block"), "B"), ("ref blocked", N_("Block the Ref"), "Shift+B"),
    ("place ref", N_("Place Ref"), "Ctrl+L"), ("super pro", N_("Super Pro"), "Ctrl+U"), ("apothecary", N_("Apothecary"), "Shift+A"),
    ("argue the call", N_("Argue"), "Shift+G"), ("inducement", N_("Use Inducement"), "Shift+I"),  # i18n: key
]  # fmt: skip
# What each button does, on hover (issue 35: no button of the pad had a tooltip; a test checks every button has
# one), and what each of the ref's calls does (seed 000 as the pad plays it).
TIPS = {
    "touchdown": N_("The chosen player scores a touchdown for his team"),
    "completion": N_("The chosen player completes a pass"),
    "interception": N_("The chosen player intercepts a pass"),
    "casualty": N_("A player hurt by another (or by nobody): choose both, then roll or type the Casualty Table"),
    "injury": N_("A player hurt without a casualty for anyone (a crowd push, a failed dodge): the Casualty Table"),
    "sent off": N_("The ref sends the chosen player off"),
    "mvp": N_("The chosen player is his team's MVP (after the last turn)"),
    "home": N_("Choose among the home team's players (type his number)"),
    "away": N_("Choose among the away team's players (type his number)"),
    "ref state": N_("How the ref stands: prone, stunned, knocked out, hurt, sent off, or back on his feet"),
    "in range": N_("The ref ended his turn within range of the ball (or not)"),
    "move": N_("The ref's action this turn: he moves"),
    "block": N_("The ref's action this turn: he blocks an adjacent player"),
    "foul": N_("The ref's action this turn: he fouls an adjacent prone player"),
    "watch like a hawk": N_("The ref's action this turn: he watches for fouls"),
    "send-off roll": N_("The ref's D6 send-off roll for the chosen player"),
    "penalty roll": N_("The ref's penalty roll for his equipment (Whistle, Chainsaw)"),
    "get the ref": N_("Get the Ref came up on the kick-off: the ref is taken out (Escapist: a D6 roll)"),
    "kick-off": N_("Roll (or type) the Kick-Off Table"),
    "ref casualty": N_("The ref hurts a player: choose him, then roll or type the Casualty Table"),
    "riot": N_("A Riot ends the match after this turn"),
    "gate": N_("The gate dice: one D6 per point of both teams' fan factors"),
    "fans gate": N_(
        "The gate: both teams' fans counted before the match (LRB 5/6), a fans roll for a team not counted"
    ),
    "full time": N_("Write the match report and the ref's sheet (after the last turn or a Riot)"),
    "undo": N_("Take back the last event"),
    "redo": N_("Record again the event last taken back"),
    "player foul": N_(
        "The chosen player fouls the other side's chosen player. A double on the armour or injury roll: "
        "sent off (unless the ref is down or quoting the rules). A ref who watched like a hawk, or has Two "
        "Heads, spots it and sends him off on a D6 of 4+; otherwise it is missed."
    ),
    "player block": N_(
        "The chosen player blocks the other side's chosen player, with the assists typed. A ref who "
        "Hates Gang Ups rolls a D6: at or below the assists, one of them is sent off. An Assistant Ref "
        "sends off anyone who blocks while the ref is down."
    ),
    "ref blocked": N_(
        "The chosen player blocks (or, if the ref is down, fouls) the ref. Not hurt: each assisting player "
        "is warned, and once he stands the ref sends the perpetrator off on a D6 of 4+."
    ),
    "place ref": N_(
        "Put the ref on the square clicked on the pitch: after both teams have set up, before the kick-off."
    ),
    "super pro": N_(
        "Super Pro: re-roll one of the ref's own dice of the last event (once each half). The die typed "
        "at the table is used, else Dugout rolls."
    ),
    "apothecary": N_(
        "The ref's Personal Apothecary, once a game, just after he is hurt: knocked out, he comes round; "
        "a casualty, keep the milder of two results."
    ),
    "argue the call": N_(
        "The chosen player's coach argues his send-off: only where the league plays an "
        "argue-the-call roll; never with a Strict Ref; a Biased Ref hears no argument from the team "
        "that is losing."
    ),
    "blitz": N_("With the Blitz skill: the ref blitzes the closest player (chosen on the acting side)."),
    "blow the whistle": N_(
        "With a Whistle: he stands still and blows; the closest player (chosen) cannot move or block "
        "next turn; the Whistle's penalty roll (10+) may lose him his pea."
    ),
    "end turn": N_(
        "The ref's turn: his action and his square, and the ball's; the squares say whether he is in range "
        "(the tick counts only without them)."
    ),
}
CALLED = (
    "foul",
    "block",
    "ref blocked",
    "ref state",
    "end turn",
    "super pro",
    "argue the call",  # i18n: key
)  # the notice says
# The ref's states and actions as the pad shows them (the stored words are keys, shown in the commissioner's language)
SHOWN_WORDS = {
    "standing": N_("standing"), "prone": N_("prone"), "stunned": N_("stunned"), "knocked out": N_("knocked out"),
    "badly hurt": N_("badly hurt"), "injured": N_("injured"), "seriously injured": N_("seriously injured"),
    "dead": N_("dead"), "sent off by rotten eggs": N_("sent off by rotten eggs"), "sent off": N_("sent off"),
    "cleaning his chainsaw": N_("cleaning his chainsaw"), "move": N_("move"), "block": N_("block"),
    "foul": N_("foul"), "watch like a hawk": N_("watch like a hawk"), "blitz": N_("blitz"),
    "blow the whistle": N_("blow the whistle"), "casualty": N_("casualty"),
}  # fmt: skip


def shown(word: str) -> str:
    """A stored word of the pad (a ref's state or action) in the commissioner's language."""
    return _(SHOWN_WORDS[word]) if word in SHOWN_WORDS else word


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
        self.shown: list[tuple[int, int, str, bool]] = []  # the rows on show: (id, number, text, out)
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
        help_key(self, "matchpad")  # F1: the handbook's section (issue 35)
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
        self.setWindowTitle(_("Match pad: {game}").format(game=self.game.title))
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
        for state in (*mp.REF_STATES, mp.AWAY):  # away: the Chainsaw's penalty (he is back when set standing)
            self.ref_state.addItem(shown(mp.STATE_LABELS.get(state, state)), state)
        self.ref_state.activated.connect(self._ref_state_chosen)
        self.action = QComboBox(self)
        self.action.setObjectName("refAction")
        for action in rr.ALL_ACTIONS:
            self.action.addItem(shown(action), action)
        self.assists = QLineEdit(self)
        self.assists.setObjectName("padAssists")
        self.assists.setPlaceholderText(_("assists: numbers, e.g. 3 7"))
        self.assists.setToolTip(_("The acting side's players who assist the block or foul, by number."))
        self.table_dice = QLineEdit(self)
        self.table_dice.setObjectName("tableDice")
        self.table_dice.setPlaceholderText(_("dice at the table: 4  3+5 (empty: Dugout rolls)"))
        self.table_dice.setToolTip(
            _(
                "The dice rolled at the table for the next call, in the order the rules ask: a D6 "
                "as 4, a 2D6 as 3+5. Any die not typed is rolled by Dugout; all are stored."
            )
        )
        self.armour_broken = QCheckBox(_("Armour broken"), self)
        self.armour_broken.setToolTip(
            _("The foul broke the armour: an injury roll follows (a double on it sends off too).")
        )
        self.armour_broken.setObjectName("armourBroken")
        self.in_range = QCheckBox(_("In range of the ball at the end of his turn"), self)
        self.in_range.setObjectName("inRange")
        self.pitch = PitchGrid(self)
        self.pitch.squares_changed.connect(self._squares)
        self.distance = QLabel(self)
        self.send_off_dice = DiceInput("D6", self, roll_text=_("Roll Send-Off"))
        self.send_off_dice.setObjectName("sendOffDice")
        self.send_off_dice.rolled.connect(self._send_off_rolled)
        self.penalty_item = QComboBox(self)
        self.penalty_dice = DiceInput("2D6", self, roll_text=_("Roll Penalty"))
        self.penalty_dice.setObjectName("penaltyDice")
        self.penalty_dice.rolled.connect(self._penalty_rolled)
        self.escapist_dice = DiceInput("D6", self, roll_text=_("Roll Escapist"))
        self.escapist_dice.setObjectName("escapistDice")
        self.escapist_dice.rolled.connect(lambda roll: self.record("get the ref", roll=roll))
        self.kick_off_dice = DiceInput(
            self.session.db.ruleset.table("kick_off")["dice"], self, roll_text=_("Roll Kick-Off")
        )
        self.kick_off_dice.setObjectName("kickOffDice")
        self.kick_off_dice.rolled.connect(self._kick_off_rolled)
        self.notice = QLabel(self)
        self.notice.setObjectName("padNotice")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)  # result texts come from the league's tables
        self.notice.setStyleSheet("color:#7a4b00; font-weight:bold")
        self.fans_gate = economy(self.session.db.ruleset).winnings == "fame_dice"
        if self.fans_gate:  # LRB 5/6: the gate is both teams' fans counted before the match (issue 31)
            teams = ((self.game.state.home_id, self.game.home), (self.game.state.away_id, self.game.away))
            self.gate = FansGate(self.session, self.match_id, teams, self)
            self.gate.setObjectName("padFansGate")
            self.gate.setToolTip(_(TIPS["fans gate"]))
            self.gate.changed.connect(self.refresh)
            self.gate_dice = None
        else:
            self.gate = GateInput(self._fan_factors(), self.game.stage, self.session.db.ruleset, self)
            # None with more than ten gate dice (the spectators are typed or rolled)
            self.gate_dice = self.gate.dice
        self.buttons: dict[str, QPushButton] = {}
        self._lay_out()

    def _fan_factors(self) -> tuple[int, ...]:
        from roster_app.queries.prematch import fan_factors_for

        return fan_factors_for(self.session.db, self.match_id)  # allies' penalty, a Home crowd handicap

    def _button(self, name: str) -> QPushButton:
        text, key = next((_(t), k) for n, t, k in KEYS if n == name)
        button = QPushButton(
            f"{text}  [{QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)}]", self
        )
        button.setAutoDefault(False)
        button.setToolTip(
            f"{_(TIPS[name])} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})"
        )
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys, not Tab stops: focus stays on the players
        button.clicked.connect(lambda _c=False, n=name: self.trigger(n))
        button.setToolTip(_(TIPS[name]) if name in TIPS else text)
        self.buttons[name] = button
        return button

    def _lay_out(self) -> None:
        g = self.game
        top = QHBoxLayout()
        top.addWidget(self.score, 1)
        top.addWidget(self.turn)
        teams = QGridLayout()
        self.handicap_labels: dict[int, QLabel] = {}
        self.freebooter_labels: dict[int, QLabel] = {}
        self.use_buttons: dict[int, QPushButton] = {}
        for column, team_id in enumerate(self.lists):
            name = g.home if team_id == g.state.home_id else g.away
            teams.addWidget(QLabel(f"<b style='font-size:13pt'>{escape(name)}</b>"), 0, column)
            label = QLabel(self)
            label.setObjectName("homeHandicaps" if team_id == g.state.home_id else "awayHandicaps")
            label.setWordWrap(True)
            self.handicap_labels[team_id] = label
            teams.addWidget(label, 1, column)
            hired = QLabel(self)  # issue 32: the team's freebooters and inducements for this game
            hired.setObjectName("homeFreebooters" if team_id == g.state.home_id else "awayFreebooters")
            hired.setWordWrap(True)
            use = QPushButton(_("Use Inducement…  [Shift+I]"), self)
            use.setObjectName("homeUseInducement" if team_id == g.state.home_id else "awayUseInducement")
            use.setToolTip(
                _(
                    "Use an inducement this team bought for the game where it bites: a bribe against a "
                    "send-off, the wizard once, an apothecary on a hurt player"
                )
            )
            use.setAutoDefault(False)
            use.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            use.clicked.connect(lambda _c=False, t=team_id: self.use_inducement(t))
            self.freebooter_labels[team_id], self.use_buttons[team_id] = hired, use
            row = QVBoxLayout()
            row.addWidget(hired)
            row.addWidget(use, 0, Qt.AlignmentFlag.AlignLeft)
            teams.addLayout(row, 2, column)
            teams.addWidget(self.lists[team_id], 3, column)
        events = QGridLayout()
        for index, name in enumerate(("touchdown", "completion", "interception", "casualty", "injury", "sent off",
                                      "mvp")):  # fmt: skip
            events.addWidget(self._button(name), index // 2, index % 2)
        left = QVBoxLayout()
        left.addLayout(teams, 1)
        left.addLayout(events)
        left.addWidget(self._calls_box())
        ref = QGroupBox(_("The referee's turn (after both teams' turns)"), self)
        grid = QGridLayout(ref)
        grid.addWidget(QLabel(_("State:")), 0, 0)
        grid.addWidget(self.ref_state, 0, 1)
        grid.addWidget(QLabel(_("Action:")), 1, 0)
        grid.addWidget(self.action, 1, 1)
        grid.addWidget(self.pitch, 2, 0, 1, 3)
        grid.addWidget(self.distance, 3, 0, 1, 3)
        grid.addWidget(self.in_range, 4, 0, 1, 2)
        grid.addWidget(self._button("end turn"), 4, 2)
        send_off = QLabel(_("Send-off (chosen player):"))
        send_off.setWordWrap(
            True
        )  # German and French take two lines rather than push the pad past a laptop's width
        grid.addWidget(send_off, 5, 0)
        grid.addWidget(self.send_off_dice, 5, 1, 1, 2)
        grid.addWidget(self.penalty_item, 6, 0)
        grid.addWidget(self.penalty_dice, 6, 1, 1, 2)
        grid.addWidget(self._button("get the ref"), 7, 0)  # i18n: key
        grid.addWidget(self.escapist_dice, 7, 1, 1, 2)
        grid.addWidget(self._button("ref casualty"), 8, 0)
        grid.addWidget(self.verdict, 8, 1, 1, 2)
        grid.addWidget(QLabel(_("Kick-off:")), 9, 0)
        grid.addWidget(self.kick_off_dice, 9, 1, 1, 2)
        grid.addWidget(self.notice, 10, 0, 1, 3)
        history = QVBoxLayout()
        saved = QLabel(_("<b>Events</b> (saved as they are made)"))
        saved.setWordWrap(True)  # two lines in a longer language, not a wider pad
        history.addWidget(saved)
        history.addWidget(self.log, 1)
        undo = (
            QGridLayout()
        )  # side by side in English; one above the other where the words are long (a laptop's width)
        undo_button, redo_button = self._button("undo"), self._button("redo")
        wide = undo_button.sizeHint().width() + redo_button.sizeHint().width() > 240
        undo.addWidget(undo_button, 0, 0)
        undo.addWidget(redo_button, int(wide), int(not wide))
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
        end.addWidget(QLabel(_("Gate:")))
        end.addWidget(self.gate, 1)
        end.addWidget(self._button("full time"))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        layout.addLayout(end)

    def _calls_box(self) -> QGroupBox:
        """The players' fouls and blocks the ref may call, blocks on the ref, and his skills."""
        box = QGroupBox(_("The ref's calls"), self)
        grid = QGridLayout(box)
        grid.setContentsMargins(4, 4, 4, 4)
        names = (
            "player foul",
            "player block",
            "ref blocked",
            "place ref",
            "super pro",
            "apothecary",
            "argue the call",  # i18n: key
        )
        for index, name in enumerate(names):
            grid.addWidget(self._button(name), index // 2, index % 2)
        grid.addWidget(self.assists, 4, 0)
        grid.addWidget(self.armour_broken, 4, 1)
        grid.addWidget(self.table_dice, 5, 0, 1, 2)
        return box

    def _build_keys(self) -> None:
        self.key_actions: dict[str, QAction] = {}
        for name, text, key in KEYS:
            if name == "gate" and economy(self.session.db.ruleset).winnings == "fame_dice":
                text = N_("The Fans")  # LRB 5/6: F goes to the fans counted before the match, which make the gate
            action = QAction(_(text), self)
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
            end = _("Riot after turn {turn}").format(turn=s.turns_played) if s.riot else _("Full time")
            todo = _("choose the MVPs, roll the gate")
            if self.fans_gate:
                todo = _("choose the MVPs") if self.gate.ready() else _("choose the MVPs, count the fans")
            self.turn.setText(f"<span style='{BIG}'>{end}</span>  " + todo)
        else:
            half = _("first half") if s.half == 1 else _("second half")
            turn = _("Turn {turn} of {turns}").format(turn=s.turn, turns=s.turns)
            self.turn.setText(f"<span style='{BIG}'>{turn}</span>  {half}")
        for team_id, view in self.lists.items():
            self._fill(view, g.team_players(team_id), s)
            self._show_handicaps(team_id)
        self._show_log([q.describe(event, g) for event in g.events])
        self._show_ref()

    def _show_log(self, lines: list[str]) -> None:
        """The log's lines: those already shown are kept, the rest replaced or added (an event is usually one
        line more; rebuilding the whole log at every event cost a frame's tenth, issue 40)."""
        log = self.log
        kept = 0
        while kept < min(log.count(), len(lines)) and log.item(kept).text() == lines[kept]:
            kept += 1
        if kept == log.count() == len(lines):
            return
        while log.count() > kept:
            log.takeItem(log.count() - 1)
        for line in lines[kept:]:  # plain text items: names are never HTML
            item = QListWidgetItem(line)
            item.setToolTip(plain_tip(line))  # a long line is cut in the log: its whole text on hover
            log.addItem(item)
        log.scrollToBottom()

    def _fill(self, view: PlayerList, players: list[mp.InGame], s: mp.PadState) -> None:
        lines = []
        for p in players:
            out = s.out.get(p.id)
            mvp = " ★ " + _("MVP") if s.mvp.get(p.team_id) == p.id else ""
            freebooter = " " + _("(freebooter)") if p.id in self.game.drafted else ""
            lines.append((p.id, p.number, f"{p.number}  {p.name}{freebooter}{' (' + _out_word(out) + ')' if out else ''}{mvp}",
                          bool(out)))  # fmt: skip
        if view.shown == lines:
            return  # most events leave a side's list as it was: no rebuild (issue 40)
        view.shown = lines
        row = view.currentRow()
        view.blockSignals(True)
        view.clear()
        for player_id, number, text, out in lines:
            item = QListWidgetItem(text)
            item.setToolTip(plain_tip(text))
            item.setData(Qt.ItemDataRole.UserRole, player_id)
            item.setData(NUMBER_ROLE, number)
            if out:
                item.setForeground(Qt.GlobalColor.gray)
            view.addItem(item)
        view.setCurrentRow(min(max(row, 0), view.count() - 1))
        view.blockSignals(False)

    def _show_handicaps(self, team_id: int) -> None:
        """The handicaps the team rolled in the pre-match sequence, each with what it does; its freebooters and
        inducements bought for this game (issue 32), each inducement with how many are left."""
        handicaps = self.game.handicaps.get(team_id, ())
        label = self.handicap_labels[team_id]
        label.setVisible(bool(handicaps))
        label.setText(
            _("Handicaps: {handicaps}").format(
                handicaps=", ".join(f"<b>{escape(term('table', h))}</b>" for h, _t in handicaps)
            )
        )
        label.setToolTip("\n".join(f"{term('table', h)}: {term('table', t) if t else ''}" for h, t in handicaps))
        sides = match_freebooters(self.session.db, self.match_id) or ()
        row = next((side for side in sides if side.team_id == team_id), None)
        players = (
            [f"<b>{escape(h.name)}</b> ({escape(h.what.split(' (')[0])})" for h in row.hired if h.plays]
            if row
            else []
        )
        state = self.game.state
        left = [_("{inducement} {left} of {number} left").format(inducement=escape(term("inducement", name)),
                                                                   left=self._left(team_id, name), number=number)
                for name, (_effect, number) in state.inducements.get(team_id, {}).items()]  # fmt: skip
        text = "; ".join(x for x in (_("Freebooters: {players}").format(players=", ".join(players)) if players else "",
                                     _("Inducements: {inducements}").format(inducements=", ".join(left)) if left
                                     else "") if x)  # fmt: skip
        self.freebooter_labels[team_id].setText(text)
        self.freebooter_labels[team_id].setVisible(bool(text))
        self.use_buttons[team_id].setVisible(bool(left))
        self.use_buttons[team_id].setEnabled(not state.over and any(self._left(team_id, n) for n in
                                                                    state.inducements.get(team_id, {})))  # fmt: skip

    def _left(self, team_id: int, name: str) -> int:
        effect, number = self.game.state.inducements[team_id][name]
        return max(0, (1 if effect == "wizard" else number) - self.game.state.used.get((team_id, name), 0))

    def use_inducement(self, team_id: int) -> Any:
        """Use one of the team's inducements on the player chosen in its list (a bribe on the player just sent
        off, an apothecary on the one just hurt); the wizard and the rest on nobody."""
        from ui.kit import ask

        names = [n for n in self.game.state.inducements.get(team_id, {}) if self._left(team_id, n)]
        if not names:
            return None
        index = ask.pick(self, _("Which inducement do they use?"), [term("inducement", n) for n in names],
                         title=_("Use Inducement"))  # fmt: skip
        if index is None:
            return None
        name = names[index]
        effect = self.game.state.inducements[team_id][name][0]
        chosen = self.chosen(team_id)
        on = (
            {"player_id": chosen}
            if effect == "bribe"
            else {"victim_id": chosen}
            if effect in ("apothecary", "igor")
            else {}
        )
        return self.record("inducement", team_id=team_id, data={"name": name}, **on)

    def _show_notice(self) -> None:
        """What the last roll means at the table: Get the Ref waiting for Escapist, a penalty's consequence, the
        kick-off's result."""
        s, events = self.game.state, self.game.events
        last = events[-1] if events else None
        text = ""
        if s.escape_pending is not None and s.ref is not None:
            text = _(
                "Get the Ref on the kick-off! Roll {owner} Escapist: on 4+ he stays, else a normal ref (G)."
            ).format(owner=possessive(s.ref.name), name=s.ref.name)
        elif last is not None and last.kind == "penalty roll" and last.data.get("success"):
            text = last.data.get("text", "")
        elif last is not None and (last.data.get("calls") or last.data.get("text")) and last.kind in CALLED:
            text = q.describe(last, self.game).split("  ", 1)[-1]  # the calls it brought, in words
        elif last is not None and last.kind == "kick-off":
            result, said = last.data.get("result") or "", last.data.get("text") or ""  # the Kick-Off Table's words
            text = _("Kick-off {total}: {result}. {text}").format(
                total=last.data.get("total"),
                result=term("table", result) if result else result,
                text=term("table", said) if said else said,
            )
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def _show_ref(self) -> None:
        g, s = self.game, self.game.state
        ref = s.ref
        on = s.ref_on_pitch() and not s.over
        for widget in (self.ref_state, self.action, self.in_range, self.pitch, self.send_off_dice):
            widget.setEnabled(on)
        self.ref_state.setEnabled(on or (s.ref_state == rc.CLEANING and not s.over))  # back from cleaning it
        self.ref_state.setCurrentIndex(max(0, self.ref_state.findData(s.ref_state)))
        items = list(ref.equipment) if ref else []
        if [self.penalty_item.itemText(i) for i in range(self.penalty_item.count())] != items:
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
        who = (
            _("{ref}, range {range}").format(ref=escape(ref.name), range=g.ref_range) if ref else _("a normal ref")
        )
        self.verdict.setText(f"<b>{who}</b><br><span style='color:{colour}; font-size:12pt'>"
                             f"{escape(running.text)}</span>")  # fmt: skip
        if ref is not None and not s.ref_on_pitch():
            self.distance.setText(_("The ref is off the pitch: a normal ref has the game for now."))
        elif ref is None:
            self.distance.setText(_("No ref of the league in this game: End Turn needs no ref's turn."))

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
        uses_table = kind in pad.DECIDED or kind == "super pro"
        if uses_table and "roll" not in kwargs:
            try:
                kwargs["table_dice"] = typed_dice(self.table_dice.text())
            except RuleViolation as refused:
                from ui.kit import ask

                ask.error(self, str(refused))
                return None
        change = self.session.run(pad.record_event, parent=self, undo_stack=self.recorded, match_id=self.match_id,
                                  holder=self.holder, kind=kind, **kwargs)  # fmt: skip
        if change is not None and uses_table:
            self.table_dice.clear()
            self.assists.clear()
            self.armour_broken.setChecked(False)
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
        if name in ("casualty", "injury", "ref casualty"):
            return self.open_casualty(name)
        if name in ("player foul", "player block"):  # the chosen player on the acting side, on the other's
            data: dict[str, Any] = {"assists": self._assists(side)}
            if name == "player foul":
                data["armour_broken"] = self.armour_broken.isChecked()
            return self.record(name.split()[1], team_id=side, player_id=self.chosen(side),
                               victim_id=self.chosen(self._other(side)), data=data)  # fmt: skip
        if name in ("ref blocked", "place ref", "super pro", "apothecary", "argue the call"):
            return self._ref_call(name, side)
        if name in ("home", "away"):
            team_id = self.game.state.home_id if name == "home" else self.game.state.away_id
            self.lists[team_id].setFocus()
            self.lists[team_id].reset_typing()  # H or A starts a new number
            self.acting_side = team_id
            return None
        if name in rr.ALL_ACTIONS:
            self.action.setCurrentIndex(self.action.findData(name))
            return None
        if name == "inducement":  # the acting side's inducement, on its chosen player where it bites
            return self.use_inducement(side) if side in self.use_buttons else None
        return self._command(name)

    def open_casualty(self, kind: str) -> Any:
        """Casualty, Injury, Ref Hurts a Player: who caused it and who was hurt are chosen in the dialog (nothing
        chosen for the commissioner), with the Casualty Table's result; Record writes the event."""
        from ui.sequences.match_pad.casualty_dialog import CasualtyDialog

        dialog = CasualtyDialog(self.game, self.session.db.ruleset, kind, self)
        dialog.accepted.connect(lambda: self.record(kind, **dialog.event_kwargs()))
        dialog.open()
        return dialog

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
            return self.record("get the ref")  # i18n: key
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

    def _ref_call(self, name: str, side: int) -> Any:
        """The ref blocked or fouled, placed, his Super Pro re-roll and Apothecary, a call argued."""

        s = self.game.state
        if name == "place ref":
            return self.record("place ref", data={"square": _square(self.pitch.ref)})
        if name == "super pro":
            return self.record("super pro")
        if name == "argue the call":
            return self.record("argue the call", data={"player_id": self.chosen(side)})  # i18n: key
        if name == "apothecary":
            states = ["standing"] if s.ref_state == "knocked out" else ["badly hurt", "injured", "dead"]
            chosen = (
                _choose_word(self, _("The ref after his Apothecary:"), states) if len(states) > 1 else states[0]
            )
            return self.record("apothecary", data={"state": chosen}) if chosen else None
        results = ["prone", "stunned", "standing", "knocked out", "badly hurt", "injured", "dead"]
        result = _choose_word(self, _("How does the ref end up?"), results)
        if result is None:
            return None
        how = "foul" if s.ref_down() else "block"
        data = {"how": how, "result": result, "assists": self._assists(side)}
        return self.record("ref blocked", team_id=side, player_id=self.chosen(side), data=data)

    def _assists(self, side: int) -> list[int]:
        """The players of the acting side whose numbers are typed as assists (an unknown number is kept, refused)."""
        by_number = {p.number: p.id for p in self.game.team_players(side)}
        words = self.assists.text().replace(",", " ").split()
        return [by_number.get(int(w), -int(w)) if w.isdigit() else -1 for w in words]

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
            ask.error(
                self, _("The game has changed since that step was taken back (another pad?): nothing to redo.")
            )
            self.refresh()
            return False
        self.taken_back.undo()
        self._show_ref()  # the stack moves after the replay has refreshed the pad
        return True

    def end_turn(self) -> Any:
        s = self.game.state
        data: dict[str, Any] = {}
        if s.ref_on_pitch():
            data = {"action": self.action.currentData(), "in_range": self.in_range.isChecked(),
                    "ref_square": _square(self.pitch.ref), "ball_square": _square(self.pitch.ball)}  # fmt: skip
            if data["action"] in ("block", "foul", "blitz", "blow the whistle"):  # the chosen player
                data["target"] = self.chosen(self.acting_side)
            if data["ref_square"] is not None and data["ref_square"] == data["ball_square"]:
                if not self._scatter():
                    return None
                data["ball_square"] = _square(self.pitch.ball)
        change = self.record("end turn", data=data)
        if change is not None:
            self.in_range.setChecked(False)
            self.action.setCurrentIndex(0)
            self.pitch.set_squares(self.pitch.ref, None)  # the ball moves on: its square is given again
            self._squares(self.pitch.ref, None)
        return change

    def _scatter(self) -> bool:
        """The ball landed on the ref: it scatters one square away from him; the pad asks which square."""
        from ui.kit import ask

        squares = mp.scatter_squares(list(self.pitch.ref))
        words = [f"({x + 1}, {y + 1})" for x, y in squares]
        index = ask.pick(self, _("The ball never ends on the ref's square: it scatters one square away. Where to?"),
                         words)  # fmt: skip
        if index is None:
            return False
        self.pitch.set_squares(self.pitch.ref, squares[index])
        return True

    def _ref_state_chosen(self) -> None:
        state = self.ref_state.currentData()
        if state != self.game.state.ref_state:
            self.record("ref state", data={"state": state})

    def _squares(self, ref: tuple[int, int] | None, ball: tuple[int, int] | None) -> None:
        if ref is None or ball is None or self.game.state.ref is None:
            self.distance.setText(_("Click the ref's square, right-click the ball's: Dugout counts the squares."))
            return
        apart = mp.squares_apart(ref, ball)
        inside = mp.in_range(ref, ball, self.game.state.ref.skills, self.session.db.ruleset)
        self.in_range.setChecked(inside)
        where = (
            _("{squares} from the ball (range {range}): in range.")
            if inside
            else _("{squares} from the ball (range {range}): out of range.")
        )
        self.distance.setText(where.format(squares=count(apart, "square"), range=self.game.ref_range))

    def _send_off_rolled(self, roll: Any) -> None:
        side = self.acting_side
        self.record("send-off roll", team_id=side, player_id=self.chosen(side), roll=roll)  # i18n: key

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
            if self.fans_gate:
                ask.error(self, _("Count both teams' fans first: they make the gate. Press F."))
            else:
                ask.error(
                    self, _("Roll the gate first (or type the dice or spectators counted at the table): press F.")
                )
            return None
        decided = self.level_knockout()
        if decided is None:
            return None
        change = self.session.run(
            pad.full_time, parent=self, match_id=self.match_id, **self.gate.report(), **decided
        )
        if change is None:
            return None
        from ui.sequences.postmatch.wizard import PostMatchWizard

        self.post_match_wizard = PostMatchWizard(self.session, self.match_id, self.parentWidget())
        self.post_match_wizard.open()
        self.close()
        return change

    def level_knockout(self) -> dict[str, Any] | None:
        """A knock-out game level at full time (issue 33): sudden-death overtime (its touchdown recorded on the pad
        first), then a roll-off with the app's dice or typed; {} for any other game; None: cancelled."""
        from roster_app.queries.competitions import knockout_game
        from roster_app.rules.competitions import roll_off_dice
        from ui.kit import ask

        state = self.game.state
        home, away = state.score.get(state.home_id, 0), state.score.get(state.away_id, 0)
        if not state.over or home != away or not knockout_game(self.session.db, self.match_id):
            return {}
        rule = self.session.db.ruleset.table("knockout")
        overtime = rule["overtime"] and ask.confirm(
            self, _("{home} and {away} are level at {home_score}-{away_score}. A knock-out game goes to "
                    "sudden-death overtime (the league's rule): play it, and record its touchdown on the pad before "
                    "full time. Was overtime played and is the game still level?").format(
                home=self.game.home, away=self.game.away, home_score=home, away_score=away),
            title=_("Level knock-out game"), yes=_("Still level after overtime"))  # fmt: skip
        if rule["overtime"] and not overtime:
            return None
        roll = _("Roll with Dugout's dice")
        how = ask.choose(self, _("The roll-off ({dice} each) decides who goes through.").format(dice=rule["roll_off"]),
                         [roll, _("Type the dice")], title=_("Roll-off"))  # fmt: skip
        if how is None:
            return None
        if how == roll:
            return {"overtime": bool(overtime), "roll_off": "roll"}
        spec = roll_off_dice(self.session.db.ruleset)
        faces = []
        for side in (self.game.home, self.game.away):
            face = ask.number(self, _("{owner} roll-off:").format(owner=possessive(side), name=side),
                              value=spec.lowest, minimum=spec.lowest, maximum=spec.highest,
                              title=_("Roll-off"))  # fmt: skip
            if face is None:
                return None
            faces.append(face)
        return {"overtime": bool(overtime), "roll_off": faces}

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


def _out_word(out: str) -> str:
    """Why a player is out of the game: sent off, a casualty, or his injury (the league's word)."""
    return shown(out) if out in SHOWN_WORDS else term("injury", out)


def _choose_word(parent: QWidget, question: str, words: list[str]) -> str | None:
    """One of the pad's stored words (a ref's state), asked in the commissioner's language."""
    from ui.kit import ask

    labels = [shown(word) for word in words]
    answer = ask.choose(parent, question, labels)
    return words[labels.index(answer)] if answer in labels else None


def _square(square: tuple[int, int] | None) -> list[int] | None:
    return list(square) if square is not None else None
