"""Pages for one account are never stored by a browser's back-forward cache, a proxy or a shared computer's
disk: every answer to a signed-in request that did not choose its own caching says `private, no-store`.

One middleware rather than a decorator per view: every page a signed-in person sees shows something of theirs
(their name in the header, their classes, ratings, progress, the CSV of their class, the curators' queue), and
a page added later is covered without anyone remembering to mark it. Answers that set Cache-Control
themselves (the admin's never_cache, static files) keep theirs."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


class PrivatePagesMiddleware:
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
