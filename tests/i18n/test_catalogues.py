"""The catalogues (issue 39): every marked string translated in French, German, Spanish and Italian with its
placeholders and plural forms kept, the committed dugout.mo files what the PO files compile to, and no string a
commissioner reads left unmarked. Each test is parametrized by AREA (tools/catalogue.py, I18N.md): a failure
names the area whose PO files (or sources) need work."""

from __future__ import annotations

import ast
import textwrap

import pytest

from tests.i18n.checks import (
    ROOT,
    error_family,
    extracted,
    passed_names,
    project_unmarked,
    translation_problems,
    unmarked_strings,
)
from tools import catalogue
from tools.catalogue import AREAS, LANGUAGES, PLURAL_FORMS


def po(language: str, area: str):
    path = catalogue.po_path(language, area)
    return catalogue.read(path, language) if path.is_file() else None


def _passed(message, passed) -> frozenset[str]:
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    return frozenset().union(*(passed.get(i, frozenset()) for i in ids))


def _key(message) -> tuple[str, str | None]:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("area", AREAS)
def test_every_marked_string_is_translated(area, language):
    """Every msgid the area's sources mark (and the rulesets' words, for `game`) has a translation, every plural
    form filled, not fuzzy. Fix: `python tools/catalogue.py update --area AREA`, translate, compile."""
    wanted = extracted()[area]
    if not wanted:
        return
    catalogue_ = po(language, area)
    assert catalogue_ is not None, f"resources/locale/{language}/{area}.po is missing ({len(wanted)} strings)"
    done = {_key(m) for m in catalogue_ if m.id and m.string and not m.fuzzy
            and (isinstance(m.string, str) or all(m.string))}  # fmt: skip
    missing = [f"{ctx + ' | ' if ctx else ''}{msgid}" for msgid, ctx in wanted if (msgid, ctx) not in done]
    assert missing == [], f"{len(missing)} of {len(wanted)} untranslated in {language}/{area}.po"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("area", AREAS)
def test_translations_keep_placeholders_and_plural_forms(area, language):
    catalogue_ = po(language, area)
    if catalogue_ is None:
        return
    assert catalogue_.plural_forms == PLURAL_FORMS[language]
    passed = passed_names()
    problems = [p for m in catalogue_ for p in translation_problems(m, catalogue_.num_plurals, _passed(m, passed))]
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_message_two_areas_translate_is_translated_alike(language):
    """The compiled catalogue holds one translation of a msgid (and context): two areas marking the same text must
    agree on it, or one of them is shown where the other was meant."""
    seen: dict[tuple, tuple[str, object]] = {}
    differ = []
    for area in AREAS:
        catalogue_ = po(language, area)
        for m in catalogue_ or ():
            if not m.id or not m.string:
                continue
            key = catalogue.mo_key(m)
            string = m.string if isinstance(m.string, str) else tuple(m.string)
            first = seen.setdefault(key, (area, string))
            if first[1] != string:
                differ.append(f"{key}: {first[0]} {first[1]!r}, {area} {string!r}")
    assert differ == []


def test_a_plain_and_a_plural_entry_of_one_msgid_both_compile(tmp_path):
    """ "free agent" as a plain entry in one area and "free agent"/"free agents" in another: both in the .mo."""
    import gettext

    from babel.messages.pofile import write_po

    folder = tmp_path / "resources" / "locale" / "fr"
    folder.mkdir(parents=True)
    for area, msgid, string in (("core", "free agent", "libre"), ("words", ("free agent", "free agents"),
                                                                   ("joueur libre", "joueurs libres"))):  # fmt: skip
        po_file = catalogue.new_catalogue("fr", area)  # two plural forms, as I18N.md has them
        po_file.add(msgid, string)
        with (folder / f"{area}.po").open("wb") as out:
            write_po(out, po_file)
    (folder / "LC_MESSAGES").mkdir()
    (folder / "LC_MESSAGES" / "dugout.mo").write_bytes(catalogue.compiled("fr", tmp_path))
    found = gettext.translation("dugout", str(tmp_path / "resources" / "locale"), languages=["fr"])
    assert (
        found.gettext("free agent") == "libre"
        and found.ngettext("free agent", "free agents", 2) == "joueurs libres"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_catalogue_is_what_the_po_files_compile_to(language):
    """Fix: `python tools/catalogue.py compile` (or `make catalogues`) and commit the .mo files."""
    path = catalogue.mo_path(language)
    assert path.is_file() and path.read_bytes() == catalogue.compiled(language), (
        f"{path.relative_to(ROOT)} is not up to date"
    )


def test_a_catalogue_compiles_to_the_same_bytes_every_time():
    assert catalogue.compiled("fr") == catalogue.compiled("fr")


@pytest.mark.parametrize("area", [a for a in AREAS if a not in ("game", "words")])
def test_no_user_visible_string_is_left_unmarked(area):
    """A string literal or f-string given to a Qt text setter or constructor, to ui.kit.ask, or as the message of
    a raised DugoutError-family exception, is marked (`_()`, `ngettext`, `N_`, `term`); a name that is the same
    in every language carries `# i18n: keep` and why on its line."""
    assert project_unmarked().get(area, []) == []


# -- the checks themselves fail on a fault -----------------------------------------------------------------------
def _message(msgid, string, context=None):
    from babel.messages.catalog import Message

    return Message(msgid, string, context=context)


@pytest.mark.parametrize(
    ("msgid", "string"),
    [
        ("Team {name} is full.", "L'équipe est complète."),  # {name} dropped
        ("Team {name} is full.", "L'équipe {nom} est complète."),  # renamed
        ("$team wins", "victoire"),  # a template's $var dropped
        ("%(count)s rows", "lignes"),
        ("{owner} roster", "Effectif"),  # neither the owner nor the name
        (("{n} game", "{n} games"), ("{n} match",)),  # one plural form short
        (("{n} game", "{n} games"), ("un match", "matchs")),  # {n} in no form
        ("Block", ("Blocage", "Blocages")),  # plural forms for a message with none
    ],
)
def test_the_placeholder_check_finds_a_fault(msgid, string):
    assert translation_problems(_message(msgid, string), 2) != []


@pytest.mark.parametrize(
    ("msgid", "string"),
    [
        ("Team {name} is full.", "{name} : l'effectif est complet."),
        ("{owner} roster", "Effectif de {name}"),  # a possessive phrase may use the name instead (I18N.md)
        ("{owner} treasury", "Trésor de {owner}"),
        ("{amount} gp", "{amount} po"),
        (("{n} game", "{n} games"), ("un match", "{n} matchs")),  # the singular may spell the one out
        ("Block", ""),  # untranslated: the completeness test's business
    ],
)
def test_the_placeholder_check_accepts_a_good_translation(msgid, string):
    assert translation_problems(_message(msgid, string), 2) == []


SOURCE = """
from PySide6.QtWidgets import QLabel
from roster_app.errors import RuleViolation
from roster_app.i18n import _, N_


class TooMany(RuleViolation):
    pass


def build(window, ask, team, combo):
    window.setWindowTitle("League table")
    QLabel(f"Team {team.name}", window)
    ask.error(window, "The team is full.", title=_("Full"))
    combo.addItem("Orc", "orc")
    window.setToolTip(_("Hello") + " world")
    window.statusBar().showMessage("Saved." if team else _("Not saved."))
    raise TooMany("Too many players.")


def fine(window, ask, team, combo, name):
    window.setWindowTitle(_("League table"))
    window.setWindowTitle(APP)
    QLabel(_("Team {name}").format(name=team.name), window)
    ask.error(window, _("The team is full."), title="Dugout")
    ask.text(window, _("Name:"), value="Orcland Raiders")
    combo.addItem(_("Orc"), "orc")
    combo.addItem(name, "key")
    window.setText("—")
    window.setText(f"{team.name}")
    window.setText(f"<b>{team.name}</b><span style='color:{team.colour}; font-size:12pt'>{team.coach}</span>")
    window.setText("OBBLM")  # i18n: keep (the program's name)
    window.setWindowTitle(f"{team.name} — Dugout")
    window.setText(f"<b>D6 + {team.bonus}</b>")
    raise RulesetError("races", f"row {team.row}", _("has no positions"))
    raise TooMany(_("Too many players."))
"""


def test_the_scanner_finds_each_unmarked_string(tmp_path):
    path = tmp_path / "screen.py"
    path.write_text(textwrap.dedent(SOURCE))
    found = unmarked_strings(
        path, family=error_family([path], frozenset({"RuleViolation", "RulesetError"})), root=tmp_path
    )
    lines = [int(f.split(":")[1]) for f in found]
    body = textwrap.dedent(SOURCE).splitlines()
    expected = [n for n, text in enumerate(body, 1) if n < body.index("def fine(window, ask, team, combo, name):")
                and any(k in text for k in ("setWindowTitle", "QLabel(", "ask.error", "addItem", "setToolTip",
                                            "showMessage", "raise TooMany"))]  # fmt: skip
    assert sorted(lines) == expected, found
    assert ast.parse(SOURCE)  # the sample is Python


def test_the_error_family_reaches_a_subclass_in_another_module(tmp_path):
    (tmp_path / "a.py").write_text("class PadInUse(RuleViolation):\n    pass\n")
    (tmp_path / "b.py").write_text(
        "class RuleViolation(DugoutError):\n    pass\nclass Other(ValueError):\n    pass\n"
    )
    family = error_family([tmp_path / "a.py", tmp_path / "b.py"])
    assert {"DugoutError", "RuleViolation", "PadInUse"} <= family and "Other" not in family


def test_a_template_text_and_a_counted_noun_are_extracted(tmp_path):
    (tmp_path / "resources" / "templates").mkdir(parents=True)
    (tmp_path / "resources" / "templates" / "roster.html").write_text(
        "<h1>[[Roster of $team]]</h1>\n<p>[[Treasury]]"
    )
    (tmp_path / "roster_app").mkdir()
    (tmp_path / "roster_app" / "x.py").write_text(
        "from roster_app.words import count\nfrom roster_app import words\n"
        "a = count(n, 'season')\nb = words.count(n, 'die', 'dice')\nc = count(n, name)\n"
    )
    templates = [
        e.msgid for p in catalogue.template_files(tmp_path) for e in catalogue.template_messages(p, tmp_path)
    ]
    assert templates == ["Roster of $team", "Treasury"]
    words = [e.msgid for e in catalogue.words_messages(tmp_path / "roster_app" / "x.py", tmp_path)]
    assert words == [("{n} season", "{n} seasons"), ("{n} die", "{n} dice")]
    (tmp_path / "roster_app" / "y.py").write_text(
        "a = term('table', 'Kick-Off Table')\nb = term(kind, 'Block')\nc = _('Team {name} is full.')\n"
    )
    marked = {
        (e.area, e.context, e.msgid) for e in catalogue.python_messages(tmp_path / "roster_app" / "y.py", tmp_path)
    }
    assert marked == {("game", "table", "Kick-Off Table"), ("core", None, "Team {name} is full.")}


@pytest.mark.parametrize(
    ("path", "area"),
    [("roster_app/services/teams.py", "core"), ("roster_app/printing/render.py", "printing"),
     ("roster_app/publish/pages.py", "printing"), ("resources/templates/site/page.html", "printing"),
     ("ui/printing/layout.py", "printing"), ("ui/sequences/match_pad/pad.py", "sequences"),
     ("ui/mainwindow/window.py", "window"), ("ui/kit/ask.py", "window"), ("roster_app/words.py", "words"),
     ("ui/mainwindow/preferences.py", "preferences")],
)  # fmt: skip
def test_each_file_belongs_to_the_area_i18n_md_names(path, area):
    assert catalogue.area_of(path) == area
