"""The frame of every page, drawn once and kept in this process: the pieces that depend on the language
alone (the links to the styles and scripts, the brand, the menu's button, the footer), the header's
navigation for each language and kind of visitor (a visitor, a signed-in account, a curator), and the
language switcher for each language and address. Drawn by the template language on every request, they were
most of the cost of a page; none of them shows anything of one person beyond those kinds.

A visitor's navigation is kept for each address too: its "Log in" and "Sign up" links lead back to the page
they are on (accounts/way_back.py).

No kept piece holds a CSRF token: each is drawn with a hole where the token goes, which every request
fills with its own. Pieces for an address (switchers, visitors' navigations) are kept for the last
ADDRESSES only, since anyone can ask for addresses without end (a query string)."""

from collections import OrderedDict
from threading import Lock
from typing import Any

from django import template
from django.conf import settings
from django.contrib.auth.models import User
from django.core.signals import setting_changed
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, translate_url
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from accounts import roles, way_back

register = template.Library()

#: Where a kept piece's CSRF token goes: no token looks like it (a token is 64 letters and digits).
CSRF_HOLE = "csrf-token-kept-out"
#: How many pieces for an address are kept.
ADDRESSES = 2000

_KEPT: "OrderedDict[tuple[object, ...], str]" = OrderedDict()
_LOCK = Lock()


def _token(context: template.Context) -> str:
    """The request's token (the same for every form of a page), or "NOTPROVIDED" without a request, when
    the {% csrf_token %} tag writes nothing."""
    return str(context.get("csrf_token", "NOTPROVIDED"))


def _kept(key: tuple[object, ...], draw: Any, token: str) -> SafeString:
    """The piece kept under `key` (with the language, script prefix and URLconf added), drawn by
    `draw(csrf_token)` the first time, with this request's token in its holes."""
    provided = token != "NOTPROVIDED"
    key = (*key, get_language(), get_script_prefix(), get_urlconf(), provided)
    with _LOCK:
        found = _KEPT.get(key)
        if found is not None:
            _KEPT.move_to_end(key)
    if found is None:
        found = str(draw(CSRF_HOLE if provided else token))
        with _LOCK:
            _KEPT[key] = found
            while len(_KEPT) > ADDRESSES:
                _KEPT.popitem(last=False)
    return mark_safe(found.replace(CSRF_HOLE, token) if provided else found)


@register.simple_tag(takes_context=True)
def site_piece(context: template.Context, name: str) -> SafeString:
    """A template of the frame that depends on the language alone, drawn without the page's context."""
    return _kept(
        ("piece", name), lambda token: render_to_string(name, {"csrf_token": token}).strip(), _token(context)
    )


@register.simple_tag(takes_context=True)
def site_nav(context: template.Context) -> SafeString:
    """The header's links: the rooms, then the curators' queue for a curator, and the account's pages and
    the log-out form for a signed-in account, or the log-in and sign-up links that lead back here."""
    user = context.get("user")
    request = context.get("request")
    signed_in = bool(user is not None and user.is_authenticated)
    curator = isinstance(user, User) and user.is_authenticated and roles.is_curator(user)
    back = way_back.from_here(request) if request is not None and not signed_in else ""

    def draw(token: str) -> str:
        context = {"signed_in": signed_in, "curator": curator, "back": back, "csrf_token": token}
        return render_to_string("_site_nav.html", context).strip()

    return _kept(("nav", signed_in, curator, back), draw, _token(context))


def language_choices(here: str) -> list[tuple[str, str, str]]:
    """(code, name, address) for each language. The addresses are made while the page's own language is
    active, because Django's set_language can only translate an address of the default language."""
    return [(code, name, translate_url(here, code)) for code, name in settings.LANGUAGES]


@register.simple_tag(takes_context=True)
def language_switcher(context: template.Context) -> SafeString:
    """The switcher: a button for each language, which sends the reader to this page in that language."""
    request = context.get("request")
    here = request.get_full_path() if request is not None else "/"

    def draw(token: str) -> str:
        context = {"choices": language_choices(here), "current": get_language(), "csrf_token": token}
        return render_to_string("_language_switcher.html", context)

    return _kept(("switcher", here), draw, _token(context))


def forget(**kwargs: object) -> None:
    """Settings changed (a test's languages, templates or addresses): every piece is drawn again."""
    with _LOCK:
        _KEPT.clear()


setting_changed.connect(forget)
