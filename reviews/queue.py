"""The day's queue of an account's reviews: what is due now, what comes later today (by the end of the day
in the site's TIME_ZONE), and what comes on the next days; items that no longer stand (`kinds`) are left
out.

A page that only tells the queue (how many are due, how many come later today, when the next comes) asks the
database for those figures in one aggregate query over the account's cards in the queue (the partial index
`review_user_due`), and reads no card; the queue's own page reads one page of cards, and the next review the
first card due. Whether an item stands is a condition of those queries (`kinds.standing`, an EXISTS on the
item's primary key for each card the range holds) rather than a flag kept on each card: the rooms retire a
puzzle or delete a task in many ways (the curators' pages, the admin's bulk actions, a report, a lesson
deleted with its tasks, a fixture loaded again), some of which send no signal, and a puzzle may be made
active again; a flag would have to follow every one of them, the condition is right by construction."""

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Count, Min, Q, QuerySet
from django.utils import timezone

from reviews import kinds
from reviews.models import Review


@dataclass(frozen=True)
class Queue:
    """The queue's figures at `now`: how many cards are due, how many come later today, when the next
    review not yet due comes (None when there is none), and how many cards the queue holds in all."""

    now: datetime
    count: int
    later_today: int
    next_due: datetime | None
    total: int

    @property
    def evening(self) -> datetime:
        return end_of_day(self.now)


def end_of_day(now: datetime) -> datetime:
    """The end of `now`'s day in the site's time zone."""
    zone = ZoneInfo(settings.TIME_ZONE)
    day = now.astimezone(zone).date() + timedelta(days=1)
    return datetime.combine(day, time(), tzinfo=zone)


def waiting(user: User) -> QuerySet[Review]:
    """The account's cards in the queue whose items stand, in the order they come, soonest first."""
    return _standing_cards().filter(user=user)


@cache
def _standing_cards() -> QuerySet[Review]:
    """The cards in a queue whose items stand, soonest first, for every account: built once (once the rooms
    have said what stands, when the apps are ready), since its subqueries cost more to build than the
    database takes to run them; each read filters a copy."""
    cards = Review.objects.filter(learned_at__isnull=True).filter(kinds.standing())
    return cards.order_by("due", "id")


def of(user: User, now: datetime | None = None) -> Queue:
    """The account's queue at `now`: its figures, read in one query."""
    now = now or timezone.now()
    figures = waiting(user).aggregate(
        count=Count("pk", filter=Q(due__lte=now)),
        later_today=Count("pk", filter=Q(due__gt=now, due__lt=end_of_day(now))),
        next_due=Min("due", filter=Q(due__gt=now)),
        total=Count("pk"),
    )
    return Queue(now=now, **figures)


def first(user: User, now: datetime | None = None) -> Review | None:
    """The card due first at `now` (None when none is due), the only one read."""
    return waiting(user).filter(due__lte=now or timezone.now()).first()
