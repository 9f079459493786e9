"""The requests that the views see, typed: django-htmx's middleware adds `request.htmx` to every one, and a
view behind `@login_required` (or the admin's login, or a curator's check) has a signed-in user."""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """For a view that only a signed-in user reaches; the type says so, nothing is checked at run time."""

    user: User


def signed_in(request: HttpRequest) -> User:
    """The user of a request that only a signed-in user reaches, for code whose signature is Django's
    (the admin's methods take an HttpRequest)."""
    assert isinstance(request.user, User)
    return request.user
