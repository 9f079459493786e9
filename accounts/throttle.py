"""Throttles for what costs someone else something: a password-reset mail (the inbox of whoever owns the
address), a puzzle report (the curators' time), the engine's work (an evaluation, a game against a bot: the
task workers everyone shares). Each request is counted per client address and per account (or per visitor:
the account, else the session a visitor already has) in the cache, in fixed windows; one over the limit is
refused with 429 and changes nothing. The limits per address are wide, since a whole school may share one.

The counters live in the cache named "throttle", which every process of the site shares (the database, or
Redis with the RQ backend, `school.env.caches`): a visitor counts the same whichever web worker answers."""

import hashlib
import math
import time
from dataclasses import dataclass

from django.core.cache import caches
from django.http import HttpRequest

from accounts.clients import client_address


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int

    @property
    def minutes(self) -> int:
        return math.ceil(self.seconds / 60)


def _key(scope: str, who: str, rate: Rate) -> str:
    window = int(time.time() // rate.seconds)
    digest = hashlib.sha256(who.encode()).hexdigest()[:32]
    return f"throttle:{scope}:{digest}:{window}"


def _take(scope: str, who: str, rate: Rate) -> bool:
    key = _key(scope, who, rate)
    cache = caches["throttle"]
    cache.add(key, 0, timeout=rate.seconds)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=rate.seconds)
        count = 1
    return count <= rate.count


def allow(scope: str, *, address: str, account: str | None, per_address: Rate, per_account: Rate) -> bool:
    """Counts one request of `scope` from `address` for `account` (None: no account); False when either
    has used up its rate in the current window."""
    by_address = _take(f"{scope}:address", address, per_address)
    by_account = account is None or _take(f"{scope}:account", account, per_account)
    return by_address and by_account


def visitor(request: HttpRequest) -> str | None:
    """Who asks, beyond their address: the account, or else the session a visitor already has (none is made
    for this); None for a visitor with neither, who is counted by address alone."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"account:{user.pk}"
    session = getattr(request, "session", None)
    key = session.session_key if session is not None else None
    return f"session:{key}" if key else None


def allow_visitor(scope: str, request: HttpRequest, *, per_address: Rate, per_visitor: Rate) -> bool:
    """`allow` for the request's address and visitor: one request of `scope` counted against both."""
    return allow(
        scope,
        address=client_address(request),
        account=visitor(request),
        per_address=per_address,
        per_account=per_visitor,
    )
