"""The language Dugout speaks (issue 39): the one Preferences chose (Edit > Preferences…), else the system's; Qt's
own buttons and dialogs in it (qtbase_<lang>.qm, shipped with PySide6); and the printouts' language.

Settings (QSettings): "language/window" ("" = the system's, or a code of roster_app.i18n.LANGUAGES) and
"printing/language" ("" = the window's, or a code), the key ui/printing/actions.py (i18n-print) reads when it builds
a printout or the website in its language. ui/app/language.py builds the window again in a new language.
"""

from __future__ import annotations

from typing import Any

from roster_app import i18n

WINDOW_KEY = "language/window"
PRINT_KEY = "printing/language"
# Each language by its own name, as Preferences lists it (a language's name is not translated).
NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español", "it": "Italiano"}

_qt_translator: Any = None  # the QTranslator installed for Qt's own words, if any


def stored(settings: Any, key: str) -> str | None:
    """A language kept in the settings, or None (the system's, or the window's)."""
    value = settings.value(key, "") if settings is not None else ""
    return i18n.normalise(str(value or "")) if value else None


def user_settings() -> Any:
    """The user's settings as the app keeps them (the organisation and application "Dugout", as make_app sets)."""
    from PySide6.QtCore import QSettings

    return QSettings("Dugout", "Dugout")


def window_language(settings: Any) -> str | None:
    """The language Preferences chose for the window, or None for the system's."""
    return stored(settings, WINDOW_KEY)


def print_language(settings: Any) -> str:
    """The language printouts are written in: the one Preferences chose for them, else the window's."""
    return stored(settings, PRINT_KEY) or i18n.current_language()


def choose_language(settings: Any) -> str:
    """Speak the chosen language (or the system's) from now on, the Qt translator too if an app exists."""
    code = i18n.set_language(window_language(settings))
    install_qt_translator(code)
    return code


def install_qt_translator(code: str) -> bool:
    """Qt's standard buttons and dialogs (OK, Cancel, the file and print dialogs) in `code`, from PySide6's
    translations folder; English or no application: none. True when Qt's words are in `code`."""
    global _qt_translator
    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication.instance()
    if app is None:
        return False
    if _qt_translator is not None:
        app.removeTranslator(_qt_translator)
        _qt_translator = None
    if code == i18n.SOURCE_LANGUAGE:
        return True
    from PySide6.QtCore import QLibraryInfo, QTranslator

    translator = QTranslator(app)
    if not translator.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        return False
    app.installTranslator(translator)
    _qt_translator = translator
    return True
