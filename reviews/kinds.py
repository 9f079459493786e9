"""Which reviewed items still stand: this room knows no puzzle and no task, so the rooms that own them say,
from their app configs, which rows of theirs are still there to review (the active puzzles, the tasks not
deleted), as a queryset whose primary key is a card's item. An item that no longer stands is skipped and not
counted; its card stays, should it come back.

`standing()` turns what the rooms said into one condition on the cards, which the database checks with the
rest of a query (an EXISTS on the item's primary key, a kind at a time): the queue counts and pages its cards
without reading them into Python first."""

from collections.abc import Callable
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

#: The rows of a kind's items that can be reviewed, their primary keys being the cards' items.
Standing = Callable[[], QuerySet[Any]]

_STANDING: dict[str, Standing] = {}


def register(kind: str, standing: Standing) -> None:
    _STANDING[kind] = standing


def standing() -> Q:
    """The condition on `Review` rows that their items stand (never for a kind that no room registered)."""
    condition = Q(pk__in=[])
    for kind, rows in _STANDING.items():
        condition |= Q(kind=kind) & Q(Exists(rows().filter(pk=OuterRef("item"))))
    return condition
