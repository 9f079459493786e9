"""The way back after logging in or signing up: every "Log in" and "Sign up" link carries the page it was
on as `next`, the forms keep it, and after success the person lands there again. Only a path of this site
is ever followed: anything else (another site, `//elsewhere`, a scheme, a view's name, an address too long
for any page of ours) is ignored, and the person lands on the home page, as after a log-in without one."""

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

#: No page of the site has a longer address; a longer `next` is ignored.
LONGEST = 1000
#: The pages of the way in: their own links carry the `next` they were opened with, never their own address
#: (a log-in link on the log-in page would lead back to it, and a reset link's address holds its token).
WAY_IN = frozenset(
    {
        "login",
        "signup",
        "password_reset",
        "password_reset_done",
        "password_reset_confirm",
        "password_reset_complete",
    }
)


def safe_path(url: str, request: HttpRequest) -> str:
    """`url` if it is a path of this site, else "". A path names no host, so none is allowed: the request's
    own is never read, and a page drawn for a forged `Host` (the 400 page) draws its links all the same."""
    if not url.startswith("/") or len(url) > LONGEST:
        return ""
    allowed = url_has_allowed_host_and_scheme(url, allowed_hosts=set(), require_https=request.is_secure())
    return url if allowed else ""


def asked(request: HttpRequest) -> str:
    """The `next` a form or a link brought (a form's first), if it is a path of this site, else ""."""
    return safe_path(request.POST.get("next") or request.GET.get("next") or "", request)


def from_here(request: HttpRequest) -> str:
    """What this page's "Log in" and "Sign up" links carry: its own address, or on a page of the way in the
    `next` it was opened with ("" when there is none to carry)."""
    match = request.resolver_match
    if match is not None and match.url_name in WAY_IN:
        return asked(request)
    return safe_path(request.get_full_path(), request)
