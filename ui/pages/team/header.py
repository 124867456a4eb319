"""The selected team's header: race, coach, treasury, value and ratings, staff, re-rolls, fan factor."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.errors import NotFound
from roster_app.i18n import N_, _, term
from roster_app.queries.open_reads import TeamHeader
from roster_app.rules.allies import allies_word, fan_factor_text, surcharge_text
from roster_app.rules.roster import gp, players_to_play
from roster_app.rules.team import COUNTERS
from roster_app.rules.transfers import ally_penalties as describe_penalties
from ui.kit.basics import text_html

# The services and ORM-bound queries are imported where used: the league shows before the ORM loads
# (tests/ui/app/test_start_path.py).


def reroll_price_text(header: TeamHeader) -> str:
    """'re-rolls cost 130,000 gp each (60,000 gp at creation; +10,000 gp for 1 ally)'."""
    parts = []
    if header.reroll_price - header.penalties.reroll_surcharge != header.reroll_cost:
        parts.append(_("{gold} at creation").format(gold=gp(header.reroll_cost)))
    if header.penalties.reroll_surcharge:
        parts.append(surcharge_text(header.penalties))
    return _("re-rolls cost {gold} each").format(gold=gp(header.reroll_price)) + (
        f" ({'; '.join(parts)})" if parts else ""
    )


class CommitSpin(QSpinBox):
    """A header counter: arrows and typing change the figure shown; the league changes only on Enter or on
    leaving the field (editingFinished), and the wheel turns it only while it has the focus, so a stray
    scroll or key never spends gold. Escape puts the league's value back."""

    committed = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.league_value = 0
        self.editingFinished.connect(lambda: self.committed.emit(self.value()))

    def show_value(self, value: int) -> None:
        self.league_value = value
        self.blockSignals(True)
        self.setValue(value)
        self.blockSignals(False)

    def wheelEvent(self, event: Any) -> None:  # noqa: N802
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape:
            self.show_value(self.league_value)
            self.selectAll()
            return
        super().keyPressEvent(event)


class CoachEdit(QLineEdit):
    """The head coach: saved on Enter or on leaving the field; Escape puts the saved name back."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.saved = ""

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape:
            self.setText(self.saved)
            return
        super().keyPressEvent(event)


COUNTER_TITLES = {"rerolls": N_("Re-rolls"), "fan_factor": N_("Fan factor"),
                  "assistant_coaches": N_("Assistant coaches"), "cheerleaders": N_("Cheerleaders"),
                  "apothecary": N_("Apothecary")}  # fmt: skip
WINNINGS_RATING_TIP = N_(
    "The team rating used on the Match Winnings Table: half the value of each player under "
    "contract is deducted (reserve-teams article). The normal team rating is unchanged."
)
EXPENSES_TIP = N_(
    "What the team pays after a match for its team value (half the value of each player under contract is "
    "left out: a house rule, League > Rules… > Economy)."
)


def _figure(title: str) -> tuple[QLabel, QLabel]:
    label = QLabel(title)
    label.setObjectName("figureTitle")
    value = QLabel("")
    value.setObjectName("figureValue")
    value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label, value


class TeamHeaderWidget(QFrame):
    """Shows a TeamHeader; edits go through services (one undo step each)."""

    edited = Signal()

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.header: TeamHeader | None = None
        self.correction_dialog: Any = None  # opened by a fan factor edit after the team's first match
        self.setObjectName("teamHeader")
        self.setFrameShape(QFrame.Shape.StyledPanel)

        self.title = QLabel("")
        self.title.setObjectName("teamTitle")
        self.subtitle = QLabel("")
        for label in (self.title, self.subtitle):
            label.setTextFormat(Qt.TextFormat.PlainText)  # names are shown as typed, never as markup
        self.coach = CoachEdit()
        # a click anywhere else in the header takes the focus, so typing after it never lands in a field
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.coach.setPlaceholderText(_("Head coach"))
        self.coach.setMaximumWidth(220)
        self.coach.editingFinished.connect(self._coach_edited)

        self.figures: dict[str, QLabel] = {}
        self.figure_titles: dict[str, QLabel] = {}
        figures = QHBoxLayout()
        for key, title in (("treasury", N_("Treasury")), ("value", N_("Team value")), ("rating", N_("Team rating")),
                           ("winnings_rating", N_("Rating for winnings")), ("players", N_("Players"))):  # fmt: skip
            label, value = _figure(_(title))
            box = QVBoxLayout()
            box.setSpacing(0)
            box.addWidget(label)
            box.addWidget(value)
            figures.addLayout(box)
            figures.addSpacing(18)
            self.figures[key] = value
            self.figure_titles[key] = label
        figures.addStretch(1)
        self.figures["winnings_rating"].setToolTip(_(WINNINGS_RATING_TIP))

        self.counters: dict[str, CommitSpin | QCheckBox] = {}
        staff = QGridLayout()
        staff.setHorizontalSpacing(8)
        for column, counter in enumerate(
            ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders", "apothecary")
        ):
            title = _(COUNTER_TITLES[counter])
            widget: CommitSpin | QCheckBox
            if counter == "apothecary":
                widget = QCheckBox()
                widget.toggled.connect(lambda on, c=counter: self._counter_edited(c, int(on)))
            else:
                widget = CommitSpin()
                widget.setRange(0, 99)
                widget.committed.connect(lambda v, c=counter: self._counter_edited(c, v))
            widget.setObjectName(f"counter_{counter}")
            self.counters[counter] = widget
            staff.addWidget(QLabel(title), 0, column)
            staff.addWidget(widget, 1, column)
        staff.setColumnStretch(6, 1)
        self.fan_factor_note = QLabel("")  # the fan factor the team plays with, under its own
        self.fan_factor_note.setObjectName("fanFactorInPlay")
        staff.addWidget(self.fan_factor_note, 2, 1)
        self.allies = QLabel("")
        for label in (self.fan_factor_note, self.allies):
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.allies.setObjectName("alliesNote")
        self.allies.setWordWrap(True)

        top = QHBoxLayout()
        names = QVBoxLayout()
        names.addWidget(self.title)
        names.addWidget(self.subtitle)
        top.addLayout(names, 1)
        top.addWidget(QLabel(_("Head coach:")))
        top.addWidget(self.coach)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(figures)
        layout.addLayout(staff)
        layout.addWidget(self.allies)

    def show_header(self, header: TeamHeader | None) -> None:
        self.header = header
        self.setEnabled(header is not None)
        if header is None:
            self.title.setText(_("No team selected"))
            return
        self.title.setText(header.name)
        self.subtitle.setText(f"{term('race', header.race)} · {reroll_price_text(header)}")
        self._show_allies(header)
        self.coach.saved = header.coach
        if not self.coach.hasFocus():
            self.coach.setText(header.coach)
        self.figures["treasury"].setText(gp(header.treasury))
        self.figures["value"].setText(gp(header.value))
        self.figures["rating"].setText(str(header.rating))
        self.figures["winnings_rating"].setText(str(header.winnings_rating))
        self._show_worth(header)
        self._show_players(header)
        for counter, widget in self.counters.items():
            value = getattr(header, counter)
            if isinstance(widget, QCheckBox):
                widget.blockSignals(True)
                widget.setChecked(bool(value))
                widget.blockSignals(False)
            else:
                widget.show_value(int(value))
            widget.setToolTip(
                _(
                    "Buying more costs gold from the treasury; fewer is not refunded ({what}). "
                    "Saved on Enter or on leaving the field; Esc puts it back."
                ).format(what=COUNTERS[counter][0])
            )
        read_only = self.session.read_only
        self.coach.setReadOnly(read_only)
        for widget in self.counters.values():
            widget.setEnabled(not read_only)
        self._show_apothecary(header, read_only)

    def _show_apothecary(self, header: TeamHeader, read_only: bool) -> None:
        """A race that may not hire an apothecary: the box is off (one the team already has may be released)."""
        try:
            refusal = self.session.db.ruleset.race(header.race).apothecary_refusal
        except NotFound:
            refusal = None
        box = self.counters["apothecary"]
        if refusal:
            box.setEnabled(not read_only and bool(header.apothecary))
            box.setToolTip(refusal)

    def _show_worth(self, header: TeamHeader) -> None:
        """What the team is worth as its edition names it: a team value (LRB 5/6) has no rating beside it, and
        the spiralling expenses it brings where a rating edition shows the rating for winnings."""
        by_value = header.worth_is_value
        self.figures["rating"].setVisible(not by_value)
        self.figure_titles["rating"].setVisible(not by_value)
        self.figure_titles["value"].setText(term("table", header.worth_name) if by_value else _("Team value"))
        self.figure_titles["winnings_rating"].setText(
            _("Spiralling expenses") if by_value else _("Rating for winnings")
        )
        self.figures["winnings_rating"].setToolTip(_(EXPENSES_TIP) if by_value else _(WINNINGS_RATING_TIP))
        if by_value:
            self.figures["winnings_rating"].setText(gp(header.expenses))

    def _show_players(self, header: TeamHeader) -> None:
        """'9 of 16', and a warning while the team is short of the players it takes to a match."""
        ruleset = self.session.db.ruleset
        fewest, most = players_to_play(ruleset), ruleset.table("team_rules")["max_players"]
        label = self.figures["players"]
        short = header.players < fewest
        label.setText(
            _("{n} of {most}").format(n=header.players, most=most)
            + (
                _(" · {short} short of {fewest}").format(short=fewest - header.players, fewest=fewest)
                if short
                else ""
            )
        )
        label.setStyleSheet("color: #a32020;" if short else "")
        label.setToolTip(
            _("A team needs at least {fewest} players to play a match.").format(fewest=fewest) if short else ""
        )

    def _show_allies(self, header: TeamHeader) -> None:
        """The allies' penalties, lifted (and hidden) as soon as the last ally leaves the roster."""
        p = header.penalties
        ruleset = self.session.db.ruleset
        in_play = header.fan_factor_in_play != header.fan_factor
        self.fan_factor_note.setText(
            _("{fan_factor} with {allies}").format(
                fan_factor=header.fan_factor_in_play, allies=allies_word(p.allies)
            )
            if in_play
            else ""
        )
        if not header.allies:
            self.allies.setText("")
            self.allies.setToolTip("")
            self.allies.hide()
            return
        self.allies.setText(
            _("Allies: {allies}. Fan factor {fan_factor}; each re-roll {gold}").format(
                allies=", ".join(header.allies),
                fan_factor=fan_factor_text(header.fan_factor, header.fan_factor_in_play, p.allies),
                gold=gp(header.reroll_price),
            )
            + (f" ({surcharge_text(p)})." if p.reroll_surcharge else ".")
        )
        tip = text_html(
            _(
                "A player of another race than {race} is an ally (a transferred player counts as any allied "
                "player). League > Rules… > Ally penalties: {penalties}, for each ally. "
                "The team's own fan factor (the post-match roll changes it) and its team rating are not lowered."
            ).format(race=term("race", header.race), penalties=describe_penalties(ruleset))
        )
        for widget in (self.allies, self.fan_factor_note):
            widget.setToolTip(f"<p>{tip}</p>")  # rich text, escaped: a tooltip would guess markup from a name
        self.allies.show()

    def _coach_edited(self) -> None:
        if self.header and self.coach.text().strip() != self.header.coach:
            from roster_app.services.teams import set_coach

            self.session.run(set_coach, parent=self, team_id=self.header.id, coach=self.coach.text(),
                             expected_version=self.header.version)  # fmt: skip

    def _counter_edited(self, counter: str, value: int) -> None:
        if self.header is None or int(getattr(self.header, counter)) == value:
            return
        from roster_app.queries.corrections import has_played
        from roster_app.services.teams import set_counter

        if counter == "fan_factor" and has_played(self.session.db, self.header.id):
            self._correct_fan_factor(value)
            return
        if (
            self.session.run(
                set_counter,
                parent=self,
                team_id=self.header.id,
                counter=counter,
                value=value,
                expected_version=self.header.version,
            )  # fmt: skip
            is None
        ):
            self.show_header(self.header)  # refused: put the old value back

    def _correct_fan_factor(self, value: int) -> Any:
        """After the first match the fan factor moves only by the post-match roll: an edit here is a
        commissioner's correction, with its reason, so it opens the correction dialog."""
        from ui.pages.team.correction_dialog import CorrectionDialog

        self.show_header(self.header)  # the old value stays until the correction is made
        dialog = CorrectionDialog(self.session, self, team_id=self.header.id, kind="fan_factor")
        dialog.fan_factor.setValue(value)
        dialog.reason.setFocus()
        dialog.open()
        self.correction_dialog = dialog
        return dialog
