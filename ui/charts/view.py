"""Charts on screen: a chart area drawn the first time it is shown, and a team chart with its measure and teams.

Nothing here imports Qt Charts until a chart is drawn (build.qt()).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from roster_app.i18n import N_, _
from roster_app.queries.charts import MEASURES, Chart
from ui.charts import build
from ui.kit.basics import plain_label


class ChartArea(QWidget):
    """The chart of `source()`, drawn when the area is first shown and again after `refresh()`; a plain line
    instead while there is nothing to draw."""

    def __init__(self, source: Callable[[], Chart], parent: QWidget | None = None, *,
                 empty_text: str = N_("Nothing to chart yet: no game has been played.")) -> None:  # fmt: skip
        super().__init__(parent)
        self.source = source
        self.data: Chart | None = None
        self.view: Any = None  # a QChartView once drawn
        self.stale = True
        self.empty = plain_label(_(empty_text), self)  # a caller passes its own words translated
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack = QStackedLayout(self)
        self.stack.addWidget(self.empty)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.stale:
            self.redraw()

    def refresh(self) -> None:
        """The data changed: redraw now if shown, else when next shown."""
        self.stale = True
        if self.isVisible():
            self.redraw()

    def redraw(self) -> None:
        self.stale = False
        self.data = self.source()
        old, self.view = self.view, None
        if not self.data.empty:
            self.view = build.qt().QChartView(build.chart_of(self.data), self)
            self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.stack.addWidget(self.view)
            self.stack.setCurrentWidget(self.view)
        else:
            self.stack.setCurrentWidget(self.empty)
        if old is not None:
            self.stack.removeWidget(old)
            old.deleteLater()


def measure_choice(parent: QWidget) -> QComboBox:
    combo = QComboBox(parent)
    combo.setObjectName("chartMeasure")
    for key, title in MEASURES.items():
        combo.addItem(_(title), key)
    return combo


class TeamChart(QWidget):
    """One team's (or a few teams') rating, treasury or fan factor after each game, the measure chosen above
    the chart. `chart_for(team_ids, measure)` reads the points."""

    def __init__(self, chart_for: Callable[[list[int], str], Chart], team_ids: list[int],
                 parent: QWidget | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.chart_for = chart_for
        self.team_ids = list(team_ids)
        self.measure = measure_choice(self)
        self.area = ChartArea(lambda: self.chart_for(self.team_ids, self.measure.currentData()), self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(_("Show:"), self))
        bar.addWidget(self.measure)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.area, 1)
        self.measure.currentIndexChanged.connect(lambda _i: self.area.refresh())

    def set_teams(self, team_ids: list[int]) -> None:
        self.team_ids = list(team_ids)
        self.area.refresh()


class TeamPicker(QWidget):
    """The league's teams as check boxes (names as typed), with All and None; `changed` after every tick."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget(self)
        self.list.setObjectName("chartTeams")
        self.all_button = QPushButton(_("All"), self)
        self.none_button = QPushButton(_("None"), self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.all_button)
        buttons.addWidget(self.none_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(plain_label(_("Teams to compare:"), self))
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.all_button.clicked.connect(lambda: self.tick_all(True))
        self.none_button.clicked.connect(lambda: self.tick_all(False))

    def set_teams(self, teams: list[tuple[int, str]], ticked: set[int]) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for team_id, name in teams:
            item = QListWidgetItem(name)  # a list item's text is plain
            item.setData(Qt.ItemDataRole.UserRole, team_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if team_id in ticked else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.list.blockSignals(False)

    def ticked(self) -> list[int]:
        items = (self.list.item(i) for i in range(self.list.count()))
        return [i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked]

    def tick_all(self, on: bool) -> None:
        self.list.blockSignals(True)
        for i in range(self.list.count()):
            self.list.item(i).setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.list.blockSignals(False)
        self.list.itemChanged.emit(self.list.item(0)) if self.list.count() else None


def picker_split(picker: QWidget, chart: QWidget, parent: QWidget) -> QSplitter:
    split = QSplitter(Qt.Orientation.Horizontal, parent)
    split.addWidget(picker)
    split.addWidget(chart)
    split.setStretchFactor(1, 1)
    split.setSizes([220, 900])
    return split
