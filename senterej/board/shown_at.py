"""When a board was put in front of its learner: a signed stamp that a puzzle's or a task's page sends back
with the first step of a try, so that the time a try took counts from the moment its position was shown, not
from its first move. Drawing a page writes nothing: the stamp travels in the page's forms. A stamp that is not
the site's own counts as shown now, and no try counts longer than `LONGEST_TRY` (a page left open
overnight)."""

import time

from django.core import signing

SALT = "board.shown"
#: The longest a try is said to have taken, in seconds.
LONGEST_TRY = 30 * 60


def stamp(now: float | None = None) -> str:
    """The stamp of a page drawn now (or at `now`, a Unix time)."""
    return signing.Signer(salt=SALT).sign(str(int(time.time() if now is None else now)))


def began(value: object, now: float | None = None) -> float:
    """When the try that a page with this stamp begins began: when the page was drawn, at most `LONGEST_TRY`
    before `now`, and never after it."""
    now = time.time() if now is None else now
    try:
        shown = int(signing.Signer(salt=SALT).unsign(str(value)))
    except (signing.BadSignature, ValueError):
        return now
    return float(min(max(shown, now - LONGEST_TRY), now))


def seconds_since(start: object, now: float | None = None) -> int:
    """Whole seconds from `start` (a Unix time kept with a try) to `now`, within 0 and `LONGEST_TRY`."""
    now = time.time() if now is None else now
    if isinstance(start, bool) or not isinstance(start, int | float):
        return 0
    return int(min(max(now - start, 0), LONGEST_TRY))
