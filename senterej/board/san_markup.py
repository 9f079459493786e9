"""Moves as the site shows them to people: SAN (R9.3) with every piece letter drawn as the site's own image
of the man, in the mover's colour (figurine notation), and said in words for screen readers ("fers takes
d7, check"). R1.2: the letters are a notation convention only, and the site names the men fers, fil, der
and feres; those names share their first letters, so no language's letters would do.

Records for interchange (`senterej.engine.record`) keep the letters; this is for pages only. A move is drawn
once per language, colour and SAN, and kept: a game's list of moves costs a lookup per move."""

import re
from functools import lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.templatetags.static import static
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from senterej.board.explain import NAMES
from senterej.board.sides import Side
from senterej.engine.pieces import KIND_OF_LETTER
from senterej.engine.pieces import NAMES as PIECE_NAMES

_SAN = re.compile(
    r"""^(?:(?P<castle>O-O)
        | (?P<piece>[KQRBN])? (?P<origin>[a-h]?[1-8]?) (?P<capture>x)? (?P<to>[a-h][1-8])
          (?:=(?P<promotion>[QRBN]))?
    )(?P<check>[+\#])?$""",
    re.VERBOSE,
)


def move_html(text: str, colour: int, dropped: bool = False) -> SafeString:
    """A move in SAN as the pages show it: each piece letter the man's image, the whole said in words. A
    werera choice that was dropped (R5.3-R5.5) is struck through and said to be dropped."""
    return _drawn(get_language(), _sprite(), text, colour, dropped)


def waiting_html() -> SafeString:
    """A werera choice to wait (R5.1), where a move would stand."""
    words = escape(gettext("waits"))
    return mark_safe(
        f'<span class="san san--wait"><span class="sr-only">{words}</span>'
        '<span aria-hidden="true">\u2014</span></span>'
    )


def move_words(text: str) -> str:
    """A move in SAN in words, for text that cannot hold images: "der to d1", "medeq e takes d5"."""
    match = _SAN.match(text)
    if match is None:
        return text
    if match["castle"]:
        words = gettext("castling")
    else:
        man = [str(NAMES[KIND_OF_LETTER[match["piece"] or "P"]])]
        if match["origin"]:
            man.append(match["origin"])
        values = {"man": " ".join(man), "square": match["to"]}
        words = (
            gettext("%(man)s takes %(square)s") if match["capture"] else gettext("%(man)s to %(square)s")
        ) % values
        if match["promotion"]:
            promoted = NAMES[KIND_OF_LETTER[match["promotion"]]]
            words = gettext("%(move)s, promotes to %(man)s") % {"move": words, "man": promoted}
    if match["check"] == "+":
        words = gettext("%(move)s, check") % {"move": words}
    elif match["check"] == "#":
        words = gettext("%(move)s, mate") % {"move": words}
    return words


def sentence(template: str, **values: Any) -> SafeString:
    """A translated sentence with its values put in: words escaped, moves (already drawn) kept as drawn."""
    return mark_safe(escape(template) % {name: conditional_escape(value) for name, value in values.items()})


@lru_cache(maxsize=1)
def _sprite() -> str:
    """The images' address, looked up once: the static files' manifest costs more than drawing a move."""
    return escape(static("board/pieces.svg"))


@lru_cache(maxsize=8192)
def _drawn(language: str | None, sprite: str, text: str, colour: int, dropped: bool) -> SafeString:
    """`language` keys the words (said in it), `sprite` the images' address (settings may change it)."""
    match = _SAN.match(text)
    if match is None:
        return mark_safe(f'<span class="san">{escape(text)}</span>')
    words = move_words(text)
    if dropped:
        words = gettext("%(move)s, dropped") % {"move": words}
    shown: str = escape(text)  # castling: no piece letter to draw
    if not match["castle"]:
        side = Side.of(colour).value
        shown = (
            (_figure(sprite, side, match["piece"]) if match["piece"] else "")
            + match["origin"]
            + (match["capture"] or "")
            + match["to"]
            + ("=" + _figure(sprite, side, match["promotion"]) if match["promotion"] else "")
            + (match["check"] or "")
        )
    tag = "del" if dropped else "span"
    kind = " san--dropped" if dropped else ""
    return mark_safe(
        f'<span class="san{kind}"><span class="sr-only">{escape(words)}</span>'
        f'<{tag} aria-hidden="true">{shown}</{tag}></span>'
    )


def _figure(sprite: str, side: str, letter: str) -> str:
    """The image of the man a SAN letter stands for; the words are said beside it."""
    name = PIECE_NAMES[KIND_OF_LETTER[letter]]
    return f'<svg class="piece piece--{side} figurine"><use href="{sprite}#{name}"></use></svg>'


def _forget(**kwargs: Any) -> None:
    """Settings changed (a test's languages, catalogues or static files): the moves are drawn again."""
    _sprite.cache_clear()
    _drawn.cache_clear()


setting_changed.connect(_forget)
