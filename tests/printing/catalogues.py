"""The printing area's PO files (resources/locale/<lang>/printing.po) compiled as the app's catalogue in a folder of
their own, for tests that print in another language before tools/catalogue.py merges every area's dugout.mo."""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from roster_app import i18n
from roster_app.paths import resources_dir

LANGUAGES = ("fr", "de", "es", "it")


def printing_catalogue(code: str):
    with open(resources_dir() / "locale" / code / "printing.po", "rb") as po:
        return read_po(po, locale=code)


def compile_printing(folder: Path) -> Path:
    for code in LANGUAGES:
        target = folder / code / "LC_MESSAGES"
        target.mkdir(parents=True, exist_ok=True)
        with open(target / f"{i18n.DOMAIN}.mo", "wb") as mo:
            write_mo(mo, printing_catalogue(code))
    return folder


def speak_printing(monkeypatch, folder: Path):  # noqa: ANN001, ANN201 - a generator for a fixture
    """i18n reads its catalogues from `folder` while the fixture lasts (its cache emptied before and after)."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    i18n.translations.cache_clear()
    yield folder
    i18n.translations.cache_clear()
