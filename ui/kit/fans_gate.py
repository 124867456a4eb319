"""The gate where the edition counts each team's fans before the match (LRB 5/6, economy winnings "fame_dice"):
both teams' fans added up, shown and never rolled again. Fans not counted yet are said so in words, with each
team's fans roll (typed dice or Dugout's) through services.prematch.roll_fans, the pre-match sequence's own.
The match report dialog and the match pad's gate both show it (issue 31)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from roster_app.i18n import _
from roster_app.queries.prematch import fans_counted_for
from roster_app.services.prematch import roll_fans
from roster_app.words import number
from ui.kit.dice_input import DiceInput


class FansGate(QWidget):
    changed = Signal()  # a team's fans were counted

    def __init__(self, session: Any, match_id: int, teams: tuple[tuple[int, str], tuple[int, str]],
                 parent: QWidget | None = None):  # fmt: skip
        super().__init__(parent)
        self.session, self.match_id, self.teams = session, match_id, teams
        self.summary = QLabel(self)
        self.summary.setObjectName("fansGateSummary")
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        self.rows: list[QWidget] = []
        self.labels: list[QLabel] = []
        self.dice: list[DiceInput] = []
        spec = session.db.ruleset.table("fame")["dice"]
        for side, (_team_id, name) in enumerate(teams):
            row = QWidget(self)
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel(_("Fans of {team}:").format(team=name), row)
            dice = DiceInput(spec, row, roll_text=_("Roll the fans"))
            dice.setObjectName(f"gateFansDice{side}")
            dice.rolled.connect(lambda roll, s=side: self.roll(s, roll))
            line.addWidget(label)
            line.addWidget(dice, 1)
            layout.addWidget(row)
            self.rows.append(row)
            self.labels.append(label)
            self.dice.append(dice)
        self.fans: tuple[int | None, int | None] = (None, None)
        self.refresh()

    def refresh(self) -> None:
        self.fans = fans_counted_for(self.session.db, self.match_id)
        for row, fans in zip(self.rows, self.fans, strict=True):
            row.setVisible(fans is None)
            row.setEnabled(not self.session.read_only)
        (home, home_fans), (away, away_fans) = (
            (name, n) for (_t, name), n in zip(self.teams, self.fans, strict=True)
        )
        if self.gate() is not None:
            self.summary.setText(
                _("{gate} spectators: the fans counted before the match ({home} {home_fans} + {away} {away_fans}).")
                .format(gate=number(self.gate()), home=home, home_fans=number(home_fans), away=away,
                        away_fans=number(away_fans))
            )  # fmt: skip
        else:
            missing = " and ".join(name for (_t, name), n in zip(self.teams, self.fans, strict=True) if n is None)
            self.summary.setText(
                _("The fans of {teams} were not counted before the match: they make the gate. Roll them here "
                  "({dice} + fan factor each) or type the dice rolled at the table.").format(
                    teams=missing, dice=self.dice[0].spec)
            )  # fmt: skip

    def roll(self, side: int, dice_roll: Any) -> None:
        team_id = self.teams[side][0]
        self.session.run(roll_fans, parent=self, match_id=self.match_id, team_id=team_id, roll=dice_roll)
        self.refresh()
        self.changed.emit()

    def gate(self) -> int | None:
        """Both teams' fans added up; None until both are counted."""
        return None if None in self.fans else sum(self.fans)

    def ready(self) -> bool:
        return self.gate() is not None

    def report(self) -> dict[str, Any]:
        """The gate as services.matches takes it: the fans counted stand for it, nothing is passed."""
        return {}

    def focus(self) -> None:
        for dice, fans in zip(self.dice, self.fans, strict=True):
            if fans is None:
                dice.faces[0].setFocus()
                return
