"""An account's review cards made in bulk, for the tests that pin what the reviews cost a page: a light
history (3 cards) and a heavy one (2,000), each card of a puzzle of its own (made in bulk too), by turns due
now, later today and on the next days, then learned."""

from datetime import datetime, timedelta

from django.contrib.auth.models import User

from reviews.models import Review
from testing.factories import PuzzleFactory
from trainer.models import Puzzle

LIGHT = 3
HEAVY = 2000


def cards(user: User, now: datetime, count: int) -> list[Review]:
    """`count` cards of the user's, by turns: due before `now` (the first card, due soonest of all, at `now`
    less `count` minutes plus a second), due within 11 minutes after it (later today, when `now` is early
    enough in the day), due on the next days, and learned."""
    model = PuzzleFactory.build()
    puzzles = Puzzle.objects.bulk_create(
        Puzzle(fen=model.fen, moves=model.moves, themes=model.themes, rounds=model.rounds)
        for _ in range(count)
    )
    made = []
    for number, puzzle in enumerate(puzzles):
        part, seconds = number % 4, number // 4 + 1
        due = {
            0: now - timedelta(minutes=count) + timedelta(seconds=seconds),
            1: now + timedelta(seconds=seconds % 600 + 1),
            2: now + timedelta(days=1, seconds=seconds),
            3: now - timedelta(days=1),
        }[part]
        learned = now - timedelta(hours=1) if part == 3 else None
        made.append(Review(user=user, kind="puzzle", item=puzzle.pk, step=1, due=due, learned_at=learned))
    return Review.objects.bulk_create(made)
