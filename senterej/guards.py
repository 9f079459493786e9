"""Input no page could use, refused before any view sees it. A NUL byte in an address, a query or a form
field is one: PostgreSQL refuses it in text, and no name, move or code holds one. The answer is 400 with a
page that says so, and nothing is changed."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render

NUL = "\x00"


def _holds_nul(data: QueryDict) -> bool:
    return any(NUL in key or any(NUL in value for value in values) for key, values in data.lists())


class RefuseNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path or _holds_nul(request.GET) or _holds_nul(request.POST):
            return render(request, "400.html", status=400)
        return self.get_response(request)
