"""The History page: the league's seasons as history (browsable by season and round) and the league's records.

Double-click a team, a player or a referee to open his career (ui/careers/windows.py).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import _, ngettext
from roster_app.queries import history
from roster_app.queries import season as sq
from roster_app.words import count
from ui.careers.history_models import AwardsModel, HonoursModel, RecordsModel, RefSeasonModel, StarCareersModel
from ui.careers.links import Link, link_careers
from ui.careers.windows import plain_label, read_only_table, show_career
from ui.charts.history_charts import HistoryCharts
from ui.kit.app_style import whole_tab_labels
from ui.kit.tables import LEAGUE_WIDE_PRECISION
from ui.records.season_models import LeadersModel, StandingsModel

HISTORY_TABLES = {"match", "match_player", "team", "player", "league", "season", "referee", "referee_match",
                  "transfer", "contract", "competition", "competition_tie"}  # fmt: skip


class HistoryPage(QWidget):
    def __init__(self, session: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.season_choice = QComboBox(self)
        self.season_choice.setObjectName("historySeason")
        self.round_choice = QComboBox(self)  # the whole season, or the table and leaders after a round
        self.round_choice.setObjectName("historyRound")
        # one competition's season and records (issue 33): the league fixtures, a cup, a Swiss open; or every game
        self.competition_choice = QComboBox(self)
        self.competition_choice.setObjectName("historyCompetition")
        self.competition_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.summary = plain_label("", self)
        self.table_model = StandingsModel(self)
        self.table_view = read_only_table(self.table_model, self, 1)
        # its widths from the rows on screen and a few more (every team's, 256 rows, cost 30 ms a season shown);
        # the names take the stretched column
        self.table_view.horizontalHeader().setResizeContentsPrecision(LEAGUE_WIDE_PRECISION)
        self.awards_model = AwardsModel(self)
        self.refs_model = RefSeasonModel(self)
        self.records_model = RecordsModel(self)
        self.leader_models = {what: LeadersModel(unit, self) for what, unit in sq.LEADER_UNITS.items()}
        self.tabs = QTabWidget(self)
        whole_tab_labels(self.tabs)
        self.awards_view = read_only_table(self.awards_model, self, 1)
        self.tabs.addTab(self.awards_view, _("Awards"))
        self.leader_views = {}
        for what, model in self.leader_models.items():
            self.leader_views[what] = read_only_table(model, self, 1)
            self.tabs.addTab(
                self.leader_views[what], _(sq.LEADER_TITLES[what])
            )  # marked N_ where the core keeps them
        self.refs_view = read_only_table(self.refs_model, self, 0)
        self.tabs.addTab(self.refs_view, _("Referees"))
        self.honours_model = HonoursModel(self)  # every season's cups, playoffs and league winners (issue 33)
        self.honours_view = read_only_table(self.honours_model, self, 1)
        self.honours_view.setObjectName("rollOfHonour")
        self.tabs.addTab(self.honours_view, _("Roll of Honour"))
        self.stars_model = StarCareersModel(self)  # Star Players' careers, whoever hired them (issue 32)
        self.stars_view = read_only_table(self.stars_model, self, 1)
        self.stars_view.setObjectName("starCareers")
        self.tabs.addTab(self.stars_view, _("Star Players"))
        self.records_view = read_only_table(self.records_model, self, 5)
        self.records_title = plain_label(_("The league's records"), self, bold=True)
        # the records of each (upto, competition) shown since the league last changed (issue 40: one grouped
        # pass over every match line; choosing another season shows the same records again at once)
        self._records_memo: dict[tuple, list] = {}
        self._records_due: tuple | None = None  # the records to read once the page is first painted
        self._opening = True
        self.records_view.viewport().installEventFilter(self)
        self._stars_stale = True
        self.charts = HistoryCharts(session, self)  # Qt Charts is imported when a chart is first shown
        self._lay_out()
        self._connect()
        session.changed.connect(self.refresh)
        self.refresh(None)
        self._opening = False

    def _lay_out(self) -> None:
        bar = QHBoxLayout()
        bar.addWidget(QLabel(_("Season:"), self))
        bar.addWidget(self.season_choice)
        bar.addWidget(QLabel(_("Round:"), self))
        bar.addWidget(self.round_choice)
        bar.addWidget(QLabel(_("Competition:"), self))
        bar.addWidget(self.competition_choice)
        bar.addWidget(self.summary, 1)
        top = QSplitter(Qt.Orientation.Horizontal, self)
        top.addWidget(self.table_view)
        top.addWidget(self.tabs)
        top.setSizes([600, 500])
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(top)
        box = QWidget(split)
        inner = QVBoxLayout(box)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.records_title)
        inner.addWidget(self.records_view)
        split.addWidget(box)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        self.page_tabs = QTabWidget(self)
        whole_tab_labels(self.page_tabs)
        self.page_tabs.setObjectName("historyTabs")
        self.page_tabs.addTab(split, _("Tables"))
        self.page_tabs.addTab(self.charts, _("Charts"))
        layout.addWidget(self.page_tabs, 1)
        layout.addWidget(plain_label(_("Double-click a team, a player or a referee for his career."), self))

    def _connect(self) -> None:
        self.season_choice.currentIndexChanged.connect(lambda _i: self.show_season())
        self.round_choice.currentIndexChanged.connect(lambda _i: self.show_round())
        self.competition_choice.currentIndexChanged.connect(lambda _i: self.show_competition())
        self.tabs.currentChanged.connect(lambda _i: self._show_stars())
        self.table_view.doubleClicked.connect(lambda i: self.open_career(self.table_view, "team", i.row()))
        for view in (self.awards_view, self.records_view, *self.leader_views.values()):
            view.doubleClicked.connect(lambda i, v=view: self.open_career(v, "player", i.row()))
        self.refs_view.doubleClicked.connect(lambda i: self.open_career(self.refs_view, "referee", i.row()))
        # right-click too (double-click above); the team's timeline of the chosen season
        season = Link(
            _("Timeline…"), "team", lambda r: r.id, lambda _r: {"season": self.season_choice.currentData()}
        )
        link_careers(self.table_view, self, [season], show_career, double_click=False)
        link_careers(
            self.awards_view,
            self,
            [Link(_("Career…"), "player", lambda r: r.player_id)],
            show_career,
            double_click=False,
        )
        for view in self.leader_views.values():
            link_careers(
                view, self, [Link(_("Career…"), "player", lambda r: r.id)], show_career, double_click=False
            )
        link_careers(
            self.records_view,
            self,
            [Link(_("Career…"), "player", lambda r: r.holder_id)],
            show_career,
            double_click=False,
        )
        link_careers(
            self.refs_view, self, [Link(_("Career…"), "referee", lambda r: r.id)], show_career, double_click=False
        )

    def refresh(self, tables: set[str] | None) -> None:
        if tables is not None and not tables & HISTORY_TABLES:
            return
        self._records_memo.clear()  # the league changed: every records read again when next shown
        db = self.session.db
        numbers = history.season_numbers(db)
        wanted = self.season_choice.currentData()
        self.season_choice.blockSignals(True)
        self.season_choice.clear()
        for number in reversed(numbers):
            self.season_choice.addItem(_("Season {number}").format(number=number), number)
        found = self.season_choice.findData(wanted)
        self.season_choice.setCurrentIndex(found if found >= 0 else self._first_shown(numbers))
        self.season_choice.blockSignals(False)
        self.show_season()

    def _first_shown(self, numbers: list[int]) -> int:
        """The last finished season with a game played (the one the league talks about), else the season in
        progress: a league brought in from paper has seasons with no game in Dugout, an empty page to open on."""
        played = {season for season, _round in history.league_rounds(self.session.db)}
        ranked = [n for n in reversed(numbers[:-1]) if n in played] or [n for n in numbers[-1:] if n in played]
        return self.season_choice.findData(ranked[0]) if ranked else 0

    def show_season(self) -> None:
        """The chosen season's rounds in the round choice (the round kept when the season has it), then show."""
        number = self.season_choice.currentData()
        if number is None:
            return
        self._fill_competitions(number)
        self.show_competition()

    def _fill_competitions(self, number: int) -> None:
        """Every game, the league fixtures, then the season's tournaments (the choice kept when the season has it)."""
        wanted = self.competition_choice.currentData()
        wanted_key = wanted.key if wanted is not None else None
        self.competition_choice.blockSignals(True)
        self.competition_choice.clear()
        self.competition_choice.addItem(_("Every game"), None)
        for choice in history.competition_choices(self.session.db, season=number):
            label = _(choice.name) if choice.league else choice.name  # a tournament's name as typed
            self.competition_choice.addItem(label, choice)
        found = next((i for i in range(self.competition_choice.count())
                      if (c := self.competition_choice.itemData(i)) is not None and c.key == wanted_key), 0)  # fmt: skip
        self.competition_choice.setCurrentIndex(found)
        self.competition_choice.blockSignals(False)

    def competition(self) -> Any:
        """The competition chosen (a queries.history.CompetitionChoice), None for every game."""
        return self.competition_choice.currentData()

    def select_competition(self, name: str | None) -> None:
        """Choose a competition by the name shown (None: every game)."""
        index = 0 if name is None else self.competition_choice.findText(name)
        self.competition_choice.setCurrentIndex(index)

    def show_competition(self) -> None:
        """The rounds the chosen competition played in the season (the round kept when it has it), then show."""
        number = self.season_choice.currentData()
        if number is None:
            return
        wanted = self.round_choice.currentData()
        self.round_choice.blockSignals(True)
        self.round_choice.clear()
        self.round_choice.addItem(_("The whole season"), None)
        for rnd in history.played_rounds(self.session.db, number, self.competition()):
            self.round_choice.addItem(_("After round {round}").format(round=rnd), rnd)
        found = self.round_choice.findData(wanted) if wanted is not None else -1
        self.round_choice.setCurrentIndex(max(found, 0))
        self.round_choice.blockSignals(False)
        self.show_round()

    def show_round(self) -> None:
        """The season as it stood after the chosen round (or as a whole), and the records as they stood then."""
        number = self.season_choice.currentData()
        if number is None:
            return
        db = self.session.db
        rnd = self.round_choice.currentData()
        chosen = self.competition()
        story = history.season_history(db, number, upto_round=rnd, competition=chosen)
        self.story = story
        self._show_records(None if rnd is None else (number, rnd), chosen)
        self._stars_stale = True  # read when the Star Players tab is shown (every match's pre-match read)
        self._show_stars()
        if chosen is not None:
            self.summary.setText(self._competition_summary(chosen, story))
        elif rnd is not None:
            self.summary.setText(_("Season {number} as it stood after round {round}: {matches} played.").format(
                number=number, round=rnd, matches=count(story.matches, "match")))  # fmt: skip
        else:
            state = _("Champions: {team}").format(team=story.champion) if story.champion else (
                _("In progress") if not story.finished else _("No champion"))  # fmt: skip
            self.summary.setText(
                _("Season {number}: {matches} played. {state}.").format(
                    number=number, matches=count(story.matches, "match"), state=state
                )
            )
        self.table_model.set_rows(list(story.table))
        from roster_app.queries.competitions import roll_of_honour

        self.honours_model.set_rows(list(reversed(roll_of_honour(db))))  # the latest season first
        self.awards_model.set_rows(list(story.awards))
        self.refs_model.set_rows(list(story.referees))
        self.charts.set_season(number, list(story.table), rnd)
        for what, model in self.leader_models.items():
            model.set_rows(list(story.leaders[what]))
        for view in (self.table_view, self.awards_view, self.refs_view, self.honours_view,
                     self.stars_view, *self.leader_views.values()):  # fmt: skip
            if not view.column_widths.due:  # a table not yet shown is measured once it is (the 256 teams: ~10 ms)
                view.resizeColumnsToContents()  # the names in full; the stretched column takes the rest

    def _show_records(self, upto: tuple[int, int] | None, chosen: Any) -> None:
        """The league's records as they stood after `upto` (None: today's) in the chosen competition: as shown
        last time if the league has not changed since; when the page opens, read after its first paint (the
        season's tables show first, the records' pass over every match line follows: issue 40)."""
        key = (upto, None if chosen is None else chosen.key)
        rows = self._records_memo.get(key)
        if rows is None and self._opening:
            self._records_due = (upto, chosen)
            self.records_model.set_rows([])
            self.records_title.setText(_("The league's records (reading…)"))
            return
        if rows is None:
            rows = self._records_memo[key] = history.records(self.session.db, upto=upto, competition=chosen)
        self._records_due = None
        self.records_title.setText(_("The league's records"))
        self.records_model.set_rows(rows)
        self.records_view.resizeColumnsToContents()

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802 - Qt's name
        """The records read once the page is painted (the paint of their table, empty until then)."""
        if self._records_due is not None and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self, self._read_due_records)  # not called once the page is gone
        return super().eventFilter(watched, event)

    def _read_due_records(self) -> None:
        if self._records_due is not None:
            self._show_records(*self._records_due)

    def _show_stars(self) -> None:
        """The Star Players' careers of the chosen competition, read only when their tab is shown and the rows
        are out of date (issue 40: the page opens without reading every match's hired stars)."""
        if not self._stars_stale or self.tabs.currentWidget() is not self.stars_view:
            return
        from roster_app.queries.freebooters import star_careers

        self._stars_stale = False
        self.stars_model.set_rows(list(star_careers(self.session.db, competition=self.competition()).values()))
        self.stars_view.resizeColumnsToContents()

    def _competition_summary(self, chosen: Any, story: Any) -> str:
        name = self.competition_choice.currentText()
        games = ngettext("{n} match played", "{n} matches played", story.matches).format(n=story.matches)
        if story.upto_round is not None:
            return _("{competition}, season {season}, as it stood after round {round}: {games}.").format(
                competition=name, season=story.number, round=story.upto_round, games=games)  # fmt: skip
        if story.champion:
            return _("{competition}, season {season}: {games}. Won by {winner}.").format(
                competition=name, season=story.number, games=games, winner=story.champion)  # fmt: skip
        if not story.matches and not story.table:
            return _("{competition} was not played in season {season}.").format(competition=name,
                                                                                   season=story.number)  # fmt: skip
        return _("{competition}, season {season}: {games}.").format(competition=name, season=story.number,
                                                                   games=games)  # fmt: skip

    def select_season(self, number: int) -> None:
        self.season_choice.setCurrentIndex(self.season_choice.findData(number))

    def select_round(self, rnd: int | None) -> None:
        """None: the whole season."""
        self.round_choice.setCurrentIndex(self.round_choice.findData(rnd) if rnd is not None else 0)

    def open_career(self, view: QTableView, kind: str, row: int) -> Any:
        if row < 0:
            return None
        item = view.model().row(row)
        if kind == "team":
            from ui.careers.windows import TeamTimelineDialog

            dialog = TeamTimelineDialog(self.session.db, item.id, self, season=self.season_choice.currentData())
            dialog.show()
            return dialog
        row_id = getattr(item, "player_id", None) or getattr(item, "holder_id", None) or item.id
        return show_career(kind, self.session.db, row_id, self)
