"""How many games against the bots one visitor may start: each one's replies take the bots' workers, which
every player shares, so twenty games started at once by one visitor would make everyone else's bot late. A
visitor (the account, or the session) may start ten in ten minutes; an address, which a whole school may
share, three hundred. A game on one device or online costs the bots nothing and is not counted."""

from django.http import HttpRequest
from django.utils.translation import ngettext

from accounts import throttle

PER_VISITOR = throttle.Rate(count=10, seconds=10 * 60)
PER_ADDRESS = throttle.Rate(count=300, seconds=10 * 60)


def allowed(request: HttpRequest) -> bool:
    """Counts one bot game started by the request's visitor; False past either limit."""
    return throttle.allow_visitor("bot-game", request, per_address=PER_ADDRESS, per_visitor=PER_VISITOR)


def refusal() -> str:
    minutes = PER_VISITOR.minutes
    return ngettext(
        "You have started many games against the bots in a short time, so this one was not started. "
        "Try again in a minute.",
        "You have started many games against the bots in a short time, so this one was not started. "
        "Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}
