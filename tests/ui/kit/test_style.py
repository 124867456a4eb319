"""The app's style sheet (ui/kit/style.py): the widgets drawn before it is set look as it says."""

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel

from roster_app.queries.first_screen import peek
from ui.kit.style import STYLE, style_app


def test_the_loading_message_and_the_first_looks_title_look_as_the_sheet_says(qtbot, settings, league_file):
    from ui.mainwindow.first_look import FirstLook
    from ui.mainwindow.window import MainWindow

    app = QApplication.instance()
    before = app.styleSheet()
    app.setStyleSheet("")  # as at the first paint (another test may have started the app's way)
    try:
        window = MainWindow(settings)
        qtbot.addWidget(window)
        window.loading.ensurePolished()
        assert window.loading.font().pointSize() == 14
        look = FirstLook(peek(league_file), window)
        title = look.findChild(QLabel, "teamTitle")
        title.ensurePolished()
        assert (title.font().pointSize(), title.font().weight()) == (17, QFont.Weight.DemiBold)
    finally:
        app.setStyleSheet(before)


def test_the_apps_sheet_is_set_once(qtbot):
    app = QApplication.instance()
    before = app.styleSheet()
    app.setStyleSheet("")
    try:
        style_app(app)
        assert app.styleSheet() == STYLE
        style_app(app)  # again: nothing polished again
        assert app.styleSheet() == STYLE
    finally:
        app.setStyleSheet(before)
