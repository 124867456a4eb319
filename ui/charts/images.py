"""Charts drawn into images for printed pages: the magazine's HTML names each chart `chart:<key>` in an <img>,
and the page's QTextDocument gets the image under that name before its HTML goes in (ui/printing/layout.py)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QUrl
from PySide6.QtGui import QColor, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QGraphicsScene

from roster_app.printing.render import ChartImage
from roster_app.queries.charts import Chart
from ui.charts.build import chart_of

SCREEN_DPI = 96  # an <img>'s width and height are CSS pixels: 96 to the inch


def render_image(data: Chart, width: int, height: int, *, dpi: int = 300) -> QImage:
    """The chart laid out at `width` x `height` CSS pixels and painted at `dpi` (vector text and lines, so it
    is as sharp on paper as the words around it)."""
    chart = chart_of(data)
    scene = QGraphicsScene()
    scene.addItem(chart)
    chart.setGeometry(QRectF(0, 0, width, height))
    scale = dpi / SCREEN_DPI
    image = QImage(round(width * scale), round(height * scale), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(image.rect()), QRectF(0, 0, width, height))
    painter.end()
    scene.removeItem(chart)
    return image


def add_chart_images(document: QTextDocument, charts: tuple[ChartImage, ...], *, dpi: int = 300) -> None:
    """Give `document` each chart as the image its HTML names (before the HTML goes in)."""
    for wanted in charts:
        image = render_image(wanted.chart, wanted.width, wanted.height, dpi=dpi)
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(wanted.address), image)
