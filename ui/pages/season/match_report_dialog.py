"""The match report: score, casualties, MVPs, gate, referee and a line per player, recorded in one step."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from roster_app.errors import RuleViolation
from roster_app.i18n import _
from roster_app.queries import referees as referee_queries
from roster_app.queries.season import FixtureRow
from roster_app.rules import competitions as rc
from roster_app.rules import postmatch as pm
from roster_app.rules.allies import fan_factor_text
from roster_app.rules.economy import economy
from roster_app.rules.spp import match_spp
from roster_app.services.matches import PlayerLine, record_match
from roster_app.words import count, number, possessive
from ui.kit.basics import text_html
from ui.kit.columns import stage_shown
from ui.kit.fans_gate import FansGate
from ui.kit.handbook import help_key
from ui.kit.tables import make_table
from ui.records.season_models import COUNT_KEYS, LineRow, MatchLinesModel
from ui.roster.choice_delegate import ChoiceDelegate
from ui.roster.spin_delegate import SpinDelegate

RANDOM_MVP = -1


def _spin(maximum: int = 30) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, maximum)
    spin.setMaximumWidth(90)
    return spin


def _label(text: str, buddy: QWidget) -> QLabel:
    """A field's label: Alt + its underlined letter puts the focus in the field."""
    label = QLabel(text)
    label.setBuddy(buddy)
    return label


class MatchReportDialog(QDialog):
    def __init__(self, session: Any, fixture: FixtureRow, parent: QWidget | None = None):
        super().__init__(parent)
        help_key(self, "season")  # F1: the handbook's section (issue 35)
        self.session = session
        self.fixture = fixture
        self.gate_faces: tuple[int, ...] | None = None
        self.recorded_match_id: int | None = None
        self.setWindowTitle(_("Match report: {game}").format(game=f"{fixture.home} v {fixture.away}"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(900, 700)
        db = session.db
        from roster_app.queries import rosters as queries

        self.players = {t: [r for r in queries.roster(db, t) if r.status == "active"]
                        for t in (fixture.home_id, fixture.away_id)}  # fmt: skip
        headers = {
            h.id: h for h in (queries.team_header(db, fixture.home_id), queries.team_header(db, fixture.away_id))
        }
        # the fan factors the teams play with: their allies' penalty lowers the gate
        sides = (headers[fixture.home_id], headers[fixture.away_id])
        from roster_app.queries.prematch import fan_factors_for

        self.fan_factors = fan_factors_for(db, fixture.id)  # with a Home crowd handicap's +1

        self.score = {t: _spin() for t in self.players}
        self.casualties = {t: _spin() for t in self.players}
        self.mvp = {t: QComboBox() for t in self.players}
        for team_id, combo in self.mvp.items():
            combo.addItem(_("Roll at random"), RANDOM_MVP)
            for p in self.players[team_id]:
                combo.addItem(f"#{p.number} {p.name}", p.id)
        self.gate = QSpinBox()
        self.gate.setRange(0, 500_000)
        self.gate.setSingleStep(db.ruleset.table("gate")["per_die"])
        self.gate.setGroupSeparatorShown(True)
        self.gate.setSuffix(_(" spectators"))
        self.roll_gate_button = QPushButton(_("R&oll Gate"))
        dice = sum(self.fan_factors)
        low, high = pm.gate_bounds(dice, fixture.stage, db.ruleset)
        fans = " + ".join(fan_factor_text(h.fan_factor, h.fan_factor_in_play, h.penalties.allies)
                          + (_(" + {n} (handicap)").format(n=ff - h.fan_factor_in_play) if ff > h.fan_factor_in_play else "")
                          for h, ff in zip(sides, self.fan_factors, strict=True))  # fmt: skip
        self.gate_hint = QLabel(
            _("{dice} D6 (fan factors {fans}): {low} to {high}").format(
                dice=dice, fans=fans, low=number(low), high=number(high)
            )
        )
        self.gate.setMaximumWidth(170)
        # LRB 5/6: the gate is both teams' fans counted before the match, shown, never rolled again (issue 31)
        self.fans_gate: FansGate | None = None
        if economy(db.ruleset).winnings == "fame_dice":
            self.fans_gate = FansGate(session, fixture.id, ((fixture.home_id, fixture.home),
                                                            (fixture.away_id, fixture.away)), self)  # fmt: skip
            self.fans_gate.setObjectName("reportFansGate")
            self.fans_gate.changed.connect(self._update)
            for widget in (self.gate, self.roll_gate_button, self.gate_hint):
                widget.hide()
        self.referee = QComboBox()
        self.referee.setObjectName("reportReferee")
        self.riot = QCheckBox(_("A R&iot ended the match early"))
        self.riot.setObjectName("reportRiot")
        self.ref_note = QLabel()
        self.ref_note.setWordWrap(True)
        self._fill_referees()

        self.lines = MatchLinesModel(self)
        self.lines.set_rows([
            LineRow(p.id, team_id, headers[team_id].name, p.number, p.name, p.position, side=side)
            for side, (team_id, players) in enumerate(self.players.items()) for p in players
        ])  # fmt: skip
        self.view = make_table(self.lines, self)
        self.view.setObjectName("reportLines")
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        spin, choice = SpinDelegate(self.view), ChoiceDelegate(self.view)
        for key in COUNT_KEYS:
            self.view.setItemDelegateForColumn(self.lines.column_index(key), spin)
        self.view.setItemDelegateForColumn(self.lines.column_index("injury"), choice)
        self.view.horizontalHeader().setSectionResizeMode(
            self.lines.column_index("name"), QHeaderView.ResizeMode.Stretch
        )
        self.view.resizeColumnsToContents()
        self.view.horizontalHeader().resizeSection(self.lines.column_index("injury"), 130)

        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.record_button = self.buttons.addButton(_("&Record Report"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.record_button.setDefault(True)  # Enter records, from any field
        self._lay_out(headers)
        self._connect()
        self._referee_chosen()

    def _lay_out(self, headers: dict[int, Any]) -> None:
        grid = QGridLayout()
        for column, team_id in enumerate(self.players, start=1):
            side = _("home") if column == 1 else _("away")
            title = QLabel(f"<b>{text_html(headers[team_id].name)}</b> ({side})")
            grid.addWidget(title, 0, column)
            grid.addWidget(self.score[team_id], 1, column)
            grid.addWidget(self.casualties[team_id], 2, column)
            grid.addWidget(self.mvp[team_id], 3, column)
        home = next(iter(self.players))
        buddies = (self.score[home], self.casualties[home], self.mvp[home])
        for row, (text, buddy) in enumerate(
            zip((_("&Score:"), _("&Casualties caused:"), _("M&VP:")), buddies, strict=True), 1
        ):
            grid.addWidget(_label(text, buddy), row, 0)
        gate_row = QHBoxLayout()
        gate_row.addWidget(self.gate)
        gate_row.addWidget(self.roll_gate_button)
        gate_row.addWidget(self.gate_hint, 1)
        if self.fans_gate is not None:
            gate_row.addWidget(self.fans_gate, 1)
        grid.addWidget(_label(_("&Gate:"), self.gate), 4, 0)
        grid.addLayout(gate_row, 4, 1, 1, 2)
        grid.addWidget(_label(_("R&eferee:"), self.referee), 5, 0)
        grid.addWidget(self.referee, 5, 1)
        grid.addWidget(self.riot, 5, 2)
        grid.addWidget(self.ref_note, 6, 1, 1, 2)
        if self.fixture.knockout:  # a knock-out game cannot end level: overtime, then a roll-off (issue 33)
            grid.addWidget(QLabel(_("Level:")), 7, 0)
            grid.addLayout(self._knockout_row(), 7, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        where = (
            _("Round {number}").format(number=self.fixture.round)
            if self.fixture.stage == "league"
            else stage_shown(self.fixture.stage).capitalize()
        )
        layout.addWidget(
            QLabel(
                "<b style='font-size:13pt'>{}</b>".format(
                    _("{where}: {home} v {away}").format(
                        where=text_html(where),
                        home=text_html(self.fixture.home),
                        away=text_html(self.fixture.away),
                    )
                )
            )
        )
        layout.addLayout(grid)
        layout.addWidget(
            _label(_("Each player's &line (type a number in a cell, or double-click it to change it):"), self.view)
        )
        layout.addWidget(self.view, 1)
        layout.addWidget(self.verdict)
        layout.addWidget(self.buttons)

    def _knockout_row(self) -> QHBoxLayout:
        rule = self.session.db.ruleset.table("knockout")
        self.overtime = QCheckBox(_("Sudden-death &overtime played"), self)
        self.overtime.setEnabled(rule["overtime"])
        spec = rc.roll_off_dice(self.session.db.ruleset)
        self.roll_off = {}
        row = QHBoxLayout()
        row.addWidget(self.overtime)
        row.addWidget(QLabel(_("Roll-off ({dice}):").format(dice=rule["roll_off"])))
        for team_id, name in (
            (self.fixture.home_id, self.fixture.home),
            (self.fixture.away_id, self.fixture.away),
        ):
            spin = QSpinBox(self)
            spin.setRange(0, spec.highest)
            spin.setSpecialValueText("-")
            spin.setToolTip(_("{owner} roll-off (- : none)").format(owner=possessive(name), name=name))
            spin.valueChanged.connect(self._roll_off_typed)
            self.roll_off[team_id] = spin
            row.addWidget(spin)
        self.roll_off_button = QPushButton(_("Roll &Off"), self)
        self.roll_off_button.clicked.connect(self.roll_off_dice)
        row.addWidget(self.roll_off_button)
        row.addStretch(1)
        self.overtime.toggled.connect(self._update)
        self.roll_off_rolled = False
        return row

    def roll_off_dice(self, _checked: bool = False, *, rng: random.Random | None = None) -> None:
        """The app's roll-off (each coach's die until they differ)."""
        home, away = rc.roll_off(self.session.db.ruleset, rng)
        for spin, face in zip(self.roll_off.values(), (home, away), strict=True):
            spin.blockSignals(True)
            spin.setValue(face)
            spin.blockSignals(False)
        self.roll_off_rolled = True
        self._update()

    def _roll_off_typed(self) -> None:
        self.roll_off_rolled = False
        self._update()

    def decided(self) -> dict[str, Any]:
        """How a knock-out game was decided, as record_match takes it."""
        if not self.fixture.knockout:
            return {}
        faces = [spin.value() for spin in self.roll_off.values()]
        return {"overtime": self.overtime.isChecked(), "roll_off": faces if all(faces) else None,
                "roll_off_typed": not self.roll_off_rolled}  # fmt: skip

    def _connect(self) -> None:
        for widget in [*self.score.values(), *self.casualties.values()]:
            widget.valueChanged.connect(self._update)
        for combo in self.mvp.values():
            combo.currentIndexChanged.connect(self._update)
        self.gate.valueChanged.connect(self._gate_typed)
        self.roll_gate_button.clicked.connect(self.roll_gate)
        self.referee.currentIndexChanged.connect(self._referee_chosen)
        self.riot.toggled.connect(self._update)
        self.lines.lines_changed.connect(self._lines_changed)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    # -- the referee and his match sheet ---------------------------------------------------------------
    def _fill_referees(self) -> None:
        """The refs who may be chosen (never a sacked ref or a dead Star Ref); the match's own ref first."""
        db = self.session.db
        linked = self.linked = referee_queries.sheet_of_match(db, self.fixture.id)
        self.sheets: dict[int, Any] = {}  # ref id -> his open sheet (or the one of this match)
        self.busy: dict[int, str] = {}  # ref id -> why he cannot referee this match now
        self.referee.addItem(_("No referee recorded"), None)
        problems = {c.id: c.problem for c in referee_queries.referees_for_fixture(db, self.fixture.id)}
        for card in referee_queries.choosable_referees(db):
            sheet = referee_queries.sheet_view(db, card.open_sheet_id) if card.open_sheet_id else None
            if sheet is not None and sheet.match_id not in (None, self.fixture.id):
                self.busy[card.id] = problems[card.id]  # his open sheet of another game, named
            if sheet is not None:
                self.sheets[card.id] = sheet
            self.referee.addItem(card.name + (_(" (Star Ref)") if card.is_star else ""), card.id)
        if linked is not None:
            self.sheets[linked.referee_id] = linked
            if self.referee.findData(linked.referee_id) < 0:  # sacked by this very match: he still refereed it
                self.referee.addItem(
                    _("{referee} (his sheet of this match)").format(referee=linked.referee_name), linked.referee_id
                )
            self.referee.setCurrentIndex(self.referee.findData(linked.referee_id))

    def _referee_chosen(self) -> None:
        sheet = self.sheets.get(self.referee.currentData())
        self.riot.setEnabled(sheet is None or not sheet.finished)
        if sheet is not None:
            self.riot.setChecked(sheet.riot)  # the report and his sheet say the same about a Riot
        if self.referee.currentData() is None:
            self.ref_note.setText("")
        elif sheet is None:
            self.ref_note.setText(_("Recording opens his match sheet for this match (Referees page)."))
        else:
            state = (_("finished") if sheet.finished
                     else _("open, {turns} in range so far").format(turns=count(sheet.ticked, "turn")))  # fmt: skip
            self.ref_note.setText(_("His match sheet ({state}) goes with this match.").format(state=state))
        self._update()

    # -- keeping the figures consistent ---------------------------------------------------------------
    def _lines_changed(self) -> None:
        for team_id, spin in self.casualties.items():
            caused = sum(r.casualties for r in self.lines.rows() if r.team_id == team_id)
            if spin.value() < caused:
                spin.setValue(caused)  # the team caused at least what its players caused
        self._update()

    def roll_gate(self, _checked: bool = False, *, rng: random.Random | None = None) -> None:
        faces = pm.roll_gate(self.fan_factors, rng)
        self.gate.blockSignals(True)
        self.gate.setValue(pm.gate_from_faces(faces, self.fixture.stage, self.session.db.ruleset))
        self.gate.blockSignals(False)
        self.gate_faces = faces
        self._update()

    def _gate_typed(self) -> None:
        self.gate_faces = None
        self._update()

    def player_lines(self) -> list[PlayerLine]:
        return [PlayerLine(r.id, r.touchdowns, r.completions, r.interceptions, r.casualties, r.injury)
                for r in self.lines.rows() if any(getattr(r, k) for k in (*COUNT_KEYS, "injury"))]  # fmt: skip

    def mvp_choice(self, team_id: int) -> int | None:
        value = self.mvp[team_id].currentData()
        return None if value == RANDOM_MVP else value

    def problem(self) -> str | None:
        ruleset = self.session.db.ruleset
        busy = self.busy.get(self.referee.currentData())
        if busy:
            return busy
        if self.referee.currentData() is None and self.linked is not None:  # the report and the sheet: one record
            return _("{owner} match sheet goes with this match: record him as its referee.").format(
                owner=possessive(self.linked.referee_name), name=self.linked.referee_name
            )
        for team_id, spin in self.score.items():
            scored = sum(r.touchdowns for r in self.lines.rows() if r.team_id == team_id)
            if scored != spin.value():
                name = next(r.team for r in self.lines.rows() if r.team_id == team_id) if self.lines.rows() else ""
                return _("{team} scored {score}, but their players' touchdowns add up to {scored}.").format(
                    team=name, score=spin.value(), scored=scored
                )
        if self.fixture.knockout:
            home, away = self.fixture.home_id, self.fixture.away_id
            how = self.decided()
            try:
                rc.decide(ruleset, True, self.score[home].value(), self.score[away].value(), how["overtime"],
                          how["roll_off"])  # fmt: skip
            except RuleViolation as exc:
                return str(exc)
        if self.fans_gate is not None:
            if self.fans_gate.gate() is None:
                return _("Count both teams' fans first: in {edition} they make the gate.").format(
                    edition=economy(ruleset).edition
                )
        elif self.gate_faces is None:
            if self.gate.value() == 0 and sum(self.fan_factors):
                return _("Roll the gate or type it in.")
            try:
                pm.check_gate(self.gate.value(), self.fan_factors, self.fixture.stage, ruleset)
            except RuleViolation as exc:
                return str(exc)
        return None

    def _update(self) -> None:
        ruleset = self.session.db.ruleset
        mvps = {self.mvp_choice(t) for t in self.players}
        self.lines.set_spp({
            r.id: match_spp(touchdowns=r.touchdowns, completions=r.completions, interceptions=r.interceptions,
                            casualties=r.casualties, mvp=r.id in mvps, ruleset=ruleset)
            for r in self.lines.rows()
        })  # fmt: skip
        problem = self.problem()
        self.record_button.setEnabled(problem is None and not self.session.read_only)
        if problem:
            self.verdict.setText(f"<span style='color:#a32020'>{text_html(problem)}</span>")
            return
        how = _("rolled by Dugout") if self.gate_faces is not None else _("typed in")
        gate = self.gate.value()
        if self.fans_gate is not None:
            how, gate = _("the fans counted before the match"), self.fans_gate.gate()
        random_mvps = [t for t in self.players if self.mvp_choice(t) is None]
        mvp_text = _(" An MVP will be rolled at random for each team without one.") if random_mvps else ""
        self.verdict.setText(
            _("Gate {gate} ({how}).").format(gate=number(gate), how=how)
            + mvp_text
            + _(" Recording writes the report, the injuries and every roll in one step (Edit > Undo takes it back).")
        )  # fmt: skip

    def accept(self) -> None:
        if self.problem() is not None:
            return
        home, away = self.fixture.home_id, self.fixture.away_id
        change = self.session.run(
            record_match, parent=self, match_id=self.fixture.id,
            home_score=self.score[home].value(), away_score=self.score[away].value(),
            home_casualties=self.casualties[home].value(), away_casualties=self.casualties[away].value(),
            lines=self.player_lines(), gate=None if self.gate_faces or self.fans_gate else self.gate.value(),
            gate_faces=self.gate_faces, referee_id=self.referee.currentData(), riot=self.riot.isChecked(),
            home_mvp=self.mvp_choice(home), away_mvp=self.mvp_choice(away), **self.decided(),
        )  # fmt: skip
        if change is not None:
            self.recorded_match_id = change.result
            super().accept()
