"""A QChart from a Chart's points (roster_app/queries/charts.py): lines over rounds or games, or bars.

Qt Charts draws every title, legend entry and axis label as rich text, so each name is escaped here: a team
called "<b>Reds</b>" reads as typed.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QColor, QFont

from roster_app.queries.charts import Chart

FONT_FAMILY = "DejaVu Sans"  # bundled (ui/kit/fonts.py): the same letters on screen, in the bundle and on paper


def qt() -> Any:
    """PySide6.QtCharts, imported the first time a chart is drawn."""
    from PySide6 import QtCharts

    return QtCharts


def plain(text: str) -> str:
    """Text Qt Charts shows as typed (it reads HTML); a line break in a label stays one."""
    return html.escape(text, quote=False).replace("\n", "<br/>")


def _font(points: float, *, bold: bool = False) -> QFont:
    font = QFont(FONT_FAMILY)
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def _value_axis(title: str, values: list[float], *, whole: bool = True) -> Any:
    axis = qt().QValueAxis()
    axis.setTitleText(plain(title))
    axis.setLabelFormat("%d" if whole else "%.1f")
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if low == high:
        low, high = low - 1, high + 1
    axis.setRange(min(low, 0.0) if low >= 0 and low < high / 3 else low, high)
    axis.applyNiceNumbers()
    return axis


def _lines(chart: Any, data: Chart) -> None:
    charts = qt()
    xs, ys = [], []
    for series_data in data.series:
        series = charts.QLineSeries()
        series.setName(plain(series_data.name))
        series.setPointsVisible(True)
        for x, y in series_data.points:
            series.append(x, y)
            xs.append(x)
            ys.append(y)
        chart.addSeries(series)
    x_axis = _value_axis(data.x_title, xs)
    x_axis.setRange(min(xs, default=1.0), max(xs, default=1.0) if len(set(xs)) > 1 else min(xs, default=1.0) + 1)
    x_axis.setTickCount(min(max(len(set(xs)), 2), 12))
    y_axis = _value_axis(data.y_title, ys)
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    for series in chart.series():
        series.attachAxis(x_axis)
        series.attachAxis(y_axis)


def _bars(chart: Any, data: Chart) -> None:
    """ "bars" run across (a leaders' list, the first on top); "columns" stand up, left to right (game by game)."""
    charts = qt()
    across = data.kind == "bars"
    bars = charts.QHorizontalBarSeries() if across else charts.QBarSeries()
    # a horizontal bar chart draws its first category at the bottom: reversed, the leader is on top
    order = list(reversed(range(len(data.categories)))) if across else list(range(len(data.categories)))
    values: list[float] = []
    for series_data in data.series:
        bar_set = charts.QBarSet(plain(series_data.name))
        by_index = dict(series_data.points)
        row = [by_index.get(float(i), 0.0) for i in order]
        bar_set.append(row)
        values += row
        bars.append(bar_set)
    bars.setLabelsVisible(True)
    bars.setLabelsFormat("@value")
    bars.setLabelsPosition(charts.QAbstractBarSeries.LabelsPosition.LabelsOutsideEnd)
    chart.addSeries(bars)
    categories = charts.QBarCategoryAxis()
    categories.append([plain(data.categories[i]) for i in order])
    value_axis = _value_axis(data.y_title, [0.0, max(values, default=0.0) * 1.1])  # room for the last label
    chart.addAxis(categories, Qt.AlignmentFlag.AlignLeft if across else Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(value_axis, Qt.AlignmentFlag.AlignBottom if across else Qt.AlignmentFlag.AlignLeft)
    bars.attachAxis(categories)
    bars.attachAxis(value_axis)


def chart_of(data: Chart, *, points: float = 9.0) -> Any:
    """The QChart of `data`, its text `points` high (the title a little larger)."""
    chart = qt().QChart()
    chart.setMargins(QMargins(6, 4, 6, 4))
    chart.setBackgroundRoundness(0)
    chart.setTitle(plain(data.title))
    chart.setTitleFont(_font(points * 1.3, bold=True))
    (_lines if data.kind == "lines" else _bars)(chart, data)
    legend = chart.legend()
    legend.setVisible(data.kind == "lines" or len(data.series) > 1)
    legend.setAlignment(Qt.AlignmentFlag.AlignBottom)
    legend.setFont(_font(points))
    for axis in chart.axes():
        axis.setLabelsFont(_font(points * 0.9))
        axis.setTitleFont(_font(points))
    for series in chart.series():
        for bar_set in getattr(series, "barSets", list)():
            bar_set.setLabelFont(_font(points * 0.9))
            bar_set.setLabelColor(QColor("black"))
    return chart
