"""Table models of the season: fixtures, the league table, leaders, a team's history, match report lines."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from roster_app.i18n import N_, _, term
from roster_app.rules.postmatch import INJURIES
from ui.kit.columns import (
    CENTER,
    FONT,
    RIGHT,
    Column,
    Index,
    RowTableModel,
    font,
    gp,
    stage_shown,
)
from ui.roster.roster_model import ChoicesRole, RangeRole

if TYPE_CHECKING:  # the row types only: season queries load the ORM, and the league shows before it
    from roster_app.queries.season import FixtureRow, HistoryRow, LeaderRow, StandingRow

# a fixture's status (the query's words, keys here) as the commissioner reads it
FIXTURE_STATUS = {"to play": N_("to play"), "post-match due": N_("post-match due"),
                  "post-match started": N_("post-match started"), "done": N_("done")}  # fmt: skip
STATUS_COLOURS = {"to play": "#6b6b6b", "post-match due": "#a05a00", "post-match started": "#a05a00",
                  "done": "#1b7f3b"}  # fmt: skip


def _round_text(r: FixtureRow) -> str:
    """ "3", "4 (semi-final)", "4 (Spike Cup semi-final)": a tournament's game names it (issue 33)."""
    if r.stage == "league":
        return str(r.round)
    stage = stage_shown(r.stage)
    return f"{r.round} ({r.competition} {stage})" if r.competition else f"{r.round} ({stage})"


class FixturesModel(RowTableModel):
    COLUMNS = (
        Column("round", N_("Round"), _round_text, sort=lambda r: (r.round, r.id), align=CENTER),
        Column("home", N_("Home"), lambda r: r.home, align=RIGHT),
        Column(
            "score",
            N_("Score"),
            lambda r: r.score,
            sort=lambda r: (r.played, r.home_score - r.away_score),
            align=CENTER,
        ),  # fmt: skip
        Column("away", N_("Away"), lambda r: r.away),
        Column(
            "status",
            N_("Status"),
            lambda r: _(FIXTURE_STATUS[r.status_text]) if r.status_text in FIXTURE_STATUS else r.status_text,
        ),
        Column("gate", N_("Gate"), lambda r: gp(r.gate) if r.played else "", sort=lambda r: r.gate, align=RIGHT),
        Column("referee", N_("Referee"), lambda r: r.referee),
    )

    def extra_data(self, row: FixtureRow, column: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.BackgroundRole and row.round % 2 == 0:
            return QBrush(QColor("#f3f5f9"))  # rounds in bands, so a round reads as a block
        if role == Qt.ItemDataRole.ForegroundRole and column.key == "status":
            return QBrush(QColor(STATUS_COLOURS[row.status_text]))
        if role == Qt.ItemDataRole.FontRole and column.key == "score" and row.played:
            font = QFont()
            font.setBold(True)
            return font
        return None


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


class StandingsModel(RowTableModel):
    COLUMNS = (
        Column("position", N_("#"), lambda r: r.position, align=CENTER),
        Column(
            "name",
            N_("Team"),
            lambda r: r.name,
            sort=lambda r: r.name.lower(),
            tip=lambda r: f"{r.name} ({term('race', r.race)})",
        ),
        Column("played", N_("P"), lambda r: r.played, align=CENTER),
        Column("won", N_("W"), lambda r: r.won, align=CENTER),
        Column("drawn", N_("D"), lambda r: r.drawn, align=CENTER),
        Column("lost", N_("L"), lambda r: r.lost, align=CENTER),
        Column(
            "td",
            N_("TD"),
            lambda r: f"{r.td_for}:{r.td_against}",
            sort=lambda r: r.td_difference,
            align=CENTER,
            tip=lambda r: _("touchdowns scored {scored}, conceded {conceded}").format(
                scored=r.td_for, conceded=r.td_against
            ),
        ),  # fmt: skip
        Column(
            "td_diff", N_("±"), lambda r: _signed(r.td_difference), sort=lambda r: r.td_difference, align=CENTER
        ),
        Column(
            "cas",
            N_("Cas"),
            lambda r: f"{r.cas_for}:{r.cas_against}",
            sort=lambda r: r.cas_difference,
            align=CENTER,
            tip=lambda r: _("casualties caused {caused}, suffered {suffered}").format(
                caused=r.cas_for, suffered=r.cas_against
            ),
        ),  # fmt: skip
        Column("points", N_("Pts"), lambda r: r.points, align=CENTER),
    )

    ROLES = frozenset({FONT})

    def extra_data(self, row: StandingRow, column: Column, role: int) -> Any:
        return font(bold=True) if column.key == "points" else None


class CurrentStandingsModel(StandingsModel):
    """The current season's table (the Season page), with what each team is worth now as its edition names it:
    "TR 106" (a team rating) or "TV 610k" (a team value, in thousands of gp)."""

    COLUMNS = (
        *StandingsModel.COLUMNS,
        Column("worth", N_("Worth"), lambda r: r.worth, sort=lambda r: r.worth_value, align=RIGHT,
               tip=lambda r: _("team rating (TR), or team value (TV) in thousands of gp, as the league's edition counts it")),
    )  # fmt: skip


class LeadersModel(RowTableModel):
    COLUMNS = (
        Column("rank", N_("#"), lambda r: r.rank, align=CENTER),
        Column("name", N_("Player"), lambda r: r.name, sort=lambda r: r.name.lower()),
        Column("team", N_("Team"), lambda r: r.team),
        Column("value", "", lambda r: r.value, align=RIGHT),
    )

    def __init__(self, title: str, parent: Any = None):
        super().__init__(parent)
        self.title = title

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and section == 3:
            return _(self.title)  # a leader board's title, marked N_ where it is kept
        return super().headerData(section, orientation, role)

    def extra_data(self, row: LeaderRow, column: Column, role: int) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole:
            return _("{player}, {position} of {team}").format(
                player=row.name, position=term("position", row.position), team=row.team
            )
        return None


def _result_text(r: HistoryRow) -> str:
    return f"{r.result} {r.score_for}-{r.score_against}"


class HistoryModel(RowTableModel):
    COLUMNS = (
        Column("season", N_("Season"), lambda r: r.season, sort=lambda r: (r.season, r.round, r.id), align=CENTER),
        Column(
            "round",
            N_("Round"),
            lambda r: r.round if r.stage == "league" else f"{r.round} ({stage_shown(r.stage)})",
            sort=lambda r: (r.season, r.round, r.id),
            align=CENTER,
        ),  # fmt: skip
        Column(
            "opponent",
            N_("Opponent"),
            lambda r: f"{'v' if r.home else '@'} {r.opponent}",
            sort=lambda r: r.opponent,
        ),
        Column("result", N_("Result"), _result_text, sort=lambda r: (r.result, r.score_for - r.score_against)),
        Column("winnings", N_("Winnings"), lambda r: gp(r.winnings), sort=lambda r: r.winnings, align=RIGHT),
        Column("purchases", N_("Spent after"), lambda r: gp(r.purchases), sort=lambda r: r.purchases, align=RIGHT),
        Column(
            "treasury",
            N_("Treasury after"),
            lambda r: gp(r.treasury_after),
            sort=lambda r: r.treasury_after,
            align=RIGHT,
        ),  # fmt: skip
        Column("status", N_("Post-match"), lambda r: _("done") if r.status == "completed" else _("to do")),
    )


# -- the lines of a match report (edited in the dialog, written by one service call) ----------------------
@dataclass(frozen=True)
class LineRow:
    id: int  # the player
    team_id: int
    team: str
    number: int
    name: str
    position: str
    touchdowns: int = 0
    completions: int = 0
    interceptions: int = 0
    casualties: int = 0
    injury: str = ""
    spp: int = 0  # shown: what the line earns (with the MVP when he is chosen)
    side: int = 0  # 0 home, 1 away: the home team is listed first


COUNT_KEYS = ("touchdowns", "completions", "interceptions", "casualties")


def _count_column(key: str, header: str) -> Column:
    """An editable count of a report line (blank for 0, so the few numbers that matter stand out)."""
    return Column(key, header, lambda r: getattr(r, key) or "", edit="count", sort=lambda r: getattr(r, key),
                  align=CENTER)  # fmt: skip


class MatchLinesModel(RowTableModel):
    """Every player who plays, with his touchdowns, completions, interceptions, casualties and injury."""

    lines_changed = Signal()

    COLUMNS = (
        Column("team", N_("Team"), lambda r: r.team, sort=lambda r: (r.side, r.number)),
        Column("number", N_("#"), lambda r: r.number, sort=lambda r: (r.side, r.number), align=CENTER),
        Column("name", N_("Player"), lambda r: r.name),
        Column("position", N_("Position"), lambda r: term("position", r.position)),
        *(
            _count_column(key, header)
            for key, header in zip(COUNT_KEYS, (N_("TD"), N_("Comp"), N_("Int"), N_("Cas")), strict=True)
        ),
        Column("injury", N_("Injury"), lambda r: term("injury", r.injury) if r.injury else "", edit="injury"),
        Column("spp", N_("SPP"), lambda r: r.spp or "", sort=lambda r: r.spp, align=RIGHT),
    )

    def column_index(self, key: str) -> int:
        return next(i for i, c in enumerate(self.COLUMNS) if c.key == key)

    def edit_value(self, row: LineRow, column: Column) -> Any:
        return getattr(row, column.key)

    def extra_data(self, row: LineRow, column: Column, role: int) -> Any:
        if role == RangeRole and column.key in COUNT_KEYS:
            return (0, 20, 1)
        if role == ChoicesRole and column.key == "injury":
            return [("", _("(none)"), True)] + [(kind, term("injury", kind), True) for kind in INJURIES]
        if role == Qt.ItemDataRole.ForegroundRole and row.injury:
            return QBrush(QColor("#a32020"))
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        column = self.COLUMNS[index.column()]
        if not column.edit:
            return False
        self.set_line(index.row(), **{column.key: value if column.key == "injury" else int(value)})
        return True

    def set_line(self, row: int, **values: Any) -> None:
        """Change one player's line (the dialog and tests use it; the delegates go through setData)."""
        self._rows[row] = replace(self._rows[row], **values)
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))
        self.lines_changed.emit()

    def set_spp(self, spp: dict[int, int]) -> None:
        """Show what each line earns (the dialog works it out with the MVPs)."""
        for i, row in enumerate(self._rows):
            if row.spp != spp.get(row.id, 0):
                self._rows[i] = replace(row, spp=spp.get(row.id, 0))
                column = self.column_index("spp")
                self.dataChanged.emit(self.index(i, column), self.index(i, column))
