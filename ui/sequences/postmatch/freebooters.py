"""What each side's hired Star Players and mercenaries did in the game (issue 32), on the winnings page of the
post-match sequence: touchdowns, casualties, MVP under the freebooter's own name (his career across every team
that hired him); each Record is one service call (`services.freebooters.record_freebooter_play`)."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QLabel, QPushButton, QSpinBox, QWidget

from roster_app.i18n import N_, _, pgettext, term
from roster_app.queries.freebooters import match_freebooters
from roster_app.services.freebooters import record_freebooter_play


class FreebooterReport(QGroupBox):
    """One row a hired star or mercenary: TD, Cas, MVP and Record (hidden when nobody was hired)."""

    def __init__(self, session: Any, match_id: int, parent: QWidget | None = None):
        super().__init__(_("Freebooters' game (Star Players and mercenaries, under their own names)"), parent)
        self.session, self.match_id = session, match_id
        self.setObjectName("freebooterReport")
        self.grid = QGridLayout(self)
        self.rows: dict[str, tuple[QSpinBox, QSpinBox, QCheckBox, QPushButton]] = {}
        self.fill()

    def fill(self) -> None:
        sides = match_freebooters(self.session.db, self.match_id) or ()
        hired = [(side, h) for side in sides for h in side.hired if h.plays]
        self.setVisible(bool(hired))
        if self.rows or not hired:
            for side, h in hired:  # show what is recorded
                td, cas, mvp, _button = self.rows.get(f"{side.team_id}:{h.name}", (None, None, None, None))
                if td is not None:
                    td.setValue(h.touchdowns), cas.setValue(h.casualties), mvp.setChecked(h.mvp)
            return
        for column, title in enumerate((N_("Freebooter"), N_("Team"), N_("TD"), N_("Cas"), N_("MVP"), "")):
            self.grid.addWidget(QLabel(f"<b>{_(title) if title else ''}</b>"), 0, column)
        for row, (side, h) in enumerate(hired, start=1):
            td, cas, mvp = QSpinBox(self), QSpinBox(self), QCheckBox(self)
            td.setRange(0, 20), cas.setRange(0, 20)
            td.setValue(h.touchdowns), cas.setValue(h.casualties), mvp.setChecked(h.mvp)
            button = QPushButton(pgettext("button", "Record"), self)
            button.clicked.connect(lambda _c=False, t=side.team_id, n=h.name: self.record(t, n))
            self.grid.addWidget(
                QLabel(f"{escape(term('star', h.name))} ({escape(h.what.split(' (')[0])})"), row, 0
            )
            self.grid.addWidget(QLabel(escape(side.team)), row, 1)
            for column, widget in enumerate((td, cas, mvp, button), start=2):
                self.grid.addWidget(widget, row, column)
            self.rows[f"{side.team_id}:{h.name}"] = (td, cas, mvp, button)

    def record(self, team_id: int, name: str) -> Any:
        td, cas, mvp, _button = self.rows[f"{team_id}:{name}"]
        return self.session.run(record_freebooter_play, parent=self, match_id=self.match_id, team_id=team_id,
                                name=name, touchdowns=td.value(), casualties=cas.value(), mvp=mvp.isChecked())  # fmt: skip
