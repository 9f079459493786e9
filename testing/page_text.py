"""A page read two ways, for tests of what it shows: as a sighted reader sees it (each man's image as its
name in brackets, "[feres]xe4"; text only for screen readers left out) and as a screen reader says it
(what is hidden from it, `aria-hidden`, left out). Whitespace is collapsed, and elements that stand apart
(paragraphs, list items, cells) are parted by a space; scripts and styles are skipped."""

import re
from html.parser import HTMLParser

#: A move written with chess letters (R1.2: the site never shows them): "Nf3", "Rxd7", "b8=R", "Qd7+".
CHESS_LETTERS = re.compile(r"(?<![A-Za-z])(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x?[a-h]?[1-8]=[QRBN])")
#: Elements that stand apart from the text around them (on a line or in a cell of their own).
APART = {"p", "div", "li", "dt", "dd", "h1", "h2", "h3", "h4", "section", "nav", "td", "th", "br", "option"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Reader(HTMLParser):
    def __init__(self, hearing: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.hearing = hearing
        self.parts: list[str] = []
        self.open: list[tuple[str, bool]] = []  # each open element and whether it is out of reach

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        hidden = bool(self.open and self.open[-1][1]) or tag in {"script", "style", "title", "template"}
        if self.hearing:
            hidden = hidden or values.get("aria-hidden") == "true"
        else:
            hidden = hidden or "sr-only" in classes
        if tag in APART:
            self.parts.append(" ")
        if tag == "use" and not hidden and not self.hearing:
            self.parts.append(f"[{(values.get('href') or '').rsplit('#', 1)[-1]}]")
        if tag not in VOID:
            self.open.append((tag, hidden))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in APART:
            self.parts.append(" ")
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not (self.open and self.open[-1][1]):
            self.parts.append(data)


def _read(html: str, hearing: bool) -> str:
    reader = _Reader(hearing)
    reader.feed(html)
    reader.close()
    return re.sub(r"\s+", " ", "".join(reader.parts)).strip()


def seen(html: str) -> str:
    return _read(html, hearing=False)


def heard(html: str) -> str:
    return _read(html, hearing=True)
