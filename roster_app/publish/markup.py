"""The website's markup pieces, from the blocks of resources/templates/site/page.html (every value escaped by
printing.render.fill unless it is already Html)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from html import escape

from roster_app.i18n import _, current_language, translations
from roster_app.printing.render import Block, Html, blocks, fill, join

TEMPLATE = "site/page"
_PLAIN = Block("$text")  # a plain value, escaped


def t() -> dict:
    return blocks(TEMPLATE)


@dataclass(frozen=True)
class Col:
    name: str
    title: str = ""  # the abbreviation's words ("Touchdowns for" for "TD+")
    numeric: bool = False
    wide: bool = False


def slug(name: str) -> str:
    """A file name's part from a name: ASCII letters and digits joined by hyphens (accents dropped)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    words = re.findall(r"[a-z0-9]+", plain)
    return "-".join(words)[:40].strip("-") or "x"


def link(href: str | None, text: object) -> Html:
    """A link to `href` (relative), or the text alone when the page does not exist."""
    if href is None:
        return fill(_PLAIN, text=text)
    return fill(t()["link"], href=href, text=text)


def heading(kicker: object, title: object) -> Html:
    return fill(t()["heading"], kicker=kicker, title=title)


def section(ident: str, title: object, body: Html) -> Html:
    return fill(t()["section"], ident=ident, title=title, body=body)


def _text(value: object) -> str:
    """A cell's value as HTML: Html as it is, anything else escaped (most values, numbers and plain names, need
    no escaping: skip the replaces)."""
    kind = type(value)
    if kind is int:  # most cells: a figure
        return str(value)
    if kind is Html or isinstance(value, Html):
        return value
    text = value if isinstance(value, str) else str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return escape(text)
    return text


def _opening(col: Col, header: bool) -> str:
    css = ' class="num"' if col.numeric else ' class="wide"' if col.wide else ""
    return f'<th scope="row"{css}>' if header else f"<td{css}>"


def table(
    ident: str, caption: object, columns: list[Col], rows: list[list[object]], *, row_header: int = 0
) -> Html:
    """A table in its own scrolling box: column headers with scope, the `row_header` column as each row's
    header (a team's or a player's name), figures aligned right. Cells are joined as plain strings: a career
    of 200 games is 3,000 cells, a large league's site over a million."""
    b = t()
    code = current_language()
    key = (tuple(columns), code, id(translations(code)))  # a table's head, made once a language (a catalogue)
    head = _HEADS.get(key)
    if head is None:
        head = _HEADS[key] = Html("".join(_heading(b, col) for col in columns))
    cells = [
        (_opening(col, i == row_header), "</th>" if i == row_header else "</td>") for i, col in enumerate(columns)
    ]
    # a row's cells through one format (a figure formats as itself, the rest through _text)
    line = "<tr>" + "".join(f"{start}{{}}{end}" for start, end in cells) + "</tr>"
    width = len(cells)
    body = []
    for row in rows:
        if len(row) != width:
            raise ValueError(f"a row of {len(row)} cells in a table of {width} columns")
        body.append(line.format(*[value if type(value) is int else _text(value) for value in row]))
    return fill(b["table"], ident=ident, caption=caption, head=head, rows=Html("\n".join(body)))


_HEADS: dict[tuple, Html] = {}


def _heading(b: dict, col: Col) -> str:
    css = Html(' class="num"' if col.numeric else ' class="wide"' if col.wide else "")
    if col.title:  # the names are marked N_() where the columns are listed
        return fill(b["column_abbr"], name=_(col.name), title=_(col.title), css=css)
    return fill(b["column"], name=_(col.name), css=css)


def facts(items: list[tuple[str, object]]) -> Html:
    b = t()
    return fill(b["facts"], items=join([fill(b["fact"], term=term, value=value) for term, value in items]))


def items(values: list[object], css: str = "plain") -> Html:
    b = t()
    return fill(b["list"], css=css, items=join([fill(b["item"], text=v) for v in values]))


def paragraph(text: object) -> Html:
    return fill(t()["paragraph"], text=text)


def empty(text: object) -> Html:
    return fill(t()["empty"], text=text)


def figure(svg: str, caption: object) -> Html:
    return fill(t()["chart"], svg=Html(svg), caption=caption)


def page(*, root: str, league: str, title: str, body: Html) -> str:
    lang = current_language()
    return fill(t()["page"], root=Html(root), league=league, title=title, body=body, lang=lang) + "\n"
