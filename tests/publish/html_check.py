"""A structural check of a generated page over html.parser (html5lib is not installed here): what a validator
would flag in pages like ours, and what our own rules ask for.

- the document: <!DOCTYPE html> first, <html lang="...">, one <title> with words, one <h1>, a <main>;
- every element closed in order (void elements excepted), nothing left open at the end;
- ids unique; `aria-labelledby` names ids of the page; `<a href>` and `src` recorded for the link check;
- tables: a <th> in <thead> has scope="col", in <tbody> scope="row"; no <th> or <td> outside a <tr>;
- headings never skip a level going down (h1 then h3);
- an <svg> has a <title> and role="img"; no <script>, no inline event handler, no `style=` attribute,
  no <img> without alt, no address leaving the site (http:, https:, //).
"""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SVG_SELF_CLOSING = {"line", "circle", "rect", "polyline", "path"}


class PageChecker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.ids: list[str] = []
        self.labelled_by: list[str] = []
        self.links: list[str] = []
        self.headings: list[int] = []
        self.titles: list[str] = []
        self.doctype = False
        self.first = True
        self.lang = ""
        self.text: list[str] = []
        self.svgs: list[dict] = []
        self.mains = 0

    def handle_decl(self, decl: str) -> None:
        if self.first and decl.lower() == "doctype html":
            self.doctype = True
        self.first = False

    def _start(self, tag: str, attrs: list[tuple[str, str | None]], *, closed: bool) -> None:
        self.first = False
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if tag == "script":
            self.problems.append("a <script>")
        if tag == "main":
            self.mains += 1
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"an event handler {name}")
            if name == "style":
                self.problems.append(f"a style attribute on <{tag}>")
            if name in ("href", "src") and value is not None:
                if value.startswith(("http:", "https:", "//", "javascript:", "data:")):
                    self.problems.append(f"an address leaving the site: {value}")
                self.links.append(value)
        if "id" in a:
            self.ids.append(a["id"] or "")
        if "aria-labelledby" in a:
            self.labelled_by += (a["aria-labelledby"] or "").split()
        if tag == "img" and "alt" not in a:
            self.problems.append("an <img> without alt")
        if tag in ("th", "td") and (not self.stack or self.stack[-1] != "tr"):
            self.problems.append(f"a <{tag}> outside a <tr> (inside <{self.stack[-1] if self.stack else ''}>)")
        if tag == "th":
            section = next((t for t in reversed(self.stack) if t in ("thead", "tbody", "table")), "")
            wanted = {"thead": "col", "tbody": "row"}.get(section)
            if wanted is None or a.get("scope") != wanted:
                self.problems.append(f"a <th> in <{section}> with scope={a.get('scope')!r}")
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            level = int(tag[1])
            if self.headings and level > self.headings[-1] + 1:
                self.problems.append(f"a heading h{level} after h{self.headings[-1]}")
            self.headings.append(level)
        if tag == "svg":
            self.svgs.append({"role": a.get("role"), "title": False})
        if tag == "title" and "svg" in self.stack:
            self.svgs[-1]["title"] = True
        if tag in VOID or closed:
            return
        self.stack.append(tag)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, closed=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID and tag not in SVG_SELF_CLOSING:
            self.problems.append(f"<{tag}/> closed by itself")
        self._start(tag, attrs, closed=True)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problems.append(f"an end tag for the void <{tag}>")
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}>")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1] == "title" and "svg" not in self.stack:
            self.titles.append(data)
        self.text.append(data)

    def verdict(self) -> list[str]:
        problems = list(self.problems)
        if not self.doctype:
            problems.append("no <!DOCTYPE html> first")
        if not self.lang:
            problems.append("no lang on <html>")
        if self.stack:
            problems.append(f"left open: {self.stack}")
        if len(self.titles) != 1 or not self.titles[0].strip():
            problems.append(f"titles: {self.titles}")
        if self.headings.count(1) != 1:
            problems.append(f"{self.headings.count(1)} <h1>")
        if self.mains != 1:
            problems.append(f"{self.mains} <main>")
        duplicated = {i for i in self.ids if self.ids.count(i) > 1}
        if duplicated:
            problems.append(f"ids used twice: {sorted(duplicated)}")
        unknown = set(self.labelled_by) - set(self.ids)
        if unknown:
            problems.append(f"aria-labelledby names no element: {sorted(unknown)}")
        for svg in self.svgs:
            if svg["role"] != "img" or not svg["title"]:
                problems.append(f"an <svg> without role=img and a <title>: {svg}")
        return problems


def check_page(html: str) -> PageChecker:
    checker = PageChecker()
    checker.feed(html)
    checker.close()
    return checker
