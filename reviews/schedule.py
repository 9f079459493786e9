"""The spaced schedule of reviews, in pure Python: a missed puzzle or task comes back after 10 minutes, then,
each time it is answered right when it is due, after a day, 3 days, a week and a month; after the last it is
learned and leaves the queue. A miss, at any time, starts it again from 10 minutes.

A right answer before the item is due changes nothing: the schedule measures what is remembered over time,
and an answer a minute after the last one (a retry, the solution still in mind) says nothing about that.
The first miss of an item makes its card (`first_miss`); a right answer of an item with no card makes none."""

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

#: How long an item waits before it comes back, by its step: after a miss, then after each right answer.
INTERVALS = (
    timedelta(minutes=10),
    timedelta(days=1),
    timedelta(days=3),
    timedelta(weeks=1),
    timedelta(days=30),
)


@dataclass(frozen=True)
class Card:
    """Where an item stands: its step (an index of `INTERVALS`), when it is due, the answers the schedule
    took since the card was made (`reviews`) and the misses, the first included, when it last took one, and
    when the item was learned (None while it is in the queue)."""

    step: int
    due: datetime
    reviews: int = 0
    misses: int = 1
    last_seen: datetime | None = None
    learned_at: datetime | None = None


def first_miss(now: datetime) -> Card:
    """The card a first miss makes: back in 10 minutes."""
    return Card(step=0, due=now + INTERVALS[0], last_seen=now)


def answered(card: Card, right: bool, now: datetime) -> Card:
    """The card after an answer at `now`: the same card when the answer changes nothing."""
    if not right:
        return replace(
            card,
            step=0,
            due=now + INTERVALS[0],
            reviews=card.reviews + 1,
            misses=card.misses + 1,
            last_seen=now,
            learned_at=None,
        )
    if card.learned_at is not None or card.due > now:
        return card
    step = card.step + 1
    if step == len(INTERVALS):
        return replace(card, step=step, reviews=card.reviews + 1, last_seen=now, learned_at=now)
    return replace(card, step=step, due=now + INTERVALS[step], reviews=card.reviews + 1, last_seen=now)
