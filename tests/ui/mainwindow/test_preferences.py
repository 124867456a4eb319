"""Edit > Preferences… (issue 39): the window's and the printouts' language chosen with the dialog's own widgets,
kept in the settings, spoken at once (Qt's buttons too), and the window built again in it with its league."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialogButtonBox

from roster_app import i18n
from tests.helpers import show_league


def open_preferences(qtbot, window):
    action = window.preferences_action
    assert action in window.edit_menu.actions() and action.text() == "Pre&ferences…"
    action.trigger()
    dialog = window.preferences_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def choose(qtbot, combo, name):
    """Pick an entry the way a keyboard does: focus the box and type its first letters (plain ASCII ones: QTest
    aborts on a "ç")."""
    combo.setFocus()
    qtbot.keyClicks(combo, name[:2])
    assert combo.currentText() == name


def ok(dialog):
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def test_the_dialog_lists_every_language_by_its_own_name(qtbot, window):
    dialog = open_preferences(qtbot, window)
    names = [dialog.window_language.itemText(i) for i in range(dialog.window_language.count())]
    assert names == ["System (English)", "English", "Français", "Deutsch", "Español", "Italiano"]
    printed = [dialog.print_language.itemText(i) for i in range(dialog.print_language.count())]
    assert printed == ["Same as the window", "English", "Français", "Deutsch", "Español", "Italiano"]
    assert dialog.window_language.currentIndex() == 0 and dialog.print_language.currentIndex() == 0
    dialog.grab().save("/tmp/preferences_en.png")


def test_choosing_french_speaks_french_at_once_and_keeps_the_choice(qtbot, window, settings, messages):
    dialog = open_preferences(qtbot, window)
    choose(qtbot, dialog.window_language, "Français")
    ok(dialog)
    assert settings.value("language/window") == "fr" and settings.value("printing/language") == ""
    assert i18n.current_language() == "fr"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Annuler"  # Qt's own buttons: qtbase_fr.qm
    assert messages and messages[-1].startswith("Dugout parle désormais Français.")  # the question to reopen
    again = open_preferences(qtbot, window)  # a dialog opened now speaks French
    assert again.windowTitle() == "Préférences" and again.print_language.itemText(0) == "Comme la fenêtre"
    again.grab().save("/tmp/preferences_fr.png")
    assert again.window_language.currentData() == "fr"


def test_cancel_changes_nothing(qtbot, window, settings):
    dialog = open_preferences(qtbot, window)
    choose(qtbot, dialog.window_language, "Deutsch")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert settings.value("language/window", "") == "" and i18n.current_language() == "en"


@pytest.mark.parametrize("answer", [True, False])
def test_reopening_builds_the_window_again_with_its_league(qtbot, settings, league_file, monkeypatch, answer):
    from ui.app import language as app_language
    from ui.kit import ask
    from ui.mainwindow.window import MainWindow

    monkeypatch.setattr(ask, "confirm", lambda parent, text, **kw: answer)
    window = MainWindow(settings)  # not handed to qtbot: reopening deletes it
    window.resize(1280, 800)
    show_league(qtbot, window, league_file)
    app_language.follow_language(window)  # as the app's start wires it (ui/app/start.py)
    reopened = []
    window.language_chosen.connect(reopened.append)
    dialog = open_preferences(qtbot, window)
    choose(qtbot, dialog.window_language, "Deutsch")
    ok(dialog)
    if not answer:  # the window stays as it is, its league open; Dugout speaks German from the next window
        assert reopened == [] and window.session is not None and i18n.current_language() == "de"
        window.close()
        window.deleteLater()
        return
    new = app_language._window
    qtbot.addWidget(new)
    assert reopened == ["de"] and new is not window and new.isVisible()
    qtbot.waitUntil(lambda: new.session is not None and new.league_view is not None, timeout=10_000)
    assert new.session.db.path == league_file  # the same league, opened again (the old window let it go)
    assert new.preferences_action.text() == "&Einstellungen…"  # built in German
    qtbot.waitUntil(lambda: new.league_view.isVisible())
    new.grab().save("/tmp/reopened_de.png")


def test_printouts_in_another_language(qtbot, window, settings):
    from ui.kit.language import print_language

    dialog = open_preferences(qtbot, window)
    choose(qtbot, dialog.print_language, "Italiano")
    ok(dialog)
    assert settings.value("printing/language") == "it" and i18n.current_language() == "en"
    assert print_language(settings) == "it"
    settings.setValue("printing/language", "")
    assert print_language(settings) == "en"  # the window's


def test_the_start_speaks_the_language_of_the_settings_or_the_system(qtbot, monkeypatch, settings):
    from ui.kit.language import choose_language

    assert choose_language(settings) == "en"  # the suite's system language (tests/conftest.py)
    monkeypatch.setenv("LANGUAGE", "es")
    assert (
        choose_language(settings) == "es" and QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"
    )
    settings.setValue("language/window", "it")
    assert choose_language(settings) == "it"
    assert Qt  # imported for keys
