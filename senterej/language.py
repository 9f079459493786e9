"""The reader's language, remembered. English pages live at /…, Slovak ones at /sk/…; a reader who chose
Slovak (the language cookie set by the switcher) or whose browser asks for it first, and who opens an
address without a language, is sent to the Slovak address of the same page. Only reads are redirected:
a form or an htmx request always goes where its page sent it."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import get_script_prefix, is_valid_path
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language_from_path, get_language_from_request, override


class PreferredLanguageMiddleware:
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
