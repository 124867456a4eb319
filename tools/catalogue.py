"""The catalogues of Dugout's words (issue 39): extract, update, compile.

    python tools/catalogue.py extract [-o dugout.pot]      every marked string, each with its area (a comment)
    python tools/catalogue.py update [--area A ...] [--lang L ...]
                                                           new strings into resources/locale/<lang>/<area>.po,
                                                           translations kept, strings gone dropped
    python tools/catalogue.py compile [--lang L ...]       all the area files of a language ->
                                                           resources/locale/<lang>/LC_MESSAGES/dugout.mo
    python tools/catalogue.py fill --area A [--lang L] FILE.json [--context C] [--replace]
                                                           the area's untranslated entries from FILE.json
                                                           (an object msgid -> translation; a plural entry's
                                                           translation a list of forms); "{lang}" in FILE is
                                                           each --lang's code. Nothing translated is changed
                                                           (--replace: the file's translation wins).
    (`make catalogues` runs update and compile for every area and language.)

The sources are read with Babel's Python extractor (keywords _, ngettext:1,2, pgettext:1c,2, N_, term:1c,2);
the printing templates' text to translate is written [[Like this $var]] (resources/templates/**/*.html); the nouns
counted with roster_app/words.py (`words.count(n, "game")`, `noun`, `plural`) become plural entries of the
`words` area; the bundled rulesets' words (races, positions, skills, stars, inducements, injuries, levels) and their
tables' texts (kind `table`: notes, rows' texts, kick-off results, handicaps, post-match step titles, effects, Star
Refs' descriptions, worth names; TABLE_TEXTS) are the `game` area's entries, the kind as msgctxt, as
`term(kind, name)` asks for them. `fill` writes translations made elsewhere (a JSON file per language) into an
area's PO files: `python tools/catalogue.py fill --area game --context table 'tr/{lang}.json'`, then `compile`.

Each string belongs to one AREA by the path of the file that marks it (docs: /work/wt/I18N.md, README "Adding a
language"): one PO file per area and language, so the branches translating different parts of the app never
write the same file. A compiled catalogue is the same bytes for the same PO files (no dates, no Babel version).
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "resources" / "locale"
TEMPLATES = ROOT / "resources" / "templates"
RULESETS = ROOT / "resources" / "rulesets"
DOMAIN = "dugout"
LANGUAGES = ("fr", "de", "es", "it")  # the source language, English, has no catalogue
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None, "term": ((1, "c"), 2)}
# The kinds of the game's words (`term(kind, name)`): an entry with one of them as its context is the game area's,
# wherever it is marked.
GAME_KINDS = ("race", "position", "skill", "star", "inducement", "injury", "table", "level")
# The areas, and which files' strings each holds: the first rule a path matches decides (I18N.md).
AREAS = ("core", "printing", "window", "sequences", "game", "words", "preferences")
ROUTES = (
    ("roster_app/words.py", "words"),
    ("roster_app/printing/", "printing"),
    ("roster_app/publish/", "printing"),
    ("resources/templates/", "printing"),
    ("ui/printing/", "printing"),
    ("ui/sequences/", "sequences"),
    ("ui/mainwindow/preferences.py", "preferences"),  # i18n-infra's Preferences dialog and language switch
    ("ui/app/language.py", "preferences"),
    ("roster_app/", "core"),
    ("ui/", "window"),
)
SOURCE_FOLDERS = ("roster_app", "ui")
TEMPLATE_TEXT = re.compile(r"\[\[(.+?)\]\]", re.DOTALL)
TEMPLATE_CONTEXT = "::"  # [[context::text]]
# The noun helpers of roster_app/words.py whose literal nouns are catalogue entries: name -> the format of the
# singular and plural msgids (count writes the number, noun and plural only the word).
WORD_HELPERS = {"count": "{{n}} {word}", "noun": "{word}", "plural": "{word}"}


def area_of(path: str) -> str:
    """The area of a file (a path relative to the project, with /)."""
    for prefix, area in ROUTES:
        if path == prefix or (prefix.endswith("/") and path.startswith(prefix)):
            return area
    raise ValueError(f"{path}: no area holds it (tools/catalogue.py ROUTES)")


@dataclass
class Entry:
    msgid: str | tuple[str, str]
    context: str | None
    area: str
    locations: list[tuple[str, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.msgid if isinstance(self.msgid, str) else self.msgid[0], self.context)


def source_files(root: Path = ROOT) -> list[Path]:
    return sorted(
        p for folder in SOURCE_FOLDERS for p in (root / folder).rglob("*.py") if "__pycache__" not in p.parts
    )


def template_files(root: Path = ROOT) -> list[Path]:
    return sorted((root / "resources" / "templates").rglob("*.html"))


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def python_messages(path: Path, root: Path = ROOT) -> Iterator[Entry]:
    """The strings a Python file marks, by Babel's extractor. A `term(kind, name)` whose kind is not written out is
    left out: its entry could not be looked up under a context (a ruleset's word is the game area's anyway)."""
    from babel.messages.extract import extract

    relative = _relative(path, root)
    data = path.read_bytes()
    passes = [{k: v for k, v in KEYWORDS.items() if k != "term"}]
    if b"term(" in data:
        passes.append({"term": KEYWORDS["term"]})
    for keywords in passes:
        found = extract("python", io.BytesIO(data), keywords=keywords, comment_tags=("Translators:",),
                        strip_comment_tags=True)  # fmt: skip
        for lineno, message, comments, context in found:
            if isinstance(message, tuple | list):
                message = tuple(message)
                if len(message) != 2 or not all(message):
                    continue
            elif not message or ("term" in keywords and context is None):
                continue
            area = "game" if context in GAME_KINDS else area_of(relative)
            yield Entry(message, context, area, [(relative, lineno)], list(comments))


def template_messages(path: Path, root: Path = ROOT) -> Iterator[Entry]:
    """The text a printing template writes [[Like this $var]] (kept as written between the brackets); one written
    [[context::text]] is `text` in that msgctxt (roster_app/printing/render.py reads them the same way)."""
    relative = _relative(path, root)
    text = path.read_text(encoding="utf-8")
    for match in TEMPLATE_TEXT.finditer(text):
        lineno = text.count("\n", 0, match.start()) + 1
        context, _sep, message = match.group(1).rpartition(TEMPLATE_CONTEXT)
        yield Entry(message, context or None, area_of(relative), [(relative, lineno)])


def _word_helper_names(tree: ast.Module) -> dict[str, str]:
    """How a module calls words.py's noun helpers: {'count': 'count', 'words.count': 'count', ...}."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "roster_app.words":
            for alias in node.names:
                if alias.name in WORD_HELPERS:
                    names[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module == "roster_app":
            for alias in node.names:
                if alias.name == "words":
                    names |= {f"{alias.asname or 'words'}.{h}": h for h in WORD_HELPERS}
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "roster_app.words":
                    names |= {f"{alias.asname or 'roster_app.words'}.{h}": h for h in WORD_HELPERS}
    return names


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def word_entries(singular: str, many: str | None, helper: str) -> tuple[str, str]:
    """The plural entry words.py looks up for `helper(n, singular, many)`: ('{n} game', '{n} games')."""
    from roster_app.words import english_plural

    form = WORD_HELPERS[helper]
    return form.format(word=singular), form.format(word=english_plural(singular, many))


def words_messages(path: Path, root: Path = ROOT) -> Iterator[Entry]:
    """The nouns counted through roster_app/words.py with a literal word: `count(n, "game")` is the plural
    entry "{n} game" / "{n} games"; `noun(n, "game")` and `plural("game")` the entry "game" / "games"."""
    relative = _relative(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"), relative)
    names = _word_helper_names(tree)
    if not names:
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or (helper := names.get(_dotted(node.func) or "")) is None:
            continue
        args = list(node.args)
        keywords = {k.arg: k.value for k in node.keywords}
        if helper != "plural":
            args = args[1:]  # the number
        word = _literal(args[0] if args else keywords.get("word"))
        many_node = args[1] if len(args) > 1 else keywords.get("many")
        many = _literal(many_node)
        if word is None or (many_node is not None and many is None):
            continue
        yield Entry(word_entries(word, many, helper), None, "words", [(relative, node.lineno)])


def counted_nouns() -> Iterator[Entry]:
    """The nouns counted by data, not by a literal: a team's counters ("3 re-rolls", "5 fan factors": a purchase's
    ledger row counts them with roster_app.phrases.Count)."""
    from roster_app.rules.team import COUNTERS

    for singular, *_prices in COUNTERS.values():
        yield Entry(word_entries(singular, None, "count"), None, "words", [("roster_app/rules/team.py", 0)])


def ruleset_words(root: Path = ROOT) -> dict[tuple[str, str], list[str]]:
    """The bundled rulesets' words by (kind, name), each with the rulesets that name it."""
    found: dict[tuple[str, str], list[str]] = {}

    def add(kind: str, name: str, where: str) -> None:
        if name and where not in (seen := found.setdefault((kind, name), [])):
            seen.append(where)

    for folder in sorted(p for p in (root / "resources" / "rulesets").iterdir() if p.is_dir()):
        where = f"resources/rulesets/{folder.name}"
        for race in _table(folder, "races").get("races", []):
            add("race", race["name"], where)
            for position in race.get("positions", []):
                add("position", position["name"], where)
        for skill in _table(folder, "skills").get("skills", []):
            add("skill", skill["name"], where)
        for star in _table(folder, "star_players").get("stars", []):
            add("star", star["name"], where)
        for item in _table(folder, "inducements").get("items", []):
            add("inducement", item["name"], where)
        for row in _table(folder, "casualty_table").get("rows", []):
            add("injury", row["result"], where)
        for level in _table(folder, "spp_levels").get("levels", []):
            add("level", level["name"], where)
        for name in _table_names(folder):
            for path in (NOTE, *TABLE_TEXTS.get(name, ())):
                for text in _texts(_table(folder, name), path):
                    add("table", text, where)
    from roster_app.rules.injuries import INJURIES

    for injury in INJURIES:
        add("injury", injury, "roster_app/rules/injuries.py")
    return found


# The texts of the rulesets' tables a commissioner reads (the `table` kind: `term("table", text)`), by table: where
# each sits, "*" standing for every entry of a list. Every table's note is one; a field holding a key the code reads
# ("result": "nothing") is not.
NOTE = ("note",)
TABLE_TEXTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "casualty_table": (("rows", "*", "text"),),
    "economy": (("worth_name",), ("worth_short",)),
    "handicap_table": (("rows", "*", "handicap"), ("rows", "*", "text")),
    "inducements": (("items", "*", "effect"),),
    "kick_off": (("rows", "*", "result"), ("rows", "*", "text")),
    "player_reaction": (("rows", "*", "text"), ("modifiers", "*", "text")),
    "post_match": (("steps", "*", "title"),),
    "referee_skills": (("groups", "*", "skills", "*", "effect"), ("equipment", "*", "effect")),
    "reserve_team_table": (("rows", "*", "text"),),
    "rookie_table": (("rows", "*", "text"),),
    "skills": (("skills", "*", "effect"),),
    "star_player_table": (("rows", "*", "text"),),
    "star_refs": (("refs", "*", "description"),),
}


def _texts(data: object, path: tuple[str, ...]) -> Iterator[str]:
    """The texts at `path` in a table's data ("*": each entry of a list), in the order the table has them."""
    if not path:
        if isinstance(data, str) and data.strip():
            yield data
        return
    head, rest = path[0], path[1:]
    if head == "*":
        for item in data if isinstance(data, list) else ():
            yield from _texts(item, rest)
    elif isinstance(data, dict) and head in data:
        yield from _texts(data[head], rest)


def _table_names(folder: Path) -> list[str]:
    """The tables a ruleset has, its own and those it inherits (ruleset.json, with its note, among them)."""
    return sorted({p.stem for ruleset in _ruleset_chain(folder) for p in ruleset.glob("*.json")})


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _table(folder: Path, name: str) -> dict:
    """A ruleset's table as the league gets it: its own file, else the one of the ruleset it inherits from."""
    for ruleset in _ruleset_chain(folder):
        if (ruleset / f"{name}.json").is_file():
            return _read(ruleset / f"{name}.json")
    return {}


def _ruleset_chain(folder: Path) -> list[Path]:
    """A ruleset's folder and the folders it inherits from (ruleset.json "inherits"), each once."""
    chain = [folder]
    base = _read(folder / "ruleset.json").get("inherits")
    while base and (folder.parent / base) not in chain and (folder.parent / base).is_dir():
        chain.append(folder.parent / base)
        base = _read(folder.parent / base / "ruleset.json").get("inherits")
    return chain


def game_messages(root: Path = ROOT) -> Iterator[Entry]:
    for (kind, name), rulesets in sorted(ruleset_words(root).items()):
        yield Entry(name, kind, "game", [(where, 0) for where in rulesets])


def extract(root: Path = ROOT) -> dict[str, dict[tuple[str, str | None], Entry]]:
    """Every marked string of the project, by area and (msgid, msgctxt); a string marked twice in one area is
    one entry with both places."""
    areas: dict[str, dict[tuple[str, str | None], Entry]] = {area: {} for area in AREAS}
    found: Iterable[Entry] = (
        *(e for p in source_files(root) for e in python_messages(p, root)),
        *(e for p in template_files(root) for e in template_messages(p, root)),
        *(e for p in source_files(root) for e in words_messages(p, root)),
        *counted_nouns(),
        *game_messages(root),
    )
    for entry in found:
        held = areas[entry.area].setdefault(entry.key, entry)
        if held is not entry:
            held.locations += [loc for loc in entry.locations if loc not in held.locations]
            held.comments += [c for c in entry.comments if c not in held.comments]
            if isinstance(entry.msgid, tuple) and isinstance(held.msgid, str):
                held.msgid = entry.msgid  # a plural entry wins over the same singular marked with _()
    return areas


def template_catalogue(entries: Iterable[Entry], area: str):
    from babel.messages.catalog import Catalog

    template = Catalog(project="Dugout", domain=area, fuzzy=False)
    for entry in entries:
        template.add(entry.msgid, context=entry.context, locations=[(p, n or None) for p, n in entry.locations],
                     auto_comments=entry.comments)  # fmt: skip
    return template


def po_path(language: str, area: str) -> Path:
    return LOCALE / language / f"{area}.po"


def new_catalogue(language: str, area: str):
    from babel import Locale
    from babel.messages.catalog import Catalog

    catalogue = Catalog(locale=language, domain=area, project="Dugout", fuzzy=False,
                        header_comment=f"# Dugout: the {area} area's words in {Locale.parse(language).english_name}"
                        " (tools/catalogue.py update adds new strings; translate every one).")  # fmt: skip
    catalogue.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    return catalogue


def read(path: Path, language: str):
    from babel.messages.pofile import read_po

    with path.open("rb") as fileobj:
        return read_po(fileobj, locale=language, domain=path.stem)


def write(path: Path, catalogue) -> None:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalogue, width=115, ignore_obsolete=True, include_lineno=False, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def update(areas: Iterable[str], languages: Iterable[str], root: Path = ROOT) -> list[Path]:
    """Each area's PO file of each language holds exactly the area's strings: new ones added untranslated,
    translations kept, strings no longer marked dropped. Returns the files written."""
    extracted = extract(root)
    written = []
    for area in areas:
        template = template_catalogue(extracted[area].values(), area)
        for language in languages:
            path = po_path(language, area)
            catalogue = read(path, language) if path.is_file() else new_catalogue(language, area)
            catalogue.update(template, no_fuzzy_matching=True, update_creation_date=False)
            if area == "words":
                cldr(catalogue, language)
            write(path, catalogue)
            written.append(path)
    return written


def cldr(catalogue, language: str) -> None:
    """The words area's number format from CLDR (Babel): words.number() reads the thousands separator from the
    catalogue, so no Babel is loaded at run time."""
    from babel.numbers import get_group_symbol

    message = catalogue.get(",", context="thousands separator")
    if message is not None:
        message.string = get_group_symbol(language)
        message.user_comments = [
            "CLDR's group symbol (babel.numbers.get_group_symbol), written by tools/catalogue.py"
        ]


PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*")


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def known_translations(language: str, skip_area: str, root: Path = ROOT) -> dict[str, str]:
    """The translations the other areas of `language` give a plain (no context, singular) msgid: a text the
    app already translates elsewhere ("1. Winnings") keeps that translation when an area fills it again."""
    known: dict[str, str] = {}
    for path in sorted((root / "resources" / "locale" / language).glob("*.po")):
        if path.stem == skip_area:
            continue
        for message in read(path, language):
            if message.id and isinstance(message.id, str) and message.context is None and message.string \
                    and not message.fuzzy:  # fmt: skip
                known.setdefault(message.id, message.string)
    return known


# What a game word's comment says of its translation (tests/i18n/test_game_words.py: every term names its source).
GAME_SOURCES = (
    "NAFLM lang/translations.xml",
    "OBBLM lang/translations.xml",
    "Dugout's translation",
    "Kept in English",
)


def _say_source(message, area: str) -> None:
    """A game word filled here says so: Dugout's own translation, or kept in English when it reads the same."""
    if area != "game" or any(s in " ".join(message.user_comments) for s in GAME_SOURCES):
        return
    kind = message.context or "game"
    same = message.string == message.id
    message.user_comments = [
        *message.user_comments,
        f"Kept in English: the {kind} word reads the same (tools/catalogue.py fill)" if same
        else f"Dugout's translation of the bundled rulesets' {kind} text (tools/catalogue.py fill)",
    ]  # fmt: skip


def fill(area: str, language: str, translations: dict, context: str | None = None, root: Path = ROOT, *,
         replace: bool = False) -> tuple[int, list[str]]:  # fmt: skip
    """Fill the untranslated entries of resources/locale/<language>/<area>.po (only those of msgctxt `context`
    when given) from `translations` (msgid -> translation, a list of forms for a plural entry). A msgid another
    area already translates keeps that translation. A translation that drops or adds a placeholder is refused.
    Entries already translated are left as they are, unless `replace` (the file's translation wins then, a msgid
    another area translates excepted). Returns (entries filled, problems); the file is written as `update` writes
    it."""
    path = root / "resources" / "locale" / language / f"{area}.po"
    catalogue = read(path, language)
    known = known_translations(language, area, root)
    filled, problems = 0, []
    for message in catalogue:
        if not message.id or (context is not None and message.context != context):
            continue
        if _translated(message.string) and not message.fuzzy:
            _say_source(message, area)
            first = message.id if isinstance(message.id, str) else message.id[0]
            if not replace or first in known or first not in translations:
                continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        given = known.get(ids[0]) if isinstance(message.id, str) else None
        given = given or translations.get(ids[0])
        if given is None:
            continue
        forms = [given] if isinstance(given, str) else list(given)
        if isinstance(message.id, str):
            if len(forms) != 1:
                problems.append(f"{ids[0]!r}: one translation expected, {len(forms)} given")
                continue
        elif len(forms) != catalogue.num_plurals:
            problems.append(f"{ids[0]!r}: {catalogue.num_plurals} plural forms expected, {len(forms)} given")
            continue
        wanted = set().union(*(_placeholders(i) for i in ids))
        bad = [f for f in forms if not isinstance(f, str) or not f.strip() or not _placeholders(f) <= wanted
               or (len(ids) == 1 and _placeholders(f) != wanted)]  # fmt: skip
        if bad:
            problems.append(f"{ids[0]!r}: translation {bad[0]!r} is empty or changes the placeholders")
            continue
        string = forms[0] if isinstance(message.id, str) else tuple(forms)
        if string == message.string and not message.fuzzy:
            continue
        message.string = string
        message.flags.discard("fuzzy")
        _say_source(message, area)
        filled += 1
    write(path, catalogue)
    return filled, problems


class _MergedCatalogue:
    """The messages of every area of a language for write_mo, with a fixed header (no date, no Babel version).
    Not a Babel Catalog: the same msgid may be a plain entry in one area and a plural one in another ("free agent"
    and "free agent"/"free agents"), two keys of a .mo that a Catalog would fold into one."""

    def __init__(self, language: str):
        from babel.messages.catalog import Message

        header = (
            "Project-Id-Version: Dugout\n"
            f"Language: {language}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=utf-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {PLURAL_FORMS[language]}\n"
        )
        self.header = Message("", header)
        self.charset = "utf-8"
        self.messages: dict[tuple, object] = {}

    def __iter__(self):
        yield self.header
        yield from self.messages.values()


def mo_key(message) -> tuple:
    """What a .mo looks a message up by: its context and its msgid, a plural entry by both msgids."""
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


def merged(language: str, root: Path = ROOT) -> _MergedCatalogue:
    """Every area's translated messages of `language` (an untranslated or fuzzy one is left to English). A message
    two areas translate (tests/i18n: they must agree) is taken from the first area file by name."""
    result = _MergedCatalogue(language)
    for path in sorted((root / "resources" / "locale" / language).glob("*.po")):
        for message in read(path, language):
            if message.id and not message.fuzzy and _translated(message.string):
                result.messages.setdefault(mo_key(message), message)
    return result


def _translated(string: str | tuple | list) -> bool:
    return all(string) if isinstance(string, tuple | list) else bool(string)


def compiled(language: str, root: Path = ROOT) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, merged(language, root), use_fuzzy=False)
    return out.getvalue()


def mo_path(language: str, root: Path = ROOT) -> Path:
    return root / "resources" / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compile_all(languages: Iterable[str], root: Path = ROOT) -> list[Path]:
    written = []
    for language in languages:
        path = mo_path(language, root)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = compiled(language, root)
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))
    parser = argparse.ArgumentParser(prog="catalogue.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    pot = commands.add_parser("extract", help="every marked string, as one POT file")
    pot.add_argument("-o", "--output", default="-", help="the POT file (default: standard output)")
    pot.add_argument("--area", action="append", choices=AREAS, help="only these areas")
    up = commands.add_parser("update", help="new strings into each area's PO file, translations kept")
    up.add_argument("--area", action="append", choices=AREAS, help="only these areas (default: all)")
    up.add_argument("--lang", action="append", choices=LANGUAGES, help="only these languages (default: all)")
    fl = commands.add_parser("fill", help="an area's untranslated entries from a JSON file (msgid -> translation)")
    fl.add_argument("file", help='the JSON file; "{lang}" in it stands for the language ("tr/{lang}.json")')
    fl.add_argument("--area", required=True, choices=AREAS)
    fl.add_argument("--lang", action="append", choices=LANGUAGES, help="only these languages (default: all)")
    fl.add_argument("--context", help="only the entries of this msgctxt (the game area's kinds: table, skill ...)")
    fl.add_argument(
        "--replace", action="store_true", help="the file's translation also replaces one already there"
    )
    mo = commands.add_parser("compile", help="each language's area files -> LC_MESSAGES/dugout.mo")
    mo.add_argument("--lang", action="append", choices=LANGUAGES, help="only these languages (default: all)")
    args = parser.parse_args(argv)
    if args.command == "extract":
        from babel.messages.pofile import write_po

        extracted = extract()
        entries = [e for area in (args.area or AREAS) for e in extracted[area].values()]
        for entry in entries:
            entry.comments = [f"area: {entry.area}", *entry.comments]
        out = io.BytesIO()
        write_po(out, template_catalogue(entries, DOMAIN), width=115, include_lineno=True)
        if args.output == "-":
            sys.stdout.buffer.write(out.getvalue())
        else:
            Path(args.output).write_bytes(out.getvalue())
        return 0
    if args.command == "update":
        for path in update(args.area or AREAS, args.lang or LANGUAGES):
            print(path.relative_to(ROOT))
        return 0
    if args.command == "fill":
        status = 0
        for language in args.lang or LANGUAGES:
            source = Path(args.file.replace("{lang}", language))
            found = source.is_file()
            if not found:
                print(f"{language}: {source} not found: only the translations other areas already give are used")
            done, problems = fill(
                args.area,
                language,
                json.loads(source.read_text(encoding="utf-8")) if found else {},
                args.context,
                replace=args.replace,
            )
            left = sum(1 for m in read(po_path(language, args.area), language)
                       if m.id and (not _translated(m.string) or m.fuzzy))  # fmt: skip
            print(f"{po_path(language, args.area).relative_to(ROOT)}: {done} filled, {left} untranslated left")
            for problem in problems:
                print(f"  refused {problem}")
                status = 1
        return status
    for path in compile_all(args.lang or LANGUAGES):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
