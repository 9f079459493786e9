"""The page benchmark's URLconf: the site's own addresses and, beside them, a trivial view that every page is
measured against. Only `tools.bench_pages` uses it; the site never routes to the trivial view."""

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, path

from senterej.urls import urlpatterns as site_urlpatterns


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


urlpatterns: list[URLPattern | URLResolver] = [path("bench/trivial/", trivial), *site_urlpatterns]
