"""Draft from the reserves (Hire Freebooters): a position of the team list at half cost, then one unmodified
Rookie Table roll. The dialog states the Rookie Table result and says when it was ignored (the floors)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _, term
from roster_app.queries import reserves as reserve_queries
from roster_app.rules.dicetables import range_text
from roster_app.rules.reserves import a
from roster_app.rules.roster import gp
from roster_app.services.reserves import draft_player
from ui.kit.basics import quiet_button, rich_label, right_aligned, text_html
from ui.kit.dice_input import DiceInput
from ui.roster.position_table import PositionTable


def _rookie_rules(table: dict) -> str:
    rows = " · ".join(f"<b>{range_text(r)}</b>: {r.get('text', '')}" for r in table["rows"])
    return _(
        "<b>Rookie Table</b> (one unmodified {dice}): {rows}. A characteristic may never fall more than "
        "{most} below its original value, nor below {minimum}: such a result is ignored. Results are permanent."
    ).format(dice=table["dice"], rows=rows, most=table["max_below_original"], minimum=table["minimum"])


class DraftDialog(QDialog):
    def __init__(self, session: Any, team_id: int, parent: QWidget | None = None, *, match_id: int | None = None):
        super().__init__(parent)
        self.session = session
        self.team_id = team_id
        self.match_id = match_id
        self.outcome: Any = None
        self.drafted_player_id: int | None = None
        db = session.db
        self.info = reserve_queries.reserves_info(db, team_id)
        self.offers = reserve_queries.draft_offers(db, team_id)
        self.used_numbers = {line.number for line in reserve_queries.roster_lines(db, team_id)}
        self.setWindowTitle(
            _("Draft from the reserves (Hire Freebooters): {team}").format(team=self.info.team_name)
        )
        self.resize(800, 560)

        self.eligibility = rich_label(self, self._eligibility_text())
        self.table = PositionTable(self, price_header=_("Draft cost"))

        self.name = QLineEdit(self)
        self.name.setPlaceholderText(_("The drafted player's name"))
        self.number = QSpinBox(self)
        self.number.setRange(1, 99)
        self.number.setValue(next(n for n in range(1, 100) if n not in self.used_numbers))
        form = QFormLayout()
        form.addRow(_("Name:"), self.name)
        form.addRow(_("Number:"), self.number)
        self.verdict = rich_label(self)
        self.rookie_rules = rich_label(self, _rookie_rules(db.ruleset.table("rookie_table")))
        self.dice = DiceInput(db.ruleset.table("rookie_table")["dice"], self, roll_text=_("Draft and Roll the Rookie Table"),
                              typed_text=_("Draft with These Dice"))  # fmt: skip
        self.dice.rolled.connect(self.draft)
        self.outcome_label = rich_label(self)
        self.outcome_label.setObjectName("draftOutcome")
        self.close_button = quiet_button(_("Cancel"), self)
        self.close_button.clicked.connect(self._close)

        layout = QVBoxLayout(self)
        layout.addWidget(self.eligibility)
        layout.addWidget(self.table, 1)
        layout.addLayout(form)
        layout.addWidget(self.verdict)
        layout.addWidget(self.rookie_rules)
        layout.addWidget(self.dice)
        layout.addWidget(self.outcome_label)
        layout.addLayout(right_aligned(self.close_button))

        self.table.itemSelectionChanged.connect(self._update)
        self.name.textChanged.connect(self._update)
        self.number.valueChanged.connect(self._update)
        self.table.set_offers(self.offers)
        self._update()

    def _eligibility_text(self) -> str:
        info = self.info
        if info.draft_refusal:
            return (
                "<span style='color:#a32020'><b>"
                + _("No draft now.")
                + f"</b> {text_html(info.draft_refusal)}</span>"
            )
        return _(
            "{team} would start the next match with <b>{available}</b> players ({on_roster} on the roster): it may "
            "draft a player of its team list from the reserves at half cost. The team rating counts his full cost. "
            "Treasury: <b>{treasury}</b>."
        ).format(team=text_html(info.team_name), available=info.available, on_roster=info.on_roster,
                 treasury=gp(info.treasury))  # fmt: skip

    def selected(self) -> Any:
        return self.table.selected()

    def problem(self) -> str | None:
        if self.info.draft_refusal:
            return self.info.draft_refusal
        if self.table.problem():
            return self.table.problem()
        if not self.name.text().strip():
            return _("Give the drafted player a name.")
        if self.number.value() in self.used_numbers:
            return _("Number {number} is already taken on this roster.").format(number=self.number.value())
        return None

    def _update(self) -> None:
        if self.outcome is not None:
            return
        problem = self.problem()
        self.dice.setEnabled(problem is None)
        if problem:
            self.verdict.setText(f"<span style='color:#a32020'>{text_html(problem)}</span>")
            return
        offer = self.selected()
        position = term("position", offer.name)
        self.verdict.setText(
            _(
                "Drafting {a_position} costs <b>{price}</b> (half of {cost}): the treasury goes from {treasury} to "
                "<b>{left}</b>. Then one Rookie Table roll."
            ).format(
                a_position=a(position),
                position=position,
                price=gp(offer.price),
                cost=gp(offer.cost),
                treasury=gp(self.info.treasury),
                left=gp(self.info.treasury - offer.price),
            )  # fmt: skip
        )

    def draft(self, roll: Any) -> None:
        if self.problem() is not None or self.outcome is not None:
            return
        offer = self.selected()
        change = self.session.run(
            draft_player, parent=self, team_id=self.team_id, position=offer.name, name=self.name.text(),
            number=self.number.value(), roll=roll, match_id=self.match_id,
        )  # fmt: skip
        if change is None:
            return
        self.drafted_player_id, self.outcome = change.result
        name = " ".join(self.name.text().split())
        result = self.outcome.describe(name)
        colour = "#7a1f1f" if self.outcome.applied else "#1b5e2b"
        self.outcome_label.setText(
            "<div style='background:#f6f7f9; padding:6px;'>"
            + _("<b>{name}, {position}, drafted for {price}</b> (worth {cost} for the team rating).").format(
                name=text_html(name),
                position=text_html(term("position", offer.name)),
                price=gp(offer.price),
                cost=gp(offer.cost),
            )
            + f"<br><span style='color:{colour}'>"
            + _("Rookie Table {total}: {result}").format(total=roll.total, result=text_html(result))
            + "</span></div>"
        )
        self.dice.setEnabled(False)
        self.table.setEnabled(False)
        self.name.setEnabled(False)
        self.number.setEnabled(False)
        self.verdict.setText("")
        self.close_button.setText(_("Close"))

    def _close(self) -> None:
        if self.outcome is not None:
            self.accept()
        else:
            self.reject()
