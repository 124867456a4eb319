"""Career pages: a player's games, a team's timeline (with the ledger behind each game), a referee's sheets.

Non-modal windows over queries/careers.py; every name is shown as plain text.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHeaderView, QLabel, QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget

from roster_app.i18n import _, term
from roster_app.queries import careers, charts
from roster_app.rules.roster import gp  # gold in words: "20,000 gp" (the tables use columns.gp)
from roster_app.words import count
from ui.careers.history_models import LedgerLinesModel, PlayerGamesModel, RefereeGamesModel, TimelineModel
from ui.careers.links import Link, link_careers
from ui.charts.view import ChartArea, TeamChart
from ui.kit.app_style import whole_tab_labels
from ui.kit.columns import shown
from ui.kit.tables import make_table


def plain_label(text: str, parent: QWidget, *, bold: bool = False) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, never markup
    label.setWordWrap(True)
    if bold:
        font = label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        label.setFont(font)
    return label


def read_only_table(model: Any, parent: QWidget, stretch: int) -> QTableView:
    view = make_table(model, parent)
    view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
    view.resizeColumnsToContents()
    view.horizontalHeader().setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return view


def career_tabs(parent: QWidget, *pages: tuple[QWidget, str]) -> QTabWidget:
    """The career's table and its chart, a tab each (the chart is drawn when its tab is first shown)."""
    tabs = QTabWidget(parent)
    whole_tab_labels(tabs)
    for page, title in pages:
        tabs.addTab(page, title)
    return tabs


class CareerDialog(QDialog):
    def __init__(self, title: str, heading: str, facts: str, parent: QWidget | None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(900, 520)
        self.heading = plain_label(heading, self, bold=True)
        self.facts = plain_label(facts, self)
        self.layout_ = QVBoxLayout(self)
        self.layout_.addWidget(self.heading)
        self.layout_.addWidget(self.facts)


def _link_games(view: Any, dialog: QWidget, db: Any, side: Any) -> None:
    """A career's games lead on: each game's opponent (of `side(row)`, the team's name) and its ref."""
    link_careers(view, dialog, [
        Link(_("Opponent's Timeline…"), "team", lambda row: careers.opponent_in(db, row.match_id, side(row))),
        Link(_("Referee's Career…"), "referee", lambda row: careers.match_people(db, row.match_id)[2],
             missing=_("No referee's match sheet is linked to this game.")),
    ], show_career, double_click=False)  # fmt: skip


class PlayerCareerDialog(CareerDialog):
    def __init__(self, db: Any, player_id: int, parent: QWidget | None = None):
        c = careers.player_career(db, player_id)
        self.career = c
        facts = [_("{position} ({race}), #{number} of {team}, {status}. {spp} SPP").format(
                     position=term("position", c.position), race=term("race", c.race), number=c.number, team=c.team,
                     status=shown(c.status), spp=c.spp),
                 _("{games}: {td} TD, {cas} Cas, {mvp} MVP").format(
                     games=count(len(c.games), "game"), td=c.total("touchdowns"), cas=c.total("casualties"),
                     mvp=sum(g.mvp for g in c.games))]  # fmt: skip
        if c.skills:
            facts.append(_("Skills gained: ") + ", ".join(term("skill", s) for s in c.skills))
        if c.injuries:
            facts.append(_("Injuries: ") + ", ".join(term("injury", i) for i in c.injuries))
        if len(c.teams) > 1:
            facts.append(_("Teams: ") + ", ".join(c.teams))
        facts += [_("{call} by {referee}").format(call=k.call.capitalize(), referee=k.referee)
                  + (_(" in turn {turn}").format(turn=k.turn) if k.turn else "")
                  + (f": {k.why}" if k.why else "") for k in c.calls]  # fmt: skip
        if c.titles:  # competitions his team won with him playing in them (issue 33)
            facts.append(_("Titles: ") + "; ".join(c.titles))
        facts += [_("Transfer, season {season}: {seller} to {buyer}").format(season=t.season, seller=t.seller,
                                                                              buyer=t.buyer)
                  + (_(" for {price}").format(price=gp(t.price)) if t.price else "")
                  + ("" if t.status == "completed" else f" ({shown(t.status)})")
                  for t in c.transfers]  # fmt: skip
        facts += [_("Contract with {team}, season {season}: {seasons}, {cost} ({status})").format(
                      team=k.team, season=k.signed_season, seasons=count(k.seasons, "season"), cost=gp(k.cost),
                      status=shown(k.status))
                  for k in c.contracts]  # fmt: skip
        super().__init__(_("Career of {name}").format(name=c.name), c.name, "\n".join(facts), parent)
        self.games_model = PlayerGamesModel(self)
        self.games_model.set_rows(list(c.games))
        self.games_view = read_only_table(self.games_model, self, 12)
        self.layout_.addWidget(self.games_view, 1)
        self.db = db
        _link_games(self.games_view, self, db, lambda g: g.team)


class TeamTimelineDialog(CareerDialog):
    def __init__(self, db: Any, team_id: int, parent: QWidget | None = None, *, season: int | None = None):
        t = careers.team_timeline(db, team_id, season=season)
        self.timeline = t
        facts = _("{race}, coach {coach}. Treasury before the first game: {gold}.").format(
            race=term("race", t.race), coach=t.coach or _("(none)"), gold=gp(t.opening)
        )
        if not t.points:
            facts += _(" No games played yet.")
        if t.titles:  # the roll of honour's lines the team won (issue 33)
            facts += _(" Titles: {titles}.").format(titles="; ".join(t.titles))
        super().__init__(_("Timeline of {name}").format(name=t.name), t.name, facts, parent)
        self.points_model = TimelineModel(self)
        self.points_model.set_rows(list(t.points))
        self.ledger_model = LedgerLinesModel(self)
        split = QSplitter(Qt.Orientation.Vertical, self)
        self.points_view = read_only_table(self.points_model, split, 1)
        box = QWidget(split)
        inner = QVBoxLayout(box)
        inner.setContentsMargins(0, 0, 0, 0)
        self.ledger_title = plain_label(_("Choose a game to see the gold behind its treasury."), box)
        self.ledger_view = read_only_table(self.ledger_model, box, 1)
        inner.addWidget(self.ledger_title)
        inner.addWidget(self.ledger_view)
        split.addWidget(self.points_view)
        split.addWidget(box)
        self.chart = TeamChart(lambda _ids, measure: charts.timelines_chart([t], measure, season=season), [t.id],
                               self)  # fmt: skip
        self.layout_.addWidget(career_tabs(self, (split, _("Games and gold")), (self.chart, _("Chart"))), 1)
        self.points_view.selectionModel().currentRowChanged.connect(lambda now, _old: self.show_point(now.row()))
        self.db = db
        _link_games(self.points_view, self, db, lambda _point: t.name)
        if t.points:
            self.points_view.selectRow(len(t.points) - 1)

    def show_point(self, row: int) -> None:
        if not 0 <= row < self.points_model.rowCount():
            return
        point = self.points_model.row(row)
        self.ledger_title.setText(_("The gold behind season {season}, round {round} v {opponent}: treasury {gold}").format(
            season=point.season, round=point.round, opponent=point.opponent, gold=gp(point.treasury)))  # fmt: skip
        self.ledger_model.set_rows(list(point.ledger))
        self.ledger_view.resizeColumnsToContents()


class RefereeCareerDialog(CareerDialog):
    def __init__(self, db: Any, referee_id: int, parent: QWidget | None = None):
        c = careers.referee_career(db, referee_id)
        self.career = c
        kind = _("Star Ref") if c.is_star else _("{spp} SPP").format(spp=c.spp)
        facts = _("{race}, {kind}, {status}. {games}: {awards}, {sackings}, {deaths}").format(
            race=term("race", c.race),
            kind=kind,
            status=shown(c.status),
            games=count(len(c.games), "game"),
            awards=count(c.count("award"), "award"),
            sackings=count(c.count("sacked"), "sacking"),
            deaths=count(c.deaths, "death"),
        )
        super().__init__(_("Career of {name}").format(name=c.name), c.name, facts, parent)
        self.games_model = RefereeGamesModel(self)
        self.games_model.set_rows(list(c.games))
        self.games_view = read_only_table(self.games_model, self, 1)
        self.db = db
        link_careers(self.games_view, self, [
            Link(_("Home Team's Timeline…"), "team", lambda g: g.match_id and careers.match_people(db, g.match_id)[0],
                 missing=_("This sheet is linked to no fixture.")),
            Link(_("Away Team's Timeline…"), "team", lambda g: g.match_id and careers.match_people(db, g.match_id)[1],
                 missing=_("This sheet is linked to no fixture.")),
        ], show_career, double_click=False)  # fmt: skip
        self.chart = ChartArea(lambda: charts.referee_career_chart(c), self,
                               empty_text=_("No finished match sheet yet."))  # fmt: skip
        self.layout_.addWidget(
            career_tabs(self, (self.games_view, _("Games")), (self.chart, _("Turns in range"))), 1
        )


def show_career(kind: str, db: Any, row_id: int, parent: QWidget | None, **options: Any) -> QDialog:
    """Open the career window of a player, team or referee (non-modal; it closes itself); `options`: a team's
    `season`."""
    dialog = {"player": PlayerCareerDialog, "team": TeamTimelineDialog, "referee": RefereeCareerDialog}[kind](
        db, row_id, parent, **options
    )
    dialog.show()
    return dialog
