"""What the catalogue tests check, as functions a test can also run on a made-up source or PO file (so each check
is seen failing): a translation keeps its placeholders and plural forms; a user-visible string is marked."""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@cache
def extracted() -> dict:
    """Every marked string of the project (tools/catalogue.py `extract`, ~8 s): once per test process."""
    from tools import catalogue

    return catalogue.extract(ROOT)


# {name}, {n:,}, {0}; $var, ${var}; %(name)s, %s, %d
PLACEHOLDER = re.compile(r"\{[\w.]*(?:![rsa])?(?::[^{}]*)?\}|\$\{?[A-Za-z_]\w*\}?|%\([\w]+\)[sdifr]|%[sdifr]")


def placeholders(text: str) -> Counter:
    return Counter(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def _names(found: set[str]) -> set[str]:
    return {p.strip("{}").split("!")[0].split(":")[0] for p in found if p.startswith("{")}


def _kept(source: set[str], translated: set[str], passed: frozenset[str]) -> str | None:
    """Why a translation's placeholders are wrong, or None. It may use a value the call passes that the English does
    not say, in place of one it does: a possessive phrase passes the owner both ways (`.format(owner=
    possessive(name), name=name)`, I18N.md), so French says "Effectif de {name}" where English says "{owner} roster".
    Without the calls' names, {name} may stand for {owner} only."""
    added, dropped = translated - source, source - translated
    allowed = {f"{{{n}}}" for n in passed} | ({"{name}"} if "{owner}" in source else set())
    extra = {p for p in added if p not in allowed and _names({p}) - passed}
    if extra:
        return f"adds {sorted(extra)}"
    if len(dropped) > len(added):
        return f"drops {sorted(dropped)}"
    if dropped and any(not p.startswith("{") for p in dropped):
        return f"drops {sorted(dropped)}"
    return None


def translation_problems(message, nplurals: int, passed: frozenset[str] = frozenset()) -> list[str]:
    """What is wrong with one translated message of a catalogue: a placeholder dropped or added, plural forms
    missing. `passed`: the names the source's calls give its `.format()` (a translation may use one of them in
    place of one the English uses). An untranslated message has no problem here (the completeness test's)."""
    if not message.id or not message.string:
        return []
    where = f"{message.context + ' | ' if message.context else ''}{message.id!r}"
    if isinstance(message.id, tuple | list):
        strings = list(message.string)
        if len(strings) != nplurals:
            return [f"{where}: {len(strings)} plural forms, the language has {nplurals}"]
        source = set(placeholders(message.id[0]) | placeholders(message.id[1]))
        found = [set(placeholders(s)) for s in strings if s]
        problems = [f"{where}: {s!r} adds {sorted(p - source)}" for s, p in zip(strings, found, strict=False)
                    if _kept(source, p | source, passed)]  # fmt: skip
        union = set().union(*found) if found else set()
        if found and (why := _kept(source, union, passed)):
            problems.append(f"{where}: {why}")
        return problems
    if not isinstance(message.string, str):
        return [f"{where}: plural forms for a message with no plural"]
    why = _kept(set(placeholders(message.id)), set(placeholders(message.string)), passed)
    return [f"{where}: {message.string!r} {why}"] if why else []


@cache
def passed_names(root: Path = ROOT) -> dict[str, frozenset[str]]:
    """For each msgid, the names its calls pass to `.format()`: `_("{owner} roster").format(owner=.., name=..)`
    gives {"{owner} roster": {"owner", "name"}} (a plural's both msgids)."""
    from tools.catalogue import source_files

    names: dict[str, set[str]] = {}
    for path in source_files(root):
        for node in ast.walk(_parsed(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
                    and isinstance(node.func.value, ast.Call) and isinstance(node.func.value.func, ast.Name)
                    and node.func.value.func.id in ("_", "ngettext", "pgettext")):  # fmt: skip
                continue
            given = {k.arg for k in node.keywords if k.arg}
            for arg in node.func.value.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.setdefault(arg.value, set()).update(given)
    return {msgid: frozenset(given) for msgid, given in names.items()}


# -- the scanner of user-visible strings ------------------------------------------------------------------------
MARKERS = {"_", "ngettext", "pgettext", "N_", "term"}
# Qt calls whose string arguments a commissioner reads.
TEXT_CALLS = {
    "setText", "setWindowTitle", "setToolTip", "setStatusTip", "setPlaceholderText", "setTitle", "setSubTitle",
    "setLabelText", "setWhatsThis", "setButtonText", "setOkButtonText", "setCancelButtonText", "setPrefix",
    "setSuffix", "setSpecialValueText", "addAction", "addMenu", "addTab", "insertTab", "setTabText",
    "setTabToolTip", "showMessage", "setHorizontalHeaderLabels", "setVerticalHeaderLabels", "addItems",
    "QLabel", "QPushButton", "QAction", "QCheckBox", "QGroupBox", "QRadioButton", "QMessageBox", "QMenu",
    "QToolButton", "QCommandLinkButton",
}  # fmt: skip
FIRST_TEXT_ONLY = {"addItem", "insertItem"}  # a combo box's item: its text; the data after it is a key
MESSAGE_BOX = {"warning", "information", "question", "critical", "about"}  # QMessageBox.warning(parent, t, text)
ASK = {
    "error",
    "info",
    "confirm",
    "choose",
    "text",
    "open_path",
    "open_paths",
    "save_path",
    "folder",
    "number",
    "pick",
}  # fmt: skip  ui/kit/ask.py: every question
ASK_KEYWORDS = {"title", "yes", "label", "text", "filter"}
KEEP = "# i18n: keep"  # a line's literal that is a name in every language (a product's), said with its reason
APP_NAME = "Dugout"


def _has_letters(text: str) -> bool:
    """Words to read: letters outside HTML tags and entities ("<td width='50%'>" is markup, not words), other than
    the app's name and dice ("D6", "2D6": the same in every language)."""
    text = re.sub(r"<[^<>]*>?|&\w+;", "", text)
    text = re.sub(rf"\b{APP_NAME}\b|\b\d*D\d+\b", "", text)
    return bool(re.search(r"[^\W\d_]", text))


def unmarked_text(node: ast.AST | None) -> bool:
    """A string written here for the reader and not marked for the catalogue."""
    if node is None:
        return False
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and _has_letters(node.value)
    if isinstance(
        node, ast.JoinedStr
    ):  # its text with each value as one character: a value inside a tag stays in it
        return _has_letters("".join(str(v.value) if isinstance(v, ast.Constant) else "\x00" for v in node.values))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return unmarked_text(node.left) or (isinstance(node.op, ast.Add) and unmarked_text(node.right))
    if isinstance(node, ast.IfExp):
        return unmarked_text(node.body) or unmarked_text(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return unmarked_text(node.func.value)
    if isinstance(node, ast.List | ast.Tuple):
        return any(unmarked_text(e) for e in node.elts)
    return False


def _name(func: ast.AST) -> tuple[str | None, str | None]:
    """(the called name, the name it is an attribute of): `ask.error` -> ('error', 'ask')."""
    if isinstance(func, ast.Name):
        return func.id, None
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else getattr(func.value, "attr", None)
        return func.attr, owner
    return None, None


def _text_arguments(call: ast.Call) -> Iterator[ast.AST]:
    name, owner = _name(call.func)
    if owner == "ask" and name in ASK:
        yield from call.args[1:]
        yield from (k.value for k in call.keywords if k.arg in ASK_KEYWORDS)
    elif owner == "QMessageBox" and name in MESSAGE_BOX:
        yield from call.args[1:3]
        yield from (k.value for k in call.keywords if k.arg in ("title", "text"))
    elif name in TEXT_CALLS:
        yield from call.args
        yield from (k.value for k in call.keywords if k.arg in ("text", "title"))
    elif name in FIRST_TEXT_ONLY:
        yield from call.args[1:2] if len(call.args) >= 3 else call.args[:1]  # (icon, text, data) or (text, data)


@cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def error_family(files: list[Path], seed: frozenset[str] = frozenset({"DugoutError"})) -> set[str]:
    """The names of DugoutError and every class that derives from it in `files` (read, not imported)."""
    bases: dict[str, set[str]] = {}
    for path in files:
        for node in ast.walk(_parsed(path)):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(_name(b)[0] or "" for b in node.bases)
    family = set(seed)
    while grown := {name for name, parents in bases.items() if parents & family} - family:
        family |= grown
    return family


def unmarked_strings(path: Path, *, family: set[str], root: Path = ROOT) -> list[str]:
    """'file:line: text' for each user-visible string literal of a Python file that is not marked: passed to a Qt
    text setter or constructor, to ui.kit.ask, or as the message of a raised DugoutError-family exception."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(_parsed(path)):
        arguments: list[ast.AST] = []
        if isinstance(node, ast.Call):
            arguments = list(_text_arguments(node))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name(node.exc.func)[0] in family:
            # the message: the last argument (RulesetError(table, where, message)), or message=/text=
            arguments = node.exc.args[-1:] + [k.value for k in node.exc.keywords if k.arg in ("message", "text")]
        for argument in arguments:
            if unmarked_text(argument) and KEEP not in lines[argument.lineno - 1]:
                text = lines[argument.lineno - 1].strip()
                found.append(f"{path.relative_to(root).as_posix()}:{argument.lineno}: {text[:90]}")
    return found


@cache
def project_unmarked() -> dict[str, list[str]]:
    """Every unmarked user-visible string of roster_app/ and ui/, by area (tools/catalogue.py's)."""
    from tools.catalogue import area_of, source_files

    files = source_files(ROOT)
    family = error_family([p for p in files if p.parts[len(ROOT.parts)] == "roster_app"])
    by_area: dict[str, list[str]] = {}
    for path in files:
        for line in unmarked_strings(path, family=family):
            by_area.setdefault(area_of(path.relative_to(ROOT).as_posix()), []).append(line)
    return by_area
