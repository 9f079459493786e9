"""Template tags of the classes pages, among them `{% kept %}`: a block drawn once for its keys and the
language and kept in this process, for the parts of a page that every request of it draws alike (the class
page's words, links and blank forms were most of its drawing). A kept block shows nothing but its keys, the
language's words and the site's addresses; its CSRF token is a hole that each request fills with its own, as
the page frame's pieces do (school.frame)."""

from collections import OrderedDict
from threading import Lock
from typing import Any

from django import template
from django.core.signals import setting_changed
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.urls import get_script_prefix, get_urlconf
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from classes import assignment_words, table_markup
from classes.models import Assignment
from classes.results import Answer, ItemResult

register = template.Library()

#: Where a kept block's CSRF token goes: no token looks like it (a token is 64 letters and digits).
CSRF_HOLE = "csrf-token-kept-out"
#: How many blocks are kept: a few for each class and language, the least recently drawn dropped first.
KEPT_MOST = 2000

_KEPT: "OrderedDict[tuple[object, ...], str]" = OrderedDict()
_LOCK = Lock()


class KeptNode(template.Node):
    def __init__(self, nodelist: NodeList, keys: list[FilterExpression]) -> None:
        self.nodelist, self.keys = nodelist, keys

    def render(self, context: template.Context) -> SafeString:
        token = str(context.get("csrf_token", "NOTPROVIDED"))
        provided = token != "NOTPROVIDED"
        key = (
            *(key.resolve(context) for key in self.keys),
            get_language(),
            get_script_prefix(),
            get_urlconf(),
            provided,
        )
        with _LOCK:
            found = _KEPT.get(key)
            if found is not None:
                _KEPT.move_to_end(key)
        if found is None:
            with context.push(csrf_token=CSRF_HOLE if provided else token):
                found = self.nodelist.render(context)
            with _LOCK:
                _KEPT[key] = found
                while len(_KEPT) > KEPT_MOST:
                    _KEPT.popitem(last=False)
        return mark_safe(found.replace(CSRF_HOLE, token) if provided else found)  # drawn by the template


@register.tag
def kept(parser: Parser, token: Token) -> KeptNode:
    """{% kept "name" key … %}…{% endkept %}: the block, kept under its name and keys (and the language, the
    script's prefix and the addresses' URLconf); each key a value the block shows or depends on."""
    keys = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    if not keys:
        raise template.TemplateSyntaxError("{% kept %} needs a name and the keys of what it shows.")
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    return KeptNode(nodelist, keys)


def _forget(**kwargs: Any) -> None:
    """Settings changed (a test's languages, templates or addresses): every block is drawn again."""
    with _LOCK:
        _KEPT.clear()


setting_changed.connect(_forget)


@register.simple_tag
def assignment_title(assignment: Assignment) -> str:
    return assignment_words.assignment_title(assignment)


@register.simple_tag
def answer_cells(answer: Answer, item: ItemResult) -> SafeString:
    return table_markup.answer_cells(answer, item.is_task)


@register.simple_tag
def answer_rows(item: ItemResult) -> SafeString:
    return table_markup.draw_answers(item)
