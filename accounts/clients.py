"""Who is asking: the client's address, for the log-in lock (django-axes calls `client_address`, see
AXES_CLIENT_IP_CALLABLE) and the site's throttles.

X-Forwarded-For is anyone's to write, so it is believed only behind the proxies that settings.TRUSTED_PROXIES
names: a number N of proxies in front of the site (each adds the address it was reached from, so the client
is the Nth address from the right), or the proxies' addresses and networks (the client is the rightmost
address that is not one of them, and only when the request came from one of them). Otherwise, and whenever
the header is missing or malformed, the client is REMOTE_ADDR."""

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(names: tuple[str, ...]) -> tuple[IPNetwork, ...]:
    return tuple(ipaddress.ip_network(name, strict=False) for name in names)


def _address(text: str) -> str | None:
    """The address in canonical form, or None for anything that is not one."""
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def _trusted(address: str, networks: tuple[IPNetwork, ...]) -> bool:
    ip = ipaddress.ip_address(address)
    return any(ip in network for network in networks)


def client_address(request: HttpRequest) -> str:
    remote = str(request.META.get("REMOTE_ADDR", ""))
    proxies: int | list[str] = getattr(settings, "TRUSTED_PROXIES", 0)
    header = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if not proxies or not header:
        return remote
    hops = [_address(item) for item in header.split(",")]
    if any(hop is None for hop in hops):
        return remote
    addresses = [hop for hop in hops if hop is not None]
    if isinstance(proxies, int):
        # REMOTE_ADDR is the last proxy; the other proxies added one address each after the client's.
        return addresses[-proxies] if len(addresses) >= proxies else remote
    networks = _networks(tuple(proxies))
    if _address(remote) is None or not _trusted(remote, networks):
        return remote
    for address in reversed(addresses):
        if not _trusted(address, networks):
            return address
    return addresses[0]
