"""The second scan of unmarked strings (issue 39): an English sentence written anywhere in roster_app/ or ui/, not
only one given to a Qt setter (tests/i18n/checks.py's scan). A verdict a rule returns, a reason a call keeps, a
command line's help reach the commissioner by ways no setter shows; they stayed English in a French window.

A sentence here is a string literal (or f-string) of two words or more with lower-case words in it. It is fine when
it is marked (`_`, `N_`, `ngettext`, `pgettext`, `term`), a docstring, a developer's text (a log line, SQL, a
regular expression, a Python exception's message, an assert), a key by its place (a dict key, a subscript, a
comparison's operand, a `case` pattern), or said to be one on its line: `# i18n: key` (a stored value, an event
kind, a column of a file format) or `# i18n: keep` and why (a foreign file's own words, a product's name). The
comment may also close a statement of a few lines (the formatter wraps a short one).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

MARKERS = {"_", "N_", "ngettext", "pgettext", "npgettext", "term", "count", "noun", "plural", "Count"}  # fmt: skip
# Calls whose strings are for the program or a developer, never for the commissioner.
DEVELOPER_CALLS = {
    "debug", "info", "warning", "error", "exception", "critical", "execute", "text", "compile", "match", "search",
    "sub", "fullmatch", "split", "strftime", "strptime", "startswith", "endswith", "join", "replace", "format_exc",
    "setObjectName", "setProperty", "setStyleSheet", "findChild", "findChildren", "connect", "getenv", "setdefault", "pop", "Path",
    "open", "warn", "TypeError", "ValueError", "KeyError", "RuntimeError", "AssertionError", "NotImplementedError",
    "AttributeError", "IndexError", "OSError", "SystemExit", "LookupError",
}  # fmt: skip
ANNOTATIONS = ("# i18n: key", "# i18n: keep")
SHORT_STATEMENT = 4  # lines: a statement this short may carry the annotation on its last line
SQL = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|FROM|WHERE)\b")


def is_sentence(text: str) -> bool:
    """Words for a reader: two words or more, some of them lower-case words ("Team rating", "the call stands"),
    not an identifier, a constant's name, SQL, markup, a path or a format."""
    text = text.strip()
    if len(text) < 8 or " " not in text:
        return False
    if re.fullmatch(r"[A-Z_ ]+|[a-z_.]+ ?[a-z_.]*", text) or SQL.search(text):
        return False
    if text.startswith(("<", "#", "%", "http", "/", "--", "-m", "_")) or re.match(r"\{(?!\})", text):
        return False
    return len(re.findall(r"[A-Za-z]{2,}", text)) >= 2 and re.search(r"[a-z]{2,} [a-z]{2,}", text) is not None


def _called(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _docstrings(tree: ast.Module) -> set[ast.AST]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(first.value)
    return found


def _text(node: ast.AST, parents: dict) -> str | None:
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return None if isinstance(parents.get(node), ast.JoinedStr) else node.value
    return None


def _a_key_or_marked(node: ast.AST, parents: dict, skipped: frozenset[tuple[str, str]]) -> bool:
    """Marked, a developer's text, or a key by its place: walk up to the enclosing function. `skipped`: (call,
    keyword) pairs whose strings are not looked at (another branch's)."""
    child, parent = node, parents.get(node)
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        if isinstance(parent, ast.Call) and _called(parent.func) in MARKERS | DEVELOPER_CALLS:
            return True
        if isinstance(parent, ast.Call) and any((_called(parent.func), k.arg) in skipped for k in parent.keywords
                                                if k is child):  # fmt: skip
            return True
        if isinstance(parent, ast.Dict) and child in parent.keys:
            return True
        if isinstance(parent, ast.Subscript) and child is parent.slice:
            return True
        if isinstance(parent, ast.Compare | ast.Assert | ast.match_case | ast.MatchValue):
            return True
        child, parent = parent, parents.get(parent)
    return False


def _annotated(node: ast.AST, parents: dict, lines: list[str]) -> bool:
    if any(a in lines[node.lineno - 1] for a in ANNOTATIONS):
        return True
    statement = node
    while statement is not None and not isinstance(statement, ast.stmt):
        statement = parents.get(statement)
    if statement is None or statement.end_lineno - statement.lineno >= SHORT_STATEMENT:
        return False
    return any(a in lines[statement.end_lineno - 1] for a in ANNOTATIONS)


def english_sentences(path: Path, root: Path, skipped: frozenset[tuple[str, str]] = frozenset()) -> list[str]:
    """'file:line: text' for each English sentence of a Python file neither marked nor annotated as a key."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines()
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        text = _text(node, parents)
        if text is None or node in docstrings or not is_sentence(text):
            continue
        if _a_key_or_marked(node, parents, skipped) or _annotated(node, parents, lines):
            continue
        found.append((node.lineno, f"{path.relative_to(root).as_posix()}:{node.lineno}: {text[:90]!r}"))
    return [line for _, line in sorted(found)]
