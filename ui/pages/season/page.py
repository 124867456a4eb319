"""The Season page: fixtures by round with results, the league table and the leaders; a team's History tab."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from roster_app.words import possessive
from ui.careers.links import Link, link_careers
from ui.careers.opening import show_career
from ui.kit import ask
from ui.kit.app_style import whole_tab_labels
from ui.kit.tables import LEAGUE_WIDE_PRECISION, make_table
from ui.pages.season.corrections_model import CorrectionsModel
from ui.records.season_models import CurrentStandingsModel, FixturesModel, HistoryModel, LeadersModel

# The season's queries and services (the ORM) are imported where used: `install_season` runs when the league
# shows, before the ORM loads (tests/ui/app/test_start_path.py).
if TYPE_CHECKING:
    from roster_app.queries import season as sq

SEASON_TABLES = {"match", "match_player", "team", "player", "league", "season", "ruleset_table", "referee",
                 "ledger_entry", "referee_match", "dice_roll"}  # fmt: skip
ALL_ROUNDS = 0


def _read_only_table(model: Any, parent: QWidget, stretch: int) -> QTableView:
    view = make_table(model, parent)
    view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
    view.resizeColumnsToContents()
    view.horizontalHeader().setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    view.horizontalHeader().setStretchLastSection(False)  # the named column takes the room left, not "Pts"
    return view


STANDINGS_ROWS_SHOWN = 20  # the league table's rows in view; more scroll


class SeasonPage(QWidget):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.fixtures_model = FixturesModel(self)
        self.fixtures_view = _read_only_table(self.fixtures_model, self, 4)
        self.fixtures_view.setObjectName("fixturesView")
        self.fixtures_view.setAlternatingRowColors(False)  # the model bands the rounds instead
        header = self.fixtures_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in ((0, 56), (1, 165), (2, 56), (3, 165), (4, 160), (5, 64)):
            header.resizeSection(column, width)
        header.setStretchLastSection(True)
        self.round_filter = QComboBox(self)
        self.round_filter.setObjectName("roundFilter")
        self.byes = QLabel(self)
        self.byes.setTextFormat(Qt.TextFormat.PlainText)  # team names
        self.title = QLabel(self)
        self.standings_model = CurrentStandingsModel(self)
        self.standings_view = _read_only_table(self.standings_model, self, 1)
        self.standings_view.setObjectName("standingsView")
        for view in (self.fixtures_view, self.standings_view):  # widths from the rows in view and a few more
            view.horizontalHeader().setResizeContentsPrecision(LEAGUE_WIDE_PRECISION)
        from roster_app.queries import season as sq

        self.leader_models = {what: LeadersModel(unit, self) for what, unit in sq.LEADER_UNITS.items()}
        self.leaders = QTabWidget(self)
        whole_tab_labels(self.leaders)
        for what, model in self.leader_models.items():
            view = _read_only_table(model, self, 2)
            view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
            self.leaders.addTab(view, _(sq.LEADER_TITLES[what]))  # marked N_ where the core keeps them
        self._build_actions()
        self._lay_out()
        self.fixtures_view.selectionModel().selectionChanged.connect(self._update_actions)
        self.fixtures_view.doubleClicked.connect(lambda _i: self.open_fixture())
        self.fixtures_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for action in (self.pre_match_action, self.pad_action, self.report_action, self.post_match_action,
                       self.sheet_action):  # fmt: skip
            self.fixtures_view.addAction(action)  # right-click on a fixture
        self.round_filter.currentIndexChanged.connect(lambda _i: self._show_fixtures())
        self._connect_careers()
        session.changed.connect(self.refresh)
        self._rows: list[sq.FixtureRow] = []
        self.refresh(None)

    def _build_actions(self) -> None:
        self.toolbar = QToolBar(self)
        spec = [("generate_action", _("Generate Season…"), self.generate), ("pre_match_action", _("Pre-Match Sequence…"),
                 self.pre_match), ("pad_action", _("Match Pad…"), self.match_pad), ("report_action", _("Report Match…"),
                 self.report_match), ("post_match_action", _("Post-Match Sequence…"), self.post_match),
                ("sheet_action", _("Referee's Match Sheet…"), self.referee_sheet), None,
                ("move_action", _("Move to Round…"), self.move), ("swap_action", _("Swap Home/Away"), self.swap),
                ("delete_action", _("Delete Fixture"), self.delete), ("add_action", _("Add Fixture…"), self.add)]  # fmt: skip
        for item in spec:
            if item is None:
                self.toolbar.addSeparator()
                continue
            name, text, slot = item
            action = QAction(text, self)
            action.triggered.connect(slot)
            setattr(self, name, action)
            self.toolbar.addAction(action)

    def _lay_out(self) -> None:
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        top = QToolBar(left)
        top.addWidget(QLabel(_("  Show: ")))
        top.addWidget(self.round_filter)
        left_layout.addWidget(self.title)
        left_layout.addWidget(top)
        left_layout.addWidget(self.fixtures_view, 1)
        left_layout.addWidget(self.byes)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel(_("<b>League table</b>")))
        right_layout.addWidget(self.standings_view, 3)  # the room left goes to the table first, up to its rows
        self.points_note = QLabel()
        self.points_note.setWordWrap(True)
        right_layout.addWidget(self.points_note)
        # The league table's last tie-breaker (issue 33): teams level on everything else roll off, app or typed dice.
        self.roll_off_note = QLabel()
        self.roll_off_note.setWordWrap(True)
        self.roll_off_note.setTextFormat(Qt.TextFormat.PlainText)  # team names
        self.roll_off_button = QPushButton(_("&Roll Off…"), self)
        self.roll_off_button.setObjectName("tableRollOff")
        self.roll_off_button.clicked.connect(lambda _checked=False: self.roll_off())
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_off_note, 1)
        roll_row.addWidget(self.roll_off_button)
        right_layout.addLayout(roll_row)
        right_layout.addWidget(QLabel(_("<b>Leaders</b>")))
        right_layout.addWidget(self.leaders, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setSizes([800, 580])
        # The season's competitions (issue 33): the league fixtures beside each tournament's bracket.
        from ui.pages.season.competitions_panel import CompetitionsPanel

        self.competitions = CompetitionsPanel(self.session, self.open_game, self)
        self.views = QTabWidget(self)
        whole_tab_labels(self.views)
        self.views.setObjectName("seasonViews")
        self.views.addTab(splitter, _("Fixtures and Table"))
        self.views.addTab(self.competitions, _("Competitions"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.views, 1)

    # -- showing ---------------------------------------------------------------------------------------
    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not tables & SEASON_TABLES:
            return
        from roster_app.queries import season as sq

        db = self.session.db
        self._rows = sq.fixtures(db)
        season = sq.current_season(db)
        done = sum(r.status == "completed" for r in self._rows)
        self.title.setText(
            _("<b style='font-size:13pt'>Season {season}</b> · {fixtures} fixtures, {played} played, {done} with the "
              "post-match sequence done").format(season=season, fixtures=len(self._rows),
                                                 played=sum(r.played for r in self._rows), done=done)
        )  # fmt: skip
        self._fill_round_filter()
        self._show_fixtures()
        self.standings_model.set_rows(sq.current_table(db))
        # every team in view up to 20; a larger league's table scrolls (issue 40: 256 teams made the page 6,000
        # pixels high, every row painted at each show)
        rows = min(max(4, self.standings_model.rowCount()), STANDINGS_ROWS_SHOWN)
        view = self.standings_view
        high = view.horizontalHeader().height() + 4 + view.verticalHeader().defaultSectionSize() * rows
        view.setMaximumHeight(high)  # a short window shows fewer (its note and the leaders were drawn over it)
        view.setMinimumHeight(
            min(high, view.horizontalHeader().height() + 4 + view.verticalHeader().defaultSectionSize() * 6)
        )
        points = db.ruleset.table("league_points")
        from roster_app.rules.postmatch import TIE_BREAKER_LABELS

        order = ", ".join(_(TIE_BREAKER_LABELS[t]) for t in points["tie_breakers"])
        self.points_note.setText(
            _("Win {win}, draw {draw}, loss {loss} points. Ties are broken by {order}. Friendlies do not count.").format(
                win=points["win"], draw=points["draw"], loss=points["loss"], order=order)
        )  # fmt: skip
        lists = sq.leaders_lists(db, list(self.leader_models))
        for what, model in self.leader_models.items():  # the three lists from one pass over the season's lines
            model.set_rows(lists[what])
        self._show_roll_off()
        self._update_actions()

    def _show_roll_off(self) -> None:
        """The groups of the table still level after every other tie-breaker, and the button that rolls them off."""
        from roster_app.queries.competitions import roll_off_due

        self.roll_off_groups = roll_off_due(self.session.db)
        shown = bool(self.roll_off_groups)
        self.roll_off_note.setVisible(shown)
        self.roll_off_button.setVisible(shown)
        self.roll_off_button.setEnabled(shown and not self.session.read_only)
        if shown:
            groups = "; ".join(", ".join(row.name for row in group) for group in self.roll_off_groups)
            self.roll_off_note.setText(
                _("Level on every tie-breaker but the roll-off: {groups}.").format(groups=groups)
            )

    def _connect_careers(self) -> None:
        """A team of the table for its timeline, a leader for his career (double-click or right-click), a
        fixture's teams and ref (right-click: double-click opens the fixture) (issue 23)."""
        from roster_app.queries.careers import match_people

        link_careers(self.standings_view, self, [Link(_("Timeline…"), "team", lambda r: r.id)], show_career)
        for index in range(self.leaders.count()):
            link_careers(
                self.leaders.widget(index), self, [Link(_("Career…"), "player", lambda r: r.id)], show_career
            )
        link_careers(self.fixtures_view, self, [
            Link(_("Home Team's Timeline…"), "team", lambda r: r.home_id),
            Link(_("Away Team's Timeline…"), "team", lambda r: r.away_id),
            Link(_("Referee's Career…"), "referee", lambda r: match_people(self.session.db, r.id)[2],
                 missing=_("No referee has been chosen for this fixture yet.")),
        ], show_career, double_click=False)  # fmt: skip

    def _fill_round_filter(self) -> None:
        current = self.round_filter.currentData()
        rounds = sorted({r.round for r in self._rows})
        self.round_filter.blockSignals(True)
        self.round_filter.clear()
        self.round_filter.addItem(_("All rounds"), ALL_ROUNDS)
        for number in rounds:
            played = all(r.played for r in self._rows if r.round == number)
            self.round_filter.addItem(
                (_("Round {number} (played)") if played else _("Round {number}")).format(number=number), number
            )
        self.round_filter.setCurrentIndex(max(0, self.round_filter.findData(current)))
        self.round_filter.blockSignals(False)

    def next_fixture(self) -> sq.FixtureRow | None:
        """Where the commissioner works next: a post-match sequence still due, else the first match to play."""
        due = next((r for r in self._rows if r.status == "played"), None)
        return due or next((r for r in self._rows if r.status != "completed"), None)

    def _show_fixtures(self) -> None:
        number = self.round_filter.currentData() or ALL_ROUNDS
        rows = [r for r in self._rows if number == ALL_ROUNDS or r.round == number]
        selected = self.selected_fixture()
        self.fixtures_model.set_rows(rows)
        from roster_app.queries import season as sq

        byes = sq.byes_by_round(self.session.db, [r for r in self._rows if r.stage == "league"])
        shown = byes.get(number, []) if number else []
        self.byes.setText(
            _("Bye in round {number}: {teams}").format(number=number, teams=", ".join(shown)) if shown else ""
        )
        target = selected or self.next_fixture()
        if target is not None:
            self.select_fixture(target.id)
            self.fixtures_view.scrollTo(
                self.fixtures_model.index(max(0, self.fixtures_model.row_of(target.id)), 0)
            )
        self._update_actions()

    def selected_fixture(self) -> sq.FixtureRow | None:
        rows = self.fixtures_view.selectionModel().selectedRows()
        return self.fixtures_model.row(rows[0].row()) if rows else None

    def _chosen_fixture(self, due: str | None = None) -> sq.FixtureRow | None:
        """The selected fixture; with none selected, the first one `due` for the job (Ctrl+R: the first still to
        play, Ctrl+M: the first whose post-match sequence is due), selected, with the focus in the list."""
        fixture = self.selected_fixture()
        if fixture is None and due is not None:
            fixture = next((r for r in self._rows if r.status == due), None)
            if fixture is not None:
                self.select_fixture(fixture.id)
                self.fixtures_view.setFocus()
        if fixture is None:
            ask.info(self, _("Choose a fixture in the list of the Season page first."))
        return fixture

    def select_fixture(self, match_id: int) -> None:
        row = self.fixtures_model.row_of(match_id)
        if row >= 0:
            self.fixtures_view.selectRow(row)

    def _update_actions(self, *_args: Any) -> None:
        writable = not self.session.read_only
        fixture = self.selected_fixture()
        unplayed = writable and fixture is not None and fixture.status == "scheduled"
        self.generate_action.setEnabled(writable and not any(r.stage == "league" for r in self._rows))
        self.report_action.setEnabled(unplayed)
        self.pad_action.setEnabled(unplayed)
        self.pre_match_action.setEnabled(fixture is not None and fixture.status == "scheduled")
        self.post_match_action.setEnabled(writable and fixture is not None and fixture.status == "played")
        self.sheet_action.setEnabled(fixture is not None and (writable or bool(fixture.referee)))
        for action in (self.move_action, self.swap_action, self.delete_action):
            action.setEnabled(unplayed)
        self.add_action.setEnabled(writable)

    # -- actions ----------------------------------------------------------------------------------------
    def open_game(self, match_id: int, what: str) -> Any:
        """A game of a tournament's bracket, chosen in the fixtures and opened: its report, pre-match sequence,
        match pad, or (double-click) what it needs next."""
        self.round_filter.setCurrentIndex(0)  # every round: the game is in the list
        self.select_fixture(match_id)
        actions = {"report": self.report_match, "pre-match": self.pre_match, "pad": self.match_pad,
                   "open": self.open_fixture}  # fmt: skip
        return actions[what]()

    def open_fixture(self) -> None:
        """Double-click: report an unplayed match, or run the post-match sequence of a played one."""
        fixture = self.selected_fixture()
        if fixture is None or self.session.read_only:
            return
        if fixture.status == "scheduled":
            self.report_match()
        elif fixture.status == "played":
            self.post_match()

    def roll_off(self, *, rng: Any = None) -> Any:
        """The league table's roll-off of one level group: each team's die rolled by the app, or typed (one
        transaction, the rolls kept in the league's dice rolls)."""
        from roster_app.rules.competitions import roll_off_dice
        from roster_app.services.competitions import roll_off_table

        groups = list(getattr(self, "roll_off_groups", []))
        if not groups:
            return None
        index = 0
        if len(groups) > 1:
            index = ask.pick(self, _("Which teams roll off?"), [", ".join(r.name for r in g) for g in groups],
                             title=_("League table roll-off"))  # fmt: skip
            if index is None:
                return None
        group = groups[index]
        spec = roll_off_dice(self.session.db.ruleset)
        names = ", ".join(row.name for row in group)
        roll, typed = _("Roll with Dugout's dice"), _("Type the dice")
        how = ask.choose(self, _("{teams} are level on every other tie-breaker: a roll-off ({dice} each) puts the "
                                 "higher total above.").format(teams=names, dice=spec), [roll, typed],
                         title=_("League table roll-off"))  # fmt: skip
        if how is None:
            return None
        faces = None
        if how == typed:
            faces = []
            for row in group:
                face = ask.number(self, _("{owner} roll-off:").format(owner=possessive(row.name), name=row.name),
                                  value=spec.lowest, minimum=spec.lowest, maximum=spec.highest,
                                  title=_("League table roll-off"))  # fmt: skip
                if face is None:
                    return None
                faces.append(face)
        change = self.session.run(roll_off_table, parent=self, team_ids=[row.id for row in group], faces=faces,
                                  rng=rng)  # fmt: skip
        if change is not None:
            ask.info(self, _("Roll-off: {result}.").format(result=change.label.split(": ", 1)[-1]),
                     title=_("League table roll-off"))  # fmt: skip
        return change

    def generate(self) -> None:
        from ui.pages.season.fixture_dialogs import GenerateSeasonDialog

        GenerateSeasonDialog(self.session, self).open()

    def report_match(self) -> None:
        fixture = self._chosen_fixture(due="scheduled")
        if fixture is None:
            return
        from ui.pages.season.match_report_dialog import MatchReportDialog

        dialog = MatchReportDialog(self.session, fixture, self)
        dialog.accepted.connect(lambda: self.select_fixture(fixture.id))
        dialog.open()

    def match_pad(self) -> Any:
        """The game at the table: the fixture's match pad, resumed where it stood."""
        fixture = self._chosen_fixture()
        if fixture is None:
            return None
        from ui.sequences.match_pad.opening import open_match_pad

        return open_match_pad(self.session, fixture.id, self)

    def pre_match(self, *, start: Any = None) -> Any:
        """The pre-match sequence of the selected fixture (Hire Freebooters, handicaps, the referee)."""
        fixture = self._chosen_fixture()
        if fixture is None:
            return None
        if fixture.status != "scheduled":
            ask.info(
                self,
                _("{game} has been played: its pre-match sequence is over.").format(
                    game=f"{fixture.home} v {fixture.away}"
                ),
            )
            return None
        from ui.sequences.prematch.wizard import PreMatchWizard

        wizard = PreMatchWizard(self.session, fixture.id, self, start=start)
        wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.wizard = wizard  # the last wizard opened (tests)
        wizard.open()
        return wizard

    def post_match(self) -> None:
        fixture = self._chosen_fixture(due="played")
        if fixture is None:
            return
        from ui.sequences.postmatch.wizard import PostMatchWizard

        PostMatchWizard(self.session, fixture.id, self).open()

    def referee_sheet(self) -> Any:
        """The fixture's referee's match sheet: open it, or choose the ref for the game and open his."""
        from roster_app.queries import referees as rq
        from ui.sequences.referee_sheet.sheet_dialog import RefereeSheetDialog

        fixture = self._chosen_fixture()
        if fixture is None:
            return None
        sheet = rq.sheet_of_match(self.session.db, fixture.id)
        sheet_id = sheet.id if sheet is not None else self._start_sheet(fixture)
        if sheet_id is None:
            return None
        dialog = RefereeSheetDialog(self.session, sheet_id, self)
        dialog.open()
        return dialog

    def _start_sheet(self, fixture: sq.FixtureRow) -> int | None:
        from roster_app.queries import referees as rq
        from roster_app.services import referees as svc

        game = f"{fixture.home} v {fixture.away}"
        if self.session.read_only:
            ask.info(self, _("No referee's match sheet goes with {game}.").format(game=game))
            return None
        choices = rq.referees_for_fixture(self.session.db, fixture.id)
        if not choices:
            ask.info(
                self, _("No referee may be chosen: every one is sacked or dead. Create one on the Referees page.")
            )
            return None
        index = ask.pick(
            self,
            _("Who referees {game}?").format(game=game),
            [c.label for c in choices],
            title=_("Referee's match sheet"),
        )
        if index is None:
            return None
        if choices[index].problem:
            ask.error(self, choices[index].problem)
            return None
        change = self.session.run(svc.start_match_sheet, parent=self, referee_id=choices[index].id,
                                  match_id=fixture.id)  # fmt: skip
        return change.result if change is not None else None

    def move(self) -> None:
        fixture = self._chosen_fixture()
        if fixture is None:
            return
        number = ask.number(self, _("Move {game} to round:").format(game=f"{fixture.home} v {fixture.away}"), value=fixture.round,
                            minimum=1, maximum=99)  # fmt: skip
        if number is not None and number != fixture.round:
            from roster_app.services.season import move_fixture

            self.session.run(move_fixture, parent=self, match_id=fixture.id, round_number=number)

    def swap(self) -> None:
        fixture = self.selected_fixture()
        if fixture is not None:
            from roster_app.services.season import swap_home_away

            self.session.run(swap_home_away, parent=self, match_id=fixture.id)

    def delete(self) -> None:
        fixture = self.selected_fixture()
        if fixture is None:
            return
        if ask.confirm(self, _("Delete the fixture {game} (round {round})?").format(
                           game=f"{fixture.home} v {fixture.away}", round=fixture.round),
                       yes=_("Delete")):  # fmt: skip
            from roster_app.services.season import delete_fixture

            self.session.run(delete_fixture, parent=self, match_id=fixture.id)

    def add(self) -> None:
        from ui.pages.season.fixture_dialogs import AddFixtureDialog

        fixture = self.selected_fixture()
        AddFixtureDialog(self.session, fixture.round if fixture else 1, self).open()


class TeamHistoryTab(QWidget):
    """Every match of the selected team (result, winnings, gold spent after it, treasury after it), and below
    them the commissioner's corrections of the team, newest first."""

    def __init__(self, session: Any, parent: QWidget | None = None, *, tabs: Any = None):
        super().__init__(parent)
        self.session = session
        self.team_id: int | None = None
        self._tabs = tabs  # the team page's tabs: read when this one is shown (None: at once)
        self._stale = False
        if tabs is not None:
            tabs.currentChanged.connect(lambda _i: self._stale and self.refresh(None))
        self.model = HistoryModel(self)
        self.view = _read_only_table(self.model, self, 2)
        self.view.setObjectName("historyView")
        self.empty = QLabel(_("No matches played yet."))
        self.corrections_model = CorrectionsModel(self)
        self.corrections_view = _read_only_table(self.corrections_model, self, 5)
        self.corrections_view.setObjectName("correctionsView")
        self.corrections_title = QLabel(
            _("<b>Commissioner's corrections</b> (made outside the league's timeline)")
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 3)
        layout.addWidget(self.empty)
        layout.addWidget(self.corrections_title)
        layout.addWidget(self.corrections_view, 1)
        session.changed.connect(self.refresh)
        self._connect_careers()

    def _connect_careers(self) -> None:
        def match_people(db: Any, match_id: int) -> tuple[int, int, int | None]:
            # imported at the first use: opening a league does not wait for the careers' queries (~15 ms)
            from roster_app.queries.careers import match_people

            return match_people(db, match_id)

        def opponent(row: Any) -> int:
            home, away, _ref = match_people(self.session.db, row.id)
            return away if home == self.team_id else home

        link_careers(self.view, self, [
            Link(_("Timeline…"), "team", lambda _r: self.team_id, lambda r: {"season": r.season}),
            Link(_("Opponent's Timeline…"), "team", opponent),
            Link(_("Referee's Career…"), "referee", lambda r: match_people(self.session.db, r.id)[2],
                 missing=_("No referee refereed this game in Dugout.")),
        ], show_career)  # fmt: skip

    def show_team(self, team_id: int | None) -> None:
        self.team_id = team_id
        self.refresh(None)

    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not tables & {"match", "ledger_entry", "team", "correction"}:
            return
        if self._tabs is not None and self._tabs.currentWidget() is not self:
            self._stale = True  # opening a league or choosing a team does not wait for a tab the roster hides
            return
        from roster_app.queries import season as sq
        from roster_app.queries.corrections import corrections

        self._stale = False
        rows = sq.team_history(self.session.db, self.team_id) if self.team_id is not None else []
        self.model.set_rows(rows)
        self.empty.setVisible(not rows)
        fixes = corrections(self.session.db, team_id=self.team_id) if self.team_id is not None else []
        self.corrections_model.set_rows(fixes)
        if fixes:
            self.corrections_view.resizeColumnsToContents()
        self.corrections_title.setVisible(bool(fixes))
        self.corrections_view.setVisible(bool(fixes))


def install_season(league_view: Any) -> None:
    """Add the Season page to the league view and the History tab to the team page."""
    league_view.add_lazy_page("season_page", N_("Season"), lambda: SeasonPage(league_view.session, league_view))
    team_page = league_view.team_page
    team_page.history_tab = TeamHistoryTab(league_view.session, team_page, tabs=team_page.tabs)
    team_page.tabs.addTab(team_page.history_tab, _("History"))
    league_view.panel.team_selected.connect(team_page.history_tab.show_team)
    team_page.history_tab.show_team(league_view.current_team_id())
