"""Choosing the next puzzle: unseen, active, near the player's rating plus a difficulty offset, optionally
of one theme, never the one just played. Each look is an index range scan with a small limit (the
(active, rating) index, or (theme, active, rating) for a theme), so the choice stays fast with a hundred
thousand puzzles and a million attempts; the window widens when nothing fits."""

import random

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Value

from trainer.models import Attempt, Puzzle, PuzzleTheme

DIFFICULTIES = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300, "hardest": 600}
WINDOWS = (100, 200, 400, 800, 1600, 4000)
SAMPLE = 24


def next_puzzle(
    *,
    user: AbstractBaseUser | AnonymousUser,
    rating: float,
    difficulty: str = "normal",
    theme: str = "",
    seen: frozenset[int] = frozenset(),
    rng: random.Random | None = None,
) -> Puzzle | None:
    """`seen`: what this session has played (all that an anonymous visitor has played, and the last one)."""
    rng = rng or random.Random()
    target = rating + DIFFICULTIES.get(difficulty, 0)
    for step, window in enumerate(WINDOWS):
        # Wider windows look further along the index, so a player who has tried every puzzle near the
        # point still finds the untried ones beyond them.
        ids = _near(target, window, theme, rng, SAMPLE << step)
        fresh = [pk for pk in ids if pk not in seen]
        if fresh and user.is_authenticated:
            done = set(
                Attempt.objects.filter(user=user, puzzle_id__in=fresh).values_list("puzzle_id", flat=True)
            )
            fresh = [pk for pk in fresh if pk not in done]
        if fresh:
            return Puzzle.objects.get(pk=rng.choice(fresh))
    return _any_untried(user, theme, seen)


def _any_untried(user: AbstractBaseUser | AnonymousUser, theme: str, seen: frozenset[int]) -> Puzzle | None:
    """The last resort, for a player who has tried everything the samples met: any untried puzzle (the
    scan stops at the first one it finds)."""
    puzzles = Puzzle.objects.filter(active=Value(True)).exclude(pk__in=seen)
    if theme:
        puzzles = puzzles.filter(theme_rows__theme=theme)
    if user.is_authenticated:
        puzzles = puzzles.exclude(attempts__user=user)
    return puzzles.first()


def _near(target: float, window: int, theme: str, rng: random.Random, sample: int) -> list[int]:
    """Up to 2 x `sample` puzzle ids from a random point of the window, upwards and downwards."""
    low, high = target - window, target + window
    point = rng.uniform(low, high)
    # `active=Value(True)` is written `active = true`: a bare boolean column (Django's `active=True` on
    # SQLite) cannot be matched against the (active, rating) index, and the look would become a full scan.
    if theme:
        rows = PuzzleTheme.objects.filter(theme=theme, active=Value(True))
        key = "puzzle_id"
    else:
        rows = Puzzle.objects.filter(active=Value(True))
        key = "id"
    above = rows.filter(rating__gte=point, rating__lte=high).order_by("rating").values_list(key, flat=True)
    below = rows.filter(rating__lt=point, rating__gte=low).order_by("-rating").values_list(key, flat=True)
    return [*above[:sample], *below[:sample]]
