"""The site's addresses and one more whose view fails, for the test that a 500 is logged."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from school.urls import urlpatterns as site_urlpatterns


class Boom(Exception):
    pass


def failing(request: HttpRequest) -> HttpResponse:
    raise Boom("the view broke on purpose")


urlpatterns = [path("boom/", failing), *site_urlpatterns]
