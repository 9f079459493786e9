"""Reviewing, as the pages above see it. The queue's pages are the project's (`school/views/reviews.py`,
named "reviews:queue" and "reviews:next"); a puzzle reviewed carries it in its try (the trainer's focus), and
a course task, which has no token, in the session's mark: the task the queue sent the session to last, until
it is tried again from its own page."""

from django.contrib.sessions.backends.base import SessionBase
from django.urls import reverse

SESSION_KEY = "reviews"


def next_url() -> str:
    """The way to the next review due (or back to the queue when none is)."""
    return reverse("reviews:next")


def queue_url() -> str:
    return reverse("reviews:queue")


def mark(session: SessionBase, kind: str, item: int) -> None:
    session[SESSION_KEY] = {"kind": kind, "item": item}


def marked(session: SessionBase, kind: str, item: int) -> bool:
    """Whether the session reviews this item (read only: nothing written)."""
    return session.get(SESSION_KEY) == {"kind": kind, "item": item}


def unmark(session: SessionBase) -> None:
    if SESSION_KEY in session:
        del session[SESSION_KEY]
