"""Finds user-facing text left out of translation: words written straight into a template's HTML (outside
`{% translate %}` and `{% blocktranslate %}`), and literal strings given to the Django calls that show text
to users (messages, form labels, validation errors, admin descriptions). The tests run it over the project,
so that a new English string cannot reach a Slovak page unnoticed."""

import ast
import functools
import gettext
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

# Words a page may show untranslated: names and notations that are the same in every language.
UNTRANSLATED = {"Senterej", "SAN", "FEN", "PGN", "CSV", "Glicko", "English", "Slovenčina", "werera"}
WORD = re.compile(r"\b[^\W\d_]{2,}\b")
# Attributes whose text the user reads or hears.
SPOKEN_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "aria-description", "aria-roledescription"}
# Elements whose text is notation (moves, FEN), the same in every language.
NOTATION = {"code", "kbd", "samp"}
# Holds the place of a template tag or variable, so that the HTML around it still parses.
HOLE = " "


@dataclass(frozen=True)
class Finding:
    path: Path
    line: int
    text: str
    problem: str = "is not marked for translation"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r} {self.problem}"


def has_words(text: str) -> bool:
    return any(word not in UNTRANSLATED for word in WORD.findall(text))


class _VisibleText(HTMLParser):
    """Collects the text a reader meets: element text outside scripts and styles, and spoken attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"} | NOTATION:
            self._hidden += 1
        values = dict(attrs)
        spoken = [value for name, value in attrs if name in SPOKEN_ATTRIBUTES]
        if tag == "input" and values.get("type") in {"submit", "button", "reset"}:
            spoken.append(values.get("value"))
        if tag == "meta" and values.get("name") == "description":
            spoken.append(values.get("content"))
        self.found.extend((self.getpos()[0], value) for value in spoken if value and has_words(value))

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"} | NOTATION:
            self._hidden = max(0, self._hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self._hidden and has_words(data):
            self.found.append((self.getpos()[0], data.strip()))


def template_findings(path: Path) -> Iterator[Finding]:
    """The words of one template that a reader sees untranslated."""
    source = path.read_text(encoding="utf-8")
    outside: list[str] = []
    translating = commenting = False
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0]
            if name in {"blocktranslate", "blocktrans"}:
                translating = True
            elif name in {"endblocktranslate", "endblocktrans"}:
                translating = False
            elif name == "comment":
                commenting = True
            elif name == "endcomment":
                commenting = False
        if token.token_type == TokenType.TEXT and not translating and not commenting:
            outside.append(token.contents)
        else:
            # Keep the line count, so that a finding points at the right line.
            outside.append(HOLE + "\n" * token.contents.count("\n"))
    if path.suffix == ".txt":
        text = "".join(outside)
        for number, line in enumerate(text.splitlines(), start=1):
            if has_words(line):
                yield Finding(path, number, line.strip())
        return
    parser = _VisibleText()
    parser.feed("".join(outside))
    parser.close()
    for number, found in parser.found:
        yield Finding(path, number, found)


# Calls whose literal string arguments reach the user: (function name, index of the text argument).
SHOWN_ARGUMENTS = {
    "error": 1,
    "success": 1,
    "info": 1,
    "warning": 1,
    "add_message": 2,
    "ValidationError": 0,
    "HttpResponseBadRequest": 0,
    "HttpResponseForbidden": 0,
    "HttpResponseNotFound": 0,
    "PermissionDenied": 0,
}
SHOWN_KEYWORDS = {"label", "help_text", "verbose_name", "verbose_name_plural", "empty_label"}
# The admin's `@admin.action(description=...)` and `@admin.display(description=...)`.
DESCRIBED = {"action", "display"}
TRANSLATORS = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy"}


def _literal_text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and has_words(node.value):
        return node.value
    if isinstance(node, ast.JoinedStr):
        text = "".join(
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
        return text if has_words(text) else None
    return None


def _called(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def python_findings(path: Path) -> Iterator[Finding]:
    """Literal strings handed to the calls that show text to users, and admin fieldset titles."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    yield from sorted(_shown_literals(path, tree), key=lambda finding: finding.line)


EAGER = {"gettext", "ngettext", "pgettext", "npgettext"}


def _eager_names(tree: ast.Module) -> set[str]:
    """The names under which a module imported Django's translating (not lazy) functions."""
    return {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation"
        for alias in node.names
        if alias.name in EAGER
    }


def _translated_at_import(node: ast.AST, eager: set[str]) -> Iterator[ast.Call]:
    """Calls of an eager translator outside any function: they run once, when the module is imported, in
    the default language, so every reader would get English."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id in eager:
            yield child
        yield from _translated_at_import(child, eager)


def _translated_in_f_strings(tree: ast.Module) -> Iterator[ast.Call]:
    """Translator calls inside an f-string: they translate when they run, but makemessages (xgettext) does
    not look inside f-strings, so the message never reaches the catalogue and every reader gets English."""
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and _called(inner) in TRANSLATORS:
                    yield inner


def _shown_literals(path: Path, tree: ast.Module) -> Iterator[Finding]:
    for call in _translated_at_import(tree, _eager_names(tree)):
        yield Finding(path, call.lineno, ast.unparse(call), "runs at import: use gettext_lazy")
    for call in _translated_in_f_strings(tree):
        yield Finding(path, call.lineno, ast.unparse(call), "inside an f-string: the catalogue misses it")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) not in TRANSLATORS:
            shown = []
            index = SHOWN_ARGUMENTS.get(_called(node))
            if index is not None and len(node.args) > index:
                shown.append(node.args[index])
            keywords = SHOWN_KEYWORDS | {"description"} if _called(node) in DESCRIBED else SHOWN_KEYWORDS
            shown += [keyword.value for keyword in node.keywords if keyword.arg in keywords]
            for argument in shown:
                text = _literal_text(argument)
                if text is not None:
                    yield Finding(path, argument.lineno, text)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id.lower().endswith("fieldsets")
            for target in node.targets
        ):
            for fieldset in getattr(node.value, "elts", []):
                title = fieldset.elts[0] if isinstance(fieldset, ast.Tuple) and fieldset.elts else None
                text = _literal_text(title) if title is not None else None
                if text is not None:
                    yield Finding(path, fieldset.lineno, text)


class _Catalogue(gettext.GNUTranslations):
    """The catalogue that GNUTranslations reads into, which typeshed leaves out: a message's translation by
    its msgid, or by (msgid, index) for a plural form's."""

    _catalog: dict[str | tuple[str, int], str]


def english_sentences(compiled: Path) -> list[str]:
    """The English messages of a compiled catalogue that have a translation of their own, without
    placeholders or markup, long enough not to hide inside another word: what must not be read on a page
    in the catalogue's language."""
    with compiled.open("rb") as source:
        catalogue = _Catalogue(source)._catalog
    sentences = set()
    for key, translated in catalogue.items():
        # A plural form's key is (msgid, index): the English plural is not in the file.
        msgid = key[0] if isinstance(key, tuple) else key
        english = msgid.split("\x04")[-1]  # drop a context
        # A single lower-case word is a field name or a role, easily met as data (a username "teacher").
        data_like = english.islower() and " " not in english
        if len(english) >= 6 and english != translated and not data_like and not set("%<{") & set(english):
            sentences.add(english)
    return sorted(sentences)


def english_left(text: str, sentences: list[str]) -> list[str]:
    """The sentences that occur in `text` as whole words."""
    return sorted(set(_pattern(tuple(sentences)).findall(text)))


@functools.cache
def _pattern(sentences: tuple[str, ...]) -> re.Pattern[str]:
    longest_first = sorted(sentences, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, longest_first)) + r")(?!\w)")


def visible_text(html: str) -> str:
    """What a reader of a page sees or hears: its words and spoken attributes, one piece a line."""
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
    return "\n".join(text for _line, text in parser.found)
