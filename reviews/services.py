"""Answers taken by the schedule: the rooms that record a try (the trainer's attempts, the course's task
tries) call `answered` inside their own transaction, with whether the try was right. Only accounts have
reviews."""

from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from reviews import schedule
from reviews.models import Review


def answered(user: User, kind: str, item: int, *, right: bool, now: datetime | None = None) -> Review | None:
    """Takes an answer of an item into its card (its row locked): a first miss makes the card, a right
    answer of an item with no card makes none (None then)."""
    now = now or timezone.now()
    with transaction.atomic():
        row = Review.objects.select_for_update().filter(user=user, kind=kind, item=item).first()
        if row is None:
            return None if right else _made(user, kind, item, now)
        card = schedule.answered(row.card, right, now)
        if card != row.card:
            row.take(card)
            row.save()
        return row


def _made(user: User, kind: str, item: int, now: datetime) -> Review:
    """The card of a first miss; if another request made it first, this miss is taken into that one."""
    row = Review(user=user, kind=kind, item=item)
    row.take(schedule.first_miss(now))
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        return answered(user, kind, item, right=False, now=now) or row
    return row
