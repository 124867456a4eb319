"""The Season page's Competitions tab (issue 33): the season's competitions in their order (the league fixtures,
then each open tournament), a tournament's bracket drawn with Qt (ui/pages/season/bracket_view.py) and, for
Swiss rounds, its standing; New Tournament…, Draw…, Withdraw Team…, Abandon…, Delete. Each game of the bracket
leads to its report, pre-match sequence and match pad (the Season page's own actions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _, pgettext
from ui.kit import ask
from ui.kit.basics import text_html
from ui.pages.season.bracket_view import BracketView

COMPETITION_TABLES = {"competition", "competition_entry", "competition_tie", "match", "team", "league", "season"}
FORMATS = [("knockout", N_("Knock-out cup")), ("playoffs", N_("Playoffs (top of the league table)")),
           ("swiss", N_("Swiss rounds"))]  # fmt: skip
SEEDING_CHOICES = [("draw", N_("Draw with the app's dice")), ("dice", N_("Draw with real dice (type them in)")),
                   ("table", N_("Seed by the league table")), ("rating", N_("Seed by team rating")),
                   ("hand", N_("Seed by hand (the order the teams were entered)"))]  # fmt: skip


class NewTournamentDialog(QDialog):
    """A tournament's name, format, teams, third-place game, rounds or qualifiers, and first round."""

    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("New Tournament"))
        self.session = session
        self.name = QLineEdit(self)
        self.name.setObjectName("tournamentName")
        self.format = QComboBox(self)
        for key, text in FORMATS:
            text = _(text)
            self.format.addItem(text, key)
        self.teams = QListWidget(self)
        self.teams.setObjectName("tournamentTeams")
        from roster_app.queries import rosters

        for team in rosters.teams(session.db):
            item = QListWidgetItem(team.name)  # a list item shows its text as typed
            item.setData(Qt.ItemDataRole.UserRole, team.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.teams.addItem(item)
        self.third_place = QCheckBox(_("A third-place game"), self)
        self.number = QSpinBox(self)
        self.number.setRange(0, 99)
        self.number_label = QLabel(self)
        self.first_round = QSpinBox(self)
        self.first_round.setRange(0, 99)
        self.first_round.setSpecialValueText(_("after the last round in use"))
        form = QFormLayout()
        form.addRow(_("&Name:"), self.name)
        form.addRow(_("&Format:"), self.format)
        form.addRow(_("&Teams:"), self.teams)
        form.addRow("", self.third_place)
        form.addRow(self.number_label, self.number)
        form.addRow(_("First played in &round:"), self.first_round)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.format.currentIndexChanged.connect(self._format_changed)
        self._format_changed()
        self.created_id: int | None = None

    def _format_changed(self) -> None:
        key = self.format.currentData()
        self.teams.setEnabled(key != "playoffs")
        self.third_place.setEnabled(key != "swiss")
        self.number_label.setText({"playoffs": _("Teams that go &through:"),
                                   "swiss": _("&Rounds (0: enough for a winner):"), "knockout": ""}[key])  # fmt: skip
        self.number_label.setVisible(key != "knockout")  # a cup's rounds follow from its teams
        self.number.setVisible(key != "knockout")
        if key == "playoffs" and self.number.value() < 2:
            self.number.setValue(4)

    def team_ids(self) -> list[int]:
        return [self.teams.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.teams.count())
                if self.teams.item(i).checkState() == Qt.CheckState.Checked]  # fmt: skip

    def accept(self) -> None:
        from roster_app.services.competitions import create_competition

        key = self.format.currentData()
        change = self.session.run(
            create_competition, parent=self, name=self.name.text(), format=key,
            team_ids=[] if key == "playoffs" else self.team_ids(), third_place=self.third_place.isChecked(),
            rounds=self.number.value() if key != "knockout" else 0, first_round=self.first_round.value(),
        )  # fmt: skip
        if change is not None:
            self.created_id = change.result
            super().accept()


class CompetitionsPanel(QWidget):
    """The season's competitions and the chosen one's bracket. `open_game(match_id, what)` is the Season page's
    way into a game ("report", "pre-match", "pad", "open")."""

    def __init__(self, session: Any, open_game: Callable[[int, str], Any], parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.open_game = open_game
        self.list = QListWidget(self)
        self.list.setObjectName("competitionsList")
        self.bracket = BracketView(self)
        self.bracket.menu_actions = [
            (_("Report Match…"), lambda tie: self.open_game(tie.match_id, "report")),
            (_("Pre-Match Sequence…"), lambda tie: self.open_game(tie.match_id, "pre-match")),
            (_("Match Pad…"), lambda tie: self.open_game(tie.match_id, "pad")),
        ]
        self.bracket.opened.connect(lambda tie: self.open_game(tie.match_id, "open"))
        self.scroll = QScrollArea(self)
        self.scroll.setWidget(self.bracket)
        self.scroll.setWidgetResizable(False)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.standing = QLabel(self)
        self.standing.setTextFormat(Qt.TextFormat.RichText)
        self._build_actions()
        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.summary)
        column.addWidget(self.scroll, 1)
        column.addWidget(self.standing)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.list)
        splitter.addWidget(right)
        splitter.setSizes([220, 900])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toolbar)
        layout.addWidget(splitter, 1)
        self.list.currentRowChanged.connect(lambda _row: self._show_chosen())
        self.rows: list[Any] = []
        session.changed.connect(self.refresh)
        self.refresh(None)

    def _build_actions(self) -> None:
        self.toolbar = QToolBar(self)
        for name, text, slot in (("new_action", _("New Tournament…"), self.new_tournament),
                                 ("draw_action", _("Draw…"), self.draw),
                                 ("withdraw_action", _("Withdraw Team…"), self.withdraw),
                                 ("abandon_action", _("Abandon…"), self.abandon),
                                 ("delete_action", _("Delete Tournament"), self.delete),
                                 ("earlier_action", _("Play Earlier"), self.move_earlier),
                                 ("later_action", _("Play Later"), self.move_later)):  # fmt: skip
            action = QAction(text, self)
            action.triggered.connect(slot)
            setattr(self, name, action)
            self.toolbar.addAction(action)
        self.earlier_action.setToolTip(_("Play the chosen competition before the one above it in the season's order "
                                         "(play them in the same order each season)."))  # fmt: skip
        self.later_action.setToolTip(
            _("Play the chosen competition after the one below it in the season's order.")
        )

    # -- showing --------------------------------------------------------------------------------------------
    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not tables & COMPETITION_TABLES:
            return
        from roster_app.queries import competitions as cq

        chosen = self.chosen()
        self.rows = cq.competitions(self.session.db)
        self.list.blockSignals(True)
        self.list.clear()
        for row in self.rows:
            self.list.addItem(
                QListWidgetItem(f"{row.position}. {row.name}\n{row.format_words} · {row.status_words}")
            )
        target = next((i for i, r in enumerate(self.rows) if chosen is not None and r.id == chosen.id), None)
        if target is None:
            target = next((i for i, r in enumerate(self.rows) if r.format != "league"), 0 if self.rows else -1)
        self.list.setCurrentRow(target)
        self.list.blockSignals(False)
        self._show_chosen()

    def chosen(self) -> Any:
        row = self.list.currentRow()
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def choose(self, competition_id: int) -> None:
        row = next((i for i, r in enumerate(self.rows) if r.id == competition_id), -1)
        self.list.setCurrentRow(row)

    def _show_chosen(self) -> None:
        from roster_app.queries import competitions as cq

        row = self.chosen()
        writable = not self.session.read_only
        tournament = row is not None and row.format != "league" and row.status not in ("abandoned", "finished")
        self.new_action.setEnabled(writable)
        self.draw_action.setEnabled(writable and tournament and row.played == 0)
        self.withdraw_action.setEnabled(writable and tournament and row.format != "league")
        self.abandon_action.setEnabled(
            writable and row is not None and row.status not in ("abandoned", "finished")
        )
        self.delete_action.setEnabled(writable and row is not None and row.format != "league" and row.played == 0)
        place = self.list.currentRow()
        movable = writable and row is not None and row.status != "abandoned"
        self.earlier_action.setEnabled(movable and place > 0)
        self.later_action.setEnabled(movable and 0 <= place < len(self.rows) - 1)
        if row is None:
            self.summary.setText(_("No competition this season yet: generate the season's fixtures, or add a "
                                 "tournament (New Tournament…)."))  # fmt: skip
            self.bracket.show_bracket(None)
            self.standing.setText("")
            return
        self.summary.setText(f"<b>{text_html(row.name)}</b> · {text_html(row.format_words)} · "
                             f"{text_html(row.status_words)}")  # fmt: skip
        if row.format == "league":
            self.bracket.show_bracket(None)
            self.standing.setText(_("The league's fixtures and table are on the Fixtures tab."))
            return
        bracket = cq.bracket(self.session.db, row.id)
        self.bracket.show_bracket(bracket)
        self.standing.setText(_standing_html(bracket.standing) if bracket.standing else
                              ("" if bracket.rounds else _("Not drawn yet: Draw… places the teams.")))  # fmt: skip

    # -- actions --------------------------------------------------------------------------------------------
    def new_tournament(self) -> NewTournamentDialog:
        dialog = NewTournamentDialog(self.session, self)
        dialog.accepted.connect(lambda: self.choose(dialog.created_id))
        self.dialog = dialog  # the last dialog opened (tests)
        dialog.open()
        return dialog

    def draw(self) -> None:
        from roster_app.rules.competitions import draw_dice
        from roster_app.services.competitions import draw_competition

        row = self.chosen()
        if row is None:
            return
        if row.format == "playoffs":
            seeding, extra = "table", {}
        else:
            index = ask.pick(
                self,
                _("How is {competition} drawn?").format(competition=row.name),
                [_(text) for _k, text in SEEDING_CHOICES],
                title=pgettext("tournament", "Draw"),
            )
            if index is None:
                return
            seeding, extra = SEEDING_CHOICES[index][0], {}
            if seeding == "dice":
                sides = draw_dice(row.entrants)
                dice = ", ".join(f"D{s}" for s in sides)
                typed = ask.text(self, _("The dice of the draw, in order: {dice} "
                                         "(each picks one of the teams not drawn yet):").format(dice=dice), title=pgettext("tournament", "Draw"))  # fmt: skip
                if typed is None:
                    return
                try:
                    extra["faces"] = [int(part) for part in typed.replace(",", " ").split()]
                except ValueError:
                    ask.error(self, _("Type the dice as whole numbers, one a die, such as 3 1 2."))
                    return
            if seeding == "hand":
                extra["order"] = _entry_order(self.session.db, row.id)
        self.session.run(draw_competition, parent=self, competition_id=row.id, seeding=seeding, **extra)

    def withdraw(self) -> None:
        from roster_app.services.competitions import withdraw_team

        row = self.chosen()
        if row is None:
            return
        teams = _still_in(self.session.db, row.id)
        index = ask.pick(self, _("Which team withdraws from {competition}?").format(competition=row.name), [name for _i, name in teams],
                         title=_("Withdraw Team"))  # fmt: skip
        if index is None:
            return
        reason = ask.text(self, _("Why does the team withdraw?"), title=_("Withdraw Team"))
        if reason is None:
            return
        change = self.session.run(withdraw_team, parent=self, competition_id=row.id, team_id=teams[index][0],
                                  reason=reason)  # fmt: skip
        if change is not None:
            ask.info(self, f"{change.result}.", title=_("Withdraw Team"))

    def abandon(self) -> None:
        from roster_app.services.competitions import abandon_competition

        row = self.chosen()
        if row is None:
            return
        reason = ask.text(
            self, _("Why is {competition} abandoned?").format(competition=row.name), title=_("Abandon")
        )
        made_by = reason and ask.text(self, _("Your name (a commissioner's correction):"), title=_("Abandon"))
        if not reason or not made_by:
            return
        self.session.run(abandon_competition, parent=self, competition_id=row.id, reason=reason, made_by=made_by)

    def move_earlier(self) -> None:
        self._move(-1)

    def move_later(self) -> None:
        self._move(+1)

    def _move(self, step: int) -> None:
        """The chosen competition one place earlier or later in the season's order (one transaction)."""
        from roster_app.services.competitions import move_competition

        row = self.chosen()
        place = self.list.currentRow()
        if row is None or not 0 <= place + step < len(self.rows):
            return
        self.session.run(move_competition, parent=self, competition_id=row.id, position=place + step + 1)
        self.choose(row.id)

    def delete(self) -> None:
        from roster_app.services.competitions import delete_competition

        row = self.chosen()
        if row is None or not ask.confirm(
            self, _("Delete {competition} and its fixtures?").format(competition=row.name), yes=_("Delete")
        ):
            return
        self.session.run(delete_competition, parent=self, competition_id=row.id)


def _entry_order(db: Any, competition_id: int) -> list[int]:
    from sqlalchemy import select

    from roster_app.store.models import CompetitionEntry

    with db.read() as session:
        return list(session.scalars(select(CompetitionEntry.team_id).where(
            CompetitionEntry.competition_id == competition_id).order_by(CompetitionEntry.id)))  # fmt: skip


def _still_in(db: Any, competition_id: int) -> list[tuple[int, str]]:
    from sqlalchemy import select

    from roster_app.store.models import CompetitionEntry, Team

    with db.read() as session:
        return list(session.execute(
            select(Team.id, Team.name).join(CompetitionEntry, CompetitionEntry.team_id == Team.id)
            .where(CompetitionEntry.competition_id == competition_id, CompetitionEntry.out == "")
            .order_by(Team.name)
        ).all())  # fmt: skip


def _standing_html(rows: list[Any]) -> str:
    lines = "".join(
        f"<tr><td align='right'>{r.position}</td><td>{text_html(r.name)}</td><td align='right'>{r.played}</td>"
        f"<td align='right'>{r.won}</td><td align='right'>{r.drawn}</td><td align='right'>{r.lost}</td>"
        f"<td align='right'>{r.byes}</td><td align='right'><b>{r.points}</b></td></tr>"
        for r in rows
    )
    heads = "".join(f"<th>{_(h)}</th>" for h in (N_("P"), N_("W"), N_("D"), N_("L"), N_("Byes"), N_("Pts")))
    return ("<b>" + _("Standing") + "</b><table cellspacing='0' cellpadding='3'><tr><th>" + _("Pos")
            + "</th><th align='left'>" + _("Team") + f"</th>{heads}</tr>{lines}</table>")  # fmt: skip
