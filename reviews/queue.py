"""The day's queue of an account's reviews: what is due now, what comes later today (by the end of the day
in the site's TIME_ZONE), and what comes on the next days; items that no longer stand (`kinds`) are left
out. It reads the account's cards in the queue once, and each kind's standing once."""

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from reviews import kinds
from reviews.models import Review


@dataclass(frozen=True)
class Queue:
    now: datetime
    due: tuple[Review, ...]
    later_today: tuple[Review, ...]
    coming: tuple[Review, ...]

    @property
    def count(self) -> int:
        return len(self.due)

    @property
    def next_due(self) -> datetime | None:
        """When the next review not yet due comes (None when there is none)."""
        later = self.later_today or self.coming
        return later[0].due if later else None

    @property
    def first(self) -> Review | None:
        return self.due[0] if self.due else None


def end_of_day(now: datetime) -> datetime:
    """The end of `now`'s day in the site's time zone."""
    zone = ZoneInfo(settings.TIME_ZONE)
    day = now.astimezone(zone).date() + timedelta(days=1)
    return datetime.combine(day, time(), tzinfo=zone)


def of(user: User, now: datetime | None = None) -> Queue:
    """The account's queue at `now`, each part in the order the items come, soonest first."""
    now = now or timezone.now()
    cards = list(Review.objects.filter(user=user, learned_at__isnull=True).order_by("due", "id"))
    standing = {
        kind: kinds.standing(kind, [card.item for card in cards if card.kind == kind])
        for kind in {card.kind for card in cards}
    }
    cards = [card for card in cards if card.item in standing[card.kind]]
    evening = end_of_day(now)
    return Queue(
        now=now,
        due=tuple(card for card in cards if card.due <= now),
        later_today=tuple(card for card in cards if now < card.due < evening),
        coming=tuple(card for card in cards if card.due >= evening),
    )
