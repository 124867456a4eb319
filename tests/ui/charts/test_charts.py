"""Charts (ui/charts) on the History page, in the career windows and on the magazine's printed pages, over two
seasons played (tests/history_helpers.py). Qt Charts draws its text as HTML: every name must read as typed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QImage, QTextDocument

from roster_app.printing.render import ChartImage
from roster_app.queries.charts import Chart, Series
from ui.careers.windows import RefereeCareerDialog, TeamTimelineDialog
from ui.charts import build
from ui.charts.images import render_image


@pytest.fixture
def history_page(history_window):
    return history_window.league_view.history_page


def _as_read(rich: str) -> str:
    """What a reader sees of a Qt Charts label (rich text)."""
    document = QTextDocument()
    document.setHtml(rich)
    return document.toPlainText()


def _lines(view) -> dict[str, list[tuple[float, float]]]:
    return {_as_read(s.name()): [(p.x(), p.y()) for p in s.points()] for s in view.chart().series()}


def test_a_chart_is_drawn_when_its_tab_is_first_shown(qtbot, history_page):
    charts = history_page.charts
    assert charts.team_chart.area.view is None  # the Tables tab is in front: nothing drawn yet
    history_page.page_tabs.setCurrentWidget(charts)
    view = charts.team_chart.area.view
    assert view is not None and view.isVisible()
    # season 2 is shown (the last finished one); the top four of its table are ticked
    lines = _lines(view)
    assert list(lines) == ["Karak Grudgebearers", "Orcland Raiders", "Athelorn Avengers", "Reikland Reavers"]
    assert [x for x, _y in lines["Orcland Raiders"]] == [1.0, 2.0, 3.0, 4.0]  # the final is round 4
    assert _as_read(view.chart().title()) == "Team rating, season 2"


def test_the_team_picker_and_the_measure_change_the_chart(qtbot, history_page):
    charts = history_page.charts
    history_page.page_tabs.setCurrentWidget(charts)
    items = charts.picker.list
    orcs = next(items.item(i) for i in range(items.count()) if items.item(i).text() == "Orcland Raiders")
    orcs.setCheckState(Qt.CheckState.Unchecked)
    assert "Orcland Raiders" not in _lines(charts.team_chart.area.view)
    qtbot.mouseClick(charts.picker.none_button, Qt.MouseButton.LeftButton)
    assert charts.team_chart.area.view is None and charts.team_chart.area.empty.isVisible()
    qtbot.mouseClick(charts.picker.all_button, Qt.MouseButton.LeftButton)
    assert len(_lines(charts.team_chart.area.view)) == 4
    charts.team_chart.measure.setCurrentIndex(charts.team_chart.measure.findData("treasury"))
    view = charts.team_chart.area.view
    assert "Treasury" in _as_read(view.chart().title())
    history_page.select_season(1)  # a new season: the same ticks, its games
    assert all(len(points) == 3 for points in _lines(charts.team_chart.area.view).values())


def test_the_spp_leaders_and_the_refs_tabs(qtbot, history_page):
    charts = history_page.charts
    history_page.page_tabs.setCurrentWidget(charts)
    charts.setCurrentWidget(charts.leaders)
    bars = charts.leaders.view.chart().series()[0]
    assert bars.barSets()[0].count() == 6  # the six players of season 2 with SPP
    assert max(bars.barSets()[0].at(i) for i in range(6)) == 41  # Orcland 1
    charts.setCurrentWidget(charts.referees)
    assert set(_lines(charts.referees.view)) == {"Gorbag Chainsaw", "Skritch Quickpaw", "Thrudd the Impartial"}


def test_the_career_windows_chart_the_team_and_the_ref(qtbot, history_page):
    page = history_page
    page.select_season(1)
    row = next(i for i in range(page.table_model.rowCount()) if page.table_model.row(i).name == "Orcland Raiders")
    timeline = page.open_career(page.table_view, "team", row)
    qtbot.addWidget(timeline)
    assert isinstance(timeline, TeamTimelineDialog) and timeline.chart.area.view is None
    timeline.chart.parentWidget().parentWidget().setCurrentWidget(timeline.chart)
    points = _lines(timeline.chart.area.view)["Orcland Raiders"]
    assert points == [(float(p.round), float(p.rating)) for p in timeline.timeline.points]
    row = next(i for i in range(page.refs_model.rowCount()) if page.refs_model.row(i).name == "Jorg Blackwhistle")
    ref = page.open_career(page.refs_view, "referee", row)
    qtbot.addWidget(ref)
    assert isinstance(ref, RefereeCareerDialog)
    ref.chart.parentWidget().parentWidget().setCurrentWidget(ref.chart)
    columns = ref.chart.view.chart().series()[0].barSets()[0]
    assert [columns.at(i) for i in range(columns.count())] == [8, 12, 2]
    timeline.close()
    ref.close()


def test_names_in_a_chart_read_as_typed(qtbot):
    name = "<b>Avengers</b> & Co <img src=x>"
    data = Chart("x", "bars", f"{name} leads", (Series(name, ((0.0, 3.0),)),), "", "SPP", (f"{name}\nline two",))
    chart = build.chart_of(data)
    assert _as_read(chart.title()) == f"{name} leads"
    assert _as_read(chart.series()[0].barSets()[0].label()) == name
    [categories] = [a for a in chart.axes() if isinstance(a, build.qt().QBarCategoryAxis)]
    assert _as_read(categories.categories()[0]) == f"{name}\nline two"
    lines = build.chart_of(Chart("y", "lines", "t", (Series(name, ((1.0, 2.0), (2.0, 3.0))),), "Round", name))
    assert _as_read(lines.series()[0].name()) == name
    assert _as_read(lines.legend().markers()[0].label()) == name


def test_a_chart_image_for_paper_is_drawn_at_print_resolution(qtbot):
    data = Chart("spp-leaders", "bars", "SPP", (Series("SPP", ((0.0, 5.0), (1.0, 2.0))),), "", "SPP", ("A", "B"))
    image = render_image(data, 680, 290, dpi=300)
    assert (image.width(), image.height()) == (2125, 906)
    colours = {image.pixel(x, y) for x in range(0, image.width(), 25) for y in range(0, image.height(), 25)}
    assert len(colours) > 5  # bars, grid and text, not a blank page
    document = QTextDocument()
    from ui.charts.images import add_chart_images

    add_chart_images(document, (ChartImage(data, 680, 290),), dpi=150)
    found = document.resource(QTextDocument.ResourceType.ImageResource, QUrl("chart:spp-leaders"))
    assert isinstance(found, QImage) and found.width() == round(680 * 150 / 96)


def test_the_magazine_printed_from_the_window_has_its_charts_at_print_resolution(qtbot, db):
    """The window's Print and Print Preview paint through ui/printing/layout.py as the PDF does: a printer of 1200 dpi
    gets the charts at 300 dpi (sharp, and a tenth of the memory)."""
    from PySide6.QtPrintSupport import QPrinter

    from roster_app.printing.document import PrintRequest, build_document
    from roster_app.queries import season as sq
    from roster_app.services.referees import create_referee
    from roster_app.services.season import generate_season
    from tests.history_helpers import SEASON_ONE, play
    from tests.season_helpers import build_teams
    from ui.printing.layout import lay_out

    build_teams(db)
    create_referee(db, name="Hans Whistle", race="Human")
    generate_season(db)
    play(db, sq.fixtures(db)[0], SEASON_ONE[0], 1)
    document = build_document(db, PrintRequest(magazine=True))
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setResolution(1200)
    laid, _body = lay_out(document, printer)
    pictures = laid[2].document
    for image in document.sections[2].charts:
        found = pictures.resource(QTextDocument.ResourceType.ImageResource, QUrl(image.address))
        assert found.width() == round(image.width * 300 / 96)
    assert "The round in pictures" in pictures.toPlainText()


def test_the_charts_follow_the_history_pages_round(qtbot, history_page):
    charts = history_page.charts
    history_page.page_tabs.setCurrentWidget(charts)
    choice = history_page.round_choice
    choice.setCurrentIndex(choice.findData(2))  # season 2 as it stood after round 2
    assert all(x <= 2.0 for points in _lines(charts.team_chart.area.view).values() for x, _y in points)
    assert [x for x, _y in _lines(charts.team_chart.area.view)["Orcland Raiders"]] == [1.0, 2.0]
    charts.setCurrentWidget(charts.leaders)
    after_two = charts.leaders.view.chart().series()[0].barSets()[0]
    assert max(after_two.at(i) for i in range(after_two.count())) < 41  # Orcland 1's 41 SPP came later
    charts.setCurrentWidget(charts.referees)
    assert all(x <= 2.0 for points in _lines(charts.referees.view).values() for x, _y in points)
    choice.setCurrentIndex(choice.findData(None))  # the whole season again
    charts.setCurrentWidget(charts.teams_tab if hasattr(charts, "teams_tab") else charts.widget(0))
    assert [x for x, _y in _lines(charts.team_chart.area.view)["Orcland Raiders"]] == [1.0, 2.0, 3.0, 4.0]
