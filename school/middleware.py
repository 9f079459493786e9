"""The site's own middleware, in the order settings.MIDDLEWARE runs them: the reader's language remembered,
private pages kept out of caches, and input no page could use refused before any view sees it."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import get_script_prefix, is_valid_path
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language_from_path, get_language_from_request, override


class PreferredLanguageMiddleware:
    """The reader's language, remembered. English pages live at /…, Slovak ones at /sk/…; a reader who chose
    Slovak (the language cookie set by the switcher) or whose browser asks for it first, and who opens an
    address without a language, is sent to the Slovak address of the same page. Only reads are redirected:
    a form or an htmx request always goes where its page sent it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.redirect(request) or self.get_response(request)

    @staticmethod
    def redirect(request: HttpRequest) -> HttpResponse | None:
        if request.method not in ("GET", "HEAD") or request.headers.get("HX-Request"):
            return None
        if get_language_from_path(request.path_info):
            return None
        preferred = get_language_from_request(request)
        if preferred == settings.LANGUAGE_CODE:
            return None
        with override(preferred):
            if not is_valid_path(f"/{preferred}{request.path_info}", getattr(request, "urlconf", None)):
                return None
        prefix = get_script_prefix()
        address = request.get_full_path().replace(prefix, f"{prefix}{preferred}/", 1)
        response = HttpResponseRedirect(address)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response


class PrivatePagesMiddleware:
    """Pages for one account are never stored by a browser's back-forward cache, a proxy or a shared
    computer's disk: every answer to a signed-in request that did not choose its own caching says
    `private, no-store`.

    One middleware rather than a decorator per view: every page a signed-in person sees shows something of
    theirs (their name in the header, their classes, ratings, progress, the CSV of their class, the curators'
    queue), and a page added later is covered without anyone remembering to mark it. Answers that set
    Cache-Control themselves (the admin's never_cache, static files) keep theirs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.has_header("Cache-Control"):
            return response  # without asking who is signed in, which would read the session and vary on it
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response


NUL = "\x00"


def _holds_nul(data: QueryDict) -> bool:
    return any(NUL in key or any(NUL in value for value in values) for key, values in data.lists())


class RefuseNulMiddleware:
    """Input no page could use, refused before any view sees it. A NUL byte in an address, a query or a form
    field is one: PostgreSQL refuses it in text, and no name, move or code holds one. The answer is 400 with a
    page that says so, and nothing is changed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path or _holds_nul(request.GET) or _holds_nul(request.POST):
            return render(request, "400.html", {"holds_nul": True}, status=400)
        return self.get_response(request)
