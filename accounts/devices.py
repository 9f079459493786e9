"""The log-in lock by account and device, for django-axes (see settings: AXES_USERNAME_CALLABLE,
AXES_FAILURE_LIMIT). In a school every pupil reaches the site from one address, so a lock by username and
address would let one pupil's wrong passwords lock a classmate out. Instead the log-in page gives each
browser a long-lived, signed, random device cookie, and axes counts failures under the username and that
device: five wrong passwords typed on one device pause that account on that device only.

Guessing from many devices (or a script that drops the cookie, whose failures count under the username and
its address) is bounded by a ceiling for the account as a whole: once its failures from all devices within
the cool-off reach ACCOUNT_CEILING, every device waits but those the account has logged in on before (its
owner's: a guesser cannot lock the owner out). The ceiling is high, so that no pupil reaches it by
mistyping, and it lifts with the cool-off (or when a teacher gives the account a new password)."""

import re
import secrets
from datetime import timedelta

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Model, Q, Sum
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone

from accounts.clients import client_address

COOKIE = "senterej_device"
SALT = "accounts.devices"
AGE = 2 * 365 * 24 * 60 * 60
DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{22}")
#: Wrong passwords for one account on one device before that device waits.
DEVICE_LIMIT = 5
#: Wrong passwords for one account from all devices together before every device waits.
ACCOUNT_CEILING = 50
#: The signed cookie that names the accounts that have logged in on a browser, and how many it keeps (a
#: classroom's shared computer remembers its latest).
KNOWN, KNOWN_SALT, KNOWN_KEPT = "senterej_accounts", "accounts.devices.known", 40
ACCOUNT_KEY = re.compile(r"[0-9]{1,18}")
#: What a lock name keeps of the username typed (axes keeps 255 characters).
USERNAME_KEPT = 200
ON_DEVICE, AT_ADDRESS = " #", " @"


def _attempts() -> type[Model]:
    """axes' record of failed log-ins, looked up by name: axes ships no types."""
    return apps.get_model("axes", "AccessAttempt")


def device_of(request: HttpRequest) -> str:
    """The browser's device id from its signed cookie, or "" when it has none (or a forged one)."""
    value = request.get_signed_cookie(COOKIE, default="", salt=SALT, max_age=AGE) or ""
    return value if DEVICE_ID.fullmatch(value) else ""


def give_device(request: HttpRequest, response: HttpResponseBase) -> None:
    """Sets the device cookie on the response when the browser has none yet."""
    if not device_of(request):
        response.set_signed_cookie(
            COOKIE,
            secrets.token_urlsafe(16),
            salt=SALT,
            max_age=AGE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )


def _username(request: HttpRequest, credentials: dict[str, object] | None) -> str:
    typed = (credentials or {}).get("username")
    if typed is None:
        typed = request.POST.get("username", "")
    return str(typed).strip().lower()[:USERNAME_KEPT]


def _account_prefixes(username: str) -> tuple[str, str]:
    return username + ON_DEVICE, username + AT_ADDRESS


def lock_name(request: HttpRequest, credentials: dict[str, object] | None = None) -> str:
    """What axes counts failures under: the username (in lower case) and the device, or, from a client
    without a device cookie, the username and the client's address."""
    username = _username(request, credentials)
    device = device_of(request)
    if device:
        return username + ON_DEVICE + device
    return username + AT_ADDRESS + client_address(request)


def _cool_off() -> timedelta:
    cool_off = settings.AXES_COOLOFF_TIME
    assert isinstance(cool_off, timedelta)
    return cool_off


def account_failures(username: str) -> int:
    """The account's failed log-ins within the cool-off, from every device and address together."""
    on_device, at_address = _account_prefixes(username.strip().lower()[:USERNAME_KEPT])
    since = timezone.now() - _cool_off()
    attempts = _attempts()._default_manager.filter(
        Q(username__startswith=on_device) | Q(username__startswith=at_address), attempt_time__gte=since
    )
    return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)


def known_accounts(request: HttpRequest) -> list[int]:
    """The accounts that have logged in on this browser, the latest first, from their signed cookie."""
    value = request.get_signed_cookie(KNOWN, default="", salt=KNOWN_SALT, max_age=AGE) or ""
    return [int(word) for word in value.split(".") if ACCOUNT_KEY.fullmatch(word)][:KNOWN_KEPT]


def remember_account(request: HttpRequest, response: HttpResponseBase, user_id: int) -> None:
    """Notes on the browser that this account has logged in on it (devices.known_device)."""
    kept = [user_id, *(pk for pk in known_accounts(request) if pk != user_id)][:KNOWN_KEPT]
    response.set_signed_cookie(
        KNOWN,
        ".".join(str(pk) for pk in kept),
        salt=KNOWN_SALT,
        max_age=AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def known_device(request: HttpRequest, username: str) -> bool:
    """Whether the account has logged in on this browser before: only its owner, or someone they let in,
    can have made it so, since the note is signed by the site."""
    known = known_accounts(request)
    if not known:
        return False
    return get_user_model()._default_manager.filter(pk__in=known, username__iexact=username).exists()


def account_paused(request: HttpRequest, credentials: dict[str, object] | None = None) -> bool:
    """Whether the account's ceiling pauses it on this device: it does on every device but those the account
    has logged in on before, so that no one guessing from elsewhere can lock its owner out."""
    username = _username(request, credentials)
    return account_failures(username) >= ACCOUNT_CEILING and not known_device(request, username)


def failure_limit(request: HttpRequest, credentials: dict[str, object] | None = None) -> int:
    """axes' limit for this device: DEVICE_LIMIT, or none left once the account as a whole has reached
    its ceiling (axes locks when the failures counted reach the limit, and no failures reach zero)."""
    return 0 if account_paused(request, credentials) else DEVICE_LIMIT


def forget_failures(username: str) -> None:
    """Clears the account's failed log-ins on every device, e.g. when a teacher gives it a new password."""
    on_device, at_address = _account_prefixes(username.strip().lower()[:USERNAME_KEPT])
    _attempts()._default_manager.filter(
        Q(username__startswith=on_device) | Q(username__startswith=at_address)
    ).delete()
