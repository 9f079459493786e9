"""The page benchmark's URLconf: the site's own addresses and, beside them, a trivial view that every page is
measured against. Only `tools.bench_pages` uses it; the site never routes to the trivial view."""

from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.urls import URLPattern, URLResolver, path

from school.urls import urlpatterns as site_urlpatterns


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def trivial_signed_in(request: HttpRequest) -> HttpResponse:
    """The least a signed-in page does: find who is asking (the session's row and the user's). Refused to a
    visitor not signed in, so that a benchmark whose session is lost stops rather than measures less."""
    return HttpResponse("ok") if request.user.is_authenticated else HttpResponseForbidden()


urlpatterns: list[URLPattern | URLResolver] = [
    path("bench/trivial/", trivial),
    path("bench/trivial/signed-in/", trivial_signed_in),
    *site_urlpatterns,
]
