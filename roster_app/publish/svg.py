"""A chart of roster_app.queries.charts as inline SVG, drawn by plain code (no Qt, no script).

The picture scales with its container (a viewBox, no fixed width) so it fits a phone; it carries a <title> and
a <desc> that say in words what it shows, and every series has its own colour and its own dash or shape, so a
reader who cannot tell the colours apart (or prints in black and white) can still follow the lines.
"""

from __future__ import annotations

import math
from html import escape

from roster_app.i18n import _, ngettext
from roster_app.queries.charts import Chart, Series

WIDTH, HEIGHT = 520, 280  # the viewBox; the picture is as wide as its column
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 14, 46
COLOURS = ("#1f5f9e", "#b5400f", "#2e7d32", "#6a3d9a", "#8c6d00", "#c2185b", "#00796b", "#455a64")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 4", "10 4", "4 2 1 2", "3 6")
LABEL_CHARS = 20  # a bar's label longer than this is cut (its whole text stays in the <desc> and the table)


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round numbers from at most `low` to at least `high`, about `most` of them (1, 2, 2.5 or 5 times 10^n)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(power * m for m in (1, 2, 2.5, 5, 10) if power * m >= raw)
    start = math.floor(low / step) * step
    ticks, value = [], start
    while value < high + step / 2:
        ticks.append(round(value, 10))
        value += step
    return ticks


def number(value: float) -> str:
    """A figure as an axis or a sentence shows it: whole numbers without a point."""
    return f"{int(round(value)):,}" if abs(value - round(value)) < 1e-9 else f"{value:,.1f}"


def _text(x: float, y: float, words: str, *, anchor: str = "middle", css: str = "") -> str:
    extra = f' class="{css}"' if css else ""
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{escape(words)}</text>'


def _word(text: str) -> str:
    """A chart's title or axis in the page's language (the queries mark them N_); "" stays "" (gettext would give
    the catalogue's header)."""
    return _(text) if text else ""


def describe(chart: Chart) -> str:
    """The chart in words, for its <desc> (what a screen reader says, what stands for it when not drawn)."""
    if chart.empty:
        return _("No game has been played yet.")
    if chart.kind == "lines":
        parts = []
        for series in chart.series:
            if series.points:
                values = [y for _x, y in series.points]
                parts.append(
                    ngettext("{name}: {first} to {last} over {n} point (highest {high}, lowest {low})",
                             "{name}: {first} to {last} over {n} points (highest {high}, lowest {low})",
                             len(values)).format(name=series.name, first=number(values[0]), last=number(values[-1]),
                                                 n=len(values), high=number(max(values)), low=number(min(values)))
                )  # fmt: skip
        by = _("{what} by {axis}.").format(
            what=_word(chart.y_title), axis=_word(chart.x_title).lower() or _("point")
        )
        return by + " " + "; ".join(parts) + "."
    values = chart.series[0].points
    named = [
        f"{chart.categories[int(i)] if int(i) < len(chart.categories) else int(i)}: {number(v)}" for i, v in values
    ]
    return _word(chart.y_title) + ". " + "; ".join(named) + "."


def chart_svg(chart: Chart, ident: str) -> str:
    """The chart as an <svg> element; `ident` makes its ids unique in the page."""
    title, desc = f"{ident}-title", f"{ident}-desc"
    chart_title = _word(chart.title)
    head = (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{title} {desc}" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="{title}">{escape(chart_title)}</title>'
        f'<desc id="{desc}">{escape(describe(chart))}</desc>'
    )
    if chart.empty:
        body = _text(WIDTH / 2, HEIGHT / 2, _("No game has been played yet."))
    elif chart.kind == "lines":
        body = _lines(chart)
    elif chart.kind == "bars":
        body = _bars(chart)
    else:
        body = _columns(chart)
    return head + body + "</svg>"


def _frame(x_of, y_of, y_ticks: list[float]) -> list[str]:  # noqa: ANN001 - the scales
    out = []
    for tick in y_ticks:
        y = y_of(tick)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(_text(LEFT - 6, y + 4, number(tick), anchor="end"))
    out.append(f'<line class="axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"/>')
    out.append(
        f'<line class="axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM}"/>'
    )
    return out


def _scale(low: float, high: float, start: float, end: float):  # noqa: ANN202 - a function of a value
    span = (high - low) or 1.0
    return lambda v: start + (v - low) / span * (end - start)


def _lines(chart: Chart) -> str:
    xs = [x for s in chart.series for x, _y in s.points]
    ys = [y for s in chart.series for _x, y in s.points]
    y_ticks = nice_ticks(min(0.0, min(ys)) if min(ys) >= 0 and min(ys) < max(ys) / 3 else min(ys), max(ys))
    x_ticks = [t for t in nice_ticks(min(xs), max(xs), 8) if min(xs) <= t <= max(xs) and t == int(t)]
    x_of = _scale(min(xs), max(xs), LEFT + 8, WIDTH - RIGHT - 8)
    y_of = _scale(y_ticks[0], y_ticks[-1], HEIGHT - BOTTOM, TOP)
    out = _frame(x_of, y_of, y_ticks)
    for tick in x_ticks:
        out.append(_text(x_of(tick), HEIGHT - BOTTOM + 16, number(tick)))
    out.append(_text((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 6, _word(chart.x_title)))
    for index, series in enumerate(chart.series):
        out.append(_series(series, index, x_of, y_of))
    return "".join(out) + _legend(chart.series)


def _series(series: Series, index: int, x_of, y_of) -> str:  # noqa: ANN001 - the scales
    colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
    points = " ".join(f"{x_of(x):.1f},{y_of(y):.1f}" for x, y in series.points)
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    marks = "".join(
        f'<circle cx="{x_of(x):.1f}" cy="{y_of(y):.1f}" r="2.5" fill="{colour}"/>' for x, y in series.points
    ) if len(series.points) <= 40 else ""  # fmt: skip
    return (
        f'<g><title>{escape(series.name)}</title><polyline fill="none" stroke="{colour}" stroke-width="2"'
        f'{dashed} points="{points}"/>{marks}</g>'
    )


def _legend(series: tuple[Series, ...]) -> str:
    """One line per series under the axis's title would crowd a phone: the legend stands in the top left."""
    if len(series) < 2:
        return ""
    out = []
    for index, one in enumerate(series[:8]):
        y = TOP + 6 + index * 14
        colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{LEFT + 8}" x2="{LEFT + 28}" y1="{y}" y2="{y}" stroke="{colour}" stroke-width="2"{dashed}/>'
        )
        out.append(_text(LEFT + 32, y + 4, _cut(one.name), anchor="start", css="legend"))
    return "".join(out)


def _cut(label: str) -> str:
    label = label.replace("\n", " \u2013 ")
    return label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "\u2026"


def _bars(chart: Chart) -> str:
    """Across: a leaders' list, the leader on top, each bar's label on its left."""
    values = chart.series[0].points
    left = 170
    ticks = nice_ticks(0, max(v for _i, v in values))
    x_of = _scale(0, ticks[-1], left, WIDTH - RIGHT)
    band = (HEIGHT - TOP - BOTTOM) / max(1, len(values))
    out = [f'<line class="axis" x1="{left}" x2="{left}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"/>']
    for tick in ticks:
        x = x_of(tick)
        out.append(f'<line class="grid" x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{HEIGHT - BOTTOM}"/>')
        out.append(_text(x, HEIGHT - BOTTOM + 16, number(tick)))
    for position, (index, value) in enumerate(values):
        y = TOP + position * band
        label = chart.categories[int(index)] if int(index) < len(chart.categories) else str(int(index))
        width = x_of(value) - left
        out.append(f'<rect x="{left}" y="{y + band * 0.15:.1f}" width="{width:.1f}" height="{band * 0.7:.1f}" '
                   f'fill="{COLOURS[0]}"><title>{escape(label)}: {number(value)}</title></rect>')  # fmt: skip
        out.append(_text(left - 6, y + band / 2 + 4, _cut(label), anchor="end"))
    out.append(_text((left + WIDTH - RIGHT) / 2, HEIGHT - 6, _word(chart.y_title)))
    return "".join(out)


def _columns(chart: Chart) -> str:
    """Standing: game by game, each column's label under it (every few when they are many)."""
    values = chart.series[0].points
    ticks = nice_ticks(0, max(1.0, max(v for _i, v in values)))
    y_of = _scale(0, ticks[-1], HEIGHT - BOTTOM, TOP)
    band = (WIDTH - RIGHT - LEFT) / max(1, len(values))
    out = _frame(None, y_of, ticks)
    every = max(1, math.ceil(len(values) / 10))
    for position, (index, value) in enumerate(values):
        x = LEFT + position * band
        label = chart.categories[int(index)] if int(index) < len(chart.categories) else str(int(index))
        out.append(f'<rect x="{x + band * 0.15:.1f}" y="{y_of(value):.1f}" width="{band * 0.7:.1f}" '
                   f'height="{HEIGHT - BOTTOM - y_of(value):.1f}" fill="{COLOURS[0]}">'
                   f'<title>{escape(label)}: {number(value)}</title></rect>')  # fmt: skip
        if position % every == 0:
            out.append(_text(x + band / 2, HEIGHT - BOTTOM + 16, _cut(label)))
    return "".join(out)
