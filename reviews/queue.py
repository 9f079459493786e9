"""The day's queue of an account's reviews: what is due now, what comes later today (by the end of the day
in the site's TIME_ZONE), and what comes on the next days; items that no longer stand (`kinds`) are left
out.

A page that only tells the queue (how many are due, how many come later today, when the next comes) asks the
database for those figures in one aggregate query over the account's cards in the queue (the partial index
`review_queue`, which holds all it reads of a card), and reads no card; the queue's own page reads one page
of cards, and the next review the first card due. Whether an item stands is a condition of those queries
(`kinds.standing`, an EXISTS on the item's primary key for each card the range holds) rather than a flag
kept on each card: the rooms retire a puzzle or delete a task in many ways (the curators' pages, the admin's
bulk actions, a report, a lesson deleted with its tasks, a fixture loaded again), some of which send no
signal, and a puzzle may be made active again; a flag would have to follow every one of them, the condition
is right by construction."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import QuerySet
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


@cache
def in_queue() -> tuple[str, tuple[Any, ...]]:
    """The condition that a card is in its account's queue and its item stands, as SQL on the cards' table
    (named, not aliased) with its parameters, for the statements written out: the ORM compiles it once."""
    query = _standing_cards().query
    condition, params = query.get_compiler(connection=connection).compile(query.where)
    return condition, tuple(params)


@cache
def _figures() -> str:
    """The statement of an account's figures; its parameters are the moment (four times), the end of its
    day and the account, then those of `in_queue`."""
    table = connection.ops.quote_name(Review._meta.db_table)
    due = f"{table}.{connection.ops.quote_name('due')}"
    return (
        f"SELECT COUNT(CASE WHEN {due} <= %s THEN 1 END),"
        f" COUNT(CASE WHEN {due} > %s AND {due} < %s THEN 1 END),"
        f" MIN(CASE WHEN {due} > %s THEN {due} END), COUNT(*)"
        f" FROM {table} WHERE {table}.{connection.ops.quote_name('user_id')} = %s AND {in_queue()[0]}"
    )


@cache
def due_from_db() -> Callable[[Any], datetime]:
    """What makes a card's due moment as the database gives it the ORM's (aware, on SQLite): the
    converters the ORM's compiler applies to the field."""
    column = Review._meta.get_field("due").get_col(Review._meta.db_table)
    converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)

    def convert(value: Any) -> datetime:
        for converter in converters:
            value = converter(value, column, connection)
        due: datetime = value
        return due

    return convert


def moment(value: datetime) -> Any:
    """A moment as a statement's parameter, as the ORM passes it to the database."""
    return connection.ops.adapt_datetimefield_value(value)


def of(user: User, now: datetime | None = None) -> Queue:
    """The account's queue at `now`: its figures, read in one statement of SQL (`_figures`): built by the
    ORM, the aggregate cost several times what the database takes to answer it, on every page that tells
    the queue."""
    now = now or timezone.now()
    at, evening = moment(now), moment(end_of_day(now))
    with connection.cursor() as cursor:
        cursor.execute(_figures(), (at, at, evening, at, user.pk, *in_queue()[1]))
        count, later_today, next_due, total = cursor.fetchone()
    return Queue(now, count, later_today, None if next_due is None else due_from_db()(next_due), total)


def first(user: User, now: datetime | None = None) -> Review | None:
    """The card due first at `now` (None when none is due), the only one read."""
    return waiting(user).filter(due__lte=now or timezone.now()).first()
